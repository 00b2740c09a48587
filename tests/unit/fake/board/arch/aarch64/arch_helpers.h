/*
 * The fake architecture layer of the board model tests (tests/unit/models):
 * the accessors of include/arch/aarch64/arch_helpers.h that drivers and
 * platform code use, each system register a function of the simulated
 * core that is running (tests/unit/models/board.c), barriers and cache
 * maintenance no-ops (host memory is coherent). Found before the real
 * header through -Itests/unit/fake/board.
 */
#ifndef ARCH_HELPERS_H
#define ARCH_HELPERS_H

#include <stddef.h>
#include <stdint.h>

#include <arch/aarch64/arch.h>

uint64_t read_mpidr_el1(void);
uint64_t read_tpidr_el3(void);
uint64_t read_cntpct_el0(void);
uint64_t read_cntfrq_el0(void);
void write_cntfrq_el0(uint64_t v);
uint64_t read_isr_el1(void);
uint64_t read_scr_el3(void);
void write_scr_el3(uint64_t v);
uint64_t read_icc_pmr_el1(void);
void write_icc_pmr_el1(uint64_t v);
uint64_t read_icc_igrpen1_el3(void);
void write_icc_igrpen1_el3(uint64_t v);
uint64_t read_icc_sre_el3(void);
void write_icc_sre_el3(uint64_t v);
uint64_t read_icc_sre_el2(void);
void write_icc_sre_el2(uint64_t v);
void wfi(void);
/* lib/aarch64's DRAM zeroing: the test records what it was asked. */
void zero_normal_mem(uintptr_t base, uint64_t size);

static inline void isb(void)
{
}
static inline void dsb_sy(void)
{
}
static inline void dsb_ish(void)
{
}
static inline void dsb_ishst(void)
{
}
static inline void dmb_ish(void)
{
}
static inline void dmb_st(void)
{
}
static inline void dmb_ld(void)
{
}
static inline void sev(void)
{
}
static inline void wfe(void)
{
}

static inline void flush_dcache_range(uintptr_t addr, size_t size)
{
	(void)addr;
	(void)size;
}

static inline void clean_dcache_range(uintptr_t addr, size_t size)
{
	(void)addr;
	(void)size;
}

static inline void inv_dcache_range(uintptr_t addr, size_t size)
{
	(void)addr;
	(void)size;
}

#endif
