/*
 * What the files of lib/psci share. Each file has one role, and calls go
 * down this list only:
 *
 *   psci_smc.c      the SMC-facing entry: decodes and checks every argument
 *                   (MPIDR, entry point, power_state), answers PSCI_FEATURES,
 *                   and calls one operation below with checked arguments
 *   psci_system.c   SYSTEM_OFF(2), SYSTEM_RESET(2), SYSTEM_SUSPEND,
 *                   MEM_PROTECT(_CHECK_RANGE), NODE_HW_STATE, SET_SUSPEND_MODE
 *   psci_suspend.c  CPU_SUSPEND: core standby, retention and power-down, in
 *                   platform-coordinated or OS-initiated mode
 *   psci_on_off.c   CPU_ON, CPU_OFF, AFFINITY_INFO, CPU_FREEZE, the power-down
 *                   preparation, and the warm boot every power-up ends in
 *   psci_state.c    the state: power-domain tree, per-core state, locks,
 *                   requested states, counters, statistics (the only file
 *                   with mutable data; the others reach it through the
 *                   accessors below)
 *   psci_coord.c    the pure rules: power_state decoding, coordination
 *
 * Lock order (the one place it is written down; docs/design/locking.rst
 * places these among the firmware's other locks):
 *  1. a core's own cpu-node lock (psci_lock_cpu) is taken only by CPU_ON on
 *     its target, to make OFF -> ON_PENDING atomic; no other PSCI lock is
 *     ever taken while it is held;
 *  2. non-core node locks (cluster, then system) are taken bottom-up, from
 *     power level 1 to the highest level an operation affects, and
 *     released top-down (psci_lock_ancestors / psci_unlock_ancestors).
 *     Every path that changes a node's local state or the requested-state
 *     table of the cores below it holds the locks up to that node; the
 *     suspend mode and the fall of the core count change under the system
 *     node's lock.
 * The locks are in the types (as Hafnium's *_locked types are): a node is
 * written only through the handle that taking its lock returns, and the
 * compiler refuses a write anywhere else (psci_cpu() and psci_ancestor()
 * hand out const nodes, for the lock-free reads the design allows:
 * AFFINITY_INFO's aff_info, a core's reads of its own node, NODE_HW_STATE's
 * snapshot). struct psci_cpu_locked (psci_cpu_lock) writes a CPU_ON
 * target's node; struct psci_ancestors_locked (psci_lock_ancestors,
 * psci_lock_power_up) writes the calling core's own node and its ancestors
 * up to the level it locked, and is what every function below that needs
 * those locks takes. Handles are passed by value (two registers: no
 * memory on the measured paths); unlocking consumes the handle, which is
 * not used after it. The order stays
 * checked at run time in DEBUG=1 (lib/locks/lock_order.c).
 * All are spinlocks: both platforms are hardware-coherent, and every PSCI
 * path runs with the MMU and data cache on while it holds a lock. A
 * platform hook may take a lock of its own below these (e.g. the SCMI
 * channel's).
 */
#ifndef PSCI_PRIVATE_H
#define PSCI_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/psci/psci.h>
#include <lib/psci/psci_coord.h>
#include <lib/spinlock.h>
#include <plat/plat_psci.h>
#include <platform_def.h>

#define PSCI_NO_PARENT         0xffffU
/* Cluster and system nodes. */
#define PSCI_NON_CPU_NODES_MAX (PLAT_NUM_PWR_DOMAINS - PLATFORM_CORE_COUNT)
/* Entries of a platform's power-state table (statistics are kept per entry). */
#define PSCI_MAX_POWER_STATES  8U
/* psci_stat_begin(): an interval no power_state of the table describes. */
#define PSCI_STAT_NONE         (-1)

/* Where a core re-enters the normal world after a power-up (DEN0022 6.4.3). */
struct psci_ns_entry {
	uint64_t pc;         /* checked: 4-byte aligned, in non-secure DRAM */
	uint64_t context_id; /* x0 at the entry */
	uint64_t spsr;       /* the caller's EL, SP_ELx, all of DAIF masked */
};

struct psci_non_cpu_node {
	struct spinlock lock;
	uint8_t level;
	uint8_t local_state; /* coordinated state of this node */
	uint16_t parent;     /* index among the non-core nodes */
	uint16_t cpu_first;  /* cores below: [cpu_first, +cpu_count) */
	uint16_t cpu_count;
};

/* One per core, in a cache line of its own. Index = core position. */
struct psci_cpu_node {
	struct spinlock lock;      /* see the lock order above */
	volatile uint8_t aff_info; /* PSCI_AFF_ON / OFF / ON_PENDING */
	uint8_t local_state;       /* this core's own state */
	uint8_t target_pwrlvl;     /* highest level of the last power-down */
	bool frozen;               /* in CPU_FREEZE: on, but never running again */
	uint16_t parent;           /* cluster node */
	/* Its non-core node at each level above it, [level - 1] (psci_ancestor). */
	uint16_t ancestors[PLAT_MAX_PWR_LVL];
	uint64_t mpidr;
	struct psci_ns_entry ns_entry; /* for the next power-up */
	/*
	 * PSCI_STAT: the interval in progress (the power-state table entry it
	 * counts for, or PSCI_STAT_NONE, and CNTPCT_EL0 at its start), then
	 * the totals per table entry.
	 */
	int8_t stat_idx;
	uint64_t stat_start;
	uint32_t stat_count[PSCI_MAX_POWER_STATES];
	uint64_t stat_ticks[PSCI_MAX_POWER_STATES];
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

/* --- psci_state.c --- */

/*
 * Build the tree from the platform's descriptor and mark the calling core
 * (core position @me) ON, every other core OFF. 0, or -1 if the descriptor
 * does not describe PLATFORM_CORE_COUNT cores in PLAT_MAX_PWR_LVL + 1
 * levels or the power-state table is too long.
 */
int psci_state_init(const uint8_t *tree_desc, const struct plat_psci_ops *ops, unsigned int me);

/* The platform's power operations (set once by psci_setup). */
const struct plat_psci_ops *psci_plat(void);

/*
 * Where a powered-up core enters the firmware, MMU off (psci_setup's
 * argument, kept once at cold boot).
 */
void psci_set_warm_entry(uintptr_t entry);
uintptr_t psci_warm_entry(void);

/*
 * Core @pos's node, and its ancestor at level @lvl (1 .. PLAT_MAX_PWR_LVL),
 * read-only: for the lock-free reads of the lock order above.
 */
const struct psci_cpu_node *psci_cpu(unsigned int pos);
const struct psci_non_cpu_node *psci_ancestor(unsigned int pos, unsigned int lvl);

/* The calling core's position (from its per-CPU data). */
unsigned int psci_my_pos(void);

/* Core @pos's node with its own lock held (CPU_ON on its target). */
struct psci_cpu_locked {
	struct psci_cpu_node *cpu;
};

/*
 * The calling core @pos's node and its ancestors at levels 1..@end_lvl,
 * with those ancestors' locks held.
 */
struct psci_ancestors_locked {
	struct psci_cpu_node *cpu;
	unsigned int pos;
	unsigned int end_lvl;
};

/* Take / release core @pos's own lock; unlocking consumes the handle. */
struct psci_cpu_locked psci_cpu_lock(unsigned int pos);
void psci_cpu_unlock(struct psci_cpu_locked locked);
/* Take core @pos's ancestor locks, bottom-up to @end_lvl; release top-down. */
struct psci_ancestors_locked psci_lock_ancestors(unsigned int pos, unsigned int end_lvl);
void psci_unlock_ancestors(struct psci_ancestors_locked locked);

/*
 * For core @pos powering up from a power-down or retention it entered up
 * to @end_lvl: lock its ancestors up to @end_lvl and, in OS-initiated mode,
 * every further ancestor that is not running (while the core was down, the
 * OS may have taken a domain above it down: 4.4.4, the last core of a
 * domain decides; it comes up with this core, first man up), and the first
 * that is (so that psci_osi_validate never sees this core half up). The
 * handle's end_lvl is the level locked up to; unlock with
 * psci_unlock_ancestors.
 * Platform coordination needs no more: a core down votes RUN above the
 * level it asked for.
 */
struct psci_ancestors_locked psci_lock_power_up(unsigned int pos, unsigned int end_lvl);

/*
 * Platform coordination (DEN0022 4.4.3) of the locked core's request
 * @state up to the locked level: record it, and turn @state into the
 * coordinated target.
 */
void psci_coordinate_request(struct psci_ancestors_locked l, struct psci_power_state *state);

/* Record @state as the target of the locked core and its locked ancestors. */
void psci_set_target_states(struct psci_ancestors_locked l, const struct psci_power_state *state);

/*
 * The states the locked core and its locked ancestors are in (levels
 * above read RUN), for the finishers of a power-up.
 */
void psci_get_target_states(struct psci_ancestors_locked l, struct psci_power_state *state);

/*
 * The locked core runs again: it and its locked ancestors are RUN, its
 * requests for those levels are RUN.
 */
void psci_set_running(struct psci_ancestors_locked l);

/*
 * OS-initiated mode (DEN0022 4.4.4, 5.4.2): the locked core claims to be
 * the last running core of each domain it locked (up to the level its
 * StateID names, or its PowerLevel), asking for @asked up to @level: the
 * states the caller asked for (psci_asked_state), never the ones the
 * platform grants, so that no domain is asked deeper than any of its
 * children may go. PSCI_E_DENIED if another core under those domains is
 * running or being powered on, or (up to @level) a domain of another core
 * is running where a low-power state is asked; else PSCI_E_INVALID_PARAMS
 * if (up to @level) another core, or a domain between it and the one
 * shared, is in a low-power state shallower than the one asked for the
 * shared domain (it would lose state); else 0.
 */
int psci_osi_validate(struct psci_ancestors_locked l, const struct psci_power_state *asked,
                      unsigned int level);

/*
 * Core counters: cores ON or ON_PENDING (a core in CPU_OFF counts until it
 * has passed the last-core check), and of those, cores in CPU_FREEZE. The
 * count rises with CPU_ON under the target's own lock and falls under the
 * system node's lock, where the last-core checks read it: a concurrent
 * CPU_ON can only make such a check see more cores than there will be, not
 * fewer.
 */
void psci_count_on(int delta);
void psci_count_frozen(void);
unsigned int psci_cores_on(void);
/* Cores that can still run code: ON or ON_PENDING and not frozen. */
unsigned int psci_cores_running(void);

/*
 * PSCI_MODE_PLAT_COORD or PSCI_MODE_OS_INIT, changed under the system
 * node's lock (@l locks every level).
 */
unsigned int psci_suspend_mode(void);
void psci_set_suspend_mode_locked(struct psci_ancestors_locked l, unsigned int mode);

/*
 * PSCI_STAT (DEN0022 5.21, 5.22), per core and per entry of the platform's
 * power-state table: an interval of core @pos in table entry @idx (or
 * PSCI_STAT_NONE: not counted) starts now; the one in progress ended now.
 */
void psci_stat_begin(unsigned int pos, int idx);
void psci_stat_end(unsigned int pos);
/*
 * The table entry a stay in the composite state @state (every level RUN,
 * RET or OFF) counts for, asked as entry @requested of the platform's
 * table: psci_stat_index's answer, looked up by the state's key
 * (psci_state_key) in tables made at cold boot rather than searched for,
 * on every power-down suspend.
 */
int psci_stat_entry(int requested, const struct psci_power_state *state);
/*
 * The table entry a CPU_OFF counts for: the core power-down state (the
 * first entry that turns the core off and nothing above it), or
 * PSCI_STAT_NONE.
 */
int psci_core_off_index(void);
/*
 * The table entry a SYSTEM_SUSPEND counts for on the calling core: the
 * deepest power-down state (psci_deepest_index; docs/design/psci.rst), or
 * PSCI_STAT_NONE.
 */
int psci_system_suspend_index(void);
/*
 * The platform's power-state table takes DEN0022's recommended StateIDs
 * with a last-at-level field too (psci_last_at_ids, decided at cold boot).
 */
bool psci_takes_last_at(void);
/* Count of, or µs spent in, table entry @idx by core @pos. */
uint64_t psci_stat_read(unsigned int pos, unsigned int idx, bool residency);

/* --- psci_on_off.c --- */

/*
 * CPU_ON of core @pos at @entry (both checked). PSCI_E_SUCCESS,
 * ALREADY_ON, ON_PENDING or INTERN_FAIL (the platform could not start it).
 */
int psci_cpu_on(unsigned int pos, const struct psci_ns_entry *entry);
/* CPU_OFF: does not return but with PSCI_E_DENIED (the last running core). */
int psci_cpu_off(void);
/* AFFINITY_INFO of core @pos at level 0: PSCI_AFF_ON / OFF / ON_PENDING. */
int psci_affinity_info(unsigned int pos);
/* CPU_FREEZE: does not return but with DENIED or NOT_SUPPORTED. */
int psci_cpu_freeze(void);

/*
 * The calling core's power-down preparation, between ENTER_CFLUSH and
 * EXIT_CFLUSH (the runtime-instrumentation capture points).
 */
void psci_pwrdown_cpu_start(const struct psci_power_state *state);

/*
 * The power-up finish every core runs once it executes again after a
 * power-down (the warm boot: CPU_ON's target, a power-down suspend's
 * wake-up) or a retention suspend (psci_suspend.c), core @pos having gone
 * down up to level @end_lvl: the PSCI_STAT interval ends, the ancestors
 * are locked (first man up, psci_lock_power_up), the platform's finisher
 * runs, the core and its domains are RUN and it is ON. No lock held.
 */
void psci_power_up_finish(unsigned int pos, unsigned int end_lvl);

/* --- aarch64/psci_pwr_down.S --- */

/*
 * The power-down tail (the .S file says each step): @off_lvl the highest
 * level going off (psci_find_off_level), @cpu_off for CPU_OFF, @entry the
 * warm-boot entry point. No lock held. Never returns.
 */
void psci_pwr_down_wfi(unsigned int off_lvl, bool cpu_off, uintptr_t entry)
	__attribute__((noreturn));

/* --- psci_suspend.c --- */

/*
 * CPU_SUSPEND to entry @idx of the platform's table (@f its decoded
 * power_state), returning to @entry after a power-down (checked). Returns
 * PSCI_E_SUCCESS after a standby or a suspend a wake-up ended before it
 * began; PSCI_E_DENIED for an invalid OS-initiated request. A power-down
 * does not return.
 */
int psci_cpu_suspend(unsigned int idx, const struct psci_pstate_fields *f,
                     const struct psci_ns_entry *entry);
/*
 * Every level off, without coordination, if the caller is the only core on
 * (else PSCI_E_DENIED): SYSTEM_SUSPEND's power-down. Does not return
 * otherwise but with PSCI_E_SUCCESS when a pending wake-up ended it.
 */
int psci_suspend_all_off(const struct psci_ns_entry *entry);

/* --- psci_system.c --- */

void psci_system_off(void) __attribute__((noreturn));
/* SYSTEM_OFF2: returns only PSCI_E_INVALID_PARAMS (a type or cookie it has not). */
int psci_system_off2(uint64_t type, uint64_t cookie);
void psci_system_reset(void) __attribute__((noreturn));
int psci_system_reset2(uint64_t reset_type, uint64_t cookie);
int psci_system_suspend(const struct psci_ns_entry *entry);
int psci_mem_protect(uint64_t enable);
int psci_mem_protect_check_range(uint64_t base, uint64_t length);
int psci_node_hw_state(unsigned int pos, unsigned int level);
int psci_set_suspend_mode(uint64_t mode);

/*
 * --- What PMF records of a power call (docs/design/pmf.rst) ---
 * PSCI says what the call is and how it ends; lib/pmf stamps the times and
 * writes the record, knowing no function ID. A power call's function
 * number, form and (CPU_SUSPEND's) power_state are told only when its
 * record is written or kept, off the paths of every call that records
 * nothing.
 *
 * psci_pmf_no_low_power(): it returns without entering low power
 *   (refused, or a wake-up pending): abandoned, or denied for an error.
 * psci_pmf_exit_to_caller(): it returns from a standby or retention.
 * psci_pmf_power_down(): the core goes down in the power call @fid (first
 *   argument @x1); its wake-up writes the record.
 * psci_pmf_power_down_saved(): the same for the call whose registers the
 *   SMC vector saved in this CPU's context (nothing has returned to the
 *   caller yet): for the paths that no longer hold them.
 * psci_pmf_frozen(): CPU_FREEZE, which never returns: its record now.
 */
static inline uint32_t psci_pmf_power_state(uint32_t fid, uint64_t x1)
{
	return (fid & PSCI_FUNC_NUM_MASK) == (PSCI_FID_CPU_SUSPEND & PSCI_FUNC_NUM_MASK)
	               ? (uint32_t)x1
	               : 0U;
}

static inline void psci_pmf_no_low_power(void)
{
	pmf_capture_no_low_power();
	pmf_ring_stage(PMF_RING_ABANDONED);
}

static inline void psci_pmf_exit_to_caller(void)
{
	pmf_capture_exit_to_caller();
	pmf_ring_stage(PMF_RING_ENTERED);
}

static inline void psci_pmf_power_down(uint32_t fid, uint64_t x1)
{
	pmf_capture_power_down();
	pmf_ring_power_down(fid & PSCI_FUNC_NUM_MASK, (fid & PSCI_FID_SMC64_BIT) != 0U,
	                    psci_pmf_power_state(fid, x1));
}

static inline void psci_pmf_power_down_saved(void)
{
	const struct el3_context *ctx = &my_cpu_data()->ctx;

	psci_pmf_power_down((uint32_t)ctx->x[0], ctx->x[1]);
}

static inline void psci_pmf_frozen(void)
{
	pmf_capture_enter_no_flush();
	pmf_ring_frozen(PSCI_FID_CPU_FREEZE & PSCI_FUNC_NUM_MASK);
}

#endif
