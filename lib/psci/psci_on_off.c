/*
 * CPU_ON, CPU_OFF and AFFINITY_INFO (DEN0022 5.6, 5.5, 5.8).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

int psci_cpu_on(uint64_t target_mpidr, uint64_t entry, uint64_t context_id,
		uint64_t caller_spsr)
{
	int pos = psci_mpidr_to_pos(target_mpidr);

	if (pos < 0)
		return PSCI_E_INVALID_PARAMS;
	int rc = psci_validate_entry_point(entry);

	if (rc != 0)
		return rc;

	struct psci_cpu_node *cpu = &psci_cpu_nodes[pos];

	spin_lock(&cpu->lock);
	if (cpu->aff_info == PSCI_AFF_ON) {
		rc = PSCI_E_ALREADY_ON;
	} else if (cpu->aff_info == PSCI_AFF_ON_PENDING) {
		rc = PSCI_E_ON_PENDING;
	} else {
		psci_set_ns_entry((unsigned int)pos, entry, context_id, caller_spsr);
		cpu->aff_info = PSCI_AFF_ON_PENDING;
		__atomic_fetch_add(&psci_cores_on, 1U, __ATOMIC_RELAXED);
		rc = plat_psci_ops()->pwr_domain_on(cpu->mpidr, (unsigned int)pos);
		if (rc != 0) {
			__atomic_fetch_sub(&psci_cores_on, 1U, __ATOMIC_RELAXED);
			cpu->aff_info = PSCI_AFF_OFF;
			rc = PSCI_E_INTERN_FAIL;
		}
	}
	spin_unlock(&cpu->lock);
	return rc;
}

int psci_cpu_off(void)
{
	unsigned int pos = psci_my_pos();
	struct psci_power_state state;
	struct psci_cpu_span span;

	/*
	 * Request OFF up to the clusters; the system level only ever turns off
	 * through SYSTEM_OFF.
	 */
	for (unsigned int lvl = 0; lvl < PLAT_MAX_PWR_LVL; lvl++)
		state.pwr_domain_state[lvl] = PSCI_LOCAL_STATE_OFF;
	state.pwr_domain_state[PLAT_MAX_PWR_LVL] = PSCI_LOCAL_STATE_RUN;

	psci_cpu_span(pos, &span);
	psci_lock_ancestors(pos, PLAT_MAX_PWR_LVL);
	/*
	 * The last core running may not turn itself off: nothing could turn
	 * it back on (a frozen core cannot). The system node's lock (held)
	 * orders concurrent CPU_OFFs and CPU_FREEZEs.
	 */
	if (__atomic_load_n(&psci_cores_on, __ATOMIC_RELAXED) - psci_cores_frozen == 1U) {
		psci_unlock_ancestors(pos, PLAT_MAX_PWR_LVL);
		return PSCI_E_DENIED;
	}
	__atomic_fetch_sub(&psci_cores_on, 1U, __ATOMIC_RELAXED);
	psci_coordinate(psci_req_local_state, pos, &span, PLAT_MAX_PWR_LVL, &state);
	psci_set_target_states(pos, PLAT_MAX_PWR_LVL, &state);
	psci_cpu_nodes[pos].target_pwrlvl = PLAT_MAX_PWR_LVL;
	psci_pwrdown_cpu_start(psci_find_target_level(&state));
	plat_psci_ops()->pwr_domain_off(&state);
	psci_unlock_ancestors(pos, PLAT_MAX_PWR_LVL);

	/* From here AFFINITY_INFO reports OFF and CPU_ON may restart us. */
	psci_cpu_nodes[pos].aff_info = PSCI_AFF_OFF;
	dsb_ish();
	pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, false);
	plat_psci_ops()->pwr_domain_pwr_down_wfi(&state, true);
}

int psci_affinity_info(uint64_t target_affinity, uint64_t lowest_level)
{
	/* Only level 0 is supported (PSCI 1.0 deprecates the others). */
	if (lowest_level != PSCI_CPU_PWR_LVL)
		return PSCI_E_INVALID_PARAMS;

	int pos = psci_mpidr_to_pos(target_affinity);

	if (pos < 0)
		return PSCI_E_INVALID_PARAMS;
	return psci_cpu_nodes[pos].aff_info;
}

int psci_cpu_freeze(void)
{
	unsigned int pos = psci_my_pos();

	if (plat_psci_ops()->cpu_freeze == NULL)
		return PSCI_E_NOT_SUPPORTED;
	psci_lock_ancestors(pos, PLAT_MAX_PWR_LVL);
	/* As for CPU_OFF: someone must still be able to reset the system. */
	if (__atomic_load_n(&psci_cores_on, __ATOMIC_RELAXED) - psci_cores_frozen == 1U) {
		psci_unlock_ancestors(pos, PLAT_MAX_PWR_LVL);
		return PSCI_E_DENIED;
	}
	psci_cores_frozen++;
	psci_cpu_nodes[pos].frozen = true;
	/*
	 * The core is in a low-power state for good: NODE_HW_STATE reports it
	 * in standby (5.11, 5.16), while AFFINITY_INFO keeps saying ON and its
	 * domains stay RUN (its cluster may not power down under it).
	 */
	psci_cpu_nodes[pos].local_state = PSCI_LOCAL_STATE_RET;
	psci_unlock_ancestors(pos, PLAT_MAX_PWR_LVL);
	plat_psci_ops()->cpu_freeze();
}
