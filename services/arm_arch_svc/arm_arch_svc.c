/*
 * Arm Architecture Calls (OEN 0, Arm DEN0028 chapter 7): SMCCC_VERSION,
 * SMCCC_ARCH_FEATURES and the CPU vulnerability workarounds.
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/runtime_svc.h>

/*
 * Answers to SMCCC_ARCH_FEATURES for the workarounds, decided once at cold
 * boot from the ID registers so that every CPU and every warm boot gives
 * the same answer (the normal world caches it).
 *
 * WORKAROUND_1 (CVE-2017-5715) and _3 (CVE-2022-23960): this firmware
 * implements no branch-predictor invalidation on EL3 entry, so it must not
 * claim to (-1, NOT_SUPPORTED); the OS then relies on its own mitigations
 * and on ID_AA64PFR0_EL1.CSV2.
 * WORKAROUND_2 (CVE-2018-3639): a PE with FEAT_SSBS lets each exception
 * level control speculative store bypass itself, and EL3 runs no code an
 * attacker controls, so no firmware call is needed (-2, NOT_REQUIRED);
 * without SSBS there is no firmware mitigation (-1).
 */
static int32_t wa2_answer;

static int arm_arch_svc_init(void)
{
	wa2_answer = ID_FIELD(read_id_aa64pfr1_el1(), ID_AA64PFR1_SSBS_SHIFT) != 0U
		? SMC_ARCH_CALL_NOT_REQUIRED : SMC_ARCH_CALL_NOT_SUPPORTED;
	return 0;
}

static int32_t arch_features(uint32_t fid)
{
	switch (fid) {
	case SMCCC_VERSION:
	case SMCCC_ARCH_FEATURES:
		return SMC_OK;
	case SMCCC_ARCH_WORKAROUND_2:
		return wa2_answer;
	default:
		return SMC_ARCH_CALL_NOT_SUPPORTED;
	}
}

static void arm_arch_svc_handle(const struct smc_call *call, struct el3_context *ctx)
{
	switch (call->fid) {
	case SMCCC_VERSION:
		smc_ret1(ctx, SMCCC_VERSION_VALUE);
		break;
	case SMCCC_ARCH_FEATURES:
		smc_ret1(ctx, (uint64_t)(int64_t)arch_features((uint32_t)call->x[1]));
		break;
	default:
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
		break;
	}
}

DECLARE_RT_SVC(arm_arch_svc, OEN_ARM_START, OEN_ARM_START, arm_arch_svc_init,
	       arm_arch_svc_handle);
