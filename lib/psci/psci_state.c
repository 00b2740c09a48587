/*
 * The PSCI state and its accessors: the power-domain tree built from the
 * platform's descriptor, each core's node, the locks, the requested-state
 * table of platform coordination, the core counters, the suspend mode and
 * the PSCI_STAT totals. This is the only file of lib/psci with mutable data.
 */
#include <assert.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/psci/psci.h>
#include <lib/spinlock.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

_Static_assert(LOCK_RANK_PSCI_NODE + PLAT_MAX_PWR_LVL - 1 <= LOCK_RANK_PSCI_NODE_LAST,
               "every power level needs a lock rank of its own");

static struct psci_non_cpu_node non_cpu_nodes[PSCI_NON_CPU_NODES_MAX];
static struct psci_cpu_node cpu_nodes[PLATFORM_CORE_COUNT];
/* Each core's latest request for each level above it: [level - 1][core]. */
static uint8_t req_local_state[PLAT_MAX_PWR_LVL][PLATFORM_CORE_COUNT];
static uint32_t cores_on;
static uint32_t cores_frozen;
static unsigned int suspend_mode = PSCI_MODE_PLAT_COORD;
static const struct plat_psci_ops *platform_ops;
static int core_off_index = PSCI_STAT_NONE;
/*
 * PSCI_STAT's entry for a stay in each composite state, by its key
 * (psci_stat_index with no entry asked for), and each table entry's key
 * (PSCI_STATE_KEYS for an entry no stay can be in): psci_stat_entry.
 */
static int8_t stat_by_key[PSCI_STATE_KEYS];
static uint8_t entry_key[PSCI_MAX_POWER_STATES];
static int system_suspend_index = PSCI_STAT_NONE;
static bool last_at_ids;
static uintptr_t warm_entry;

const struct plat_psci_ops *psci_plat(void)
{
	return platform_ops;
}

const struct psci_cpu_node *psci_cpu(unsigned int pos)
{
	return &cpu_nodes[pos];
}

/* The writable ancestor: only this file's lock functions and writers use it. */
static struct psci_non_cpu_node *ancestor(unsigned int pos, unsigned int lvl)
{
	return &non_cpu_nodes[cpu_nodes[pos].ancestors[lvl - 1U]];
}

const struct psci_non_cpu_node *psci_ancestor(unsigned int pos, unsigned int lvl)
{
	return ancestor(pos, lvl);
}

void psci_set_warm_entry(uintptr_t entry)
{
	warm_entry = entry;
}

uintptr_t psci_warm_entry(void)
{
	return warm_entry;
}

unsigned int psci_my_pos(void)
{
	return my_cpu_data()->core_pos;
}

struct psci_cpu_locked psci_cpu_lock(unsigned int pos)
{
	spin_lock(&cpu_nodes[pos].lock);
	return (struct psci_cpu_locked){ .cpu = &cpu_nodes[pos] };
}

void psci_cpu_unlock(struct psci_cpu_locked locked)
{
	spin_unlock(&locked.cpu->lock);
}

struct psci_ancestors_locked psci_lock_ancestors(unsigned int pos, unsigned int end_lvl)
{
	for (unsigned int lvl = 1; lvl <= end_lvl; lvl++)
		spin_lock(&ancestor(pos, lvl)->lock);
	return (struct psci_ancestors_locked){ .cpu = &cpu_nodes[pos],
		                               .pos = pos,
		                               .end_lvl = end_lvl };
}

struct psci_ancestors_locked psci_lock_power_up(unsigned int pos, unsigned int end_lvl)
{
	struct psci_ancestors_locked l = psci_lock_ancestors(pos, end_lvl);

	if (suspend_mode != PSCI_MODE_OS_INIT)
		return l;
	/*
	 * Up to and including the first running ancestor: while this core
	 * turns itself RUN, an OS-initiated request that reads its state
	 * holds that ancestor's lock too (psci_osi_validate), so it sees the
	 * core still down or already running, never a core that runs under a
	 * domain it has just taken down.
	 */
	while (l.end_lvl < PLAT_MAX_PWR_LVL) {
		struct psci_non_cpu_node *node = ancestor(pos, l.end_lvl + 1U);

		spin_lock(&node->lock);
		l.end_lvl++;
		if (node->local_state == PSCI_LOCAL_STATE_RUN)
			break;
	}
	return l;
}

void psci_unlock_ancestors(struct psci_ancestors_locked l)
{
	for (unsigned int lvl = l.end_lvl; lvl >= 1U; lvl--)
		spin_unlock(&ancestor(l.pos, lvl)->lock);
}

static void cpu_span(unsigned int pos, struct psci_cpu_span *span)
{
	span->first[0] = (uint16_t)pos;
	span->count[0] = 1;
	for (unsigned int lvl = 1; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
		const struct psci_non_cpu_node *node = psci_ancestor(pos, lvl);

		span->first[lvl] = node->cpu_first;
		span->count[lvl] = node->cpu_count;
	}
}

void psci_coordinate_request(struct psci_ancestors_locked l, struct psci_power_state *state)
{
	struct psci_cpu_span span;

	cpu_span(l.pos, &span);
	psci_coordinate(req_local_state, l.pos, &span, l.end_lvl, state);
}

void psci_set_target_states(struct psci_ancestors_locked l, const struct psci_power_state *state)
{
	l.cpu->local_state = state->pwr_domain_state[PSCI_CPU_PWR_LVL];
	for (unsigned int lvl = 1; lvl <= l.end_lvl; lvl++)
		ancestor(l.pos, lvl)->local_state = state->pwr_domain_state[lvl];
}

void psci_get_target_states(struct psci_ancestors_locked l, struct psci_power_state *state)
{
	state->pwr_domain_state[PSCI_CPU_PWR_LVL] = l.cpu->local_state;
	for (unsigned int lvl = 1; lvl <= PLAT_MAX_PWR_LVL; lvl++)
		state->pwr_domain_state[lvl] = lvl <= l.end_lvl
		                                       ? psci_ancestor(l.pos, lvl)->local_state
		                                       : PSCI_LOCAL_STATE_RUN;
}

void psci_set_running(struct psci_ancestors_locked l)
{
	l.cpu->local_state = PSCI_LOCAL_STATE_RUN;
	for (unsigned int lvl = 1; lvl <= l.end_lvl; lvl++) {
		ancestor(l.pos, lvl)->local_state = PSCI_LOCAL_STATE_RUN;
		req_local_state[lvl - 1][l.pos] = PSCI_LOCAL_STATE_RUN;
	}
}

int psci_osi_validate(struct psci_ancestors_locked l, const struct psci_power_state *asked,
                      unsigned int level)
{
	unsigned int pos = l.pos;
	int rc = 0;

	if (l.end_lvl == PSCI_CPU_PWR_LVL)
		return 0;

	const struct psci_non_cpu_node *top = psci_ancestor(pos, l.end_lvl);
	unsigned int end = (unsigned int)top->cpu_first + top->cpu_count;

	for (unsigned int c = top->cpu_first; c < end; c++) {
		/* The level at which core @c and the caller share a domain. */
		unsigned int join = 1;

		if (c == pos)
			continue;
		while (psci_ancestor(c, join) != psci_ancestor(pos, join))
			join++;
		/*
		 * The state the caller asks for that domain, the deepest asked
		 * of any domain @c is in (no level is asked deeper than the
		 * one below: psci_check_request, psci_last_at_ids); above the
		 * PowerLevel, run.
		 */
		uint8_t want = join <= level ? asked->pwr_domain_state[join] : PSCI_LOCAL_STATE_RUN;

		/* Running, or being powered on: the caller is not the last. */
		if (cpu_nodes[c].aff_info == PSCI_AFF_ON_PENDING ||
		    cpu_nodes[c].local_state == PSCI_LOCAL_STATE_RUN)
			return PSCI_E_DENIED;
		if (cpu_nodes[c].local_state < want)
			rc = PSCI_E_INVALID_PARAMS;
		/* Its own domains below the shared one: no shallower either. */
		for (unsigned int k = 1; k < join; k++) {
			uint8_t st = psci_ancestor(c, k)->local_state;

			if (st >= want)
				continue;
			if (st == PSCI_LOCAL_STATE_RUN)
				return PSCI_E_DENIED;
			rc = PSCI_E_INVALID_PARAMS;
		}
	}
	return rc;
}

/*
 * The counters and the mode change under the system node's lock, but some
 * readers do not hold it (SYSTEM_SUSPEND's check holds only its own
 * ancestors'): atomic accesses keep every read whole.
 */
void psci_count_on(int delta)
{
	__atomic_fetch_add(&cores_on, (uint32_t)delta, __ATOMIC_RELAXED);
}

void psci_count_frozen(void)
{
	__atomic_fetch_add(&cores_frozen, 1U, __ATOMIC_RELAXED);
}

unsigned int psci_cores_on(void)
{
	return __atomic_load_n(&cores_on, __ATOMIC_RELAXED);
}

unsigned int psci_cores_running(void)
{
	return __atomic_load_n(&cores_on, __ATOMIC_RELAXED) -
	       __atomic_load_n(&cores_frozen, __ATOMIC_RELAXED);
}

unsigned int psci_suspend_mode(void)
{
	/*
	 * An aligned word: one single-copy-atomic load (DDI 0487 B2.2.1), and
	 * unlike __atomic_load_n's, one that takes its address's low bits as
	 * an offset (CPU_SUSPEND's standby reads it on every call).
	 */
	return *(volatile const unsigned int *)&suspend_mode;
}

void psci_set_suspend_mode_locked(struct psci_ancestors_locked l, unsigned int mode)
{
	(void)l;
	assert(l.end_lvl == PLAT_MAX_PWR_LVL);
	__atomic_store_n(&suspend_mode, mode, __ATOMIC_RELAXED);
}

void psci_stat_begin(unsigned int pos, int idx)
{
	cpu_nodes[pos].stat_idx = (int8_t)idx;
	cpu_nodes[pos].stat_start = read_cntpct_el0();
}

void psci_stat_end(unsigned int pos)
{
	struct psci_cpu_node *cpu = &cpu_nodes[pos];

	if (cpu->stat_idx == PSCI_STAT_NONE)
		return;
	cpu->stat_count[cpu->stat_idx]++;
	cpu->stat_ticks[cpu->stat_idx] += read_cntpct_el0() - cpu->stat_start;
	cpu->stat_idx = PSCI_STAT_NONE;
}

int psci_stat_entry(int requested, const struct psci_power_state *state)
{
	unsigned int key = psci_state_key(state);

	return entry_key[requested] == key ? requested : stat_by_key[key];
}

/* The keys psci_stat_entry looks up, from the platform's @table (@count entries). */
static void stat_keys_init(const struct psci_pstate_desc *table, unsigned int count)
{
	_Static_assert(PSCI_STATE_KEYS <= UINT8_MAX && PSCI_MAX_POWER_STATES <= INT8_MAX,
	               "keys and entries fit their arrays");
	for (unsigned int key = 0; key < PSCI_STATE_KEYS; key++) {
		struct psci_power_state s;
		unsigned int k = key;

		for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
			s.pwr_domain_state[lvl] = (uint8_t)(k % (PSCI_LOCAL_STATE_OFF + 1U));
			k /= PSCI_LOCAL_STATE_OFF + 1U;
		}
		stat_by_key[key] = (int8_t)psci_stat_index(table, count, PSCI_STAT_NONE, &s);
	}
	for (unsigned int i = 0; i < count; i++) {
		bool in_range = true;

		for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++)
			in_range = in_range &&
			           table[i].state.pwr_domain_state[lvl] <= PSCI_LOCAL_STATE_OFF;
		entry_key[i] = (uint8_t)(in_range ? psci_state_key(&table[i].state)
		                                  : PSCI_STATE_KEYS);
	}
}

int psci_core_off_index(void)
{
	return core_off_index;
}

int psci_system_suspend_index(void)
{
	return system_suspend_index;
}

bool psci_takes_last_at(void)
{
	return last_at_ids;
}

uint64_t psci_stat_read(unsigned int pos, unsigned int idx, bool residency)
{
	const struct psci_cpu_node *cpu = &cpu_nodes[pos];

	if (!residency)
		return cpu->stat_count[idx];
	/* Microseconds (DEN0022 5.21). */
	return cpu->stat_ticks[idx] * 1000000U / read_cntfrq_el0();
}

/*
 * Walk the breadth-first descriptor. Nodes of one level are numbered in
 * order, so the children of node i of level L are the next desc[] entries'
 * worth of nodes of level L-1, and cores below a node are contiguous.
 * Returns 0, or -1 if the descriptor does not describe PLATFORM_CORE_COUNT
 * cores in PLAT_MAX_PWR_LVL + 1 levels.
 */
static int populate_tree(const uint8_t *desc)
{
	unsigned int level_first = 0; /* index of this level's first node */
	unsigned int level_count = desc[0];
	unsigned int next = 0; /* next non-core node index */
	unsigned int d = 1;    /* next descriptor element */

	if (level_count == 0U)
		return -1;
	/* Non-core levels, from PLAT_MAX_PWR_LVL down to 1. */
	for (unsigned int i = 0; i < level_count; i++) {
		if (next == PSCI_NON_CPU_NODES_MAX)
			return -1;
		non_cpu_nodes[next++] = (struct psci_non_cpu_node){
			.lock = SPINLOCK_INIT(LOCK_RANK_PSCI_NODE + PLAT_MAX_PWR_LVL - 1U),
			.level = PLAT_MAX_PWR_LVL,
			.parent = PSCI_NO_PARENT,
			.local_state = PSCI_LOCAL_STATE_OFF,
		};
	}
	for (unsigned int lvl = PLAT_MAX_PWR_LVL; lvl >= 1U; lvl--) {
		unsigned int children_first = lvl > 1U ? next : 0U;
		unsigned int children = 0;

		for (unsigned int i = 0; i < level_count; i++) {
			unsigned int n = desc[d++];
			unsigned int parent = level_first + i;

			for (unsigned int c = 0; c < n; c++, children++) {
				if (lvl > 1U) {
					if (next == PSCI_NON_CPU_NODES_MAX)
						return -1;
					non_cpu_nodes[next++] = (struct psci_non_cpu_node){
						.lock = SPINLOCK_INIT(LOCK_RANK_PSCI_NODE + lvl -
						                      2U),
						.level = (uint8_t)(lvl - 1U),
						.parent = (uint16_t)parent,
						.local_state = PSCI_LOCAL_STATE_OFF,
					};
				} else {
					if (children >= PLATFORM_CORE_COUNT)
						return -1;
					cpu_nodes[children].parent = (uint16_t)parent;
				}
			}
		}
		level_first = children_first;
		level_count = children;
		if (lvl == 1U && children != PLATFORM_CORE_COUNT)
			return -1;
	}

	/*
	 * Core spans of every non-core node, and each core's ancestor at each
	 * level (so that finding one costs the same on every core), from the
	 * parent links.
	 */
	for (unsigned int n = 0; n < next; n++)
		non_cpu_nodes[n].cpu_count = 0;
	for (unsigned int pos = PLATFORM_CORE_COUNT; pos-- > 0U;) {
		for (unsigned int n = cpu_nodes[pos].parent; n != PSCI_NO_PARENT;
		     n = non_cpu_nodes[n].parent) {
			non_cpu_nodes[n].cpu_first = (uint16_t)pos;
			non_cpu_nodes[n].cpu_count++;
			cpu_nodes[pos].ancestors[non_cpu_nodes[n].level - 1U] = (uint16_t)n;
		}
	}
	return 0;
}

int psci_state_init(const uint8_t *tree_desc, const struct plat_psci_ops *ops, unsigned int me)
{
	if (populate_tree(tree_desc) != 0 || ops->power_states == NULL ||
	    ops->power_state_count == 0U || ops->power_state_count > PSCI_MAX_POWER_STATES)
		return -1;
	platform_ops = ops;
	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++) {
		struct psci_cpu_node *cpu = &cpu_nodes[pos];

		cpu->lock = (struct spinlock)SPINLOCK_INIT(LOCK_RANK_PSCI_CPU);
		cpu->mpidr = plat_core_mpidr(pos);
		cpu->aff_info = PSCI_AFF_OFF;
		cpu->local_state = PSCI_LOCAL_STATE_OFF;
		cpu->target_pwrlvl = PLAT_MAX_PWR_LVL;
		cpu->stat_idx = PSCI_STAT_NONE;
	}
	/* Cores never started count as requesting OFF (DEN0022 4.4.3). */
	memset(req_local_state, PSCI_LOCAL_STATE_OFF, sizeof(req_local_state));

	struct psci_power_state core_off = { { PSCI_LOCAL_STATE_OFF } };

	core_off_index = psci_stat_index(ops->power_states, ops->power_state_count, PSCI_STAT_NONE,
	                                 &core_off);
	stat_keys_init(ops->power_states, ops->power_state_count);
	system_suspend_index = psci_deepest_index(ops->power_states, ops->power_state_count);
	last_at_ids = psci_last_at_ids(ops->power_states, ops->power_state_count);
	cpu_nodes[me].aff_info = PSCI_AFF_ON;
	cores_on = 1;

	/*
	 * Cold boot, one core: it and its domains run; every other domain is
	 * OFF, as its cores are, until one of them powers up (first man up),
	 * so that an OS-initiated request judges a cluster no core ever ran
	 * in as down (populate_tree). The locks are free, and taking them
	 * keeps one way to write.
	 */
	struct psci_ancestors_locked l = psci_lock_ancestors(me, PLAT_MAX_PWR_LVL);

	psci_set_running(l);
	psci_unlock_ancestors(l);
	return 0;
}
