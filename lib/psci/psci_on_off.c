/*
 * Core power on and off (DEN0022 5.5, 5.6, 5.8, 5.11): CPU_ON, CPU_OFF,
 * AFFINITY_INFO and CPU_FREEZE; the power-down preparation every core runs
 * before it loses power; and the warm boot every power-up ends in (a
 * CPU_ON's target, or a core waking from a power-down suspend).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/cpus/cpu_ops.h>
#include <lib/el3_runtime/context.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/psci/psci.h>
#include <lib/psci/psci_lib.h>

#include "psci_private.h"

int psci_cpu_on(unsigned int pos, const struct psci_ns_entry *entry)
{
	struct psci_cpu_locked l = psci_cpu_lock(pos);
	struct psci_cpu_node *cpu = l.cpu;
	int rc;

	if (cpu->aff_info == PSCI_AFF_ON) {
		rc = PSCI_E_ALREADY_ON;
	} else if (cpu->aff_info == PSCI_AFF_ON_PENDING) {
		rc = PSCI_E_ON_PENDING;
	} else {
		cpu->ns_entry = *entry;
		cpu->aff_info = PSCI_AFF_ON_PENDING;
		psci_count_on(1);
		rc = plat_pwr_domain_on(cpu->mpidr, pos);
		if (rc != 0) {
			psci_count_on(-1);
			cpu->aff_info = PSCI_AFF_OFF;
			rc = PSCI_E_INTERN_FAIL;
		}
	}
	psci_cpu_unlock(l);
	return rc;
}

void psci_pwrdown_cpu_start(const struct psci_power_state *state)
{
	/*
	 * ENTER_CFLUSH is written with the cache on and precedes stores that
	 * may be made with it off, hence the clean (docs/perf: capture
	 * points). The interval holds what this CPU model needs before it
	 * loses power (lib/cpus: a set/way flush on Cortex-A57-class cores,
	 * CORE_PWRDN_EN on Neoverse N1); the data cache stays on.
	 */
	pmf_capture(RT_INSTR_ENTER_CFLUSH, true);
	cpu_pwr_down_prep(psci_find_off_level(state));
	pmf_capture(RT_INSTR_EXIT_CFLUSH, false);
}

int psci_cpu_off(void)
{
	unsigned int pos = psci_my_pos();
	struct psci_power_state state;

	/*
	 * Request OFF up to the clusters; the system level only ever turns off
	 * through SYSTEM_OFF or SYSTEM_SUSPEND.
	 */
	for (unsigned int lvl = 0; lvl < PLAT_MAX_PWR_LVL; lvl++)
		state.pwr_domain_state[lvl] = PSCI_LOCAL_STATE_OFF;
	state.pwr_domain_state[PLAT_MAX_PWR_LVL] = PSCI_LOCAL_STATE_RUN;

	struct psci_ancestors_locked l = psci_lock_ancestors(pos, PLAT_MAX_PWR_LVL);

	/*
	 * The last core running may not turn itself off: nothing could turn
	 * it back on (a frozen core cannot). The system node's lock (held)
	 * orders concurrent CPU_OFFs and CPU_FREEZEs.
	 */
	if (psci_cores_running() == 1U) {
		psci_unlock_ancestors(l);
		psci_pmf_no_low_power();
		return PSCI_E_DENIED;
	}
	psci_count_on(-1);
	psci_coordinate_request(l, &state);
	psci_set_target_states(l, &state);
	l.cpu->target_pwrlvl = PLAT_MAX_PWR_LVL;
	psci_pwrdown_cpu_start(&state);
	plat_pwr_domain_off(&state);
	/*
	 * From here AFFINITY_INFO reports OFF and CPU_ON may restart us (under
	 * the target's own lock, which needs none of these: the core's own
	 * node is written by its owner only while it is not OFF).
	 */
	l.cpu->aff_info = PSCI_AFF_OFF;
	psci_unlock_ancestors(l);
	dsb_ish();
	/*
	 * Until the CPU_ON that brings the core back, it counts as a use of
	 * the core power-down state (PSCI_STAT, as TF-A counts it).
	 */
	psci_stat_begin(pos, psci_core_off_index());
	/* Cleaned: the CPU_ON warm boot stores EXIT_HW_LOW_PWR with the MMU off. */
	psci_pmf_power_down(PSCI_FID_CPU_OFF, 0);
	psci_pwr_down_wfi(psci_find_off_level(&state), true, psci_warm_entry());
}

int psci_affinity_info(unsigned int pos)
{
	return psci_cpu(pos)->aff_info;
}

int psci_cpu_freeze(void)
{
	unsigned int pos = psci_my_pos();
	struct psci_ancestors_locked l = psci_lock_ancestors(pos, PLAT_MAX_PWR_LVL);

	/* As for CPU_OFF: someone must still be able to reset the system. */
	if (psci_cores_running() == 1U) {
		psci_unlock_ancestors(l);
		psci_pmf_no_low_power();
		return PSCI_E_DENIED;
	}
	psci_count_frozen();
	l.cpu->frozen = true;
	/*
	 * The core is in a low-power state for good: NODE_HW_STATE reports it
	 * in standby (5.11, 5.16), while AFFINITY_INFO keeps saying ON and its
	 * domains stay RUN (its cluster may not power down under it).
	 */
	l.cpu->local_state = PSCI_LOCAL_STATE_RET;
	psci_unlock_ancestors(l);
	/*
	 * A call that never returns: its PMF record stays in progress (no
	 * EXIT_PSCI), its ring record is written now.
	 */
	psci_pmf_frozen();
	psci_plat()->cpu_freeze();
}

void psci_power_up_finish(unsigned int pos, unsigned int end_lvl)
{
	struct psci_power_state state;

	psci_stat_end(pos);

	struct psci_ancestors_locked l = psci_lock_power_up(pos, end_lvl);

	psci_get_target_states(l, &state);
	if (l.cpu->aff_info == PSCI_AFF_ON_PENDING)
		plat_pwr_domain_on_finish(&state);
	else
		plat_pwr_domain_suspend_finish(&state);

	/* This core and every domain above it up to the locked level run again. */
	psci_set_running(l);
	l.cpu->target_pwrlvl = PLAT_MAX_PWR_LVL;
	l.cpu->aff_info = PSCI_AFF_ON;
	psci_unlock_ancestors(l);
}

/*
 * Warm boot of the calling core: the power-up finish, then the
 * normal-world entry recorded by CPU_ON or CPU_SUSPEND.
 */
void psci_warmboot_entrypoint(void)
{
	unsigned int pos = psci_my_pos();
	const struct psci_cpu_node *cpu = psci_cpu(pos);

	psci_power_up_finish(pos, cpu->target_pwrlvl);

	struct el3_context *ctx = &my_cpu_data()->ctx;

	cm_init_ns_context(ctx, cpu->ns_entry.pc, cpu->ns_entry.context_id);
	ctx->spsr_el3 = cpu->ns_entry.spsr;
}
