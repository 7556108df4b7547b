/* Compile checks only (see README.md): the C library's string functions ring calls. */
#ifndef YUNNORI_CHECK_STRING_H
#define YUNNORI_CHECK_STRING_H
#include <stddef.h>
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
#endif
