/*
 * Translation-table construction (lib/xlat/xlat.c) on the host: block
 * sizes, attributes, and every rejected map; built with the 32-bit VA
 * space of QEMU and FVP and with N1SDP's 40 bits (PLAT_XLAT_VA_BITS),
 * whose walks start at level 0.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include <arch/aarch64/arch.h>
#include <lib/xlat.h>

/*
 * The tables hold physical addresses of their sub-tables, so on the host
 * they must sit below 4 GiB... they do not: xlat_lookup follows raw
 * pointers, which works for any host address that fits the descriptor's
 * address field (bits 47:12), as 64-bit Linux user addresses do.
 */
#define POOL 8
static uint64_t base[XLAT_BASE_ENTRIES] __attribute__((aligned(4096)));
static uint64_t pool[POOL][XLAT_TABLE_ENTRIES] __attribute__((aligned(4096)));
static struct xlat_ctx ctx;
/* The level-1 table a level-0 walk needs below the first 512 GiB. */
#define L0_TABLES (XLAT_BASE_LEVEL == 0U ? 1U : 0U)

static void reset(void)
{
	memset(base, 0, sizeof(base));
	ctx = (struct xlat_ctx){ base, pool, POOL, 0 };
}

static void test_blocks_and_pages(void)
{
	const struct mmap_region map[] = {
		{ 0x40000000, 0x40000000, MT_RW_DATA | MT_NS }, /* 1 GiB block */
		{ 0x08000000, 0x00400000, MT_DEVICE_RW },       /* two 2 MiB blocks */
		{ 0x0e060000, 0x00002000, MT_CODE },            /* two pages */
		{ 0x0e062000, 0x00001000, MT_RO_DATA },
		{ 0x0e063000, 0x00001000, MT_RW_DATA },
	};

	reset();
	CHECK_EQ(xlat_map_regions(&ctx, map, 5), XLAT_OK);
	/* One level-2 table for the first GiB, one level-3 table for 0x0e0xxxxx. */
	CHECK_EQ(ctx.tables_used, 2 + L0_TABLES);

	uint64_t d = xlat_lookup(&ctx, 0x7fffffff);

	CHECK_EQ(d & 3, 1); /* block */
	CHECK_EQ(d & XLAT_DESC_ADDR_MASK, 0x40000000);
	CHECK((d & XLAT_DESC_NS) != 0);
	CHECK((d & XLAT_DESC_XN) != 0);
	CHECK((d & XLAT_DESC_AP_RO) == 0);
	CHECK_EQ(XLAT_DESC_ATTRINDX(d), ATTR_NORMAL_INDEX);

	d = xlat_lookup(&ctx, 0x08200010);
	CHECK_EQ(d & 3, 1);
	CHECK_EQ(d & XLAT_DESC_ADDR_MASK, 0x08200000);
	CHECK_EQ(XLAT_DESC_ATTRINDX(d), ATTR_DEVICE_INDEX);
	CHECK((d & XLAT_DESC_XN) != 0);

	d = xlat_lookup(&ctx, 0x0e061ff8);
	CHECK_EQ(d & 3, 3); /* page */
	CHECK_EQ(d & XLAT_DESC_ADDR_MASK, 0x0e061000);
	CHECK((d & XLAT_DESC_XN) == 0);
	CHECK((d & XLAT_DESC_AP_RO) != 0);

	d = xlat_lookup(&ctx, 0x0e062000);
	CHECK((d & XLAT_DESC_XN) != 0);
	CHECK((d & XLAT_DESC_AP_RO) != 0);
	d = xlat_lookup(&ctx, 0x0e063000);
	CHECK((d & XLAT_DESC_XN) != 0);
	CHECK((d & XLAT_DESC_AP_RO) == 0);
	CHECK((d & XLAT_DESC_AF) != 0);

	/* Unmapped neighbours stay invalid. */
	CHECK_EQ(xlat_lookup(&ctx, 0x0e064000), 0);
	CHECK_EQ(xlat_lookup(&ctx, 0x0e05f000), 0);
	CHECK_EQ(xlat_lookup(&ctx, 0x80000000), 0);
	CHECK_EQ(xlat_lookup(&ctx, 0x100000000ULL), 0);
}

static void test_rejects(void)
{
	const struct mmap_region unaligned = { 0x1000800, 0x1000, MT_RW_DATA };
	const struct mmap_region odd_size = { 0x1000000, 0x800, MT_RW_DATA };
	const struct mmap_region beyond = { XLAT_VA_SIZE - 0x1000, 0x2000, MT_RW_DATA };
	const struct mmap_region wx = { 0x1000000, 0x1000, MT_RW_DATA | MT_EXECUTE };
	const struct mmap_region xdev = { 0x1000000, 0x1000, MT_DEVICE | MT_EXECUTE };
	const struct mmap_region overlap[] = {
		{ 0x1000000, 0x3000, MT_RW_DATA },
		{ 0x1002000, 0x1000, MT_RO_DATA },
	};
	const struct mmap_region block_overlap[] = {
		{ 0x00000000, 0x40000000, MT_RW_DATA },
		{ 0x00200000, 0x1000, MT_RO_DATA },
	};

	reset();
	CHECK_EQ(xlat_map_regions(&ctx, &unaligned, 1), XLAT_E_ALIGN);
	CHECK_EQ(xlat_map_regions(&ctx, &odd_size, 1), XLAT_E_ALIGN);
	CHECK_EQ(xlat_map_regions(&ctx, &beyond, 1), XLAT_E_RANGE);
	CHECK_EQ(xlat_map_regions(&ctx, &wx, 1), XLAT_E_ATTR);
	CHECK_EQ(xlat_map_regions(&ctx, &xdev, 1), XLAT_E_ATTR);
	reset();
	CHECK_EQ(xlat_map_regions(&ctx, overlap, 2), XLAT_E_OVERLAP);
	reset();
	CHECK_EQ(xlat_map_regions(&ctx, block_overlap, 2), XLAT_E_OVERLAP);
}

static void test_pool_exhaustion(void)
{
	struct mmap_region pages[POOL + 2];

	/* Each page in its own 2 MiB block of its own GiB needs 2 tables. */
	for (unsigned int i = 0; i < POOL + 2; i++)
		pages[i] = (struct mmap_region){ (uintptr_t)(i % 4) * 0x40000000 +
			                                 (uintptr_t)(i / 4) * 0x200000,
			                         0x1000, MT_RW_DATA };
	reset();
	CHECK_EQ(xlat_map_regions(&ctx, pages, POOL + 2), XLAT_E_NO_TABLES);
	CHECK_EQ(ctx.tables_used, POOL);
}

static void test_zero_size(void)
{
	const struct mmap_region empty = { 0x1000000, 0, MT_RW_DATA };

	reset();
	CHECK_EQ(xlat_map_regions(&ctx, &empty, 1), XLAT_OK);
	CHECK_EQ(ctx.tables_used, 0);
	CHECK_EQ(xlat_lookup(&ctx, 0x1000000), 0);
}

/*
 * 40 bits: N1SDP's DRAM2 (62 GiB at 514 GiB) in 1 GiB blocks under a
 * level-0 table entry; level 0 itself never holds a block.
 */
static void test_level0(void)
{
	const struct mmap_region dram2 = { 0x8080000000ULL, 0xF80000000ULL,
		                           MT_NON_CACHEABLE | MT_RW | MT_NS };
	const struct mmap_region half = { 0x8000000000ULL, 0x8000000000ULL, MT_RW_DATA };

	if (XLAT_VA_BITS < 40)
		return;
	reset();
	CHECK_EQ(xlat_map_regions(&ctx, &dram2, 1), XLAT_OK);
	CHECK_EQ(ctx.tables_used, 1);
	CHECK_EQ(base[1] & 3, 3); /* a table */

	uint64_t d = xlat_lookup(&ctx, 0x8fffffff00ULL);

	CHECK_EQ(d & 3, 1); /* a 1 GiB block */
	CHECK_EQ(d & XLAT_DESC_ADDR_MASK, 0x8fc0000000ULL);
	CHECK_EQ(XLAT_DESC_ATTRINDX(d), ATTR_NORMAL_NC_INDEX);
	CHECK((d & XLAT_DESC_NS) != 0);
	CHECK_EQ(xlat_lookup(&ctx, 0x8040000000ULL), 0);
	CHECK_EQ(xlat_lookup(&ctx, 0x9000000000ULL), 0);
	/* A whole level-0 entry's span: still a table of 512 blocks. */
	reset();
	CHECK_EQ(xlat_map_regions(&ctx, &half, 1), XLAT_OK);
	CHECK_EQ(base[1] & 3, 3);
	CHECK_EQ(ctx.tables_used, 1);
	CHECK_EQ(xlat_lookup(&ctx, 0x8000000000ULL) & 3, 1);
}

int main(void)
{
	RUN_TEST(test_blocks_and_pages);
	RUN_TEST(test_level0);
	RUN_TEST(test_rejects);
	RUN_TEST(test_pool_exhaustion);
	RUN_TEST(test_zero_size);
	return test_summary();
}
