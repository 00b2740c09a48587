/*
 * CPU_SUSPEND (DEN0022 5.4): core standby, retention above the core and
 * power-down, coordinated by the platform (4.4.3) or initiated by the OS
 * (4.4.4); and the uncoordinated every-level power-down SYSTEM_SUSPEND uses
 * (5.19). The runtime-instrumentation capture points sit where the
 * measurement method expects them (docs/perf).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
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

/* Core-level standby to @state's: no locks, no coordination. */
static int cpu_standby(unsigned int pos, unsigned int idx, const struct psci_power_state *state)
{
	psci_stat_begin(pos, (int)idx);
	pmf_capture_enter_no_flush();
	uint64_t scr = standby_route_wakeups();

	plat_cpu_standby(state->pwr_domain_state[PSCI_CPU_PWR_LVL]);
	write_scr_el3(scr);
	psci_pmf_exit_to_caller();
	psci_stat_end(pos);
	return PSCI_E_SUCCESS;
}

/* A wake-up is pending for this core: its PMF record says the call entered no low power. */
static bool wakeup_pending(void)
{
	if (read_isr_el1() == 0U)
		return false;
	psci_pmf_no_low_power();
	return true;
}

/*
 * Suspend the calling core to @state, requested as @f says (up to its
 * PowerLevel; in OS-initiated mode, @osi, the caller also says it is the
 * last running core up to psci_last_at_level, at least that level); @idx the table
 * entry asked for, or with @system (SYSTEM_SUSPEND: the caller must be the
 * only core on and every level goes OFF without coordination) the entry
 * the stay counts for. Power-down does not return here.
 */
static int suspend(struct psci_power_state *state, const struct psci_pstate_fields *f, int idx,
                   bool osi, bool system, const struct psci_ns_entry *entry)
{
	struct psci_power_state requested = *state;
	unsigned int pos = psci_my_pos();
	/*
	 * Only SYSTEM_SUSPEND and OS-initiated requests have checks to pass;
	 * the others, with a wake-up pending, returned in psci_cpu_suspend.
	 */
	bool checked = system || osi;
	bool powerdown = f->powerdown;
	/*
	 * An OS-initiated request locks every domain the caller says it is
	 * the last running core of: what it reads there cannot change under
	 * it (a core powering up takes the same locks, psci_lock_power_up).
	 */
	unsigned int lock_lvl = osi ? psci_last_at_level(f, psci_takes_last_at()) : f->level;
	struct psci_ancestors_locked l = psci_lock_ancestors(pos, lock_lvl);

	if (system && psci_cores_on() != 1U) {
		psci_unlock_ancestors(l);
		psci_pmf_no_low_power();
		return PSCI_E_DENIED;
	}
	/* An invalid request is refused whether or not a wake-up is pending. */
	if (osi) {
		/* Judged on what the caller asked for, not on what the platform grants. */
		struct psci_power_state asked = requested;

		psci_asked_state(f->power_state, psci_takes_last_at(), &asked);

		int rc = psci_osi_validate(l, &asked, f->level);

		if (rc != 0) {
			psci_unlock_ancestors(l);
			psci_pmf_no_low_power();
			return rc;
		}
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
	l.cpu->target_pwrlvl = (uint8_t)lock_lvl;
	if (powerdown) {
		l.cpu->ns_entry = *entry;
		psci_pwrdown_cpu_start(state);
	}
	plat_pwr_domain_suspend(state);
	psci_unlock_ancestors(l);

	/*
	 * SYSTEM_SUSPEND's every-level OFF is no entry of the table: it counts
	 * for the one it is the equivalent of (@idx, the deepest).
	 */
	psci_stat_begin(pos, system ? idx : psci_stat_entry(idx, state));
	if (powerdown) {
		/*
		 * Cleaned to the PoC: EXIT_HW_LOW_PWR is stored with the MMU
		 * off, and no dirty copy of the line may be written back over
		 * it or discarded by the invalidation before EXIT_PSCI.
		 */
		psci_pmf_power_down_saved();
		psci_pwr_down_wfi(psci_find_off_level(state), false, psci_warm_entry());
	}

	/* Retention: the core keeps its state and returns here. */
	pmf_capture_enter_no_flush();
	uint64_t scr = standby_route_wakeups();

	if (psci_find_target_level(state) == PSCI_CPU_PWR_LVL) {
		/* Core standby (OS-initiated mode): the platform's own wait. */
		plat_cpu_standby(state->pwr_domain_state[PSCI_CPU_PWR_LVL]);
	} else {
		dsb_sy();
		wfi();
	}
	write_scr_el3(scr);
	psci_pmf_exit_to_caller();
	psci_power_up_finish(pos, lock_lvl);
	return PSCI_E_SUCCESS;
}

int psci_cpu_suspend(unsigned int idx, const struct psci_pstate_fields *f,
                     const struct psci_ns_entry *entry)
{
	const struct psci_pstate_desc *desc = &psci_plat()->power_states[idx];

	unsigned int mode = psci_suspend_mode();

	/*
	 * Core standby needs no lock and no bookkeeping in platform-
	 * coordinated mode: nothing above the core depends on it. (In
	 * OS-initiated mode other cores' requests read it: a core in standby
	 * is not running, but would lose state in a domain powered down;
	 * suspend records it, as a retention.) PSCI_MODE_PLAT_COORD and the
	 * core's level are both 0: one test for the two.
	 */
	_Static_assert(PSCI_MODE_PLAT_COORD == 0 && PSCI_CPU_PWR_LVL == 0, "one test for both");
	if ((f->level | mode) == 0U && !f->powerdown)
		return cpu_standby(psci_my_pos(), idx, &desc->state);

	/* The mode is one of two (PSCI_SET_SUSPEND_MODE refuses others). */
	bool osi = mode != PSCI_MODE_PLAT_COORD;

	/*
	 * A wake-up event already pending would end the suspend at once: skip
	 * it and return as if woken (5.4.1). Nothing of PSCI's state changed;
	 * the call's record says it entered no low power and flushed nothing
	 * (docs/design/pmf.rst), not the previous call's figures. A
	 * coordinated request has nothing to check, so it reads no PSCI state
	 * for that (an OS-initiated one is checked first, in suspend, whatever
	 * the timing).
	 */
	if (!osi && wakeup_pending())
		return PSCI_E_SUCCESS;

	struct psci_power_state state = desc->state;

	return suspend(&state, f, (int)idx, osi, false, entry);
}

int psci_suspend_all_off(const struct psci_ns_entry *entry)
{
	struct psci_power_state state;
	const struct psci_pstate_fields f = {
		.powerdown = true,
		.level = PLAT_MAX_PWR_LVL,
		.power_state = 0,
	};

	for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++)
		state.pwr_domain_state[lvl] = PSCI_LOCAL_STATE_OFF;
	/*
	 * DEN0022: SYSTEM_SUSPEND is semantically a CPU_SUSPEND to the deepest
	 * low-power state, so PSCI_STAT counts the stay for that state's entry
	 * on this core (the other cores, off, go on counting their CPU_OFF).
	 */
	return suspend(&state, &f, psci_system_suspend_index(), false, true, entry);
}
