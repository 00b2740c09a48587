/*
 * C accessors for system registers, barriers and cache maintenance: the
 * only place C code touches a system register (make check enforces it).
 */
#ifndef ARCH_HELPERS_H
#define ARCH_HELPERS_H

#include <stddef.h>
#include <stdint.h>

#include <arch/aarch64/arch.h>

#define DEFINE_SYSREG_READ(name, reg)                                                              \
	static inline uint64_t read_##name(void)                                                   \
	{                                                                                          \
		uint64_t v;                                                                        \
		__asm__ volatile("mrs %0, " #reg : "=r"(v));                                       \
		return v;                                                                          \
	}
#define DEFINE_SYSREG_WRITE(name, reg)                                                             \
	static inline void write_##name(uint64_t v)                                                \
	{                                                                                          \
		__asm__ volatile("msr " #reg ", %0" : : "r"(v));                                   \
	}
#define DEFINE_SYSREG_RW(name, reg)                                                                \
	DEFINE_SYSREG_READ(name, reg)                                                              \
	DEFINE_SYSREG_WRITE(name, reg)

DEFINE_SYSREG_READ(mpidr_el1, mpidr_el1)
DEFINE_SYSREG_READ(midr_el1, midr_el1)
DEFINE_SYSREG_READ(currentel, CurrentEL)
DEFINE_SYSREG_READ(cntpct_el0, cntpct_el0)
DEFINE_SYSREG_RW(cntfrq_el0, cntfrq_el0)
DEFINE_SYSREG_READ(id_aa64pfr0_el1, id_aa64pfr0_el1)
DEFINE_SYSREG_READ(id_aa64pfr1_el1, id_aa64pfr1_el1)
DEFINE_SYSREG_READ(id_aa64isar1_el1, id_aa64isar1_el1)
DEFINE_SYSREG_READ(id_aa64mmfr0_el1, id_aa64mmfr0_el1)
DEFINE_SYSREG_READ(id_aa64mmfr1_el1, id_aa64mmfr1_el1)
DEFINE_SYSREG_READ(id_aa64mmfr2_el1, id_aa64mmfr2_el1)
/* FEAT_SHA256/FEAT_SHA512 in the SHA2 field (lib/auth/auth_sha2.c). */
DEFINE_SYSREG_READ(id_aa64isar0_el1, id_aa64isar0_el1)
/* Cache geometry (D19.2): CSSELR_EL1 selects the level CCSIDR_EL1 describes. */
DEFINE_SYSREG_READ(clidr_el1, clidr_el1)
DEFINE_SYSREG_READ(ccsidr_el1, ccsidr_el1)
DEFINE_SYSREG_RW(csselr_el1, csselr_el1)
DEFINE_SYSREG_READ(id_aa64dfr0_el1, id_aa64dfr0_el1)
DEFINE_SYSREG_READ(pmcr_el0, pmcr_el0)
DEFINE_SYSREG_READ(isr_el1, isr_el1)
DEFINE_SYSREG_RW(daif, daif)
DEFINE_SYSREG_RW(scr_el3, scr_el3)
DEFINE_SYSREG_RW(sctlr_el3, sctlr_el3)
DEFINE_SYSREG_RW(sctlr_el2, sctlr_el2)
DEFINE_SYSREG_RW(cptr_el3, cptr_el3)
DEFINE_SYSREG_RW(cptr_el2, cptr_el2)
DEFINE_SYSREG_RW(hcr_el2, hcr_el2)
DEFINE_SYSREG_RW(cnthctl_el2, cnthctl_el2)
DEFINE_SYSREG_RW(cntvoff_el2, cntvoff_el2)
DEFINE_SYSREG_RW(vpidr_el2, vpidr_el2)
DEFINE_SYSREG_RW(vmpidr_el2, vmpidr_el2)
DEFINE_SYSREG_RW(vttbr_el2, vttbr_el2)
DEFINE_SYSREG_RW(mdcr_el2, mdcr_el2)
DEFINE_SYSREG_RW(mdcr_el3, mdcr_el3)
DEFINE_SYSREG_RW(elr_el3, elr_el3)
DEFINE_SYSREG_RW(spsr_el3, spsr_el3)
DEFINE_SYSREG_READ(esr_el3, esr_el3)
DEFINE_SYSREG_READ(far_el3, far_el3)
/*
 * TPIDR_EL3 is written once per boot of a CPU, by the entry code before any
 * C runs (set_cpu_data), so to C it is a constant: the read is not
 * volatile, and the compiler may reuse one read within a function.
 */
static inline uint64_t read_tpidr_el3(void)
{
	uint64_t v;

	__asm__("mrs %0, tpidr_el3" : "=r"(v));
	return v;
}
DEFINE_SYSREG_RW(mair_el3, mair_el3)
DEFINE_SYSREG_RW(tcr_el3, tcr_el3)
DEFINE_SYSREG_RW(ttbr0_el3, ttbr0_el3)
DEFINE_SYSREG_RW(vbar_el3, vbar_el3)
DEFINE_SYSREG_RW(cntps_ctl_el1, cntps_ctl_el1)
DEFINE_SYSREG_WRITE(cntp_tval_el0, cntp_tval_el0)
DEFINE_SYSREG_RW(cntp_ctl_el0, cntp_ctl_el0)
/* A lower EL's exception registers, to inject an exception into it. */
DEFINE_SYSREG_RW(elr_el2, elr_el2)
DEFINE_SYSREG_RW(spsr_el2, spsr_el2)
DEFINE_SYSREG_RW(esr_el2, esr_el2)
DEFINE_SYSREG_RW(vbar_el2, vbar_el2)
DEFINE_SYSREG_RW(elr_el1, elr_el1)
DEFINE_SYSREG_RW(spsr_el1, spsr_el1)
DEFINE_SYSREG_RW(esr_el1, esr_el1)
DEFINE_SYSREG_RW(vbar_el1, vbar_el1)
/* GICv3 CPU interface, by encoding so that old assemblers accept them. */
DEFINE_SYSREG_RW(icc_sre_el3, S3_6_C12_C12_5)
DEFINE_SYSREG_RW(icc_sre_el2, S3_4_C12_C9_5)
DEFINE_SYSREG_RW(icc_sre_el1, S3_0_C12_C12_5)
DEFINE_SYSREG_RW(icc_pmr_el1, S3_0_C4_C6_0)
DEFINE_SYSREG_RW(icc_igrpen0_el1, S3_0_C12_C12_6)
DEFINE_SYSREG_RW(icc_igrpen1_el3, S3_6_C12_C12_7)
DEFINE_SYSREG_RW(icc_ctlr_el3, S3_6_C12_C12_4)
DEFINE_SYSREG_RW(icc_igrpen1_el1, S3_0_C12_C12_7)
DEFINE_SYSREG_WRITE(icc_sgi1r_el1, S3_0_C12_C11_5)
DEFINE_SYSREG_READ(icc_iar1_el1, S3_0_C12_C12_0)
DEFINE_SYSREG_WRITE(icc_eoir1_el1, S3_0_C12_C12_1)
/* SVE: ZCR_EL3; SME: SMCR_EL3 */
DEFINE_SYSREG_RW(zcr_el3, S3_6_C1_C2_0)
DEFINE_SYSREG_RW(smcr_el3, S3_6_C1_C2_6)

static inline void isb(void)
{
	__asm__ volatile("isb" : : : "memory");
}
static inline void dsb_sy(void)
{
	__asm__ volatile("dsb sy" : : : "memory");
}
static inline void dsb_ish(void)
{
	__asm__ volatile("dsb ish" : : : "memory");
}
static inline void dsb_ishst(void)
{
	__asm__ volatile("dsb ishst" : : : "memory");
}
static inline void dmb_ish(void)
{
	__asm__ volatile("dmb ish" : : : "memory");
}
static inline void dmb_st(void)
{
	__asm__ volatile("dmb st" : : : "memory");
}
static inline void dmb_ishst(void)
{
	__asm__ volatile("dmb ishst" : : : "memory");
}
static inline void dmb_ld(void)
{
	__asm__ volatile("dmb ld" : : : "memory");
}
static inline void sev(void)
{
	__asm__ volatile("sev" : : : "memory");
}
static inline void wfe(void)
{
	__asm__ volatile("wfe" : : : "memory");
}
static inline void wfi(void)
{
	__asm__ volatile("wfi" : : : "memory");
}
/*
 * Clean and invalidate every line of one cache level by set/way
 * (lib/aarch64/cache_helpers.S, ARM DDI 0487 D7.5): @level_bits = level << 1,
 * @ways and @sets (each >= 1), @line_shift = log2(line bytes), @way_shift =
 * 32 - ceil(log2(@ways)) (32 for one way). No barriers: the caller's.
 */
void dcsw_level_clean_inv(uint64_t level_bits, uint32_t ways, uint32_t sets,
                          unsigned int line_shift, unsigned int way_shift);
/* Clean and invalidate one data cache line by set/way (C5.3, DC CISW). */
static inline void dc_cisw(uint64_t setway)
{
	__asm__ volatile("dc cisw, %0" : : "r"(setway) : "memory");
}
static inline void tlbi_alle3(void)
{
	__asm__ volatile("tlbi alle3" : : : "memory");
}
/*
 * Broadcast (Inner Shareable) invalidations of EL3's translations of one
 * address (Xt: VA[55:12]), all levels or the last level only (C5.5).
 */
static inline void tlbi_vae3is(uint64_t va_bits)
{
	__asm__ volatile("tlbi vae3is, %0" : : "r"(va_bits) : "memory");
}
static inline void tlbi_vale3is(uint64_t va_bits)
{
	__asm__ volatile("tlbi vale3is, %0" : : "r"(va_bits) : "memory");
}

static inline unsigned int get_current_el(void)
{
	return (unsigned int)(read_currentel() >> CURRENT_EL_SHIFT) & CURRENT_EL_MASK;
}

/*
 * Data-cache maintenance by virtual address over [addr, addr + size) bytes,
 * to the Point of Coherency (lib/aarch64/cache_helpers.S). Each ends with a
 * DSB SY so that the maintenance is complete when the call returns.
 */
/*
 * Zero Normal memory by DC ZVA blocks (lib/aarch64/misc_helpers.S): base
 * and size multiples of 4 KiB, MMU on; every write complete on return.
 */
void zero_normal_mem(uintptr_t base, uint64_t size);

void flush_dcache_range(uintptr_t addr, size_t size); /* clean + invalidate */
void clean_dcache_range(uintptr_t addr, size_t size);
void inv_dcache_range(uintptr_t addr, size_t size);

/*
 * The same for the one cache line holding @addr, inline: DC CIVAC or DC
 * IVAC to the Point of Coherency (ARM DDI 0487 D7.5.9), then DSB SY.
 */
static inline void flush_dcache_line(uintptr_t addr)
{
	__asm__ volatile("dc civac, %0\n\tdsb sy" : : "r"(addr) : "memory");
}
static inline void inv_dcache_line(uintptr_t addr)
{
	__asm__ volatile("dc ivac, %0\n\tdsb sy" : : "r"(addr) : "memory");
}

#endif /* ARCH_HELPERS_H */
