/*
 * assert(): a programming error, checked only with ENABLE_ASSERTIONS=1.
 * Untrusted input (SMC arguments, images) is never checked with assert; it
 * is validated and answered with the specification's error code.
 */
#ifndef ASSERT_H
#define ASSERT_H

void __assert_fail(const char *expr, const char *file, int line) __attribute__((noreturn));

#if ENABLE_ASSERTIONS
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__))
#else
#define assert(e) ((void)0)
#endif

#endif
