/*
 * Unit tests for the DTB header validator (lib/dtb/dtb_check.c) and the
 * address-range sets BL2 checks images against (lib/mem_ranges/mem_ranges.c).
 *
 * Blobs are built byte by byte here, independent of any DTB library, and
 * each is checked from a heap buffer of exactly its region size, so a read
 * past the region trips ASan. Every bad case asserts the exact error code,
 * and the messages of the cases the boot log shows are asserted verbatim.
 */
#include <stdlib.h>
#include <string.h>

#include <lib/mem_ranges.h>
#include <lib/dtb.h>

#include "test.h"

/* Header field offsets (Devicetree Specification v0.4, 5.2). */
enum {
	MAGIC = 0,
	TOTALSIZE = 4,
	OFF_STRUCT = 8,
	OFF_STRINGS = 12,
	OFF_RSVMAP = 16,
	VERSION = 20,
	LAST_COMP = 24,
	CPUID = 28,
	SIZE_STRINGS = 32,
	SIZE_STRUCT = 36
};

static void be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static void be64(uint8_t *p, uint64_t v)
{
	be32(p, (uint32_t)(v >> 32));
	be32(p + 4, (uint32_t)v);
}

/*
 * The reference blob (GOOD_SIZE bytes): header; reservation block at 40
 * with one entry (0x1000, 0x2000) and the terminator (32 bytes); structure
 * block at 72: root node "" with one property "a" = <1> (4+4 + 16 + 4 + 4
 * = 32 bytes); strings block at 104: "a\0" (2 bytes).
 */
#define GOOD_SIZE 106u

static uint8_t *good_blob(size_t region)
{
	uint8_t *b = calloc(1, region);

	be32(b + MAGIC, DTB_MAGIC);
	be32(b + TOTALSIZE, GOOD_SIZE);
	be32(b + OFF_RSVMAP, 40);
	be32(b + OFF_STRUCT, 72);
	be32(b + SIZE_STRUCT, 32);
	be32(b + OFF_STRINGS, 104);
	be32(b + SIZE_STRINGS, 2);
	be32(b + VERSION, 17);
	be32(b + LAST_COMP, 16);
	be64(b + 40, 0x1000);
	be64(b + 48, 0x2000);
	/* 56..71: terminator (zero) */
	be32(b + 72, 1); /* FDT_BEGIN_NODE "" */
	be32(b + 80, 3); /* FDT_PROP len 4 nameoff 0 */
	be32(b + 84, 4);
	be32(b + 88, 0);
	be32(b + 92, 1);
	be32(b + 96, 2);  /* FDT_END_NODE */
	be32(b + 100, 9); /* FDT_END */
	memcpy(b + 104, "a", 2);
	return b;
}

/* Check @b (region @region) and expect @err; returns the diagnosis. */
static struct dtb_diag expect(uint8_t *b, size_t region, int err)
{
	struct dtb_diag d = { 0 };
	int rc = dtb_check_header(b, region, &d);

	CHECK_EQ(rc, err);
	if (err != DTB_OK)
		CHECK_EQ(d.err, err);
	return d;
}

static void expect_msg(const struct dtb_diag *d, const char *msg)
{
	char buf[256];

	dtb_diag_format(d, buf, sizeof(buf));
	if (strcmp(buf, msg) != 0) {
		printf("    got:  %s\n    want: %s\n", buf, msg);
		CHECK(0);
	}
}

static void test_good(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);

	expect(b, GOOD_SIZE, DTB_OK);
	CHECK_EQ(dtb_totalsize(b), GOOD_SIZE);
	/* A newer version that stays compatible with 17 is readable (5.1). */
	be32(b + VERSION, 18);
	be32(b + LAST_COMP, 17);
	expect(b, GOOD_SIZE, DTB_OK);
	/* Blocks in another order are allowed: strings before structure. */
	free(b);
}

static void test_region_and_address(void)
{
	uint8_t *b = good_blob(GOOD_SIZE + 8);
	struct dtb_diag d;

	d = expect(b, 39, DTB_ERR_REGION);
	expect_msg(&d, "the region of 0x27 bytes cannot hold a 0x28-byte header");
	expect(b + 4, GOOD_SIZE, DTB_ERR_ADDRESS);
	CHECK_EQ(dtb_check_header(b, GOOD_SIZE, NULL), DTB_OK); /* diag optional */
	free(b);
}

static void test_magic(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be32(b + MAGIC, 0x2ff20112); /* libfdt's sequential-write magic */
	d = expect(b, GOOD_SIZE, DTB_ERR_MAGIC);
	expect_msg(&d, "magic 0x2ff20112 is not 0xd00dfeed");
	free(b);
}

static void test_versions(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be32(b + VERSION, 16);
	d = expect(b, GOOD_SIZE, DTB_ERR_VERSION);
	expect_msg(&d, "version 16 is below 17 (the first with size_dt_struct)");
	be32(b + VERSION, 0);
	expect(b, GOOD_SIZE, DTB_ERR_VERSION);
	be32(b + VERSION, 18);
	be32(b + LAST_COMP, 18);
	d = expect(b, GOOD_SIZE, DTB_ERR_LAST_COMP_VERSION);
	expect_msg(&d, "last_comp_version 18 is above 17 (the newest this firmware reads)");
	be32(b + VERSION, 0xffffffff);
	be32(b + LAST_COMP, 0xffffffff);
	expect(b, GOOD_SIZE, DTB_ERR_LAST_COMP_VERSION);
	free(b);
}

static void test_totalsize(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be32(b + TOTALSIZE, 39);
	d = expect(b, GOOD_SIZE, DTB_ERR_TOTALSIZE_SMALL);
	expect_msg(&d, "totalsize 0x27 is below the header size 0x28");
	be32(b + TOTALSIZE, GOOD_SIZE + 1);
	d = expect(b, GOOD_SIZE, DTB_ERR_TOTALSIZE_REGION);
	expect_msg(&d, "totalsize 0x6b exceeds the region size 0x6a");
	be32(b + TOTALSIZE, 0xffffffff);
	expect(b, GOOD_SIZE, DTB_ERR_TOTALSIZE_REGION);
	free(b);
}

/*
 * QEMU's -dtb FILE: totalsize twice the file's and more, the blocks first.
 * dtb_trim cuts free space past the region down to it, never a block, and
 * leaves every other blob as dtb_check_header judges it.
 */
static void test_trim(void)
{
	const size_t region = GOOD_SIZE + 6u; /* 8-aligned, past the blocks */
	uint8_t *b = good_blob(region), *copy = malloc(region);
	struct dtb_diag d;

	CHECK_EQ(dtb_trim(b, region, &d), DTB_OK); /* fits: untouched */
	CHECK_EQ(dtb_totalsize(b), GOOD_SIZE);
	be32(b + TOTALSIZE, 0x204e20);
	CHECK_EQ(dtb_trim(b, region, &d), DTB_OK);
	CHECK_EQ(dtb_totalsize(b), region);
	CHECK_EQ(dtb_check_header(b, region, &d), DTB_OK);
	/* A block past the region: refused, not one byte written. */
	be32(b + TOTALSIZE, 0x204e20);
	be32(b + SIZE_STRINGS, region - 104u + 1u);
	memcpy(copy, b, region);
	CHECK_EQ(dtb_trim(b, region, &d), DTB_ERR_TOTALSIZE_REGION);
	CHECK(memcmp(copy, b, region) == 0);
	expect_msg(
		&d,
		"totalsize 0x204e20 exceeds the region size 0x70, and its blocks end past the region too");
	/* Any other fault is dtb_check_header's. */
	be32(b + SIZE_STRINGS, 2);
	be32(b + MAGIC, 0);
	CHECK_EQ(dtb_trim(b, region, &d), DTB_ERR_MAGIC);
	CHECK_EQ(dtb_totalsize(b), 0x204e20);
	free(copy);
	free(b);
}

static void test_blocks_in_header(void)
{
	static const unsigned int fields[] = { OFF_RSVMAP, OFF_STRUCT, OFF_STRINGS };

	for (unsigned int i = 0; i < 3; i++) {
		uint8_t *b = good_blob(GOOD_SIZE);

		be32(b + fields[i], 32);
		expect(b, GOOD_SIZE, DTB_ERR_BLOCK_IN_HEADER);
		free(b);
	}
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be32(b + OFF_STRUCT, 0);
	d = expect(b, GOOD_SIZE, DTB_ERR_BLOCK_IN_HEADER);
	expect_msg(&d, "off_dt_struct 0x0 lies inside the 0x28-byte header");
	free(b);
}

static void test_blocks_past_end(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be32(b + SIZE_STRUCT, 36);
	d = expect(b, GOOD_SIZE, DTB_ERR_BLOCK_PAST_END);
	expect_msg(&d, "off_dt_struct + size_dt_struct = 0x6c exceeds totalsize 0x6a");
	be32(b + SIZE_STRUCT, 32);
	be32(b + SIZE_STRINGS, 3);
	expect(b, GOOD_SIZE, DTB_ERR_BLOCK_PAST_END);
	be32(b + SIZE_STRINGS, 2);
	be32(b + OFF_RSVMAP, 96); /* 96 + 16 > 106 */
	d = expect(b, GOOD_SIZE, DTB_ERR_BLOCK_PAST_END);
	expect_msg(&d, "off_mem_rsvmap + one 16-byte entry = 0x70 exceeds totalsize 0x6a");
	free(b);
}

/*
 * The blob that made libfdt 1.6.1's fdt_open_into move ~2^64 bytes:
 * totalsize 0x2200, size_dt_struct 0x1f30, size_dt_strings 0xFFFFF000.
 */
static void test_huge_strings_size(void)
{
	uint8_t *b = calloc(1, 0x2200), *ref = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	memcpy(b, ref, 40);
	free(ref);
	be32(b + TOTALSIZE, 0x2200);
	be32(b + OFF_RSVMAP, 0x28);
	be32(b + OFF_STRUCT, 0x38);
	be32(b + SIZE_STRUCT, 0x1f30);
	be32(b + OFF_STRINGS, 0x1f68);
	be32(b + SIZE_STRINGS, 0x1e1);
	expect(b, 0x2200, DTB_OK);
	be32(b + SIZE_STRINGS, 0xfffff000);
	/* A 1 MiB region (BL2's) over a 0x2200-byte buffer: nothing past totalsize is read. */
	d = expect(b, 0x100000, DTB_ERR_BLOCK_PAST_END);
	expect_msg(&d, "off_dt_strings + size_dt_strings = 0x100000f68 exceeds totalsize 0x2200");
	free(b);
}

/* An offset + size that wraps in 32 bits must not pass as small. */
static void test_offset_size_overflow(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be32(b + OFF_STRINGS, 0xffffff00);
	be32(b + SIZE_STRINGS, 0x140); /* 32-bit sum 0x40: inside the blob */
	d = expect(b, GOOD_SIZE, DTB_ERR_BLOCK_PAST_END);
	CHECK_EQ(d.value, 0x100000040ull);
	free(b);
	b = good_blob(GOOD_SIZE);
	be32(b + OFF_STRUCT, 0xfffffffc);
	be32(b + SIZE_STRUCT, 0x4c);
	expect(b, GOOD_SIZE, DTB_ERR_BLOCK_PAST_END);
	free(b);
}

static void test_alignment(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be32(b + OFF_RSVMAP, 44);
	d = expect(b, GOOD_SIZE, DTB_ERR_MISALIGNED);
	expect_msg(&d, "off_mem_rsvmap 0x2c is not a multiple of 8");
	free(b);
	b = good_blob(GOOD_SIZE);
	be32(b + OFF_STRUCT, 74);
	be32(b + SIZE_STRUCT, 28);
	d = expect(b, GOOD_SIZE, DTB_ERR_MISALIGNED);
	expect_msg(&d, "off_dt_struct 0x4a is not a multiple of 4");
	be32(b + OFF_STRUCT, 72);
	be32(b + SIZE_STRUCT, 30);
	d = expect(b, GOOD_SIZE, DTB_ERR_MISALIGNED);
	expect_msg(&d, "size_dt_struct 0x1e is not a multiple of 4");
	free(b);
}

static void test_overlap(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	/* The strings block starts inside the structure block. */
	be32(b + OFF_STRINGS, 100);
	be32(b + SIZE_STRINGS, 6);
	d = expect(b, GOOD_SIZE, DTB_ERR_OVERLAP);
	expect_msg(
		&d,
		"the strings block at 0x64 starts inside the structure block, which ends at 0x68");
	free(b);
	/* The reservation block starts inside the structure block. */
	b = good_blob(GOOD_SIZE);
	be32(b + OFF_STRUCT, 40);
	be32(b + SIZE_STRUCT, 32);
	be32(b + OFF_RSVMAP, 64);
	d = expect(b, GOOD_SIZE, DTB_ERR_OVERLAP);
	expect_msg(
		&d,
		"the memory reservation block at 0x40 starts inside the structure block, which ends at 0x48");
	free(b);
	/* Both at the same offset. */
	b = good_blob(GOOD_SIZE);
	be32(b + OFF_STRINGS, 72);
	expect(b, GOOD_SIZE, DTB_ERR_OVERLAP);
	/* An empty block overlaps nothing. */
	be32(b + SIZE_STRINGS, 0);
	expect(b, GOOD_SIZE, DTB_OK);
	free(b);
}

static void test_rsvmap_unterminated(void)
{
	uint8_t *b = good_blob(GOOD_SIZE);
	struct dtb_diag d;

	be64(b + 56, 0x5000); /* the terminator becomes an entry of size 0 at 0x5000 */
	d = expect(b, GOOD_SIZE, DTB_ERR_RSVMAP_UNTERMINATED);
	expect_msg(
		&d,
		"the memory reservation block at 0x28 has no all-zero entry before 0x48 (structure block)");
	free(b);
	/* Reservation block last: the limit is totalsize. */
	b = good_blob(128);
	be32(b + TOTALSIZE, 128);
	be32(b + OFF_RSVMAP, 112);
	be64(b + 112, 1);
	d = expect(b, 128, DTB_ERR_RSVMAP_UNTERMINATED);
	CHECK_EQ(d.limit, 128);
	be64(b + 112, 0);
	expect(b, 128, DTB_OK);
	free(b);
}

static void test_every_error_has_text(void)
{
	char buf[200];

	for (int e = 0; e >= DTB_ERR_LAST; e--) {
		struct dtb_diag d = { e, "f", 1, "o", 2, 3 };

		CHECK(strcmp(dtb_strerror(e), "unknown DTB error") != 0);
		CHECK(strlen(dtb_diag_format(&d, buf, sizeof(buf))) > 0);
	}
	CHECK(strcmp(dtb_strerror(-100), "unknown DTB error") == 0);
	/* Truncation keeps a NUL. */
	struct dtb_diag d = { DTB_ERR_MAGIC, "magic", 1, NULL, 2, 0 };

	dtb_diag_format(&d, buf, 5);
	CHECK_EQ(strlen(buf), 4);
}

static void test_ranges_merge(void)
{
	struct mem_ranges s;

	mem_ranges_init(&s);
	CHECK_EQ(mem_ranges_add(&s, 0x1000, 0x1000), MEM_RANGES_OK);
	CHECK_EQ(mem_ranges_add(&s, 0x4000, 0x1000), MEM_RANGES_OK);
	CHECK_EQ(s.count, 2);
	/* Touching on the left merges. */
	CHECK_EQ(mem_ranges_add(&s, 0x2000, 0x800), MEM_RANGES_OK);
	CHECK_EQ(s.count, 2);
	CHECK_EQ(s.range[0].size, 0x1800);
	/* Bridging two ranges merges all three. */
	CHECK_EQ(mem_ranges_add(&s, 0x2800, 0x1800), MEM_RANGES_OK);
	CHECK_EQ(s.count, 1);
	CHECK_EQ(s.range[0].base, 0x1000);
	CHECK_EQ(s.range[0].size, 0x4000);
	/* Below, apart: sorted first. */
	CHECK_EQ(mem_ranges_add(&s, 0x0, 0x800), MEM_RANGES_OK);
	CHECK_EQ(s.count, 2);
	CHECK_EQ(s.range[0].base, 0);
	CHECK(mem_ranges_contain(&s, 0x1000, 0x4000));
	CHECK(!mem_ranges_contain(&s, 0x800, 0x1000)); /* the gap 0x800-0xfff */
	CHECK(!mem_ranges_contain(&s, 0x4fff, 2));
	CHECK(!mem_ranges_contain(&s, 0x1000, 0));
	CHECK(!mem_ranges_contain(&s, UINT64_MAX, 2)); /* wraps */
}

static void test_ranges_limits(void)
{
	struct mem_ranges s;
	struct mem_range r;

	mem_ranges_init(&s);
	CHECK_EQ(mem_ranges_add(&s, 0x1000, 0), MEM_RANGES_ERR_EMPTY);
	CHECK_EQ(mem_ranges_add(&s, UINT64_MAX, 2), MEM_RANGES_ERR_WRAP);
	CHECK_EQ(mem_ranges_add(&s, UINT64_MAX, 1), MEM_RANGES_OK); /* the last byte */
	CHECK(mem_ranges_contain(&s, UINT64_MAX, 1));
	for (unsigned int i = 1; i < MEM_RANGES_MAX; i++)
		CHECK_EQ(mem_ranges_add(&s, (uint64_t)i << 20, 0x1000), MEM_RANGES_OK);
	CHECK_EQ(s.count, MEM_RANGES_MAX);
	CHECK_EQ(mem_ranges_add(&s, 0x10, 0x10), MEM_RANGES_ERR_FULL);
	CHECK_EQ(s.count, MEM_RANGES_MAX); /* unchanged */
	/* Merging needs no new slot even when full. */
	CHECK_EQ(mem_ranges_add(&s, 0x100800, 0x1000), MEM_RANGES_OK);
	/* The whole space: last byte dropped rather than size 0. */
	mem_ranges_init(&s);
	CHECK_EQ(mem_ranges_add(&s, 0, 1ull << 63), MEM_RANGES_OK);
	CHECK_EQ(mem_ranges_add(&s, 1ull << 63, 1ull << 63), MEM_RANGES_OK);
	CHECK_EQ(s.count, 1);
	CHECK_EQ(s.range[0].size, UINT64_MAX);
	/* Intersections with a window. */
	mem_ranges_init(&s);
	mem_ranges_add(&s, 0x40000000, 0x20000000);
	CHECK(mem_ranges_intersect(&s, 0, 0x40100000, 0x3ff00000, &r));
	CHECK_EQ(r.base, 0x40100000);
	CHECK_EQ(r.size, 0x1ff00000);
	CHECK(!mem_ranges_intersect(&s, 0, 0x60000000, 0x1000, &r));
	CHECK(!mem_ranges_intersect(&s, 1, 0x40000000, 0x1000, &r));
}

int main(void)
{
	RUN_TEST(test_good);
	RUN_TEST(test_region_and_address);
	RUN_TEST(test_magic);
	RUN_TEST(test_versions);
	RUN_TEST(test_totalsize);
	RUN_TEST(test_trim);
	RUN_TEST(test_blocks_in_header);
	RUN_TEST(test_blocks_past_end);
	RUN_TEST(test_huge_strings_size);
	RUN_TEST(test_offset_size_overflow);
	RUN_TEST(test_alignment);
	RUN_TEST(test_overlap);
	RUN_TEST(test_rsvmap_unterminated);
	RUN_TEST(test_every_error_has_text);
	RUN_TEST(test_ranges_merge);
	RUN_TEST(test_ranges_limits);
	return test_summary();
}
