/*
 * PSCI 1.1 (Arm DEN0022), SMCCC (DEN0028) and PMF conformance suite, run by
 * the test payload. Each check prints, when it fails,
 *   CONFORMANCE: FAIL <function>: <what>: <call>(<args>) = <got>, expected <want>
 * and the suite ends with "CONFORMANCE: N passed, N failed" and the list of
 * functions it exercised. It leaves core 3 frozen (CPU_FREEZE is last).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>
#include <plat/plat_topology.h>

#include "payload.h"
#include "smc.h"

#define SMC64(fid)	((fid) | PSCI_FID_SMC64_BIT)
#define RT_TID(i)	((PMF_ARM_TIF_IMPL_ID << PMF_TID_IMPL_SHIFT) | \
			 (PMF_RT_INSTR_SVC_ID << PMF_TID_SVC_SHIFT) | (i))
#define TIMER_US	100U
/*
 * Time bounds. Under -icount time is instructions and tight bounds hold;
 * in wall-clock time (REALTIME=1, hardware) the host's scheduling of
 * QEMU's threads adds milliseconds, so only gross failures count.
 */
#define PROMPT_US	(PAYLOAD_WALL_CLOCK ? 100000U : 100U)
#define RESIDENCY_MAX_US (PAYLOAD_WALL_CLOCK ? 1000000U : 10U * TIMER_US)

void payload_cpu_entry(uint64_t context_id);

static unsigned int passed, failed;
static const char *covered[40];
static unsigned int covered_count;

static void cover(const char *fn)
{
	for (unsigned int i = 0; i < covered_count; i++) {
		if (strcmp(covered[i], fn) == 0)
			return;
	}
	if (covered_count < sizeof(covered) / sizeof(covered[0]))
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
static int64_t expect(const char *fn, const char *what, uint64_t fid, uint64_t a1,
		      uint64_t a2, uint64_t a3, int64_t want)
{
	int64_t got = smc1(fid, a1, a2, a3);

	check(fn, got == want, "%s: 0x%llx(0x%llx, 0x%llx, 0x%llx) = %lld, expected %lld", what,
	      (unsigned long long)fid, (unsigned long long)a1, (unsigned long long)a2,
	      (unsigned long long)a3, (long long)got, (long long)want);
	return got;
}

static uint64_t mpidr_of(unsigned int pos)
{
	return plat_core_mpidr(pos);
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

static void long_suspend_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	payload_timer_arm_us(5000);
	payload_suspend(PLAT_PSTATE_CORE_OFF);
	payload_timer_stop();
}

static bool start(unsigned int pos, payload_job_fn fn)
{
	int64_t rc = payload_cpu_on(pos, fn, NULL);

	return check("CPU_ON", rc == PSCI_E_SUCCESS, "start core %u: CPU_ON = %lld", pos,
		     (long long)rc);
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

static void finish(unsigned int pos)
{
	payload_wait_cpu_off(pos);
}

/* --- PSCI_VERSION and PSCI_FEATURES over the whole function range --- */

static bool expect_implemented(uint32_t fid)
{
	uint32_t n = fid & 0x1fU;
	bool smc64 = (fid & PSCI_FID_SMC64_BIT) != 0U;

	if (n == 0x05U || n == 0x07U)		/* MIGRATE, MIGRATE_INFO_UP_CPU */
		return false;
	if (n == 0x0fU)				/* PSCI_SET_SUSPEND_MODE */
		return !smc64 && PSCI_OS_INIT_MODE != 0;
	if (n > 0x14U)
		return false;
	if (!smc64)
		return true;
	/* Functions with an SMC64 form (DEN0022 5.1). */
	return n == 0x01U || n == 0x03U || n == 0x04U || n == 0x0cU || n == 0x0dU ||
	       n == 0x0eU || n == 0x10U || n == 0x11U || n == 0x12U || n == 0x14U;
}

static void version_and_features(void)
{
	expect("PSCI_VERSION", "1.1", PSCI_FID_VERSION, 0, 0, 0, PSCI_VERSION_VALUE);
	for (uint32_t n = 0; n < 0x20U; n++) {
		for (uint32_t w = 0; w < 2U; w++) {
			uint32_t fid = 0x84000000U | n | (w != 0U ? PSCI_FID_SMC64_BIT : 0U);
			bool impl = expect_implemented(fid);
			int64_t want = !impl ? PSCI_E_NOT_SUPPORTED :
				n == 0x01U ? (PSCI_OS_INIT_MODE != 0 ? (int64_t)PSCI_FEATURE_OSI : 0) : 0;

			expect("PSCI_FEATURES", impl ? "implemented" : "not implemented",
			       PSCI_FID_FEATURES, fid, 0, 0, want);
			/* Calling what FEATURES denies must be NOT_SUPPORTED too. */
			if (!impl)
				expect("PSCI_FEATURES", "a function it denies is NOT_SUPPORTED",
				       fid, 0, 0, 0, PSCI_E_NOT_SUPPORTED);
		}
	}
	expect("PSCI_FEATURES", "SMCCC_VERSION (discovery)", PSCI_FID_FEATURES, SMCCC_VERSION,
	       0, 0, 0);
	expect("PSCI_FEATURES", "a non-PSCI function", PSCI_FID_FEATURES, SMCCC_ARCH_FEATURES,
	       0, 0, PSCI_E_NOT_SUPPORTED);
	expect("MIGRATE_INFO_TYPE", "no Trusted OS", PSCI_FID_MIGRATE_INFO_TYPE, 0, 0, 0,
	       PSCI_TOS_NOT_PRESENT_MP);
	cover("MIGRATE");
	cover("MIGRATE_INFO_UP_CPU");
}

/* --- CPU_ON, AFFINITY_INFO, context IDs, races --- */

static void cpu_on_args(void)
{
	uintptr_t ep = (uintptr_t)payload_cpu_entry;
	uint64_t other = mpidr_of(1);
	const uint64_t bad_mpidrs[] = {
		other | (1ULL << 32),		/* Aff3 */
		other | (1ULL << 16),		/* Aff2 */
		other | (1ULL << 8),		/* Aff1: QEMU numbers cores in Aff0 */
		other | (1ULL << 31),		/* reserved (RES1 in MPIDR_EL1) */
		other | (1ULL << 24),		/* MT */
		other | (1ULL << 40),		/* reserved [63:40] */
		PLATFORM_CORE_COUNT,		/* a core that does not exist */
	};

	for (unsigned int i = 0; i < sizeof(bad_mpidrs) / sizeof(bad_mpidrs[0]); i++) {
		expect("CPU_ON", "bad MPIDR", SMC64(PSCI_FID_CPU_ON), bad_mpidrs[i], ep, 0,
		       PSCI_E_INVALID_PARAMS);
		expect("AFFINITY_INFO", "bad MPIDR", SMC64(PSCI_FID_AFFINITY_INFO), bad_mpidrs[i],
		       0, 0, PSCI_E_INVALID_PARAMS);
	}
	expect("CPU_ON", "odd entry point", SMC64(PSCI_FID_CPU_ON), other, ep + 1, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "misaligned entry point", SMC64(PSCI_FID_CPU_ON), other, ep + 2, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "entry point in secure memory", SMC64(PSCI_FID_CPU_ON), other,
	       BL31_BASE, 0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "entry point 0", SMC64(PSCI_FID_CPU_ON), other, 0, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "entry point past non-secure DRAM", SMC64(PSCI_FID_CPU_ON), other,
	       PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE, 0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON", "the calling core", SMC64(PSCI_FID_CPU_ON), my_mpidr(), ep, 0,
	       PSCI_E_ALREADY_ON);
	expect("AFFINITY_INFO", "the calling core", SMC64(PSCI_FID_AFFINITY_INFO), my_mpidr(),
	       0, 0, PSCI_AFF_ON);
	expect("AFFINITY_INFO", "an off core", SMC64(PSCI_FID_AFFINITY_INFO), other, 0, 0,
	       PSCI_AFF_OFF);
	for (uint64_t lvl = 1; lvl <= 3U; lvl++)
		expect("AFFINITY_INFO", "lowest level above 0", SMC64(PSCI_FID_AFFINITY_INFO),
		       my_mpidr(), lvl, 0, PSCI_E_INVALID_PARAMS);
	/* SMC32 forms ignore the upper halves of their arguments (DEN0028 2.6). */
	expect("AFFINITY_INFO", "SMC32, garbage upper halves", PSCI_FID_AFFINITY_INFO,
	       my_mpidr() | 0xabcd000000000000ULL, 0xffffffff00000000ULL, 0, PSCI_AFF_ON);

	/* ON_PENDING: the core is accepted but has not finished its warm boot. */
	job_runs = 0;
	start(1, count_job);
	expect("CPU_ON", "a core being powered on", SMC64(PSCI_FID_CPU_ON), other, ep, 0,
	       PSCI_E_ON_PENDING);
	finish(1);
	check("CPU_ON", job_runs == 1, "the core ran its job %u times, expected once", job_runs);
	expect("AFFINITY_INFO", "after CPU_OFF", SMC64(PSCI_FID_AFFINITY_INFO), other, 0, 0,
	       PSCI_AFF_OFF);
}

static void context_ids(void)
{
	uintptr_t ep = (uintptr_t)payload_ctxid_entry;
	uint64_t other = mpidr_of(2);

	expect("CPU_ON", "SMC64 with a 64-bit context ID", SMC64(PSCI_FID_CPU_ON), other, ep,
	       0x0123456789abcdefULL, PSCI_E_SUCCESS);
	finish(2);
	check("CPU_ON", payload_ctxid_received(2) == 0x0123456789abcdefULL,
	      "context ID in x0 at the entry point: 0x%llx, expected 0x0123456789abcdef",
	      (unsigned long long)payload_ctxid_received(2));
	expect("CPU_ON", "SMC32 with garbage upper halves", PSCI_FID_CPU_ON,
	       other | 0xffffffff00000000ULL, ep | 0x5a5a000000000000ULL,
	       0xdeadbeef12345678ULL, PSCI_E_SUCCESS);
	finish(2);
	check("CPU_ON", payload_ctxid_received(2) == 0x12345678U,
	      "SMC32 context ID in x0: 0x%llx, expected 0x12345678",
	      (unsigned long long)payload_ctxid_received(2));
}

/*
 * Two cores CPU_ON the same target at once: one wins, the other gets
 * ALREADY_ON or ON_PENDING, and the target starts once. The target stays up
 * until both calls are made, so "at once" holds whatever order QEMU runs
 * the cores in.
 */
static struct payload_barrier race_barrier;
static volatile int64_t racer_rc;

static void racer_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	payload_barrier_wait(&race_barrier);
	racer_rc = payload_cpu_on(3, count_hold_job, NULL);
}

static void races(void)
{
	unsigned int bad = 0;

	for (unsigned int round = 0; round < 20U; round++) {
		job_runs = 0;
		racer_rc = 1;
		release = 0;
		payload_barrier_init(&race_barrier, 2);
		start(1, racer_job);
		payload_barrier_wait(&race_barrier);
		int64_t mine = payload_cpu_on(3, count_hold_job, NULL);

		finish(1);
		release = 1;
		finish(3);
		int64_t theirs = racer_rc;
		bool one_success = (mine == PSCI_E_SUCCESS) != (theirs == PSCI_E_SUCCESS);
		int64_t loser = mine == PSCI_E_SUCCESS ? theirs : mine;

		if (!check("CPU_ON", one_success && (loser == PSCI_E_ALREADY_ON ||
						     loser == PSCI_E_ON_PENDING) && job_runs == 1,
			   "race %u: two CPU_ONs of core 3 returned %lld and %lld, core 3 ran %u times",
			   round, (long long)mine, (long long)theirs, job_runs))
			bad++;
	}
	check("CPU_ON", bad == 0, "20 rounds of racing CPU_ONs: %u wrong", bad);

	/* CPU_OFF followed at once by CPU_ON of the same core, 1000 times. */
	unsigned int refused = 0;

	job_runs = 0;
	for (unsigned int i = 0; i < 1000U; i++) {
		if (payload_cpu_on(1, count_job, NULL) != PSCI_E_SUCCESS)
			refused++;
		finish(1);
	}
	check("CPU_OFF", refused == 0 && job_runs == 1000,
	      "1000 x (CPU_ON, CPU_OFF) of core 1: %u CPU_ONs refused, job ran %u times",
	      refused, job_runs);

	/* AFFINITY_INFO reports OFF promptly after CPU_OFF. */
	off_stamp = 0;
	if (!start(1, stamp_job))
		return;
	payload_wait_cpu_off(1);

	uint64_t seen = read_cntpct_el0();
	uint64_t us = (seen - off_stamp) * 1000000U / read_cntfrq_el0();

	check("AFFINITY_INFO", off_stamp != 0 && us < PROMPT_US,
	      "OFF reported %llu us after the core called CPU_OFF (limit %u us)",
	      (unsigned long long)us, PROMPT_US);
}

/* --- CPU_SUSPEND, CPU_DEFAULT_SUSPEND, SYSTEM_SUSPEND, modes, stats --- */

static void suspend_args(void)
{
	uintptr_t ep = (uintptr_t)payload_cpu_entry;
	const uint32_t bad_states[] = {
		0x40000000U | PLAT_PSTATE_CORE_OFF,	/* reserved bit 30 */
		0x80000000U | PLAT_PSTATE_CORE_OFF,	/* reserved bit 31 */
		0x00020000U | PLAT_PSTATE_CORE_OFF,	/* reserved bit 17 */
		0x03010222U,				/* level 3: beyond the deepest */
		0x00000000U,				/* NULL StateID */
		0x00010001U,				/* power-down type, standby StateID */
		0x00000002U,				/* standby type, power-down StateID */
		0x01000011U,				/* cluster retention: not implemented */
	};

	for (unsigned int i = 0; i < sizeof(bad_states) / sizeof(bad_states[0]); i++)
		expect("CPU_SUSPEND", "bad power_state", SMC64(PSCI_FID_CPU_SUSPEND),
		       bad_states[i], ep, 0, PSCI_E_INVALID_PARAMS);
	expect("CPU_SUSPEND", "power-down to an odd entry point", SMC64(PSCI_FID_CPU_SUSPEND),
	       PLAT_PSTATE_CORE_OFF, ep + 1, 0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_SUSPEND", "power-down to secure memory", SMC64(PSCI_FID_CPU_SUSPEND),
	       PLAT_PSTATE_DEEPEST, BL31_BASE, 0, PSCI_E_INVALID_ADDRESS);

	/* Core standby returns with the caller's GIC priority mask intact. */
	uint64_t pmr;

	__asm__ volatile("msr S3_0_C4_C6_0, %0" : : "r"(0xf0ULL));	/* ICC_PMR_EL1 */
	check("CPU_SUSPEND", timed_suspend(PLAT_PSTATE_CORE_STANDBY) == PSCI_E_SUCCESS,
	      "core standby 0x%x", PLAT_PSTATE_CORE_STANDBY);
	__asm__ volatile("mrs %0, S3_0_C4_C6_0" : "=r"(pmr));
	__asm__ volatile("msr S3_0_C4_C6_0, %0" : : "r"(0xffULL));
	check("CPU_SUSPEND", pmr == 0xf0, "standby changed ICC_PMR_EL1 to 0x%llx",
	      (unsigned long long)pmr);
	const uint32_t good[] = { PLAT_PSTATE_CORE_OFF, PLAT_PSTATE_CLUSTER_OFF,
				  PLAT_PSTATE_DEEPEST };

	for (unsigned int i = 0; i < 3U; i++) {
		int64_t rc = timed_suspend(good[i]);

		check("CPU_SUSPEND", rc == PSCI_E_SUCCESS, "power-down 0x%08x = %lld, expected 0",
		      good[i], (long long)rc);
	}
}

static void default_and_system_suspend(void)
{
	int64_t rc = timed_powerdown(SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND));

	check("CPU_DEFAULT_SUSPEND", rc == PSCI_E_SUCCESS, "= %lld, expected 0", (long long)rc);
	expect("CPU_DEFAULT_SUSPEND", "odd entry point", SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND),
	       (uintptr_t)payload_cpu_entry + 1, 0, 0, PSCI_E_INVALID_ADDRESS);

	expect("SYSTEM_SUSPEND", "entry point in secure memory", SMC64(PSCI_FID_SYSTEM_SUSPEND),
	       BL31_BASE, 0, 0, PSCI_E_INVALID_ADDRESS);
	release = 0;
	start(1, hold_job);
	expect("SYSTEM_SUSPEND", "another core is on", SMC64(PSCI_FID_SYSTEM_SUSPEND),
	       (uintptr_t)payload_cpu_entry, 0, 0, PSCI_E_DENIED);
	release = 1;
	finish(1);
	rc = timed_powerdown(SMC64(PSCI_FID_SYSTEM_SUSPEND));
	check("SYSTEM_SUSPEND", rc == PSCI_E_SUCCESS, "the last core on = %lld, expected 0",
	      (long long)rc);
}

static void osi_mode(void)
{
	if (PSCI_OS_INIT_MODE == 0)
		return;
	expect("PSCI_SET_SUSPEND_MODE", "unknown mode", PSCI_FID_SET_SUSPEND_MODE, 2, 0, 0,
	       PSCI_E_INVALID_PARAMS);
	/* No switch while another core is suspended. */
	if (!start(1, long_suspend_job) || !payload_wait_aff(1, PSCI_AFF_ON) ||
	    !wait_hw_state(1, PSCI_HW_OFF))
		return;
	expect("PSCI_SET_SUSPEND_MODE", "another core suspended", PSCI_FID_SET_SUSPEND_MODE,
	       PSCI_MODE_OS_INIT, 0, 0, PSCI_E_DENIED);
	finish(1);
	expect("PSCI_SET_SUSPEND_MODE", "to OS-initiated", PSCI_FID_SET_SUSPEND_MODE,
	       PSCI_MODE_OS_INIT, 0, 0, PSCI_E_SUCCESS);
	/* The lead is the last core of cluster 0: a cluster state is valid. */
	check("CPU_SUSPEND", timed_suspend(PLAT_PSTATE_CLUSTER_OFF) == PSCI_E_SUCCESS,
	      "OS-initiated cluster power-down as the cluster's last core");
	release = 0;
	start(1, hold_job);
	/* While core 1 is ON_PENDING it counts as running too. */
	expect("CPU_SUSPEND", "OS-initiated cluster power-down with a sibling powering on",
	       SMC64(PSCI_FID_CPU_SUSPEND), PLAT_PSTATE_CLUSTER_OFF, (uintptr_t)payload_cpu_entry,
	       0, PSCI_E_DENIED);
	if (!payload_wait_aff(1, PSCI_AFF_ON))
		return;
	expect("CPU_SUSPEND", "OS-initiated cluster power-down with a sibling running",
	       SMC64(PSCI_FID_CPU_SUSPEND), PLAT_PSTATE_CLUSTER_OFF, (uintptr_t)payload_cpu_entry,
	       0, PSCI_E_DENIED);
	check("CPU_SUSPEND", timed_suspend(PLAT_PSTATE_CORE_OFF) == PSCI_E_SUCCESS,
	      "OS-initiated core power-down with a sibling running");
	release = 1;
	finish(1);
	/* A sibling in core power-down does not stop the cluster going down. */
	if (!start(1, long_suspend_job) || !payload_wait_aff(1, PSCI_AFF_ON) ||
	    !wait_hw_state(1, PSCI_HW_OFF))
		return;
	check("CPU_SUSPEND", timed_suspend(PLAT_PSTATE_CLUSTER_OFF) == PSCI_E_SUCCESS,
	      "OS-initiated cluster power-down, the sibling core powered down");
	finish(1);
	expect("PSCI_SET_SUSPEND_MODE", "back to platform-coordinated",
	       PSCI_FID_SET_SUSPEND_MODE, PSCI_MODE_PLAT_COORD, 0, 0, PSCI_E_SUCCESS);
}

static void stats(void)
{
	uint64_t me = my_mpidr();
	uint64_t c0 = smc1(SMC64(PSCI_FID_STAT_COUNT), me, PLAT_PSTATE_CORE_OFF, 0);
	uint64_t r0 = smc1(SMC64(PSCI_FID_STAT_RESIDENCY), me, PLAT_PSTATE_CORE_OFF, 0);

	timed_suspend(PLAT_PSTATE_CORE_OFF);

	uint64_t c1 = smc1(SMC64(PSCI_FID_STAT_COUNT), me, PLAT_PSTATE_CORE_OFF, 0);
	uint64_t r1 = smc1(SMC64(PSCI_FID_STAT_RESIDENCY), me, PLAT_PSTATE_CORE_OFF, 0);

	check("PSCI_STAT_COUNT", c1 == c0 + 1, "core power-down count %llu -> %llu",
	      (unsigned long long)c0, (unsigned long long)c1);
	check("PSCI_STAT_RESIDENCY", r1 > r0 && r1 - r0 >= TIMER_US / 2 && r1 - r0 <= RESIDENCY_MAX_US,
	      "core power-down residency grew by %llu us for a %u us suspend",
	      (unsigned long long)(r1 - r0), TIMER_US);
	c0 = smc1(PSCI_FID_STAT_COUNT, me, PLAT_PSTATE_CORE_STANDBY, 0);
	timed_suspend(PLAT_PSTATE_CORE_STANDBY);
	check("PSCI_STAT_COUNT", (uint64_t)smc1(PSCI_FID_STAT_COUNT, me, PLAT_PSTATE_CORE_STANDBY,
						0) == c0 + 1, "core standby count did not grow by one");
	/* The measurements took some cluster down, whichever core went last. */
	int64_t cluster_downs = 0;

	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++)
		cluster_downs += smc1(SMC64(PSCI_FID_STAT_COUNT), mpidr_of(pos),
				      PLAT_PSTATE_CLUSTER_OFF, 0);
	check("PSCI_STAT_COUNT", cluster_downs > 0,
	      "no core counts a cluster power-down after the measurements");
	expect("PSCI_STAT_COUNT", "bad MPIDR reads 0", SMC64(PSCI_FID_STAT_COUNT),
	       PLATFORM_CORE_COUNT, PLAT_PSTATE_CORE_OFF, 0, 0);
	expect("PSCI_STAT_RESIDENCY", "bad power_state reads 0", SMC64(PSCI_FID_STAT_RESIDENCY),
	       me, 0x40000000U, 0, 0);
}

/* --- NODE_HW_STATE, SYSTEM_RESET2, MEM_PROTECT --- */

static void node_hw_state(void)
{
	uint64_t fid = SMC64(PSCI_FID_NODE_HW_STATE);

	expect("NODE_HW_STATE", "the calling core", fid, my_mpidr(), 0, 0, PSCI_HW_ON);
	expect("NODE_HW_STATE", "its cluster", fid, my_mpidr(), 1, 0, PSCI_HW_ON);
	expect("NODE_HW_STATE", "the system", fid, my_mpidr(), 2, 0, PSCI_HW_ON);
	expect("NODE_HW_STATE", "an off core", fid, mpidr_of(1), 0, 0, PSCI_HW_OFF);
	if (PLAT_CLUSTER_COUNT > 1)
		expect("NODE_HW_STATE", "a cluster whose cores are all off", fid,
		       mpidr_of(PLAT_CORES_PER_CLUSTER), 1, 0, PSCI_HW_OFF);
	expect("NODE_HW_STATE", "level beyond the deepest", fid, my_mpidr(), 3, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("NODE_HW_STATE", "bad MPIDR", fid, PLATFORM_CORE_COUNT, 0, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("NODE_HW_STATE", "SMC32", PSCI_FID_NODE_HW_STATE, my_mpidr(), 0, 0, PSCI_HW_ON);
}

static void reset2_and_mem_protect(void)
{
	const uint64_t bad_types[] = { 1, 0x7fffffff, 0x80000000, 0x80000001 };

	for (unsigned int i = 0; i < 4U; i++) {
		expect("SYSTEM_RESET2", "unknown reset type: no reset", SMC64(PSCI_FID_SYSTEM_RESET2),
		       bad_types[i], 0, 0, PSCI_E_INVALID_PARAMS);
		expect("SYSTEM_RESET2", "SMC32, unknown reset type", PSCI_FID_SYSTEM_RESET2,
		       bad_types[i], 0, 0, PSCI_E_INVALID_PARAMS);
	}
	expect("MEM_PROTECT", "enable, was disabled", PSCI_FID_MEM_PROTECT, 1, 0, 0, 0);
	expect("MEM_PROTECT", "enable, was enabled", PSCI_FID_MEM_PROTECT, 1, 0, 0, 1);
	expect("MEM_PROTECT", "disable, was enabled", PSCI_FID_MEM_PROTECT, 0, 0, 0, 1);
	expect("MEM_PROTECT", "disable, was disabled", PSCI_FID_MEM_PROTECT, 0, 0, 0, 0);

	uint64_t fid = SMC64(PSCI_FID_MEM_PROTECT_CHECK_RANGE);

	expect("MEM_PROTECT_CHECK_RANGE", "non-secure DRAM", fid, PLAT_NS_DRAM_BASE, 0x1000, 0, 0);
	expect("MEM_PROTECT_CHECK_RANGE", "all non-secure DRAM", fid, PLAT_NS_DRAM_BASE,
	       PLAT_NS_DRAM_SIZE, 0, 0);
	expect("MEM_PROTECT_CHECK_RANGE", "secure SRAM", fid, PLAT_SEC_SRAM_BASE, 0x1000, 0,
	       PSCI_E_DENIED);
	expect("MEM_PROTECT_CHECK_RANGE", "crossing the end of DRAM", fid,
	       PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE - 0x1000, 0x2000, 0, PSCI_E_DENIED);
	expect("MEM_PROTECT_CHECK_RANGE", "zero length", fid, PLAT_NS_DRAM_BASE, 0, 0,
	       PSCI_E_DENIED);
	expect("MEM_PROTECT_CHECK_RANGE", "wrapping range", fid, ~0ULL - 0xfff, 0x2000, 0,
	       PSCI_E_DENIED);
	expect("MEM_PROTECT_CHECK_RANGE", "SMC32", PSCI_FID_MEM_PROTECT_CHECK_RANGE,
	       PLAT_NS_DRAM_BASE, 0x1000, 0, 0);
}

/* --- SMCCC and PMF --- */

static int64_t expected_wa(uint32_t wa)
{
	uint64_t pfr0 = read_id_aa64pfr0_el1(), pfr1 = read_id_aa64pfr1_el1();
	uint64_t csv2 = ID_FIELD(pfr0, ID_AA64PFR0_CSV2_SHIFT);

	if (wa == SMCCC_ARCH_WORKAROUND_1)
		return csv2 >= 1U ? 1 : -1;
	if (wa == SMCCC_ARCH_WORKAROUND_2)
		return ID_FIELD(pfr1, ID_AA64PFR1_SSBS_SHIFT) != 0U ? -2 : -1;
	return csv2 >= 3U || ID_FIELD(read_id_aa64mmfr1_el1(), 60) != 0U ? 1 : -1;
}

static int64_t wa_seen[PLATFORM_CORE_COUNT][3];

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
	static const char *const wa_name[3] = { "WORKAROUND_1", "WORKAROUND_2",
						"WORKAROUND_3" };

	expect("SMCCC_VERSION", "1.5", SMCCC_VERSION, 0, 0, 0, SMCCC_VERSION_VALUE);
	expect("SMCCC_ARCH_FEATURES", "SMCCC_ARCH_FEATURES", SMCCC_ARCH_FEATURES,
	       SMCCC_ARCH_FEATURES, 0, 0, 0);
	expect("SMCCC_ARCH_FEATURES", "unassigned function", SMCCC_ARCH_FEATURES, 0x80000099,
	       0, 0, SMC_ARCH_CALL_NOT_SUPPORTED);
	for (unsigned int i = 0; i < 3U; i++)
		expect("SMCCC_ARCH_FEATURES", wa_name[i], SMCCC_ARCH_FEATURES, wa[i], 0, 0,
		       expected_wa(wa[i]));
	/* The same answer from every core, each fresh from a warm boot. */
	for (unsigned int pos = 1; pos < PLATFORM_CORE_COUNT; pos++) {
		start(pos, wa_job);
		finish(pos);
		for (unsigned int i = 0; i < 3U; i++)
			check("SMCCC_ARCH_FEATURES", wa_seen[pos][i] == expected_wa(wa[i]),
			      "%s on core %u after a warm boot: %lld, expected %lld", wa_name[i],
			      pos, (long long)wa_seen[pos][i], (long long)expected_wa(wa[i]));
	}
	expect("SMCCC", "unknown function (SiP)", 0xc2ffff00U, 0, 0, 0, SMC_UNK);
	expect("SMCCC", "yielding call", 0x04000000U, 0, 0, 0, SMC_UNK);
	expect("SMCCC", "fast call, reserved bits 23:17 set", 0x84020000U, 0, 0, 0, SMC_UNK);
	expect("SMCCC", "Standard Service call outside PSCI", 0x84000100U, 0, 0, 0, SMC_UNK);
	check("SMCCC", smc_clobber_mask(PSCI_FID_VERSION) == 0 && smc_clobber_mask(0xc2ffff00U) == 0,
	      "x4-x17 changed across an SMC");

	/*
	 * An instruction that traps to EL3 (the secure timer, SCR_EL3.ST = 0)
	 * comes back as an UNDEF at the caller's level; EL3 keeps running.
	 */
	uint64_t v = 0x1234;

	payload_expected_esr_seen = ~0ULL;
	payload_expect_undef = true;
	__asm__ volatile("mrs %0, cntps_ctl_el1" : "+r"(v) : : "memory");
	check("EL3 traps", payload_expected_esr_seen == (1ULL << 25) && v == 0x1234,
	      "reading CNTPS_CTL_EL1 at EL2 gave ESR_EL2 0x%llx, expected an UNDEF (0x2000000)",
	      (unsigned long long)payload_expected_esr_seen);
	payload_expect_undef = false;
}

static void pmf(void)
{
	uint64_t me = read_mpidr_el1();
	struct smc_result r64 = smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(RT_INSTR_ENTER_PSCI), me, 0);
	struct smc_result r32 = smc(PMF_SMC_GET_TIMESTAMP_32, RT_TID(RT_INSTR_ENTER_PSCI), me,
				    PMF_CACHE_MAINT);

	check("PMF_GET_TIMESTAMP", r64.x0 == 0 && r64.x1 != 0, "own MPIDR: %lld, ts %llu",
	      (long long)r64.x0, (unsigned long long)r64.x1);
	check("PMF_GET_TIMESTAMP", r32.x0 == 0 && (r32.x1 | r32.x2 << 32) == r64.x1,
	      "SMC32 halves 0x%llx:0x%llx, expected 0x%llx", (unsigned long long)r32.x2,
	      (unsigned long long)r32.x1, (unsigned long long)r64.x1);
	expect("PMF_GET_TIMESTAMP", "bare tid 0x400", PMF_SMC_GET_TIMESTAMP_64, 0x400, me, 0, 0);
	expect("PMF_GET_TIMESTAMP", "MPIDR of no core", PMF_SMC_GET_TIMESTAMP_64,
	       RT_TID(RT_INSTR_ENTER_PSCI), PLATFORM_CORE_COUNT, 0, PSCI_E_INVALID_PARAMS);
	expect("PMF_GET_TIMESTAMP", "index past the last", PMF_SMC_GET_TIMESTAMP_64, RT_TID(6), me,
	       0, PMF_E_INVAL);
	expect("PMF_GET_TIMESTAMP", "service id 0 (PSCI_STAT)", PMF_SMC_GET_TIMESTAMP_64,
	       0x41000000, me, 0, PMF_E_INVAL);
	expect("PMF_GET_TIMESTAMP", "service id 2", PMF_SMC_GET_TIMESTAMP_64, 0x41000800, me, 0,
	       PMF_E_INVAL);
	expect("PMF_GET_VERSION", "SMC64", PMF_SMC_GET_VERSION_64, 0, 0, 0, 0);
	check("PMF_GET_VERSION", smc(PMF_SMC_GET_VERSION_32, 0, 0, 0).x1 == PMF_SMC_VERSION,
	      "version is not 1");
	expect("PMF", "unassigned function in the PMF range", 0xC7000022, 0, 0, 0, SMC_UNK);
	expect("PMF", "vendor EL3 call outside PMF", 0xC7000030, 0, 0, 0, SMC_UNK);
}

/* --- CPU_FREEZE (last: the frozen core never runs again) --- */

static volatile uint32_t freeze_entered, freeze_returned;

static void freeze_job(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
	payload_timer_arm_us(TIMER_US);	/* must not wake it */
	freeze_entered = 1;
	dsb_ish();
	smc1(PSCI_FID_CPU_FREEZE, 0, 0, 0);
	freeze_returned = 1;
}

static void cpu_freeze(void)
{
	unsigned int last = PLATFORM_CORE_COUNT - 1U;

	if (!start(last, freeze_job))
		return;
	for (unsigned long polls = 0; freeze_entered == 0U; polls++) {
		if (polls == 20000000UL) {
			check("CPU_FREEZE", false, "core %u never reached CPU_FREEZE", last);
			return;
		}
		__asm__ volatile("yield");
	}
	/* Give its timer time to fire: it must stay frozen. */
	timed_suspend(PLAT_PSTATE_CORE_STANDBY);
	timed_suspend(PLAT_PSTATE_CORE_STANDBY);
	check("CPU_FREEZE", freeze_returned == 0, "an interrupt woke a frozen core");
	expect("CPU_FREEZE", "a frozen core stays ON", SMC64(PSCI_FID_AFFINITY_INFO),
	       mpidr_of(last), 0, 0, PSCI_AFF_ON);
	expect("CPU_FREEZE", "CPU_ON of a frozen core", SMC64(PSCI_FID_CPU_ON), mpidr_of(last),
	       (uintptr_t)payload_cpu_entry, 0, PSCI_E_ALREADY_ON);
	expect("CPU_FREEZE", "the last running core may not freeze", PSCI_FID_CPU_FREEZE, 0, 0, 0,
	       PSCI_E_DENIED);
	expect("CPU_OFF", "the last running core (a frozen one cannot wake it)", PSCI_FID_CPU_OFF,
	       0, 0, 0, PSCI_E_DENIED);
	cover("SYSTEM_OFF");	/* the payload ends with it */
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
		{ "PSCI_STAT", stats },
		{ "NODE_HW_STATE", node_hw_state },
		{ "SYSTEM_RESET2 and MEM_PROTECT", reset2_and_mem_protect },
		{ "SMCCC", smccc },
		{ "PMF", pmf },
		{ "CPU_FREEZE", cpu_freeze },
	};

	for (unsigned int i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
		unsigned int before = failed;

		sections[i].run();
		printf("CONFORMANCE: %s: %s\n", sections[i].name, failed == before ? "PASS" : "FAIL");
	}
	printf("CONFORMANCE: covers");
	for (unsigned int i = 0; i < covered_count; i++)
		printf(" %s", covered[i]);
	printf("\nCONFORMANCE: %u passed, %u failed\n", passed, failed);
}
