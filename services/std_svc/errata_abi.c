/*
 * Arm Errata Management Firmware Interface (Arm DEN0100 1.0): the normal
 * world asks whether the CPU it runs on is affected by an erratum and
 * who mitigates it. Standard Service calls (OEN 4), SMC32, function
 * numbers 0xF0-0xF2, beside PSCI (services/std_svc/std_svc.c routes them).
 *
 * One row per function (its ID and its handler), which both the dispatch
 * and EM_FEATURES read, so the two cannot disagree. The answers come from
 * the calling CPU's unit (lib/cpus: its errata rows, its revision, whether
 * this platform has the IMPLEMENTATION DEFINED registers the workaround
 * writes and whether the build carries it): include/lib/cpus/errata.h,
 * cpu_em_answer.
 */
#include <arch/aarch64/arch.h>
#include <common/runtime_svc.h>
#include <lib/cpus/errata.h>
#include <lib/smccc.h>
#include <lib/utils_def.h>
#include <services/errata_abi.h>

/* One function: its result (x0) from the caller's x1, x2 and saved registers. */
struct em_function {
	uint32_t fid;
	int64_t (*call)(uint64_t x1, uint64_t x2, const struct el3_context *ctx);
};

static int64_t em_features(uint64_t x1, uint64_t x2, const struct el3_context *ctx);

/* EM_VERSION: 1.0 (DEN0100 3.1). */
static int64_t em_version(uint64_t x1, uint64_t x2, const struct el3_context *ctx)
{
	(void)x1;
	(void)x2;
	(void)ctx;
	return EM_VERSION_VALUE;
}

/*
 * The exception level an SMC came from, from its SPSR_EL3: an AArch64
 * caller's M[3:2]; an AArch32 caller is EL2 in Hyp mode, EL1 otherwise
 * (ARM DDI 0487 C5.2.19).
 */
static unsigned int caller_el(const struct el3_context *ctx)
{
	uint64_t m = ctx->spsr_el3;

	if ((m & SPSR_M_AARCH32_BIT) != 0U)
		return (m & 0x1FU) == 0x1AU ? 2U : 1U;
	return (unsigned int)(m >> SPSR_M_EL_SHIFT) & SPSR_M_EL_MASK;
}

/*
 * EM_CPU_ERRATUM_FEATURES(CPU_erratum_ID, forward_flag) (3.3): for the PE
 * that makes the call. forward_flag (the call is a hypervisor's on behalf
 * of its EL1) is valid from EL2 only: INVALID_PARAMETERS otherwise. The
 * argument registers past x2 are ignored, as SMCCC says of unused ones:
 * Linux's callers (arm_smccc_1_1_invoke) leave them as they are, as TF-A
 * accepts them. The answer is the same for either EL the
 * question is about: an erratum EL3 mitigates, it mitigates for both
 * (HIGHER_EL_MITIGATION); one each EL mitigates for itself (AFFECTED) is
 * EL1's to mitigate as much as EL2's. The ids are Arm's erratum numbers:
 * the rows' CVE_ID()s are this firmware's own and unknown here.
 */
static int64_t em_cpu_erratum_features(uint64_t x1, uint64_t x2, const struct el3_context *ctx)
{
	uint32_t id = (uint32_t)x1;

	if ((uint32_t)x2 != 0U && caller_el(ctx) != 2U)
		return EM_INVALID_PARAMETERS;
	if (id >= CVE_ID(2000, 0))
		return EM_UNKNOWN_ERRATUM;
	return cpu_em_answer(id);
}

static const struct em_function em_functions[] = {
	{ EM_VERSION, em_version },
	{ EM_FEATURES, em_features },
	{ EM_CPU_ERRATUM_FEATURES, em_cpu_erratum_features },
};
static const unsigned int em_function_count = ARRAY_SIZE(em_functions);

/* EM_FEATURES(function ID): SUCCESS for this interface's functions, else NOT_SUPPORTED (3.2). */
static int64_t em_features(uint64_t x1, uint64_t x2, const struct el3_context *ctx)
{
	(void)x2;
	(void)ctx;
	for (unsigned int i = 0; i < em_function_count; i++) {
		if (em_functions[i].fid == (uint32_t)x1)
			return EM_SUCCESS;
	}
	return EM_NOT_SUPPORTED;
}

bool errata_abi_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3, struct el3_context *ctx)
{
	(void)x3; /* no function here takes a third argument */
	for (unsigned int i = 0; i < em_function_count; i++) {
		if (em_functions[i].fid == fid) {
			smc_ret1(ctx, (uint64_t)em_functions[i].call(x1, x2, ctx));
			return true;
		}
	}
	return false;
}
