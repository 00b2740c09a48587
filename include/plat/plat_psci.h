/*
 * Porting interface: the platform's power operations, one const table
 * returned by plat_psci_setup() (called once, at cold boot), and the
 * power-domain topology. Hooks run on the calling core with the MMU on,
 * unless stated, and never call back into PSCI: what they need is passed
 * in. @state gives the coordinated local state per power level.
 */
#ifndef PLAT_PSCI_H
#define PLAT_PSCI_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/psci/psci_coord.h>

struct plat_psci_ops {
	/*
	 * Mandatory. The power_state values the platform implements and the
	 * local state each requests per level; anything else is
	 * INVALID_PARAMS. (Entry points are checked generically: 4-byte
	 * aligned, inside PLAT_NS_DRAM_BASE/SIZE, else INVALID_ADDRESS.)
	 */
	const struct psci_pstate_desc *power_states;
	unsigned int power_state_count;
	/* Mandatory. Core-level standby: returns on a wake-up event. */
	void (*cpu_standby)(uint8_t cpu_state);
	/*
	 * Mandatory. Start core @pos (MPIDR @mpidr) at the warm-boot entry
	 * point given to plat_psci_setup, MMU off. Target's aff_info is
	 * ON_PENDING and its lock held. 0 or PSCI_E_INTERN_FAIL.
	 */
	int (*pwr_domain_on)(uint64_t mpidr, unsigned int pos);
	/* Mandatory. Prepare the domains in @state for CPU_OFF (locks held). */
	void (*pwr_domain_off)(const struct psci_power_state *state);
	/* Mandatory. Prepare the domains in @state for a suspend (locks held). */
	void (*pwr_domain_suspend)(const struct psci_power_state *state);
	/*
	 * Mandatory. Last step of a power-down, locks released: never returns.
	 * It calls cpu_pwr_down_final (include/lib/cpus/cpu_ops.h), turns the
	 * data cache off, calls cpu_leave_coherency and waits for power-off.
	 * The core comes back through the warm-boot entry point: after CPU_ON
	 * when @cpu_off, else on a wake-up event (also when the power-down is
	 * abandoned because a wake-up came first).
	 */
	void (*pwr_domain_pwr_down_wfi)(const struct psci_power_state *state, bool cpu_off)
		__attribute__((noreturn));
	/* Mandatory. Warm boot after CPU_ON / a power-down suspend (locks held). */
	void (*pwr_domain_on_finish)(const struct psci_power_state *state);
	void (*pwr_domain_suspend_finish)(const struct psci_power_state *state);
	/* SYSTEM_OFF / SYSTEM_RESET: never return. Mandatory. */
	void (*system_off)(void) __attribute__((noreturn));
	void (*system_reset)(void) __attribute__((noreturn));

	/*
	 * Optional hooks: a NULL hook makes its PSCI function NOT_SUPPORTED
	 * (and PSCI_FEATURES say so).
	 */
	/* SYSTEM_RESET2 SYSTEM_WARM_RESET: a reset that keeps memory. */
	void (*system_reset_warm)(void) __attribute__((noreturn));
	/*
	 * NODE_HW_STATE: the power controller's view of the level-@level node
	 * containing core @pos: PSCI_HW_ON / PSCI_HW_OFF / PSCI_HW_STANDBY.
	 * @psci_state is PSCI's own record of the node (PSCI_LOCAL_STATE_*),
	 * for a platform whose power controller is that bookkeeping (QEMU).
	 */
	int (*node_hw_state)(unsigned int pos, unsigned int level, uint8_t psci_state);
	/*
	 * CPU_FREEZE: a low-power state no interrupt wakes; never returns (only
	 * a system reset ends it). Called with no PSCI lock held.
	 */
	void (*cpu_freeze)(void) __attribute__((noreturn));
	/*
	 * MEM_PROTECT: read / set the persistent "overwrite memory at the next
	 * boot" flag (returns the previous value, or -1 if it cannot be set),
	 * and the range it covers.
	 */
	int (*mem_protect_set)(int enable);
	int (*mem_protect_get)(void);
	int (*mem_protect_check_range)(uint64_t base, uint64_t length);
	/*
	 * The power_state CPU_DEFAULT_SUSPEND uses (a power-down state) and the
	 * state SYSTEM_SUSPEND requests (every level OFF). 0: not supported.
	 */
	uint32_t default_suspend_state;
	bool system_suspend;
};

/*
 * Mandatory. Cold boot, primary core, MMU on, once: keep @warm_entrypoint
 * (the physical address powered-up cores must start at, MMU off; on
 * platforms whose cores reset into BL1, publish it where BL1 looks) and
 * return the platform's operations.
 */
const struct plat_psci_ops *plat_psci_setup(uintptr_t warm_entrypoint);

/*
 * The power-domain tree, breadth first: element 0 is the number of root
 * nodes, then each node's child count, level by level down to the cores
 * (docs/design/psci.rst). Cores must be numbered as plat_core_pos_by_mpidr
 * numbers them.
 */
const uint8_t *plat_get_power_domain_tree_desc(void);

#endif
