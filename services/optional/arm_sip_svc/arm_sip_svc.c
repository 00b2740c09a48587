/*
 * Arm SiP calls (OEN 2, DEN0028 6.1) on Arm's own platforms (N1SDP, FVP):
 * only the deprecated PMF GET_TIMESTAMP IDs 0x82000010 / 0xC2000010, which
 * TFTF builds from before PMF moved to the Vendor-Specific EL3 range still
 * call. Same arguments and results as PMF_SMC_GET_TIMESTAMP_32/64
 * (docs/design/pmf.rst). Everything else in the range is unknown.
 */
#include <common/runtime_svc.h>
#include <lib/pmf.h>
#include <services/ven_el3_svc.h>

static void arm_sip_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                           struct el3_context *ctx)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION &&
	    (fid == PMF_SMC_GET_TIMESTAMP_32_DEP || fid == PMF_SMC_GET_TIMESTAMP_64_DEP)) {
		pmf_get_timestamp(fid, x1, x2, x3, ctx);
		return;
	}
	smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
}

DECLARE_RT_SVC(arm_sip_svc, OEN_SIP_START, OEN_SIP_START, NULL, arm_sip_handle);
