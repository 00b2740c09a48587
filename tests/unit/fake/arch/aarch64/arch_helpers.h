/*
 * The fake architecture layer of the host tests that run stateful
 * firmware code (tests/unit/test_psci_model.c, the board model tests of
 * tests/unit/models): the same accessors as
 * include/arch/aarch64/arch_helpers.h, but each system register, barrier
 * and cache operation is a function the test implements over its
 * simulated cores. Found before the real header through -Itests/unit/fake.
 */
#ifndef ARCH_HELPERS_H
#define ARCH_HELPERS_H

#include <stddef.h>
#include <stdint.h>

#include <arch/aarch64/arch.h>

/* The simulated calling core's view (the test defines these). */
uint64_t read_mpidr_el1(void);
uint64_t read_tpidr_el3(void);
uint64_t read_cntpct_el0(void);
uint64_t read_cntfrq_el0(void);
void write_cntfrq_el0(uint64_t v);
uint64_t read_isr_el1(void);
uint64_t read_scr_el3(void);
void write_scr_el3(uint64_t v);
void wfi(void);
/* The GIC's CPU interface (the board model tests, tests/unit/models). */
uint64_t read_icc_pmr_el1(void);
void write_icc_pmr_el1(uint64_t v);
uint64_t read_icc_igrpen1_el3(void);
void write_icc_igrpen1_el3(uint64_t v);
uint64_t read_icc_sre_el3(void);
void write_icc_sre_el3(uint64_t v);
uint64_t read_icc_sre_el2(void);
void write_icc_sre_el2(uint64_t v);
/* lib/aarch64's DRAM zeroing: the board model test records what it was asked. */
void zero_normal_mem(uintptr_t base, uint64_t size);
/* Cache geometry and set/way maintenance (tests/unit/test_cpus.c). */
uint64_t read_midr_el1(void);
uint64_t read_clidr_el1(void);
uint64_t read_ccsidr_el1(void);
uint64_t read_id_aa64mmfr2_el1(void);
/* Feature ID registers (tests/unit/test_arm_arch_svc.c). */
uint64_t read_id_aa64pfr0_el1(void);
uint64_t read_id_aa64pfr1_el1(void);
uint64_t read_id_aa64mmfr1_el1(void);
void write_csselr_el1(uint64_t v);
/*
 * Barriers and TLB invalidations: recorded by a test built with
 * -DFAKE_RECORD_TLBI (tests/unit/test_errata.c defines them), the DSBs
 * also by the board model tests (-DFAKE_BOARD: tests/unit/models/board.c,
 * which orders them against the cores' system-register writes), nothing
 * otherwise.
 */
#if defined(FAKE_RECORD_TLBI) || defined(FAKE_BOARD)
void dsb_sy(void);
void dsb_ish(void);
#else
static inline void dsb_sy(void)
{
}
static inline void dsb_ish(void)
{
}
#endif
#ifdef FAKE_RECORD_TLBI
void tlbi_vae3is(uint64_t va_bits);
void tlbi_vale3is(uint64_t va_bits);
#else
static inline void tlbi_vae3is(uint64_t va_bits)
{
	(void)va_bits;
}
static inline void tlbi_vale3is(uint64_t va_bits)
{
	(void)va_bits;
}
#endif
void dc_cisw(uint64_t setway);
/* lib/aarch64/cache_helpers.S's loop; the test's version calls dc_cisw(). */
void dcsw_level_clean_inv(uint64_t level_bits, uint32_t ways, uint32_t sets,
                          unsigned int line_shift, unsigned int way_shift);

static inline void isb(void)
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
static inline void dmb_ishst(void)
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

/* Host memory is coherent: cache maintenance has nothing to do. */
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

static inline void flush_dcache_line(uintptr_t addr)
{
	(void)addr;
}

static inline void inv_dcache_line(uintptr_t addr)
{
	(void)addr;
}

#endif
