/*
 * Translation-table construction (see include/lib/xlat.h). Pure: no system
 * registers, so that it runs in the host unit tests unchanged.
 */
#include <stdbool.h>
#include <string.h>

#include <arch/aarch64/arch.h>
#include <lib/xlat.h>

#define LEVEL_SHIFT(l) (39U - 9U * (unsigned int)(l)) /* l0: 39, l1: 30, l2: 21, l3: 12 */
#define LEVEL_SIZE(l)  (1ULL << LEVEL_SHIFT(l))
#define DESC_TYPE_MASK 0x3ULL
#define DESC_BLOCK     0x1ULL

static uint64_t leaf_desc(uint64_t pa, unsigned int attr, unsigned int level)
{
	uint64_t d = pa | XLAT_DESC_AF | (level == 3U ? XLAT_DESC_TABLE : DESC_BLOCK);

	switch (attr & MT_TYPE_MASK) {
	case MT_DEVICE:
		d |= (uint64_t)ATTR_DEVICE_INDEX << 2;
		break;
	case MT_NON_CACHEABLE:
		d |= ((uint64_t)ATTR_NORMAL_NC_INDEX << 2) | XLAT_DESC_SH_INNER;
		break;
	default:
		d |= ((uint64_t)ATTR_NORMAL_INDEX << 2) | XLAT_DESC_SH_INNER;
		break;
	}
	if ((attr & MT_RW) == 0U)
		d |= XLAT_DESC_AP_RO;
	if ((attr & MT_EXECUTE) == 0U)
		d |= XLAT_DESC_XN;
	if ((attr & MT_NS) != 0U)
		d |= XLAT_DESC_NS;
	return d;
}

static uint64_t *next_table(struct xlat_ctx *ctx, uint64_t *entry)
{
	if ((*entry & DESC_TYPE_MASK) == XLAT_DESC_TABLE)
		return (uint64_t *)(uintptr_t)(*entry & XLAT_DESC_ADDR_MASK);
	if (ctx->tables_used == ctx->table_count)
		return NULL;

	uint64_t *t = ctx->tables[ctx->tables_used++];

	memset(t, 0, XLAT_TABLE_ENTRIES * sizeof(uint64_t));
	*entry = (uint64_t)(uintptr_t)t | XLAT_DESC_TABLE;
	return t;
}

static int map_range(struct xlat_ctx *ctx, uint64_t *table, unsigned int level, uint64_t va,
                     uint64_t end, unsigned int attr)
{
	/*
	 * Pages: [va, end) is page aligned and inside this table, so each
	 * entry is the attributes, worked out once, and its address.
	 */
	if (level == 3U) {
		uint64_t desc = leaf_desc(0, attr, 3U);

		for (; va < end; va += XLAT_PAGE_SIZE) {
			uint64_t *entry = &table[(va >> LEVEL_SHIFT(3U)) % XLAT_TABLE_ENTRIES];

			if (*entry != 0U)
				return XLAT_E_OVERLAP;
			*entry = desc | va;
		}
		return XLAT_OK;
	}
	while (va < end) {
		uint64_t block = LEVEL_SIZE(level);
		uint64_t block_end = (va & ~(block - 1U)) + block;
		uint64_t *entry = &table[(va >> LEVEL_SHIFT(level)) % XLAT_TABLE_ENTRIES];
		/* No blocks at level 0 with a 4 KiB granule: tables only. */
		bool whole = level != 0U && (va % block) == 0U && end >= block_end;

		if (whole && *entry == 0U) {
			*entry = leaf_desc(va, attr, level);
		} else if (level == 3U || (*entry & DESC_TYPE_MASK) == DESC_BLOCK) {
			return XLAT_E_OVERLAP;
		} else {
			uint64_t *sub = next_table(ctx, entry);

			if (sub == NULL)
				return XLAT_E_NO_TABLES;
			int rc = map_range(ctx, sub, level + 1U, va,
			                   end < block_end ? end : block_end, attr);
			if (rc != XLAT_OK)
				return rc;
		}
		va = block_end;
	}
	return XLAT_OK;
}

int xlat_map_regions(struct xlat_ctx *ctx, const struct mmap_region *regions, unsigned int count)
{
	for (unsigned int i = 0; i < count; i++) {
		const struct mmap_region *r = &regions[i];
		uint64_t base = r->base;
		uint64_t end = base + r->size;

		if (((base | r->size) & (XLAT_PAGE_SIZE - 1U)) != 0U)
			return XLAT_E_ALIGN;
		if (end < base || end > XLAT_VA_SIZE)
			return XLAT_E_RANGE;
		if ((r->attr & MT_EXECUTE) != 0U &&
		    ((r->attr & MT_RW) != 0U || (r->attr & MT_TYPE_MASK) == MT_DEVICE))
			return XLAT_E_ATTR;

		int rc = map_range(ctx, ctx->base_table, XLAT_BASE_LEVEL, base, end, r->attr);

		if (rc != XLAT_OK)
			return rc;
	}
	return XLAT_OK;
}

uint64_t xlat_lookup(const struct xlat_ctx *ctx, uintptr_t va)
{
	const uint64_t *table = ctx->base_table;

	if ((uint64_t)va >= XLAT_VA_SIZE)
		return 0;
	for (unsigned int level = XLAT_BASE_LEVEL; level <= 3U; level++) {
		uint64_t d = table[(va >> LEVEL_SHIFT(level)) % XLAT_TABLE_ENTRIES];

		if ((d & XLAT_DESC_VALID) == 0U)
			return 0;
		if (level == 3U || (d & DESC_TYPE_MASK) == DESC_BLOCK)
			return d;
		table = (const uint64_t *)(uintptr_t)(d & XLAT_DESC_ADDR_MASK);
	}
	return 0;
}
