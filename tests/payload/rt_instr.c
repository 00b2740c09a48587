/*
 * The runtime-instrumentation measurement (docs/perf/psci-performance-methodology.rst): the six TFTF
 * scenarios in TFTF's order, ITERATIONS times over: one sample per core of
 * each serial scenario, PARALLEL_SAMPLES of each parallel one,
 * timestamps read back through the PMF SMC, checked for order, converted to
 * ns and printed as TFTF's <RT_INSTR:...> lines. The report (tables,
 * statistics, deltas to a baseline, plots) is tools/rt_report's work: the
 * payload announces what it measured and prints the figures.
 */
#include <stdio.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>

#include "payload.h"
#include "rt_scenarios.h" /* generated: tools/rt_report/scenarios.py */
#include "smc.h"

/*
 * Wake-up timer: long enough that every core is down before it fires even
 * when they contend for the PSCI locks (a timer that fires first ends the
 * suspend early: the call is abandoned and its record says so, no time in
 * low power; docs/design/pmf.rst). Under -icount 2 ms is ample; in
 * wall-clock time (REALTIME=1, hardware) a vCPU may not run for
 * milliseconds: allow more.
 */
#define SUSPEND_TIMER_US (PAYLOAD_WALL_CLOCK ? 50000U : 2000U)
/*
 * In wall-clock time the timer may fire before a core even reaches its
 * suspend (its vCPU was not scheduled): PSCI then returns at once, and the
 * record is of an abandoned call, not a measurement. Such a core tries
 * again, with a longer timer; under -icount that cannot happen and an
 * abandoned sample is a failure.
 */
#define SUSPEND_TRIES    (PAYLOAD_WALL_CLOCK ? 20U : 1U)
#define LEAD             (payload_topo.lead)

/*
 * Samples per core of each parallel scenario in every iteration. Where the
 * cores meet at PSCI's locks, a core's figure depends on where the others
 * are; under -icount that is fixed by how QEMU interleaves the cores, which
 * any change of code layout moves. So each sample after the first starts
 * every core a different number of instructions after the release, from
 * the same pseudo-random sequence on every build (start_skew): the samples
 * then cover the interleavings, and two builds are compared on their
 * spread, not on one point of it (docs/perf/psci-performance-methodology.rst).
 * The first sample releases the cores together, as TFTF does; the six
 * scenarios run once in TFTF's order, then the parallel ones' other samples:
 * so the serial scenarios follow the same history in every iteration and,
 * under -icount, give the same figures in each (rt_report checks it).
 */
#define PARALLEL_SAMPLES 9U
/* The skew's range, in loop rounds of about 3 instructions (0 to ~3 us). */
#define SKEW_ROUNDS      1024U

/*
 * Each scenario's TFTF test name and the figures of its rows (enum
 * scenario and the table: rt_scenarios.h, generated from
 * tools/rt_report/scenarios.py, where the report's layout is defined with
 * them). The payload announces them ("PAYLOAD: scenario NAME:
 * FIGURE,FIGURE...") before the rows, so tools/rt_report reads the list
 * from the run it reports on.
 */
static const struct {
	const char *name;
	unsigned int figures;
} scenario[SCENARIOS] = RT_SCENARIO_TABLE;

/* The column heads of the report's tables and of rt_report's CSVs. */
static const char *const powerdown_figures[] = RT_POWERDOWN_FIGURES;
static const char *const latency_figures[] = RT_LATENCY_FIGURES;

static const char *figure_name(enum scenario sc, unsigned int f)
{
	return scenario[sc].figures == 1U ? latency_figures[f] : powerdown_figures[f];
}

struct sample {
	uint64_t ts[RT_INSTR_TOTAL_IDS];
	int64_t pmf_rc;  /* first non-zero PMF status, else 0 */
	int64_t call_rc; /* CPU_SUSPEND / PSCI_VERSION result */
	/*
	 * The call ring (pmf_ring.c), read on the core with the stamps: its
	 * newest record, whether it was complete, the head before the call
	 * (PSCI_VERSION writes no record), and what the record must say.
	 */
	struct pmf_ring_record ring;
	bool ring_taken;
	uint64_t head_before;
	uint8_t want_function;
	uint32_t want_power_state;
	bool done;
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

struct run {
	enum scenario scenario;
	uint32_t power_state;
	struct payload_barrier barrier;
	unsigned int skew[PAYLOAD_MAX_CORES]; /* rounds of start_skew() per core */
};

static struct sample samples[SCENARIOS][PAYLOAD_MAX_CORES];

static bool is_parallel(enum scenario sc)
{
	return sc == SUSP_DEEP_PARALLEL || sc == CPU_SUSP_PARALLEL || sc == PSCI_VERSION_PARALLEL;
}

static unsigned int samples_of(enum scenario sc)
{
	return is_parallel(sc) ? PARALLEL_SAMPLES : 1U;
}

/*
 * What PAYLOAD_POWERDOWN_SUSPEND=0 leaves out (a firmware that does not come
 * back from a power-down CPU_SUSPEND on QEMU): the scenarios whose cores suspend to
 * power-down, and the lead's row of CPU_OFF_SERIAL, its suspend to the
 * deepest level. The other rows of CPU_OFF_SERIAL are the same without it:
 * the stamps of each core's CPU_OFF and of the warm boot that collects them.
 */
static bool runs(enum scenario sc)
{
	return PAYLOAD_POWERDOWN_SUSPEND || sc == CPU_OFF_SERIAL || sc == PSCI_VERSION_PARALLEL;
}

static bool has_row(enum scenario sc, unsigned int pos)
{
	return PAYLOAD_POWERDOWN_SUSPEND || sc != CPU_OFF_SERIAL || pos != LEAD;
}

/*
 * The skew of core @pos in sample @n of iteration @it of @sc: a hash of
 * the four (splitmix64's finaliser), the same on every build and boot.
 */
static unsigned int skew_rounds(unsigned int it, enum scenario sc, unsigned int n, unsigned int pos)
{
	uint64_t x = ((uint64_t)it << 48) ^ ((uint64_t)sc << 40) ^ ((uint64_t)n << 32) ^ pos;

	if (n == 0U)
		return 0;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return (unsigned int)(x % SKEW_ROUNDS);
}

static void start_skew(unsigned int rounds)
{
	for (unsigned int i = 0; i < rounds; i++)
		__asm__ volatile("" ::: "memory");
}

/* Read this core's six timestamps as TFTF's get_ts() does. */
static void get_ts(struct sample *s)
{
	uint64_t mpidr = read_mpidr_el1();

	s->pmf_rc = 0;
	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++) {
		struct smc_result r = smc(payload_pmf_fid, RT_TID(i), mpidr, 0);

		s->ts[i] = r.x1;
		if (r.x0 != 0U && s->pmf_rc == 0)
			s->pmf_rc = (int64_t)r.x0;
	}
	/* The same record through the call ring, no SMC (after the stamps: nothing moves it). */
	if (payload_ring.present)
		s->ring_taken = payload_ring_newest(payload_my_pos(), &s->ring);
}

/* The function byte a ring record gives a PSCI function ID (docs/design/pmf.rst). */
static uint8_t ring_function(uint32_t fid)
{
	return (uint8_t)((fid & 0x1fU) |
	                 ((fid & PSCI_FID_SMC64_BIT) != 0U ? PMF_RING_FUNCTION_SMC64 : 0U));
}

static void suspend_entry(unsigned int pos, void *arg)
{
	struct run *run = arg;
	struct sample *s = &samples[run->scenario][pos];

	payload_barrier_wait(&run->barrier);
	start_skew(run->skew[pos]);
	s->want_function = ring_function(PSCI_FID_CPU_SUSPEND | PSCI_FID_SMC64_BIT);
	s->want_power_state = run->power_state;
	for (unsigned int try = 0; try < SUSPEND_TRIES; try++) {
		payload_timer_arm_us((uint64_t)SUSPEND_TIMER_US << try);
		s->call_rc = payload_suspend(run->power_state);
		payload_timer_stop();
		get_ts(s);
		/*
		 * An abandoned call records ENTER_HW_LOW_PWR = EXIT_HW_LOW_PWR
		 * (docs/design/pmf.rst); a suspend that reached low power
		 * spent time there.
		 */
		if (s->call_rc != PSCI_E_SUCCESS ||
		    s->ts[RT_INSTR_EXIT_HW_LOW_PWR] != s->ts[RT_INSTR_ENTER_HW_LOW_PWR])
			break;
	}
	s->done = true;
}

static void version_entry(unsigned int pos, void *arg)
{
	struct run *run = arg;
	struct sample *s = &samples[run->scenario][pos];

	payload_barrier_wait(&run->barrier);
	start_skew(run->skew[pos]);
	s->head_before = payload_ring.present ? payload_ring_head(pos) : 0U;
	s->call_rc = smc1(PSCI_FID_VERSION, 0, 0, 0);
	get_ts(s);
	s->done = true;
}

static void collect_entry(unsigned int pos, void *arg)
{
	struct run *run = arg;
	struct sample *s = &samples[run->scenario][pos];

	/* The stamps of its CPU_OFF, whose record its warm boot wrote. */
	s->want_function = ring_function(PSCI_FID_CPU_OFF);
	s->want_power_state = 0;
	get_ts(s);
	s->call_rc = 0;
	s->done = true;
}

static void idle_entry(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
}

/*
 * Wait for the next counter tick. Under -icount every figure is an
 * instruction count rounded to the counter's 16 ns ticks, and where the
 * rounding falls depends on how long everything before took (the boot,
 * the previous scenario): starting each measurement on a tick edge makes
 * the figures depend on the measured path only. Bounded: a counter that
 * does not move in 10^6 reads is given up on.
 */
static void align_to_tick(void)
{
	uint64_t t = read_cntpct_el0();

	for (unsigned int i = 0; i < 1000000U && read_cntpct_el0() == t; i++)
		;
}

static bool start(unsigned int pos, payload_job_fn fn, struct run *run)
{
	align_to_tick();
	int64_t rc = payload_cpu_on(pos, fn, run);

	return payload_check(rc == PSCI_E_SUCCESS, "%s: CPU_ON of core %u returned %lld",
	                     scenario[run->scenario].name, pos, (long long)rc);
}

/* Every core at once; the lead too, once it has started the others. */
static void run_parallel(struct run *run, payload_job_fn fn)
{
	uint32_t started = 1;

	payload_barrier_init(&run->barrier, payload_topo.cores);
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos != LEAD && start(pos, fn, run))
			started++;
	}
	payload_barrier_set_participants(&run->barrier, started);
	align_to_tick();
	fn(LEAD, run);
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos != LEAD)
			payload_wait_cpu_off(pos);
	}
}

/* One core at a time, each off before the next starts; the lead last. */
static void run_serial(struct run *run, payload_job_fn fn)
{
	payload_barrier_init(&run->barrier, 1);
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == LEAD)
			continue;
		start(pos, fn, run);
		payload_wait_cpu_off(pos);
	}
	align_to_tick();
	fn(LEAD, run);
}

/*
 * CPU_OFF of each non-lead core in turn, then the lead suspends to the
 * deepest level, then each non-lead core is powered on again only to read
 * its timestamps: ENTER_* from its CPU_OFF, EXIT_* from the CPU_ON warm
 * boot (as TFTF pairs them).
 */
static void run_cpu_off_serial(struct run *run)
{
	payload_barrier_init(&run->barrier, 1);
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == LEAD)
			continue;
		start(pos, idle_entry, run);
		payload_wait_cpu_off(pos);
	}
	align_to_tick();
	if (has_row(CPU_OFF_SERIAL, LEAD))
		suspend_entry(LEAD, run);
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == LEAD)
			continue;
		start(pos, collect_entry, run);
		payload_wait_cpu_off(pos);
	}
}

/* ticks -> ns as TFTF's cycles_to_ns: integer, truncating. */
static bool to_ns(uint64_t ticks, uint64_t freq, uint64_t *ns)
{
	if (freq == 0U || ticks > UINT64_MAX / 1000000000U)
		return false;
	*ns = ticks * 1000000000U / freq;
	return true;
}

#define MAX_FIGURES 3

struct row {
	unsigned int cluster, core;
	uint64_t ns[MAX_FIGURES];
};

static unsigned int figures_of(enum scenario sc)
{
	return scenario[sc].figures;
}

static const char *cpu_label(unsigned int pos)
{
	static char buf[PAYLOAD_MAX_CORES][16];

	snprintf(buf[pos], sizeof(buf[pos]), "c%u.%u", payload_topo.cluster[pos],
	         payload_topo.core_in_cluster[pos]);
	return buf[pos];
}

/* Records the ring gave identical to the PMF SMCs', and the PSCI_VERSION calls that wrote none. */
static unsigned int ring_identical, ring_untouched;

/*
 * The call ring against the PMF SMCs for one core's sample: a power call's
 * record holds the very six stamps PMF_GET_TIMESTAMP returned, its
 * function, power_state and outcome (entered); PSCI_VERSION, no power
 * call, writes no record and leaves the middle four stamps of the last
 * one (docs/design/pmf.rst).
 */
static bool check_ring(enum scenario sc, unsigned int pos, const struct sample *s)
{
	const char *name = scenario[sc].name;
	const uint64_t *t = s->ts;
	char why[160];

	if (!payload_ring.present)
		return true;
	if (sc == PSCI_VERSION_PARALLEL) {
		bool same = s->head_before == s->ring.seq || !s->ring_taken;

		for (unsigned int i = RT_INSTR_ENTER_HW_LOW_PWR;
		     same && s->ring_taken && i <= RT_INSTR_EXIT_CFLUSH; i++)
			same = s->ring.ts[i] == t[i];
		ring_untouched += same;
		return payload_check(
			same && payload_ring_head(pos) == s->head_before,
			"%s: core %s: PSCI_VERSION moved the call ring (head %llu before, "
			"record %llu after) or its middle stamps differ from PMF's",
			name, cpu_label(pos), (unsigned long long)s->head_before,
			(unsigned long long)s->ring.seq);
	}
	if (!payload_check(s->ring_taken, "%s: core %s: no complete record in the call ring", name,
	                   cpu_label(pos)))
		return false;
	bool same = payload_ring_compare(&s->ring, t, s->want_function, s->want_power_state,
	                                 PMF_RING_ENTERED, why, sizeof(why));

	ring_identical += same;
	return payload_check(same, "%s: core %s: the call ring: %s", name, cpu_label(pos), why);
}

/* TFTF's ordering checks and the figures for one core (docs/perf). */
static bool evaluate(enum scenario sc, unsigned int pos, uint64_t freq, struct row *row)
{
	const struct sample *s = &samples[sc][pos];
	const uint64_t *t = s->ts;
	const char *name = scenario[sc].name;
	const char *who = cpu_label(pos);
	bool ok = true;

	row->cluster = payload_topo.cluster[pos];
	row->core = payload_topo.core_in_cluster[pos];
	if (!payload_check(s->done, "%s: core %s never reported", name, who))
		return false;
	ok &= payload_check(s->pmf_rc == 0, "%s: core %s: PMF GET_TIMESTAMP returned %lld", name,
	                    who, (long long)s->pmf_rc);
	if (sc == PSCI_VERSION_PARALLEL) {
		/* The version it gave at boot (the conformance suite checks which). */
		ok &= payload_check(s->call_rc == payload_psci_version,
		                    "%s: core %s: PSCI_VERSION returned 0x%llx, at boot 0x%llx",
		                    name, who, (unsigned long long)s->call_rc,
		                    (unsigned long long)payload_psci_version);
		ok &= payload_check(t[RT_INSTR_ENTER_PSCI] != 0 &&
		                            t[RT_INSTR_ENTER_PSCI] <= t[RT_INSTR_EXIT_PSCI],
		                    "%s: core %s: ENTER_PSCI %llu > EXIT_PSCI %llu", name, who,
		                    (unsigned long long)t[RT_INSTR_ENTER_PSCI],
		                    (unsigned long long)t[RT_INSTR_EXIT_PSCI]);
		ok &= payload_check(to_ns(t[RT_INSTR_EXIT_PSCI] - t[RT_INSTR_ENTER_PSCI], freq,
		                          &row->ns[0]),
		                    "%s: core %s: latency out of range", name, who);
		return ok && check_ring(sc, pos, s);
	}
	ok &= payload_check(s->call_rc == PSCI_E_SUCCESS, "%s: core %s: CPU_SUSPEND returned %lld",
	                    name, who, (long long)s->call_rc);
	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++)
		ok &= payload_check(t[i] != 0, "%s: core %s: timestamp %u was never written", name,
		                    who, i);
	ok &= payload_check(t[RT_INSTR_ENTER_PSCI] <= t[RT_INSTR_ENTER_HW_LOW_PWR] &&
	                            t[RT_INSTR_ENTER_HW_LOW_PWR] <= t[RT_INSTR_EXIT_HW_LOW_PWR] &&
	                            t[RT_INSTR_EXIT_HW_LOW_PWR] <= t[RT_INSTR_EXIT_PSCI],
	                    "%s: core %s: not ENTER_PSCI %llu <= ENTER_HW_LOW_PWR %llu <= "
	                    "EXIT_HW_LOW_PWR %llu <= EXIT_PSCI %llu",
	                    name, who, (unsigned long long)t[RT_INSTR_ENTER_PSCI],
	                    (unsigned long long)t[RT_INSTR_ENTER_HW_LOW_PWR],
	                    (unsigned long long)t[RT_INSTR_EXIT_HW_LOW_PWR],
	                    (unsigned long long)t[RT_INSTR_EXIT_PSCI]);
	ok &= payload_check(t[RT_INSTR_ENTER_CFLUSH] <= t[RT_INSTR_EXIT_CFLUSH],
	                    "%s: core %s: ENTER_CFLUSH %llu > EXIT_CFLUSH %llu", name, who,
	                    (unsigned long long)t[RT_INSTR_ENTER_CFLUSH],
	                    (unsigned long long)t[RT_INSTR_EXIT_CFLUSH]);
	ok &= payload_check(t[RT_INSTR_ENTER_HW_LOW_PWR] != t[RT_INSTR_EXIT_HW_LOW_PWR],
	                    "%s: core %s: the call never reached low power (ENTER_HW_LOW_PWR = "
	                    "EXIT_HW_LOW_PWR = %llu: abandoned, its wake-up already pending)",
	                    name, who, (unsigned long long)t[RT_INSTR_ENTER_HW_LOW_PWR]);
	if (!ok)
		return false;
	ok &= payload_check(to_ns(t[RT_INSTR_ENTER_HW_LOW_PWR] - t[RT_INSTR_ENTER_PSCI], freq,
	                          &row->ns[0]) &&
	                            to_ns(t[RT_INSTR_EXIT_PSCI] - t[RT_INSTR_EXIT_HW_LOW_PWR], freq,
	                                  &row->ns[1]) &&
	                            to_ns(t[RT_INSTR_EXIT_CFLUSH] - t[RT_INSTR_ENTER_CFLUSH], freq,
	                                  &row->ns[2]),
	                    "%s: core %s: interval out of range", name, who);
	return ok && check_ring(sc, pos, s);
}

/* The cores per cluster, e.g. "2+2". */
static const char *cluster_shape(void)
{
	static char buf[4 * PAYLOAD_MAX_CORES];
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int cl = 0; cl < payload_topo.clusters && n < sizeof(buf); cl++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%u", cl != 0U ? "+" : "",
		                      payload_topo.cluster_cores[cl]);
	return buf;
}

uint32_t payload_pmf_fid = PMF_SMC_GET_TIMESTAMP_64;

/*
 * The PMF call the firmware answers (payload.h): the OEN 7 one unless it
 * is unknown (SMC_UNK) and the SiP one of TF-A v2.8 and earlier is not.
 */
void payload_pmf_probe(void)
{
	uint64_t mpidr = read_mpidr_el1();

	if ((int64_t)smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(RT_INSTR_ENTER_PSCI), mpidr, 0).x0 !=
	            SMC_UNK ||
	    (int64_t)smc(PMF_SMC_GET_TIMESTAMP_64_DEP, RT_TID(RT_INSTR_ENTER_PSCI), mpidr, 0).x0 ==
	            SMC_UNK)
		return;
	payload_pmf_fid = PMF_SMC_GET_TIMESTAMP_64_DEP;
	printf("PAYLOAD: PMF GET_TIMESTAMP: 0x%x is unknown, the SiP 0x%x of TF-A v2.8 and earlier "
	       "answers: every PMF read uses it\n",
	       (unsigned int)PMF_SMC_GET_TIMESTAMP_64, (unsigned int)PMF_SMC_GET_TIMESTAMP_64_DEP);
}

/*
 * TFTF's probe (test_pmf_rt_instr.c): this core's ENTER_PSCI by PMF SMC.
 * A firmware built without instrumentation answers NOT_SUPPORTED (-1);
 * the suite is then skipped, and that answer is what is checked.
 */
static bool rt_instr_supported(void)
{
	struct smc_result r = smc(payload_pmf_fid, RT_TID(RT_INSTR_ENTER_PSCI), read_mpidr_el1(),
	                          0);

	if (r.x0 == 0U)
		return true;
	payload_check((int64_t)r.x0 == SMC_UNK,
	              "runtime instrumentation probe: PMF GET_TIMESTAMP returned %lld, expected 0 "
	              "or NOT_SUPPORTED (-1)",
	              (long long)r.x0);
	payload_skip("runtime instrumentation",
	             "PMF GET_TIMESTAMP returned %lld: the firmware "
	             "was built without it",
	             (long long)r.x0);
	printf("PAYLOAD: runtime instrumentation: SKIPPED\n");
	return false;
}

/* One sample of scenario @sc: every core's timestamps in samples[sc]. */
static void run_scenario(enum scenario sc, unsigned int it, unsigned int n)
{
	static struct run run;

	memset(samples[sc], 0, sizeof(samples[sc]));
	run = (struct run){ .scenario = sc };
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++)
		run.skew[pos] = skew_rounds(it, sc, n, pos);
	switch (sc) {
	case SUSP_DEEP_PARALLEL:
	case CPU_SUSP_PARALLEL:
		run.power_state = sc == SUSP_DEEP_PARALLEL ? PLAT_PSTATE_DEEPEST
		                                           : PLAT_PSTATE_CORE_OFF;
		run_parallel(&run, suspend_entry);
		break;
	case SUSP_DEEP_SERIAL:
	case CPU_SUSP_SERIAL:
		run.power_state = sc == SUSP_DEEP_SERIAL ? PLAT_PSTATE_DEEPEST
		                                         : PLAT_PSTATE_CORE_OFF;
		run_serial(&run, suspend_entry);
		break;
	case CPU_OFF_SERIAL:
		run.power_state = PLAT_PSTATE_DEEPEST;
		run_cpu_off_serial(&run);
		break;
	case PSCI_VERSION_PARALLEL:
		run_parallel(&run, version_entry);
		break;
	default:
		break;
	}
}

/*
 * A scenario's figure on one core over its samples of this iteration: the
 * median, as the report's tables show it (tools/rt_report), in ns.
 */
static uint64_t median_ns(const struct row rows[][PAYLOAD_MAX_CORES], unsigned int n,
                          unsigned int pos, unsigned int f)
{
	uint64_t v[PARALLEL_SAMPLES] = { 0 };

	if (n == 0U || n > PARALLEL_SAMPLES)
		return 0;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int j = i;

		for (; j > 0U && v[j - 1U] > rows[i][pos].ns[f]; j--)
			v[j] = v[j - 1U];
		v[j] = rows[i][pos].ns[f];
	}
	return n % 2U != 0U ? v[n / 2U] : (v[n / 2U - 1U] + v[n / 2U]) / 2U;
}

/*
 * One line per scenario, core and figure, its verdict and its median in
 * µs: what a LAVA job's `monitors` pattern turns into a test case with a
 * measurement (docs/perf/lava.rst), one line holding all a test case needs.
 */
static void print_medians(enum scenario sc, const struct row rows[][PAYLOAD_MAX_CORES], bool ok)
{
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (!has_row(sc, pos))
			continue;
		for (unsigned int f = 0; f < figures_of(sc); f++) {
			uint64_t ns = median_ns(rows, samples_of(sc), pos, f);

			printf("PAYLOAD: median %s c%u.%u %s: %s %llu.%03llu us\n",
			       scenario[sc].name, rows[0][pos].cluster, rows[0][pos].core,
			       figure_name(sc, f), ok ? "PASS" : "FAIL",
			       (unsigned long long)(ns / 1000U), (unsigned long long)(ns % 1000U));
		}
	}
}

/*
 * The six scenarios once in TFTF's order, then the parallel ones'
 * other PARALLEL_SAMPLES - 1 samples; each scenario's rows printed when all
 * of its samples are checked.
 */
static bool run_iteration(unsigned int it, uint64_t freq)
{
	static struct row rows[SCENARIOS][PARALLEL_SAMPLES][PAYLOAD_MAX_CORES];
	static bool sc_ok[SCENARIOS];
	bool ok = true;

	for (unsigned int n = 0; n < PARALLEL_SAMPLES; n++) {
		for (unsigned int sc = 0; sc < SCENARIOS; sc++) {
			if (n == 0)
				sc_ok[sc] = true;
			if (n >= samples_of((enum scenario)sc) || !runs((enum scenario)sc))
				continue;
			run_scenario((enum scenario)sc, it, n);
			for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
				if (has_row((enum scenario)sc, pos))
					sc_ok[sc] &= evaluate((enum scenario)sc, pos, freq,
					                      &rows[sc][n][pos]);
			}
		}
	}
	for (unsigned int sc = 0; sc < SCENARIOS; sc++) {
		if (!runs((enum scenario)sc))
			continue;
		ok &= sc_ok[sc];
		printf("PAYLOAD: %s: %s\n", scenario[sc].name, sc_ok[sc] ? "PASS" : "FAIL");
		print_medians((enum scenario)sc, rows[sc], sc_ok[sc]);
		if (!sc_ok[sc])
			continue;
		for (unsigned int n = 0; n < samples_of((enum scenario)sc); n++) {
			for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
				const struct row *r = &rows[sc][n][pos];

				if (!has_row((enum scenario)sc, pos))
					continue;

				if (figures_of((enum scenario)sc) == 1U)
					printf("<RT_INSTR:%s\t%u\t%u\t%02llu/>\n",
					       scenario[sc].name, r->cluster, r->core,
					       (unsigned long long)r->ns[0]);
				else
					printf("<RT_INSTR:%s\t%u\t%u\t%02llu\t%02llu\t%02llu/>\n",
					       scenario[sc].name, r->cluster, r->core,
					       (unsigned long long)r->ns[0],
					       (unsigned long long)r->ns[1],
					       (unsigned long long)r->ns[2]);
			}
		}
	}
	return ok;
}

/*
 * What tools/rt_report reads before the rows: the machine, the counter,
 * how many iterations follow, and each scenario with its figures. The
 * "MIDR 0x..., counter N Hz" wording is the one older payloads printed in
 * their own report's header, so one pattern reads both.
 */
static void announce(uint64_t freq)
{
	printf("PAYLOAD: platform: %s (%s)\n", PLAT_NAME, PLAT_TITLE);
	printf("PAYLOAD: runtime instrumentation: %u cores, clusters %s, deepest power_state 0x%08x\n",
	       payload_topo.cores, cluster_shape(), (unsigned int)PLAT_PSTATE_DEEPEST);
	printf("PAYLOAD: runtime instrumentation: MIDR 0x%llx, counter %llu Hz, %u iterations\n",
	       (unsigned long long)read_midr_el1(), (unsigned long long)freq,
	       (unsigned int)ITERATIONS);
	for (unsigned int sc = 0; sc < SCENARIOS; sc++) {
		if (!runs((enum scenario)sc)) {
			payload_skip(
				scenario[sc].name,
				"PAYLOAD_POWERDOWN_SUSPEND=0: no CPU_SUSPEND that powers a core down");
			continue;
		}
		printf("PAYLOAD: scenario %s: ", scenario[sc].name);
		for (unsigned int f = 0; f < figures_of((enum scenario)sc); f++)
			printf("%s%s", f != 0U ? "," : "", figure_name((enum scenario)sc, f));
		if (samples_of((enum scenario)sc) > 1U)
			printf(" (%u samples per core per iteration, start skew 0-%u rounds)",
			       samples_of((enum scenario)sc), SKEW_ROUNDS - 1U);
		printf("\n");
		if (!has_row((enum scenario)sc, LEAD))
			printf("PAYLOAD: rows of %s: none of the lead core %s: "
			       "PAYLOAD_POWERDOWN_SUSPEND=0 (its row is its CPU_SUSPEND to the deepest "
			       "level)\n",
			       scenario[sc].name, cpu_label(LEAD));
	}
}

bool rt_instr_run(void)
{
	uint64_t freq = read_cntfrq_el0();
	unsigned int failed_before = payload_checks_failed;
	bool ok = true;

	if (!rt_instr_supported())
		return true;
	announce(freq);
	for (unsigned int it = 1; it <= (unsigned int)ITERATIONS; it++) {
		printf("PAYLOAD: runtime instrumentation: iteration %u of %u\n", it,
		       (unsigned int)ITERATIONS);
		ok &= run_iteration(it, freq);
	}
	if (payload_ring.present)
		printf("PAYLOAD: PMF call ring: %u records identical to PMF_GET_TIMESTAMP's (every "
		       "power call of every scenario, every core), %u PSCI_VERSION calls that wrote "
		       "none\n",
		       ring_identical, ring_untouched);
	printf("PAYLOAD: runtime instrumentation: %s\n",
	       ok && payload_checks_failed == failed_before ? "PASS" : "FAIL");
	return ok;
}
