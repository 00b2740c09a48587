/*
 * make profile's program (payload_profile): each firmware path the
 * profiler knows by name (tools/profile/paths.py), PROFILE_CALLS times,
 * each call made from an SMC call site of its own (profile_smc.S), one
 * path at a time, then SYSTEM_OFF. The boot path is the payload's own
 * boot. For each call the PMF interval the firmware measured is printed
 * too, so that a profile's total can be checked against it (under QEMU
 * -icount one instruction takes 1 ns).
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>

#include "payload.h"
#include "smc.h"

#define PROFILE_CALLS      3U
/* The wake-up timer of a power-down suspend: long enough to get there. */
#define PROFILE_SUSPEND_US 100U

uint64_t profile_smc_psci_version(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3);
uint64_t profile_smc_cpu_on(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3);
uint64_t profile_smc_cpu_off(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3);

/* This core's runtime-instrumentation timestamp @index, read by PMF SMC. */
static uint64_t pmf_ts(unsigned int index)
{
	struct smc_result r = smc(payload_pmf_fid, RT_TID(index),
	                          read_mpidr_el1() & MPIDR_AFFINITY_MASK, 0);

	return r.x0 == 0U ? r.x1 : 0U;
}

static uint64_t ticks_to_ns(uint64_t ticks)
{
	return ticks * 1000000000U / read_cntfrq_el0();
}

static void print_pmf(const char *path, unsigned int call, const char *what, unsigned int from,
                      unsigned int to)
{
	uint64_t t0 = pmf_ts(from), t1 = pmf_ts(to);

	printf("PROFILE: %s call %u: PMF %s = %llu ns\n", path, call, what,
	       (unsigned long long)(t1 >= t0 ? ticks_to_ns(t1 - t0) : 0U));
}

/* The job of a core started by the cpu_on path: the cpu_off path. */
static void off_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	profile_smc_cpu_off(PSCI_FID_CPU_OFF, 0, 0, 0);
}

void profile_run(void)
{
	unsigned int other = payload_nth_other(0);

	printf("PROFILE: %u calls of each path\n", PROFILE_CALLS);
	for (unsigned int i = 0; i < PROFILE_CALLS; i++) {
		profile_smc_psci_version(PSCI_FID_VERSION, 0, 0, 0);
		print_pmf("psci_version", i, "ENTER_PSCI->EXIT_PSCI", RT_INSTR_ENTER_PSCI,
		          RT_INSTR_EXIT_PSCI);
	}

	if (!PAYLOAD_POWERDOWN_SUSPEND)
		payload_skip("PROFILE: cpu_suspend", "PAYLOAD_POWERDOWN_SUSPEND=0");
	for (unsigned int i = 0; PAYLOAD_POWERDOWN_SUSPEND && i < PROFILE_CALLS; i++) {
		payload_timer_arm_us(PROFILE_SUSPEND_US);
		int64_t rc = payload_suspend(PLAT_PSTATE_CORE_OFF);

		payload_timer_stop();
		payload_wake_ack();
		if (rc != PSCI_E_SUCCESS)
			printf("PROFILE: ERROR: CPU_SUSPEND returned %lld\n", (long long)rc);
		print_pmf("cpu_suspend", i, "ENTER_PSCI->ENTER_HW_LOW_PWR", RT_INSTR_ENTER_PSCI,
		          RT_INSTR_ENTER_HW_LOW_PWR);
		print_pmf("cpu_suspend", i, "EXIT_HW_LOW_PWR->EXIT_PSCI", RT_INSTR_EXIT_HW_LOW_PWR,
		          RT_INSTR_EXIT_PSCI);
	}

	if (other == PAYLOAD_NO_CORE) {
		payload_skip("PROFILE: cpu_on, cpu_off", "the machine has one core");
		return;
	}
	for (unsigned int i = 0; i < PROFILE_CALLS; i++) {
		int64_t rc = payload_cpu_on_at(other, off_job, NULL, profile_smc_cpu_on);

		if (rc != PSCI_E_SUCCESS)
			printf("PROFILE: ERROR: CPU_ON returned %lld\n", (long long)rc);
		payload_wait_cpu_off(other);
	}
	/*
	 * AFFINITY_INFO says OFF before the core is down in its hold pen; let
	 * it get there (QEMU schedules the next core at a YIELD) before the
	 * power-off, so that the last cpu_off window ends in every run.
	 */
	for (unsigned int i = 0; i < 16U; i++)
		__asm__ volatile("yield");
	printf("PROFILE: done\n");
}
