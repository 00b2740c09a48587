/*
 * PSCI library internals.
 *
 * Lock order (the one place it is written down):
 *  1. A core's own cpu_node lock is taken only by CPU_ON on its target (to
 *     make the OFF -> ON_PENDING transition atomic) and never while holding
 *     any other PSCI lock.
 *  2. Non-core node locks (cluster, then system) are taken bottom-up, from
 *     power level 1 to the highest level an operation affects, and released
 *     top-down (psci_lock_ancestors / psci_unlock_ancestors). Every path
 *     that changes a node's local state or the requested-state table of the
 *     cores below it holds that node's lock.
 * All are spinlocks: both platforms are hardware-coherent, and every PSCI
 * path runs with the MMU and data cache on while it holds a lock.
 */
#ifndef PSCI_PRIVATE_H
#define PSCI_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <common/console.h>
#include <common/runtime_svc.h>
#include <lib/psci/psci_coord.h>
#include <lib/psci/psci_lib.h>
#include <lib/spinlock.h>
#include <platform_def.h>

#define PSCI_NO_PARENT		0xffffU
/* Cluster and system nodes. */
#define PSCI_NON_CPU_NODES_MAX	(PLAT_NUM_PWR_DOMAINS - PLATFORM_CORE_COUNT)

struct psci_non_cpu_node {
	struct spinlock lock;
	uint8_t level;
	uint8_t local_state;		/* coordinated state of this node */
	uint16_t parent;		/* index in psci_non_cpu_nodes */
	uint16_t cpu_first;		/* cores below: [cpu_first, +cpu_count) */
	uint16_t cpu_count;
};

/* One per core, in a cache line of its own. Index = core position. */
struct psci_cpu_node {
	struct spinlock lock;		/* see the lock order above */
	volatile uint8_t aff_info;	/* PSCI_AFF_ON / OFF / ON_PENDING */
	uint8_t local_state;		/* this core's own state */
	uint8_t target_pwrlvl;		/* highest level of the last power-down */
	uint16_t parent;		/* cluster node */
	uint64_t mpidr;
	/* Where the core re-enters the normal world after power-up. */
	uint64_t ns_entry;
	uint64_t ns_context_id;
	uint64_t ns_spsr;
	bool frozen;			/* in CPU_FREEZE: on, but never running again */
	/* PSCI_STAT: the suspend in progress, then totals per (level, state). */
	uint8_t stat_level;
	uint8_t stat_state;
	uint64_t stat_start;		/* CNTPCT_EL0 at ENTER_HW_LOW_PWR */
	uint32_t stat_count[PLAT_MAX_PWR_LVL + 1][2];
	uint64_t stat_ticks[PLAT_MAX_PWR_LVL + 1][2];
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

extern struct psci_non_cpu_node psci_non_cpu_nodes[PSCI_NON_CPU_NODES_MAX];
extern struct psci_cpu_node psci_cpu_nodes[PLATFORM_CORE_COUNT];
/*
 * Cores ON or ON_PENDING, counting a core in CPU_OFF until it has passed the
 * last-core check (under the system node's lock).
 */
extern uint32_t psci_cores_on;
/* Cores in CPU_FREEZE (counted in psci_cores_on too). */
extern uint32_t psci_cores_frozen;
/* PSCI_MODE_PLAT_COORD or PSCI_MODE_OS_INIT (PSCI_SET_SUSPEND_MODE). */
extern unsigned int psci_suspend_mode;
/* Requested local state of each core at levels 1..max: [level - 1][core]. */
extern uint8_t psci_req_local_state[PLAT_MAX_PWR_LVL][PLATFORM_CORE_COUNT];

/* Setup */
void psci_cpu_span(unsigned int pos, struct psci_cpu_span *span);

/* Locks on the ancestors of core @pos at levels 1..@end_lvl. */
void psci_lock_ancestors(unsigned int pos, unsigned int end_lvl);
void psci_unlock_ancestors(unsigned int pos, unsigned int end_lvl);

/*
 * Record @state (the coordinated target) in the ancestors of @pos and in
 * the core's own node. Ancestor locks up to @end_lvl held.
 */
void psci_set_target_states(unsigned int pos, unsigned int end_lvl,
			    const struct psci_power_state *state);

/*
 * OS-initiated mode (DEN0022 4.4.4): the caller claims to be the last core
 * running in each of its domains up to @end_lvl, asking for @requested.
 * Valid only if every other core, and every domain between it and that
 * level, is already in a state at least as deep as the level's request
 * (a running core, or a core in standby under a power-down, would lose
 * state). 0 or PSCI_E_DENIED. Ancestor locks up to @end_lvl held.
 */
int psci_osi_validate(unsigned int pos, unsigned int end_lvl,
		      const struct psci_power_state *requested);

/* 0, or PSCI_E_INVALID_ADDRESS unless 4-byte aligned inside non-secure DRAM. */
int psci_validate_entry_point(uint64_t entry);

/*
 * Record where core @pos re-enters the normal world: @entry with x0 =
 * @context_id, at the exception level the caller (@caller_spsr) was at.
 */
void psci_set_ns_entry(unsigned int pos, uint64_t entry, uint64_t context_id,
		       uint64_t caller_spsr);

/*
 * The cache-maintenance and CPU power-down preparation every core runs
 * before it loses power, between ENTER_CFLUSH and EXIT_CFLUSH (§2.2).
 */
void psci_pwrdown_cpu_start(unsigned int end_lvl);

/*
 * The core position of PSCI argument @mpidr, or -1 if it names no core or
 * has a non-affinity bit set (PSCI callers get INVALID_PARAMS for both).
 */
int psci_mpidr_to_pos(uint64_t mpidr);

/* The calling core's position. */
unsigned int psci_my_pos(void);

/*
 * PSCI_STAT bookkeeping: a suspend of core @pos to @state starts now /
 * ended now (the core is awake again).
 */
void psci_stat_begin(unsigned int pos, const struct psci_power_state *state);
void psci_stat_end(unsigned int pos);

/*
 * Power_state validation shared by CPU_SUSPEND and PSCI_STAT: decode, look
 * up in the platform's table, check consistency. 0 or PSCI_E_INVALID_PARAMS.
 */
int psci_validate_power_state(uint32_t power_state, struct psci_pstate_fields *f,
			      struct psci_power_state *state);

/* Operations */
int psci_system_suspend(uint64_t entry, uint64_t context_id, uint64_t caller_spsr);
int psci_cpu_default_suspend(uint64_t entry, uint64_t context_id, uint64_t caller_spsr);
int psci_cpu_freeze(void);
int psci_node_hw_state(uint64_t target_mpidr, uint64_t level);
uint64_t psci_stat(uint64_t target_mpidr, uint32_t power_state, bool residency);
int psci_system_reset2(uint64_t reset_type, uint64_t cookie);
int psci_mem_protect(uint64_t enable);
int psci_mem_protect_check_range(uint64_t base, uint64_t length);
int psci_set_suspend_mode(uint64_t mode);
int psci_cpu_on(uint64_t target_mpidr, uint64_t entry, uint64_t context_id,
		uint64_t caller_spsr);
int psci_cpu_off(void);
int psci_cpu_suspend(uint32_t power_state, uint64_t entry, uint64_t context_id,
		     uint64_t caller_spsr);
int psci_affinity_info(uint64_t target_affinity, uint64_t lowest_level);
int32_t psci_features(uint32_t fid);
void psci_system_off(void) __attribute__((noreturn));
void psci_system_reset(void) __attribute__((noreturn));

#endif
