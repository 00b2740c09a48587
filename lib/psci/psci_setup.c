/*
 * Power-domain tree construction from the platform's descriptor.
 */
#include <string.h>

#include <common/debug.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

struct psci_non_cpu_node psci_non_cpu_nodes[PSCI_NON_CPU_NODES_MAX];
struct psci_cpu_node psci_cpu_nodes[PLATFORM_CORE_COUNT];
uint8_t psci_req_local_state[PLAT_MAX_PWR_LVL][PLATFORM_CORE_COUNT];
uint32_t psci_cores_on;
uint32_t psci_cores_frozen;
unsigned int psci_suspend_mode = PSCI_MODE_PLAT_COORD;

/*
 * Walk the breadth-first descriptor. Nodes of one level are numbered in
 * order, so the children of node i of level L are the next desc[] entries'
 * worth of nodes of level L-1, and cores below a node are contiguous.
 * Returns 0, or -1 if the descriptor does not describe PLATFORM_CORE_COUNT
 * cores in PLAT_MAX_PWR_LVL + 1 levels.
 */
static int populate_tree(const uint8_t *desc)
{
	unsigned int level_first = 0;	/* index of this level's first node */
	unsigned int level_count = desc[0];
	unsigned int next = 0;		/* next non-CPU node index */
	unsigned int d = 1;		/* next descriptor element */

	if (level_count == 0U)
		return -1;
	/* Non-CPU levels, from PLAT_MAX_PWR_LVL down to 1. */
	for (unsigned int i = 0; i < level_count; i++) {
		if (next == PSCI_NON_CPU_NODES_MAX)
			return -1;
		psci_non_cpu_nodes[next++] = (struct psci_non_cpu_node){
			.level = PLAT_MAX_PWR_LVL, .parent = PSCI_NO_PARENT,
			.local_state = PSCI_LOCAL_STATE_RUN,
		};
	}
	for (unsigned int lvl = PLAT_MAX_PWR_LVL; lvl >= 1U; lvl--) {
		unsigned int children_first = lvl > 1U ? next : 0U;
		unsigned int children = 0;

		for (unsigned int i = 0; i < level_count; i++) {
			unsigned int n = desc[d++];
			unsigned int parent = level_first + i;

			for (unsigned int c = 0; c < n; c++, children++) {
				if (lvl > 1U) {
					if (next == PSCI_NON_CPU_NODES_MAX)
						return -1;
					psci_non_cpu_nodes[next++] = (struct psci_non_cpu_node){
						.level = (uint8_t)(lvl - 1U),
						.parent = (uint16_t)parent,
						.local_state = PSCI_LOCAL_STATE_RUN,
					};
				} else {
					if (children >= PLATFORM_CORE_COUNT)
						return -1;
					psci_cpu_nodes[children].parent = (uint16_t)parent;
				}
			}
		}
		level_first = children_first;
		level_count = children;
		if (lvl == 1U && children != PLATFORM_CORE_COUNT)
			return -1;
	}

	/* Core spans of every non-CPU node, from its cores' parent links. */
	for (unsigned int n = 0; n < next; n++)
		psci_non_cpu_nodes[n].cpu_count = 0;
	for (unsigned int pos = PLATFORM_CORE_COUNT; pos-- > 0U;) {
		for (unsigned int n = psci_cpu_nodes[pos].parent; n != PSCI_NO_PARENT;
		     n = psci_non_cpu_nodes[n].parent) {
			psci_non_cpu_nodes[n].cpu_first = (uint16_t)pos;
			psci_non_cpu_nodes[n].cpu_count++;
		}
	}
	return 0;
}

void psci_cpu_span(unsigned int pos, struct psci_cpu_span *span)
{
	span->first[0] = (uint16_t)pos;
	span->count[0] = 1;
	for (unsigned int n = psci_cpu_nodes[pos].parent; n != PSCI_NO_PARENT;
	     n = psci_non_cpu_nodes[n].parent) {
		unsigned int lvl = psci_non_cpu_nodes[n].level;

		span->first[lvl] = psci_non_cpu_nodes[n].cpu_first;
		span->count[lvl] = psci_non_cpu_nodes[n].cpu_count;
	}
}

int psci_setup(void)
{
	if (populate_tree(plat_get_power_domain_tree_desc()) != 0) {
		ERROR("PSCI: the platform's power-domain tree is inconsistent\n");
		return -1;
	}
	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++) {
		struct psci_cpu_node *cpu = &psci_cpu_nodes[pos];

		cpu->mpidr = plat_core_mpidr(pos);
		cpu->aff_info = PSCI_AFF_OFF;
		cpu->local_state = PSCI_LOCAL_STATE_OFF;
		cpu->target_pwrlvl = PLAT_MAX_PWR_LVL;
	}
	/* Cores never started count as requesting OFF (§4.5). */
	memset(psci_req_local_state, PSCI_LOCAL_STATE_OFF, sizeof(psci_req_local_state));

	unsigned int me = psci_my_pos();

	psci_cpu_nodes[me].aff_info = PSCI_AFF_ON;
	psci_cores_on = 1;
	psci_cpu_nodes[me].local_state = PSCI_LOCAL_STATE_RUN;
	for (unsigned int lvl = 1; lvl <= PLAT_MAX_PWR_LVL; lvl++)
		psci_req_local_state[lvl - 1][me] = PSCI_LOCAL_STATE_RUN;
	INFO("PSCI: %u cores, %u power levels\n", PLATFORM_CORE_COUNT, PLAT_MAX_PWR_LVL + 1);
	return 0;
}
