/*
 * String routines. memcpy/memset move aligned 64-bit words between a
 * byte-wise head and tail: every access is naturally aligned, as code that
 * runs with the MMU off needs (-mstrict-align).
 */
#include <stdint.h>
#include <string.h>

void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	/* Word copies only when both sides can be aligned together. */
	if ((((uintptr_t)d ^ (uintptr_t)s) & 7U) == 0U) {
		for (; n != 0U && ((uintptr_t)d & 7U) != 0U; n--)
			*d++ = *s++;
		for (; n >= 8U; n -= 8U, d += 8, s += 8)
			*(uint64_t *)(void *)d = *(const uint64_t *)(const void *)s;
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

	for (; n != 0U && ((uintptr_t)d & 7U) != 0U; n--)
		*d++ = (unsigned char)c;
	for (; n >= 8U; n -= 8U, d += 8)
		*(uint64_t *)(void *)d = v;
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
