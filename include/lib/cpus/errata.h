/*
 * CPU errata and vulnerability workarounds as data: one table row per
 * erratum of a CPU model, with the revisions it affects, whether this build
 * carries its workaround (the row's build option), and what the workaround
 * is. lib/cpus answers "does erratum N apply to the CPU whose MIDR_EL1 is
 * M?"; the code that owns each workaround (reset handler, BL31's vectors,
 * the SMCCC_ARCH_FEATURES answers) asks.
 *
 * Revisions are encoded from MIDR_EL1 as 0xVR: Variant (bits 23:20, the
 * "r" of rNpM) in bits 7:4, Revision (bits 3:0, the "p") in bits 3:0; so
 * r0p0 = 0x00, r3p1 = 0x31, r4p1 = 0x41 (ARM DDI 0487 D19.2, MIDR_EL1).
 */
#ifndef CPU_ERRATA_H
#define CPU_ERRATA_H

#include <lib/cpus/cpu_ops.h>

#define MIDR_VARIANT_SHIFT         20
#define MIDR_REVISION_MASK         0xF
#define CPU_REV(variant, revision) (((variant) << 4) | (revision))

/*
 * Spectre-BHB (CVE-2022-23960) on Neoverse N1: the number of taken branches
 * that overwrite the branch history a lower EL could have trained, before a
 * speculation barrier (Arm, "Spectre-BHB" whitepaper, the loop mitigation
 * and its per-core iteration counts). Used by BL31's lower-EL vectors.
 */
#define BHB_LOOP_COUNT_NEOVERSE_N1 24

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stdint.h>

/* What a workaround is, i.e. which code applies it. */
enum cpu_wa_kind {
	/* A write to the CPU's registers at every reset (cpu_erratum.apply). */
	CPU_WA_RESET,
	/* CVE-2022-23960: the branch-history loop on every entry to EL3 from a lower EL. */
	CPU_WA_BHB_LOOP,
};

struct cpu_erratum {
	uint32_t midr;  /* the model: MIDR_EL1 & MIDR_MODEL_MASK */
	uint32_t id;    /* erratum number, or for a CVE: CVE_ID(year, number) */
	uint8_t rev_lo; /* first affected revision, CPU_REV() */
	uint8_t rev_hi; /* last affected revision, inclusive */
	bool built;     /* its build option (ERRATA_<CPU>_<id>, WORKAROUND_CVE_<y>_<n>) is 1 */
	enum cpu_wa_kind kind;
	uint8_t loops;       /* CPU_WA_BHB_LOOP: the taken branches the CPU needs */
	void (*apply)(void); /* CPU_WA_RESET: the register write; else NULL */
	/*
	 * The SMCCC_ARCH_WORKAROUND_<n> function ID (DEN0028 7.5-7.8) whose
	 * call is this row's mitigation for a lower EL, which
	 * SMCCC_ARCH_FEATURES then advertises with 0 ("call it"); 0 when
	 * the row protects EL3 only and the OS mitigates itself.
	 */
	uint32_t smccc_wa;
};

#define CVE_ID(year, number) (100000U * (year) + (number))

/* The answer for one erratum and one CPU. */
enum cpu_erratum_state {
	ERRATUM_NOT_APPLIES, /* another model, or a revision outside the range, or no row */
	ERRATUM_APPLIES,     /* affected, and this build applies the workaround */
	ERRATUM_MISSING,     /* affected, but the build option left the workaround out */
};

/* The CPU revision of @midr, CPU_REV(Variant, Revision). Pure. */
static inline unsigned int cpu_rev(uint64_t midr)
{
	return (unsigned int)(((midr >> MIDR_VARIANT_SHIFT) & 0xFU) << 4 |
	                      (midr & MIDR_REVISION_MASK));
}

/* Whether row @e concerns the CPU of MIDR_EL1 @midr (model and revision range). Pure. */
bool cpu_erratum_affects(const struct cpu_erratum *e, uint64_t midr);

/*
 * The state of erratum @id (of kind @kind) for the CPU of MIDR_EL1 @midr,
 * looked up in @table[0 .. @count). Pure: the host tests pass their own
 * tables as well as the firmware's.
 */
enum cpu_erratum_state cpu_erratum_check_in(const struct cpu_erratum *table, unsigned int count,
                                            enum cpu_wa_kind kind, uint32_t id, uint64_t midr);

/* The same in the firmware's table (lib/cpus/errata.c). */
enum cpu_erratum_state cpu_erratum_check(enum cpu_wa_kind kind, uint32_t id, uint64_t midr);

/*
 * Whether a row of @table[0 .. @count) that this build carries makes a call
 * to SMCCC_ARCH_WORKAROUND function @fid the mitigation for the CPU of
 * @midr (its smccc_wa). Pure.
 */
bool cpu_smccc_wa_in(const struct cpu_erratum *table, unsigned int count, uint32_t fid,
                     uint64_t midr);

/* The same in the firmware's table. */
bool cpu_smccc_wa(uint32_t fid, uint64_t midr);

/*
 * The branch-history mitigation the CPU of @midr needs on entry to EL3
 * from a lower EL: the loop count, or 0 if it needs none or the build left
 * it out (cpu_erratum_check tells which). Pure.
 */
unsigned int cpu_bhb_loop_count(uint64_t midr);

/*
 * Run the CPU_WA_RESET workarounds that apply to this CPU (MIDR_EL1) and
 * that the build carries. C, with a stack: BL31's cold and warm boot, before
 * the CPU returns to a lower EL.
 */
void cpu_errata_apply_reset(void);

/*
 * The same over @table[0 .. @count) for the CPU of @midr; returns how many
 * workarounds it ran (for the host tests).
 */
unsigned int cpu_errata_apply_reset_in(const struct cpu_erratum *table, unsigned int count,
                                       uint64_t midr);

/*
 * The CPU-specific work of BL31's entry on the calling CPU, at its cold
 * boot (@cold, primary CPU, MMU on, before the other CPUs start) and every
 * warm boot, before it first enters a lower EL (lib/cpus/cpu_entry.c): the
 * CPU_WA_RESET rows that apply (where the platform's CPUs have the
 * IMPLEMENTATION DEFINED registers, PLAT_CPU_IMPDEF_REGS), and, where the
 * table's CVE-2022-23960 row applies and the build carries it, VBAR_EL3 =
 * @bhb_vectors (BL31's vectors with the branch-history loop; unused
 * otherwise). The cold boot decides and says so on the console; a warm
 * boot does no look-up. Compiles to nothing where both are out (QEMU).
 */
void cpu_bl31_entry(bool cold, uintptr_t bhb_vectors);

extern const struct cpu_erratum cpu_errata[];
extern const unsigned int cpu_errata_count;

#endif /* __ASSEMBLY__ */
#endif
