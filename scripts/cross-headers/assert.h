/* Compile checks only (see README.md): assert as a release build of a C library has it. */
#ifndef YUNNORI_CHECK_ASSERT_H
#define YUNNORI_CHECK_ASSERT_H
#define assert(e) ((void)0)
#ifndef __cplusplus
#define static_assert _Static_assert
#endif
#endif
