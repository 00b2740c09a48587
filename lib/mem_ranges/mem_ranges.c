/*
 * Sets of physical address ranges (include/lib/mem_ranges.h): sorted,
 * merged, bounded. Arithmetic is done on inclusive ends (base + size - 1)
 * so that a range ending at 2^64 is representable and nothing overflows.
 */
#include <lib/mem_ranges.h>

void mem_ranges_init(struct mem_ranges *set)
{
	set->count = 0;
}

/* Inclusive last byte; callers have checked size > 0 and no wrap. */
static uint64_t last_byte(uint64_t base, uint64_t size)
{
	return base + (size - 1U);
}

/*
 * [first, last] as a range. The whole 2^64-byte space has no uint64_t size:
 * it loses its last byte, which errs on the side of "not described".
 */
static struct mem_range span(uint64_t first, uint64_t last)
{
	uint64_t size = last - first;

	return (struct mem_range){ first, size == UINT64_MAX ? size : size + 1U };
}

int mem_ranges_add(struct mem_ranges *set, uint64_t base, uint64_t size)
{
	struct mem_ranges out;
	uint64_t first = base, last;
	unsigned int i = 0;
	bool placed = false;

	if (size == 0U)
		return MEM_RANGES_ERR_EMPTY;
	if (size - 1U > UINT64_MAX - base)
		return MEM_RANGES_ERR_WRAP;
	last = last_byte(base, size);

	/*
	 * One pass over the sorted set: copy ranges entirely before the new
	 * one, absorb those that overlap or touch it, then place it and copy
	 * the rest. "Touch" compares inclusive ends, so no +1 can overflow.
	 */
	out.count = 0;
	for (i = 0; i < set->count; i++) {
		const struct mem_range *r = &set->range[i];
		uint64_t r_last = last_byte(r->base, r->size);

		if (r_last < first && first - r_last > 1U) {
			out.range[out.count++] = *r; /* wholly before, apart */
		} else if (r->base > last && r->base - last > 1U) {
			if (!placed) {
				if (out.count == MEM_RANGES_MAX)
					return MEM_RANGES_ERR_FULL;
				out.range[out.count++] = span(first, last);
				placed = true;
			}
			if (out.count == MEM_RANGES_MAX)
				return MEM_RANGES_ERR_FULL;
			out.range[out.count++] = *r; /* wholly after, apart */
		} else {
			if (r->base < first)
				first = r->base;
			if (r_last > last)
				last = r_last;
		}
	}
	if (!placed) {
		if (out.count == MEM_RANGES_MAX)
			return MEM_RANGES_ERR_FULL;
		out.range[out.count++] = span(first, last);
	}
	*set = out;
	return MEM_RANGES_OK;
}

bool mem_ranges_contain(const struct mem_ranges *set, uint64_t base, uint64_t size)
{
	uint64_t last;

	if (size == 0U || size - 1U > UINT64_MAX - base)
		return false;
	last = last_byte(base, size);
	for (unsigned int i = 0; i < set->count; i++) {
		const struct mem_range *r = &set->range[i];

		if (base >= r->base && last <= last_byte(r->base, r->size))
			return true;
	}
	return false;
}

bool mem_ranges_intersect(const struct mem_ranges *set, unsigned int index, uint64_t base,
                          uint64_t size, struct mem_range *out)
{
	uint64_t first, last, w_last, r_last;

	if (index >= set->count || size == 0U || size - 1U > UINT64_MAX - base)
		return false;
	w_last = last_byte(base, size);
	r_last = last_byte(set->range[index].base, set->range[index].size);
	first = set->range[index].base > base ? set->range[index].base : base;
	last = r_last < w_last ? r_last : w_last;
	if (first > last)
		return false;
	*out = span(first, last);
	return true;
}
