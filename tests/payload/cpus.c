/*
 * Core management for the test payload: CPU_ON with a job, CPU_OFF when it
 * is done, power-down suspend that returns like a call, per-core timers.
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <drivers/gicv3.h>
#include <lib/mmio.h>
#include <lib/psci/psci.h>
#include <lib/spinlock.h>

#include "payload.h"
#include "smc.h"

/* The EL1 physical timer's PPI (Arm BSA / GIC: INTID 30). */
#define TIMER_PPI		30U
#define CNTP_CTL_ENABLE		1U
/* The SGI one core sends another to end a suspend (IHI 0069 2.2.1). */
#define WAKE_SGI		0U
#define INTID_SPURIOUS		1020U

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
void payload_secondary_main(struct job *job) __attribute__((noreturn));
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

unsigned int payload_my_pos(void)
{
	uint64_t me = read_mpidr_el1() & MPIDR_AFFINITY_MASK;

	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (payload_topo.mpidr[c] == me)
			return c;
	}
	return PAYLOAD_NO_CORE;
}

/* GICR_IPRIORITYR holds a byte per interrupt; write its aligned word. */
static void set_priority(uintptr_t rd, unsigned int intid, uint8_t prio)
{
	uintptr_t word = rd + GICR_IPRIORITYR + (intid & ~3U);
	unsigned int shift = (intid & 3U) * 8U;

	mmio_write_32(word, (mmio_read_32(word) & ~(0xffU << shift)) | (uint32_t)prio << shift);
}

void payload_cpu_setup(void)
{
	uintptr_t rd = gicv3_find_redistributor(PLAT_GICR_BASE, read_mpidr_el1());

	/*
	 * The timer PPI and the wake-up SGI, enabled at a priority the PMR
	 * lets through. Every exception stays masked: a pending interrupt only
	 * ends WFI (ARM DDI 0487 D1.16.2), and the payload acknowledges it.
	 */
	set_priority(rd, TIMER_PPI, 0x80);
	set_priority(rd, WAKE_SGI, 0x80);
	mmio_write_32(rd + GICR_ISENABLER0, 1U << TIMER_PPI | 1U << WAKE_SGI);
	__asm__ volatile("msr S3_0_C4_C6_0, %0" : : "r"(0xffULL));	/* ICC_PMR_EL1 */
	__asm__ volatile("msr S3_0_C12_C12_7, %0" : : "r"(1ULL));	/* ICC_IGRPEN1_EL1 */
	isb();
	payload_timer_stop();
	payload_wake_ack();
}

void payload_wake(unsigned int pos)
{
	uint64_t mpidr = payload_mpidr(pos);
	uint64_t aff0 = mpidr & 0xffU;
	/* ICC_SGI1R_EL1: Aff3/Aff2/Aff1, RS = Aff0 / 16, target list bit Aff0 % 16. */
	uint64_t sgi1r = ((mpidr >> 32) & 0xffU) << 48 | ((mpidr >> 16) & 0xffU) << 32 |
			 (aff0 >> 4) << 44 | ((mpidr >> 8) & 0xffU) << 16 |
			 (uint64_t)WAKE_SGI << 24 | 1ULL << (aff0 & 0xfU);

	dsb_ish();
	__asm__ volatile("msr S3_0_C12_C11_5, %0" : : "r"(sgi1r));	/* ICC_SGI1R_EL1 */
	isb();
}

void payload_wake_ack(void)
{
	uint64_t intid;

	/* ICC_IAR1_EL1 / ICC_EOIR1_EL1: take and complete what is pending. */
	for (unsigned int i = 0; i < 8U; i++) {
		__asm__ volatile("mrs %0, S3_0_C12_C12_0" : "=r"(intid));
		if ((intid & 0xffffffU) >= INTID_SPURIOUS)
			break;
		__asm__ volatile("msr S3_0_C12_C12_1, %0" : : "r"(intid));
		isb();
	}
}

void payload_timer_arm_us(uint64_t us)
{
	uint64_t ticks = us * read_cntfrq_el0() / 1000000U;

	__asm__ volatile("msr cntp_tval_el0, %0" : : "r"(ticks));
	__asm__ volatile("msr cntp_ctl_el0, %0" : : "r"((uint64_t)CNTP_CTL_ENABLE));
	isb();
}

void payload_timer_stop(void)
{
	/* The PPI is level-triggered: disabling the timer also un-pends it. */
	__asm__ volatile("msr cntp_ctl_el0, xzr");
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
		if (smc1(PSCI_FID_AFFINITY_INFO | PSCI_FID_SMC64_BIT, payload_mpidr(pos), 0, 0) ==
		    state)
			return true;
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

void payload_secondary_main(struct job *job)
{
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
	uint64_t esr, elr;

	__asm__ volatile("mrs %0, esr_el2" : "=r"(esr));
	__asm__ volatile("mrs %0, elr_el2" : "=r"(elr));
	printf("PAYLOAD: ERROR: unexpected exception, vector slot %llu, ESR_EL2 0x%llx, ELR_EL2 0x%llx\n",
	       (unsigned long long)slot, (unsigned long long)esr, (unsigned long long)elr);
	for (;;)
		wfi();
}
