/*
 * String routines (ISO C11 7.24 semantics, include/lib/libc/string.h).
 *
 * memcpy and memset are what the boot stages spend their time in (images
 * copied out of the FIP, the DTB rewrite, .bss-like buffers), so they move
 * 64 bytes per loop iteration: four 16-byte LDP/STP pairs of X registers.
 * Every access stays naturally aligned, because code that runs with the
 * MMU off sees all memory as Device memory, where an unaligned access takes
 * an alignment fault (ARM DDI 0487 B2.5.2; the images build with
 * -mstrict-align). Hence the alignment classes of memcpy:
 *  - dst and src equal modulo 8: bytes up to an 8-byte boundary, then
 *    LDP/STP pairs (an X-register pair needs 8-byte alignment only), then
 *    one 8-byte word, then bytes;
 *  - equal modulo 4 (DTB tokens are 4-byte aligned): 4-byte words;
 *  - otherwise bytes.
 * No access touches a byte outside [src, src + n) or [dst, dst + n).
 */
#include <stdint.h>
#include <string.h>

/* may_alias: these views of caller buffers must not be reordered by type-based aliasing. */
typedef uint64_t __attribute__((may_alias)) u64_alias;
typedef uint32_t __attribute__((may_alias)) u32_alias;
/* Sixteen bytes: GCC and clang move one with an LDP and an STP. */
struct __attribute__((may_alias)) pair {
	uint64_t lo, hi;
};

void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uintptr_t diff = (uintptr_t)d ^ (uintptr_t)s;

	if (n >= 16U && (diff & 7U) == 0U) {
		for (; ((uintptr_t)d & 7U) != 0U; n--)
			*d++ = *s++;
		for (; n >= 64U; n -= 64U, d += 64, s += 64) {
			const struct pair *sp = (const struct pair *)(const void *)s;
			struct pair *dp = (struct pair *)(void *)d;
			struct pair a = sp[0], b = sp[1], c = sp[2], e = sp[3];

			dp[0] = a;
			dp[1] = b;
			dp[2] = c;
			dp[3] = e;
		}
		for (; n >= 16U; n -= 16U, d += 16, s += 16)
			*(struct pair *)(void *)d = *(const struct pair *)(const void *)s;
		if (n >= 8U) {
			*(u64_alias *)(void *)d = *(const u64_alias *)(const void *)s;
			d += 8;
			s += 8;
			n -= 8U;
		}
	} else if (n >= 8U && (diff & 3U) == 0U) {
		for (; ((uintptr_t)d & 3U) != 0U; n--)
			*d++ = *s++;
		for (; n >= 4U; n -= 4U, d += 4, s += 4)
			*(u32_alias *)(void *)d = *(const u32_alias *)(const void *)s;
	}
	while (n-- != 0U)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d == s || n == 0U)
		return dst;
	if (d < s || d >= s + n)
		return memcpy(dst, src, n);
	while (n-- != 0U)
		d[n] = s[n];
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint64_t v = (unsigned char)c * 0x0101010101010101ULL;

	if (n >= 16U) {
		for (; ((uintptr_t)d & 7U) != 0U; n--)
			*d++ = (unsigned char)c;
		for (; n >= 64U; n -= 64U, d += 64) {
			struct pair *dp = (struct pair *)(void *)d;

			dp[0] = (struct pair){ v, v };
			dp[1] = (struct pair){ v, v };
			dp[2] = (struct pair){ v, v };
			dp[3] = (struct pair){ v, v };
		}
		for (; n >= 8U; n -= 8U, d += 8)
			*(u64_alias *)(void *)d = v;
	}
	while (n-- != 0U)
		*d++ = (unsigned char)c;
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (size_t i = 0; i < n; i++) {
		if (x[i] != y[i])
			return x[i] - y[i];
	}
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (size_t i = 0; i < n; i++) {
		if (p[i] == (unsigned char)c)
			return (void *)(p + i);
	}
	return NULL;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0')
		n++;
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n] != '\0')
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a != '\0' && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n != 0U; n--, a++, b++) {
		if (*a != *b || *a == '\0')
			return (unsigned char)*a - (unsigned char)*b;
	}
	return 0;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (*s == '\0')
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (*s == '\0')
			return (char *)last;
	}
}
