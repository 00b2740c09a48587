/*
 * PSCI 1.3 (Arm DEN0022F), SMCCC (DEN0028) and PMF conformance suite, run by
 * the test payload. Each check prints, when it fails,
 *   CONFORMANCE: FAIL <function>: <what>: <call>(<args>) = <got>, expected <want>
 * and the suite ends with "CONFORMANCE: N passed, N failed" and the list of
 * functions it exercised. What it expects comes from the machine the payload
 * found (topology.c): its cores and clusters, and the optional functions
 * PSCI_FEATURES says exist; a test this machine cannot run is reported as
 * SKIPPED with the reason. It leaves one core frozen (CPU_FREEZE is last);
 * the payload's own last act is SYSTEM_OFF2 (payload_main.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <drivers/gicv3.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>
#include <lib/utils_def.h>

#include "payload.h"
#include "smc.h"

#define SMC64(fid)       ((fid) | PSCI_FID_SMC64_BIT)
#define TIMER_US         100U
/*
 * Time bounds. Under -icount time is instructions and tight bounds hold;
 * in wall-clock time (REALTIME=1, hardware) the host's scheduling of
 * QEMU's threads adds milliseconds, so only gross failures count.
 */
#define PROMPT_US        (PAYLOAD_WALL_CLOCK ? 100000U : 100U)
#define RESIDENCY_MAX_US (PAYLOAD_WALL_CLOCK ? 1000000U : 10U * TIMER_US)

void payload_cpu_entry(uint64_t context_id);

static unsigned int passed, failed;
static const char *covered[48];
static unsigned int covered_count;

static void cover(const char *fn)
{
	for (unsigned int i = 0; i < covered_count; i++) {
		if (strcmp(covered[i], fn) == 0)
			return;
	}
	if (covered_count < ARRAY_SIZE(covered))
		covered[covered_count++] = fn;
}

static bool check(const char *fn, bool ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool check(const char *fn, bool ok, const char *fmt, ...)
{
	cover(fn);
	if (ok) {
		passed++;
		return payload_check(true, "%s", "");
	}
	char msg[200];
	va_list ap;

	failed++;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printf("CONFORMANCE: FAIL %s: %s\n", fn, msg);
	return payload_check(false, "conformance: %s: %s", fn, msg);
}

/* One SMC and its expected x0. */
static int64_t expect(const char *fn, const char *what, uint64_t fid, uint64_t a1, uint64_t a2,
                      uint64_t a3, int64_t want)
{
	int64_t got = smc1(fid, a1, a2, a3);

	check(fn, got == want, "%s: 0x%llx(0x%llx, 0x%llx, 0x%llx) = %lld, expected %lld", what,
	      (unsigned long long)fid, (unsigned long long)a1, (unsigned long long)a2,
	      (unsigned long long)a3, (long long)got, (long long)want);
	return got;
}

static uint64_t mpidr_of(unsigned int pos)
{
	return payload_mpidr(pos);
}

static bool is_core(uint64_t mpidr)
{
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (payload_topo.mpidr[c] == (mpidr & MPIDR_AFFINITY_MASK))
			return true;
	}
	return false;
}

/* A well-formed MPIDR (affinity bits only) that names no core. */
static uint64_t absent_mpidr(void)
{
	static const uint64_t candidates[] = { 0xff, 0xffff, 0xffffff, 0xff00000000ULL };

	for (unsigned int i = 0; i < ARRAY_SIZE(candidates); i++) {
		if (!is_core(candidates[i]))
			return candidates[i];
	}
	return 0xffffffffffULL;
}

/* False, after a SKIPPED line, unless the machine has @n cores. */
static bool need_cores(const char *what, unsigned int n)
{
	if (payload_topo.cores >= n)
		return true;
	payload_skip(what, "needs %u cores, the machine has %u", n, payload_topo.cores);
	return false;
}

/* False, after a SKIPPED line, unless PSCI_FEATURES says @fn exists. */
static bool need_feature(const char *fn, bool supported)
{
	if (supported)
		return true;
	payload_skip(fn, "PSCI_FEATURES: not supported by this firmware");
	cover(fn);
	return false;
}

static uint64_t my_mpidr(void)
{
	return read_mpidr_el1() & MPIDR_AFFINITY_MASK;
}

/* Suspend the calling core with its timer armed; the PSCI result. */
static int64_t timed_suspend(uint32_t power_state)
{
	payload_timer_arm_us(TIMER_US);
	int64_t rc = payload_suspend(power_state);

	payload_timer_stop();
	return rc;
}

static int64_t timed_powerdown(uint32_t fid)
{
	payload_timer_arm_us(TIMER_US);
	int64_t rc = payload_powerdown(fid);

	payload_timer_stop();
	return rc;
}

/* --- jobs run by other cores --- */

static volatile uint32_t job_runs;
static volatile uint32_t release;
static volatile uint64_t off_stamp;

static void count_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	__atomic_fetch_add(&job_runs, 1U, __ATOMIC_SEQ_CST);
}

/* Stay running (ON, not suspended) until the lead sets release. */
static void hold_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	while (__atomic_load_n(&release, __ATOMIC_ACQUIRE) == 0U)
		__asm__ volatile("yield");
}

static void count_hold_job(unsigned int pos, void *arg)
{
	count_job(pos, arg);
	hold_job(pos, arg);
}

/* Stamp the counter, then return: the framework calls CPU_OFF at once. */
static void stamp_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	off_stamp = read_cntpct_el0();
	dsb_ish();
}

/*
 * Stay in the power-down *arg names (a power_state) until the lead sets
 * release and wakes the core with an SGI (unpark): no timer, so nothing but
 * the lead ends the suspend, however slowly the host runs either core.
 */
static void park_job(unsigned int pos, void *arg)
{
	uint32_t power_state = *(const uint32_t *)arg;

	(void)pos;
	while (__atomic_load_n(&release, __ATOMIC_ACQUIRE) == 0U) {
		payload_suspend(power_state);
		payload_wake_ack();
	}
}

/* Start core @pos on job @fn, given @arg. */
static bool start_job(unsigned int pos, payload_job_fn fn, void *arg)
{
	int64_t rc = payload_cpu_on(pos, fn, arg);

	return check("CPU_ON", rc == PSCI_E_SUCCESS, "start core %u: CPU_ON = %lld", pos,
	             (long long)rc);
}

static bool start(unsigned int pos, payload_job_fn fn)
{
	return start_job(pos, fn, NULL);
}

/* Poll NODE_HW_STATE of core @pos until @state; false after a bound. */
static bool wait_hw_state(unsigned int pos, int64_t state)
{
	for (unsigned long polls = 0; polls < 20000000UL; polls++) {
		if (smc1(SMC64(PSCI_FID_NODE_HW_STATE), mpidr_of(pos), 0, 0) == state)
			return true;
		__asm__ volatile("yield");
	}
	return check("NODE_HW_STATE", false, "core %u never reached state %lld", pos,
	             (long long)state);
}

/* Release a parked core (park_in) and wait for its CPU_OFF. */
static void unpark(unsigned int pos)
{
	__atomic_store_n(&release, 1U, __ATOMIC_RELEASE);
	payload_wake(pos);
	payload_wait_cpu_off(pos);
}

/*
 * Park core @pos in the power-down @power_state names and return once it
 * is there: NODE_HW_STATE says so where the firmware implements it; else
 * false (a SKIPPED line for @what), since nothing else tells a suspended
 * core from a running one.
 */
static bool park_in(unsigned int pos, uint32_t power_state, const char *what)
{
	static uint32_t parked_state;

	if (!payload_topo.node_hw_state) {
		payload_skip(what, "needs NODE_HW_STATE to see a core powered down");
		return false;
	}
	release = 0;
	parked_state = power_state;
	if (!start_job(pos, park_job, &parked_state) || !payload_wait_aff(pos, PSCI_AFF_ON))
		return false;
	if (wait_hw_state(pos, PSCI_HW_OFF))
		return true;
	/* Its suspend refused: it is not left spinning for the next test. */
	unpark(pos);
	return false;
}

/* Park core @pos in core power-down (park_in). */
static bool park(unsigned int pos, const char *what)
{
	return park_in(pos, PLAT_PSTATE_CORE_OFF, what);
}

static void finish(unsigned int pos)
{
	payload_wait_cpu_off(pos);
}

/*
 * CPU_SUSPEND expected to answer @want. The timer is armed whatever the
 * expectation, so a suspend the firmware wrongly grants still ends.
 */
static void expect_suspend(const char *what, uint32_t power_state, int64_t want)
{
	int64_t got = timed_suspend(power_state);

	check("CPU_SUSPEND", got == want, "%s: CPU_SUSPEND(0x%08x) = %lld, expected %lld", what,
	      power_state, (long long)got, (long long)want);
}

/* The PowerLevel field of @power_state. */
static unsigned int level_of(uint32_t power_state)
{
	return (power_state >> PSTATE_PWR_LVL_SHIFT) & PSTATE_PWR_LVL_MASK;
}

/* A power_state of this platform's that names PowerLevel 2, or 0 (none). */
static uint32_t level2_state(void)
{
	static const uint32_t candidates[] = {
		PLAT_PSTATE_DEEPEST,
#ifdef PLAT_PSTATE_SYSTEM_LEVEL
		PLAT_PSTATE_SYSTEM_LEVEL,
#endif
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(candidates); i++) {
		if (level_of(candidates[i]) == 2U)
			return candidates[i];
	}
	return 0;
}

/*
 * This platform's StateIDs follow DEN0022's recommended encoding (each
 * level's state in a field of its own, the core's lowest: 2 = power-down),
 * as QEMU's and the FVP's do; N1SDP's are 0 (Arm's NULL StateID), and a
 * last-at-level field has nothing to be added to there.
 */
#define RECOMMENDED_IDS ((PLAT_PSTATE_CORE_OFF & PSTATE_ID_LEVEL_MASK) == 2U)

/* @power_state with the recommended encoding's last-at-level field @level added. */
static uint32_t last_at(uint32_t power_state, unsigned int level)
{
	return power_state | level << (PSTATE_ID_LEVEL_BITS * (PLAT_MAX_PWR_LVL + 1U));
}

/* The first core of a cluster other than the lead's, or PAYLOAD_NO_CORE. */
static unsigned int far_core(void)
{
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (payload_topo.cluster[c] != payload_topo.cluster[payload_topo.lead])
			return c;
	}
	return PAYLOAD_NO_CORE;
}

/* --- PSCI_VERSION and PSCI_FEATURES over the whole function range --- */

/*
 * Every PSCI 1.x implementation has these (DEN0022 5.1, Table 5-1; 1.2 and
 * 1.3 add optional functions only).
 */
static bool mandatory(uint32_t n)
{
	return n <= 0x04U || n == 0x08U || n == 0x09U || n == 0x0aU;
}

/*
 * The function numbers DEN0022F defines (0x00-0x17), and their forms: most
 * have an SMC32 form, these an SMC64 one too (CLEAN_INV_MEMREGION, 0x16,
 * has only that; CLEAN_INV_MEMREGION_ATTRIBUTES, 0x17, only SMC32).
 */
static bool has_smc64(uint32_t n)
{
	return n == 0x01U || n == 0x03U || n == 0x04U || n == 0x05U || n == 0x07U || n == 0x0cU ||
	       n == 0x0dU || n == 0x0eU || n == 0x10U || n == 0x11U || n == 0x12U || n == 0x14U ||
	       n == 0x15U || n == 0x16U;
}

static bool has_smc32(uint32_t n)
{
	return n <= 0x17U && n != 0x16U;
}

static void version_and_features(void)
{
	expect("PSCI_VERSION", "1.3", PSCI_FID_VERSION, 0, 0, 0, PSCI_VERSION_VALUE);
	for (uint32_t n = 0; n < 0x20U; n++) {
		int64_t smc32 = smc1(PSCI_FID_FEATURES, 0x84000000U | n, 0, 0);

		for (uint32_t w = 0; w < 2U; w++) {
			uint32_t fid = 0x84000000U | n | (w != 0U ? PSCI_FID_SMC64_BIT : 0U);
			int64_t got = smc1(PSCI_FID_FEATURES, fid, 0, 0);
			bool defined = w == 0U ? has_smc32(n) : has_smc64(n);

			if (!defined)
				check("PSCI_FEATURES", got == PSCI_E_NOT_SUPPORTED,
				      "function 0x%x does not exist: %lld, expected -1", fid,
				      (long long)got);
			else if (n == 0x01U)
				/* CPU_SUSPEND: flags, original power_state format (bit 1). */
				check("PSCI_FEATURES",
				      got >= 0 && ((uint64_t)got & ~PSCI_FEATURE_OSI) == 0U,
				      "CPU_SUSPEND 0x%x: %lld, expected 0 or 1 (OSI)", fid,
				      (long long)got);
			else if (n == 0x15U)
				/* SYSTEM_OFF2: the bitmap of its types, HIBERNATE_OFF the one defined. */
				check("PSCI_FEATURES",
				      got == PSCI_E_NOT_SUPPORTED ||
				              (uint64_t)got == PSCI_OFF2_FEATURE_HIBERNATE_OFF,
				      "SYSTEM_OFF2 0x%x: %lld, expected 1 (HIBERNATE_OFF) or -1",
				      fid, (long long)got);
			else if (mandatory(n))
				check("PSCI_FEATURES", got == 0,
				      "mandatory function 0x%x: %lld, "
				      "expected 0",
				      fid, (long long)got);
			else
				check("PSCI_FEATURES", got == 0 || got == PSCI_E_NOT_SUPPORTED,
				      "optional function 0x%x: %lld, expected 0 or -1", fid,
				      (long long)got);
			if (defined && w != 0U && has_smc32(n) && n != 0x01U)
				check("PSCI_FEATURES", got == smc32,
				      "0x%x: SMC64 form says %lld, "
				      "its SMC32 form %lld",
				      fid, (long long)got, (long long)smc32);
			/* Calling what FEATURES denies must be NOT_SUPPORTED too. */
			if (got == PSCI_E_NOT_SUPPORTED)
				expect("PSCI_FEATURES", "a function it denies is NOT_SUPPORTED",
				       fid, 0, 0, 0, PSCI_E_NOT_SUPPORTED);
		}
	}
	/* OS-initiated mode is announced by CPU_SUSPEND's flag (5.15.2). */
	check("PSCI_FEATURES",
	      payload_topo.osi == (smc1(PSCI_FID_FEATURES, PSCI_FID_SET_SUSPEND_MODE, 0, 0) == 0),
	      "CPU_SUSPEND's OSI flag and PSCI_SET_SUSPEND_MODE disagree");
	expect("PSCI_FEATURES", "SMCCC_VERSION (discovery)", PSCI_FID_FEATURES, SMCCC_VERSION, 0, 0,
	       0);
	expect("PSCI_FEATURES", "a non-PSCI function", PSCI_FID_FEATURES, SMCCC_ARCH_FEATURES, 0, 0,
	       PSCI_E_NOT_SUPPORTED);
	expect("MIGRATE_INFO_TYPE", "no Trusted OS", PSCI_FID_MIGRATE_INFO_TYPE, 0, 0, 0,
	       PSCI_TOS_NOT_PRESENT_MP);
	cover("MIGRATE");
	cover("MIGRATE_INFO_UP_CPU");
}

/* --- CPU_ON, AFFINITY_INFO, context IDs, races --- */

static void bad_mpidrs(uintptr_t ep)
{
	uint64_t base = mpidr_of(payload_topo.lead);
	const uint64_t candidates[] = {
		base | (1ULL << 32), /* Aff3 */
		base | (1ULL << 16), /* Aff2 */
		base | (1ULL << 8),  /* Aff1 */
		base | (1ULL << 31), /* reserved (RES1 in MPIDR_EL1) */
		base | (1ULL << 24), /* MT, where the platform does not use it */
		base | (1ULL << 40), /* reserved [63:40] */
		absent_mpidr(),      /* a core that does not exist */
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(candidates); i++) {
		uint64_t m = candidates[i];

		/* Affinity values of real cores, or MT on an MT platform, are valid. */
		if ((m == (base | (1ULL << 24)) && payload_topo.mt) ||
		    ((m & ~MPIDR_AFFINITY_MASK) == 0U && is_core(m)))
			continue;
		expect("CPU_ON", "bad MPIDR", SMC64(PSCI_FID_CPU_ON), m, ep, 0,
		       PSCI_E_INVALID_PARAMS);
		expect("AFFINITY_INFO", "bad MPIDR", SMC64(PSCI_FID_AFFINITY_INFO), m, 0, 0,
		       PSCI_E_INVALID_PARAMS);
	}
}

static void cpu_on_args(void)
{
	uintptr_t ep = (uintptr_t)payload_cpu_entry;
	unsigned int o = payload_nth_other(0);

	bad_mpidrs(ep);
	expect("CPU_ON", "the calling core", SMC64(PSCI_FID_CPU_ON), my_mpidr(), ep, 0,
	       PSCI_E_ALREADY_ON);
	expect("AFFINITY_INFO", "the calling core", SMC64(PSCI_FID_AFFINITY_INFO), my_mpidr(), 0, 0,
	       PSCI_AFF_ON);
	for (uint64_t lvl = 1; lvl <= 3U; lvl++)
		expect("AFFINITY_INFO", "lowest level above 0", SMC64(PSCI_FID_AFFINITY_INFO),
		       my_mpidr(), lvl, 0, PSCI_E_INVALID_PARAMS);
	/* SMC32 forms ignore the upper halves of their arguments (DEN0028 2.6). */
	expect("AFFINITY_INFO", "SMC32, garbage upper halves", PSCI_FID_AFFINITY_INFO,
	       my_mpidr() | 0xabcd000000000000ULL, 0xffffffff00000000ULL, 0, PSCI_AFF_ON);
	if (!need_cores("CPU_ON of another core", 2))
		return;

	uint64_t other = mpidr_of(o);

	expect("CPU_ON", "odd entry point", SMC64(PSCI_FID_CPU_ON), other, ep + 1, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "misaligned entry point", SMC64(PSCI_FID_CPU_ON), other, ep + 2, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "entry point in secure memory", SMC64(PSCI_FID_CPU_ON), other, BL31_BASE,
	       0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "entry point 0", SMC64(PSCI_FID_CPU_ON), other, 0, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "entry point past non-secure DRAM", SMC64(PSCI_FID_CPU_ON), other,
	       payload_topo.dram_base + payload_topo.dram_size, 0, PSCI_E_INVALID_ADDRESS);
	expect("AFFINITY_INFO", "an off core", SMC64(PSCI_FID_AFFINITY_INFO), other, 0, 0,
	       PSCI_AFF_OFF);

	/*
	 * ON_PENDING: the core is accepted but has not finished its warm boot.
	 * Under -icount the second call always finds it so; in wall-clock time
	 * the core may be running already (ALREADY_ON). It holds until released,
	 * so the call can never find it off again.
	 */
	job_runs = 0;
	release = 0;
	start(o, count_hold_job);
	int64_t again = smc1(SMC64(PSCI_FID_CPU_ON), other, ep, 0);

	check("CPU_ON",
	      again == PSCI_E_ON_PENDING || (PAYLOAD_WALL_CLOCK && again == PSCI_E_ALREADY_ON),
	      "a core being powered on: CPU_ON = %lld, expected %d", (long long)again,
	      PSCI_E_ON_PENDING);
	release = 1;
	finish(o);
	check("CPU_ON", job_runs == 1, "the core ran its job %u times, expected once", job_runs);
	expect("AFFINITY_INFO", "after CPU_OFF", SMC64(PSCI_FID_AFFINITY_INFO), other, 0, 0,
	       PSCI_AFF_OFF);
}

static void context_ids(void)
{
	uintptr_t ep = (uintptr_t)payload_ctxid_entry;

	if (!need_cores("context IDs", 2))
		return;

	unsigned int o = payload_nth_other(payload_topo.cores > 2U ? 1U : 0U);
	uint64_t other = mpidr_of(o);

	expect("CPU_ON", "SMC64 with a 64-bit context ID", SMC64(PSCI_FID_CPU_ON), other, ep,
	       0x0123456789abcdefULL, PSCI_E_SUCCESS);
	finish(o);
	check("CPU_ON", payload_ctxid_received(o) == 0x0123456789abcdefULL,
	      "context ID in x0 at the entry point: 0x%llx, expected 0x0123456789abcdef",
	      (unsigned long long)payload_ctxid_received(o));
	/* An SMC32 entry point is 32 bits: only a payload below 4 GiB has one. */
	if (ep > 0xffffffffU) {
		payload_skip(
			"CPU_ON SMC32 context ID",
			"the payload's entry point 0x%llx lies above 4 GiB, out of SMC32's reach",
			(unsigned long long)ep);
		return;
	}
	expect("CPU_ON", "SMC32 with garbage upper halves", PSCI_FID_CPU_ON,
	       other | 0xffffffff00000000ULL, ep | 0x5a5a000000000000ULL, 0xdeadbeef12345678ULL,
	       PSCI_E_SUCCESS);
	finish(o);
	check("CPU_ON", payload_ctxid_received(o) == 0x12345678U,
	      "SMC32 context ID in x0: 0x%llx, expected 0x12345678",
	      (unsigned long long)payload_ctxid_received(o));
}

/*
 * Two cores CPU_ON the same target at once: one wins, the other gets
 * ALREADY_ON or ON_PENDING, and the target starts once. The target stays up
 * until both calls are made, so "at once" holds whatever order QEMU runs
 * the cores in.
 */
static struct payload_barrier race_barrier;
static volatile int64_t racer_rc;
static unsigned int race_target;

static void racer_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	payload_barrier_wait(&race_barrier);
	racer_rc = payload_cpu_on(race_target, count_hold_job, NULL);
}

static void races(void)
{
	unsigned int bad = 0;
	unsigned int racer = payload_nth_other(0);

	if (need_cores("racing CPU_ONs", 3)) {
		race_target = payload_nth_other(1);
		for (unsigned int round = 0; round < 20U; round++) {
			job_runs = 0;
			racer_rc = 1;
			release = 0;
			payload_barrier_init(&race_barrier, 2);
			start(racer, racer_job);
			payload_barrier_wait(&race_barrier);
			int64_t mine = payload_cpu_on(race_target, count_hold_job, NULL);

			finish(racer);
			release = 1;
			finish(race_target);
			int64_t theirs = racer_rc;
			bool one_success = (mine == PSCI_E_SUCCESS) != (theirs == PSCI_E_SUCCESS);
			int64_t loser = mine == PSCI_E_SUCCESS ? theirs : mine;

			if (!check("CPU_ON",
			           one_success &&
			                   (loser == PSCI_E_ALREADY_ON ||
			                    loser == PSCI_E_ON_PENDING) &&
			                   job_runs == 1,
			           "race %u: two CPU_ONs of core %u returned %lld and %lld, it ran %u times",
			           round, race_target, (long long)mine, (long long)theirs,
			           job_runs))
				bad++;
		}
		check("CPU_ON", bad == 0, "20 rounds of racing CPU_ONs: %u wrong", bad);
	}
	if (!need_cores("CPU_OFF and CPU_ON of another core", 2))
		return;

	/* CPU_OFF followed at once by CPU_ON of the same core, 1000 times. */
	unsigned int refused = 0;

	job_runs = 0;
	for (unsigned int i = 0; i < 1000U; i++) {
		if (payload_cpu_on(racer, count_job, NULL) != PSCI_E_SUCCESS)
			refused++;
		finish(racer);
	}
	check("CPU_OFF", refused == 0 && job_runs == 1000,
	      "1000 x (CPU_ON, CPU_OFF) of core %u: %u CPU_ONs refused, job ran %u times", racer,
	      refused, job_runs);

	/*
	 * AFFINITY_INFO reports OFF promptly after CPU_OFF. Only under -icount
	 * is "promptly" a bound: in wall-clock time the host decides.
	 */
	off_stamp = 0;
	if (!start(racer, stamp_job))
		return;
	payload_wait_cpu_off(racer);

	uint64_t seen = read_cntpct_el0();
	uint64_t us = (seen - off_stamp) * 1000000U / read_cntfrq_el0();

	check("AFFINITY_INFO", off_stamp != 0 && (PAYLOAD_WALL_CLOCK || us < PROMPT_US),
	      "OFF reported %llu us after the core called CPU_OFF (limit %u us)",
	      (unsigned long long)us, PROMPT_US);
}

/* --- CPU_SUSPEND, CPU_DEFAULT_SUSPEND, SYSTEM_SUSPEND, modes, stats --- */

static void suspend_args(void)
{
	uintptr_t ep = (uintptr_t)payload_cpu_entry;
	const uint32_t bad_states[] = {
		0x40000000U | PLAT_PSTATE_CORE_OFF, /* reserved bit 30 */
		0x80000000U | PLAT_PSTATE_CORE_OFF, /* reserved bit 31 */
		0x00020000U | PLAT_PSTATE_CORE_OFF, /* reserved bit 17 */
		0x03010222U,                        /* level 3: beyond the deepest */
		0x00000000U,                        /* NULL StateID */
		0x00010001U,                        /* power-down type, standby StateID */
		0x00000002U,                        /* standby type, power-down StateID */
		0x01000011U,                        /* cluster retention: not implemented */
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(bad_states); i++) {
		if (bad_states[i] == PLAT_PSTATE_CORE_STANDBY)
			continue; /* the platform's own standby state */
		expect_suspend("bad power_state", bad_states[i], PSCI_E_INVALID_PARAMS);
	}
	expect("CPU_SUSPEND", "power-down to an odd entry point", SMC64(PSCI_FID_CPU_SUSPEND),
	       PLAT_PSTATE_CORE_OFF, ep + 1, 0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_SUSPEND", "power-down to secure memory", SMC64(PSCI_FID_CPU_SUSPEND),
	       PLAT_PSTATE_DEEPEST, BL31_BASE, 0, PSCI_E_INVALID_ADDRESS);

	/* Core standby returns with the caller's GIC priority mask intact. */
	uint64_t pmr;

	write_icc_pmr_el1(0xf0);
	check("CPU_SUSPEND", timed_suspend(PLAT_PSTATE_CORE_STANDBY) == PSCI_E_SUCCESS,
	      "core standby 0x%x", PLAT_PSTATE_CORE_STANDBY);
	pmr = read_icc_pmr_el1();
	write_icc_pmr_el1(0xff);
	check("CPU_SUSPEND", pmr == 0xf0, "standby changed ICC_PMR_EL1 to 0x%llx",
	      (unsigned long long)pmr);
	const uint32_t good[] = { PLAT_PSTATE_CORE_OFF, PLAT_PSTATE_CLUSTER_OFF,
		                  PLAT_PSTATE_DEEPEST };

	for (unsigned int i = 0; i < 3U; i++)
		expect_suspend("power-down", good[i], PSCI_E_SUCCESS);
}

static void default_and_system_suspend(void)
{
	if (need_feature("CPU_DEFAULT_SUSPEND", payload_topo.default_suspend)) {
		int64_t rc = timed_powerdown(SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND));

		check("CPU_DEFAULT_SUSPEND", rc == PSCI_E_SUCCESS, "= %lld, expected 0",
		      (long long)rc);
		expect("CPU_DEFAULT_SUSPEND", "odd entry point",
		       SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND), (uintptr_t)payload_cpu_entry + 1, 0, 0,
		       PSCI_E_INVALID_ADDRESS);
	}
	if (!need_feature("SYSTEM_SUSPEND", payload_topo.system_suspend))
		return;
	expect("SYSTEM_SUSPEND", "entry point in secure memory", SMC64(PSCI_FID_SYSTEM_SUSPEND),
	       BL31_BASE, 0, 0, PSCI_E_INVALID_ADDRESS);
	if (need_cores("SYSTEM_SUSPEND with another core on", 2)) {
		unsigned int o = payload_nth_other(0);

		release = 0;
		start(o, hold_job);
		payload_timer_arm_us(TIMER_US);
		expect("SYSTEM_SUSPEND", "another core is on", SMC64(PSCI_FID_SYSTEM_SUSPEND),
		       (uintptr_t)payload_cpu_entry, 0, 0, PSCI_E_DENIED);
		payload_timer_stop();
		release = 1;
		finish(o);
	}
	int64_t rc = timed_powerdown(SMC64(PSCI_FID_SYSTEM_SUSPEND));

	check("SYSTEM_SUSPEND", rc == PSCI_E_SUCCESS, "the last core on = %lld, expected 0",
	      (long long)rc);
}

/*
 * OS-initiated mode (DEN0022 4.4.4), built from the real clusters: the
 * lead may take its cluster down only while every other core of it is
 * down; a core in another cluster does not matter.
 */
static void osi_mode(void)
{
	unsigned int lead = payload_topo.lead;
	unsigned int sib = payload_sibling(lead);

	if (!need_feature("PSCI_SET_SUSPEND_MODE", payload_topo.osi))
		return;
	expect("PSCI_SET_SUSPEND_MODE", "unknown mode", PSCI_FID_SET_SUSPEND_MODE, 2, 0, 0,
	       PSCI_E_INVALID_PARAMS);
	/* No switch while another core is suspended (5.20.2). */
	if (need_cores("PSCI_SET_SUSPEND_MODE with another core suspended", 2) &&
	    park(payload_nth_other(0), "PSCI_SET_SUSPEND_MODE with another core suspended")) {
		expect("PSCI_SET_SUSPEND_MODE", "another core suspended", PSCI_FID_SET_SUSPEND_MODE,
		       PSCI_MODE_OS_INIT, 0, 0, PSCI_E_DENIED);
		unpark(payload_nth_other(0));
	}
	expect("PSCI_SET_SUSPEND_MODE", "to OS-initiated", PSCI_FID_SET_SUSPEND_MODE,
	       PSCI_MODE_OS_INIT, 0, 0, PSCI_E_SUCCESS);
	/* Every other core is off: the lead is its cluster's last core. */
	expect_suspend("OS-initiated cluster power-down as the cluster's last core",
	               PLAT_PSTATE_CLUSTER_OFF, PSCI_E_SUCCESS);
	if (sib == PAYLOAD_NO_CORE) {
		payload_skip("OS-initiated mode with a sibling core",
		             "the lead's cluster has no other core");
	} else {
		release = 0;
		start(sib, hold_job);
		/* While the sibling is ON_PENDING it counts as running too. */
		expect_suspend("OS-initiated cluster power-down with a sibling powering on",
		               PLAT_PSTATE_CLUSTER_OFF, PSCI_E_DENIED);
		if (payload_wait_aff(sib, PSCI_AFF_ON)) {
			expect_suspend("OS-initiated cluster power-down with a sibling running",
			               PLAT_PSTATE_CLUSTER_OFF, PSCI_E_DENIED);
			expect_suspend("OS-initiated core power-down with a sibling running",
			               PLAT_PSTATE_CORE_OFF, PSCI_E_SUCCESS);
		}
		release = 1;
		finish(sib);
		/* A sibling in core power-down does not stop the cluster going down. */
		if (park(sib, "OS-initiated cluster power-down over a suspended sibling")) {
			expect_suspend("OS-initiated cluster power-down, the sibling powered down",
			               PLAT_PSTATE_CLUSTER_OFF, PSCI_E_SUCCESS);
			unpark(sib);
		}
	}
	/* A running core in another cluster does not stop this one going down. */
	unsigned int far = PAYLOAD_NO_CORE;

	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (payload_topo.cluster[c] != payload_topo.cluster[lead]) {
			far = c;
			break;
		}
	}
	if (far == PAYLOAD_NO_CORE) {
		payload_skip("OS-initiated mode with another cluster running",
		             "the machine has one cluster");
	} else {
		release = 0;
		start(far, hold_job);
		if (payload_wait_aff(far, PSCI_AFF_ON))
			expect_suspend("OS-initiated cluster power-down, another cluster running",
			               PLAT_PSTATE_CLUSTER_OFF, PSCI_E_SUCCESS);
		release = 1;
		finish(far);
	}
	expect("PSCI_SET_SUSPEND_MODE", "back to platform-coordinated", PSCI_FID_SET_SUSPEND_MODE,
	       PSCI_MODE_PLAT_COORD, 0, 0, PSCI_E_SUCCESS);
}

/*
 * The system asked down over a cluster that still runs (DEN0022 5.4.2,
 * CPU_SUSPEND's DENIED in OS-initiated mode: a low-power state is asked of
 * a node above the core level while one of its children runs). Every
 * other core of the lead's cluster is off; a core of another cluster (of
 * the lead's own where the machine has one cluster) is down at the core
 * level, which leaves its cluster running: nobody asked that cluster
 * down. The lead's level-2 request @l2, in both spellings, asks the system
 * for the state its StateID's level-2 field names: DENIED where the other
 * core's cluster is another and that field is not run, SUCCESS where it is
 * the lead's own (the request takes it down, and the core in it is down
 * deeply enough). Then, with another cluster, its core takes that cluster
 * down as its last running core (level 1), and the same request is
 * granted. The clusters are the DTB's (topology.c), the firmware's.
 */
static void osi_system_over_cluster(uint32_t l2)
{
	unsigned int far = far_core();
	unsigned int other = far != PAYLOAD_NO_CORE
	                             ? far
	                             : payload_nth_other(payload_topo.cores > 2U ? 1U : 0U);
	unsigned int system_asked = (l2 >> (PSTATE_ID_LEVEL_BITS * 2U)) & PSTATE_ID_LEVEL_MASK;
	int64_t want = far != PAYLOAD_NO_CORE && system_asked != 0U ? PSCI_E_DENIED
	                                                            : PSCI_E_SUCCESS;
	char what[120];

	if (l2 == 0U || !need_cores("OS-initiated level 2 over a running cluster", 2))
		return;
	if (!RECOMMENDED_IDS) {
		payload_skip("OS-initiated level 2 over a running cluster",
		             "NULL StateIDs name no level's state: the platform's table says what "
		             "0x%08x asks of the system",
		             l2);
		return;
	}
	if (!park(other, "OS-initiated level 2 over a running cluster"))
		return;
	snprintf(what, sizeof(what), "level 2, core %u of %s cluster down at the core level", other,
	         far != PAYLOAD_NO_CORE ? "another" : "the lead's");
	expect_suspend(what, l2, want);
	expect_suspend(what, last_at(l2, 2), want);
	unpark(other);
	if (far == PAYLOAD_NO_CORE) {
		payload_skip("OS-initiated level 2 once another cluster is down",
		             "the machine has one cluster");
		return;
	}
	/* The other cores of far's cluster are off: far is its last running core. */
	if (!park_in(far, last_at(PLAT_PSTATE_CLUSTER_OFF, 1),
	             "OS-initiated level 2 once another cluster is down"))
		return;
	snprintf(what, sizeof(what), "level 2, core %u's cluster down, asked by that core", far);
	expect_suspend(what, l2, PSCI_E_SUCCESS);
	expect_suspend(what, last_at(l2, 2), PSCI_E_SUCCESS);
	unpark(far);
}

/*
 * OS-initiated mode at every level (DEN0022 4.4.4, 5.4.2): a request that
 * names PowerLevel 1 or 2 says the caller is the last running core of its
 * cluster or of the system: DENIED while any core there runs, granted when
 * the caller is truly the last, and judged on the states its StateID asks
 * (osi_system_over_cluster). The recommended encoding's last-at-level
 * field says the same of a level above the PowerLevel.
 */
static void osi_levels(void)
{
	unsigned int sib = payload_sibling(payload_topo.lead), far = far_core();
	uint32_t l2 = level2_state();
	char what[120];

	if (!need_feature("PSCI_SET_SUSPEND_MODE", payload_topo.osi))
		return;
	if (l2 == 0U)
		payload_skip("OS-initiated requests at level 2",
		             "the platform has no level-2 power_state");
	expect("PSCI_SET_SUSPEND_MODE", "to OS-initiated", PSCI_FID_SET_SUSPEND_MODE,
	       PSCI_MODE_OS_INIT, 0, 0, PSCI_E_SUCCESS);
	/* Every other core off: the lead is the last running core everywhere. */
	expect_suspend("level 1, the last running core", PLAT_PSTATE_CLUSTER_OFF, PSCI_E_SUCCESS);
	if (l2 != 0U)
		expect_suspend("level 2, the last running core", l2, PSCI_E_SUCCESS);
	if (RECOMMENDED_IDS) {
		expect_suspend("level 1, last at level 1", last_at(PLAT_PSTATE_CLUSTER_OFF, 1),
		               PSCI_E_SUCCESS);
		expect_suspend("core power-down, last at level 2",
		               last_at(PLAT_PSTATE_CORE_OFF, PLAT_MAX_PWR_LVL), PSCI_E_SUCCESS);
		if (l2 != 0U)
			expect_suspend("level 2, last at level 2", last_at(l2, 2), PSCI_E_SUCCESS);
	}
	/* A core running in the lead's cluster: not the last at level 1 or above. */
	if (sib == PAYLOAD_NO_CORE) {
		payload_skip("OS-initiated requests with a sibling running",
		             "the lead's cluster has no other core");
	} else {
		release = 0;
		if (start(sib, hold_job) && payload_wait_aff(sib, PSCI_AFF_ON)) {
			expect_suspend("level 1 with a sibling running", PLAT_PSTATE_CLUSTER_OFF,
			               PSCI_E_DENIED);
			if (l2 != 0U)
				expect_suspend("level 2 with a sibling running", l2, PSCI_E_DENIED);
			if (RECOMMENDED_IDS) {
				expect_suspend(
					"core power-down, last at level 1, a sibling running",
					last_at(PLAT_PSTATE_CORE_OFF, 1), PSCI_E_DENIED);
				expect_suspend("level 1, last at level 1, a sibling running",
				               last_at(PLAT_PSTATE_CLUSTER_OFF, 1), PSCI_E_DENIED);
			}
		}
		release = 1;
		finish(sib);
	}
	/* A core running in another cluster: the lead is last in its cluster, not the system. */
	if (far == PAYLOAD_NO_CORE) {
		payload_skip("OS-initiated requests with another cluster running",
		             "the machine has one cluster");
	} else {
		release = 0;
		if (start(far, hold_job) && payload_wait_aff(far, PSCI_AFF_ON)) {
			expect_suspend("level 1, a core of another cluster running",
			               PLAT_PSTATE_CLUSTER_OFF, PSCI_E_SUCCESS);
			if (l2 != 0U) {
				snprintf(what, sizeof(what),
				         "level 2 (0x%08x), a core of another cluster running", l2);
				expect_suspend(what, l2, PSCI_E_DENIED);
			}
			if (RECOMMENDED_IDS) {
				expect_suspend("level 1, last at level 1, another cluster running",
				               last_at(PLAT_PSTATE_CLUSTER_OFF, 1), PSCI_E_SUCCESS);
				expect_suspend("level 1, last at level 2, another cluster running",
				               last_at(PLAT_PSTATE_CLUSTER_OFF, 2), PSCI_E_DENIED);
				expect_suspend("core power-down, last at level 2, another cluster "
				               "running",
				               last_at(PLAT_PSTATE_CORE_OFF, 2), PSCI_E_DENIED);
			}
		}
		release = 1;
		finish(far);
	}
	osi_system_over_cluster(l2);
	expect("PSCI_SET_SUSPEND_MODE", "back to platform-coordinated", PSCI_FID_SET_SUSPEND_MODE,
	       PSCI_MODE_PLAT_COORD, 0, 0, PSCI_E_SUCCESS);
}

static bool stat_suspend(uint32_t power_state, uint64_t *count0, uint64_t *ticks);

/*
 * DEN0022's recommended StateID encoding with the last-at-level field
 * (TFTF's, and TF-A's Arm platforms'): another spelling of a table value,
 * taken in either mode (platform-coordinated mode has no use for the
 * field), counted by PSCI_STAT as the same state; a field below the
 * PowerLevel or beyond the levels is refused.
 */
static void recommended_ids(void)
{
	uint32_t l2 = level2_state();
	uint64_t me = my_mpidr();

	if (!RECOMMENDED_IDS) {
		/* NULL StateIDs: nothing to add a field to, so such a value is no state. */
		expect_suspend("a last-at-level field on a NULL StateID",
		               last_at(PLAT_PSTATE_CLUSTER_OFF, 1), PSCI_E_INVALID_PARAMS);
		return;
	}
	expect_suspend("platform-coordinated: core standby, last at level 1",
	               last_at(PLAT_PSTATE_CORE_STANDBY, 1), PSCI_E_SUCCESS);
	expect_suspend("platform-coordinated: core power-down, last at level 1",
	               last_at(PLAT_PSTATE_CORE_OFF, 1), PSCI_E_SUCCESS);
	expect_suspend("platform-coordinated: level 1, last at level 1",
	               last_at(PLAT_PSTATE_CLUSTER_OFF, 1), PSCI_E_SUCCESS);
	expect_suspend("platform-coordinated: level 1, last at level 2",
	               last_at(PLAT_PSTATE_CLUSTER_OFF, 2), PSCI_E_SUCCESS);
	if (l2 != 0U) {
		expect_suspend("platform-coordinated: level 2, last at level 2", last_at(l2, 2),
		               PSCI_E_SUCCESS);
		expect_suspend("level 2, last at level 1 (below its PowerLevel)", last_at(l2, 1),
		               PSCI_E_INVALID_PARAMS);
	}
	expect_suspend("last at a level beyond the highest",
	               last_at(PLAT_PSTATE_CORE_OFF, PLAT_MAX_PWR_LVL + 1U), PSCI_E_INVALID_PARAMS);
	expect_suspend("a last-at-level field of 15", last_at(PLAT_PSTATE_CORE_OFF, 15),
	               PSCI_E_INVALID_PARAMS);
	/* PSCI_STAT: one state, two spellings. */
	uint32_t own = PLAT_PSTATE_CLUSTER_OFF, alias = last_at(own, 1);
	uint64_t c0, ticks;
	bool reached = stat_suspend(alias, &c0, &ticks);
	uint64_t by_own = smc1(SMC64(PSCI_FID_STAT_COUNT), me, own, 0);
	uint64_t by_alias = smc1(SMC64(PSCI_FID_STAT_COUNT), me, alias, 0);

	check("PSCI_STAT_COUNT", reached && by_own == c0 + 1 && by_alias == by_own,
	      "a suspend spelt 0x%08x: count %llu -> %llu read as 0x%08x, %llu read as 0x%08x",
	      alias, (unsigned long long)c0, (unsigned long long)by_own, own,
	      (unsigned long long)by_alias, alias);
	check("PSCI_STAT_RESIDENCY",
	      smc1(SMC64(PSCI_FID_STAT_RESIDENCY), me, own, 0) ==
	              smc1(SMC64(PSCI_FID_STAT_RESIDENCY), me, alias, 0),
	      "0x%08x and 0x%08x report different residencies", own, alias);
}

/*
 * One suspend to @power_state that really reached it, as PSCI_STAT_COUNT
 * shows: in wall-clock time the timer may fire before the core suspends
 * and PSCI then returns at once (5.4.1), so try again with a longer timer.
 * Returns the count before, and the counter ticks the call took.
 */
static bool stat_suspend(uint32_t power_state, uint64_t *count0, uint64_t *ticks)
{
	uint64_t me = my_mpidr();
	unsigned int tries = PAYLOAD_WALL_CLOCK ? 20U : 1U;

	for (unsigned int i = 0; i < tries; i++) {
		uint64_t c0 = smc1(SMC64(PSCI_FID_STAT_COUNT), me, power_state, 0);
		uint64_t t0 = read_cntpct_el0();

		payload_timer_arm_us((uint64_t)TIMER_US << i);
		payload_suspend(power_state);
		payload_timer_stop();
		*ticks = read_cntpct_el0() - t0;
		*count0 = c0;
		if ((uint64_t)smc1(SMC64(PSCI_FID_STAT_COUNT), me, power_state, 0) != c0)
			return true;
	}
	return false;
}

static void stats(void)
{
	uint64_t me = my_mpidr();
	uint64_t c0, ticks;
	uint64_t r0 = smc1(SMC64(PSCI_FID_STAT_RESIDENCY), me, PLAT_PSTATE_CORE_OFF, 0);
	bool reached = stat_suspend(PLAT_PSTATE_CORE_OFF, &c0, &ticks);
	uint64_t c1 = smc1(SMC64(PSCI_FID_STAT_COUNT), me, PLAT_PSTATE_CORE_OFF, 0);
	uint64_t r1 = smc1(SMC64(PSCI_FID_STAT_RESIDENCY), me, PLAT_PSTATE_CORE_OFF, 0);
	uint64_t call_us = ticks * 1000000U / read_cntfrq_el0();

	check("PSCI_STAT_COUNT", reached && c1 == c0 + 1, "core power-down count %llu -> %llu",
	      (unsigned long long)c0, (unsigned long long)c1);
	/*
	 * The residency grew, by no more than the call took. Under -icount
	 * the timer also bounds it from below.
	 */
	check("PSCI_STAT_RESIDENCY",
	      r1 > r0 && r1 - r0 <= call_us + 1U && (PAYLOAD_WALL_CLOCK || r1 - r0 >= TIMER_US / 2),
	      "core power-down residency grew by %llu us in a call of %llu us (timer %u us)",
	      (unsigned long long)(r1 - r0), (unsigned long long)call_us, TIMER_US);
	reached = stat_suspend(PLAT_PSTATE_CORE_STANDBY, &c0, &ticks);
	check("PSCI_STAT_COUNT",
	      reached && (uint64_t)smc1(PSCI_FID_STAT_COUNT, me, PLAT_PSTATE_CORE_STANDBY, 0) ==
	                         c0 + 1,
	      "core standby count did not grow by one");
	/*
	 * Counts are per power_state value: a cluster power-down asked for as
	 * such never counts for another value the platform grants the same
	 * way (QEMU's level-2 request), and the reverse.
	 */
	if (PLAT_PSTATE_DEEPEST != PLAT_PSTATE_CLUSTER_OFF) {
		uint64_t deep0 = smc1(SMC64(PSCI_FID_STAT_COUNT), me, PLAT_PSTATE_DEEPEST, 0);
		uint64_t cl0 = smc1(SMC64(PSCI_FID_STAT_COUNT), me, PLAT_PSTATE_CLUSTER_OFF, 0);

		reached = stat_suspend(PLAT_PSTATE_CLUSTER_OFF, &c0, &ticks);
		check("PSCI_STAT_COUNT",
		      reached &&
		              (uint64_t)smc1(SMC64(PSCI_FID_STAT_COUNT), me,
		                             PLAT_PSTATE_CLUSTER_OFF, 0) == cl0 + 1 &&
		              (uint64_t)smc1(SMC64(PSCI_FID_STAT_COUNT), me, PLAT_PSTATE_DEEPEST,
		                             0) == deep0,
		      "a cluster power-down 0x%08x counted for 0x%08x too", PLAT_PSTATE_CLUSTER_OFF,
		      PLAT_PSTATE_DEEPEST);
	}
	/* CPU_OFF then CPU_ON counts one use of the core power-down state. */
	if (need_cores("PSCI_STAT of CPU_OFF", 2)) {
		unsigned int o = payload_nth_other(0);
		uint64_t om = mpidr_of(o);

		start(o, count_job);
		finish(o);
		uint64_t oc0 = smc1(SMC64(PSCI_FID_STAT_COUNT), om, PLAT_PSTATE_CORE_OFF, 0);
		uint64_t or0 = smc1(SMC64(PSCI_FID_STAT_RESIDENCY), om, PLAT_PSTATE_CORE_OFF, 0);

		timed_suspend(PLAT_PSTATE_CORE_STANDBY); /* let the core stay off a while */
		start(o, count_job);
		finish(o);
		uint64_t oc1 = smc1(SMC64(PSCI_FID_STAT_COUNT), om, PLAT_PSTATE_CORE_OFF, 0);
		uint64_t or1 = smc1(SMC64(PSCI_FID_STAT_RESIDENCY), om, PLAT_PSTATE_CORE_OFF, 0);

		check("PSCI_STAT_COUNT", oc1 == oc0 + 1 && or1 > or0,
		      "CPU_OFF + CPU_ON of core %u: core power-down count %llu -> %llu, "
		      "residency %llu -> %llu us",
		      o, (unsigned long long)oc0, (unsigned long long)oc1, (unsigned long long)or0,
		      (unsigned long long)or1);
	}
	/* The suspends above took some cluster down, whichever core went last. */
	int64_t cluster_downs = 0;

	for (unsigned int pos = 0; pos < payload_topo.cores; pos++)
		cluster_downs += smc1(SMC64(PSCI_FID_STAT_COUNT), mpidr_of(pos),
		                      PLAT_PSTATE_CLUSTER_OFF, 0);
	check("PSCI_STAT_COUNT", cluster_downs > 0,
	      "no core counts a cluster power-down after the measurements");
	expect("PSCI_STAT_COUNT", "bad MPIDR reads 0", SMC64(PSCI_FID_STAT_COUNT), absent_mpidr(),
	       PLAT_PSTATE_CORE_OFF, 0, 0);
	expect("PSCI_STAT_RESIDENCY", "bad power_state reads 0", SMC64(PSCI_FID_STAT_RESIDENCY), me,
	       0x40000000U, 0, 0);
}

/*
 * --- PSCI_STAT after SYSTEM_SUSPEND (docs/design/psci.rst) ---
 *
 * The reader's sequence: every secondary off, a snapshot of PSCI_STAT for
 * every power-down state of every core, SYSTEM_SUSPEND from the lead woken
 * by its timer, each secondary on again, the changes. The power-down
 * states are found at run time among the values this platform documents:
 * those CPU_SUSPEND accepts, probed with a wake-up already pending so that
 * none is entered (an abandoned call counts nothing).
 */
#define SYS_STAT_MAX 8U

static const uint32_t sys_stat_candidates[] = {
	PLAT_PSTATE_CORE_OFF,
	PLAT_PSTATE_CLUSTER_OFF,
	PLAT_PSTATE_DEEPEST,
#ifdef PLAT_PSTATE_SYSTEM_LEVEL
	PLAT_PSTATE_SYSTEM_LEVEL,
#endif
};
static uint32_t sys_stat_states[SYS_STAT_MAX];
static unsigned int sys_stat_count;
static uint64_t sys_stat_before[PAYLOAD_MAX_CORES][SYS_STAT_MAX][2];
static uint64_t sys_stat_after[PAYLOAD_MAX_CORES][SYS_STAT_MAX][2];

/* Arm this core's timer to fire now and wait until its interrupt is pending. */
static bool wake_up_pending(void)
{
	payload_timer_arm_us(0);
	for (unsigned long polls = 0; polls < 1000000UL; polls++) {
		if (read_isr_el1() != 0U)
			return true;
	}
	return false;
}

/* PSCI_STAT_COUNT and _RESIDENCY of each found state for core @pos, into @out. */
static void sys_stat_read(unsigned int pos, uint64_t out[SYS_STAT_MAX][2])
{
	for (unsigned int i = 0; i < sys_stat_count; i++) {
		out[i][0] = smc1(SMC64(PSCI_FID_STAT_COUNT), mpidr_of(pos), sys_stat_states[i], 0);
		out[i][1] = smc1(SMC64(PSCI_FID_STAT_RESIDENCY), mpidr_of(pos), sys_stat_states[i],
		                 0);
	}
}

static void sys_stat_job(unsigned int pos, void *arg)
{
	(void)arg;
	sys_stat_read(pos, sys_stat_after[pos]);
	dsb_ish();
}

/*
 * Core @pos's changes: exactly state @moved counted one more use and its
 * residency grew (by at most @max_us, if not 0); nothing else moved.
 */
static void sys_stat_compare(unsigned int pos, int moved, uint64_t max_us)
{
	for (unsigned int i = 0; i < sys_stat_count; i++) {
		const uint64_t *b = sys_stat_before[pos][i], *a = sys_stat_after[pos][i];
		bool ok = (int)i == moved ? a[0] == b[0] + 1 && a[1] > b[1] &&
		                                    (max_us == 0U || a[1] - b[1] <= max_us)
		                          : a[0] == b[0] && a[1] == b[1];

		check("PSCI_STAT_COUNT", ok,
		      "after SYSTEM_SUSPEND: core %u, 0x%08x: count %llu -> %llu, residency %llu -> "
		      "%llu us; expected %s",
		      pos, sys_stat_states[i], (unsigned long long)b[0], (unsigned long long)a[0],
		      (unsigned long long)b[1], (unsigned long long)a[1],
		      (int)i == moved ? "one more use" : "no change");
	}
}

static void stat_after_system_suspend(void)
{
	unsigned int lead = payload_topo.lead;
	int deepest = -1, core_off = -1;

	if (!need_feature("SYSTEM_SUSPEND", payload_topo.system_suspend) ||
	    !need_feature("PSCI_STAT_COUNT",
	                  smc1(PSCI_FID_FEATURES, SMC64(PSCI_FID_STAT_COUNT), 0, 0) == 0) ||
	    !need_feature("PSCI_STAT_RESIDENCY",
	                  smc1(PSCI_FID_FEATURES, SMC64(PSCI_FID_STAT_RESIDENCY), 0, 0) == 0))
		return;
	/* The power-down states CPU_SUSPEND accepts, and the highest level they target. */
	sys_stat_count = 0;
	for (unsigned int c = 0; c < ARRAY_SIZE(sys_stat_candidates); c++) {
		uint32_t ps = sys_stat_candidates[c];
		bool known = false;

		for (unsigned int i = 0; i < sys_stat_count; i++)
			known |= sys_stat_states[i] == ps;
		if (known || ((ps >> PSTATE_TYPE_SHIFT) & 1U) != PSTATE_TYPE_POWERDOWN)
			continue;
		if (!check("CPU_SUSPEND", wake_up_pending(), "the timer's interrupt never pended"))
			return;
		int64_t rc = payload_suspend(ps);

		payload_timer_stop();
		if (rc != PSCI_E_SUCCESS)
			continue;
		sys_stat_states[sys_stat_count] = ps;
		if (deepest < 0 || level_of(ps) > level_of(sys_stat_states[deepest]))
			deepest = (int)sys_stat_count;
		if (level_of(ps) == 0U && core_off < 0)
			core_off = (int)sys_stat_count;
		sys_stat_count++;
	}
	if (deepest < 0) {
		payload_skip("PSCI_STAT after SYSTEM_SUSPEND",
		             "CPU_SUSPEND accepts none of the platform's power-down states");
		return;
	}
	printf("CONFORMANCE: PSCI_STAT after SYSTEM_SUSPEND: %u cores, %u power-down states, "
	       "deepest 0x%08x (level %u)\n",
	       payload_topo.cores, sys_stat_count, sys_stat_states[deepest],
	       level_of(sys_stat_states[deepest]));
	/* Every secondary off: each runs a job and CPU_OFFs. */
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos != lead && start(pos, count_job))
			finish(pos);
	}
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++)
		sys_stat_read(pos, sys_stat_before[pos]);

	/*
	 * SYSTEM_SUSPEND woken by the timer. In wall-clock time the timer may
	 * fire first and the call is abandoned, counting nothing: try again
	 * with a longer timer (under -icount that cannot happen).
	 */
	uint64_t t0 = 0, t1 = 0;
	unsigned int tries = PAYLOAD_WALL_CLOCK ? 20U : 1U;

	for (unsigned int i = 0; i < tries; i++) {
		t0 = read_cntpct_el0();
		payload_timer_arm_us((uint64_t)TIMER_US << i);
		int64_t rc = payload_powerdown(SMC64(PSCI_FID_SYSTEM_SUSPEND));

		payload_timer_stop();
		t1 = read_cntpct_el0();
		check("SYSTEM_SUSPEND", rc == PSCI_E_SUCCESS, "every other core off: %lld",
		      (long long)rc);
		sys_stat_read(lead, sys_stat_after[lead]);
		if (memcmp(sys_stat_after[lead], sys_stat_before[lead],
		           sizeof(sys_stat_before[lead])) != 0)
			break;
	}
	/* The lead: the deepest state, by no more than the call took. */
	sys_stat_compare(lead, deepest, (t1 - t0) * 1000000U / read_cntfrq_el0() + 1U);
	/* Each secondary: its CPU_OFF, a core power-down, and nothing else. */
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == lead || !start(pos, sys_stat_job))
			continue;
		finish(pos);
		inv_dcache_range((uintptr_t)sys_stat_after[pos], sizeof(sys_stat_after[pos]));
		sys_stat_compare(pos, core_off, 0);
	}
}

/* --- NODE_HW_STATE, SYSTEM_RESET2, MEM_PROTECT --- */

static void node_hw_state(void)
{
	uint64_t fid = SMC64(PSCI_FID_NODE_HW_STATE);
	unsigned int levels = 0;

	if (!need_feature("NODE_HW_STATE", payload_topo.node_hw_state))
		return;
	/* The power levels are those NODE_HW_STATE accepts for the caller. */
	while (levels < 4U && smc1(fid, my_mpidr(), levels, 0) != PSCI_E_INVALID_PARAMS)
		levels++;
	check("NODE_HW_STATE", levels >= 2U, "only %u power levels answer", levels);
	for (unsigned int lvl = 0; lvl < levels; lvl++)
		expect("NODE_HW_STATE", "the caller's domain at each level", fid, my_mpidr(), lvl,
		       0, PSCI_HW_ON);
	expect("NODE_HW_STATE", "level beyond the deepest", fid, my_mpidr(), levels, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("NODE_HW_STATE", "bad MPIDR", fid, absent_mpidr(), 0, 0, PSCI_E_INVALID_PARAMS);
	expect("NODE_HW_STATE", "SMC32", PSCI_FID_NODE_HW_STATE, my_mpidr(), 0, 0, PSCI_HW_ON);
	if (need_cores("NODE_HW_STATE of an off core", 2))
		expect("NODE_HW_STATE", "an off core", fid, mpidr_of(payload_nth_other(0)), 0, 0,
		       PSCI_HW_OFF);
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		if (payload_topo.cluster[c] != payload_topo.cluster[payload_topo.lead]) {
			expect("NODE_HW_STATE", "a cluster whose cores are all off", fid,
			       mpidr_of(c), 1, 0, PSCI_HW_OFF);
			return;
		}
	}
	payload_skip("NODE_HW_STATE of an off cluster", "the machine has one cluster");
}

static void reset2_and_mem_protect(void)
{
	const uint64_t bad_types[] = { 1, 0x7fffffff, 0x80000000, 0x80000001 };

	if (need_feature("SYSTEM_RESET2", payload_topo.reset2)) {
		for (unsigned int i = 0; i < 4U; i++) {
			expect("SYSTEM_RESET2", "unknown reset type: no reset",
			       SMC64(PSCI_FID_SYSTEM_RESET2), bad_types[i], 0, 0,
			       PSCI_E_INVALID_PARAMS);
			expect("SYSTEM_RESET2", "SMC32, unknown reset type", PSCI_FID_SYSTEM_RESET2,
			       bad_types[i], 0, 0, PSCI_E_INVALID_PARAMS);
		}
	}
	if (need_feature("MEM_PROTECT", payload_topo.mem_protect)) {
		expect("MEM_PROTECT", "enable, was disabled", PSCI_FID_MEM_PROTECT, 1, 0, 0, 0);
		expect("MEM_PROTECT", "enable, was enabled", PSCI_FID_MEM_PROTECT, 1, 0, 0, 1);
		expect("MEM_PROTECT", "disable, was enabled", PSCI_FID_MEM_PROTECT, 0, 0, 0, 1);
		expect("MEM_PROTECT", "disable, was disabled", PSCI_FID_MEM_PROTECT, 0, 0, 0, 0);
	}
	if (!need_feature("MEM_PROTECT_CHECK_RANGE", payload_topo.mem_protect_range))
		return;

	uint64_t fid = SMC64(PSCI_FID_MEM_PROTECT_CHECK_RANGE);
	uint64_t base = payload_topo.dram_base, size = payload_topo.dram_size;

	expect("MEM_PROTECT_CHECK_RANGE", "non-secure DRAM", fid, base, 0x1000, 0, 0);
	expect("MEM_PROTECT_CHECK_RANGE", "all non-secure DRAM", fid, base, size, 0, 0);
	expect("MEM_PROTECT_CHECK_RANGE", "secure SRAM", fid, PLAT_SEC_SRAM_BASE, 0x1000, 0,
	       PSCI_E_DENIED);
	expect("MEM_PROTECT_CHECK_RANGE", "crossing the end of DRAM", fid, base + size - 0x1000,
	       0x2000, 0, PSCI_E_DENIED);
	expect("MEM_PROTECT_CHECK_RANGE", "zero length", fid, base, 0, 0, PSCI_E_DENIED);
	expect("MEM_PROTECT_CHECK_RANGE", "wrapping range", fid, ~0ULL - 0xfff, 0x2000, 0,
	       PSCI_E_DENIED);
	/* SMC32's range is 32 bits: a DRAM above 4 GiB has none to check. */
	if (base + 0x1000U > 0x100000000ULL)
		payload_skip("MEM_PROTECT_CHECK_RANGE SMC32",
		             "DRAM starts at 0x%llx, above 4 GiB, out of SMC32's reach",
		             (unsigned long long)base);
	else
		expect("MEM_PROTECT_CHECK_RANGE", "SMC32", PSCI_FID_MEM_PROTECT_CHECK_RANGE, base,
		       0x1000, 0, 0);
}

/*
 * SYSTEM_OFF2 (DEN0022F): PSCI_FEATURES gives the bitmap of its types,
 * alike in both forms; a type it has not (vendor types included) or a
 * cookie HIBERNATE_OFF does not use is INVALID_PARAMETERS and the machine
 * stays on. The HIBERNATE_OFF call that powers it off is the payload's
 * last act (payload_main.c).
 */
static void system_off2(void)
{
	static const uint64_t bad[][2] = {
		{ 2, 0 },
		{ 0x7fffffff, 0 },
		{ 0x80000000, 0 }, /* vendor-specific */
		{ 0x80000001, 0 },
		{ PSCI_OFF2_TYPE_HIBERNATE_OFF, 1 }, /* a cookie */
		{ PSCI_OFF2_TYPE_HIBERNATE_ALIAS, 0x5a5a },
	};
	int64_t f32 = smc1(PSCI_FID_FEATURES, PSCI_FID_SYSTEM_OFF2, 0, 0);
	int64_t f64 = smc1(PSCI_FID_FEATURES, SMC64(PSCI_FID_SYSTEM_OFF2), 0, 0);

	check("PSCI_FEATURES", f32 == f64, "SYSTEM_OFF2: SMC32 form %lld, SMC64 form %lld",
	      (long long)f32, (long long)f64);
	if (!need_feature("SYSTEM_OFF2", payload_topo.system_off2))
		return;
	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		expect("SYSTEM_OFF2", "a type or cookie it has not: no power-off",
		       SMC64(PSCI_FID_SYSTEM_OFF2), bad[i][0], bad[i][1], 0, PSCI_E_INVALID_PARAMS);
		expect("SYSTEM_OFF2", "SMC32, a type or cookie it has not", PSCI_FID_SYSTEM_OFF2,
		       bad[i][0], bad[i][1], 0, PSCI_E_INVALID_PARAMS);
	}
	/* SMC32 reads the low halves only (DEN0028 2.6): this type is 2. */
	expect("SYSTEM_OFF2", "SMC32, type 2 with garbage above", PSCI_FID_SYSTEM_OFF2,
	       0xffffffff00000002ULL, 0, 0, PSCI_E_INVALID_PARAMS);
}

/* --- SMCCC and PMF --- */

/* MIDR_EL1's implementer and part number, as read at EL2 (the CPU's own). */
#define MODEL_MASK  0xFF00FFF0U
#define ARM_PART(p) (0x41000000U | (p) << 4)
#define CORTEX_A57  ARM_PART(0xD07U)
#define CORTEX_A72  ARM_PART(0xD08U)
#define NEOVERSE_N1 ARM_PART(0xD0CU)

static uint32_t my_model(void)
{
	return (uint32_t)read_midr_el1() & MODEL_MASK;
}

/*
 * SMCCC_ARCH_FEATURES for the workaround calls, as DEN0028 7.5-7.7 and
 * TF-A master (its arm_arch_svc_setup.c, from the CPU's errata entries)
 * give them, whatever the firmware's tables say: WORKAROUND_1 and _3 -1
 * (NOT_SUPPORTED) on every model QEMU boots, no firmware mitigation for
 * the normal world to call being there (TF-A's 0 on Cortex-A57/A72 comes
 * with its invalidation vectors); WORKAROUND_2 is not required (-2) where
 * FEAT_SSBS lets each EL mitigate itself, or on Cortex-A57/A72 when the
 * build disables load-pass-store at reset (WORKAROUND_CVE_2018_3639), else
 * -1.
 */
static int64_t expected_wa(uint32_t wa)
{
	bool a57_class = my_model() == CORTEX_A57 || my_model() == CORTEX_A72;

	if (wa == SMCCC_ARCH_WORKAROUND_2)
		return ID_FIELD(read_id_aa64pfr1_el1(), ID_AA64PFR1_SSBS_SHIFT) != 0U ||
		                       (a57_class && WORKAROUND_CVE_2018_3639)
		               ? -2
		               : -1;
	return -1;
}

static int64_t wa_seen[PAYLOAD_MAX_CORES][3];

static void wa_job(unsigned int pos, void *arg)
{
	static const uint32_t wa[3] = { SMCCC_ARCH_WORKAROUND_1, SMCCC_ARCH_WORKAROUND_2,
		                        SMCCC_ARCH_WORKAROUND_3 };

	(void)arg;
	for (unsigned int i = 0; i < 3U; i++)
		wa_seen[pos][i] = smc1(SMCCC_ARCH_FEATURES, wa[i], 0, 0);
}

static void smccc(void)
{
	static const uint32_t wa[3] = { SMCCC_ARCH_WORKAROUND_1, SMCCC_ARCH_WORKAROUND_2,
		                        SMCCC_ARCH_WORKAROUND_3 };
	static const char *const wa_name[3] = { "WORKAROUND_1", "WORKAROUND_2", "WORKAROUND_3" };

	expect("SMCCC_VERSION", "1.5", SMCCC_VERSION, 0, 0, 0, SMCCC_VERSION_VALUE);
	expect("SMCCC_ARCH_FEATURES", "SMCCC_ARCH_FEATURES", SMCCC_ARCH_FEATURES,
	       SMCCC_ARCH_FEATURES, 0, 0, 0);
	expect("SMCCC_ARCH_FEATURES", "unassigned function", SMCCC_ARCH_FEATURES, 0x80000099, 0, 0,
	       SMC_ARCH_CALL_NOT_SUPPORTED);
	for (unsigned int i = 0; i < 3U; i++)
		expect("SMCCC_ARCH_FEATURES", wa_name[i], SMCCC_ARCH_FEATURES, wa[i], 0, 0,
		       expected_wa(wa[i]));
	/* On Neoverse N1, TF-A master's answers: neither call is there to make. */
	if (my_model() == NEOVERSE_N1) {
		expect("SMCCC_ARCH_FEATURES", "WORKAROUND_1 on N1", SMCCC_ARCH_FEATURES,
		       SMCCC_ARCH_WORKAROUND_1, 0, 0, -1);
		expect("SMCCC_ARCH_FEATURES", "WORKAROUND_3 on N1", SMCCC_ARCH_FEATURES,
		       SMCCC_ARCH_WORKAROUND_3, 0, 0, -1);
	}
	/*
	 * The calls themselves return nothing (DEN0028 7.5-7.7): whatever
	 * discovery said, x0-x3 come back as passed, as TF-A returns them.
	 */
	for (unsigned int i = 0; i < 3U; i++) {
		struct smc_result r = smc(wa[i], 0x1111, 0x2222, 0x3333);

		check("SMCCC_ARCH_WORKAROUND",
		      r.x0 == wa[i] && r.x1 == 0x1111 && r.x2 == 0x2222 && r.x3 == 0x3333,
		      "%s: call returned x0-x3 = 0x%llx 0x%llx 0x%llx 0x%llx, not as passed",
		      wa_name[i], (unsigned long long)r.x0, (unsigned long long)r.x1,
		      (unsigned long long)r.x2, (unsigned long long)r.x3);
	}
	/* The same answer from every core, each fresh from a warm boot. */
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == payload_topo.lead)
			continue;
		start(pos, wa_job);
		finish(pos);
		for (unsigned int i = 0; i < 3U; i++)
			check("SMCCC_ARCH_FEATURES", wa_seen[pos][i] == expected_wa(wa[i]),
			      "%s on core %u after a warm boot: %lld, expected %lld", wa_name[i],
			      pos, (long long)wa_seen[pos][i], (long long)expected_wa(wa[i]));
	}
	expect("SMCCC", "unknown function (SiP)", 0xc200ff00U, 0, 0, 0, SMC_UNK);
	expect("SMCCC", "yielding call", 0x04000000U, 0, 0, 0, SMC_UNK);
	expect("SMCCC", "fast call, reserved bits 23:17 set", 0x84020000U, 0, 0, 0, SMC_UNK);
	/* Bit 23 set: answered in the vectors, the same answer (smccc.h). */
	expect("SMCCC", "fast call, reserved bit 23 set", SMC_FLOOR_FID, 0, 0, 0, SMC_UNK);
	expect("SMCCC", "fast SMC64 call, reserved bit 23 set", 0xc4800000U, 0, 0, 0, SMC_UNK);
	expect("SMCCC", "yielding call with bit 23 set", 0x04800000U, 0, 0, 0, SMC_UNK);
	struct smc_result fl = smc(SMC_FLOOR_FID, 0x1111, 0x2222, 0x3333);

	check("SMCCC", fl.x1 == 0x1111 && fl.x2 == 0x2222 && fl.x3 == 0x3333,
	      "the vectors' answer to a reserved function ID changed x1-x3: 0x%llx 0x%llx 0x%llx",
	      (unsigned long long)fl.x1, (unsigned long long)fl.x2, (unsigned long long)fl.x3);
	expect("SMCCC", "Standard Service call outside PSCI", 0x84000100U, 0, 0, 0, SMC_UNK);
	/*
	 * The version calls (function number 0) are answered in the vectors:
	 * x1-x3 as the caller left them, as the dispatcher leaves them; the
	 * same IDs that the vectors pass on get the dispatcher's answers.
	 */
	struct smc_result pv = smc(PSCI_FID_VERSION, 0x1111, 0x2222, 0x3333);
	struct smc_result sv = smc(SMCCC_VERSION, 0x4444, 0x5555, 0x6666);

	check("SMCCC",
	      pv.x0 == PSCI_VERSION_VALUE && pv.x1 == 0x1111 && pv.x2 == 0x2222 &&
	              pv.x3 == 0x3333 && sv.x0 == SMCCC_VERSION_VALUE && sv.x1 == 0x4444 &&
	              sv.x2 == 0x5555 && sv.x3 == 0x6666,
	      "the vectors' version answers: PSCI 0x%llx x1-x3 0x%llx 0x%llx 0x%llx; SMCCC 0x%llx "
	      "x1-x3 0x%llx 0x%llx 0x%llx",
	      (unsigned long long)pv.x0, (unsigned long long)pv.x1, (unsigned long long)pv.x2,
	      (unsigned long long)pv.x3, (unsigned long long)sv.x0, (unsigned long long)sv.x1,
	      (unsigned long long)sv.x2, (unsigned long long)sv.x3);
	expect("SMCCC", "PSCI_VERSION with the SVE hint (the dispatcher's)",
	       PSCI_FID_VERSION | FUNCID_SVE_HINT_BIT, 0, 0, 0, PSCI_VERSION_VALUE);
	expect("SMCCC", "SMCCC_VERSION with the SVE hint (the dispatcher's)",
	       SMCCC_VERSION | FUNCID_SVE_HINT_BIT, 0, 0, 0, SMCCC_VERSION_VALUE);
	expect("SMCCC", "PSCI function 0, SMC64 form (none)", PSCI_FID_VERSION | PSCI_FID_SMC64_BIT,
	       0, 0, 0, PSCI_E_NOT_SUPPORTED);
	expect("SMCCC", "Arm architecture function 0, SMC64 form (none)", 0xc0000000U, 0, 0, 0,
	       SMC_UNK);
	check("SMCCC",
	      smc_clobber_mask(PSCI_FID_VERSION) == 0 && smc_clobber_mask(SMCCC_VERSION) == 0 &&
	              smc_clobber_mask(0xc200ff00U) == 0 && smc_clobber_mask(SMC_FLOOR_FID) == 0,
	      "x4-x29 changed across an SMC");

	/*
	 * Not tested here: that the vectors' early answers are for SMCs only
	 * (ESR_EL3's class). The payload has no instruction that traps to EL3
	 * under QEMU (EL3 leaves every feature of the CPU untrapped, and the
	 * secure timer's registers are UNDEFINED at non-secure EL2 itself,
	 * QEMU's reading of DDI 0487); on silicon, Neoverse N1 r3p0-r4p0's
	 * erratum 1542419 trap reaches them.
	 */
}

/* --- Errata Management ABI (Arm DEN0100 1.0) and SMCCC_ARCH_SOC_ID --- */

/*
 * What EM_CPU_ERRATUM_FEATURES must answer, from the facts (Arm's Neoverse
 * N1 errata as TF-A documents them), not from the firmware's tables: a
 * sample of each kind of row, the model and revisions it affects, and who
 * mitigates it: EL3 with IMPLEMENTATION DEFINED registers the platform may
 * lack (HIGHER_EL_MITIGATION where it has them, AFFECTED where not), EL3
 * and the caller together (AFFECTED, or UNKNOWN where EL3's half cannot
 * run), or each EL for itself (AFFECTED).
 */
enum em_who {
	EM_BY_EL3,
	EM_BY_BOTH,
	EM_BY_EACH
};

static const struct em_fact {
	uint32_t model, id;
	uint8_t lo, hi;
	enum em_who who;
} em_facts[] = {
	{ NEOVERSE_N1, 925373, 0x00, 0x00, EM_BY_EL3 },
	{ NEOVERSE_N1, 1262888, 0x00, 0x30, EM_BY_EL3 },
	{ NEOVERSE_N1, 1542419, 0x30, 0x40, EM_BY_BOTH },
	{ NEOVERSE_N1, 1946160, 0x30, 0x41, EM_BY_EL3 },
	{ NEOVERSE_N1, 2743102, 0x00, 0x41, EM_BY_EL3 },
	{ NEOVERSE_N1, 3324349, 0x00, 0x41, EM_BY_EACH },
	{ NEOVERSE_N1, 3888013, 0x00, 0x41, EM_BY_EL3 },
};
#define EM_FACTS ARRAY_SIZE(em_facts)
/* Numbers no CPU here has an erratum for, and one of the firmware's own CVE ids. */
static const uint32_t em_unknown[] = { 0, 1, 0xFFFFFFFFU, 202223960U };
#define EM_UNKNOWN ARRAY_SIZE(em_unknown)

static int64_t em_expected(const struct em_fact *f)
{
	unsigned int rev = (unsigned int)((read_midr_el1() >> 20) & 0xFU) << 4 |
	                   (unsigned int)(read_midr_el1() & 0xFU);

	if (my_model() != f->model)
		return EM_UNKNOWN_ERRATUM;
	if (rev < f->lo || rev > f->hi)
		return EM_NOT_AFFECTED;
	switch (f->who) {
	case EM_BY_EL3:
		return PLAT_CPU_IMPDEF_REGS ? EM_HIGHER_EL_MITIGATION : EM_AFFECTED;
	case EM_BY_BOTH:
		return PLAT_CPU_IMPDEF_REGS ? EM_AFFECTED : EM_UNKNOWN_ERRATUM;
	default:
		return EM_AFFECTED;
	}
}

/* Each core's answers: the facts, then the unknown numbers, forward_flag 0 then 1. */
static int64_t em_seen[PAYLOAD_MAX_CORES][2][EM_FACTS + EM_UNKNOWN];

static void em_ask(unsigned int pos, void *arg)
{
	(void)arg;
	for (unsigned int fwd = 0; fwd < 2U; fwd++) {
		for (unsigned int i = 0; i < EM_FACTS; i++)
			em_seen[pos][fwd][i] = smc1(EM_CPU_ERRATUM_FEATURES, em_facts[i].id, fwd,
			                            0);
		for (unsigned int i = 0; i < EM_UNKNOWN; i++)
			em_seen[pos][fwd][EM_FACTS + i] = smc1(EM_CPU_ERRATUM_FEATURES,
			                                       em_unknown[i], fwd, 0);
	}
}

/*
 * Every core asks on its own behalf (its MIDR, its unit) and, as the
 * hypervisor the payload is (EL2), on behalf of its EL1 (forward_flag 1):
 * the same answers.
 */
static void em_check(unsigned int pos)
{
	for (unsigned int fwd = 0; fwd < 2U; fwd++) {
		for (unsigned int i = 0; i < EM_FACTS + EM_UNKNOWN; i++) {
			bool fact = i < EM_FACTS;
			uint32_t id = fact ? em_facts[i].id : em_unknown[i - EM_FACTS];
			int64_t want = fact ? em_expected(&em_facts[i]) : EM_UNKNOWN_ERRATUM;

			check("EM_CPU_ERRATUM_FEATURES", em_seen[pos][fwd][i] == want,
			      "erratum %u on core %u, forward_flag %u: %lld, expected %lld", id,
			      pos, fwd, (long long)em_seen[pos][fwd][i], (long long)want);
		}
	}
}

static void errata_abi(void)
{
	expect("EM_VERSION", "1.0", EM_VERSION, 0, 0, 0, EM_VERSION_VALUE);
	expect("EM_FEATURES", "EM_VERSION", EM_FEATURES, EM_VERSION, 0, 0, EM_SUCCESS);
	expect("EM_FEATURES", "EM_FEATURES", EM_FEATURES, EM_FEATURES, 0, 0, EM_SUCCESS);
	expect("EM_FEATURES", "EM_CPU_ERRATUM_FEATURES", EM_FEATURES, EM_CPU_ERRATUM_FEATURES, 0, 0,
	       EM_SUCCESS);
	expect("EM_FEATURES", "an unassigned number of the range", EM_FEATURES, 0x840000F3U, 0, 0,
	       EM_NOT_SUPPORTED);
	expect("EM_FEATURES", "PSCI_VERSION is not the interface's", EM_FEATURES, PSCI_FID_VERSION,
	       0, 0, EM_NOT_SUPPORTED);
	/* Unused argument registers are ignored (SMCCC; Linux leaves them as they are). */
	expect("EM_CPU_ERRATUM_FEATURES", "x3 ignored", EM_CPU_ERRATUM_FEATURES, 0xFFFFFFFFU, 0,
	       0x5A5A5A5AU, EM_UNKNOWN_ERRATUM);
	expect("EM_CPU_ERRATUM_FEATURES", "the SMC64 form is none of DEN0100's",
	       EM_CPU_ERRATUM_FEATURES | 0x40000000U, em_facts[0].id, 0, 0, SMC_UNK);
	expect("EM_VERSION", "the SMC64 form is none of DEN0100's", EM_VERSION | 0x40000000U, 0, 0,
	       0, SMC_UNK);
	/* The same answers from every core, each fresh from a warm boot. */
	em_ask(payload_topo.lead, NULL);
	em_check(payload_topo.lead);
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == payload_topo.lead)
			continue;
		start(pos, em_ask);
		finish(pos);
		em_check(pos);
	}
}

/*
 * SMCCC_ARCH_SOC_ID (DEN0028 7.4): the platform's identity. QEMU states
 * its own (platform_def.h); a board's comes from its SoC, of which only
 * the SiP's JEP-106 code and the encoding are known here.
 */
static void soc_id(void)
{
	int64_t version = smc1(SMCCC_ARCH_SOC_ID, SMCCC_SOC_ID_VERSION, 0, 0);
	int64_t revision = smc1(SMCCC_ARCH_SOC_ID, SMCCC_SOC_ID_REVISION, 0, 0);
	uint64_t r[18];

	expect("SMCCC_ARCH_FEATURES", "SMCCC_ARCH_SOC_ID", SMCCC_ARCH_FEATURES, SMCCC_ARCH_SOC_ID,
	       0, 0, 0);
	check("SMCCC_ARCH_SOC_ID", version >= 0 && version <= 0x7FFFFFFF,
	      "version: %lld, not a 31-bit value", (long long)version);
	check("SMCCC_ARCH_SOC_ID", revision >= 0 && revision <= 0x7FFFFFFF,
	      "revision: %lld, not a 31-bit value", (long long)revision);
#ifdef PLAT_SOC_VERSION
	check("SMCCC_ARCH_SOC_ID", version == PLAT_SOC_VERSION && revision == PLAT_SOC_REVISION,
	      "version 0x%llx, revision %lld; the platform states 0x%x, %d",
	      (unsigned long long)version, (long long)revision, PLAT_SOC_VERSION,
	      PLAT_SOC_REVISION);
#endif
	expect("SMCCC_ARCH_SOC_ID", "the same version by SMC64", SMCCC_ARCH_SOC_ID_64,
	       SMCCC_SOC_ID_VERSION, 0, 0, version);
	expect("SMCCC_ARCH_SOC_ID", "the name by SMC32", SMCCC_ARCH_SOC_ID, SMCCC_SOC_ID_NAME, 0, 0,
	       SMC_ARCH_CALL_INVAL_PARAM);
	expect("SMCCC_ARCH_SOC_ID", "type 3", SMCCC_ARCH_SOC_ID, 3, 0, 0,
	       SMC_ARCH_CALL_INVAL_PARAM);
	expect("SMCCC_ARCH_SOC_ID", "type 2^32 + 0 by SMC64", SMCCC_ARCH_SOC_ID_64, 1ULL << 32, 0,
	       0, SMC_ARCH_CALL_INVAL_PARAM);
	smc_x0_x17(SMCCC_ARCH_SOC_ID_64, SMCCC_SOC_ID_NAME, r);

	const char *name = (const char *)&r[1];
	size_t len = strnlen(name, SMCCC_SOC_NAME_LEN);

	check("SMCCC_ARCH_SOC_ID", r[0] == 0 && len > 0 && len < SMCCC_SOC_NAME_LEN,
	      "name: x0 = %lld, %zu characters", (long long)r[0], len);
	if (r[0] == 0 && len < SMCCC_SOC_NAME_LEN)
		printf("PAYLOAD: SoC ID: JEP-106 bank %u code 0x%02x, SoC 0x%04x, revision %lld, "
		       "\"%s\"\n",
		       (unsigned int)(version >> 24) & 0x7FU, (unsigned int)(version >> 16) & 0xFFU,
		       (unsigned int)version & 0xFFFFU, (long long)revision, name);
#ifdef PLAT_SOC_NAME
	check("SMCCC_ARCH_SOC_ID", len < SMCCC_SOC_NAME_LEN && strcmp(name, PLAT_SOC_NAME) == 0,
	      "name \"%.135s\", the platform states \"%s\"", name, PLAT_SOC_NAME);
#endif
}

static void pmf(void)
{
	uint64_t me = read_mpidr_el1();
	struct smc_result r64 = smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(RT_INSTR_ENTER_PSCI), me, 0);

	if ((int64_t)r64.x0 == SMC_UNK) {
		/* Built without instrumentation: the whole PMF range is unknown. */
		static const uint32_t fids[] = { PMF_SMC_GET_TIMESTAMP_32, PMF_SMC_GET_TIMESTAMP_64,
			                         PMF_SMC_GET_VERSION_32, PMF_SMC_GET_VERSION_64 };

		for (unsigned int i = 0; i < 4U; i++)
			expect(i < 2U ? "PMF_GET_TIMESTAMP" : "PMF_GET_VERSION",
			       "no instrumentation: NOT_SUPPORTED", fids[i], RT_TID(0), me, 0,
			       SMC_UNK);
		return;
	}

	struct smc_result r32 = smc(PMF_SMC_GET_TIMESTAMP_32, RT_TID(RT_INSTR_ENTER_PSCI), me,
	                            PMF_CACHE_MAINT);

	check("PMF_GET_TIMESTAMP", r64.x0 == 0 && r64.x1 != 0, "own MPIDR: %lld, ts %llu",
	      (long long)r64.x0, (unsigned long long)r64.x1);
	check("PMF_GET_TIMESTAMP", r32.x0 == 0 && (r32.x1 | r32.x2 << 32) == r64.x1,
	      "SMC32 halves 0x%llx:0x%llx, expected 0x%llx", (unsigned long long)r32.x2,
	      (unsigned long long)r32.x1, (unsigned long long)r64.x1);
	expect("PMF_GET_TIMESTAMP", "bare tid 0x400", PMF_SMC_GET_TIMESTAMP_64, 0x400, me, 0, 0);
	expect("PMF_GET_TIMESTAMP", "MPIDR of no core", PMF_SMC_GET_TIMESTAMP_64,
	       RT_TID(RT_INSTR_ENTER_PSCI), absent_mpidr(), 0, PSCI_E_INVALID_PARAMS);
	expect("PMF_GET_TIMESTAMP", "index past the last", PMF_SMC_GET_TIMESTAMP_64, RT_TID(6), me,
	       0, PMF_E_INVAL);
	expect("PMF_GET_TIMESTAMP", "service id 0 (PSCI_STAT)", PMF_SMC_GET_TIMESTAMP_64,
	       0x41000000, me, 0, PMF_E_INVAL);
	expect("PMF_GET_TIMESTAMP", "service id 2", PMF_SMC_GET_TIMESTAMP_64, 0x41000800, me, 0,
	       PMF_E_INVAL);
	expect("PMF_GET_VERSION", "SMC64", PMF_SMC_GET_VERSION_64, 0, 0, 0, 0);
	check("PMF_GET_VERSION", smc(PMF_SMC_GET_VERSION_32, 0, 0, 0).x1 == PMF_SMC_VERSION,
	      "version is not 1");
	expect("PMF", "unassigned function in the PMF range", 0xC7000023, 0, 0, 0, SMC_UNK);
	/*
	 * Older TFTF builds read timestamps through the deprecated Arm SiP IDs:
	 * answered on Arm's platforms with the vendor IDs' results, unknown
	 * elsewhere (as TF-A does).
	 */
	struct smc_result d64 = smc(PMF_SMC_GET_TIMESTAMP_64_DEP, RT_TID(RT_INSTR_ENTER_PSCI), me,
	                            0);
	struct smc_result d32 = smc(PMF_SMC_GET_TIMESTAMP_32_DEP, RT_TID(RT_INSTR_ENTER_PSCI), me,
	                            PMF_CACHE_MAINT);

	if (PLAT_ARM_SIP_PMF) {
		check("PMF_GET_TIMESTAMP (SiP)", d64.x0 == 0 && d64.x1 == r64.x1,
		      "0xC2000010: %lld, ts %llu; the vendor ID gave ts %llu", (long long)d64.x0,
		      (unsigned long long)d64.x1, (unsigned long long)r64.x1);
		check("PMF_GET_TIMESTAMP (SiP)", d32.x0 == 0 && (d32.x1 | d32.x2 << 32) == r64.x1,
		      "0x82000010 halves 0x%llx:0x%llx, expected 0x%llx",
		      (unsigned long long)d32.x2, (unsigned long long)d32.x1,
		      (unsigned long long)r64.x1);
		expect("PMF_GET_TIMESTAMP (SiP)", "MPIDR of no core", PMF_SMC_GET_TIMESTAMP_64_DEP,
		       RT_TID(RT_INSTR_ENTER_PSCI), absent_mpidr(), 0, PSCI_E_INVALID_PARAMS);
	} else {
		check("PMF_GET_TIMESTAMP (SiP)",
		      (int64_t)d64.x0 == SMC_UNK && (int64_t)d32.x0 == SMC_UNK,
		      "the deprecated Arm SiP IDs answered %lld/%lld on a non-Arm platform",
		      (long long)d64.x0, (long long)d32.x0);
	}
	expect("SiP", "other Arm SiP function", 0xC2000011, 0, 0, 0, SMC_UNK);
	expect("PMF", "vendor EL3 call outside PMF", 0xC7000030, 0, 0, 0, SMC_UNK);
}

/*
 * The call ring (docs/design/pmf.rst): PMF_GET_RING's arguments, each bad
 * one refused with the PMF range's code; the records of a refused and of
 * an abandoned call; and the normal world scribbling over its own ring,
 * which the firmware never reads: its next record takes the number and
 * the stamps it would have had (pmf_order.c does the same from every core
 * while their calls race).
 */
static void ring_record_of(const char *what, int64_t rc, unsigned int outcome, uint32_t ps,
                           uint64_t want_seq)
{
	unsigned int me = payload_my_pos();
	struct pmf_ring_record r;
	uint64_t ts[RT_INSTR_TOTAL_IDS];
	char why[160];
	bool taken;

	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++)
		ts[i] = smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(i), read_mpidr_el1(), 0).x1;
	taken = payload_ring_newest(me, &r);
	check("PMF call ring", taken && r.seq == want_seq,
	      "%s: the newest record is %llu (%s), expected %llu", what, (unsigned long long)r.seq,
	      taken ? "complete" : "not complete", (unsigned long long)want_seq);
	if (taken)
		check("PMF call ring",
		      payload_ring_compare(&r, ts, 0x80U | (PSCI_FID_CPU_SUSPEND & 0x1fU), ps,
		                           outcome, why, sizeof(why)) &&
		              r.status == rc,
		      "%s: %s (status %d, the call returned %lld)", what, why, r.status,
		      (long long)rc);
}

static void pmf_ring(void)
{
	uint64_t me = read_mpidr_el1() & MPIDR_AFFINITY_MASK;
	unsigned int pos = payload_my_pos();

	if (!payload_ring.present) {
		/* Without the ring (PMF_RING=0, or no instrumentation): unknown. */
		expect("PMF_GET_RING", "no ring: NOT_SUPPORTED", PMF_SMC_GET_RING_64, me, 0, 0,
		       SMC_UNK);
		return;
	}
	expect("PMF_GET_RING", "x2 not zero", PMF_SMC_GET_RING_64, me, 1, 0, PMF_E_INVAL);
	expect("PMF_GET_RING", "x3 not zero", PMF_SMC_GET_RING_64, me, 0, 1U << 31, PMF_E_INVAL);
	expect("PMF_GET_RING", "MPIDR of no core", PMF_SMC_GET_RING_64, absent_mpidr(), 0, 0,
	       PMF_E_BAD_MPIDR);
	expect("PMF_GET_RING", "SMC32: no such function",
	       PMF_SMC_GET_RING_64 & ~(1U << FUNCID_CC_SHIFT), me, 0, 0, SMC_UNK);
	/* Bits outside Aff3..Aff0 are ignored, as by GET_TIMESTAMP. */
	struct smc_result a = smc(PMF_SMC_GET_RING_64, me, 0, 0);
	struct smc_result b = smc(PMF_SMC_GET_RING_64, me | MPIDR_U_BIT | MPIDR_MT_BIT, 0, 0);

	check("PMF_GET_RING", a.x0 == 0 && a.x1 == b.x1 && a.x2 == b.x2 && a.x3 == b.x3,
	      "MPIDR with U and MT: %lld 0x%llx 0x%llx 0x%llx, without: 0x%llx 0x%llx",
	      (long long)b.x0, (unsigned long long)b.x1, (unsigned long long)b.x2,
	      (unsigned long long)b.x3, (unsigned long long)a.x1, (unsigned long long)a.x3);

	uint64_t seq = payload_ring_head(pos);
	uint32_t bad = 0x00000005U; /* a StateID no platform here defines */
	int64_t rc = payload_suspend(bad);

	ring_record_of("a refused CPU_SUSPEND", rc, PMF_RING_DENIED, bad, ++seq);
	check("PMF call ring", rc == PSCI_E_INVALID_PARAMS, "CPU_SUSPEND(0x%08x) = %lld", bad,
	      (long long)rc);
	if (check("PMF call ring", wake_up_pending(), "the timer's interrupt never pended")) {
		rc = payload_suspend(PLAT_PSTATE_CORE_OFF);
		payload_timer_stop();
		payload_wake_ack();
		ring_record_of("CPU_SUSPEND with a wake-up pending", rc, PMF_RING_ABANDONED,
		               PLAT_PSTATE_CORE_OFF, ++seq);
	}

	/* Scribble: every byte of this core's ring, seq and head fields far ahead. */
	struct pmf_ring *ring = payload_ring.ring[pos];
	uint64_t x = 0x9e3779b97f4a7c15ULL;

	for (uint64_t *w = (uint64_t *)ring; w < (uint64_t *)(ring + 1); w++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		*w = x;
	}
	ring->header.head = seq + 1000U;
	for (unsigned int i = 0; i < PMF_RING_RECORDS; i++)
		ring->record[i].seq = seq + 1U + i;
	dsb_ish();
	if (check("PMF call ring", wake_up_pending(), "the timer's interrupt never pended")) {
		rc = payload_suspend(PLAT_PSTATE_CORE_OFF);
		payload_timer_stop();
		payload_wake_ack();
		check("PMF call ring", payload_ring_head(pos) == seq + 1U,
		      "after a scribble: head %llu, expected %llu (the firmware's own count)",
		      (unsigned long long)payload_ring_head(pos), (unsigned long long)seq + 1U);
		ring_record_of("after a scribble", rc, PMF_RING_ABANDONED, PLAT_PSTATE_CORE_OFF,
		               ++seq);
	}
}

/* --- CPU_FREEZE (last: the frozen core never runs again) --- */

static volatile uint32_t freeze_entered, freeze_returned;

static void freeze_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	payload_timer_arm_us(TIMER_US); /* must not wake it */
	freeze_entered = 1;
	dsb_ish();
	smc1(PSCI_FID_CPU_FREEZE, 0, 0, 0);
	freeze_returned = 1;
}

static void cpu_freeze(void)
{
	/* The payload ends with one or the other. */
	cover(payload_topo.system_off2 ? "SYSTEM_OFF2" : "SYSTEM_OFF");
	if (!need_feature("CPU_FREEZE", payload_topo.cpu_freeze) || !need_cores("CPU_FREEZE", 2))
		return;

	unsigned int last = payload_nth_other(payload_topo.cores - 2U);

	if (!start(last, freeze_job))
		return;
	for (unsigned long polls = 0; freeze_entered == 0U; polls++) {
		if (polls == 20000000UL) {
			check("CPU_FREEZE", false, "core %u never reached CPU_FREEZE", last);
			return;
		}
		__asm__ volatile("yield");
	}
	/*
	 * The checks below make the lead the last running core: they are safe
	 * only once the other core is frozen for certain. NODE_HW_STATE shows
	 * it in standby; without NODE_HW_STATE only -icount's instruction-
	 * paced scheduling guarantees the SMC has been taken.
	 */
	if (payload_topo.node_hw_state) {
		if (!wait_hw_state(last, PSCI_HW_STANDBY))
			return;
	} else if (PAYLOAD_WALL_CLOCK) {
		payload_skip("CPU_FREEZE of the last running core",
		             "in wall-clock time, without NODE_HW_STATE, nothing shows the other "
		             "core frozen");
		return;
	}
	/* Give its timer time to fire: it must stay frozen. */
	timed_suspend(PLAT_PSTATE_CORE_STANDBY);
	timed_suspend(PLAT_PSTATE_CORE_STANDBY);
	check("CPU_FREEZE", freeze_returned == 0, "an interrupt woke a frozen core");
	if (payload_topo.node_hw_state)
		expect("NODE_HW_STATE", "a frozen core is in standby",
		       SMC64(PSCI_FID_NODE_HW_STATE), mpidr_of(last), 0, 0, PSCI_HW_STANDBY);
	expect("CPU_FREEZE", "a frozen core stays ON", SMC64(PSCI_FID_AFFINITY_INFO),
	       mpidr_of(last), 0, 0, PSCI_AFF_ON);
	expect("CPU_FREEZE", "CPU_ON of a frozen core", SMC64(PSCI_FID_CPU_ON), mpidr_of(last),
	       (uintptr_t)payload_cpu_entry, 0, PSCI_E_ALREADY_ON);
	expect("CPU_FREEZE", "the last running core may not freeze", PSCI_FID_CPU_FREEZE, 0, 0, 0,
	       PSCI_E_DENIED);
	expect("CPU_OFF", "the last running core (a frozen one cannot wake it)", PSCI_FID_CPU_OFF,
	       0, 0, 0, PSCI_E_DENIED);
}

/*
 * The interrupts the platform's secure world owns (platform_def.h, as
 * TF-A's port of it makes them): the normal world can neither take nor
 * reconfigure one; SGI 1, its own on every platform, it can.
 */
static void secure_interrupts(void)
{
	static const struct gicv3_secure_irq secure[] = { PLAT_GIC_SECURE_IRQS };
	struct payload_gic_view v;

	for (unsigned int i = 0; i < ARRAY_SIZE(secure); i++) {
		v = payload_gic_claim(secure[i].intid);
		check("GIC", !v.enabled && v.priority == 0U,
		      "INTID %u is secure, yet the normal world enabled it (%d) and set its "
		      "priority (0x%x)",
		      secure[i].intid, v.enabled, v.priority);
	}
	v = payload_gic_claim(1);
	check("GIC", v.enabled && v.priority == PAYLOAD_GIC_CLAIM_PRIORITY,
	      "SGI 1 is the normal world's, yet it reads enabled %d, priority 0x%x", v.enabled,
	      v.priority);
}

void conformance_run(void)
{
	static const struct {
		const char *name;
		void (*run)(void);
	} sections[] = {
		{ "PSCI_VERSION and PSCI_FEATURES", version_and_features },
		{ "CPU_ON and AFFINITY_INFO arguments", cpu_on_args },
		{ "context IDs", context_ids },
		{ "races", races },
		{ "CPU_SUSPEND", suspend_args },
		{ "CPU_DEFAULT_SUSPEND and SYSTEM_SUSPEND", default_and_system_suspend },
		{ "OS-initiated mode", osi_mode },
		{ "OS-initiated mode at every level", osi_levels },
		{ "recommended StateIDs", recommended_ids },
		{ "PSCI_STAT", stats },
		{ "PSCI_STAT after SYSTEM_SUSPEND", stat_after_system_suspend },
		{ "NODE_HW_STATE", node_hw_state },
		{ "SYSTEM_RESET2 and MEM_PROTECT", reset2_and_mem_protect },
		{ "SYSTEM_OFF2", system_off2 },
		{ "SMCCC", smccc },
		{ "Errata Management ABI", errata_abi },
		{ "SMCCC_ARCH_SOC_ID", soc_id },
		{ "PMF", pmf },
		{ "PMF call ring", pmf_ring },
		{ "CPU_FREEZE", cpu_freeze },
		{ "secure interrupts", secure_interrupts },
	};

	/* Where a LAVA job's monitor starts reading the sections' verdicts. */
	printf("CONFORMANCE: %u sections\n", (unsigned int)ARRAY_SIZE(sections));
	for (unsigned int i = 0; i < ARRAY_SIZE(sections); i++) {
		unsigned int before = failed;

		sections[i].run();
		printf("CONFORMANCE: %s: %s\n", sections[i].name,
		       failed == before ? "PASS" : "FAIL");
	}
	printf("CONFORMANCE: covers");
	for (unsigned int i = 0; i < covered_count; i++)
		printf(" %s", covered[i]);
	printf("\nCONFORMANCE: %u passed, %u failed\n", passed, failed);
}
