/*
 * Identity-mapped translation tables for one stage-1 regime (the
 * firmware's EL3; the test payload builds its EL2 tables with it too), 4 KiB
 * granule, 32-bit (4 GiB) virtual address space starting at level 1
 * (TCR.T0SZ = 32).
 * Source: ARM DDI 0487 D8 "The AArch64 Virtual Memory System Architecture".
 *
 * The mapping logic (xlat.c) is pure and unit-tested on the host; turning
 * the MMU on is xlat_enable.c.
 */
#ifndef LIB_XLAT_H
#define LIB_XLAT_H

#include <stddef.h>
#include <stdint.h>

#define XLAT_VA_BITS       32
#define XLAT_VA_SIZE       (1ULL << XLAT_VA_BITS)
#define XLAT_PAGE_SIZE     4096U
#define XLAT_TABLE_ENTRIES 512U
#define XLAT_L1_ENTRIES    (XLAT_VA_SIZE >> 30) /* 4 */

/* Region attributes: memory type, access, execute permission, security. */
#define MT_DEVICE        0x0U /* Device-nGnRE, always execute-never */
#define MT_MEMORY        0x1U /* Normal, write-back cacheable, inner shareable */
#define MT_NON_CACHEABLE 0x2U /* Normal non-cacheable */
#define MT_TYPE_MASK     0x3U
#define MT_RW            0x4U  /* else read-only */
#define MT_EXECUTE       0x8U  /* else execute-never; never with MT_RW */
#define MT_NS            0x10U /* non-secure physical address space */

#define MT_CODE      (MT_MEMORY | MT_EXECUTE)
#define MT_RO_DATA   (MT_MEMORY)
#define MT_RW_DATA   (MT_MEMORY | MT_RW)
#define MT_DEVICE_RW (MT_DEVICE | MT_RW)

struct mmap_region {
	uintptr_t base;    /* physical = virtual; 4 KiB aligned */
	size_t size;       /* bytes, multiple of 4 KiB, may be 0 */
	unsigned int attr; /* MT_* */
};

/* Table storage is the caller's: a static array in the image's .bss. */
struct xlat_ctx {
	uint64_t *base_table;                   /* XLAT_L1_ENTRIES entries */
	uint64_t (*tables)[XLAT_TABLE_ENTRIES]; /* level 2/3 tables */
	unsigned int table_count;
	unsigned int tables_used;
};

#define XLAT_OK          0
#define XLAT_E_ALIGN     -1 /* base or size not 4 KiB aligned */
#define XLAT_E_RANGE     -2 /* region beyond the 4 GiB VA space or wraps */
#define XLAT_E_OVERLAP   -3 /* overlaps an earlier region */
#define XLAT_E_NO_TABLES -4 /* table pool exhausted */
#define XLAT_E_ATTR      -5 /* writable and executable, or executable device */

/*
 * Add @count regions to @ctx, using the largest blocks the alignment allows
 * (1 GiB, 2 MiB, 4 KiB). Returns XLAT_OK or the first error above; on error
 * the tables may hold the regions before the failing one.
 */
int xlat_map_regions(struct xlat_ctx *ctx, const struct mmap_region *regions, unsigned int count);

/* The descriptor @ctx gives for @va at the last level, or 0 if unmapped. */
uint64_t xlat_lookup(const struct xlat_ctx *ctx, uintptr_t va);

/* Descriptor fields, for tests and callers that inspect a lookup. */
#define XLAT_DESC_VALID       0x1ULL
#define XLAT_DESC_TABLE       0x3ULL /* level 1/2 table, level 3 page */
#define XLAT_DESC_ATTRINDX(d) (((d) >> 2) & 0x7U)
#define XLAT_DESC_NS          (1ULL << 5)
#define XLAT_DESC_AP_RO       (1ULL << 7)
#define XLAT_DESC_SH_INNER    (3ULL << 8)
#define XLAT_DESC_AF          (1ULL << 10)
#define XLAT_DESC_XN          (1ULL << 54)
#define XLAT_DESC_ADDR_MASK   0x0000fffffffff000ULL

/*
 * Program MAIR/TCR/TTBR0 of EL3 from @ctx and turn on the MMU, the data and
 * instruction caches and WXN. Call with the MMU off; the caller's stack and
 * code must be mapped by @ctx. Other CPUs may share @ctx: tables are never
 * written after the first CPU enables them.
 */
void xlat_enable_mmu_el3(const struct xlat_ctx *ctx);

/*
 * Assembly form of xlat_enable_mmu_el3() for paths with no usable stack
 * (misc_helpers.S): @ttbr0 is the base table's physical address.
 */
void enable_mmu_direct_el3(uintptr_t ttbr0);

/* Clean+invalidate all data caches and turn the EL3 MMU off (misc_helpers.S). */
void disable_mmu_el3_flush(void);

/*
 * Turn the EL3 MMU and data cache off, cleaning nothing (misc_helpers.S),
 * to jump into the next boot image: the caller has cleaned to the PoC by
 * address what that image reads, and the image invalidates its own
 * read-write memory on entry.
 */
void disable_mmu_el3(void);

#endif
