/*
 * The power paths' real-time stress (make check's power-stress suite):
 * every core suspends, powers off and powers other cores on, in parallel
 * and over and over, first in platform-coordinated mode, then in
 * OS-initiated mode with requests at every level, in both StateID
 * spellings. Run without -icount, where QEMU's vCPUs interleave as the
 * host schedules them, so that races -icount's fixed interleaving hides
 * are met (docs/design/psci.rst, Locking).
 *
 * Each core runs jobs: a job is a few operations chosen at random
 * (CPU_SUSPEND to a random state woken by a random timer, CPU_ON of a
 * random core, a look at its own state), then CPU_OFF; any core may start
 * a new job on a core that is off. What is checked:
 *  - every answer is one the call may give in that mode (a
 *    platform-coordinated CPU_SUSPEND of a table value succeeds; an
 *    OS-initiated one may also be DENIED or INVALID_PARAMETERS, as other
 *    cores come and go; CPU_ON of a core is SUCCESS, ALREADY_ON or
 *    ON_PENDING);
 *  - a running core is ON, and so are its cluster and the system, as
 *    AFFINITY_INFO and NODE_HW_STATE report them (a domain the firmware
 *    took down under a running core would show here);
 *  - every CPU_ON that succeeded started exactly one job;
 *  - the phase ends: every core off again within a bound.
 * Lines "STRESS: <phase>: ... PASS|FAIL"; the payload's verdict follows.
 */
#include <stdarg.h>
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/psci/psci.h>
#include <lib/utils_def.h>

#include "payload.h"
#include "smc.h"

#define SMC64(fid)     ((fid) | PSCI_FID_SMC64_BIT)
/* Jobs per phase, all cores together, and operations a job makes at most. */
#define JOBS_PER_PHASE 300U
#define OPS_PER_JOB    24U
/* Operations the lead makes per phase while the others run jobs. */
#define LEAD_OPS       6000U
/* Timers that end a suspend: 10 to 10 + TIMER_SPAN_US us. */
#define TIMER_SPAN_US  200U

/* The states a request may name: the table's values, and their recommended spellings. */
static const uint32_t states[] = {
	PLAT_PSTATE_CORE_STANDBY,
	PLAT_PSTATE_CORE_OFF,
	PLAT_PSTATE_CLUSTER_OFF,
	PLAT_PSTATE_DEEPEST,
};
/* As conformance.c: the platform's StateIDs name each level's state (QEMU, FVP). */
#define RECOMMENDED_IDS ((PLAT_PSTATE_CORE_OFF & PSTATE_ID_LEVEL_MASK) == 2U)
#define LAST_AT_SHIFT   (PSTATE_ID_LEVEL_BITS * (PLAT_MAX_PWR_LVL + 1U))

/* What one core did in a phase, and its random numbers (xorshift64), in a line of its own. */
struct tally {
	unsigned int suspends, granted, denied, invalid, ons, on_busy, checks, failures;
	uint64_t rng;
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

static struct tally tallies[PAYLOAD_MAX_CORES];
static bool osi;
static volatile uint32_t stop;
static uint32_t jobs_started, jobs_granted;

static unsigned int below(unsigned int pos, unsigned int n)
{
	uint64_t x = tallies[pos].rng;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	tallies[pos].rng = x;
	return (unsigned int)(x % n);
}

static bool expect(struct tally *t, bool ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * CPU_SUSPEND(@ps), the core's timer due @us µs on to wake it, the answer
 * counted in @t; returns PSCI's answer.
 */
static int64_t timed_suspend(struct tally *t, uint32_t ps, unsigned int us)
{
	payload_timer_arm_us(us);
	int64_t rc = payload_suspend(ps);

	payload_timer_stop();
	payload_wake_ack();
	t->suspends++;
	t->granted += rc == PSCI_E_SUCCESS;
	t->denied += rc == PSCI_E_DENIED;
	t->invalid += rc == PSCI_E_INVALID_PARAMS;
	return rc;
}

static bool expect(struct tally *t, bool ok, const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	if (ok)
		return true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (t->failures++ < 3U)
		payload_check(false, "STRESS: core %u: %s", payload_my_pos(), msg);
	return false;
}

/*
 * A running core and its domains are ON: AFFINITY_INFO, and the power
 * controller's view (NODE_HW_STATE) where the firmware has it.
 */
static void look_at_self(unsigned int pos, struct tally *t)
{
	uint64_t me = payload_mpidr(pos);
	int64_t aff = smc1(SMC64(PSCI_FID_AFFINITY_INFO), me, 0, 0);

	t->checks++;
	expect(t, aff == PSCI_AFF_ON, "running, AFFINITY_INFO says %lld", (long long)aff);
	if (!payload_topo.node_hw_state)
		return;
	for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
		int64_t hw = smc1(SMC64(PSCI_FID_NODE_HW_STATE), me, lvl, 0);

		expect(t, hw == PSCI_HW_ON, "running, NODE_HW_STATE of its level-%u domain is %lld",
		       lvl, (long long)hw);
	}
}

static void suspend_once(unsigned int pos, struct tally *t)
{
	uint32_t ps = states[below(pos, ARRAY_SIZE(states))];

	/* Half the time the recommended spelling: last at a level from the PowerLevel up. */
	if (RECOMMENDED_IDS && below(pos, 2) != 0U) {
		unsigned int level = (ps >> PSTATE_PWR_LVL_SHIFT) & PSTATE_PWR_LVL_MASK;

		ps |= (level + below(pos, PLAT_MAX_PWR_LVL + 1U - level)) << LAST_AT_SHIFT;
	}
	int64_t rc = timed_suspend(t, ps, 10U + below(pos, TIMER_SPAN_US));
	/*
	 * Platform-coordinated: every table value is granted (perhaps
	 * shallower). OS-initiated: the other cores decide whether the caller
	 * is the last, and in what state they are (DEN0022 5.4.2).
	 */
	expect(t,
	       rc == PSCI_E_SUCCESS ||
	               (osi && (rc == PSCI_E_DENIED || rc == PSCI_E_INVALID_PARAMS)),
	       "CPU_SUSPEND(0x%08x) returned %lld", ps, (long long)rc);
	look_at_self(pos, t);
}

static void job(unsigned int pos, void *arg);

/* CPU_ON of a random other core, with a job, while the phase lasts. */
static void start_one(unsigned int pos, struct tally *t)
{
	unsigned int target = below(pos, payload_topo.cores);

	if (target == pos || target == payload_topo.lead ||
	    __atomic_load_n(&stop, __ATOMIC_ACQUIRE) != 0U)
		return;
	int64_t rc = payload_cpu_on(target, job, NULL);

	t->ons++;
	t->on_busy += rc == PSCI_E_ALREADY_ON || rc == PSCI_E_ON_PENDING;
	if (rc == PSCI_E_SUCCESS)
		__atomic_fetch_add(&jobs_granted, 1U, __ATOMIC_SEQ_CST);
	expect(t, rc == PSCI_E_SUCCESS || rc == PSCI_E_ALREADY_ON || rc == PSCI_E_ON_PENDING,
	       "CPU_ON of core %u returned %lld", target, (long long)rc);
}

static void operate(unsigned int pos)
{
	struct tally *t = &tallies[pos];
	unsigned int op = below(pos, 8);

	if (op < 5U)
		suspend_once(pos, t);
	else if (op < 7U)
		start_one(pos, t);
	else
		look_at_self(pos, t);
}

/* A job: a few operations, then the framework's CPU_OFF (payload_secondary_main). */
static void job(unsigned int pos, void *arg)
{
	(void)arg;
	if (__atomic_fetch_add(&jobs_started, 1U, __ATOMIC_SEQ_CST) >= JOBS_PER_PHASE)
		__atomic_store_n(&stop, 1U, __ATOMIC_RELEASE);
	look_at_self(pos, &tallies[pos]);
	for (unsigned int n = 1U + below(pos, OPS_PER_JOB); n > 0U; n--)
		operate(pos);
}

/* One phase: the lead operates too, then waits for every other core to be off. */
static bool phase(const char *name)
{
	unsigned int lead = payload_topo.lead;
	struct tally sum = { 0 };
	bool ok = true;

	for (unsigned int c = 0; c < payload_topo.cores; c++)
		tallies[c] = (struct tally){ .rng = 0x9e3779b97f4a7c15ULL * (c + 1U) ^
			                            read_cntpct_el0() };
	jobs_started = 0;
	jobs_granted = 0;
	__atomic_store_n(&stop, 0U, __ATOMIC_RELEASE);
	/*
	 * Every other core starts with a job (or is being started already:
	 * the first ones start others at once).
	 */
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (c == lead)
			continue;
		int64_t rc = payload_cpu_on(c, job, NULL);

		if (rc == PSCI_E_SUCCESS)
			__atomic_fetch_add(&jobs_granted, 1U, __ATOMIC_SEQ_CST);
		ok &= payload_check(rc == PSCI_E_SUCCESS || rc == PSCI_E_ALREADY_ON ||
		                            rc == PSCI_E_ON_PENDING,
		                    "STRESS: %s: first CPU_ON of core %u: %lld", name, c,
		                    (long long)rc);
	}
	for (unsigned int n = 0; n < LEAD_OPS && __atomic_load_n(&stop, __ATOMIC_ACQUIRE) == 0U;
	     n++)
		operate(lead);
	__atomic_store_n(&stop, 1U, __ATOMIC_RELEASE);
	/* The jobs running end; nothing new starts. Bounded: a hang fails. */
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (c != lead)
			ok &= payload_wait_aff(c, PSCI_AFF_OFF);
	}
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		const struct tally *t = &tallies[c];

		sum.suspends += t->suspends;
		sum.granted += t->granted;
		sum.denied += t->denied;
		sum.invalid += t->invalid;
		sum.ons += t->ons;
		sum.on_busy += t->on_busy;
		sum.checks += t->checks;
		sum.failures += t->failures;
	}
	ok &= sum.failures == 0U;
	ok &= payload_check(jobs_started == jobs_granted,
	                    "STRESS: %s: %u successful CPU_ONs started %u jobs", name, jobs_granted,
	                    jobs_started);
	printf("STRESS: %s: %u jobs, %u CPU_SUSPENDs (%u granted, %u denied, %u invalid), %u "
	       "CPU_ONs (%u of a core on), %u looks at a running core, %u failures: %s\n",
	       name, jobs_started, sum.suspends, sum.granted, sum.denied, sum.invalid, sum.ons,
	       sum.on_busy, sum.checks, sum.failures, ok ? "PASS" : "FAIL");
	return ok;
}

/*
 * OS-initiated pairs: in each cluster the cores take turns, one (the
 * first of each pair) suspending its core for long stays, the next asking
 * for its cluster in a tight loop with short stays (granted whenever the
 * first is down, DENIED while it runs), so that a cluster request is often
 * being validated just as the first core wakes in the cluster: what it
 * reads of that core must be down or up, never half up (the core then runs
 * in a cluster the request took down, which look_at_self reports).
 */
#define PAIR_ROUNDS 9600U

static bool pair_first(unsigned int pos)
{
	return (payload_topo.core_in_cluster[pos] & 1U) == 0U;
}

static void pair_round(unsigned int pos, struct tally *t)
{
	bool first = pair_first(pos);
	uint32_t ps = first ? PLAT_PSTATE_CORE_OFF : PLAT_PSTATE_CLUSTER_OFF;

	int64_t rc = timed_suspend(t, ps, first ? 100U + below(pos, 200) : 30U + below(pos, 50));
	expect(t, rc == PSCI_E_SUCCESS || (!first && rc == PSCI_E_DENIED),
	       "CPU_SUSPEND(0x%08x) returned %lld", ps, (long long)rc);
	look_at_self(pos, t);
}

static void pair_job(unsigned int pos, void *arg)
{
	(void)arg;
	/* The first of a pair stops after its rounds; the next when it is off. */
	for (unsigned int n = 0; pair_first(pos) ? n < PAIR_ROUNDS / 8U
	                                         : __atomic_load_n(&stop, __ATOMIC_ACQUIRE) == 0U;
	     n++)
		pair_round(pos, &tallies[pos]);
}

static bool pairs(void)
{
	unsigned int lead = payload_topo.lead;
	struct tally sum = { 0 };
	bool ok = true;

	for (unsigned int c = 0; c < payload_topo.cores; c++)
		tallies[c] = (struct tally){ .rng = 0x9e3779b97f4a7c15ULL * (c + 1U) ^
			                            read_cntpct_el0() };
	__atomic_store_n(&stop, 0U, __ATOMIC_RELEASE);
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (c != lead)
			ok &= payload_check(payload_cpu_on(c, pair_job, NULL) == PSCI_E_SUCCESS,
			                    "STRESS: pairs: CPU_ON of core %u", c);
	}
	/* The lead's pair: the lead is its cluster's first core or the next. */
	pair_job(lead, NULL);
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (c != lead && pair_first(c))
			ok &= payload_wait_aff(c, PSCI_AFF_OFF);
	}
	__atomic_store_n(&stop, 1U, __ATOMIC_RELEASE);
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (c != lead)
			ok &= payload_wait_aff(c, PSCI_AFF_OFF);
		sum.suspends += tallies[c].suspends;
		sum.granted += tallies[c].granted;
		sum.denied += tallies[c].denied;
		sum.failures += tallies[c].failures;
	}
	ok &= sum.failures == 0U;
	printf("STRESS: OS-initiated pairs: %u CPU_SUSPENDs (%u granted, %u denied), %u failures: "
	       "%s\n",
	       sum.suspends, sum.granted, sum.denied, sum.failures, ok ? "PASS" : "FAIL");
	return ok;
}

bool stress_run(void)
{
	bool ok = true;

	if (payload_topo.cores < 2U) {
		payload_skip("STRESS", "needs 2 cores, the machine has %u", payload_topo.cores);
		return true;
	}
	printf("STRESS: %u cores, %u jobs a phase\n", payload_topo.cores, JOBS_PER_PHASE);
	osi = false;
	ok &= phase("platform-coordinated");
	if (!payload_topo.osi) {
		payload_skip("STRESS: OS-initiated", "PSCI_FEATURES: no OS-initiated mode");
		return ok;
	}
	ok &= payload_check(smc1(PSCI_FID_SET_SUSPEND_MODE, PSCI_MODE_OS_INIT, 0, 0) == 0,
	                    "STRESS: PSCI_SET_SUSPEND_MODE(OS-initiated) refused");
	osi = true;
	ok &= phase("OS-initiated");
	ok &= pairs();
	ok &= payload_check(smc1(PSCI_FID_SET_SUSPEND_MODE, PSCI_MODE_PLAT_COORD, 0, 0) == 0,
	                    "STRESS: PSCI_SET_SUSPEND_MODE(platform-coordinated) refused");
	return ok;
}
