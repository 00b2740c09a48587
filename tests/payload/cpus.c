/*
 * Core management for the test payload: CPU_ON with a job, CPU_OFF when it
 * is done, power-down suspend that returns like a call, per-core timers.
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/mmio.h>
#include <lib/psci/psci.h>
#include <lib/spinlock.h>

#include "payload.h"
#include "smc.h"

/* The EL1 physical timer's PPI (Arm BSA / GIC: INTID 30). */
#define TIMER_PPI 30U
/* The SGI one core sends another to end a suspend (IHI 0069 2.2.1). */
#define WAKE_SGI  0U

struct job {
	payload_job_fn fn;
	void *arg;
};

/* Callee-saved state across a power-down suspend (payload_entry.S). */
struct suspend_ctx {
	uint64_t x19_x30[12];
	uint64_t sp;
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

static struct job jobs[PAYLOAD_MAX_CORES] __attribute__((aligned(64)));
static struct suspend_ctx suspend_ctxs[PAYLOAD_MAX_CORES];

void payload_cpu_entry(uint64_t context_id);
void payload_secondary_main(struct job *job, uint64_t entry_ts) __attribute__((noreturn));
void payload_exception(uint64_t slot) __attribute__((noreturn));
int64_t payload_suspend_smc(uint64_t power_state, struct suspend_ctx *ctx);
int64_t payload_powerdown_smc(uint64_t fid, struct suspend_ctx *ctx);

/* Written by payload_ctxid_entry with its MMU off. */
uint64_t payload_ctxid_seen[PAYLOAD_MAX_CORES] __attribute__((aligned(64)));
static void ctxid_idle(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
}
struct job payload_ctxid_job = { ctxid_idle, NULL };

/* The lock ranks each core holds (include/lib/spinlock.h); the last: before it knows its index. */
static uint64_t locks_held[PAYLOAD_MAX_CORES + 1];

uint64_t *lock_order_held(void)
{
	unsigned int pos = payload_my_pos();

	return &locks_held[pos == PAYLOAD_NO_CORE ? PAYLOAD_MAX_CORES : pos];
}

unsigned int payload_my_pos(void)
{
	uint64_t me = read_mpidr_el1() & MPIDR_AFFINITY_MASK;

	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (payload_topo.mpidr[c] == me)
			return c;
	}
	return PAYLOAD_NO_CORE;
}

void payload_cpu_setup(void)
{
	/*
	 * Every exception stays masked: a pending interrupt only ends WFI
	 * (ARM DDI 0487 D1.16.2), and the payload acknowledges it.
	 */
	if (!payload_gic_cpu_setup(1U << TIMER_PPI | 1U << WAKE_SGI))
		payload_check(false, "core %u: no GIC redistributor has its affinity",
		              payload_my_pos());
	payload_timer_stop();
	payload_wake_ack();
}

void payload_wake(unsigned int pos)
{
	payload_gic_send_sgi(payload_mpidr(pos), WAKE_SGI);
}

void payload_wake_ack(void)
{
	payload_gic_ack_all();
}

void payload_timer_arm_us(uint64_t us)
{
	uint64_t ticks = us * read_cntfrq_el0() / 1000000U;

	write_cntp_tval_el0(ticks);
	write_cntp_ctl_el0(CNTP_CTL_ENABLE_BIT);
	isb();
}

void payload_timer_stop(void)
{
	/* The PPI is level-triggered: disabling the timer also un-pends it. */
	write_cntp_ctl_el0(0);
	isb();
}

int64_t payload_cpu_on_at(unsigned int pos, payload_job_fn fn, void *arg, payload_smc_site site)
{
	jobs[pos] = (struct job){ fn, arg };
	/* The target reads its job with its MMU off until it turns it on. */
	flush_dcache_range((uintptr_t)&jobs[pos], sizeof(jobs[pos]));
	return (int64_t)site(PSCI_FID_CPU_ON | PSCI_FID_SMC64_BIT, payload_mpidr(pos),
	                     (uintptr_t)payload_cpu_entry, (uintptr_t)&jobs[pos]);
}

static uint64_t smc_x0(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	return smc(fid, a1, a2, a3).x0;
}

int64_t payload_cpu_on(unsigned int pos, payload_job_fn fn, void *arg)
{
	return payload_cpu_on_at(pos, fn, arg, smc_x0);
}

bool payload_wait_aff(unsigned int pos, int64_t state)
{
	/* Bounded: a core that never comes back must not hang the payload. */
	for (unsigned long polls = 0; polls < 20000000UL; polls++) {
		int64_t got = smc1(PSCI_FID_AFFINITY_INFO | PSCI_FID_SMC64_BIT, payload_mpidr(pos),
		                   0, 0);

		if (got == state)
			return true;
		/* An error (a core the firmware does not have): it will never come. */
		if (got < 0)
			return payload_check(
				false, "core %u: AFFINITY_INFO returned %lld, waiting for %lld",
				pos, (long long)got, (long long)state);
		/* YIELD lets QEMU's round-robin scheduler run the other cores. */
		__asm__ volatile("yield");
	}
	return payload_check(false, "core %u never reached AFFINITY_INFO state %lld", pos,
	                     (long long)state);
}

void payload_wait_cpu_off(unsigned int pos)
{
	payload_wait_aff(pos, PSCI_AFF_OFF);
}

uint64_t payload_entry_ts[PAYLOAD_MAX_CORES];

void payload_secondary_main(struct job *job, uint64_t entry_ts)
{
	payload_entry_ts[payload_my_pos()] = entry_ts;
	payload_cpu_setup();
	job->fn(payload_my_pos(), job->arg);
	smc1(PSCI_FID_CPU_OFF, 0, 0, 0);
	printf("PAYLOAD: ERROR: CPU_OFF returned on core %u\n", payload_my_pos());
	for (;;)
		wfi();
}

int64_t payload_suspend(uint32_t power_state)
{
	return payload_suspend_smc(power_state, &suspend_ctxs[payload_my_pos()]);
}

int64_t payload_powerdown(uint32_t fid)
{
	return payload_powerdown_smc(fid, &suspend_ctxs[payload_my_pos()]);
}

uint64_t payload_ctxid_received(unsigned int pos)
{
	inv_dcache_range((uintptr_t)&payload_ctxid_seen[pos], sizeof(uint64_t));
	return payload_ctxid_seen[pos];
}

void payload_barrier_init(struct payload_barrier *b, uint32_t participants)
{
	b->count = 0;
	b->participants = participants;
	dsb_ish();
}

void payload_barrier_set_participants(struct payload_barrier *b, uint32_t participants)
{
	__atomic_store_n(&b->participants, participants, __ATOMIC_RELEASE);
	sev();
}

void payload_barrier_wait(struct payload_barrier *b)
{
	__atomic_fetch_add(&b->count, 1U, __ATOMIC_SEQ_CST);
	sev();
	while (__atomic_load_n(&b->count, __ATOMIC_ACQUIRE) <
	       __atomic_load_n(&b->participants, __ATOMIC_ACQUIRE))
		wfe();
}

volatile uint64_t payload_expected_esr_seen;
volatile bool payload_expect_undef;

bool payload_sync_exception(uint64_t esr);

bool payload_sync_exception(uint64_t esr)
{
	if (!payload_expect_undef)
		return false;
	payload_expect_undef = false;
	payload_expected_esr_seen = esr;
	return true;
}

void payload_exception(uint64_t slot)
{
	uint64_t esr = read_esr_el2(), elr = read_elr_el2();

	printf("PAYLOAD: ERROR: unexpected exception, vector slot %llu, ESR_EL2 0x%llx, ELR_EL2 0x%llx\n",
	       (unsigned long long)slot, (unsigned long long)esr, (unsigned long long)elr);
	for (;;)
		wfi();
}
