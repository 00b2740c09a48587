/*
 * Byte-wise string routines. Deliberately simple: the firmware copies images
 * of a few hundred KiB at most, and word-sized tricks would need alignment
 * care for code that runs with the MMU off (-mstrict-align).
 */
#include <stdint.h>
#include <string.h>

void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((((uintptr_t)d | (uintptr_t)s | n) & 7U) == 0U) {
		uint64_t *d64 = dst;
		const uint64_t *s64 = src;

		for (size_t i = 0; i < n / 8U; i++)
			d64[i] = s64[i];
		return dst;
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

	if ((((uintptr_t)d | n) & 7U) == 0U) {
		uint64_t v = (unsigned char)c * 0x0101010101010101ULL;
		uint64_t *d64 = dst;

		for (size_t i = 0; i < n / 8U; i++)
			d64[i] = v;
		return dst;
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
