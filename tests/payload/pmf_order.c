/*
 * The PMF record scenario (make check's pmf-order suite; issue 17): every
 * core makes hundreds of power calls at once, and each call's six runtime-
 * instrumentation timestamps must be that call's record and in order
 * (docs/design/pmf.rst, one call, one record):
 *
 *   ENTER_PSCI <= ENTER_CFLUSH <= EXIT_CFLUSH <= ENTER_HW_LOW_PWR
 *              <= EXIT_HW_LOW_PWR <= EXIT_PSCI,
 *
 * each call's ENTER_PSCI after the previous call's EXIT_PSCI, and a call
 * that flushed nothing or stayed in no low power saying so with equal
 * stamps. Phases, each with every core in parallel: CPU_SUSPEND to the
 * deepest level, to core power-down (level 0) and to core standby, a third
 * of the calls forced to be abandoned (the timer has fired and its
 * interrupt is pending, masked at the core, before the call), the others
 * woken by timers of different lengths (some cores wake while others are
 * still going down; in wall-clock time some timers fire before their call
 * reaches the firmware, which abandons it too). Then the lead reads the
 * other cores' records while they suspend, as another core's reader must
 * (docs/design/pmf.rst: a read from another core while the target is
 * mid-call), and checks every record it takes for complete.
 *
 * Where the firmware has the call ring (pmf_ring.c, docs/design/pmf.rst),
 * every call's ring record is checked against its PMF stamps (the same
 * six, numbered one after the other, the outcome the stamps say); the
 * lead takes the others' records from their rings, with no SMC, while they
 * suspend, and must see every one complete, in order; and last every core
 * scribbles over every ring while the others' calls race, then checks
 * that its next record is what it would have been (the firmware never
 * reads the ring) and that PMF_GET_RING refuses bad arguments.
 *
 * Whether QEMU runs with -icount or in real time does not change what is
 * checked: the scenario needs no bound on time. Each check prints a PASS
 * or FAIL line naming the phase and core, and a failure the call.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>
#include <lib/utils_def.h>

#include "payload.h"
#include "smc.h"

/* Calls per core in each parallel phase, and per target while the lead reads. */
#define ROUNDS           150U
#define STANDBY_ROUNDS   60U
#define WATCH_ROUNDS     100U
#define WATCH_SWEEPS_MAX 2000000UL
/* Failures kept per core and phase (the first ones; the count is kept whole). */
#define KEPT             3U

enum phase {
	DEEP,
	CORE_OFF,
	STANDBY,
	PHASES
};

static const struct {
	const char *name;
	uint32_t power_state;
	unsigned int rounds;
} phases[PHASES] = {
	[DEEP] = { "parallel CPU_SUSPEND to the deepest level", PLAT_PSTATE_DEEPEST, ROUNDS },
	[CORE_OFF] = { "parallel CPU_SUSPEND to core power-down (level 0)", PLAT_PSTATE_CORE_OFF,
	               ROUNDS },
	[STANDBY] = { "parallel CPU_SUSPEND to core standby (level 0)", PLAT_PSTATE_CORE_STANDBY,
	              STANDBY_ROUNDS },
};

struct core_result {
	unsigned int calls, forced, abandoned, low_power, failures;
	unsigned int ring_records; /* ring records checked against the PMF stamps */
	char kept[KEPT][200];
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

static struct core_result results[PAYLOAD_MAX_CORES];
static const char *phase_name;
static uint32_t phase_state;
static unsigned int phase_rounds;
/* Arrivals at the per-round barrier: round r waits for (r + 1) * participants. */
static volatile uint32_t arrivals;
static uint32_t participants;

static const char *label(unsigned int pos)
{
	static char buf[PAYLOAD_MAX_CORES][16];

	snprintf(buf[pos], sizeof(buf[pos]), "c%u.%u", payload_topo.cluster[pos],
	         payload_topo.core_in_cluster[pos]);
	return buf[pos];
}

static void round_barrier(unsigned int round)
{
	uint32_t want = (round + 1U) * participants;

	__atomic_fetch_add(&arrivals, 1U, __ATOMIC_SEQ_CST);
	sev();
	while (__atomic_load_n(&arrivals, __ATOMIC_ACQUIRE) < want)
		wfe();
}

/* This core's record, read as TFTF reads it: its own MPIDR, no maintenance. */
static void read_own(uint64_t ts[RT_INSTR_TOTAL_IDS])
{
	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++)
		ts[i] = smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(i), read_mpidr_el1(), 0).x1;
}

/* The timer has fired and its interrupt is pending (masked at the core). */
static bool wake_up_pending(void)
{
	payload_timer_arm_us(0);
	for (unsigned long polls = 0; polls < 10000000UL; polls++) {
		if (read_isr_el1() != 0U)
			return true;
	}
	return false;
}

static void fail(struct core_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(struct core_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->failures < KEPT) {
		va_start(ap, fmt);
		vsnprintf(r->kept[r->failures], sizeof(r->kept[0]), fmt, ap);
		va_end(ap);
	}
	r->failures++;
}

/* The order one call takes its stamps in, and their names (pmf_abi.h). */
static const unsigned int chain[] = RT_INSTR_RECORD_ORDER;
static const char *const slot_name[] = RT_INSTR_NAMES;
#define chain_name(i) slot_name[chain[i]]

/*
 * The first link of the record order that @ts breaks: i when stamp
 * chain[i - 1] is later than chain[i], or 0 if none.
 */
static unsigned int broken_link(const uint64_t ts[RT_INSTR_TOTAL_IDS])
{
	for (unsigned int i = 1; i < ARRAY_SIZE(chain); i++) {
		if (ts[chain[i - 1]] > ts[chain[i]])
			return i;
	}
	return 0;
}

static void describe(char *buf, size_t n, const uint64_t ts[RT_INSTR_TOTAL_IDS])
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < ARRAY_SIZE(chain) && used < n; i++) {
		int w = snprintf(buf + used, n - used, "%s%s %llu", i ? ", " : "", chain_name(i),
		                 (unsigned long long)ts[chain[i]]);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

/* This core's ring position: the seq of its newest record so far (0: none, or no ring). */
static uint64_t ring_last(void)
{
	return payload_ring.present ? payload_ring_head(payload_my_pos()) : 0U;
}

/*
 * The ring's record of call @n of this core: the record after *@seq, with
 * the stamps @ts PMF_GET_TIMESTAMP gave, of CPU_SUSPEND(@power_state),
 * entered or abandoned as its stamps say; *@seq advanced.
 */
static void check_ring_record(struct core_result *r, unsigned int n, uint64_t *seq,
                              const uint64_t ts[RT_INSTR_TOTAL_IDS], uint32_t power_state,
                              int64_t rc)
{
	struct pmf_ring_record rec;
	char why[160];
	bool no_low_power = ts[RT_INSTR_ENTER_HW_LOW_PWR] == ts[RT_INSTR_EXIT_HW_LOW_PWR];
	unsigned int outcome = rc != 0 ? PMF_RING_DENIED
	                       : no_low_power && power_state != PLAT_PSTATE_CORE_STANDBY
	                               ? PMF_RING_ABANDONED
	                               : PMF_RING_ENTERED;
	enum payload_ring_take t;

	if (!payload_ring.present)
		return;
	t = payload_ring_take(payload_my_pos(), ++*seq, &rec);
	if (t != RING_COMPLETE) {
		fail(r, "call %u: ring record %llu not complete (%d)", n, (unsigned long long)*seq,
		     (int)t);
		return;
	}
	if (!payload_ring_compare(&rec, ts, 0x80U | (PSCI_FID_CPU_SUSPEND & 0x1fU), power_state,
	                          outcome, why, sizeof(why)))
		fail(r, "call %u: the ring: %s", n, why);
	else
		r->ring_records++;
}

/* Check call @n of this core (@forced: abandoned on purpose) against its record. */
static void check_call(struct core_result *r, unsigned int n, bool forced, int64_t rc,
                       const uint64_t ts[RT_INSTR_TOTAL_IDS], uint64_t prev_exit)
{
	const uint64_t *t = ts;
	bool standby = phase_state == PLAT_PSTATE_CORE_STANDBY;
	bool no_low_power = t[RT_INSTR_ENTER_HW_LOW_PWR] == t[RT_INSTR_EXIT_HW_LOW_PWR];
	bool no_flush = t[RT_INSTR_ENTER_CFLUSH] == t[RT_INSTR_EXIT_CFLUSH] &&
	                t[RT_INSTR_EXIT_CFLUSH] == t[RT_INSTR_ENTER_HW_LOW_PWR];
	const char *kind = forced ? "forced abandoned" : "ordinary";
	char rec[200];
	unsigned int link = broken_link(t);

	r->calls++;
	r->forced += forced;
	describe(rec, sizeof(rec), t);
	if (rc != PSCI_E_SUCCESS)
		fail(r, "call %u (%s): CPU_SUSPEND(0x%08x) returned %lld", n, kind, phase_state,
		     (long long)rc);
	if (link > 0U)
		fail(r, "call %u (%s): %s > %s: %s", n, kind, chain_name(link - 1),
		     chain_name(link), rec);
	if (t[RT_INSTR_ENTER_PSCI] <= prev_exit)
		fail(r,
		     "call %u (%s): ENTER_PSCI %llu not after the previous call's EXIT_PSCI %llu",
		     n, kind, (unsigned long long)t[RT_INSTR_ENTER_PSCI],
		     (unsigned long long)prev_exit);
	/* The record says what the call did (docs/design/pmf.rst). */
	if ((forced || standby) && !no_flush)
		fail(r, "call %u (%s): a call without power-down preparation: %s", n, kind, rec);
	if (forced && !standby && !no_low_power)
		fail(r, "call %u (%s): abandoned, yet time in low power: %s", n, kind, rec);
	if (!forced && !standby && no_low_power && !no_flush)
		fail(r, "call %u (%s): no time in low power after a preparation: %s", n, kind, rec);
	if (!standby) {
		r->abandoned += no_low_power;
		r->low_power += !no_low_power;
	} else {
		r->low_power++;
	}
}

/*
 * One core's calls of the phase: a barrier, then one call each round, a
 * third of them forced to be abandoned, the others woken by timers of
 * 20 to 440 us; the record read back and checked after each.
 */
static void phase_job(unsigned int pos, void *arg)
{
	struct core_result *r = &results[pos];
	uint64_t ts[RT_INSTR_TOTAL_IDS];
	uint64_t prev_exit;
	uint64_t seq = ring_last();

	(void)arg;
	read_own(ts);
	prev_exit = ts[RT_INSTR_EXIT_PSCI];
	for (unsigned int round = 0; round < phase_rounds; round++) {
		bool forced = (round * 7U + pos) % 3U == 0U;
		int64_t rc;

		round_barrier(round);
		if (forced) {
			if (!wake_up_pending()) {
				fail(r, "call %u: the timer's interrupt never pended", round);
				continue;
			}
		} else {
			payload_timer_arm_us(20U + ((round * 13U + pos * 7U) % 8U) * 60U);
		}
		rc = payload_suspend(phase_state);
		payload_timer_stop();
		read_own(ts);
		check_call(r, round, forced, rc, ts, prev_exit);
		check_ring_record(r, round, &seq, ts, phase_state, rc);
		prev_exit = ts[RT_INSTR_EXIT_PSCI];
	}
	dsb_ish();
}

/* Every core, the lead included, runs @fn; the lead waits for the others' CPU_OFF. */
static void run_all(payload_job_fn fn, void *arg)
{
	uint32_t started = 1;

	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == payload_topo.lead)
			continue;
		int64_t rc = payload_cpu_on(pos, fn, arg);

		if (payload_check(rc == PSCI_E_SUCCESS,
		                  "PMF_ORDER: CPU_ON of core %u returned %lld", pos, (long long)rc))
			started++;
	}
	participants = started;
	if (fn != NULL)
		fn(payload_topo.lead, arg);
}

static void wait_others(void)
{
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos != payload_topo.lead)
			payload_wait_cpu_off(pos);
	}
}

/* One PASS/FAIL line per core (and the failures kept), from the lead. */
static bool report(const char *what, bool per_core_low_power, bool skip_lead)
{
	bool all = true;

	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		struct core_result *r = &results[pos];

		if (skip_lead && pos == payload_topo.lead)
			continue;
		inv_dcache_range((uintptr_t)r, sizeof(*r));
		bool ok = r->failures == 0U && r->calls > 0U &&
		          (!per_core_low_power || r->low_power > 0U) &&
		          (!payload_ring.present || r->ring_records == r->calls);

		for (unsigned int i = 0; i < r->failures && i < KEPT; i++)
			printf("PMF_ORDER: FAIL %s: core %s, %s\n", what, label(pos), r->kept[i]);
		if (r->failures > KEPT)
			printf("PMF_ORDER: FAIL %s: core %s: %u more failures\n", what, label(pos),
			       r->failures - KEPT);
		payload_check(ok, "PMF_ORDER: %s: core %s: %u failures in %u calls", what,
		              label(pos), r->failures, r->calls);
		printf("PMF_ORDER: %s: core %s: %u calls (%u forced abandoned, %u abandoned in "
		       "all, %u reached low power), %u ring records identical: %s\n",
		       what, label(pos), r->calls, r->forced, r->abandoned, r->low_power,
		       r->ring_records, ok ? "PASS" : "FAIL");
		all &= ok;
	}
	return all;
}

/* --- the lead reading the others' records while they suspend --- */

static volatile uint32_t targets_done;

static void watched_job(unsigned int pos, void *arg)
{
	(void)arg;
	phase_state = PLAT_PSTATE_CORE_OFF;
	phase_job(pos, arg);
	__atomic_fetch_add(&targets_done, 1U, __ATOMIC_RELEASE);
	sev();
}

static uint64_t read_other(unsigned int pos, unsigned int index)
{
	uint64_t v = smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(index), payload_mpidr(pos),
	                 PMF_CACHE_MAINT)
	                     .x1;

	/* The reader's half of the order (docs/design/pmf.rst). */
	__asm__ volatile("dmb ishld" : : : "memory");
	return v;
}

/* The reader's loop ends when the targets are done; a bound keeps a hang out. */
static void check_bound(unsigned long sweeps)
{
	payload_check(sweeps < WATCH_SWEEPS_MAX,
	              "PMF_ORDER: the targets were not done after %lu sweeps of the reader",
	              sweeps);
}

enum take {
	TAKE_COMPLETE,
	TAKE_IN_PROGRESS,
	TAKE_TORN
};

/* A record of core @pos as another core's reader takes it. */
static enum take take_record(unsigned int pos, uint64_t ts[RT_INSTR_TOTAL_IDS])
{
	uint64_t enter = read_other(pos, RT_INSTR_ENTER_PSCI);

	ts[RT_INSTR_ENTER_PSCI] = enter;
	ts[RT_INSTR_EXIT_PSCI] = read_other(pos, RT_INSTR_EXIT_PSCI);
	ts[RT_INSTR_ENTER_CFLUSH] = read_other(pos, RT_INSTR_ENTER_CFLUSH);
	ts[RT_INSTR_EXIT_CFLUSH] = read_other(pos, RT_INSTR_EXIT_CFLUSH);
	ts[RT_INSTR_ENTER_HW_LOW_PWR] = read_other(pos, RT_INSTR_ENTER_HW_LOW_PWR);
	ts[RT_INSTR_EXIT_HW_LOW_PWR] = read_other(pos, RT_INSTR_EXIT_HW_LOW_PWR);
	if (read_other(pos, RT_INSTR_ENTER_PSCI) != enter)
		return TAKE_TORN;
	return ts[RT_INSTR_EXIT_PSCI] >= enter ? TAKE_COMPLETE : TAKE_IN_PROGRESS;
}

/*
 * The lead's reader of the targets' rings, with no SMC: each target's
 * records from @cursor on, every one taken complete once and in order,
 * each with its stamps in order and after the previous record's.
 */
struct ring_watch {
	uint64_t cursor[PAYLOAD_MAX_CORES]; /* the next record to take */
	uint64_t prev_exit[PAYLOAD_MAX_CORES];
	unsigned int taken[PAYLOAD_MAX_CORES];
	unsigned int busy, bad;
};

static void ring_sweep(struct ring_watch *w, unsigned int pos)
{
	struct pmf_ring_record rec;
	enum payload_ring_take t;
	char buf[200];

	while ((t = payload_ring_take(pos, w->cursor[pos], &rec)) == RING_COMPLETE) {
		const uint64_t *ts = rec.ts;
		bool first = w->taken[pos] == 0U;
		bool frozen = rec.outcome == PMF_RING_FROZEN;

		/* The first is the CPU_OFF that CPU_ON ended; its ENTER_PSCI is older. */
		if ((!frozen && broken_link(ts) != 0U) ||
		    (!first && ts[RT_INSTR_ENTER_PSCI] <= w->prev_exit[pos])) {
			describe(buf, sizeof(buf), ts);
			if (w->bad++ < KEPT)
				printf("PMF_ORDER: FAIL the lead's ring reader: core %s, record %llu: "
				       "out of order: %s\n",
				       label(pos), (unsigned long long)rec.seq, buf);
		}
		w->prev_exit[pos] = ts[RT_INSTR_EXIT_PSCI];
		w->taken[pos]++;
		w->cursor[pos]++;
	}
	if (t == RING_BUSY)
		w->busy++;
	if (t == RING_LOST && w->bad++ < KEPT)
		printf("PMF_ORDER: FAIL the lead's ring reader: core %s, record %llu was "
		       "overwritten before it was read\n",
		       label(pos), (unsigned long long)w->cursor[pos]);
}

static bool watch(void)
{
	unsigned int complete[PAYLOAD_MAX_CORES] = { 0 }, progress = 0, torn = 0, bad = 0;
	unsigned int others = 0;
	uint64_t ts[RT_INSTR_TOTAL_IDS];
	char rec[200];
	static struct ring_watch rw;

	memset(results, 0, sizeof(results));
	arrivals = 0;
	targets_done = 0;
	phase_name = "the lead reads the others' records while they suspend";
	phase_state = PLAT_PSTATE_CORE_OFF;
	phase_rounds = WATCH_ROUNDS;
	/* The lead is no participant: the targets' barrier counts them only. */
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == payload_topo.lead)
			continue;
		others++;
	}
	participants = others;
	memset(&rw, 0, sizeof(rw));
	for (unsigned int pos = 0; pos < payload_topo.cores && payload_ring.present; pos++)
		rw.cursor[pos] = payload_ring_head(pos) + 1U;
	dsb_ish();
	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == payload_topo.lead)
			continue;
		int64_t rc = payload_cpu_on(pos, watched_job, NULL);

		payload_check(rc == PSCI_E_SUCCESS, "PMF_ORDER: CPU_ON of core %u returned %lld",
		              pos, (long long)rc);
	}
	unsigned long sweeps = 0;

	for (;
	     __atomic_load_n(&targets_done, __ATOMIC_ACQUIRE) < others && sweeps < WATCH_SWEEPS_MAX;
	     sweeps++) {
		for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
			if (pos == payload_topo.lead)
				continue;
			switch (take_record(pos, ts)) {
			case TAKE_TORN:
				torn++;
				break;
			case TAKE_IN_PROGRESS:
				progress++;
				break;
			default:
				complete[pos]++;
				if (broken_link(ts) != 0U) {
					describe(rec, sizeof(rec), ts);
					if (bad++ < KEPT)
						printf("PMF_ORDER: FAIL %s: core %s: a complete "
						       "record out of order: %s\n",
						       phase_name, label(pos), rec);
				}
				break;
			}
			if (payload_ring.present)
				ring_sweep(&rw, pos);
		}
		/* QEMU's round-robin scheduler (-icount) runs the targets at a YIELD. */
		__asm__ volatile("yield");
	}
	check_bound(sweeps);
	wait_others();
	for (unsigned int pos = 0; pos < payload_topo.cores && payload_ring.present; pos++) {
		if (pos == payload_topo.lead)
			continue;
		ring_sweep(&rw, pos);
	}
	bool ok = report("targets of the reader", true, true);

	if (payload_ring.present) {
		unsigned int all = 0;

		for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
			if (pos == payload_topo.lead)
				continue;
			/* Its CPU_OFF's record, then one per call (the last CPU_OFF's comes at its next CPU_ON). */
			ok &= payload_check(
				rw.taken[pos] == WATCH_ROUNDS + 1U,
				"PMF_ORDER: the lead's ring reader: core %s: %u records "
				"taken, expected %u",
				label(pos), rw.taken[pos], WATCH_ROUNDS + 1U);
			all += rw.taken[pos];
		}
		ok &= payload_check(rw.bad == 0U,
		                    "PMF_ORDER: the lead's ring reader: %u bad records", rw.bad);
		printf("PMF_ORDER: the lead's ring reader: %u records taken complete and in order "
		       "with no SMC, %u caught mid-write (read again), %u bad: %s\n",
		       all, rw.busy, rw.bad, ok ? "PASS" : "FAIL");
	}

	for (unsigned int pos = 0; pos < payload_topo.cores; pos++) {
		if (pos == payload_topo.lead)
			continue;
		ok &= payload_check(complete[pos] > 0U,
		                    "PMF_ORDER: %s: core %s: no complete record taken", phase_name,
		                    label(pos));
	}
	ok &= payload_check(bad == 0U, "PMF_ORDER: %s: %u complete records out of order",
	                    phase_name, bad);
	unsigned int taken = 0;

	for (unsigned int pos = 0; pos < payload_topo.cores; pos++)
		taken += complete[pos];
	printf("PMF_ORDER: %s: %u complete records taken, %u of calls in progress, %u torn "
	       "(read again), %u out of order: %s\n",
	       phase_name, taken, progress, torn, bad, ok ? "PASS" : "FAIL");
	return ok;
}

/* --- the normal world scribbling over the rings while the calls race --- */

#define HOSTILE_ROUNDS 40U

/* Every byte of every core's ring, from a xorshift generator (*@x). */
static void scribble_rings(uint64_t *x)
{
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		uint64_t *w = (uint64_t *)payload_ring.ring[c];

		for (size_t i = 0; i < PMF_RING_CPU_BYTES / sizeof(*w); i++) {
			*x ^= *x << 13;
			*x ^= *x >> 7;
			*x ^= *x << 17;
			w[i] = *x;
		}
	}
	dsb_ish();
}

/*
 * Each round: every core scribbles over every ring (its own and the
 * others', whose calls are racing with it) and tries PMF_GET_RING's bad
 * arguments, then makes a call whose record may itself be scribbled over;
 * then, the scribbling over, a call whose record must be exactly what it
 * would have been: the next number of the firmware's own count, this
 * call's stamps, the head pointing at it.
 */
static void hostile_job(unsigned int pos, void *arg)
{
	struct core_result *r = &results[pos];
	uint64_t x = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)pos << 32 | pos);
	uint64_t ts[RT_INSTR_TOTAL_IDS];
	uint64_t seq = ring_last();
	uint64_t me = payload_mpidr(pos);

	(void)arg;
	for (unsigned int round = 0; round < HOSTILE_ROUNDS; round++) {
		int64_t rc;

		round_barrier(2U * round);
		scribble_rings(&x);
		rc = smc1(PMF_SMC_GET_RING_64, me, 1, 0);
		if (rc != PMF_E_INVAL)
			fail(r, "round %u: PMF_GET_RING with x2 = 1 returned %lld", round,
			     (long long)rc);
		rc = smc1(PMF_SMC_GET_RING_64, me | 0xff0000U, 0, 0);
		if (rc != PMF_E_BAD_MPIDR)
			fail(r, "round %u: PMF_GET_RING of MPIDR 0x%llx returned %lld", round,
			     (unsigned long long)(me | 0xff0000U), (long long)rc);
		payload_timer_arm_us(20U + ((round * 13U + pos * 7U) % 8U) * 60U);
		payload_suspend(PLAT_PSTATE_CORE_OFF);
		payload_timer_stop();
		seq++; /* that call's record, scribbled over or not */

		round_barrier(2U * round + 1U);
		if (!wake_up_pending()) {
			fail(r, "round %u: the timer's interrupt never pended", round);
			continue;
		}
		rc = payload_suspend(PLAT_PSTATE_CORE_OFF);
		payload_timer_stop();
		read_own(ts);
		r->calls++;
		r->forced++;
		r->abandoned += ts[RT_INSTR_ENTER_HW_LOW_PWR] == ts[RT_INSTR_EXIT_HW_LOW_PWR];
		check_ring_record(r, round, &seq, ts, PLAT_PSTATE_CORE_OFF, rc);
		if (payload_ring_head(pos) != seq)
			fail(r, "round %u: head %llu, the firmware's record %llu", round,
			     (unsigned long long)payload_ring_head(pos), (unsigned long long)seq);
	}
	dsb_ish();
}

static bool hostile(void)
{
	memset(results, 0, sizeof(results));
	arrivals = 0;
	phase_name = "every core scribbles over every ring while the calls race";
	dsb_ish();
	run_all(hostile_job, NULL);
	wait_others();
	return report(phase_name, false, false);
}

/* PMF built in? (TFTF's probe: this core's ENTER_PSCI.) */
static bool supported(void)
{
	struct smc_result r = smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(RT_INSTR_ENTER_PSCI),
	                          read_mpidr_el1(), 0);

	if (r.x0 == 0U)
		return true;
	payload_skip("PMF record scenario",
	             "PMF GET_TIMESTAMP returned %lld: the firmware was "
	             "built without runtime instrumentation",
	             (long long)r.x0);
	return false;
}

bool pmf_order_run(void)
{
	bool ok = true;

	if (!supported())
		return true;
	printf("PMF_ORDER: %u cores in %u clusters; %u + %u + %u calls per core in parallel, a "
	       "third forced abandoned, then %u per core while the lead reads, then %u rounds of "
	       "scribbling over the call rings (%s)\n",
	       payload_topo.cores, payload_topo.clusters, ROUNDS, ROUNDS, STANDBY_ROUNDS,
	       WATCH_ROUNDS, HOSTILE_ROUNDS, payload_ring.present ? "checked" : "no ring");
	for (unsigned int p = 0; p < PHASES; p++) {
		memset(results, 0, sizeof(results));
		arrivals = 0;
		phase_name = phases[p].name;
		phase_state = phases[p].power_state;
		phase_rounds = phases[p].rounds;
		dsb_ish();
		run_all(phase_job, NULL);
		wait_others();
		/* A power-down phase must have had calls that reached low power on every core. */
		ok &= report(phase_name, true, false);
	}
	if (payload_topo.cores > 1U)
		ok &= watch();
	else
		payload_skip("PMF records read by another core", "the machine has one core");
	/* Last: the rings' headers stay scribbled until the next boot. */
	if (payload_ring.present)
		ok &= hostile();
	printf("PMF_ORDER: %s\n", ok ? "PASS" : "FAIL");
	return ok;
}
