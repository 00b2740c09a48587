/*
 * The CPU errata table (include/lib/cpus/errata.h) and its look-ups.
 *
 * A row goes in only with a published fact behind it: the erratum's number,
 * the revisions it affects and the workaround, from Arm's documents. Rows
 * whose workaround writes IMPLEMENTATION DEFINED registers (CPU_WA_RESET)
 * exist only where the platform says those registers do
 * (PLAT_CPU_IMPDEF_REGS); QEMU's models do not have them.
 *
 * Neoverse N1 (MIDR 0x410FD0C0, r0p0-r4p1):
 *  - CVE-2022-23960 (Spectre-BHB): every revision is affected; the
 *    mitigation is a loop of 24 taken branches then a speculation barrier
 *    on each entry to a higher EL (Arm, "Spectre-BHB" whitepaper and the
 *    Arm security update for CVE-2022-23960). Build option
 *    WORKAROUND_CVE_2022_23960; BL31's vectors apply it. The loop guards
 *    EL3 against history a lower EL trained; a kernel on N1 runs its own
 *    loop on its own entries, so no SMCCC_ARCH_WORKAROUND_3 call is the
 *    mitigation and SMCCC_ARCH_FEATURES(WORKAROUND_3) answers -1, the
 *    answer TF-A gives on N1 (docs/plat/n1sdp.rst): TFTF and Linux see one
 *    ABI.
 *  - No ERRATA_N1_<n> row yet: the errata's workarounds (which CPUACTLR
 *    bit each one sets) are in Arm's Neoverse N1 Software Developer Errata
 *    Notice, which this project has not been able to consult; none is
 *    guessed.
 */
#include <arch/aarch64/arch_helpers.h>
#include <lib/cpus/errata.h>

#ifndef WORKAROUND_CVE_2022_23960
#error "the build configuration must say whether WORKAROUND_CVE_2022_23960 is built"
#endif

const struct cpu_erratum cpu_errata[] = {
	{
		.midr = MIDR_NEOVERSE_N1,
		.id = CVE_ID(2022, 23960),
		.rev_lo = CPU_REV(0, 0),
		.rev_hi = CPU_REV(4, 1),
		.built = WORKAROUND_CVE_2022_23960 != 0,
		.kind = CPU_WA_BHB_LOOP,
		.loops = BHB_LOOP_COUNT_NEOVERSE_N1,
		.smccc_wa = 0,
	},
};

const unsigned int cpu_errata_count = sizeof(cpu_errata) / sizeof(cpu_errata[0]);

bool cpu_erratum_affects(const struct cpu_erratum *e, uint64_t midr)
{
	unsigned int rev = cpu_rev(midr);

	return ((uint32_t)midr & MIDR_MODEL_MASK) == e->midr && rev >= e->rev_lo &&
	       rev <= e->rev_hi;
}

/* Row @e's workaround runs on the CPU of @midr: affected, and built. */
static bool applies(const struct cpu_erratum *e, uint64_t midr)
{
	return e->built && cpu_erratum_affects(e, midr);
}

enum cpu_erratum_state cpu_erratum_check_in(const struct cpu_erratum *table, unsigned int count,
                                            enum cpu_wa_kind kind, uint32_t id, uint64_t midr)
{
	for (unsigned int i = 0; i < count; i++) {
		const struct cpu_erratum *e = &table[i];

		if (e->kind == kind && e->id == id && cpu_erratum_affects(e, midr))
			return e->built ? ERRATUM_APPLIES : ERRATUM_MISSING;
	}
	return ERRATUM_NOT_APPLIES;
}

enum cpu_erratum_state cpu_erratum_check(enum cpu_wa_kind kind, uint32_t id, uint64_t midr)
{
	return cpu_erratum_check_in(cpu_errata, cpu_errata_count, kind, id, midr);
}

bool cpu_smccc_wa_in(const struct cpu_erratum *table, unsigned int count, uint32_t fid,
                     uint64_t midr)
{
	for (unsigned int i = 0; i < count; i++) {
		const struct cpu_erratum *e = &table[i];

		if (fid != 0U && e->smccc_wa == fid && applies(e, midr))
			return true;
	}
	return false;
}

bool cpu_smccc_wa(uint32_t fid, uint64_t midr)
{
	return cpu_smccc_wa_in(cpu_errata, cpu_errata_count, fid, midr);
}

unsigned int cpu_bhb_loop_count(uint64_t midr)
{
	for (unsigned int i = 0; i < cpu_errata_count; i++) {
		const struct cpu_erratum *e = &cpu_errata[i];

		if (e->kind == CPU_WA_BHB_LOOP && applies(e, midr))
			return e->loops;
	}
	return 0;
}

unsigned int cpu_errata_apply_reset_in(const struct cpu_erratum *table, unsigned int count,
                                       uint64_t midr)
{
	unsigned int applied = 0;

	for (unsigned int i = 0; i < count; i++) {
		const struct cpu_erratum *e = &table[i];

		if (e->kind == CPU_WA_RESET && applies(e, midr)) {
			e->apply();
			applied++;
		}
	}
	return applied;
}

void cpu_errata_apply_reset(void)
{
	(void)cpu_errata_apply_reset_in(cpu_errata, cpu_errata_count, read_midr_el1());
}
