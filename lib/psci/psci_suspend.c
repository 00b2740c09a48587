/*
 * CPU_SUSPEND, CPU_DEFAULT_SUSPEND and SYSTEM_SUSPEND (DEN0022 5.4, 5.13,
 * 5.19), in platform-coordinated or OS-initiated mode, and the PSCI_STAT
 * bookkeeping around every suspend.
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

int psci_validate_power_state(uint32_t power_state, struct psci_pstate_fields *f,
			      struct psci_power_state *state)
{
	int rc = psci_decode_power_state(power_state, f);

	if (rc == 0)
		rc = psci_match_power_state(power_state, plat_psci_ops()->power_states,
					    plat_psci_ops()->power_state_count, state);
	if (rc == 0)
		rc = psci_check_request(f, state);
	return rc == 0 ? 0 : PSCI_E_INVALID_PARAMS;
}

void psci_stat_begin(unsigned int pos, const struct psci_power_state *state)
{
	struct psci_cpu_node *cpu = &psci_cpu_nodes[pos];
	unsigned int lvl = psci_find_target_level(state);

	cpu->stat_level = (uint8_t)lvl;
	cpu->stat_state = state->pwr_domain_state[lvl];
	cpu->stat_start = read_cntpct_el0();
}

void psci_stat_end(unsigned int pos)
{
	struct psci_cpu_node *cpu = &psci_cpu_nodes[pos];
	unsigned int idx = cpu->stat_state == PSCI_LOCAL_STATE_OFF ? 1U : 0U;

	cpu->stat_count[cpu->stat_level][idx]++;
	cpu->stat_ticks[cpu->stat_level][idx] += read_cntpct_el0() - cpu->stat_start;
}

uint64_t psci_stat(uint64_t target_mpidr, uint32_t power_state, bool residency)
{
	struct psci_pstate_fields f;
	struct psci_power_state state;
	int pos = psci_mpidr_to_pos(target_mpidr);

	/* Errors read as 0 (DEN0022 5.21, 5.22). */
	if (pos < 0 || psci_validate_power_state(power_state, &f, &state) != 0)
		return 0;

	const struct psci_cpu_node *cpu = &psci_cpu_nodes[pos];
	unsigned int lvl = psci_find_target_level(&state);
	unsigned int idx = state.pwr_domain_state[lvl] == PSCI_LOCAL_STATE_OFF ? 1U : 0U;

	if (!residency)
		return cpu->stat_count[lvl][idx];
	/* Microseconds (DEN0022 5.21). */
	return cpu->stat_ticks[lvl][idx] * 1000000U / read_cntfrq_el0();
}

/* Core-level standby: no locks, no coordination (tfa-abi-facts §4.5). */
static int cpu_standby(unsigned int pos, const struct psci_power_state *state)
{
	psci_stat_begin(pos, state);
	pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, false);
	plat_psci_ops()->cpu_standby(state->pwr_domain_state[PSCI_CPU_PWR_LVL]);
	pmf_capture(RT_INSTR_EXIT_HW_LOW_PWR, false);
	psci_stat_end(pos);
	return PSCI_E_SUCCESS;
}

/*
 * Suspend the calling core to @state (requested up to @end_lvl). With
 * @system the caller is the only core on and every level goes OFF without
 * coordination (SYSTEM_SUSPEND). Power-down does not return here.
 */
static int suspend(struct psci_power_state *state, unsigned int end_lvl, bool powerdown,
		   bool system, uint64_t entry, uint64_t context_id, uint64_t caller_spsr)
{
	struct psci_cpu_span span;
	struct psci_power_state requested = *state;
	unsigned int pos = psci_my_pos();

	psci_cpu_span(pos, &span);
	psci_lock_ancestors(pos, end_lvl);
	if (system && (__atomic_load_n(&psci_cores_on, __ATOMIC_RELAXED) != 1U)) {
		psci_unlock_ancestors(pos, end_lvl);
		return PSCI_E_DENIED;
	}
	/* An invalid request is denied whether or not a wake-up is pending. */
	if (!system && psci_suspend_mode == PSCI_MODE_OS_INIT &&
	    psci_osi_validate(pos, end_lvl, state) != 0) {
		psci_unlock_ancestors(pos, end_lvl);
		return PSCI_E_DENIED;
	}
	/*
	 * A wake-up event already pending would end the suspend at once: skip
	 * it and return as if woken (DEN0022 5.4.1). Nothing was recorded yet.
	 */
	if (read_isr_el1() != 0U) {
		psci_unlock_ancestors(pos, end_lvl);
		return PSCI_E_SUCCESS;
	}
	psci_coordinate(psci_req_local_state, pos, &span, end_lvl, state);
	/*
	 * SYSTEM_SUSPEND (the only core on) and OS-initiated requests (just
	 * validated) take every level as asked, whatever the platform-
	 * coordination votes say.
	 */
	if (system || psci_suspend_mode == PSCI_MODE_OS_INIT)
		*state = requested;
	psci_set_target_states(pos, end_lvl, state);
	psci_cpu_nodes[pos].target_pwrlvl = (uint8_t)end_lvl;
	if (powerdown) {
		psci_set_ns_entry(pos, entry, context_id, caller_spsr);
		psci_pwrdown_cpu_start(psci_find_target_level(state));
	}
	plat_psci_ops()->pwr_domain_suspend(state);
	psci_unlock_ancestors(pos, end_lvl);

	psci_stat_begin(pos, state);
	pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, false);
	if (powerdown)
		plat_psci_ops()->pwr_domain_pwr_down_wfi(state, false);

	/* Multi-level retention: the core keeps its state and returns here. */
	wfi();
	pmf_capture(RT_INSTR_EXIT_HW_LOW_PWR, false);
	psci_stat_end(pos);
	psci_lock_ancestors(pos, end_lvl);
	plat_psci_ops()->pwr_domain_suspend_finish(state);
	for (unsigned int lvl = 1; lvl <= end_lvl; lvl++)
		psci_req_local_state[lvl - 1][pos] = PSCI_LOCAL_STATE_RUN;
	*state = (struct psci_power_state){ { 0 } };
	psci_set_target_states(pos, end_lvl, state);
	psci_cpu_nodes[pos].target_pwrlvl = PLAT_MAX_PWR_LVL;
	psci_unlock_ancestors(pos, end_lvl);
	return PSCI_E_SUCCESS;
}

int psci_cpu_suspend(uint32_t power_state, uint64_t entry, uint64_t context_id,
		     uint64_t caller_spsr)
{
	struct psci_pstate_fields f;
	struct psci_power_state state;
	int rc = psci_validate_power_state(power_state, &f, &state);

	if (rc != 0)
		return rc;
	if (f.powerdown) {
		rc = psci_validate_entry_point(entry);
		if (rc != 0)
			return rc;
	}
	if (f.level == PSCI_CPU_PWR_LVL && !f.powerdown)
		return cpu_standby(psci_my_pos(), &state);
	return suspend(&state, f.level, f.powerdown, false, entry, context_id, caller_spsr);
}

int psci_cpu_default_suspend(uint64_t entry, uint64_t context_id, uint64_t caller_spsr)
{
	return psci_cpu_suspend(plat_psci_ops()->default_suspend_state, entry, context_id,
				caller_spsr);
}

int psci_system_suspend(uint64_t entry, uint64_t context_id, uint64_t caller_spsr)
{
	struct psci_power_state state;
	int rc = psci_validate_entry_point(entry);

	if (rc != 0)
		return rc;
	for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++)
		state.pwr_domain_state[lvl] = PSCI_LOCAL_STATE_OFF;
	return suspend(&state, PLAT_MAX_PWR_LVL, true, true, entry, context_id, caller_spsr);
}
