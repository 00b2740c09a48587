#include <stdbool.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/el3_runtime/context.h>

#define SPSR_DAIF_ALL		(0xfULL << 6)
#define ID_AA64DFR0_PMSVER_SHIFT 32
#define ID_AA64DFR0_TRBE_SHIFT	44
#define MDCR_SDD_BIT		BIT(16)
#define MDCR_NSPB_NS		(3ULL << 12)	/* SPE buffer owned by NS EL1/2 */
#define MDCR_NSTB_NS		(3ULL << 24)	/* trace buffer owned by NS EL1/2 */
#define SCR_ENTP2_BIT		BIT(41)
#define SMCR_LEN_MAX		0xfULL

static uint64_t read_id_aa64dfr0(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, id_aa64dfr0_el1" : "=r"(v));
	return v;
}

static bool has_el2(void)
{
	return ID_FIELD(read_id_aa64pfr0_el1(), ID_AA64PFR0_EL2_SHIFT) != 0U;
}

uint64_t cm_ns_scr_el3(void)
{
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
	     ID_FIELD(isar1, ID_AA64ISAR1_GPA_SHIFT) | ID_FIELD(isar1, ID_AA64ISAR1_GPI_SHIFT)) != 0U)
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
	return scr;
}

void cm_init_ns_context(struct el3_context *ctx, uint64_t entry, uint64_t arg0)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->x[0] = arg0;
	ctx->elr_el3 = entry;
	ctx->spsr_el3 = SPSR_DAIF_ALL | (has_el2() ? SPSR_M_EL2H : SPSR_M_EL1H);
	ctx->scr_el3 = cm_ns_scr_el3();
}

void cm_prepare_el3_exit_ns(void)
{
	uint64_t pfr0 = read_id_aa64pfr0_el1();
	uint64_t pfr1 = read_id_aa64pfr1_el1();
	uint64_t dfr0 = read_id_aa64dfr0();
	uint64_t cptr = 0;	/* FP/SIMD, AMU and trace registers untrapped */
	uint64_t mdcr = MDCR_SDD_BIT;

	if (ID_FIELD(pfr0, ID_AA64PFR0_SVE_SHIFT) != 0U) {
		cptr |= CPTR_EZ_BIT;
		write_cptr_el3(cptr);
		isb();
		write_zcr_el3(0xf);	/* let lower ELs choose any vector length */
	}
	if (ID_FIELD(pfr1, ID_AA64PFR1_SME_SHIFT) != 0U) {
		cptr |= CPTR_ESM_BIT;
		write_cptr_el3(cptr);
		isb();
		__asm__ volatile("msr S3_6_C1_C2_6, %0" : : "r"(SMCR_LEN_MAX));
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
	write_cptr_el2(CPTR_EL2_RES1);	/* TZ, TFP, TAM, TCPAC clear: no traps */
	write_cnthctl_el2(CNTHCTL_EL1PCTEN_BIT | CNTHCTL_EL1PCEN_BIT);
	write_cntvoff_el2(0);
	write_vpidr_el2(read_midr_el1());
	write_vmpidr_el2(read_mpidr_el1());
	write_vttbr_el2(0);
	/* HPMN = PMCR_EL0.N: every event counter usable by EL1. */
	uint64_t pmcr;

	__asm__ volatile("mrs %0, pmcr_el0" : "=r"(pmcr));
	write_mdcr_el2((pmcr >> 11) & 0x1fU);
	isb();
}
