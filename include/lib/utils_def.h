/*
 * Small helpers every layer may use.
 */
#ifndef LIB_UTILS_DEF_H
#define LIB_UTILS_DEF_H

/* The number of elements of array @a (not of a pointer: compile-time sizes only). */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Branch hints for the SMC path: the common case falls through. */
#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#endif
