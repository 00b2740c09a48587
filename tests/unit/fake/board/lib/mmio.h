/*
 * The fake register layer of the board model tests: the accessors of
 * include/lib/mmio.h, each access decoded by the register models the test
 * placed at the board's addresses (tests/unit/models/board.h). An access
 * no model decodes is counted (a test failure) and reads as zero. Found
 * before the real header through -Itests/unit/fake/board.
 */
#ifndef LIB_MMIO_H
#define LIB_MMIO_H

#include <stdint.h>

uint32_t mmio_read_32(uintptr_t addr);
void mmio_write_32(uintptr_t addr, uint32_t v);
uint64_t mmio_read_64(uintptr_t addr);
void mmio_write_64(uintptr_t addr, uint64_t v);

static inline void mmio_setbits_32(uintptr_t addr, uint32_t set)
{
	mmio_write_32(addr, mmio_read_32(addr) | set);
}

static inline void mmio_clrbits_32(uintptr_t addr, uint32_t clr)
{
	mmio_write_32(addr, mmio_read_32(addr) & ~clr);
}

#endif
