/* Device register access: single, untorn accesses the compiler keeps. */
#ifndef LIB_MMIO_H
#define LIB_MMIO_H

#include <stdint.h>

static inline void mmio_write_32(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

static inline uint32_t mmio_read_32(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

static inline void mmio_write_64(uintptr_t addr, uint64_t v)
{
	*(volatile uint64_t *)addr = v;
}

static inline uint64_t mmio_read_64(uintptr_t addr)
{
	return *(volatile uint64_t *)addr;
}

static inline void mmio_setbits_32(uintptr_t addr, uint32_t set)
{
	mmio_write_32(addr, mmio_read_32(addr) | set);
}

static inline void mmio_clrbits_32(uintptr_t addr, uint32_t clr)
{
	mmio_write_32(addr, mmio_read_32(addr) & ~clr);
}

#endif
