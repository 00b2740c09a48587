/*
 * Vendor-Specific EL3 calls (OEN 7, DEN0028 6.1): the PMF interface, with
 * TF-A's ABI, and where the call ring is (docs/design/pmf.rst).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/runtime_svc.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
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

/*
 * GET_RING (SMC64 only): where the call ring is (docs/design/pmf.rst).
 * x1 = MPIDR of any core (bits outside Aff3..Aff0 are ignored, as in
 * GET_TIMESTAMP), x2 and x3 reserved, zero. x0 = 0, x1 = the rings'
 * region (physical address), x2 = its size in bytes, x3 = the layout word:
 * version 7:0, log2 of the record size 15:8, records per core 31:16, the
 * core's ring's offset in the region 63:32. Errors: x2 or x3 not zero
 * gives -22 (PMF_E_INVAL), an MPIDR that names no core -2; a firmware
 * without the ring (PMF_RING=0, TF-A, or a window BL2 could not keep from
 * the normal world: pmf_ring_use) answers -1 as for any function the PMF
 * range does not have. Reads nothing of the ring.
 *
 * Reached for every function ID of the range the switch below does not
 * know, with the handler's own arguments (a tail call): out of the
 * switch, which GCC would otherwise lay out with GET_TIMESTAMP's test
 * later (make bench's row counts it).
 */
static __attribute__((noinline, cold)) void pmf_get_ring(uint32_t fid, uint64_t mpidr, uint64_t x2,
                                                         uint64_t x3, struct el3_context *ctx)
{
	if (fid != PMF_SMC_GET_RING_64 || !pmf_ring_in_use()) {
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
		return;
	}
	if ((x2 | x3) != 0U) {
		smc_ret1(ctx, (uint64_t)(int64_t)PMF_E_INVAL);
		return;
	}

	int pos = plat_core_pos_by_mpidr(mpidr);

	if (pos < 0) {
		smc_ret1(ctx, (uint64_t)(int64_t)PMF_E_BAD_MPIDR);
		return;
	}
	smc_ret4(ctx, 0, PLAT_PMF_RING_BASE, PMF_RING_SIZE,
	         ((uint64_t)pos * PMF_RING_CPU_BYTES << PMF_RING_LAYOUT_OFFSET_SHIFT) |
	                 ((uint64_t)PMF_RING_RECORDS << PMF_RING_LAYOUT_RECORDS_SHIFT) |
	                 ((uint64_t)__builtin_ctz(PMF_RING_LINE) << PMF_RING_LAYOUT_RECORD_SHIFT) |
	                 ((uint64_t)PMF_RING_VERSION << PMF_RING_LAYOUT_VERSION_SHIFT));
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
		pmf_get_ring(fid, x1, x2, x3, ctx);
		break;
	}
}

/* The call ring's memory, before any call can write a record. */
static int ven_el3_init(void)
{
	pmf_ring_setup();
	return 0;
}

DECLARE_RT_SVC(ven_el3_svc, OEN_VEN_EL3_START, OEN_VEN_EL3_START, ven_el3_init, ven_el3_handle);
