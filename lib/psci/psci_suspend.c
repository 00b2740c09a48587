/*
 * CPU_SUSPEND (DEN0022 5.4), platform-coordinated mode.
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>

#include "psci_private.h"

/* Core-level standby: no locks, no coordination (§4.5). */
static int cpu_standby(uint8_t cpu_state)
{
	pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, false);
	plat_psci_ops()->cpu_standby(cpu_state);
	pmf_capture(RT_INSTR_EXIT_HW_LOW_PWR, false);
	return PSCI_E_SUCCESS;
}

int psci_cpu_suspend(uint32_t power_state, uint64_t entry, uint64_t context_id,
		     uint64_t caller_spsr)
{
	struct psci_pstate_fields f;
	struct psci_power_state state;
	struct psci_cpu_span span;
	unsigned int pos = psci_my_pos();
	int rc = psci_decode_power_state(power_state, &f);

	if (rc == 0)
		rc = plat_psci_ops()->validate_power_state(power_state, &state);
	if (rc == 0)
		rc = psci_check_request(&f, &state);
	if (rc != 0)
		return PSCI_E_INVALID_PARAMS;
	if (f.powerdown) {
		rc = psci_validate_entry_point(entry);
		if (rc != 0)
			return rc;
	}
	if (f.level == PSCI_CPU_PWR_LVL && !f.powerdown)
		return cpu_standby(state.pwr_domain_state[PSCI_CPU_PWR_LVL]);

	psci_cpu_span(pos, &span);
	psci_lock_ancestors(pos, f.level);
	/*
	 * A wake-up event already pending would end the suspend at once: skip
	 * it and return as if woken (DEN0022 5.4.1). Nothing was recorded yet.
	 */
	if (read_isr_el1() != 0U) {
		psci_unlock_ancestors(pos, f.level);
		return PSCI_E_SUCCESS;
	}
	psci_coordinate(psci_req_local_state, pos, &span, f.level, &state);
	psci_set_target_states(pos, f.level, &state);
	psci_cpu_nodes[pos].target_pwrlvl = (uint8_t)f.level;
	if (f.powerdown) {
		psci_set_ns_entry(pos, entry, context_id, caller_spsr);
		psci_pwrdown_cpu_start(psci_find_target_level(&state));
	}
	plat_psci_ops()->pwr_domain_suspend(&state);
	psci_unlock_ancestors(pos, f.level);

	pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, false);
	if (f.powerdown)
		plat_psci_ops()->pwr_domain_pwr_down_wfi(&state, false);

	/* Multi-level retention: the core keeps its state and returns here. */
	wfi();
	pmf_capture(RT_INSTR_EXIT_HW_LOW_PWR, false);
	psci_lock_ancestors(pos, f.level);
	plat_psci_ops()->pwr_domain_suspend_finish(&state);
	psci_cpu_nodes[pos].local_state = PSCI_LOCAL_STATE_RUN;
	for (unsigned int lvl = 1; lvl <= f.level; lvl++)
		psci_req_local_state[lvl - 1][pos] = PSCI_LOCAL_STATE_RUN;
	state = (struct psci_power_state){ { 0 } };
	psci_set_target_states(pos, f.level, &state);
	psci_cpu_nodes[pos].target_pwrlvl = PLAT_MAX_PWR_LVL;
	psci_unlock_ancestors(pos, f.level);
	return PSCI_E_SUCCESS;
}
