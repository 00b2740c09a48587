/*
 * Host test of the firmware's memcpy, memset and memmove (lib/libc/string.c),
 * built under the names fw_* (tests/unit/string.mk) next to the host's own.
 * Every destination and source alignment modulo 16 against every length up
 * to 300 and a few long ones: the bytes come out right, and AddressSanitizer
 * (everything around the two ranges is poisoned during the call) proves
 * that nothing outside [dst, dst + n) is written and nothing outside
 * [src, src + n) is read.
 */
#include <sanitizer/asan_interface.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

void *fw_memcpy(void *dst, const void *src, size_t n);
void *fw_memmove(void *dst, const void *src, size_t n);
void *fw_memset(void *dst, int c, size_t n);

#define MAX_ALIGN 16U
#define ROOM      (4096U + 64U) /* the longest length, alignment and the byte after */

static unsigned char *src_buf, *dst_buf;

static const size_t long_lengths[] = { 511, 512, 513, 1000, 4093, 4096, 4099 };

/* @len bytes at @buf + @align, the rest of @buf poisoned; returns the start. */
static unsigned char *expose(unsigned char *buf, size_t align, size_t len)
{
	ASAN_POISON_MEMORY_REGION(buf, ROOM);
	ASAN_UNPOISON_MEMORY_REGION(buf + align, len);
	return buf + align;
}

static void fill(unsigned char *p, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 131U + seed);
}

static int copy_ok(size_t da, size_t sa, size_t n)
{
	unsigned char *s, *d;
	int ok = 1;

	ASAN_UNPOISON_MEMORY_REGION(src_buf, ROOM);
	ASAN_UNPOISON_MEMORY_REGION(dst_buf, ROOM);
	fill(src_buf, sa + n, (unsigned int)(da + n));
	memset(dst_buf, 0xa5, da + n + MAX_ALIGN);
	s = expose(src_buf, sa, n);
	d = expose(dst_buf, da, n);
	if (fw_memcpy(d, s, n) != d)
		ok = 0;
	ASAN_UNPOISON_MEMORY_REGION(src_buf, ROOM);
	ASAN_UNPOISON_MEMORY_REGION(dst_buf, ROOM);
	/* Writes outside [d, d + n) are ASan reports; this checks the bytes. */
	if (memcmp(d, s, n) != 0 || (da > 0U && d[-1] != 0xa5) || d[n] != 0xa5)
		ok = 0;
	return ok;
}

static int set_ok(size_t da, size_t n, int c)
{
	unsigned char *d;
	int ok = 1;

	ASAN_UNPOISON_MEMORY_REGION(dst_buf, ROOM);
	memset(dst_buf, 0xa5, da + n + MAX_ALIGN);
	d = expose(dst_buf, da, n);
	if (fw_memset(d, c, n) != d)
		ok = 0;
	ASAN_UNPOISON_MEMORY_REGION(dst_buf, ROOM);
	for (size_t i = 0; i < n; i++) {
		if (d[i] != (unsigned char)c)
			ok = 0;
	}
	if ((da > 0U && d[-1] != 0xa5) || d[n] != 0xa5)
		ok = 0;
	return ok;
}

static void test_memcpy_alignments(void)
{
	unsigned int bad = 0;

	for (size_t da = 0; da < MAX_ALIGN; da++) {
		for (size_t sa = 0; sa < MAX_ALIGN; sa++) {
			for (size_t n = 0; n <= 300; n++)
				bad += !copy_ok(da, sa, n);
			for (size_t i = 0; i < sizeof(long_lengths) / sizeof(long_lengths[0]); i++)
				bad += !copy_ok(da, sa, long_lengths[i]);
		}
	}
	CHECK_EQ(bad, 0);
}

static void test_memset_alignments(void)
{
	unsigned int bad = 0;

	for (size_t da = 0; da < MAX_ALIGN; da++) {
		for (size_t n = 0; n <= 300; n++)
			bad += !set_ok(da, n, (int)(n & 0xff)) + !set_ok(da, n, 0);
		for (size_t i = 0; i < sizeof(long_lengths) / sizeof(long_lengths[0]); i++)
			bad += !set_ok(da, long_lengths[i], 0x1ff); /* only the low byte counts */
	}
	CHECK_EQ(bad, 0);
}

/* Both directions of overlap, every shift up to 24, against the host's memmove. */
static void test_memmove_overlap(void)
{
	unsigned char expect[512];
	unsigned int bad = 0;

	ASAN_UNPOISON_MEMORY_REGION(dst_buf, ROOM);
	for (size_t shift = 0; shift <= 24; shift++) {
		for (size_t n = 0; n <= 200; n++) {
			for (int up = 0; up <= 1; up++) {
				unsigned char *from = dst_buf + 64 + (up ? 0 : shift);
				unsigned char *to = dst_buf + 64 + (up ? shift : 0);

				fill(dst_buf, 512, (unsigned int)n);
				memcpy(expect, dst_buf, sizeof(expect));
				memmove(expect + (to - dst_buf), expect + (from - dst_buf), n);
				fw_memmove(to, from, n);
				bad += memcmp(expect, dst_buf, sizeof(expect)) != 0;
			}
		}
	}
	CHECK_EQ(bad, 0);
}

int main(void)
{
	src_buf = aligned_alloc(64, ROOM);
	dst_buf = aligned_alloc(64, ROOM);
	if (src_buf == NULL || dst_buf == NULL)
		return 1;
	RUN_TEST(test_memcpy_alignments);
	RUN_TEST(test_memset_alignments);
	RUN_TEST(test_memmove_overlap);
	ASAN_UNPOISON_MEMORY_REGION(src_buf, ROOM);
	ASAN_UNPOISON_MEMORY_REGION(dst_buf, ROOM);
	free(src_buf);
	free(dst_buf);
	return test_summary();
}
