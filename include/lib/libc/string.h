/*
 * The freestanding subset of <string.h> the firmware uses (lib/libc/string.c).
 * Each function has ISO C11 7.24 semantics; none allocates or can fail.
 *
 * memcpy, memset: safe with the MMU off (all memory Device, no unaligned
 * access allowed): every access is naturally aligned, and none touches a
 * byte outside the buffers. Speed: 64 bytes per loop iteration (16-byte
 * LDP/STP pairs) when dst and src are equal modulo 8 (memset: always),
 * 4-byte words when equal modulo 4, bytes otherwise. memcpy's buffers must
 * not overlap (memmove's may). Host-tested for every alignment modulo 16
 * and length up to 300 (tests/unit/test_string.c).
 */
#ifndef STRING_H
#define STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
void *memchr(const void *s, int c, size_t n);

#endif
