/*
 * System-wide and informational PSCI calls: SYSTEM_RESET2, MEM_PROTECT,
 * MEM_PROTECT_CHECK_RANGE, NODE_HW_STATE, PSCI_SET_SUSPEND_MODE
 * (DEN0022 5.17-5.20, 5.14).
 */
#include <common/debug.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

int psci_system_reset2(uint64_t reset_type, uint64_t cookie)
{
	const struct plat_psci_ops *ops = plat_psci_ops();

	(void)cookie;
	/* Only the architectural warm reset exists; no vendor reset types. */
	if ((reset_type & PSCI_RESET2_VENDOR_BIT) != 0U ||
	    reset_type != PSCI_RESET2_SYSTEM_WARM_RESET)
		return PSCI_E_INVALID_PARAMS;
	if (ops->system_reset_warm == NULL)
		return PSCI_E_NOT_SUPPORTED;
	/* A warm reset keeps memory: it must not be overwritten at boot. */
	if (ops->mem_protect_get != NULL && ops->mem_protect_get() != 0 &&
	    ops->mem_protect_set(0) < 0)
		return PSCI_E_NOT_SUPPORTED;
	NOTICE("PSCI: SYSTEM_RESET2 (warm reset)\n");
	console_flush();
	ops->system_reset_warm();
}

int psci_mem_protect(uint64_t enable)
{
	const struct plat_psci_ops *ops = plat_psci_ops();

	if (ops->mem_protect_set == NULL)
		return PSCI_E_NOT_SUPPORTED;
	int prev = ops->mem_protect_set(enable != 0U);

	return prev < 0 ? PSCI_E_NOT_SUPPORTED : prev;
}

int psci_mem_protect_check_range(uint64_t base, uint64_t length)
{
	const struct plat_psci_ops *ops = plat_psci_ops();

	if (ops->mem_protect_check_range == NULL)
		return PSCI_E_NOT_SUPPORTED;
	if (length == 0U || base + length < base)
		return PSCI_E_DENIED;
	return ops->mem_protect_check_range(base, length) == 0 ? PSCI_E_SUCCESS
							       : PSCI_E_DENIED;
}

int psci_node_hw_state(uint64_t target_mpidr, uint64_t level)
{
	int pos = psci_mpidr_to_pos(target_mpidr);

	if (plat_psci_ops()->node_hw_state == NULL)
		return PSCI_E_NOT_SUPPORTED;
	if (pos < 0 || level > PLAT_MAX_PWR_LVL)
		return PSCI_E_INVALID_PARAMS;
	return plat_psci_ops()->node_hw_state((unsigned int)pos, (unsigned int)level);
}

int psci_set_suspend_mode(uint64_t mode)
{
	unsigned int pos = psci_my_pos();
	int rc = PSCI_E_SUCCESS;

	if (mode != PSCI_MODE_PLAT_COORD && mode != PSCI_MODE_OS_INIT)
		return PSCI_E_INVALID_PARAMS;
	/*
	 * Switch only while no other core is suspended: the requests recorded
	 * so far were made under the old mode's rules (DEN0022 5.20.2).
	 */
	psci_lock_ancestors(pos, PLAT_MAX_PWR_LVL);
	for (unsigned int c = 0; c < PLATFORM_CORE_COUNT; c++) {
		const struct psci_cpu_node *cpu = &psci_cpu_nodes[c];

		if (c != pos && cpu->aff_info == PSCI_AFF_ON &&
		    cpu->local_state != PSCI_LOCAL_STATE_RUN)
			rc = PSCI_E_DENIED;
	}
	if (rc == PSCI_E_SUCCESS)
		psci_suspend_mode = (unsigned int)mode;
	psci_unlock_ancestors(pos, PLAT_MAX_PWR_LVL);
	return rc;
}
