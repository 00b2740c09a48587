/*
 * CPU_SUSPEND (DEN0022 5.4): core standby, retention above the core and
 * power-down, coordinated by the platform (4.4.3) or initiated by the OS
 * (4.4.4); and the uncoordinated every-level power-down SYSTEM_SUSPEND uses
 * (5.19). The runtime-instrumentation capture points sit where the
 * measurement method expects them (docs/perf).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>

#include "psci_private.h"

/*
 * A standby WFI at EL3 ends on a wake-up event, and a physical interrupt
 * is one only if it is not masked: one routed to a lower EL than the
 * current is masked (DDI 0487: "Wait for Interrupt", its wake-up events,
 * and the asynchronous exception masking rules), and with SCR_EL3.IRQ/FIQ clear every
 * normal-world interrupt is. So IRQ and FIQ go to EL3 for the WFI (a
 * Group 1 Non-secure interrupt is an FIQ at EL3 in GICv3 affinity
 * routing, an IRQ with GICv2: both, as TF-A's CSS standby does); PSTATE
 * keeps them masked, so the interrupt is not taken here but stays pending
 * and is taken in the normal world once the caller's SCR_EL3 is back.
 * Returns that SCR_EL3; the ERET synchronises its restoration.
 */
static uint64_t standby_route_wakeups(void)
{
	uint64_t scr = read_scr_el3();

	write_scr_el3(scr | SCR_IRQ_BIT | SCR_FIQ_BIT);
	isb();
	return scr;
}

/* Core-level standby: no locks, no coordination. */
static int cpu_standby(unsigned int pos, unsigned int idx, const struct psci_power_state *state)
{
	psci_stat_begin(pos, (int)idx);
	pmf_capture_enter_no_flush();
	uint64_t scr = standby_route_wakeups();

	psci_plat()->cpu_standby(state->pwr_domain_state[PSCI_CPU_PWR_LVL]);
	write_scr_el3(scr);
	pmf_capture_exit_to_caller();
	psci_stat_end(pos);
	return PSCI_E_SUCCESS;
}

/* A wake-up is pending for this core: its PMF record says the call entered no low power. */
static bool wakeup_pending(void)
{
	if (read_isr_el1() == 0U)
		return false;
	pmf_capture_no_low_power();
	return true;
}

/*
 * Suspend the calling core to @state (requested up to @end_lvl; @idx the
 * table entry asked for, or PSCI_STAT_NONE; with @system, the entry the
 * stay counts for). With @system the caller must
 * be the only core on and every level goes OFF without coordination
 * (SYSTEM_SUSPEND). Power-down does not return here.
 */
static int suspend(struct psci_power_state *state, unsigned int end_lvl, int idx, bool powerdown,
                   bool system, const struct psci_ns_entry *entry)
{
	struct psci_power_state requested = *state;
	unsigned int pos = psci_my_pos();
	bool osi = !system && psci_suspend_mode() == PSCI_MODE_OS_INIT;
	/* Only SYSTEM_SUSPEND and OS-initiated requests have checks to pass. */
	bool checked = system || osi;

	/*
	 * A wake-up event already pending would end the suspend at once: skip
	 * it and return as if woken (5.4.1). Nothing of PSCI's state changed;
	 * the call's record says it entered no low power and flushed nothing
	 * (docs/design/pmf.rst), not the previous call's figures. A request
	 * with nothing to check reads no PSCI state for that, so takes no lock.
	 */
	if (!checked && wakeup_pending())
		return PSCI_E_SUCCESS;

	struct psci_ancestors_locked l = psci_lock_ancestors(pos, end_lvl);

	if (system && psci_cores_on() != 1U) {
		psci_unlock_ancestors(l);
		pmf_capture_no_low_power();
		return PSCI_E_DENIED;
	}
	/* An invalid request is denied whether or not a wake-up is pending. */
	if (osi && psci_osi_validate(l, state) != 0) {
		psci_unlock_ancestors(l);
		pmf_capture_no_low_power();
		return PSCI_E_DENIED;
	}
	if (checked && wakeup_pending()) {
		psci_unlock_ancestors(l);
		return PSCI_E_SUCCESS;
	}
	psci_coordinate_request(l, state);
	/*
	 * SYSTEM_SUSPEND (the only core on) and OS-initiated requests (just
	 * validated) take every level as asked, whatever the platform-
	 * coordination votes say.
	 */
	if (checked)
		*state = requested;
	psci_set_target_states(l, state);
	l.cpu->target_pwrlvl = (uint8_t)end_lvl;
	if (powerdown) {
		l.cpu->ns_entry = *entry;
		psci_pwrdown_cpu_start(state);
	}
	psci_plat()->pwr_domain_suspend(state);
	psci_unlock_ancestors(l);

	/*
	 * SYSTEM_SUSPEND's every-level OFF is no entry of the table: it counts
	 * for the one it is the equivalent of (@idx, the deepest).
	 */
	psci_stat_begin(pos, system ? idx
	                            : psci_stat_index(psci_plat()->power_states,
	                                              psci_plat()->power_state_count, idx, state));
	if (powerdown) {
		/*
		 * Cleaned to the PoC: EXIT_HW_LOW_PWR is stored with the MMU
		 * off, and no dirty copy of the line may be written back over
		 * it or discarded by the invalidation before EXIT_PSCI.
		 */
		pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, true);
		psci_pwr_down_wfi(psci_find_off_level(state), false, psci_warm_entry());
	}

	/* Multi-level retention: the core keeps its state and returns here. */
	pmf_capture_enter_no_flush();
	uint64_t scr = standby_route_wakeups();

	dsb_sy();
	wfi();
	write_scr_el3(scr);
	pmf_capture_exit_to_caller();
	psci_power_up_finish(pos, end_lvl);
	return PSCI_E_SUCCESS;
}

int psci_cpu_suspend(unsigned int idx, const struct psci_pstate_fields *f,
                     const struct psci_ns_entry *entry)
{
	struct psci_power_state state = psci_plat()->power_states[idx].state;

	if (f->level == PSCI_CPU_PWR_LVL && !f->powerdown)
		return cpu_standby(psci_my_pos(), idx, &state);
	return suspend(&state, f->level, (int)idx, f->powerdown, false, entry);
}

int psci_suspend_all_off(const struct psci_ns_entry *entry)
{
	struct psci_power_state state;

	for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++)
		state.pwr_domain_state[lvl] = PSCI_LOCAL_STATE_OFF;
	/*
	 * DEN0022: SYSTEM_SUSPEND is semantically a CPU_SUSPEND to the deepest
	 * low-power state, so PSCI_STAT counts the stay for that state's entry
	 * on this core (the other cores, off, go on counting their CPU_OFF).
	 */
	return suspend(&state, PLAT_MAX_PWR_LVL, psci_system_suspend_index(), true, true, entry);
}
