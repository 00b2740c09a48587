/*
 * The normal world's EL3 context: its entry state (SCR_EL3, SPSR, the EL2
 * registers it starts with), the traps EL3 leaves off for it, and the
 * Undefined Instruction exception EL3 reflects to it for an instruction
 * it may not execute.
 */
#include <stdbool.h>
#include <stddef.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/el3_runtime/context.h>

static bool has_el2(void)
{
	return ID_FIELD(read_id_aa64pfr0_el1(), ID_AA64PFR0_EL2_SHIFT) != 0U;
}

static uint64_t ns_scr_el3;

uint64_t cm_ns_scr_el3(void)
{
	if (ns_scr_el3 != 0U)
		return ns_scr_el3;

	uint64_t pfr0 = read_id_aa64pfr0_el1();
	uint64_t pfr1 = read_id_aa64pfr1_el1();
	uint64_t isar1 = read_id_aa64isar1_el1();
	uint64_t mmfr0 = read_id_aa64mmfr0_el1();
	uint64_t mmfr1 = read_id_aa64mmfr1_el1();
	/* Non-secure, AArch64 below, no secure fetch from NS memory. */
	uint64_t scr = SCR_RES1_BITS | SCR_NS_BIT | SCR_RW_BIT | SCR_SIF_BIT;

	if (has_el2())
		scr |= SCR_HCE_BIT;
	/* Features the normal world may use without trapping to EL3. */
	if ((ID_FIELD(isar1, ID_AA64ISAR1_APA_SHIFT) | ID_FIELD(isar1, ID_AA64ISAR1_API_SHIFT) |
	     ID_FIELD(isar1, ID_AA64ISAR1_GPA_SHIFT) | ID_FIELD(isar1, ID_AA64ISAR1_GPI_SHIFT)) !=
	    0U)
		scr |= SCR_APK_BIT | SCR_API_BIT;
	if (ID_FIELD(mmfr0, ID_AA64MMFR0_FGT_SHIFT) != 0U)
		scr |= SCR_FGTEN_BIT;
	if (ID_FIELD(mmfr0, ID_AA64MMFR0_ECV_SHIFT) >= 2U)
		scr |= SCR_ECVEN_BIT;
	if (ID_FIELD(mmfr1, ID_AA64MMFR1_HCX_SHIFT) != 0U)
		scr |= SCR_HXEN_BIT;
	if (ID_FIELD(pfr0, ID_AA64PFR0_CSV2_SHIFT) >= 2U)
		scr |= SCR_ENSCXT_BIT;
	if (ID_FIELD(pfr1, ID_AA64PFR1_MTE_SHIFT) >= 2U)
		scr |= SCR_ATA_BIT;
	if (ID_FIELD(pfr1, ID_AA64PFR1_SME_SHIFT) != 0U)
		scr |= SCR_ENTP2_BIT;
	ns_scr_el3 = scr;
	return scr;
}

void cm_init_ns_context(struct el3_context *ctx, uint64_t entry, uint64_t arg0)
{
	/*
	 * Every warm boot runs this: the zeroing is unrolled inline (the
	 * compiler would call memset, which stores a word per loop).
	 */
	uint64_t *word = (uint64_t *)(void *)ctx;

#pragma GCC unroll 36
	for (size_t i = 0; i < sizeof(*ctx) / sizeof(uint64_t); i++)
		word[i] = 0;
	ctx->x[0] = arg0;
	ctx->elr_el3 = entry;
	ctx->spsr_el3 = SPSR_DAIF_MASK | (has_el2() ? SPSR_M_EL2H : SPSR_M_EL1H);
	ctx->scr_el3 = cm_ns_scr_el3();
}

void cm_prepare_el3_exit_ns(void)
{
	uint64_t pfr0 = read_id_aa64pfr0_el1();
	uint64_t pfr1 = read_id_aa64pfr1_el1();
	uint64_t dfr0 = read_id_aa64dfr0_el1();
	uint64_t cptr = 0; /* FP/SIMD, AMU and trace registers untrapped */
	uint64_t mdcr = MDCR_SDD_BIT;

	if (ID_FIELD(pfr0, ID_AA64PFR0_SVE_SHIFT) != 0U) {
		cptr |= CPTR_EZ_BIT;
		write_cptr_el3(cptr);
		isb();
		write_zcr_el3(ZCR_LEN_MAX); /* let lower ELs choose any vector length */
	}
	if (ID_FIELD(pfr1, ID_AA64PFR1_SME_SHIFT) != 0U) {
		cptr |= CPTR_ESM_BIT;
		write_cptr_el3(cptr);
		isb();
		write_smcr_el3(SMCR_LEN_MAX);
	}
	write_cptr_el3(cptr);
	if (ID_FIELD(dfr0, ID_AA64DFR0_PMSVER_SHIFT) != 0U)
		mdcr |= MDCR_NSPB_NS;
	if (ID_FIELD(dfr0, ID_AA64DFR0_TRBE_SHIFT) != 0U)
		mdcr |= MDCR_NSTB_NS;
	write_mdcr_el3(mdcr);

	if (!has_el2())
		return;
	write_sctlr_el2(SCTLR_EL2_RES1);
	write_hcr_el2(HCR_RW_BIT);
	write_cptr_el2(CPTR_EL2_RES1); /* TZ, TFP, TAM, TCPAC clear: no traps */
	write_cnthctl_el2(CNTHCTL_EL1PCTEN_BIT | CNTHCTL_EL1PCEN_BIT);
	write_cntvoff_el2(0);
	write_vpidr_el2(read_midr_el1());
	write_vmpidr_el2(read_mpidr_el1());
	write_vttbr_el2(0);
	/* HPMN = PMCR_EL0.N: every event counter usable by EL1. */
	write_mdcr_el2((read_pmcr_el0() >> PMCR_N_SHIFT) & PMCR_N_MASK);
	isb();
}

void cm_inject_undef(struct el3_context *ctx)
{
	uint64_t spsr = ctx->spsr_el3;
	unsigned int from = (unsigned int)(spsr >> SPSR_M_EL_SHIFT) & SPSR_M_EL_MASK;
	/* EL0 traps go to EL1, or to EL2 when HCR_EL2.TGE routes them there. */
	unsigned int to = from != 0U ? from : ((read_hcr_el2() & HCR_TGE_BIT) != 0U ? 2U : 1U);
	/* EC 0 (unknown reason), IL = 1: a 32-bit instruction (D17.2.37). */
	uint64_t esr = ESR_IL_BIT;
	uint64_t vbar, offset;

	/* Which of the vector table's four groups the exception is taken to. */
	if ((spsr & SPSR_M_AARCH32_BIT) != 0U)
		offset = VECTOR_LOWER_AARCH32;
	else if (from != to)
		offset = VECTOR_LOWER_AARCH64;
	else
		offset = (spsr & SPSR_M_SP_BIT) != 0U ? VECTOR_CURRENT_SPX : VECTOR_CURRENT_SP0;

	if (to == 2U) {
		write_elr_el2(ctx->elr_el3);
		write_spsr_el2(spsr);
		write_esr_el2(esr);
		vbar = read_vbar_el2();
	} else {
		write_elr_el1(ctx->elr_el3);
		write_spsr_el1(spsr);
		write_esr_el1(esr);
		vbar = read_vbar_el1();
	}
	ctx->elr_el3 = vbar + offset;
	/* PSTATE on exception entry: all of DAIF masked, ELxh. */
	ctx->spsr_el3 = SPSR_DAIF_MASK | (to == 2U ? SPSR_M_EL2H : SPSR_M_EL1H);
}
