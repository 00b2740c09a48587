/*
 * The runtime-instrumentation measurement (docs/perf/psci-performance-methodology.rst): the six TFTF
 * scenarios in TFTF's order, one sample per core, ITERATIONS times over,
 * timestamps read back through the PMF SMC, checked for order, converted to
 * ns and printed as TFTF's <RT_INSTR:...> lines. The report (tables,
 * statistics, deltas to a baseline, plots) is tools/rt_report's work: the
 * payload announces what it measured and prints the figures.
 */
#include <stdio.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>

#include "payload.h"
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

enum scenario {
	SUSP_DEEP_PARALLEL,
	SUSP_DEEP_SERIAL,
	CPU_SUSP_PARALLEL,
	CPU_SUSP_SERIAL,
	CPU_OFF_SERIAL,
	PSCI_VERSION_PARALLEL,
	SCENARIOS
};

/*
 * Each scenario's TFTF test name and the figures of its rows. The payload
 * announces them ("PAYLOAD: scenario NAME: FIGURE,FIGURE...") before the
 * rows, so tools/rt_report reads the list from the run it reports on.
 */
static const struct {
	const char *name;
	unsigned int figures;
} scenario[SCENARIOS] = {
	[SUSP_DEEP_PARALLEL] = { "test_rt_instr_susp_deep_parallel", 3 },
	[SUSP_DEEP_SERIAL] = { "test_rt_instr_susp_deep_serial", 3 },
	[CPU_SUSP_PARALLEL] = { "test_rt_instr_cpu_susp_parallel", 3 },
	[CPU_SUSP_SERIAL] = { "test_rt_instr_cpu_susp_serial", 3 },
	[CPU_OFF_SERIAL] = { "test_rt_instr_cpu_off_serial", 3 },
	[PSCI_VERSION_PARALLEL] = { "test_rt_instr_psci_version_parallel", 1 },
};

/* The column heads of the report's tables and of rt_report's CSVs. */
static const char *const powerdown_figures[] = { "Powerdown", "Wakeup", "Cache Flush" };
static const char *const latency_figures[] = { "Latency" };

static const char *figure_name(enum scenario sc, unsigned int f)
{
	return scenario[sc].figures == 1U ? latency_figures[f] : powerdown_figures[f];
}

struct sample {
	uint64_t ts[RT_INSTR_TOTAL_IDS];
	int64_t pmf_rc;  /* first non-zero PMF status, else 0 */
	int64_t call_rc; /* CPU_SUSPEND / PSCI_VERSION result */
	bool done;
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

struct run {
	enum scenario scenario;
	uint32_t power_state;
	struct payload_barrier barrier;
};

static struct sample samples[SCENARIOS][PAYLOAD_MAX_CORES];

/* Read this core's six timestamps as TFTF's get_ts() does. */
static void get_ts(struct sample *s)
{
	uint64_t mpidr = read_mpidr_el1();

	s->pmf_rc = 0;
	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++) {
		struct smc_result r = smc(PMF_SMC_GET_TIMESTAMP_64,
		                          (PMF_ARM_TIF_IMPL_ID << PMF_TID_IMPL_SHIFT) |
		                                  (PMF_RT_INSTR_SVC_ID << PMF_TID_SVC_SHIFT) | i,
		                          mpidr, 0);

		s->ts[i] = r.x1;
		if (r.x0 != 0U && s->pmf_rc == 0)
			s->pmf_rc = (int64_t)r.x0;
	}
}

static void suspend_entry(unsigned int pos, void *arg)
{
	struct run *run = arg;
	struct sample *s = &samples[run->scenario][pos];

	payload_barrier_wait(&run->barrier);
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
	s->call_rc = smc1(PSCI_FID_VERSION, 0, 0, 0);
	get_ts(s);
	s->done = true;
}

static void collect_entry(unsigned int pos, void *arg)
{
	struct run *run = arg;
	struct sample *s = &samples[run->scenario][pos];

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
		ok &= payload_check(s->call_rc == PSCI_VERSION_VALUE,
		                    "%s: core %s: PSCI_VERSION returned 0x%llx", name, who,
		                    (unsigned long long)s->call_rc);
		ok &= payload_check(t[RT_INSTR_ENTER_PSCI] != 0 &&
		                            t[RT_INSTR_ENTER_PSCI] <= t[RT_INSTR_EXIT_PSCI],
		                    "%s: core %s: ENTER_PSCI %llu > EXIT_PSCI %llu", name, who,
		                    (unsigned long long)t[RT_INSTR_ENTER_PSCI],
		                    (unsigned long long)t[RT_INSTR_EXIT_PSCI]);
		ok &= payload_check(to_ns(t[RT_INSTR_EXIT_PSCI] - t[RT_INSTR_ENTER_PSCI], freq,
		                          &row->ns[0]),
		                    "%s: core %s: latency out of range", name, who);
		return ok;
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
	return ok;
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

/*
 * TFTF's probe (test_pmf_rt_instr.c): this core's ENTER_PSCI by PMF SMC.
 * A firmware built without instrumentation answers NOT_SUPPORTED (-1);
 * the suite is then skipped, and that answer is what is checked.
 */
static bool rt_instr_supported(void)
{
	struct smc_result r = smc(PMF_SMC_GET_TIMESTAMP_64,
	                          (PMF_ARM_TIF_IMPL_ID << PMF_TID_IMPL_SHIFT) |
	                                  (PMF_RT_INSTR_SVC_ID << PMF_TID_SVC_SHIFT) |
	                                  RT_INSTR_ENTER_PSCI,
	                          read_mpidr_el1(), 0);

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

/* The six scenarios once, each core's rows printed when all are checked. */
static bool run_iteration(uint64_t freq)
{
	static struct run run;
	static struct row rows[SCENARIOS][PAYLOAD_MAX_CORES];
	bool ok = true;

	memset(samples, 0, sizeof(samples));
	run = (struct run){ .scenario = SUSP_DEEP_PARALLEL, .power_state = PLAT_PSTATE_DEEPEST };
	run_parallel(&run, suspend_entry);
	run = (struct run){ .scenario = SUSP_DEEP_SERIAL, .power_state = PLAT_PSTATE_DEEPEST };
	run_serial(&run, suspend_entry);
	run = (struct run){ .scenario = CPU_SUSP_PARALLEL, .power_state = PLAT_PSTATE_CORE_OFF };
	run_parallel(&run, suspend_entry);
	run = (struct run){ .scenario = CPU_SUSP_SERIAL, .power_state = PLAT_PSTATE_CORE_OFF };
	run_serial(&run, suspend_entry);
	run = (struct run){ .scenario = CPU_OFF_SERIAL, .power_state = PLAT_PSTATE_DEEPEST };
	run_cpu_off_serial(&run);
	run = (struct run){ .scenario = PSCI_VERSION_PARALLEL };
	run_parallel(&run, version_entry);

	for (unsigned int sc = 0; sc < SCENARIOS; sc++) {
		bool sc_ok = true;

		for (unsigned int pos = 0; pos < payload_topo.cores; pos++)
			sc_ok &= evaluate((enum scenario)sc, pos, freq, &rows[sc][pos]);
		ok &= sc_ok;
		printf("PAYLOAD: %s: %s\n", scenario[sc].name, sc_ok ? "PASS" : "FAIL");
		if (!sc_ok)
			continue;
		for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
			const struct row *r = &rows[sc][pos];

			if (figures_of((enum scenario)sc) == 1U)
				printf("<RT_INSTR:%s\t%u\t%u\t%02llu/>\n", scenario[sc].name,
				       r->cluster, r->core, (unsigned long long)r->ns[0]);
			else
				printf("<RT_INSTR:%s\t%u\t%u\t%02llu\t%02llu\t%02llu/>\n",
				       scenario[sc].name, r->cluster, r->core,
				       (unsigned long long)r->ns[0], (unsigned long long)r->ns[1],
				       (unsigned long long)r->ns[2]);
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
		printf("PAYLOAD: scenario %s: ", scenario[sc].name);
		for (unsigned int f = 0; f < figures_of((enum scenario)sc); f++)
			printf("%s%s", f != 0U ? "," : "", figure_name((enum scenario)sc, f));
		printf("\n");
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
		ok &= run_iteration(freq);
	}
	printf("PAYLOAD: runtime instrumentation: %s\n",
	       ok && payload_checks_failed == failed_before ? "PASS" : "FAIL");
	return ok;
}
