/*
 * A small set of physical address ranges, kept sorted and merged: the DRAM
 * a platform or a device tree describes, against which BL2 checks where it
 * may load an image or clear memory. Pure C, no allocation; host-tested.
 */
#ifndef LIB_MEM_RANGES_H
#define LIB_MEM_RANGES_H

#include <stdbool.h>
#include <stdint.h>

/* Most disjoint ranges a set holds (QEMU virt: 1; a NUMA machine: a few). */
#define MEM_RANGES_MAX 16U

/* [base, base + size), size > 0, base + size <= 2^64 (no wrap). */
struct mem_range {
	uint64_t base;
	uint64_t size;
};

/* Sorted by base; no two ranges overlap or touch (they are merged). */
struct mem_ranges {
	unsigned int count;
	struct mem_range range[MEM_RANGES_MAX];
};

enum mem_ranges_err {
	MEM_RANGES_OK = 0,
	MEM_RANGES_ERR_EMPTY = -1, /* size 0 */
	MEM_RANGES_ERR_WRAP = -2,  /* base + size > 2^64 */
	MEM_RANGES_ERR_FULL = -3,  /* would need more than MEM_RANGES_MAX ranges */
};

/* mem_ranges_init() - make @set empty. */
void mem_ranges_init(struct mem_ranges *set);

/*
 * mem_ranges_add() - add [@base, @base + @size) to @set, merging it with
 * the ranges it overlaps or touches. Returns MEM_RANGES_OK or an error
 * above; @set is unchanged on error. O(MEM_RANGES_MAX).
 */
int mem_ranges_add(struct mem_ranges *set, uint64_t base, uint64_t size);

/*
 * mem_ranges_contain() - true if every byte of [@base, @base + @size) is in
 * one range of @set (ranges are merged, so "in the union" is the same).
 * A zero @size or a range that wraps is never contained.
 */
bool mem_ranges_contain(const struct mem_ranges *set, uint64_t base, uint64_t size);

/*
 * mem_ranges_intersect() - the part of range @index of @set that lies in
 * [@base, @base + @size): sets *@out and returns true, or returns false if
 * they share no byte. For walking "the DRAM inside a window".
 */
bool mem_ranges_intersect(const struct mem_ranges *set, unsigned int index, uint64_t base,
                          uint64_t size, struct mem_range *out);

#endif
