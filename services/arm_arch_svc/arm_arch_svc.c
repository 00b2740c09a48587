/*
 * Arm Architecture Calls (OEN 0, Arm DEN0028 chapter 7): SMCCC_VERSION,
 * SMCCC_ARCH_FEATURES, SMCCC_ARCH_SOC_ID and the CPU vulnerability
 * workarounds.
 */
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/runtime_svc.h>
#include <lib/cpus/errata.h>
#include <lib/utils_def.h>
#include <plat/plat_setup.h>

/*
 * Answers to SMCCC_ARCH_FEATURES for the CPU vulnerability workarounds
 * (DEN0028 7.5-7.7), TF-A master's (its arm_arch_svc_setup.c, which
 * answers from the CPU's errata entries since December 2025), so that
 * TFTF and Linux see one ABI:
 *  WORKAROUND_1 (CVE-2017-5715) and WORKAROUND_3 (CVE-2022-23960): -1
 *     (NOT_SUPPORTED) on every CPU. TF-A answers 0 only where a CPU's ops
 *     carry a firmware mitigation for the normal world to call (its
 *     branch-predictor invalidation vectors of Cortex-A57/A72/A73/A75),
 *     which this firmware has for none; on Neoverse N1, Cortex-A76, A35
 *     and A53 it registers no such entry and answers -1, as here. The
 *     calls are still accepted and return nothing: EL3's own Spectre-BHB
 *     loop runs at every entry (lib/cpus), and each EL runs its own;
 *  WORKAROUND_2 (CVE-2018-3639): -2 (NOT_REQUIRED) where no EL needs a
 *     call: FEAT_SSBS (each EL sets PSTATE.SSBS itself) or the unit's
 *     CVE-2018-3639 row applied at reset for every EL (Cortex-A57/A72's
 *     load-pass-store off); -1 otherwise; decided once at cold boot from
 *     the boot CPU's unit (the platforms' CPUs are all of one model), so
 *     every CPU and every warm boot gives the same answer.
 * Linux asks none of the three on N1 (its own lists and ID registers
 * decide; docs/design/errata.rst).
 */
static int32_t wa2_answer;

/*
 * SMCCC_ARCH_SOC_ID (DEN0028 7.4): the platform's identity, asked once at
 * cold boot (plat_soc_id); none (soc_id_ok false) makes the call and its
 * discovery NOT_SUPPORTED.
 */
static struct plat_soc_id soc_id;
static bool soc_id_ok;

static int arm_arch_svc_init(void)
{
	const struct cpu_ops *ops = cpu_ops_mine();

	wa2_answer = cpu_ssbd_not_required(ops, read_midr_el1(), read_id_aa64pfr1_el1())
	                     ? SMC_ARCH_CALL_NOT_REQUIRED
	                     : SMC_ARCH_CALL_NOT_SUPPORTED;
	soc_id_ok = plat_soc_id(&soc_id) == 0 && (soc_id.version >> 31) == 0U &&
	            (soc_id.revision >> 31) == 0U;
	return 0;
}

/*
 * SMCCC_ARCH_SOC_ID(SoC_ID_type): 0 the version, 1 the revision (SMC32 or
 * SMC64), 2 the name in x1-x17 with x0 = SUCCESS (SMCCC 1.5: SMC64 only);
 * anything else INVALID_PARAMETER. The caller's registers in @ctx say it
 * all: x0, SMC32 or SMC64; x1, the type (its upper half ignored for SMC32,
 * DEN0028 2.6). Out of line: the measured calls' path stays as it was.
 */
static __attribute__((noinline, cold)) void soc_id_call(struct el3_context *ctx)
{
	bool smc64 = smccc_is_64((uint32_t)ctx->x[0]);
	uint64_t type = smc64 ? ctx->x[1] : (uint32_t)ctx->x[1];

	if (!soc_id_ok) {
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_ARCH_CALL_NOT_SUPPORTED);
	} else if (type == SMCCC_SOC_ID_VERSION) {
		smc_ret1(ctx, soc_id.version);
	} else if (type == SMCCC_SOC_ID_REVISION) {
		smc_ret1(ctx, soc_id.revision);
	} else if (type == SMCCC_SOC_ID_NAME && smc64 && soc_id.name != NULL) {
		char name[SMCCC_SOC_NAME_LEN] = { 0 };

		/* Little-endian bytes, 8 a register, NUL-padded (DEN0028 7.4.2). */
		for (size_t i = 0; i < sizeof(name) - 1U && soc_id.name[i] != '\0'; i++)
			name[i] = soc_id.name[i];
		memcpy(&ctx->x[1], name, sizeof(name));
		smc_ret1(ctx, SMC_OK);
	} else {
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_ARCH_CALL_INVAL_PARAM);
	}
}

static uint64_t version(void)
{
	return SMCCC_VERSION_VALUE;
}

/*
 * The workaround calls return nothing (DEN0028 7.5-7.7): the caller's
 * x0-x3 come back as it passed them, whatever discovery said, as TF-A
 * returns them. Entering EL3 ran whatever mitigation this CPU has (the
 * Spectre-BHB loop); SSBS is per EL.
 */
static void workaround(void)
{
}

static int32_t arch_features(uint32_t fid);

/*
 * The Arm architecture calls, one row each, as every SMC service's table
 * is (lib/psci/psci_smc.c's PSCI_FUNCTIONS): the function ID (both forms
 * a row each), the SMCCC_ARCH_FEATURES answer, and the typed function the
 * call runs with what it takes and gives (X0: x0 = fn(); X0_X1: x0 =
 * fn(x1); CTX: fn(ctx), which writes the results; NONE: fn(), the
 * caller's registers back). Dispatch and SMCCC_ARCH_FEATURES read only
 * this list, so they cannot disagree; an ID it lacks is SMC_UNK, and
 * NOT_SUPPORTED to SMCCC_ARCH_FEATURES.
 */
#define NOT_SUPPORTED SMC_ARCH_CALL_NOT_SUPPORTED
#define ARM_ARCH_FUNCTIONS(X)                                                                      \
	X(SMCCC_VERSION, SMC_OK, X0, version)                                                      \
	X(SMCCC_ARCH_FEATURES, SMC_OK, X0_X1, arch_features)                                       \
	X(SMCCC_ARCH_SOC_ID, soc_id_ok ? SMC_OK : NOT_SUPPORTED, CTX, soc_id_call)                 \
	X(SMCCC_ARCH_SOC_ID_64, soc_id_ok ? SMC_OK : NOT_SUPPORTED, CTX, soc_id_call)              \
	X(SMCCC_ARCH_WORKAROUND_1, NOT_SUPPORTED, NONE, workaround)                                \
	X(SMCCC_ARCH_WORKAROUND_2, wa2_answer, NONE, workaround)                                   \
	X(SMCCC_ARCH_WORKAROUND_3, NOT_SUPPORTED, NONE, workaround)

static int32_t arch_features(uint32_t fid)
{
#define FEATURES_CASE(id, answer, kind, fn)                                                        \
	case id:                                                                                   \
		return (answer);
	switch (fid) {
		ARM_ARCH_FUNCTIONS(FEATURES_CASE)
	default:
		return NOT_SUPPORTED;
	}
}

/*
 * Every row's function number (bits 15:0) is below ARCH_GAP_FIRST or from
 * ARCH_GAP_END up (each row checked here): a call in between is no row,
 * answered before the switch's tree (the unknown calls' path).
 */
#define ARCH_GAP_FIRST 3U
#define ARCH_GAP_END   0x3fffU
#define ARCH_NOT_IN_GAP(id, answer, kind, fn)                                                      \
	_Static_assert(((id)&0xffffU) < ARCH_GAP_FIRST || ((id)&0xffffU) >= ARCH_GAP_END,          \
	               #id " is in the gap arm_arch_svc_handle answers at once");
ARM_ARCH_FUNCTIONS(ARCH_NOT_IN_GAP)

#define CALL_X0(fn)    smc_ret1(ctx, fn())
#define CALL_X0_X1(fn) smc_ret1(ctx, (uint64_t)(int64_t)fn((uint32_t)x1))
#define CALL_CTX(fn)   fn(ctx)
#define CALL_NONE(fn)  fn()

static void arm_arch_svc_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                                struct el3_context *ctx)
{
	(void)x2;
	(void)x3;
	if ((fid & 0xffffU) - ARCH_GAP_FIRST < ARCH_GAP_END - ARCH_GAP_FIRST) {
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
		return;
	}
	/* A switch the compiler makes a tree of: each call pays a few tests. */
#define HANDLE_CASE(id, answer, kind, fn)                                                          \
	case id:                                                                                   \
		CALL_##kind(fn);                                                                   \
		return;
	switch (fid) {
		ARM_ARCH_FUNCTIONS(HANDLE_CASE)
	default:
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
	}
}

DECLARE_RT_SVC(arm_arch_svc, OEN_ARM_START, OEN_ARM_START, arm_arch_svc_init, arm_arch_svc_handle);
