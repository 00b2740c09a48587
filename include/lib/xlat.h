/*
 * Identity-mapped translation tables for one stage-1 regime (the
 * firmware's EL3; the test payload builds its EL2 tables with it too), 4 KiB
 * granule. The virtual (and physical) address space is 32 bits (4 GiB,
 * TCR.T0SZ = 32, walks starting at level 1) unless the platform needs
 * more (PLAT_XLAT_VA_BITS in platform_def.h: N1SDP's DRAM2 lies above
 * 512 GiB): up to 39 bits the walk still starts at level 1, from 40 bits
 * at level 0, whose entries are tables only (4 KiB granule).
 * Source: ARM DDI 0487 D8 "The AArch64 Virtual Memory System Architecture".
 *
 * The mapping logic (xlat.c) is pure and unit-tested on the host; turning
 * the MMU on is xlat_enable.c. Usable from assembly (the TCR fields).
 */
#ifndef LIB_XLAT_H
#define LIB_XLAT_H

#include <arch/aarch64/arch.h>
#include <platform_def.h>

#ifdef PLAT_XLAT_VA_BITS
#define XLAT_VA_BITS PLAT_XLAT_VA_BITS
#else
#define XLAT_VA_BITS 32
#endif
#if XLAT_VA_BITS < 32 || XLAT_VA_BITS > 48
#error "PLAT_XLAT_VA_BITS: 32 to 48"
#endif
#define XLAT_VA_SIZE       (1ULL << XLAT_VA_BITS)
#define XLAT_PAGE_SIZE     4096U
#define XLAT_TABLE_ENTRIES 512U
/* Where walks start, and the base table's entries (4 with 32 bits). */
#if XLAT_VA_BITS > 39
#define XLAT_BASE_LEVEL   0U
#define XLAT_BASE_ENTRIES (XLAT_VA_SIZE >> 39)
#else
#define XLAT_BASE_LEVEL   1U
#define XLAT_BASE_ENTRIES (XLAT_VA_SIZE >> 30)
#endif
/*
 * TCR_ELx: T0SZ, and PS (the physical address size, bits 18:16), for
 * an identity map: as many bits of PA as of VA (D19.2 TCR_EL3.PS: 0b000
 * 32 bits, 0b001 36, 0b010 40, 0b011 42, 0b100 44, 0b101 48).
 */
#define XLAT_TCR_T0SZ (64 - XLAT_VA_BITS)
#if XLAT_VA_BITS <= 32
#define XLAT_TCR_PS 0
#elif XLAT_VA_BITS <= 36
#define XLAT_TCR_PS 1
#elif XLAT_VA_BITS <= 40
#define XLAT_TCR_PS 2
#elif XLAT_VA_BITS <= 42
#define XLAT_TCR_PS 3
#elif XLAT_VA_BITS <= 44
#define XLAT_TCR_PS 4
#else
#define XLAT_TCR_PS 5
#endif
#define XLAT_TCR_FIELDS (XLAT_TCR_T0SZ | XLAT_TCR_PS << TCR_PS_SHIFT)

#ifndef __ASSEMBLY__
#include <stddef.h>
#include <stdint.h>

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
	uint64_t *base_table;                   /* XLAT_BASE_ENTRIES entries */
	uint64_t (*tables)[XLAT_TABLE_ENTRIES]; /* level 2/3 tables */
	unsigned int table_count;
	unsigned int tables_used;
};

#define XLAT_OK          0
#define XLAT_E_ALIGN     -1 /* base or size not 4 KiB aligned */
#define XLAT_E_RANGE     -2 /* region beyond the VA space or wraps */
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

/*
 * Turn the EL3 MMU and data cache off, cleaning nothing (misc_helpers.S),
 * to jump into the next boot image: the caller has cleaned to the PoC by
 * address what that image reads, and the image invalidates its own
 * read-write memory on entry.
 */
void disable_mmu_el3(void);

#endif /* __ASSEMBLY__ */
#endif
