/*
 * Micro-benchmarks of the EL3 paths (make bench). Under QEMU -icount one
 * instruction takes 1 ns, so "ns per call" counts the instructions of a
 * whole round trip (SMC, EL3, ERET, and the payload's loop), averaged over
 * many calls to get below the 16 ns counter tick. Deterministic; compare
 * figures within one run.
 *
 * Each call of a loop costs the same whole number of instructions, and the
 * two counter reads around the loop are each off by less than a tick,
 * wherever in a tick the loop starts (a build with other keys starts it
 * elsewhere): over more than 32 calls that is under half an instruction a
 * call, so the figure rounded to the nearest ns is that whole number, the
 * same in every run of the same code.
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>

#include "payload.h"
#include "smc.h"

#define CALLS  4000U
#define CYCLES 200U
_Static_assert(CYCLES > 32U && CALLS > 32U, "ns_per rounds to the instruction only over 32 calls");

static uint64_t ns_per(uint64_t ticks, unsigned int n)
{
	uint64_t ns = ticks * 1000000000U / read_cntfrq_el0();

	return (ns + n / 2U) / n;
}

static void bench_smc(const char *name, uint64_t fid, uint64_t a1, uint64_t a2)
{
	uint64_t t0 = read_cntpct_el0();

	for (unsigned int i = 0; i < CALLS; i++)
		smc(fid, a1, a2, 0);

	uint64_t t1 = read_cntpct_el0();

	printf("BENCH: %-44s %6llu ns/call\n", name, (unsigned long long)ns_per(t1 - t0, CALLS));
}

/*
 * The DRAM zeroing N1SDP's BL2 runs before it turns ECC on
 * (plat/n1sdp/n1sdp_bl2_setup.c, lib/aarch64's zero_normal_mem): its
 * instructions per MiB, the cost that grows with the board's DDR.
 */
#define ZERO_BYTES (1U << 20)
#define ZERO_CALLS 48U /* over 32: the rounding above */
static uint8_t zero_buf[ZERO_BYTES] __attribute__((aligned(4096)));

static void bench_dram_zeroing(void)
{
	uint64_t t0 = read_cntpct_el0();

	for (unsigned int i = 0; i < ZERO_CALLS; i++)
		zero_normal_mem((uintptr_t)zero_buf, ZERO_BYTES);

	uint64_t t1 = read_cntpct_el0();

	printf("BENCH: %-44s %6llu ns/call\n", "DRAM zeroing for ECC, 1 MiB (DC ZVA)",
	       (unsigned long long)ns_per(t1 - t0, ZERO_CALLS));
}

static void idle(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
}

void bench_run(void)
{
	uint64_t me = read_mpidr_el1() & MPIDR_AFFINITY_MASK;
	uint64_t t0, t1;

	printf("BENCH: %u calls each, -icount: 1 ns = 1 instruction\n", CALLS);
	/* Not an SMC: before the floor (below). */
	bench_dram_zeroing();
	/*
	 * The floor, before every SMC path: an SMC BL31's vectors answer
	 * before saving anything (a reserved function-ID bit,
	 * include/lib/smccc.h): the trap, the vector's own minimum (with the
	 * Spectre-BHB loop where the CPU runs it), the ERET and this loop.
	 * tools/rt_report/bench_report.py shows the distance from it of it and
	 * every row after it, by its "floor:" name.
	 */
	bench_smc("floor: an SMC the vectors answer", SMC_FLOOR_FID, 0, 0);
	bench_smc("unknown SMC (SiP, no service)", 0xc200ff00U, 0, 0);
	bench_smc("unknown Arm architecture call (OEN 0)", 0x80000099U, 0, 0);
	bench_smc("yielding call (rejected before lookup)", 0x04000000U, 0, 0);
	bench_smc("SMCCC_VERSION", SMCCC_VERSION, 0, 0);
	bench_smc("PSCI_VERSION", PSCI_FID_VERSION, 0, 0);
	bench_smc("PSCI_FEATURES(CPU_SUSPEND)", PSCI_FID_FEATURES, PSCI_FID_CPU_SUSPEND, 0);
	bench_smc("AFFINITY_INFO (SMC64)", PSCI_FID_AFFINITY_INFO | PSCI_FID_SMC64_BIT, me, 0);
	bench_smc("PMF GET_TIMESTAMP (SMC64)", payload_pmf_fid, RT_TID(RT_INSTR_ENTER_PSCI), me);

	/* Core standby with the wake-up interrupt already pending. */
	write_cntp_tval_el0(0);
	write_cntp_ctl_el0(CNTP_CTL_ENABLE_BIT);
	isb();
	bench_smc("CPU_SUSPEND core standby (wake-up pending)", PSCI_FID_CPU_SUSPEND,
	          PLAT_PSTATE_CORE_STANDBY, 0);
	/*
	 * A power-down suspend that a pending wake-up abandons (the early
	 * return of CPU_SUSPEND, 5.4.1), and a PMF read of this core's slot
	 * with the maintenance flag (x3 bit 0) another core's reader passes.
	 */
	t0 = read_cntpct_el0();
	for (unsigned int i = 0; i < CALLS; i++)
		payload_suspend(PLAT_PSTATE_CORE_OFF);
	t1 = read_cntpct_el0();
	printf("BENCH: %-44s %6llu ns/call\n", "CPU_SUSPEND core power-down (wake-up pending)",
	       (unsigned long long)ns_per(t1 - t0, CALLS));
	payload_timer_stop();
	/* (The call's ID in a register before the loop, as bench_smc has it.) */
	const uint64_t pmf = payload_pmf_fid;

	t0 = read_cntpct_el0();
	for (unsigned int i = 0; i < CALLS; i++)
		smc(pmf, RT_TID(RT_INSTR_ENTER_PSCI), me, PMF_CACHE_MAINT);
	t1 = read_cntpct_el0();
	printf("BENCH: %-44s %6llu ns/call\n", "PMF GET_TIMESTAMP (SMC64, cache maintenance)",
	       (unsigned long long)ns_per(t1 - t0, CALLS));

	unsigned int other = payload_nth_other(0);

	if (other == PAYLOAD_NO_CORE) {
		payload_skip("BENCH: CPU_ON + warm boot + CPU_OFF", "the machine has one core");
		return;
	}

	uint64_t to_entry = 0;

	t0 = read_cntpct_el0();
	for (unsigned int i = 0; i < CYCLES; i++) {
		uint64_t call = read_cntpct_el0();

		payload_cpu_on(other, idle, NULL);
		payload_wait_cpu_off(other);
		to_entry += payload_entry_ts[other] - call;
	}
	t1 = read_cntpct_el0();
	printf("BENCH: %-44s %6llu ns/cycle\n", "CPU_ON + warm boot + CPU_OFF of another core",
	       (unsigned long long)ns_per(t1 - t0, CYCLES));
	/*
	 * From the caller's SMC to the target's first instruction at its entry
	 * point: the caller's CPU_ON and the target's warm boot, plus the
	 * target's hold-pen wake-up and QEMU's switches between the two cores.
	 * A mean of CYCLES intervals, each read to a counter tick: where in a
	 * tick they fall moves with the boot before (a build's own keys), so
	 * two builds of the same code can differ by a few ns here (the cycle
	 * row above, two reads around the loop, is exact).
	 */
	printf("BENCH: %-44s %6llu ns/call\n", "CPU_ON call -> target at its entry point",
	       (unsigned long long)ns_per(to_entry, CYCLES));
}
