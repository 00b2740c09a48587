/*
 * Questions about a CPU unit's rows (include/lib/cpus/cpu_ops.h): does
 * this row apply to the CPU whose MIDR_EL1 is M here, and if not why; what
 * the Errata Management ABI answers for erratum N; how long the Spectre-BHB
 * loop is (BL31's entry per CPU asks: include/lib/cpus/cpu_entry.h). The
 * code that owns a workaround's place asks (cpu_helpers.S at reset and
 * power-down, BL31's vectors, the services); no image tests an erratum's
 * build option itself.
 */
#ifndef LIB_CPUS_ERRATA_H
#define LIB_CPUS_ERRATA_H

#include <lib/cpus/cpu_ops.h>

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>

/* Why a row does or does not run on a CPU. */
enum cpu_row_state {
	CPU_ROW_NOT_AFFECTED, /* the CPU's revision is outside the row's range */
	CPU_ROW_APPLIED,      /* affected, and the workaround runs here */
	CPU_ROW_NOT_BUILT,    /* affected; its build option (WORKAROUND_CVE_*) is 0 */
	CPU_ROW_NO_IMPDEF,   /* affected; the platform lacks the registers (PLAT_CPU_IMPDEF_REGS) */
	CPU_ROW_NO_SSBS,     /* affected; the PE has no FEAT_SSBS, so nothing to write */
	CPU_ROW_NONE_NEEDED, /* affected; a CPU_AT_NONE row: nothing is needed here */
	CPU_ROW_UNMITIGATED, /* affected; a CPU_AT_UNMITIGATED row: no mitigation here */
};

/*
 * The state of @row for a CPU of MIDR_EL1 @midr and ID_AA64PFR1_EL1 @pfr1
 * on a platform with (@impdef) or without the IMPLEMENTATION DEFINED
 * registers: the rule cpu_helpers.S's walk follows. Pure.
 */
enum cpu_row_state cpu_row_state_in(const struct cpu_row *row, uint64_t midr, uint64_t pfr1,
                                    bool impdef);

/* The same on this platform and the calling CPU (its ID_AA64PFR1_EL1). */
enum cpu_row_state cpu_row_state(const struct cpu_row *row, uint64_t midr);

/* Erratum or CVE @id in @ops's rows (any place), or NULL; never a step (id 0). Pure. */
const struct cpu_row *cpu_erratum_find(const struct cpu_ops *ops, uint32_t id);

/*
 * EM_CPU_ERRATUM_FEATURES's answer (include/lib/smccc.h, DEN0100) for
 * erratum @id on a CPU of model @ops, MIDR_EL1 @midr, ID_AA64PFR1_EL1
 * @pfr1, the platform with or without IMPLEMENTATION DEFINED registers:
 * EM_UNKNOWN_ERRATUM for an id the unit has no row for; EM_NOT_AFFECTED
 * outside its revisions; else by the row's CPU_EM_* rule. Pure.
 */
int32_t cpu_em_answer_in(const struct cpu_ops *ops, uint32_t id, uint64_t midr, uint64_t pfr1,
                         bool impdef);

/* The same for the calling CPU (its unit, MIDR and ID registers) on this platform. */
int32_t cpu_em_answer(uint32_t id);

/*
 * The Spectre-BHB loop (CVE-2022-23960) the CPU of @ops and @midr runs on
 * each entry from a lower EL: its unit's loop count where its CPU_AT_ENTRY
 * row applies, else 0. Pure.
 */
unsigned int cpu_bhb_loops(const struct cpu_ops *ops, uint64_t midr);

/*
 * Whether speculative store bypass (CVE-2018-3639) is mitigated for every
 * EL on the calling CPU, so that no SMCCC_ARCH_WORKAROUND_2 call is
 * needed: FEAT_SSBS (each EL controls it), or its unit's CVE-2018-3639 row
 * applied at reset. For SMCCC_ARCH_FEATURES (DEN0028 7.6).
 */
bool cpu_ssbd_not_required(const struct cpu_ops *ops, uint64_t midr, uint64_t pfr1);

/*
 * An exception from a lower EL that is no SMC, with ESR_EL3 @esr: the
 * calling CPU's unit's trap handler (a CPU_AT_TRAP row's workaround, e.g.
 * Neoverse N1 erratum 1542419). True if handled: the lower EL resumes at
 * ctx->elr_el3; false, and nothing changed, otherwise.
 */
bool cpu_trap(struct el3_context *ctx, uint64_t esr);

/*
 * After every broadcast TLB invalidation EL3 executes and the DSB that
 * completes it: CVE-2025-10263 (Arm security notice 112137: on affected
 * cores, among them Neoverse N1 and Cortex-A76, a TLBI+DSB may complete
 * before another PE's store through the old translation is observed).
 * One more TLBI (VALE3IS of address 0: inner shareable, cheapest) and
 * DSB ISH complete those stores. Every core runs it where the build
 * carries the workaround, affected or not: the late store may be another
 * core's (WORKAROUND_CVE_2025_10263, on by default where a platform's
 * cores are affected).
 */
static inline void cpu_broadcast_tlbi_done(void)
{
	if (WORKAROUND_CVE_2025_10263) {
		tlbi_vale3is(0);
		dsb_ish();
	}
}

/* The console lines of cpu_bl31_entry_cold's report, for the boot CPU of @midr. */
void cpu_errata_report(const struct cpu_ops *ops, uint64_t midr);

#endif /* __ASSEMBLY__ */
#endif
