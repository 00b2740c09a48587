/*
 * State shared by the PSCI operations: locks, target states, entry points,
 * the power-down preparation and the warm-boot path.
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/el3_runtime/context.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

unsigned int psci_my_pos(void)
{
	return my_cpu_data()->core_pos;
}

/* The ancestor of core @pos at @lvl (1..max). */
static struct psci_non_cpu_node *ancestor(unsigned int pos, unsigned int lvl)
{
	unsigned int n = psci_cpu_nodes[pos].parent;

	while (psci_non_cpu_nodes[n].level < lvl)
		n = psci_non_cpu_nodes[n].parent;
	return &psci_non_cpu_nodes[n];
}

int psci_mpidr_to_pos(uint64_t mpidr)
{
	/*
	 * Bits [63:40] and [31:24] of a target_cpu are not affinity: SBZ
	 * (DEN0022 5.1.4). On a platform whose MPIDRs carry MT, TF-A accepts
	 * it (TFTF passes it), so the same ABI does.
	 */
	uint64_t ignored = PLAT_MPIDR_MT != 0 ? MPIDR_MT_BIT : 0U;

	if ((mpidr & ~(MPIDR_AFFINITY_MASK | ignored)) != 0U)
		return -1;
	return plat_core_pos_by_mpidr(mpidr);
}

uint8_t psci_node_local_state(unsigned int pos, unsigned int level)
{
	return level == PSCI_CPU_PWR_LVL ? psci_cpu_nodes[pos].local_state
					 : ancestor(pos, level)->local_state;
}

void psci_lock_ancestors(unsigned int pos, unsigned int end_lvl)
{
	for (unsigned int lvl = 1; lvl <= end_lvl; lvl++)
		spin_lock(&ancestor(pos, lvl)->lock);
}

void psci_unlock_ancestors(unsigned int pos, unsigned int end_lvl)
{
	for (unsigned int lvl = end_lvl; lvl >= 1U; lvl--)
		spin_unlock(&ancestor(pos, lvl)->lock);
}

int psci_osi_validate(unsigned int pos, unsigned int end_lvl,
		      const struct psci_power_state *requested)
{
	for (unsigned int lvl = 1; lvl <= end_lvl; lvl++) {
		const struct psci_non_cpu_node *node = ancestor(pos, lvl);
		uint8_t want = requested->pwr_domain_state[lvl];

		for (unsigned int c = node->cpu_first; c < (unsigned int)node->cpu_first +
		     node->cpu_count; c++) {
			if (c == pos)
				continue;
			/*
			 * The core (one being powered on is as good as running)
			 * and each domain between it and this node.
			 */
			if (psci_cpu_nodes[c].aff_info == PSCI_AFF_ON_PENDING ||
			    psci_cpu_nodes[c].local_state < want)
				return PSCI_E_DENIED;
			for (unsigned int k = 1; k < lvl; k++) {
				if (ancestor(c, k) != ancestor(pos, k) &&
				    ancestor(c, k)->local_state < want)
					return PSCI_E_DENIED;
			}
		}
	}
	return 0;
}

void psci_set_target_states(unsigned int pos, unsigned int end_lvl,
			    const struct psci_power_state *state)
{
	psci_cpu_nodes[pos].local_state = state->pwr_domain_state[PSCI_CPU_PWR_LVL];
	for (unsigned int lvl = 1; lvl <= end_lvl; lvl++)
		ancestor(pos, lvl)->local_state = state->pwr_domain_state[lvl];
}

int psci_validate_entry_point(uint64_t entry)
{
	/* A64 instructions are 4-byte aligned; an odd address would be Thumb. */
	if ((entry & 3U) != 0U)
		return PSCI_E_INVALID_ADDRESS;
	if (entry < PLAT_NS_DRAM_BASE || entry - PLAT_NS_DRAM_BASE >= PLAT_NS_DRAM_SIZE)
		return PSCI_E_INVALID_ADDRESS;
	return 0;
}

void psci_set_ns_entry(unsigned int pos, uint64_t entry, uint64_t context_id,
		       uint64_t caller_spsr)
{
	struct psci_cpu_node *cpu = &psci_cpu_nodes[pos];
	/* Same exception level as the caller, SP_ELx, all exceptions masked. */
	unsigned int el = (unsigned int)(caller_spsr >> 2) & 3U;

	cpu->ns_entry = entry;
	cpu->ns_context_id = context_id;
	cpu->ns_spsr = SPSR_DAIF_MASK | (el == 2U ? SPSR_M_EL2H : SPSR_M_EL1H);
}

void psci_pwrdown_cpu_start(unsigned int end_lvl)
{
	(void)end_lvl;
	/*
	 * ENTER_CFLUSH is written with the cache on and precedes stores that
	 * may be made with it off, hence the clean (§10.2). Both platforms are
	 * hardware-coherent: the data cache stays on and the core's caches are
	 * written back by the power controller, so the interval holds only the
	 * CPU's own power-down preparation (as on N1SDP, §0).
	 */
	pmf_capture(RT_INSTR_ENTER_CFLUSH, true);
	plat_psci_ops()->cpu_pwrdown_prep();
	pmf_capture(RT_INSTR_EXIT_CFLUSH, false);
}

/*
 * Warm boot of the calling core: first-up coordination, the platform's
 * finisher, then the normal-world entry recorded by CPU_ON or CPU_SUSPEND.
 */
void psci_warmboot_entrypoint(void)
{
	unsigned int pos = psci_my_pos();
	struct psci_cpu_node *cpu = &psci_cpu_nodes[pos];
	unsigned int end_lvl = cpu->target_pwrlvl;
	struct psci_power_state state;

	psci_lock_ancestors(pos, end_lvl);
	state.pwr_domain_state[PSCI_CPU_PWR_LVL] = cpu->local_state;
	for (unsigned int lvl = 1; lvl <= PLAT_MAX_PWR_LVL; lvl++)
		state.pwr_domain_state[lvl] = lvl <= end_lvl ? ancestor(pos, lvl)->local_state
							     : PSCI_LOCAL_STATE_RUN;

	if (cpu->aff_info == PSCI_AFF_ON_PENDING) {
		plat_psci_ops()->pwr_domain_on_finish(&state);
	} else {
		psci_stat_end(pos);
		plat_psci_ops()->pwr_domain_suspend_finish(&state);
	}

	/* This core and every domain above it up to end_lvl run again. */
	cpu->local_state = PSCI_LOCAL_STATE_RUN;
	for (unsigned int lvl = 1; lvl <= end_lvl; lvl++) {
		ancestor(pos, lvl)->local_state = PSCI_LOCAL_STATE_RUN;
		psci_req_local_state[lvl - 1][pos] = PSCI_LOCAL_STATE_RUN;
	}
	cpu->target_pwrlvl = PLAT_MAX_PWR_LVL;
	cpu->aff_info = PSCI_AFF_ON;
	psci_unlock_ancestors(pos, end_lvl);

	struct el3_context *ctx = &my_cpu_data()->ctx;

	cm_init_ns_context(ctx, cpu->ns_entry, cpu->ns_context_id);
	ctx->spsr_el3 = cpu->ns_spsr;
}
