/*
 * The randomized model test of the stateful PSCI code: the real lib/psci
 * sources, compiled for the host against a fake architecture layer
 * (tests/unit/fake: each system register a function of the simulated core
 * that is running) and a fake platform (below), with SIM_CLUSTERS x
 * SIM_CORES_PER_CLUSTER simulated cores.
 *
 * Each step one core calls a PSCI function with random, often invalid,
 * arguments (CPU_ON, CPU_OFF, CPU_SUSPEND at every level and type,
 * CPU_DEFAULT_SUSPEND, SYSTEM_SUSPEND, AFFINITY_INFO, NODE_HW_STATE,
 * PSCI_SET_SUSPEND_MODE, PSCI_STAT_COUNT/RESIDENCY, CPU_FREEZE, ...), or
 * the "hardware" acts: a powering-on core warm-boots, a powered-down core
 * wakes. Cores run one at a time: a call runs to completion, and a core
 * that powers down leaves the firmware through the platform's last hook.
 *
 * Every answer is checked against a reference model of DEN0022 written
 * here independently of lib/psci: the return code, then the whole state
 * (every core's AFFINITY_INFO and local state, every cluster's and the
 * system's coordinated state, the core counters, PSCI_STAT counts), and
 * the invariants: a cluster is off only when no core of it runs; every
 * lock is free and no CPU holds a lock rank after a call (the real
 * lock-order check runs too); statistics never go backwards; a woken core
 * enters the normal world where its CPU_ON or CPU_SUSPEND said.
 *
 * Before the random steps, directed tests: the reader's PSCI_STAT
 * sequence after SYSTEM_SUSPEND; OS-initiated requests at every
 * PowerLevel, in every spelling (the table's and DEN0022's recommended
 * encoding with a last-at-level field), with another core running, being
 * powered on, in standby or powered down under each level
 * (test_osi_last_core); a system-level request while another cluster's
 * cores are all down at the core level, then once its last core took it
 * down (test_osi_system_over_cluster); and SYSTEM_OFF2 last.
 *
 * Usage: test_psci_model [SEED [STEPS]]   (default seed 1, 100000 steps).
 * A failure prints the seed, the step and the call: rerunning with that
 * seed reproduces it exactly; PSCI_MODEL_TRACE=1 prints every step.
 */
#include <setjmp.h>
#include <sys/mman.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "host_stubs.h"

#include <lib/el3_runtime/context.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/mem_ranges.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/psci/psci.h>
#include <lib/psci/psci_lib.h>
#include <lib/smccc.h>
#include <lib/spinlock.h>
#include <lib/utils_def.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>
#include <platform_def.h>

#include "psci_private.h"

#define N           PLATFORM_CORE_COUNT
#define CPC         PLAT_CORES_PER_CLUSTER
#define MAXL        PLAT_MAX_PWR_LVL
#define RUN         PSCI_LOCAL_STATE_RUN
#define RET         PSCI_LOCAL_STATE_RET
#define OFF         PSCI_LOCAL_STATE_OFF
#define FREQ        1000000U /* simulated counter: 1 tick = 1 us */
#define SMC64(f)    ((f) | PSCI_FID_SMC64_BIT)
#define NS_PC       0x80001000ULL /* a valid entry point */
#define SPSR_NS_EL2 (SPSR_DAIF_MASK | SPSR_M_EL2H)

/* ---- the simulated machine: the fake architecture layer's other side ---- */

static unsigned int cur; /* the core running firmware code */
static uint64_t now;     /* CNTPCT_EL0 */
static bool isr_pending[N];
static struct cpu_data cpu_data_sim[N];
static uint64_t locks_held_sim[N];

uint64_t read_tpidr_el3(void)
{
	return (uintptr_t)&cpu_data_sim[cur];
}
uint64_t read_mpidr_el1(void)
{
	return MPIDR_RES1_BIT | plat_core_mpidr(cur);
}
uint64_t read_cntpct_el0(void)
{
	return now;
}
uint64_t read_cntfrq_el0(void)
{
	return FREQ;
}
uint64_t read_isr_el1(void)
{
	return isr_pending[cur] ? 1U : 0U;
}
/*
 * While a core waits in standby or retention, another may act once (the
 * directed tests set @while_waiting): cores otherwise run one call at a
 * time, and a wait ends at once.
 */
static void (*while_waiting)(void);
static void run_while_waiting(void);

/*
 * SCR_EL3 as the normal world's return left it (IRQ and FIQ not routed
 * to EL3). A standby WFI at EL3 is woken by a normal-world interrupt only
 * if that interrupt is routed to EL3 (DDI 0487, WFI wake-up events: an
 * interrupt for a lower EL is masked at EL3); every WFI that returns is
 * checked for it, and SCR_EL3 for being given back.
 */
#define SCR_NS_RETURN (SCR_NS_BIT | SCR_RW_BIT | SCR_RES1_BITS)
static uint64_t scr_sim[N];
static unsigned int wfi_unrouted; /* standby WFIs no interrupt would have woken */
uint64_t read_scr_el3(void)
{
	return scr_sim[cur];
}
void write_scr_el3(uint64_t v)
{
	scr_sim[cur] = v;
}
static void check_wake_routed(void)
{
	if ((scr_sim[cur] & (SCR_IRQ_BIT | SCR_FIQ_BIT)) != (SCR_IRQ_BIT | SCR_FIQ_BIT))
		wfi_unrouted++;
}
void wfi(void)
{
	check_wake_routed();
	now += 7;
	run_while_waiting();
} /* a retention state: the wake-up comes at once */

/* Cores run one at a time, so a lock found held at an acquire never frees. */
static unsigned int lock_errors;
void spin_lock_raw(struct spinlock *lock)
{
	if (lock->lock != 0U)
		lock_errors++;
	lock->lock = 1;
}

void spin_unlock_raw(struct spinlock *lock)
{
	if (lock->lock == 0U)
		lock_errors++;
	lock->lock = 0;
}

uint64_t *lock_order_held(void)
{
	return &locks_held_sim[cur];
}

void console_flush(void)
{
}

/* ---- the fake platform ---- */

/*
 * Composite StateIDs, one nibble per level (1 = retention, 2 = off), the
 * core's lowest (DEN0022's recommended encoding, so bits [15:12] may add
 * the last-at-level field): every kind of request the library must
 * coordinate, retention above the core, the system powered down (QEMU's
 * deepest), and two values the platform grants alike: a system retention
 * it grants as cluster retention (a platform may grant its highest level
 * shallower than the StateID names, psci_last_at_ids; OS-initiated mode
 * still judges the request by what it asks).
 */
static const struct psci_pstate_desc sim_states[] = {
	{ 0x00000001, { { RET, RUN, RUN } } }, /* core standby */
	{ 0x00010002, { { OFF, RUN, RUN } } }, /* core power-down */
	{ 0x01000011, { { RET, RET, RUN } } }, /* cluster retention */
	{ 0x01010012, { { OFF, RET, RUN } } }, /* core off, cluster retention */
	{ 0x01010022, { { OFF, OFF, RUN } } }, /* cluster power-down */
	{ 0x02010222, { { OFF, OFF, OFF } } }, /* system power-down */
	{ 0x02010122, { { OFF, OFF, RET } } }, /* cluster off, system retention */
	{ 0x02000111, { { RET, RET, RUN } } }, /* system retention, granted as cluster's */
};
#define NSTATES      ARRAY_SIZE(sim_states)
#define CORE_OFF_IDX 1

/* How the last call left the firmware: returned, or the core went down. */
enum exit_kind {
	EXIT_RETURN,
	EXIT_PWR_DOWN,
	EXIT_FREEZE,
	EXIT_SYSTEM
};
static jmp_buf exit_jmp;
static uintptr_t warm_entry;
static bool fail_next_on;                    /* the platform cannot start the next core */
static struct psci_power_state finish_state; /* what a finisher was given */
static bool finish_called;

void plat_cpu_standby(uint8_t s)
{
	(void)s;
	check_wake_routed();
	now += 3;
	run_while_waiting();
}
int plat_pwr_domain_on(uint64_t mpidr, unsigned int pos)
{
	(void)mpidr;
	(void)pos;
	return fail_next_on ? -1 : 0;
}
void plat_pwr_domain_off(const struct psci_power_state *s)
{
	(void)s;
}
void plat_pwr_domain_suspend(const struct psci_power_state *s)
{
	(void)s;
}
/* lib/psci's power-down tail (aarch64/psci_pwr_down.S): the core goes down. */
void psci_pwr_down_wfi(unsigned int off_lvl, bool cpu_off, uintptr_t entry)
{
	(void)off_lvl;
	(void)cpu_off;
	CHECK(entry == warm_entry);
	longjmp(exit_jmp, EXIT_PWR_DOWN);
}
static void sim_finish(const struct psci_power_state *s)
{
	finish_state = *s;
	finish_called = true;
}

/* A power-up after CPU_ON and after a suspend finish alike. */
void plat_pwr_domain_on_finish(const struct psci_power_state *state)
{
	sim_finish(state);
}

void plat_pwr_domain_suspend_finish(const struct psci_power_state *state)
{
	sim_finish(state);
}
/* lib/cpus' hook (include/lib/cpus/cpu_ops.h): the levels it is told go off. */
static unsigned int pwrdown_off_lvl = ~0U;
void cpu_pwr_down_prep(unsigned int off_lvl)
{
	pwrdown_off_lvl = off_lvl;
}
void __attribute__((noreturn)) plat_system_off(void)
{
	longjmp(exit_jmp, EXIT_SYSTEM);
}

void __attribute__((noreturn)) plat_system_reset(void)
{
	plat_system_off();
}
static void __attribute__((noreturn)) sim_cpu_freeze(void)
{
	longjmp(exit_jmp, EXIT_FREEZE);
}
static int sim_node_hw_state(unsigned int pos, unsigned int level, uint8_t st)
{
	(void)pos;
	(void)level;
	return st == RUN ? PSCI_HW_ON : st == RET ? PSCI_HW_STANDBY : PSCI_HW_OFF;
}

static const struct plat_psci_ops sim_ops = {
	.power_states = sim_states,
	.power_state_count = NSTATES,
	.node_hw_state = sim_node_hw_state,
	.cpu_freeze = sim_cpu_freeze,
	.default_suspend_state = 0x01010022,
	.system_suspend = true,
};

const struct plat_psci_ops *plat_psci_setup(uintptr_t entry)
{
	warm_entry = entry;
	return &sim_ops;
}

const uint8_t *plat_get_power_domain_tree_desc(void)
{
	static uint8_t desc[2 + PLAT_CLUSTER_COUNT];

	desc[0] = 1;
	desc[1] = PLAT_CLUSTER_COUNT;
	for (unsigned int c = 0; c < PLAT_CLUSTER_COUNT; c++)
		desc[2 + c] = CPC;
	return desc;
}

int plat_core_pos_by_mpidr(uint64_t mpidr)
{
	uint64_t aff = mpidr & MPIDR_AFFINITY_MASK;

	if ((aff & ~0xffffULL) != 0U || (aff & 0xffU) >= CPC || (aff >> 8) >= PLAT_CLUSTER_COUNT)
		return -1;
	return (int)((aff >> 8) * CPC + (aff & 0xffU));
}

uint64_t plat_core_mpidr(unsigned int pos)
{
	return (uint64_t)(pos / CPC) << 8 | pos % CPC;
}

static struct el3_context *booted_ctx;
void cm_init_ns_context(struct el3_context *ctx, uint64_t entry, uint64_t arg0)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->elr_el3 = entry;
	ctx->x[0] = arg0;
	booted_ctx = ctx;
}

/* ---- the reference model (DEN0022, independent of lib/psci) ---- */

enum m_run {
	M_OFF,
	M_PENDING,
	M_RUNNING,
	M_SUSPENDED,
	M_FROZEN,
	M_STANDBY /* waiting in core standby while another core acts (directed tests) */
};

struct m_core {
	enum m_run run;
	uint8_t local;         /* the core's own state as PSCI records it */
	uint8_t req[MAXL + 1]; /* its vote for each level above it */
	unsigned int end_lvl;  /* highest level of its last power-down */
	uint64_t pc, ctxid;    /* where its next power-up must enter */
	int stat_pending;      /* the entry its power-down counts for */
	uint64_t count[NSTATES];
	uint64_t residency_seen[NSTATES];
};

static struct m_core m[N];
static uint8_t m_cluster[PLAT_CLUSTER_COUNT];
static uint8_t m_system;
static unsigned int m_mode = PSCI_MODE_PLAT_COORD;

static unsigned int cluster_of(unsigned int c)
{
	return c / CPC;
}

static uint8_t m_node(unsigned int c, unsigned int lvl)
{
	return lvl == 1U ? m_cluster[cluster_of(c)] : m_system;
}

static void m_set_node(unsigned int c, unsigned int lvl, uint8_t st)
{
	if (lvl == 1U)
		m_cluster[cluster_of(c)] = st;
	else
		m_system = st;
}

static bool in_node(unsigned int a, unsigned int b, unsigned int lvl)
{
	return lvl >= MAXL || cluster_of(a) == cluster_of(b);
}

static bool m_aff_on(unsigned int c)
{
	return m[c].run != M_OFF && m[c].run != M_PENDING;
}
static int m_aff(unsigned int c)
{
	return m[c].run == M_OFF       ? PSCI_AFF_OFF
	       : m[c].run == M_PENDING ? PSCI_AFF_ON_PENDING
	                               : PSCI_AFF_ON;
}

static unsigned int m_cores_on(void)
{
	unsigned int n = 0;

	for (unsigned int c = 0; c < N; c++)
		n += m[c].run != M_OFF;
	return n;
}

static unsigned int m_frozen(void)
{
	unsigned int n = 0;

	for (unsigned int c = 0; c < N; c++)
		n += m[c].run == M_FROZEN;
	return n;
}

/*
 * Platform coordination (4.4.3): each level up to @end becomes the
 * shallowest state any core below it votes for; from the first level that
 * comes out running, every level above runs.
 */
static void m_coordinate(unsigned int c, unsigned int end, struct psci_power_state *s)
{
	bool run_above = false;

	for (unsigned int lvl = 1; lvl <= MAXL; lvl++) {
		if (lvl > end) {
			s->pwr_domain_state[lvl] = RUN;
			continue;
		}
		m[c].req[lvl] = s->pwr_domain_state[lvl];
		uint8_t shallowest = OFF;

		for (unsigned int k = 0; k < N; k++) {
			if (in_node(k, c, lvl) && m[k].req[lvl] < shallowest)
				shallowest = m[k].req[lvl];
		}
		s->pwr_domain_state[lvl] = run_above ? RUN : shallowest;
		run_above = run_above || shallowest == RUN;
	}
}

/* The lowest level at which cores @a and @b share a domain (1: a cluster). */
static unsigned int m_shared_level(unsigned int a, unsigned int b)
{
	return cluster_of(a) == cluster_of(b) ? 1U : MAXL;
}

/*
 * OS-initiated mode (DEN0022 4.4.4, 5.4.2): core @c asks for @s up to
 * PowerLevel @level and says it is the last running core of every domain
 * up to @last_at (at least @level). Another core under those domains that
 * runs or is being powered on makes it DENIED, as does, up to @level, a
 * domain of another core that runs below a domain asked to leave RUN.
 * Otherwise a core or domain there in a low-power state shallower than the
 * one asked of the domain it shares with the caller (it would lose state)
 * makes it INVALID_PARAMETERS. Else 0. @s is what the caller asks
 * (m_asked), whatever the platform grants.
 */
static int64_t m_osi_check(unsigned int c, unsigned int level, unsigned int last_at,
                           const struct psci_power_state *s)
{
	bool denied = false, invalid = false;

	for (unsigned int k = 0; k < N; k++) {
		unsigned int j = m_shared_level(k, c);

		if (k == c || j > last_at)
			continue;
		if (m[k].run == M_RUNNING || m[k].run == M_PENDING) {
			denied = true;
			continue;
		}
		uint8_t want = j <= level ? s->pwr_domain_state[j] : RUN;

		invalid |= m[k].local < want;
		/* Its cluster, when that is not the caller's. */
		if (j > 1U && m_cluster[cluster_of(k)] < want) {
			denied |= m_cluster[cluster_of(k)] == RUN;
			invalid |= m_cluster[cluster_of(k)] != RUN;
		}
	}
	return denied ? PSCI_E_DENIED : invalid ? PSCI_E_INVALID_PARAMS : 0;
}

/*
 * What a caller asks for with table entry @idx: its StateID's field for
 * each level (the recommended encoding, which every value of the
 * simulated table follows), not what the table grants.
 */
static struct psci_power_state m_asked(int idx)
{
	struct psci_power_state a;

	for (unsigned int lvl = 0; lvl <= MAXL; lvl++)
		a.pwr_domain_state[lvl] = (uint8_t)((sim_states[idx].power_state >> (4U * lvl)) &
		                                    0xfU);
	return a;
}

/*
 * The model's reading of @ps (DEN0022 5.4.2 and the recommended StateID
 * encoding, which the simulated table's StateIDs follow): its table entry,
 * PowerLevel, and the level up to which the caller says it is the last
 * running core (the PowerLevel, or the value of bits [15:12] when the
 * table's value has them added, from the PowerLevel up to the highest
 * level). False when PSCI must refuse it (INVALID_PARAMETERS).
 */
static bool m_decode(uint32_t ps, int *idx, unsigned int *level, unsigned int *last_at)
{
	uint32_t own = ps & ~0xf000U;
	unsigned int field = (ps >> 12) & 0xfU;

	for (unsigned int i = 0; i < NSTATES; i++) {
		if (sim_states[i].power_state != ps &&
		    (field == 0U || sim_states[i].power_state != own))
			continue;
		*idx = (int)i;
		*level = (sim_states[i].power_state >> PSTATE_PWR_LVL_SHIFT) & PSTATE_PWR_LVL_MASK;
		*last_at = field == 0U ? *level : field;
		return *last_at >= *level && *last_at <= MAXL;
	}
	return false;
}

static bool same(const struct psci_power_state *a, const struct psci_power_state *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* PSCI_STAT (5.21): the entry asked for if granted as asked, else the entry reached. */
static int m_stat_index(int asked, const struct psci_power_state *reached)
{
	if (asked >= 0 && same(&sim_states[asked].state, reached))
		return asked;
	for (unsigned int i = 0; i < NSTATES; i++) {
		if (same(&sim_states[i].state, reached))
			return (int)i;
	}
	return -1;
}

/*
 * SYSTEM_SUSPEND (DEN0022: semantically a CPU_SUSPEND to the deepest
 * low-power state) counts, on the calling core, for the deepest power-down
 * entry of the table: the one whose highest non-matching level is deeper,
 * then the one naming the higher PowerLevel, then the first. The other
 * cores, off, count nothing for it (docs/design/psci.rst).
 */
static int m_deepest(void)
{
	int best = -1;

	for (unsigned int i = 0; i < NSTATES; i++) {
		const uint8_t *st = sim_states[i].state.pwr_domain_state;

		if (st[0] != OFF)
			continue;
		if (best < 0) {
			best = (int)i;
			continue;
		}
		const uint8_t *b = sim_states[best].state.pwr_domain_state;
		int cmp = 0;

		for (int lvl = MAXL; lvl >= 0 && cmp == 0; lvl--)
			cmp = (int)st[lvl] - (int)b[lvl];
		if (cmp == 0)
			cmp = (int)(sim_states[i].power_state >> PSTATE_PWR_LVL_SHIFT) -
			      (int)(sim_states[best].power_state >> PSTATE_PWR_LVL_SHIFT);
		if (cmp > 0)
			best = (int)i;
	}
	return best;
}

/* Core @c runs again: it and every domain up to @end run (first man up). */
static void m_set_running(unsigned int c, unsigned int end)
{
	m[c].local = RUN;
	for (unsigned int lvl = 1; lvl <= end; lvl++) {
		m_set_node(c, lvl, RUN);
		m[c].req[lvl] = RUN;
	}
}

static void m_count(unsigned int c, int idx)
{
	if (idx >= 0)
		m[c].count[idx]++;
}

/* ---- the test driver ---- */

static bool trace;
static unsigned long long seed_arg = 1;
static unsigned long steps_arg = 100000;
static uint64_t rng_state;
/* What the run exercised, printed at the end: a test that never took a path proves nothing. */
static struct {
	unsigned long power_downs, wake_ups, boots, retentions, standbys, denied_osi, denied_last;
	unsigned long early_wakes, cluster_offs, system_offs, mode_switches, freezes, on_failures;
	unsigned long osi_grants, system_suspends, invalid_osi, osi_standbys, last_at_spellings;
	unsigned long osi_cases;
} seen;
static unsigned long step;
static unsigned int failures;
static char what[160];

static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static unsigned int rnd_below(unsigned int n)
{
	return (unsigned int)(rnd() % n);
}
static bool chance(unsigned int percent)
{
	return rnd_below(100) < percent;
}

#define EXPECT(cond, ...)                                                                          \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			if (failures++ < 10) {                                                     \
				printf("    step %lu (%s): ", step, what);                         \
				printf(__VA_ARGS__);                                               \
				printf("\n");                                                      \
			}                                                                          \
			test_current_failed = 1;                                                   \
		}                                                                                  \
	} while (0)

/* The power calls, whose every path writes the middle four PMF stamps. */
static bool power_call(uint32_t fid)
{
	switch (fid & ~PSCI_FID_SMC64_BIT) {
	case PSCI_FID_CPU_SUSPEND:
	case PSCI_FID_CPU_OFF:
	case PSCI_FID_CPU_FREEZE:
	case PSCI_FID_CPU_DEFAULT_SUSPEND:
	case PSCI_FID_SYSTEM_SUSPEND:
		return true;
	default:
		return false;
	}
}

/*
 * docs/design/pmf.rst, one call, one record: a power call that left the
 * firmware (@how) after starting at @t0 wrote the stamps of its record
 * that are lib/psci's (ENTER/EXIT_PSCI are the SMC entry's, EXIT_HW_LOW_PWR
 * of a power-down the warm entry's), each in [@t0, now] and in order, and
 * one that did not stay in low power says so with equal stamps.
 */
static void check_record(unsigned int c, enum exit_kind how, uint64_t t0)
{
	const uint64_t *ts = pmf_timestamps[c];
	unsigned int last = how == EXIT_RETURN ? RT_INSTR_EXIT_HW_LOW_PWR
	                                       : RT_INSTR_ENTER_HW_LOW_PWR;
	static const unsigned int order[] = { RT_INSTR_ENTER_CFLUSH, RT_INSTR_EXIT_CFLUSH,
		                              RT_INSTR_ENTER_HW_LOW_PWR, RT_INSTR_EXIT_HW_LOW_PWR };

	if (how == EXIT_SYSTEM)
		return;
	for (unsigned int i = 0; i < ARRAY_SIZE(order); i++) {
		EXPECT(ts[order[i]] >= t0 && ts[order[i]] <= now,
		       "core %u: PMF stamp %u = %llu is not this call's (it began at %llu, now "
		       "%llu)",
		       c, order[i], (unsigned long long)ts[order[i]], (unsigned long long)t0,
		       (unsigned long long)now);
		EXPECT(i == 0 || ts[order[i - 1]] <= ts[order[i]],
		       "core %u: PMF stamp %u = %llu before stamp %u = %llu", c, order[i],
		       (unsigned long long)ts[order[i]], order[i - 1],
		       (unsigned long long)ts[order[i - 1]]);
		if (order[i] == last)
			break;
	}
	/* No preparation but on a power-down: the pair sits at ENTER_HW_LOW_PWR. */
	EXPECT(how == EXIT_PWR_DOWN || (ts[RT_INSTR_ENTER_CFLUSH] == ts[RT_INSTR_EXIT_CFLUSH] &&
	                                ts[RT_INSTR_EXIT_CFLUSH] == ts[RT_INSTR_ENTER_HW_LOW_PWR]),
	       "core %u: a call without power-down preparation recorded CFLUSH %llu..%llu, "
	       "ENTER_HW_LOW_PWR %llu",
	       c, (unsigned long long)ts[RT_INSTR_ENTER_CFLUSH],
	       (unsigned long long)ts[RT_INSTR_EXIT_CFLUSH],
	       (unsigned long long)ts[RT_INSTR_ENTER_HW_LOW_PWR]);
}

/*
 * docs/design/pmf.rst, the call ring: every power call stages how it ends
 * and writes exactly one record once its stamps are complete (when it
 * returns, as the Standard Service does after EXIT_PSCI; after a
 * power-down, at the wake-up's warm boot; CPU_FREEZE at once), numbered
 * from EL3's own count whatever the ring holds: the test scribbles over
 * rings at random (ring_scribble) and checks that EL3 wrote the record's
 * line and the head, nothing else (ring_snapshot).
 */
static uint64_t ring_seq[N];      /* records each core has written */
static bool ring_down[N];         /* a power-down awaits its wake-up's record */
static uint32_t ring_down_fid[N]; /* its function ID and power_state */
static uint32_t ring_down_ps[N];
static bool ring_scribbled[N];      /* its header's head is noise until its next record */
static struct pmf_ring ring_before; /* the last ring scribbled, as it was left */
static unsigned int ring_before_core = N;

static struct pmf_ring *sim_ring(unsigned int c)
{
	return (struct pmf_ring *)(uintptr_t)(PLAT_PMF_RING_BASE +
	                                      (uint64_t)c * PMF_RING_CPU_BYTES);
}

/* Random bytes over core @c's whole ring, seq and head values among them. */
static void ring_scribble(unsigned int c)
{
	uint64_t *w = (uint64_t *)sim_ring(c);

	for (size_t i = 0; i < sizeof(struct pmf_ring) / sizeof(*w); i++)
		w[i] = rnd();
	sim_ring(c)->header.head = ring_seq[c] + 1U + rnd_below(1000);
	sim_ring(c)->record[ring_seq[c] % PMF_RING_RECORDS].seq = ring_seq[c] + 1U;
	ring_before = *sim_ring(c);
	ring_before_core = c;
	ring_scribbled[c] = true;
}

static uint8_t ring_function(uint32_t fid)
{
	return (uint8_t)((fid & 0x1fU) | ((fid & PSCI_FID_SMC64_BIT) != 0U ? 0x80U : 0U));
}

/*
 * Core @c's newest record must be its record number ++ring_seq[c], of
 * @fid, @power_state, @status and @outcome, with the six stamps of its PMF
 * line; if the ring was scribbled before, every other byte as it was.
 */
static void ring_expect(unsigned int c, uint32_t fid, uint32_t power_state, int64_t status,
                        unsigned int outcome)
{
	uint64_t n = ++ring_seq[c];
	const struct pmf_ring *ring = sim_ring(c);
	const struct pmf_ring_record *r = &ring->record[(n - 1U) % PMF_RING_RECORDS];
	bool function_has_ps = (fid & 0x1fU) == 1U;

	EXPECT(ring->header.head == n && r->seq == n,
	       "core %u: ring head %llu, record seq %llu, expected %llu", c,
	       (unsigned long long)ring->header.head, (unsigned long long)r->seq,
	       (unsigned long long)n);
	EXPECT(memcmp(r->ts, pmf_timestamps[c], sizeof(r->ts)) == 0,
	       "core %u: record %llu's stamps are not its PMF line's", c, (unsigned long long)n);
	EXPECT(r->function == ring_function(fid) &&
	               r->power_state == (function_has_ps ? power_state : 0U) &&
	               r->status == status && r->outcome == outcome,
	       "core %u: record %llu: function 0x%x power_state 0x%x status %d outcome %u, "
	       "expected 0x%x 0x%x %lld %u",
	       c, (unsigned long long)n, r->function, r->power_state, r->status, r->outcome,
	       ring_function(fid), function_has_ps ? power_state : 0U, (long long)status, outcome);
	EXPECT(cpu_data_sim[c].pmf_ring_pending == 0U, "core %u: staging left after its record", c);
	ring_scribbled[c] = false;
	if (ring_before_core == c) {
		struct pmf_ring after = *ring;

		after.header.head = ring_before.header.head;
		after.record[(n - 1U) % PMF_RING_RECORDS] =
			ring_before.record[(n - 1U) % PMF_RING_RECORDS];
		EXPECT(memcmp(&after, &ring_before, sizeof(after)) == 0,
		       "core %u: EL3 wrote more of a scribbled ring than record %llu and the head",
		       c, (unsigned long long)n);
		ring_before_core = N;
	}
}

/* Core @c's ring holds no record newer than ring_seq[c] (its head, unless scribbled since). */
static void ring_unchanged(unsigned int c, const char *why)
{
	EXPECT(ring_scribbled[c] || sim_ring(c)->header.head == ring_seq[c],
	       "core %u: %s wrote a ring record (head %llu, %llu written)", c, why,
	       (unsigned long long)sim_ring(c)->header.head, (unsigned long long)ring_seq[c]);
}

/* After a call of core @c left the firmware (@how): its ring as the call leaves it. */
static void ring_after_call(unsigned int c, uint32_t fid, uint64_t x1, int64_t rc,
                            enum exit_kind how, bool pending_before)
{
	uint8_t staged = cpu_data_sim[c].pmf_ring_pending;
	const uint64_t *ts = pmf_timestamps[c];

	if (!power_call(fid) || how == EXIT_SYSTEM) {
		EXPECT(staged == 0U, "core %u: fid 0x%x, no power call, staged outcome %u", c, fid,
		       staged);
		ring_unchanged(c, "no power call");
		return;
	}
	if (how == EXIT_FREEZE) {
		ring_expect(c, fid, 0, 0, PMF_RING_FROZEN);
		return;
	}
	if (how == EXIT_PWR_DOWN) {
		uint32_t ps = (fid & 0x1fU) == 1U ? (uint32_t)x1 : 0U;

		EXPECT(staged == PMF_RING_ENTERED &&
		               cpu_data_sim[c].pmf_ring_function == ring_function(fid) &&
		               cpu_data_sim[c].pmf_ring_power_state == ps,
		       "core %u: a power-down staged outcome %u, function 0x%x, power_state 0x%x",
		       c, staged, cpu_data_sim[c].pmf_ring_function,
		       cpu_data_sim[c].pmf_ring_power_state);
		ring_down[c] = true;
		ring_down_fid[c] = fid;
		ring_down_ps[c] = (uint32_t)x1;
		return;
	}
	EXPECT(staged == PMF_RING_ENTERED || staged == PMF_RING_ABANDONED,
	       "core %u: power call 0x%x returned %lld without staging its outcome (%u)", c, fid,
	       (long long)rc, staged);
	/* Abandoned: a wake-up was pending, and no time in low power (docs/design/pmf.rst). */
	EXPECT(staged != PMF_RING_ABANDONED || rc != 0 ||
	               (pending_before &&
	                ts[RT_INSTR_ENTER_HW_LOW_PWR] == ts[RT_INSTR_EXIT_HW_LOW_PWR]),
	       "core %u: abandoned without a pending wake-up, or with time in low power", c);
	/* The Standard Service's part: EXIT_PSCI, then the record. */
	pmf_capture(RT_INSTR_EXIT_PSCI, false);
	if (pmf_ring_pending())
		psci_pmf_returned(fid, x1, (uint64_t)rc);
	ring_expect(c, fid, (uint32_t)x1, rc,
	            rc != 0                        ? PMF_RING_DENIED
	            : staged == PMF_RING_ABANDONED ? PMF_RING_ABANDONED
	                                           : PMF_RING_ENTERED);
}

/* Core @c makes an SMC; how it left the firmware goes in *@how. */
static int64_t call(unsigned int c, uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                    enum exit_kind *how)
{
	jmp_buf panic_jmp;
	volatile int64_t rc = 0;
	/* A tick of its own, so that no earlier call's stamp looks like this one's. */
	uint64_t t0 = power_call(fid) ? ++now : now;

	bool pending_before = isr_pending[c];

	cur = c;
	scr_sim[c] = SCR_NS_RETURN;
	wfi_unrouted = 0;
	/* What the SMC vector saves, where PSCI reads a power-down's call from. */
	cpu_data_sim[c].ctx.x[0] = fid;
	cpu_data_sim[c].ctx.x[1] = x1;
	if (chance(2))
		ring_scribble(c);
	host_panic_jmp = &panic_jmp;
	if (setjmp(panic_jmp) != 0) {
		EXPECT(false, "the firmware panicked");
		*how = EXIT_RETURN;
		host_panic_jmp = NULL;
		return 0;
	}
	switch (setjmp(exit_jmp)) {
	case 0:
		rc = (int64_t)psci_smc_handler(fid, x1, x2, x3, SPSR_NS_EL2);
		*how = EXIT_RETURN;
		break;
	case EXIT_PWR_DOWN:
		*how = EXIT_PWR_DOWN;
		break;
	case EXIT_FREEZE:
		*how = EXIT_FREEZE;
		break;
	default:
		*how = EXIT_SYSTEM;
		break;
	}
	host_panic_jmp = NULL;
	if (trace)
		printf("      fid 0x%x -> %lld (exit %d), mode %u, cluster %u req %u%u%u%u\n", fid,
		       (long long)rc, (int)*how, m_mode, m_cluster[cluster_of(c)],
		       m[cluster_of(c) * CPC].req[1], m[cluster_of(c) * CPC + (CPC > 1)].req[1],
		       m[cluster_of(c) * CPC + (CPC > 2 ? 2 : 0)].req[1],
		       m[cluster_of(c) * CPC + (CPC > 3 ? 3 : 0)].req[1]);
	EXPECT(locks_held_sim[c] == 0U, "core %u still holds lock ranks 0x%llx", c,
	       (unsigned long long)locks_held_sim[c]);
	EXPECT(wfi_unrouted == 0U, "core %u: %u standby WFI(s) with SCR_EL3.IRQ/FIQ clear", c,
	       wfi_unrouted);
	EXPECT(*how != EXIT_RETURN || scr_sim[c] == SCR_NS_RETURN,
	       "core %u: SCR_EL3 0x%llx after the call, not the caller's 0x%llx", c,
	       (unsigned long long)scr_sim[c], (unsigned long long)SCR_NS_RETURN);
	if (power_call(fid))
		check_record(c, *how, t0);
	ring_after_call(c, fid, x1, rc, *how, pending_before);
	return rc;
}

/* The hardware brings core @c up: its warm boot. */
static void warm_boot(unsigned int c)
{
	cur = c;
	finish_called = false;
	booted_ctx = NULL;
	psci_warmboot_entrypoint();
	EXPECT(finish_called, "core %u: no finisher ran", c);
	/* bl31_warm_boot's tail: the power-down's record, none for a first power-up. */
	pmf_capture_after_cache_off_write(RT_INSTR_EXIT_PSCI);
	if (chance(2))
		ring_scribble(c);
	pmf_ring_woken();
	if (ring_down[c]) {
		ring_expect(c, ring_down_fid[c], ring_down_ps[c], 0, PMF_RING_ENTERED);
		ring_down[c] = false;
	} else {
		ring_unchanged(c, "a first power-up");
	}
	if (m[c].run == M_PENDING)
		seen.boots++;
	else
		seen.wake_ups++;
	EXPECT(booted_ctx == &cpu_data_sim[c].ctx && booted_ctx->elr_el3 == m[c].pc &&
	               booted_ctx->x[0] == m[c].ctxid && booted_ctx->spsr_el3 == SPSR_NS_EL2,
	       "core %u resumes at 0x%llx x0 0x%llx, expected 0x%llx x0 0x%llx", c,
	       booted_ctx ? (unsigned long long)booted_ctx->elr_el3 : 0ULL,
	       booted_ctx ? (unsigned long long)booted_ctx->x[0] : 0ULL,
	       (unsigned long long)m[c].pc, (unsigned long long)m[c].ctxid);
	/*
	 * First man up: the core and every domain above it that is not
	 * running come up together, whoever took that domain down.
	 */
	unsigned int end = m[c].end_lvl;

	while (end < MAXL && m_node(c, end + 1U) != RUN)
		end++;
	m[c].end_lvl = end;
	/* The finisher saw the states the core and its domains went down to. */
	EXPECT(finish_state.pwr_domain_state[0] == m[c].local,
	       "core %u: finisher got core state %u, expected %u", c,
	       finish_state.pwr_domain_state[0], m[c].local);
	for (unsigned int lvl = 1; lvl <= MAXL; lvl++) {
		uint8_t want = lvl <= m[c].end_lvl ? m_node(c, lvl) : RUN;

		EXPECT(finish_state.pwr_domain_state[lvl] == want,
		       "core %u: finisher got level %u state %u, expected %u", c, lvl,
		       finish_state.pwr_domain_state[lvl], want);
	}
	EXPECT(locks_held_sim[c] == 0U, "core %u holds locks after its warm boot", c);
	m_count(c, m[c].stat_pending);
	m[c].stat_pending = -1;
	m_set_running(c, m[c].end_lvl);
	m[c].end_lvl = MAXL;
	m[c].run = M_RUNNING;
	now += 11;
}

static uint64_t bad_mpidr(void)
{
	static const uint64_t bad[] = { 0xff,       0xff00,     1ULL << 32,           1ULL << 31,
		                        1ULL << 24, 1ULL << 40, 0xffffffffffffffffULL };

	return bad[rnd_below(ARRAY_SIZE(bad))];
}

/* A valid entry point, or (sometimes) one PSCI must refuse. */
/*
 * The non-secure DRAM psci_setup is given: N1SDP's shape, DRAM1 below the
 * firmware's top 16 MiB and 14 GiB of DRAM2 (as BL2 finds them from the
 * SCP's 16 GiB), so that every entry point is checked against both.
 */
#define DRAM1_BASE 0x80000000ULL
#define DRAM1_END  0xff000000ULL
#define DRAM2_BASE 0x8080000000ULL
#define DRAM2_END  (DRAM2_BASE + (14ULL << 30))

static struct mem_ranges ns_dram(void)
{
	struct mem_ranges r;

	mem_ranges_init(&r);
	CHECK_EQ(mem_ranges_add(&r, DRAM1_BASE, DRAM1_END - DRAM1_BASE), MEM_RANGES_OK);
	CHECK_EQ(mem_ranges_add(&r, DRAM2_BASE, DRAM2_END - DRAM2_BASE), MEM_RANGES_OK);
	return r;
}

/* An entry point, valid or not: both edges of each DRAM range, and others. */
static uint64_t entry_point(bool *valid)
{
	static const uint64_t good[] = { DRAM1_BASE, DRAM1_END - 4U, DRAM2_BASE, DRAM2_END - 4U };
	static const uint64_t bad[] = {
		NS_PC + 1,      NS_PC + 2,          0,         0x4000,
		0x100000000ULL, DRAM1_BASE - 4U,    DRAM1_END, DRAM2_BASE - 4U,
		DRAM2_END,      DRAM2_END + 0x1000U
	};

	*valid = !chance(8);
	if (*valid)
		return chance(4) ? good[rnd_below(ARRAY_SIZE(good))] : NS_PC + 4U * rnd_below(1024);
	return bad[rnd_below(ARRAY_SIZE(bad))];
}

static unsigned int running_core(void)
{
	unsigned int list[N], n = 0;

	for (unsigned int c = 0; c < N; c++) {
		if (m[c].run == M_RUNNING)
			list[n++] = c;
	}
	return n == 0 ? N : list[rnd_below(n)];
}

static void op_cpu_on(unsigned int c)
{
	unsigned int t = rnd_below(N);
	bool valid_target = !chance(5), valid_ep;
	uint64_t target = valid_target ? plat_core_mpidr(t) : bad_mpidr();
	uint64_t pc = entry_point(&valid_ep), ctxid = rnd();
	enum exit_kind how;
	int64_t want;

	fail_next_on = chance(3);
	snprintf(what, sizeof(what), "core %u: CPU_ON(0x%llx, 0x%llx)", c,
	         (unsigned long long)target, (unsigned long long)pc);
	int64_t rc = call(c, SMC64(PSCI_FID_CPU_ON), target, pc, ctxid, &how);

	if (!valid_target && plat_core_pos_by_mpidr(target) >= 0 &&
	    (target & ~MPIDR_AFFINITY_MASK) == 0U)
		valid_target = true; /* an invalid-looking MPIDR that names a core */
	if (!valid_target)
		want = PSCI_E_INVALID_PARAMS;
	else if (!valid_ep)
		want = PSCI_E_INVALID_ADDRESS;
	else if (m_aff(t) == PSCI_AFF_ON)
		want = PSCI_E_ALREADY_ON;
	else if (m_aff(t) == PSCI_AFF_ON_PENDING)
		want = PSCI_E_ON_PENDING;
	else if (fail_next_on)
		want = PSCI_E_INTERN_FAIL;
	else
		want = PSCI_E_SUCCESS;
	EXPECT(how == EXIT_RETURN && rc == want, "returned %lld, expected %lld", (long long)rc,
	       (long long)want);
	fail_next_on = false;
	seen.on_failures += want == PSCI_E_INTERN_FAIL;
	if (want == PSCI_E_SUCCESS) {
		m[t].run = M_PENDING;
		m[t].pc = pc;
		m[t].ctxid = ctxid;
	}
}

static void op_cpu_off(unsigned int c)
{
	enum exit_kind how;

	snprintf(what, sizeof(what), "core %u: CPU_OFF", c);
	pwrdown_off_lvl = ~0U;
	int64_t rc = call(c, PSCI_FID_CPU_OFF, 0, 0, 0, &how);

	if (m_cores_on() - m_frozen() == 1U) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_DENIED, "the last running core: %lld",
		       (long long)rc);
		seen.denied_last++;
		return;
	}
	EXPECT(how == EXIT_PWR_DOWN, "CPU_OFF came back with %lld", (long long)rc);
	struct psci_power_state s;

	for (unsigned int lvl = 0; lvl <= MAXL; lvl++)
		s.pwr_domain_state[lvl] = lvl < MAXL ? OFF : RUN;
	m_coordinate(c, MAXL, &s);
	/* The CPU's power-down preparation covers the levels that go off with it. */
	unsigned int off_lvl = 0;

	while (off_lvl < MAXL && s.pwr_domain_state[off_lvl + 1U] == OFF)
		off_lvl++;
	EXPECT(pwrdown_off_lvl == off_lvl, "CPU_OFF prepared levels up to %u, not %u",
	       pwrdown_off_lvl, off_lvl);
	m[c].local = OFF;
	for (unsigned int lvl = 1; lvl <= MAXL; lvl++)
		m_set_node(c, lvl, s.pwr_domain_state[lvl]);
	m[c].end_lvl = MAXL;
	m[c].run = M_OFF;
	m[c].stat_pending = CORE_OFF_IDX;
}

/*
 * Core @c calls CPU_SUSPEND(@ps) (or CPU_DEFAULT_SUSPEND when @dflt) to
 * @pc (@valid_ep: PSCI must take it) with context ID @ctxid and, with
 * @pending, a wake-up already pending. The answer is checked against the
 * model, which follows the call; returns it.
 */
static int64_t suspend_call(unsigned int c, uint32_t ps, bool dflt, uint64_t pc, bool valid_ep,
                            uint64_t ctxid, bool pending)
{
	int idx = -1;
	unsigned int level = 0, last_at = 0;
	bool valid = m_decode(ps, &idx, &level, &last_at);
	bool powerdown = valid && sim_states[idx].state.pwr_domain_state[0] == OFF;
	bool osi = m_mode == PSCI_MODE_OS_INIT;
	enum exit_kind how;
	int64_t rc;

	isr_pending[c] = pending;
	snprintf(what, sizeof(what), "core %u: %s(0x%08x, 0x%llx)%s%s", c,
	         dflt ? "CPU_DEFAULT_SUSPEND" : "CPU_SUSPEND", ps, (unsigned long long)pc,
	         pending ? " with a wake-up pending" : "", osi ? ", OS-initiated" : "");
	if (dflt)
		rc = call(c, SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND), pc, ctxid, 0, &how);
	else
		rc = call(c, SMC64(PSCI_FID_CPU_SUSPEND), ps, pc, ctxid, &how);
	bool isr = isr_pending[c];

	isr_pending[c] = false;
	if (!valid) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_INVALID_PARAMS, "bad power_state: %lld",
		       (long long)rc);
		return rc;
	}
	seen.last_at_spellings += ps != sim_states[idx].power_state;
	if (powerdown && !valid_ep) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_INVALID_ADDRESS, "bad entry: %lld",
		       (long long)rc);
		return rc;
	}
	struct psci_power_state s = sim_states[idx].state;

	/* Core standby, platform-coordinated: no coordination, no lock; counted as asked. */
	if (level == 0U && !powerdown && !osi) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "standby: %lld", (long long)rc);
		seen.standbys++;
		m_count(c, idx);
		return rc;
	}
	/* A pending wake-up ends a coordinated request at once; an OS-initiated one is checked first. */
	struct psci_power_state ids = m_asked(idx);
	int64_t refused = osi ? m_osi_check(c, level, last_at, &ids) : 0;

	if (refused != 0) {
		EXPECT(how == EXIT_RETURN && rc == refused,
		       "OS-initiated request the model refuses with %lld: %lld", (long long)refused,
		       (long long)rc);
		seen.denied_osi += refused == PSCI_E_DENIED;
		seen.invalid_osi += refused == PSCI_E_INVALID_PARAMS;
		return rc;
	}
	if (isr) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "pending wake-up: %lld",
		       (long long)rc);
		seen.early_wakes++;
		return rc;
	}
	struct psci_power_state granted = s;
	/* An OS-initiated request holds (and records RUN for) the levels it claims. */
	unsigned int end = osi ? last_at : level;

	m_coordinate(c, end, &s);
	/* It is taken as the platform grants it, without coordination. */
	if (osi)
		s = granted;
	m[c].local = s.pwr_domain_state[0];
	for (unsigned int lvl = 1; lvl <= end; lvl++)
		m_set_node(c, lvl, s.pwr_domain_state[lvl]);
	seen.cluster_offs += level >= 1U && s.pwr_domain_state[1] == OFF;
	seen.system_offs += level >= 2U && s.pwr_domain_state[2] != RUN;
	seen.osi_grants += osi && last_at >= 1U;
	m[c].end_lvl = end;
	if (!powerdown) {
		/* Retention (OS-initiated core standby too): the core keeps its state and returns. */
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "retention: %lld",
		       (long long)rc);
		if (level == 0U)
			seen.osi_standbys++;
		else
			seen.retentions++;
		m_count(c, m_stat_index(idx, &s));
		while (end < MAXL && m_node(c, end + 1U) != RUN)
			end++; /* first man up, as in warm_boot() */
		m_set_running(c, end);
		m[c].end_lvl = MAXL;
		return rc;
	}
	EXPECT(how == EXIT_PWR_DOWN, "power-down came back with %lld", (long long)rc);
	seen.power_downs++;
	m[c].run = M_SUSPENDED;
	m[c].pc = pc;
	m[c].ctxid = ctxid;
	m[c].stat_pending = m_stat_index(idx, &s);
	return rc;
}

/* A random power_state: mostly the table's, in either spelling; sometimes one PSCI must refuse. */
static uint32_t random_power_state(void)
{
	if (chance(85)) {
		uint32_t ps = sim_states[rnd_below(NSTATES)].power_state;

		/*
		 * The recommended encoding's last-at-level field: a level from
		 * 0 (the table's own spelling) to one past the highest, or a
		 * nibble no level has.
		 */
		if (chance(30))
			ps |= (chance(90) ? rnd_below(MAXL + 2U) : 15U) << 12;
		return ps;
	}
	/* Reserved bits, levels beyond the tree, values not in the table. */
	static const uint32_t bad[] = {
		0x40010002, 0x80000001, 0x00020002, 0x03010222, 0x00000000,
		0x00010001, 0x00000002, 0x01010011, 0x00003002, 0x4001f002
	};

	return bad[rnd_below(ARRAY_SIZE(bad))];
}

/* CPU_SUSPEND, or CPU_DEFAULT_SUSPEND when @dflt. */
static void op_cpu_suspend(unsigned int c, bool dflt)
{
	bool valid_ep;
	uint64_t pc = entry_point(&valid_ep), ctxid = rnd();
	uint32_t ps = dflt ? sim_ops.default_suspend_state : random_power_state();

	suspend_call(c, ps, dflt, pc, valid_ep, ctxid, chance(4));
}

/* SYSTEM_SUSPEND by core @c to @pc (@valid_ep: PSCI must accept it), @isr: a wake-up pending. */
static void system_suspend(unsigned int c, uint64_t pc, bool valid_ep, uint64_t ctxid, bool pending)
{
	enum exit_kind how;

	isr_pending[c] = pending;
	snprintf(what, sizeof(what), "core %u: SYSTEM_SUSPEND(0x%llx)", c, (unsigned long long)pc);
	int64_t rc = call(c, SMC64(PSCI_FID_SYSTEM_SUSPEND), pc, ctxid, 0, &how);
	bool isr = isr_pending[c];

	isr_pending[c] = false;
	if (!valid_ep) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_INVALID_ADDRESS, "%lld", (long long)rc);
		return;
	}
	if (m_cores_on() != 1U) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_DENIED, "another core on: %lld",
		       (long long)rc);
		return;
	}
	if (isr) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "%lld", (long long)rc);
		return;
	}
	EXPECT(how == EXIT_PWR_DOWN, "SYSTEM_SUSPEND came back with %lld", (long long)rc);
	m[c].local = OFF;
	for (unsigned int lvl = 1; lvl <= MAXL; lvl++) {
		m[c].req[lvl] = OFF;
		m_set_node(c, lvl, OFF);
	}
	m[c].end_lvl = MAXL;
	m[c].run = M_SUSPENDED;
	m[c].pc = pc;
	m[c].ctxid = ctxid;
	m[c].stat_pending = m_deepest();
	seen.system_suspends++;
}

static void op_system_suspend(unsigned int c)
{
	bool valid_ep;
	uint64_t pc = entry_point(&valid_ep), ctxid = rnd();

	system_suspend(c, pc, valid_ep, ctxid, chance(4));
}

static void check_state(void);

/* PSCI_STAT of every entry of every core, as a reader sees them. */
struct stat_snapshot {
	uint64_t count[N][NSTATES], residency[N][NSTATES];
};

static void snapshot(struct stat_snapshot *snap)
{
	enum exit_kind how;

	for (unsigned int k = 0; k < N; k++) {
		for (unsigned int i = 0; i < NSTATES; i++) {
			snap->count[k][i] = (uint64_t)call(0, SMC64(PSCI_FID_STAT_COUNT),
			                                   plat_core_mpidr(k),
			                                   sim_states[i].power_state, 0, &how);
			snap->residency[k][i] = (uint64_t)call(0, SMC64(PSCI_FID_STAT_RESIDENCY),
			                                       plat_core_mpidr(k),
			                                       sim_states[i].power_state, 0, &how);
		}
	}
}

/* Core @t is started by core 0 and boots: it runs. */
static void start_core(unsigned int t)
{
	enum exit_kind how;
	int64_t rc = call(0, SMC64(PSCI_FID_CPU_ON), plat_core_mpidr(t), NS_PC, t, &how);

	EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "CPU_ON of core %u: %lld", t,
	       (long long)rc);
	m[t].run = M_PENDING;
	m[t].pc = NS_PC;
	m[t].ctxid = t;
	now += 5;
	warm_boot(t);
	check_state();
}

/*
 * The reader's sequence of the issue (DEN0022 SYSTEM_SUSPEND and PSCI_STAT,
 * docs/design/psci.rst), before the random steps: every secondary off, a
 * snapshot, SYSTEM_SUSPEND by core 0 woken by the hardware, the
 * secondaries back on, then the changes. Core 0 counts one stay in the
 * deepest power-down entry (and its residency grows); each secondary one
 * CPU_OFF (the core power-down entry); no other count or residency moves.
 */
static void reader_sequence(void)
{
	static struct stat_snapshot before, after;
	int deepest = m_deepest();

	for (unsigned int k = 1; k < N; k++) {
		snprintf(what, sizeof(what), "reader sequence: core %u on, then off", k);
		start_core(k);
		op_cpu_off(k);
		check_state();
	}
	snprintf(what, sizeof(what), "reader sequence: snapshot");
	snapshot(&before);
	snprintf(what, sizeof(what), "reader sequence: core 0 SYSTEM_SUSPEND");
	system_suspend(0, NS_PC, true, 0x5157, false);
	check_state();
	now += 100;
	snprintf(what, sizeof(what), "reader sequence: core 0 wakes");
	warm_boot(0);
	check_state();
	for (unsigned int k = 1; k < N; k++) {
		snprintf(what, sizeof(what), "reader sequence: core %u on again", k);
		start_core(k);
	}
	snprintf(what, sizeof(what), "reader sequence: the changes");
	snapshot(&after);
	EXPECT(deepest >= 0, "the table has no power-down entry");
	for (unsigned int k = 0; k < N; k++) {
		int moved = k == 0 ? deepest : CORE_OFF_IDX;

		for (unsigned int i = 0; i < NSTATES; i++) {
			uint64_t c0 = before.count[k][i], c1 = after.count[k][i];
			uint64_t r0 = before.residency[k][i], r1 = after.residency[k][i];

			if ((int)i == moved)
				EXPECT(c1 == c0 + 1 && r1 > r0,
				       "core %u, 0x%08x: count %llu -> %llu, residency %llu -> %llu; "
				       "expected one more stay",
				       k, sim_states[i].power_state, (unsigned long long)c0,
				       (unsigned long long)c1, (unsigned long long)r0,
				       (unsigned long long)r1);
			else
				EXPECT(c1 == c0 && r1 == r0,
				       "core %u, 0x%08x: count %llu -> %llu, residency %llu -> %llu; "
				       "expected no change",
				       k, sim_states[i].power_state, (unsigned long long)c0,
				       (unsigned long long)c1, (unsigned long long)r0,
				       (unsigned long long)r1);
		}
	}
	/* Back to one core running, as the random steps start. */
	for (unsigned int k = 1; k < N; k++) {
		snprintf(what, sizeof(what), "reader sequence: core %u off", k);
		op_cpu_off(k);
		check_state();
	}
}

/* Core @c switches the suspend mode to @mode, which must succeed. */
static void set_mode(unsigned int c, unsigned int mode)
{
	enum exit_kind how;

	snprintf(what, sizeof(what), "core %u: PSCI_SET_SUSPEND_MODE(%u)", c, mode);
	int64_t rc = call(c, PSCI_FID_SET_SUSPEND_MODE, mode, 0, 0, &how);

	EXPECT(rc == PSCI_E_SUCCESS, "returned %lld", (long long)rc);
	m_mode = mode;
}

/*
 * While a core waits (wfi or the platform's standby, above), the action
 * the directed test set runs once, as another core; the model meanwhile
 * has the waiting core in standby (recorded as a retention in OS-initiated
 * mode, as running in platform-coordinated mode: no bookkeeping there).
 */
static void run_while_waiting(void)
{
	void (*fn)(void) = while_waiting;

	if (fn == NULL)
		return;
	while_waiting = NULL;

	unsigned int me = cur;
	enum m_run run = m[me].run;
	uint8_t local = m[me].local;
	unsigned int unrouted = wfi_unrouted;
	jmp_buf outer_exit;
	jmp_buf *outer_panic = host_panic_jmp;

	memcpy(outer_exit, exit_jmp, sizeof(jmp_buf));
	m[me].run = M_STANDBY;
	m[me].local = m_mode == PSCI_MODE_OS_INIT ? RET : RUN;
	check_state();
	fn();
	check_state();
	m[me].run = run;
	m[me].local = local;
	memcpy(exit_jmp, outer_exit, sizeof(jmp_buf));
	host_panic_jmp = outer_panic;
	wfi_unrouted = unrouted;
	cur = me;
}

/* ---- OS-initiated requests at every level (the directed test) ---- */

/* What the other core of a case is doing when the caller asks. */
enum k_state {
	K_NONE, /* every other core off: the caller is truly the last */
	K_RUNNING,
	K_PENDING,      /* CPU_ON accepted, warm boot not yet run */
	K_STANDBY,      /* in core standby (the call is made while it waits) */
	K_CORE_DOWN,    /* in core power-down, its cluster running */
	K_CLUSTER_DOWN, /* in cluster power-down (another cluster than the caller's) */
	K_STATES
};
static const char *const k_names[K_STATES] = {
	"no other core on", "running",      "being powered on",
	"in standby",       "powered down", "powered down with its cluster"
};

/*
 * DEN0022's answer, stated per case and written independently of
 * m_osi_check: the caller asks for @s up to @level, last up to @last_at;
 * the other core shares a domain with it from level @j.
 */
static int64_t osi_expected(const struct psci_power_state *s, unsigned int level,
                            unsigned int last_at, unsigned int j, enum k_state ks)
{
	if (ks == K_NONE || j > last_at)
		return PSCI_E_SUCCESS;
	if (ks == K_RUNNING || ks == K_PENDING)
		return PSCI_E_DENIED; /* not the last running core there */
	if (j > level)
		return PSCI_E_SUCCESS; /* a claim only: nothing asked of that domain */
	uint8_t want = s->pwr_domain_state[j];

	if (ks != K_CLUSTER_DOWN && j > 1U && want != RUN)
		return PSCI_E_DENIED; /* its cluster runs under a domain asked to stop */
	if (ks == K_STANDBY && want == OFF)
		return PSCI_E_INVALID_PARAMS; /* it would lose its state */
	return PSCI_E_SUCCESS;
}

static uint32_t osi_ps;
static int64_t osi_rc;
static unsigned int osi_caller;

/* The caller's request, made directly or while the other core waits in standby. */
static void osi_request(void)
{
	osi_rc = suspend_call(osi_caller, osi_ps, false, NS_PC + 0x40, true, 0xc0de, false);
}

/*
 * Core 0's OS-initiated answer @rc (the case in what) against DEN0022's
 * @want; then core 0 runs again.
 */
static void osi_verdict(int64_t rc, int64_t want)
{
	EXPECT(rc == want, "returned %lld, expected %lld (DEN0022 5.4.2)", (long long)rc,
	       (long long)want);
	seen.osi_cases++;
	check_state();
	if (m[0].run == M_SUSPENDED)
		warm_boot(0);
}

/* One case: core 0 asks @ps with core @k (or none) in @ks; the answer must be @want. */
static void osi_case(uint32_t ps, unsigned int k, enum k_state ks, int64_t want)
{
	osi_caller = 0;
	osi_ps = ps;
	if (ks != K_NONE) {
		if (ks == K_PENDING) {
			enum exit_kind how;

			snprintf(what, sizeof(what), "core 0: CPU_ON of core %u", k);
			EXPECT(call(0, SMC64(PSCI_FID_CPU_ON), plat_core_mpidr(k), NS_PC, k,
			            &how) == PSCI_E_SUCCESS,
			       "CPU_ON");
			m[k].run = M_PENDING;
			m[k].pc = NS_PC;
			m[k].ctxid = k;
		} else {
			start_core(k);
		}
		if (ks == K_CORE_DOWN)
			suspend_call(k, 0x00010002, false, NS_PC, true, k, false);
		if (ks == K_CLUSTER_DOWN)
			suspend_call(k, 0x01010022, false, NS_PC, true, k, false);
		check_state();
	}
	if (ks == K_STANDBY) {
		while_waiting = osi_request;
		suspend_call(k, 0x00000001, false, NS_PC, true, k, false);
		EXPECT(while_waiting == NULL, "core %u's standby never waited", k);
	} else {
		osi_request();
	}
	snprintf(what, sizeof(what), "OS-initiated CPU_SUSPEND(0x%08x) of core 0, core %u %s", ps,
	         k, k_names[ks]);
	osi_verdict(osi_rc, want);
	/* Back to core 0 alone, running. */
	if (ks != K_NONE) {
		if (m[k].run != M_RUNNING)
			warm_boot(k);
		op_cpu_off(k);
	}
	check_state();
}

/*
 * Every value of the table, in the table's spelling and with each valid
 * last-at-level field, asked by core 0 in OS-initiated mode with another
 * core in each state under each level (its cluster: level 1; another
 * cluster: level 2), and with every other core off.
 */
static void test_osi_last_core(void)
{
	static const unsigned int others[] = { 1, CPC }; /* a sibling, a core of cluster 1 */

	set_mode(0, PSCI_MODE_OS_INIT);
	for (unsigned int i = 0; i < NSTATES; i++) {
		uint32_t own = sim_states[i].power_state;
		unsigned int level = (own >> PSTATE_PWR_LVL_SHIFT) & PSTATE_PWR_LVL_MASK;

		for (unsigned int last_at = level; last_at <= MAXL; last_at++) {
			for (unsigned int spelling = 0; spelling < 2U; spelling++) {
				if (spelling == 0U && last_at != level)
					continue; /* the table's value says its PowerLevel */
				if (spelling == 1U && last_at == 0U)
					continue; /* a field of 0 is the table's value */
				uint32_t ps = spelling == 0U ? own : own | last_at << 12;
				const struct psci_power_state asked = m_asked((int)i);
				const struct psci_power_state *st = &asked;

				osi_case(ps, 0, K_NONE, PSCI_E_SUCCESS);
				for (unsigned int o = 0; o < 2U; o++) {
					unsigned int k = others[o];
					unsigned int j = o == 0U ? 1U : MAXL;

					if (k >= N || m_shared_level(k, 0) != j)
						continue; /* no such core in this shape */
					for (unsigned int ks = K_RUNNING; ks < K_STATES; ks++) {
						if (ks == K_CLUSTER_DOWN && j == 1U)
							continue; /* core 0 runs in it */
						osi_case(ps, k, (enum k_state)ks,
						         osi_expected(st, level, last_at, j,
						                      (enum k_state)ks));
					}
				}
			}
		}
	}
	/* The case by name: level 2 with a core of the other cluster running. */
	if (PLAT_CLUSTER_COUNT > 1U)
		osi_case(0x02010222, CPC, K_RUNNING, PSCI_E_DENIED);
	/* Malformed last-at-level fields: below the PowerLevel, beyond the levels. */
	static const uint32_t malformed[] = { 0x02011222, 0x01010022 | 3U << 12, 0x00003002,
		                              0x0000f001 };

	for (unsigned int i = 0; i < ARRAY_SIZE(malformed); i++)
		osi_case(malformed[i], 0, K_NONE, PSCI_E_INVALID_PARAMS);
	set_mode(0, PSCI_MODE_PLAT_COORD);
	printf("    %lu OS-initiated cases on %u cores (%u x %u)\n", seen.osi_cases, N,
	       PLAT_CLUSTER_COUNT, CPC);
}

/*
 * Core 0 asks @ps (PowerLevel 2, the system asked to leave RUN) in
 * OS-initiated mode, @when, and must get @want; the other cores are its
 * caller's business.
 */
static void osi_system_request(uint32_t ps, int64_t want, const char *when)
{
	int64_t rc = suspend_call(0, ps, false, NS_PC + 0x80, true, 0x5ce, false);

	snprintf(what, sizeof(what), "OS-initiated CPU_SUSPEND(0x%08x) of core 0, %s", ps, when);
	osi_verdict(rc, want);
}

/*
 * The system asked down over a running cluster (DEN0022 5.4.2, CPU_SUSPEND's
 * DENIED in OS-initiated mode: a low-power state asked of a node above the
 * core level while one of its children runs). Every core of cluster 1 is
 * down at the core level, so cluster 1 itself still runs: nobody asked it
 * down. Core 0, every other core of its cluster off, asks for the system
 * (each level-2 value of the table, in both spellings, the one the
 * platform grants as a cluster state included): DENIED. Once cluster 1's
 * last core has asked for its cluster (level 1), the same request is
 * granted. With one cluster there is no other cluster: core 0 asks with a
 * core of its own cluster down at the core level, which its own request
 * takes down with the cluster, and is granted.
 */
static void test_osi_system_over_cluster(void)
{
	static const uint32_t requests[] = { 0x02010222, 0x02012222, 0x02010122, 0x02000111,
		                             0x02002111 };

	if (N < 2U) {
		printf("    skipped: one core, no other to be down\n");
		return;
	}
	set_mode(0, PSCI_MODE_OS_INIT);
	for (unsigned int i = 0; i < ARRAY_SIZE(requests); i++) {
		uint32_t ps = requests[i];

		if (PLAT_CLUSTER_COUNT > 1U) {
			unsigned int last = 2U * CPC - 1U;

			for (unsigned int k = CPC; k <= last; k++) {
				start_core(k);
				suspend_call(k, 0x00010002, false, NS_PC, true, k, false);
			}
			check_state();
			osi_system_request(ps, PSCI_E_DENIED,
			                   "cluster 1's cores all down at the core level");
			warm_boot(last);
			snprintf(what, sizeof(what), "core %u: its cluster down as its last core",
			         last);
			EXPECT(suspend_call(last, 0x01011022, false, NS_PC, true, last, false) ==
			               PSCI_E_SUCCESS,
			       "OS-initiated cluster power-down refused");
			check_state();
			osi_system_request(ps, PSCI_E_SUCCESS,
			                   "cluster 1 down, asked by its last core");
			for (unsigned int k = CPC; k <= last; k++) {
				warm_boot(k);
				op_cpu_off(k);
			}
		} else {
			unsigned int k = N > 2U ? 2U : 1U;

			start_core(k);
			suspend_call(k, 0x00010002, false, NS_PC, true, k, false);
			osi_system_request(ps, PSCI_E_SUCCESS,
			                   "a core of its only cluster down at the core level");
			warm_boot(k);
			op_cpu_off(k);
		}
		check_state();
	}
	set_mode(0, PSCI_MODE_PLAT_COORD);
}

static void op_freeze(unsigned int c)
{
	enum exit_kind how;

	snprintf(what, sizeof(what), "core %u: CPU_FREEZE", c);
	int64_t rc = call(c, PSCI_FID_CPU_FREEZE, 0, 0, 0, &how);

	if (m_cores_on() - m_frozen() == 1U) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_DENIED, "last running core: %lld",
		       (long long)rc);
		return;
	}
	EXPECT(how == EXIT_FREEZE, "CPU_FREEZE came back with %lld", (long long)rc);
	seen.freezes++;
	m[c].run = M_FROZEN;
	m[c].local = RET;
}

static void op_queries(unsigned int c)
{
	unsigned int t = rnd_below(N);
	enum exit_kind how;
	int64_t rc;

	snprintf(what, sizeof(what), "core %u: queries about core %u", c, t);
	rc = call(c, SMC64(PSCI_FID_AFFINITY_INFO), plat_core_mpidr(t), 0, 0, &how);
	EXPECT(rc == m_aff(t), "AFFINITY_INFO(%u) = %lld, expected %d", t, (long long)rc, m_aff(t));
	rc = call(c, SMC64(PSCI_FID_AFFINITY_INFO), bad_mpidr(), 0, 0, &how);
	EXPECT(rc == PSCI_E_INVALID_PARAMS, "AFFINITY_INFO(bad) = %lld", (long long)rc);
	rc = call(c, SMC64(PSCI_FID_AFFINITY_INFO), plat_core_mpidr(t), 1 + rnd_below(3), 0, &how);
	EXPECT(rc == PSCI_E_INVALID_PARAMS, "AFFINITY_INFO(level > 0) = %lld", (long long)rc);

	unsigned int lvl = rnd_below(MAXL + 2U);

	rc = call(c, SMC64(PSCI_FID_NODE_HW_STATE), plat_core_mpidr(t), lvl, 0, &how);
	if (lvl > MAXL) {
		EXPECT(rc == PSCI_E_INVALID_PARAMS, "NODE_HW_STATE level %u = %lld", lvl,
		       (long long)rc);
	} else {
		uint8_t st = lvl == 0U ? m[t].local : m_node(t, lvl);
		int want = st == RUN ? PSCI_HW_ON : st == RET ? PSCI_HW_STANDBY : PSCI_HW_OFF;

		EXPECT(rc == want, "NODE_HW_STATE(%u, %u) = %lld, expected %d", t, lvl,
		       (long long)rc, want);
	}

	unsigned int idx = rnd_below(NSTATES);
	uint64_t count = (uint64_t)call(c, SMC64(PSCI_FID_STAT_COUNT), plat_core_mpidr(t),
	                                sim_states[idx].power_state, 0, &how);
	uint64_t res = (uint64_t)call(c, SMC64(PSCI_FID_STAT_RESIDENCY), plat_core_mpidr(t),
	                              sim_states[idx].power_state, 0, &how);

	EXPECT(count == m[t].count[idx], "PSCI_STAT_COUNT(%u, 0x%08x) = %llu, expected %llu", t,
	       sim_states[idx].power_state, (unsigned long long)count,
	       (unsigned long long)m[t].count[idx]);
	EXPECT(res >= m[t].residency_seen[idx] && res <= now,
	       "PSCI_STAT_RESIDENCY(%u, 0x%08x) went from %llu to %llu (now %llu)", t,
	       sim_states[idx].power_state, (unsigned long long)m[t].residency_seen[idx],
	       (unsigned long long)res, (unsigned long long)now);
	m[t].residency_seen[idx] = res;
	rc = call(c, SMC64(PSCI_FID_STAT_COUNT), bad_mpidr(), sim_states[idx].power_state, 0, &how);
	EXPECT(rc == 0, "PSCI_STAT_COUNT(bad MPIDR) = %lld", (long long)rc);
	rc = call(c, PSCI_FID_VERSION, 0, 0, 0, &how);
	EXPECT(rc == PSCI_VERSION_VALUE, "PSCI_VERSION = 0x%llx", (long long)rc);
	rc = call(c, PSCI_FID_FEATURES, PSCI_FID_CPU_SUSPEND, 0, 0, &how);
	EXPECT(rc == PSCI_FEATURE_OSI, "PSCI_FEATURES(CPU_SUSPEND) = %lld", (long long)rc);
}

static void op_set_mode(unsigned int c)
{
	uint64_t mode = chance(10) ? 2 + rnd_below(5) : rnd_below(2);
	enum exit_kind how;

	snprintf(what, sizeof(what), "core %u: PSCI_SET_SUSPEND_MODE(%llu)", c,
	         (unsigned long long)mode);
	int64_t rc = call(c, PSCI_FID_SET_SUSPEND_MODE, mode, 0, 0, &how);
	int64_t want = PSCI_E_SUCCESS;

	if (mode > 1U) {
		want = PSCI_E_INVALID_PARAMS;
	} else {
		for (unsigned int k = 0; k < N; k++) {
			if (k != c && m_aff_on(k) && m[k].local != RUN)
				want = PSCI_E_DENIED;
		}
	}
	EXPECT(rc == want, "returned %lld, expected %lld", (long long)rc, (long long)want);
	if (want == PSCI_E_SUCCESS) {
		seen.mode_switches += m_mode != mode;
		m_mode = (unsigned int)mode;
	}
}

/* The firmware's whole state against the model's, and the invariants. */
static void check_state(void)
{
	for (unsigned int c = 0; c < N; c++) {
		const struct psci_cpu_node *node = psci_cpu(c);

		EXPECT(node->aff_info == m_aff(c), "core %u: aff_info %u, model %d", c,
		       node->aff_info, m_aff(c));
		EXPECT(node->local_state == m[c].local, "core %u: local state %u, model %u", c,
		       node->local_state, m[c].local);
		EXPECT(node->lock.lock == 0U, "core %u's lock is held", c);
	}
	for (unsigned int cl = 0; cl < PLAT_CLUSTER_COUNT; cl++) {
		const struct psci_non_cpu_node *node = psci_ancestor(cl * CPC, 1);

		EXPECT(node->local_state == m_cluster[cl], "cluster %u: state %u, model %u", cl,
		       node->local_state, m_cluster[cl]);
		EXPECT(node->lock.lock == 0U, "cluster %u's lock is held", cl);
		/* Safety: a cluster is off only when no core of it runs. */
		for (unsigned int k = cl * CPC; k < (cl + 1U) * CPC; k++)
			EXPECT(node->local_state != OFF ||
			               (m[k].run != M_RUNNING && m[k].run != M_FROZEN &&
			                m[k].run != M_STANDBY),
			       "cluster %u is off while core %u runs", cl, k);
	}
	EXPECT(psci_ancestor(0, MAXL)->local_state == m_system, "system: state %u, model %u",
	       psci_ancestor(0, MAXL)->local_state, m_system);
	EXPECT(psci_cores_on() == m_cores_on(), "cores on %u, model %u", psci_cores_on(),
	       m_cores_on());
	EXPECT(psci_cores_running() == m_cores_on() - m_frozen(), "cores running %u, model %u",
	       psci_cores_running(), m_cores_on() - m_frozen());
	EXPECT(psci_suspend_mode() == m_mode, "mode %u, model %u", psci_suspend_mode(), m_mode);
	EXPECT(lock_errors == 0U, "%u lock errors (taken while held, or freed while free)",
	       lock_errors);
}

static void one_step(void)
{
	unsigned int pending[N], down[N], np = 0, nd = 0;

	for (unsigned int c = 0; c < N; c++) {
		if (m[c].run == M_PENDING)
			pending[np++] = c;
		if (m[c].run == M_SUSPENDED)
			down[nd++] = c;
	}
	now += 1 + rnd_below(50);
	/* The hardware: a core being powered on boots, a suspended one wakes. */
	if (np != 0U && chance(20)) {
		unsigned int c = pending[rnd_below(np)];

		snprintf(what, sizeof(what), "core %u: warm boot after CPU_ON", c);
		warm_boot(c);
		return;
	}
	if (nd != 0U && chance(nd * 100U / N < 20U ? 20U : 60U)) {
		unsigned int c = down[rnd_below(nd)];

		snprintf(what, sizeof(what), "core %u: wakes from a power-down", c);
		warm_boot(c);
		return;
	}
	unsigned int c = running_core();

	if (c == N)
		return; /* nobody runs: only the hardware can act */
	/*
	 * Phases of 2000 steps: busy ones start cores, quiet ones turn them
	 * off, so whole clusters and the system reach their deep states too.
	 */
	bool quiet = (step / 2000U) % 2U == 1U;
	unsigned int r = rnd_below(1000);

	if (r < (quiet ? 100U : 300U))
		op_cpu_on(c);
	else if (r < 400)
		op_cpu_off(c);
	else if (r < 750)
		op_cpu_suspend(c, false);
	else if (r < 780)
		op_cpu_suspend(c, true);
	else if (r < 800)
		op_system_suspend(c);
	else if (r < 840)
		op_set_mode(c);
	else if (r < 870) {
		/*
		 * The hardware wakes every suspended core, then a mode switch:
		 * valid only with no core suspended (5.20.2), so it happens
		 * often enough for OS-initiated mode to get its share.
		 */
		for (unsigned int k = 0; k < N; k++) {
			if (m[k].run == M_SUSPENDED) {
				snprintf(what, sizeof(what), "core %u: woken for a mode switch", k);
				warm_boot(k);
				check_state();
			}
		}
		op_set_mode(c);
	} else if (r < 995 || m_frozen() * 4U >= N || step < steps_arg - steps_arg / 20U) {
		op_queries(c); /* frozen cores block mode switches: freeze late */
	} else {
		op_freeze(c);
	}
}

/* Cold boot: core 0 alone, then psci_setup; the model likewise. */
static void test_setup(void)
{
	rng_state = seed_arg * 0x9e3779b97f4a7c15ULL + 1U;
	cur = 0;
	for (unsigned int c = 0; c < N; c++) {
		cpu_data_sim[c].core_pos = c;
		m[c] = (struct m_core){
			.run = M_OFF, .local = OFF, .end_lvl = MAXL, .stat_pending = -1
		};
		for (unsigned int lvl = 1; lvl <= MAXL; lvl++)
			m[c].req[lvl] = OFF;
	}
	/* Every domain is off but core 0's (as TF-A's cold boot leaves them). */
	for (unsigned int cl = 0; cl < PLAT_CLUSTER_COUNT; cl++)
		m_cluster[cl] = OFF;
	m_system = OFF;
	m[0].run = M_RUNNING;
	m_set_running(0, MAXL);

	/* The call ring's window, where the fake platform puts it. */
	CHECK(mmap((void *)(uintptr_t)PLAT_PMF_RING_BASE, PMF_RING_SIZE, PROT_READ | PROT_WRITE,
	           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1,
	           0) == (void *)(uintptr_t)PLAT_PMF_RING_BASE);
	CHECK_EQ(pmf_ring_use(true), 1);
	pmf_ring_setup();
	for (unsigned int c = 0; c < N; c++)
		CHECK(sim_ring(c)->header.magic == PMF_RING_MAGIC &&
		      sim_ring(c)->header.mpidr == plat_core_mpidr(c) &&
		      sim_ring(c)->header.records == PMF_RING_RECORDS &&
		      sim_ring(c)->header.head == 0);
	snprintf(what, sizeof(what), "psci_setup");
	struct mem_ranges dram = ns_dram();

	CHECK_EQ(psci_setup(0x0e060000, &dram), 0);
	CHECK_EQ(warm_entry, 0x0e060000);
	check_state();
}

static void test_reader_sequence(void)
{
	reader_sequence();
}

/*
 * PSCI 1.3 (DEN0022F): PSCI_VERSION, PSCI_FEATURES of the new functions,
 * and SYSTEM_OFF2: a type or cookie it has not is INVALID_PARAMETERS and
 * nothing happens; HIBERNATE_OFF (1, or 0 its alias) powers the machine off
 * through the platform's system_off, in both forms.
 */
static void test_psci_1_3(void)
{
	static const uint64_t bad[][2] = { { 2, 0 },          { 0x80000000, 0 }, { 0x80000001, 0 },
		                           { 0xffffffff, 0 }, { 1, 1 },          { 0, 0x1234 } };
	enum exit_kind how;
	int64_t rc;

	snprintf(what, sizeof(what), "PSCI 1.3");
	rc = call(0, PSCI_FID_VERSION, 0, 0, 0, &how);
	EXPECT(rc == 0x10003, "PSCI_VERSION = 0x%llx, expected 0x10003", (long long)rc);
	for (unsigned int w = 0; w < 2U; w++) {
		uint32_t smc64 = w != 0U ? PSCI_FID_SMC64_BIT : 0U;

		rc = call(0, PSCI_FID_FEATURES, PSCI_FID_SYSTEM_OFF2 | smc64, 0, 0, &how);
		EXPECT(rc == 1,
		       "PSCI_FEATURES(SYSTEM_OFF2 0x%x) = %lld, expected 1 (HIBERNATE_OFF)",
		       PSCI_FID_SYSTEM_OFF2 | smc64, (long long)rc);
		/* The optional cache maintenance by range: not implemented, either form. */
		rc = call(0, PSCI_FID_FEATURES, PSCI_FID_CLEAN_INV_MEMREGION & ~smc64, 0, 0, &how);
		EXPECT(rc == PSCI_E_NOT_SUPPORTED, "PSCI_FEATURES(CLEAN_INV_MEMREGION) = %lld",
		       (long long)rc);
		rc = call(0, PSCI_FID_FEATURES, PSCI_FID_CLEAN_INV_MEMREGION_ATTRIBUTES | smc64, 0,
		          0, &how);
		EXPECT(rc == PSCI_E_NOT_SUPPORTED,
		       "PSCI_FEATURES(CLEAN_INV_MEMREGION_ATTRIBUTES) = %lld", (long long)rc);
		for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
			snprintf(what, sizeof(what), "SYSTEM_OFF2(0x%llx, 0x%llx)",
			         (unsigned long long)bad[i][0], (unsigned long long)bad[i][1]);
			rc = call(0, PSCI_FID_SYSTEM_OFF2 | smc64, bad[i][0], bad[i][1], 0, &how);
			EXPECT(how == EXIT_RETURN && rc == PSCI_E_INVALID_PARAMS,
			       "returned %lld (exit %d), expected INVALID_PARAMETERS",
			       (long long)rc, (int)how);
		}
		for (uint64_t type = 0; type < 2U; type++) {
			snprintf(what, sizeof(what), "SYSTEM_OFF2(%llu, 0)",
			         (unsigned long long)type);
			rc = call(0, PSCI_FID_SYSTEM_OFF2 | smc64, type, 0, 0, &how);
			EXPECT(how == EXIT_SYSTEM, "returned %lld: the machine is still on",
			       (long long)rc);
			check_state();
		}
	}
}

/*
 * PSCI_FEATURES and dispatch read one table (lib/psci/psci_smc.c): every
 * function ID of PSCI's range, in both forms, is offered by PSCI_FEATURES
 * exactly when it is one this platform has (the model's operations: no warm
 * reset, no MEM_PROTECT), and a call of one it does not offer gets
 * NOT_SUPPORTED without running anything.
 */
static void test_features_match_dispatch(void)
{
	/* Function numbers offered in SMC32 form, and of those in SMC64 form too. */
	static const uint8_t smc32[] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x06, 0x08, 0x09, 0x0A,
		                         0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10, 0x11, 0x15 };
	static const uint8_t smc64[] = { 0x01, 0x03, 0x04, 0x0C, 0x0D, 0x0E, 0x10, 0x11, 0x15 };
	enum exit_kind how;

	for (uint32_t w = 0; w < 2U; w++) {
		const uint8_t *want = w != 0U ? smc64 : smc32;
		unsigned int count = w != 0U ? ARRAY_SIZE(smc64) : ARRAY_SIZE(smc32);

		for (uint32_t n = 0; n <= 0x3fU; n++) {
			uint32_t fid = PSCI_FID_VERSION | (w != 0U ? PSCI_FID_SMC64_BIT : 0U) | n;
			bool offered = false;
			int64_t rc;

			for (unsigned int i = 0; i < count; i++)
				offered |= want[i] == n;
			snprintf(what, sizeof(what), "PSCI_FEATURES(0x%x)", fid);
			rc = call(0, PSCI_FID_FEATURES, fid, 0, 0, &how);
			EXPECT(how == EXIT_RETURN && (rc >= 0) == offered, "= %lld, expected %s",
			       (long long)rc, offered ? "a feature word" : "NOT_SUPPORTED");
			if (offered)
				continue;
			/* Straight to the handler: no record is due for a call never made. */
			snprintf(what, sizeof(what), "call 0x%x", fid);
			cur = 0;
			rc = (int64_t)psci_smc_handler(fid, 0, 0, 0, SPSR_NS_EL2);
			EXPECT(rc == PSCI_E_NOT_SUPPORTED, "= %lld, expected NOT_SUPPORTED",
			       (long long)rc);
			check_state();
		}
	}
}

static void test_random_operations(void)
{
	for (step = 1; step <= steps_arg && failures == 0U; step++) {
		one_step();
		if (trace)
			printf("    %lu: %s\n", step, what);
		check_state();
	}
	printf("    %lu steps on %u cores (%u x %u), seed %llu: %u mismatches\n", step - 1, N,
	       PLAT_CLUSTER_COUNT, CPC, seed_arg, failures);
	printf("    exercised: %lu power-down suspends, %lu wake-ups, %lu CPU_ON boots (%lu refused "
	       "by the platform), %lu retentions, %lu standbys (%lu OS-initiated), %lu early "
	       "wake-ups, %lu cluster-off and %lu system-level states, %lu OS-initiated grants, "
	       "%lu denials and %lu refusals as invalid, %lu requests spelt with a last-at-level "
	       "field, %lu last-core denials, %lu mode switches, %lu freezes, %lu system "
	       "suspends\n",
	       seen.power_downs, seen.wake_ups, seen.boots, seen.on_failures, seen.retentions,
	       seen.standbys, seen.osi_standbys, seen.early_wakes, seen.cluster_offs,
	       seen.system_offs, seen.osi_grants, seen.denied_osi, seen.invalid_osi,
	       seen.last_at_spellings, seen.denied_last, seen.mode_switches, seen.freezes,
	       seen.system_suspends);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		seed_arg = strtoull(argv[1], NULL, 0);
	if (argc > 2)
		steps_arg = strtoul(argv[2], NULL, 0);
	trace = getenv("PSCI_MODEL_TRACE") != NULL;
	RUN_TEST(test_setup);
	RUN_TEST(test_reader_sequence);
	RUN_TEST(test_osi_last_core);
	RUN_TEST(test_osi_system_over_cluster);
	RUN_TEST(test_psci_1_3);
	RUN_TEST(test_features_match_dispatch);
	RUN_TEST(test_random_operations);
	return test_summary();
}
