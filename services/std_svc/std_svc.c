/*
 * Standard Service calls (OEN 4): PSCI, and around each PSCI call the
 * ENTER_PSCI/EXIT_PSCI runtime-instrumentation points (docs/perf:
 * capture points), then a power call's record in the call ring
 * (docs/design/pmf.rst); the Errata Management ABI's calls (errata_abi.c)
 * take the other branch, so PSCI's path does not grow.
 */
#include <bl31/bl31.h>
#include <common/runtime_svc.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/psci/psci.h>
#include <lib/psci/psci_lib.h>
#include <services/errata_abi.h>

/*
 * The calls that are no PSCI call: the Errata Management ABI's, or
 * unknown. Out of line, so that PSCI's path is compiled as if it were not
 * there.
 */
static __attribute__((noinline, cold)) void std_svc_other(uint32_t fid, uint64_t x1, uint64_t x2,
                                                          uint64_t x3, struct el3_context *ctx)
{
	if (!errata_abi_handle(fid, x1, x2, x3, ctx))
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
}

static void std_svc_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                           struct el3_context *ctx)
{
	if (((fid & FUNCID_NUM_MASK) & PSCI_FUNC_MASK) != 0U) {
		std_svc_other(fid, x1, x2, x3, ctx);
		return;
	}
	/* The counter was read in the vector; commit it for PSCI calls only. */
	pmf_write(RT_INSTR_ENTER_PSCI, my_cpu_data()->pmf_enter_ts, true);
	uint64_t ret = psci_smc_handler(fid, x1, x2, x3, ctx->spsr_el3);

	pmf_capture(RT_INSTR_EXIT_PSCI, false);
	/*
	 * A power call's record in the call ring, once its stamps are
	 * complete; its function ID and first argument from the registers
	 * the SMC vector saved, read only then (off every other call's path).
	 */
	if (pmf_ring_pending())
		psci_pmf_returned((uint32_t)ctx->x[0], ctx->x[1], ret);
	smc_ret1(ctx, ret);
}

static int std_svc_init(void)
{
	return psci_setup((uintptr_t)bl31_warm_entrypoint, bl31_ns_dram());
}

DECLARE_RT_SVC(std_svc, OEN_STD_START, OEN_STD_START, std_svc_init, std_svc_handle);
