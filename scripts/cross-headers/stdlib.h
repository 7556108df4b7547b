/* Compile checks only (see README.md). */
#ifndef YUNNORI_CHECK_STDLIB_H
#define YUNNORI_CHECK_STDLIB_H
#include <stddef.h>
void abort(void) __attribute__((noreturn));
void *malloc(size_t n);
void free(void *p);
#endif
