/*
 * Porting interface: the platform's power operations (the mandatory hooks,
 * plain functions; the optional ones and the power-state table in one
 * table returned by plat_psci_setup(), called once, at cold boot), and the
 * power-domain topology. Hooks run on the calling core with the MMU on,
 * unless stated, and never call back into PSCI: what they need is passed
 * in. @state gives the coordinated local state per power level.
 *
 * The split of a power-down (docs/design/psci.rst, "The power-down tail"):
 * lib/psci owns the sequence, from the CPU's cache maintenance (lib/cpus)
 * to the WFI and the way back when WFI returns, and the power-up finish
 * shared by warm boot and retention wake-up; the platform arms its power
 * controller (pwr_domain_off / pwr_domain_suspend), says what a returning
 * WFI means (plat_psci_pwr_down_wake) and finishes its own part of a
 * power-up (pwr_domain_on_finish / pwr_domain_suspend_finish).
 */
#ifndef PLAT_PSCI_H
#define PLAT_PSCI_H

#include <stdbool.h>
#include <stdint.h>

#include <platform_def.h>

/* Power levels: 0 = core, 1 = cluster, 2 = system. */
#define PSCI_CPU_PWR_LVL 0U
#ifndef PLAT_MAX_PWR_LVL
#error "platform_def.h must define PLAT_MAX_PWR_LVL"
#endif

/* Local power states, ordered shallow to deep (the min is the shallowest). */
#define PSCI_LOCAL_STATE_RUN 0U
#define PSCI_LOCAL_STATE_RET 1U /* retention / standby */
#define PSCI_LOCAL_STATE_OFF 2U /* power-down */

/* The state requested or reached at each power level, 0..PLAT_MAX_PWR_LVL. */
struct psci_power_state {
	uint8_t pwr_domain_state[PLAT_MAX_PWR_LVL + 1];
};

/*
 * One entry of a platform's table of the power states it implements: the
 * exact power_state value and the local state it requests at each level.
 */
struct psci_pstate_desc {
	uint32_t power_state;
	struct psci_power_state state;
};

/*
 * What varies with the platform at run time (N1SDP's SCP says what its
 * system can do) or is data: returned by plat_psci_setup. The hooks every
 * platform must have are plain functions, below it: a port that lacks one
 * does not link, and the linker names it.
 */
struct plat_psci_ops {
	/*
	 * Mandatory (psci_setup refuses a table without entries). The power_state values the platform implements and the
	 * local state each requests per level; anything else is
	 * INVALID_PARAMS. Where the StateIDs follow DEN0022's recommended
	 * encoding, each entry's states are the ones its StateID names, but
	 * at the highest level, which may be shallower (psci_last_at_ids; a
	 * level without power control is recorded OFF all the same, its
	 * hooks doing what they can: QEMU's system level). (Entry points are
	 * checked generically: 4-byte aligned, inside the non-secure DRAM BL2
	 * found, struct plat_ns_dram,
	 * else INVALID_ADDRESS.)
	 */
	const struct psci_pstate_desc *power_states;
	unsigned int power_state_count;
	/*
	 * Optional hooks: a NULL hook makes its PSCI function NOT_SUPPORTED
	 * (and PSCI_FEATURES say so).
	 */
	/*
	 * SYSTEM_RESET2 SYSTEM_WARM_RESET: a reset that keeps memory. Returns
	 * only if the platform refused it, with the PSCI error the caller
	 * gets (PSCI_E_NOT_SUPPORTED).
	 */
	int (*system_reset_warm)(void);
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
 * The mandatory hooks: plain functions every platform defines (a port
 * without one fails to link, naming it: tests/host/mandatory_hooks_test.sh).
 *
 * plat_cpu_standby(): core-level standby: returns on a wake-up event.
 *   Called with IRQ and FIQ routed to EL3 (SCR_EL3), so that a
 *   normal-world interrupt is one; lib/psci gives the caller's SCR_EL3 back.
 * plat_pwr_domain_on(): start core @pos (MPIDR @mpidr) at the warm-boot
 *   entry point given to plat_psci_setup, MMU off. Target's aff_info is
 *   ON_PENDING and its lock held. 0 or PSCI_E_INTERN_FAIL.
 * plat_pwr_domain_off(): arm the power controller for CPU_OFF of the
 *   domains in @state (locks held, data cache on): after this hook
 *   lib/psci runs the power-down tail itself (psci_pwr_down_wfi: the CPU's
 *   last cache maintenance, MMU and data cache off, out of coherency,
 *   WFI), and power must go at that WFI. No platform code writes caches
 *   back, turns the data cache off or executes the WFI.
 * plat_pwr_domain_suspend(): the same for a power-down or retention
 *   suspend to @state (locks held); a power-down may also be abandoned: a
 *   wake-up that comes before power goes makes the WFI return
 *   (plat_psci_pwr_down_wake).
 * plat_pwr_domain_on_finish(), plat_pwr_domain_suspend_finish(): the
 *   wake-up hooks, MMU on, locks held, called from lib/psci's one power-up
 *   finish (psci_power_up_finish): after CPU_ON, and after a power-down or
 *   a retention suspend ended (@state: what the domains were in).
 * plat_system_off(), plat_system_reset(): SYSTEM_OFF / SYSTEM_RESET; never
 *   return.
 */
void plat_cpu_standby(uint8_t cpu_state);
int plat_pwr_domain_on(uint64_t mpidr, unsigned int pos);
void plat_pwr_domain_off(const struct psci_power_state *state);
void plat_pwr_domain_suspend(const struct psci_power_state *state);
void plat_pwr_domain_on_finish(const struct psci_power_state *state);
void plat_pwr_domain_suspend_finish(const struct psci_power_state *state);
void plat_system_off(void) __attribute__((noreturn));
void plat_system_reset(void) __attribute__((noreturn));

/*
 * Mandatory. Cold boot, primary core, MMU on, once: keep @warm_entrypoint
 * (the physical address powered-up cores must start at, MMU off; on
 * platforms whose cores reset into BL1, publish it where BL1 looks) and
 * return the platform's operations.
 */
const struct plat_psci_ops *plat_psci_setup(uintptr_t warm_entrypoint);

/*
 * Mandatory, in assembly: the platform's wake-up hook inside lib/psci's
 * power-down tail (lib/psci/aarch64/psci_pwr_down.S), called with the MMU
 * and data cache off and the core out of coherency, before the first WFI
 * (@woke = 0) and after each WFI that returned (@woke = 1); @cpu_off is 1
 * for CPU_OFF, 0 for a suspend. Returns 0 for "WFI (again): power goes,
 * or a wake-up ends it", non-zero for "resume now": the core enters the
 * warm-boot entry point with the MMU off, as a powered-up core would (the
 * power-down was abandoned). It may also never return, for a core that
 * waits for CPU_ON elsewhere (QEMU's hold pen). No stack and no memory
 * that a cache may hold dirty; clobbers x0-x17 at most, keeps x19-x28.
 * A port whose power controller removes power at WFI answers
 * "resume" exactly for a suspend whose WFI returned
 * (plat/common/aarch64/plat_pwr_down_wake.S).
 */
uintptr_t plat_psci_pwr_down_wake(bool cpu_off, bool woke);

/*
 * The power-domain tree, breadth first: element 0 is the number of root
 * nodes, then each node's child count, level by level down to the cores
 * (docs/design/psci.rst). Cores must be numbered as plat_core_pos_by_mpidr
 * numbers them.
 */
const uint8_t *plat_get_power_domain_tree_desc(void);

#endif
