/*
 * Arm Architecture Calls (OEN 0, Arm DEN0028 chapter 7): SMCCC_VERSION,
 * SMCCC_ARCH_FEATURES and the CPU vulnerability workarounds.
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/runtime_svc.h>
#include <lib/cpus/errata.h>

/*
 * Answers to SMCCC_ARCH_FEATURES for the CPU vulnerability workarounds
 * (DEN0028 7.5-7.7), decided once at cold boot from the boot CPU's ID
 * registers and unit (lib/cpus), so every CPU and every warm boot gives the
 * normal world the same answer (the platforms' CPUs are all of one model).
 * On Neoverse N1 they are TF-A's answers, so TFTF and Linux see one ABI:
 *  WORKAROUND_1 (CVE-2017-5715): -1 (NOT_SUPPORTED) everywhere: no CPU
 *     here has an EL3 branch-predictor invalidation to call (N1 and A76
 *     have FEAT_CSV2 and need none; Linux on A57/A72 then reports itself
 *     vulnerable, as with any firmware without the call);
 *  WORKAROUND_2 (CVE-2018-3639): -2 (NOT_REQUIRED) where no EL needs a
 *     call: FEAT_SSBS (each EL sets PSTATE.SSBS itself) or the unit's
 *     CVE-2018-3639 row applied at reset for every EL (Cortex-A57/A72's
 *     load-pass-store off); -1 otherwise;
 *  WORKAROUND_3 (CVE-2022-23960): 1 ("this PE does not need it") when
 *     ID_AA64PFR0_EL1.CSV2 >= 3 or ID_AA64MMFR1_EL1.ECBHB says so; -1
 *     otherwise, also on the CPUs whose EL3 entry runs the branch loop:
 *     that loop guards EL3 only, and a kernel runs its own
 *     (docs/plat/n1sdp.rst).
 * These are the questions Linux asks at boot, each only where the ID
 * registers and its own lists leave it unsure (docs/design/errata.rst).
 */
#define SMC_ARCH_WA_UNAFFECTED 1

static int32_t wa2_answer, wa3_answer;

static int arm_arch_svc_init(void)
{
	uint64_t csv2 = ID_FIELD(read_id_aa64pfr0_el1(), ID_AA64PFR0_CSV2_SHIFT);
	uint64_t ecbhb = ID_FIELD(read_id_aa64mmfr1_el1(), ID_AA64MMFR1_ECBHB_SHIFT);

	wa3_answer = csv2 >= 3U || ecbhb != 0U ? SMC_ARCH_WA_UNAFFECTED
	                                       : SMC_ARCH_CALL_NOT_SUPPORTED;
	wa2_answer = cpu_ssbd_not_required(cpu_ops_mine(), read_midr_el1(), read_id_aa64pfr1_el1())
	                     ? SMC_ARCH_CALL_NOT_REQUIRED
	                     : SMC_ARCH_CALL_NOT_SUPPORTED;
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
	case SMCCC_ARCH_WORKAROUND_3:
		return wa3_answer;
	default:
		return SMC_ARCH_CALL_NOT_SUPPORTED;
	}
}

static void arm_arch_svc_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                                struct el3_context *ctx)
{
	(void)x2;
	(void)x3;
	switch (fid) {
	case SMCCC_VERSION:
		smc_ret1(ctx, SMCCC_VERSION_VALUE);
		break;
	case SMCCC_ARCH_FEATURES:
		smc_ret1(ctx, (uint64_t)(int64_t)arch_features((uint32_t)x1));
		break;
	case SMCCC_ARCH_WORKAROUND_1:
	case SMCCC_ARCH_WORKAROUND_2:
	case SMCCC_ARCH_WORKAROUND_3:
		/*
		 * These calls return nothing (DEN0028 7.5-7.7): the caller's
		 * x0-x3 come back as it passed them, whatever discovery said,
		 * as TF-A returns them. Entering EL3 ran whatever mitigation
		 * this CPU has (the Spectre-BHB loop); SSBS is per EL.
		 */
		break;
	default:
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
		break;
	}
}

DECLARE_RT_SVC(arm_arch_svc, OEN_ARM_START, OEN_ARM_START, arm_arch_svc_init, arm_arch_svc_handle);
