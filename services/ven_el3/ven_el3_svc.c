/*
 * Vendor-Specific EL3 calls (OEN 7, DEN0028 6.1): the PMF interface, with
 * TF-A's ABI (docs/design/pmf.rst).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/runtime_svc.h>
#include <lib/pmf.h>
#include <plat/plat_topology.h>
#include <services/ven_el3_svc.h>

/*
 * GET_TIMESTAMP: x1 = tid, x2 = MPIDR of any CPU, x3 bit 0 = clean and
 * invalidate the slot's line before reading. x0 = 0 and x1 = the timestamp (SMC32: x1/x2 =
 * low/high halves); a bad MPIDR gives -2 in x0 (TF-A leaves the function
 * ID there, which callers must treat as an error anyway); a bad tid -22.
 */
void pmf_get_timestamp(uint32_t fid, uint64_t tid, uint64_t mpidr, uint64_t flags,
                       struct el3_context *ctx)
{
	int pos = plat_core_pos_by_mpidr(mpidr);
	int index = pmf_tid_to_index(tid);

	if (pos < 0) {
		smc_ret1(ctx, (uint64_t)(int64_t)PMF_E_BAD_MPIDR);
		return;
	}
	if (index < 0) {
		smc_ret2(ctx, (uint64_t)(int64_t)PMF_E_INVAL, 0);
		return;
	}

	uint64_t *slot = pmf_slot((unsigned int)pos, (unsigned int)index);

	/*
	 * Clean and invalidate, where TF-A invalidates: the results are the
	 * same, but an invalidation of the target's line while it holds stamps
	 * not yet written back (its call in progress) could discard them (ARM
	 * DDI 0487 D7.5.9: DC IVAC need not clean). Clean can overwrite no
	 * stamp stored with the MMU off: the target's line is clean from its
	 * ENTER_HW_LOW_PWR to its EXIT_PSCI (docs/design/pmf.rst).
	 */
	if ((flags & PMF_CACHE_MAINT) != 0U)
		flush_dcache_line((uintptr_t)slot);
	uint64_t ts = *(volatile uint64_t *)slot;

	if (smccc_is_64(fid))
		smc_ret2(ctx, 0, ts);
	else
		smc_ret3(ctx, 0, ts & 0xffffffffU, ts >> 32);
}

static void ven_el3_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                           struct el3_context *ctx)
{
	if (!ENABLE_RUNTIME_INSTRUMENTATION ||
	    ((fid & FUNCID_NUM_MASK) & PMF_FUNC_RANGE_MASK) != PMF_FUNC_RANGE) {
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
		return;
	}
	switch (fid) {
	case PMF_SMC_GET_TIMESTAMP_32:
	case PMF_SMC_GET_TIMESTAMP_64:
		pmf_get_timestamp(fid, x1, x2, x3, ctx);
		break;
	case PMF_SMC_GET_VERSION_32:
	case PMF_SMC_GET_VERSION_64:
		smc_ret2(ctx, 0, PMF_SMC_VERSION);
		break;
	default:
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
		break;
	}
}

DECLARE_RT_SVC(ven_el3_svc, OEN_VEN_EL3_START, OEN_VEN_EL3_START, NULL, ven_el3_handle);
