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
 * Usage: test_psci_model [SEED [STEPS]]   (default seed 1, 100000 steps).
 * A failure prints the seed, the step and the call: rerunning with that
 * seed reproduces it exactly; PSCI_MODEL_TRACE=1 prints every step.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "host_stubs.h"

#include <lib/el3_runtime/context.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>
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
 * Composite StateIDs, one nibble per level (1 = retention, 2 = off): every
 * kind of request the library must coordinate, including two values the
 * platform grants alike (the QEMU pattern) and retention above the core.
 */
static const struct psci_pstate_desc sim_states[] = {
	{ 0x00000001, { { RET, RUN, RUN } } }, /* core standby */
	{ 0x00010002, { { OFF, RUN, RUN } } }, /* core power-down */
	{ 0x01000011, { { RET, RET, RUN } } }, /* cluster retention */
	{ 0x01010021, { { OFF, RET, RUN } } }, /* core off, cluster retention */
	{ 0x01010022, { { OFF, OFF, RUN } } }, /* cluster power-down */
	{ 0x02010222, { { OFF, OFF, RUN } } }, /* level 2, granted as cluster power-down */
	{ 0x02010122, { { OFF, OFF, RET } } }, /* cluster off, system retention */
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

static void sim_cpu_standby(uint8_t s)
{
	(void)s;
	check_wake_routed();
	now += 3;
}
static int sim_pwr_domain_on(uint64_t mpidr, unsigned int pos)
{
	(void)mpidr;
	(void)pos;
	return fail_next_on ? -1 : 0;
}
static void sim_pwr_domain_off(const struct psci_power_state *s)
{
	(void)s;
}
static void sim_pwr_domain_suspend(const struct psci_power_state *s)
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
/* lib/cpus' hook (include/lib/cpus/cpu_ops.h): the levels it is told go off. */
static unsigned int pwrdown_off_lvl = ~0U;
void cpu_pwr_down_prep(unsigned int off_lvl)
{
	pwrdown_off_lvl = off_lvl;
}
static void __attribute__((noreturn)) sim_system_off(void)
{
	longjmp(exit_jmp, EXIT_SYSTEM);
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
	.cpu_standby = sim_cpu_standby,
	.pwr_domain_on = sim_pwr_domain_on,
	.pwr_domain_off = sim_pwr_domain_off,
	.pwr_domain_suspend = sim_pwr_domain_suspend,
	.pwr_domain_on_finish = sim_finish,
	.pwr_domain_suspend_finish = sim_finish,
	.system_off = sim_system_off,
	.system_reset = sim_system_off,
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
	M_FROZEN
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

/*
 * OS-initiated mode (4.4.4): core @c may ask for @s up to @end only if each
 * other core of the domains it names is already in a state at least as
 * deep (and not being powered on), and so is each domain between that core
 * and the level.
 */
static bool m_osi_valid(unsigned int c, unsigned int end, const struct psci_power_state *s)
{
	for (unsigned int lvl = 1; lvl <= end; lvl++) {
		for (unsigned int k = 0; k < N; k++) {
			if (k == c || !in_node(k, c, lvl))
				continue;
			if (m[k].run == M_PENDING || m[k].local < s->pwr_domain_state[lvl])
				return false;
			for (unsigned int j = 1; j < lvl; j++) {
				if (!in_node(k, c, j) && m_node(k, j) < s->pwr_domain_state[lvl])
					return false;
			}
		}
	}
	return true;
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
	unsigned long osi_grants, system_suspends;
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

/* Core @c makes an SMC; how it left the firmware goes in *@how. */
static int64_t call(unsigned int c, uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                    enum exit_kind *how)
{
	jmp_buf panic_jmp;
	volatile int64_t rc = 0;
	/* A tick of its own, so that no earlier call's stamp looks like this one's. */
	uint64_t t0 = power_call(fid) ? ++now : now;

	cur = c;
	scr_sim[c] = SCR_NS_RETURN;
	wfi_unrouted = 0;
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
static uint64_t entry_point(bool *valid)
{
	*valid = !chance(8);
	if (*valid)
		return NS_PC + 4U * rnd_below(1024);
	static const uint64_t bad[] = { NS_PC + 1, NS_PC + 2,      0,
		                        0x4000,    0x100000000ULL, 0x7ffffffcULL };

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

/* CPU_SUSPEND, or CPU_DEFAULT_SUSPEND when @dflt. */
static void op_cpu_suspend(unsigned int c, bool dflt)
{
	int idx = -1;
	uint32_t ps;
	bool valid_ep;
	uint64_t pc = entry_point(&valid_ep), ctxid = rnd();
	enum exit_kind how;
	int64_t rc;

	if (dflt) {
		ps = sim_ops.default_suspend_state;
	} else if (chance(85)) {
		idx = (int)rnd_below(NSTATES);
		ps = sim_states[idx].power_state;
	} else {
		/* Reserved bits, levels beyond the tree, values not in the table. */
		static const uint32_t bad[] = { 0x40010002, 0x80000001, 0x00020002, 0x03010222,
			                        0x00000000, 0x00010001, 0x00000002, 0x01010011 };

		ps = bad[rnd_below(ARRAY_SIZE(bad))];
	}
	for (unsigned int i = 0; i < NSTATES; i++) {
		if (sim_states[i].power_state == ps)
			idx = (int)i;
	}
	bool powerdown = idx >= 0 && sim_states[idx].state.pwr_domain_state[0] == OFF;
	unsigned int level = (ps >> PSTATE_PWR_LVL_SHIFT) & PSTATE_PWR_LVL_MASK;

	isr_pending[c] = chance(4);
	snprintf(what, sizeof(what), "core %u: %s(0x%08x, 0x%llx)%s", c,
	         dflt ? "CPU_DEFAULT_SUSPEND" : "CPU_SUSPEND", ps, (unsigned long long)pc,
	         isr_pending[c] ? " with a wake-up pending" : "");
	if (dflt)
		rc = call(c, SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND), pc, ctxid, 0, &how);
	else
		rc = call(c, SMC64(PSCI_FID_CPU_SUSPEND), ps, pc, ctxid, &how);
	bool isr = isr_pending[c];

	isr_pending[c] = false;
	if (idx < 0) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_INVALID_PARAMS, "bad power_state: %lld",
		       (long long)rc);
		return;
	}
	if (powerdown && !valid_ep) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_INVALID_ADDRESS, "bad entry: %lld",
		       (long long)rc);
		return;
	}
	struct psci_power_state s = sim_states[idx].state;

	/* Core standby: no coordination, no lock; counted as asked. */
	if (level == 0U && !powerdown) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "standby: %lld", (long long)rc);
		seen.standbys++;
		m_count(c, idx);
		return;
	}
	if (m_mode == PSCI_MODE_OS_INIT && !m_osi_valid(c, level, &s)) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_DENIED,
		       "invalid OS-initiated request: %lld", (long long)rc);
		seen.denied_osi++;
		return;
	}
	if (isr) {
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "pending wake-up: %lld",
		       (long long)rc);
		seen.early_wakes++;
		return;
	}
	struct psci_power_state asked = s;

	m_coordinate(c, level, &s);
	if (m_mode == PSCI_MODE_OS_INIT)
		s = asked;
	m[c].local = s.pwr_domain_state[0];
	for (unsigned int lvl = 1; lvl <= level; lvl++)
		m_set_node(c, lvl, s.pwr_domain_state[lvl]);
	seen.cluster_offs += level >= 1U && s.pwr_domain_state[1] == OFF;
	seen.system_offs += level >= 2U && s.pwr_domain_state[2] != RUN;
	seen.osi_grants += m_mode == PSCI_MODE_OS_INIT && level >= 1U;
	m[c].end_lvl = level;
	if (!powerdown) {
		/* Retention: the core keeps its state and returns. */
		EXPECT(how == EXIT_RETURN && rc == PSCI_E_SUCCESS, "retention: %lld",
		       (long long)rc);
		seen.retentions++;
		m_count(c, m_stat_index(idx, &s));
		while (level < MAXL && m_node(c, level + 1U) != RUN)
			level++; /* first man up, as in warm_boot() */
		m_set_running(c, level);
		m[c].end_lvl = MAXL;
		return;
	}
	EXPECT(how == EXIT_PWR_DOWN, "power-down came back with %lld", (long long)rc);
	seen.power_downs++;
	m[c].run = M_SUSPENDED;
	m[c].pc = pc;
	m[c].ctxid = ctxid;
	m[c].stat_pending = m_stat_index(idx, &s);
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
			               (m[k].run != M_RUNNING && m[k].run != M_FROZEN),
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

static void test_random_operations(void)
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
	for (unsigned int cl = 0; cl < PLAT_CLUSTER_COUNT; cl++)
		m_cluster[cl] = RUN;
	m_system = RUN;
	m[0].run = M_RUNNING;
	m_set_running(0, MAXL);

	snprintf(what, sizeof(what), "psci_setup");
	CHECK_EQ(psci_setup(0x0e060000), 0);
	CHECK_EQ(warm_entry, 0x0e060000);
	check_state();
	reader_sequence();
	for (step = 1; step <= steps_arg && failures == 0U; step++) {
		one_step();
		if (trace)
			printf("    %lu: %s\n", step, what);
		check_state();
	}
	printf("    %lu steps on %u cores (%u x %u), seed %llu: %u mismatches\n", step - 1, N,
	       PLAT_CLUSTER_COUNT, CPC, seed_arg, failures);
	printf("    exercised: %lu power-down suspends, %lu wake-ups, %lu CPU_ON boots (%lu refused "
	       "by the platform), %lu retentions, %lu standbys, %lu early wake-ups, %lu "
	       "cluster-off and %lu system-level states, %lu OS-initiated grants and %lu denials, %lu "
	       "last-core denials, %lu mode switches, %lu freezes, %lu system suspends\n",
	       seen.power_downs, seen.wake_ups, seen.boots, seen.on_failures, seen.retentions,
	       seen.standbys, seen.early_wakes, seen.cluster_offs, seen.system_offs,
	       seen.osi_grants, seen.denied_osi, seen.denied_last, seen.mode_switches, seen.freezes,
	       seen.system_suspends);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		seed_arg = strtoull(argv[1], NULL, 0);
	if (argc > 2)
		steps_arg = strtoul(argv[2], NULL, 0);
	trace = getenv("PSCI_MODEL_TRACE") != NULL;
	RUN_TEST(test_random_operations);
	return test_summary();
}
