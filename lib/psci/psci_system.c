/*
 * System-level and informational PSCI calls (DEN0022 5.10, 5.14, 5.16,
 * 5.17-5.20, and DEN0022F's SYSTEM_OFF2): SYSTEM_OFF, SYSTEM_OFF2,
 * SYSTEM_RESET, SYSTEM_RESET2, SYSTEM_SUSPEND, MEM_PROTECT,
 * MEM_PROTECT_CHECK_RANGE, NODE_HW_STATE and PSCI_SET_SUSPEND_MODE.
 */
#include <drivers/console.h>
#include <common/debug.h>
#include <lib/psci/psci.h>

#include "psci_private.h"

void psci_system_off(void)
{
	NOTICE("PSCI: SYSTEM_OFF\n");
	console_flush();
	plat_system_off();
}

int psci_system_off2(uint64_t type, uint64_t cookie)
{
	/*
	 * HIBERNATE_OFF (or 0, its alias since issue F.b) with a zero cookie
	 * (the type uses none): the OS has saved its image, so a power-off is
	 * all it needs; any other type, vendor types included, or a cookie is
	 * INVALID_PARAMETERS and the machine stays on.
	 */
	if ((type != PSCI_OFF2_TYPE_HIBERNATE_OFF && type != PSCI_OFF2_TYPE_HIBERNATE_ALIAS) ||
	    cookie != 0U)
		return PSCI_E_INVALID_PARAMS;
	NOTICE("PSCI: SYSTEM_OFF2 (HIBERNATE_OFF)\n");
	console_flush();
	plat_system_off();
}

void psci_system_reset(void)
{
	NOTICE("PSCI: SYSTEM_RESET\n");
	console_flush();
	plat_system_reset();
}

int psci_system_reset2(uint64_t reset_type, uint64_t cookie)
{
	const struct plat_psci_ops *ops = psci_plat();

	(void)cookie;
	/* Only the architectural warm reset exists; no vendor reset types. */
	if (reset_type != PSCI_RESET2_SYSTEM_WARM_RESET)
		return PSCI_E_INVALID_PARAMS;
	/* A warm reset keeps memory: it must not be overwritten at boot. */
	if (ops->mem_protect_get != NULL && ops->mem_protect_get() != 0 &&
	    ops->mem_protect_set(0) < 0)
		return PSCI_E_NOT_SUPPORTED;
	NOTICE("PSCI: SYSTEM_RESET2 (warm reset)\n");
	console_flush();
	return ops->system_reset_warm();
}

int psci_system_suspend(const struct psci_ns_entry *entry)
{
	return psci_suspend_all_off(entry);
}

int psci_mem_protect(uint64_t enable)
{
	int prev = psci_plat()->mem_protect_set(enable != 0U);

	return prev < 0 ? PSCI_E_NOT_SUPPORTED : prev;
}

int psci_mem_protect_check_range(uint64_t base, uint64_t length)
{
	if (length == 0U || base + length < base)
		return PSCI_E_DENIED;
	return psci_plat()->mem_protect_check_range(base, length) == 0 ? PSCI_E_SUCCESS
	                                                               : PSCI_E_DENIED;
}

int psci_node_hw_state(unsigned int pos, unsigned int level)
{
	/* PSCI's own view, for a platform whose power controller is PSCI itself. */
	uint8_t local = level == PSCI_CPU_PWR_LVL ? psci_cpu(pos)->local_state
	                                          : psci_ancestor(pos, level)->local_state;

	return psci_plat()->node_hw_state(pos, level, local);
}

int psci_set_suspend_mode(uint64_t mode)
{
	unsigned int pos = psci_my_pos();
	int rc = PSCI_E_SUCCESS;

	if (mode != PSCI_MODE_PLAT_COORD && mode != PSCI_MODE_OS_INIT)
		return PSCI_E_INVALID_PARAMS;
	/*
	 * Switch only while no other core is suspended: the requests recorded
	 * so far were made under the old mode's rules (5.20.2).
	 */
	struct psci_ancestors_locked l = psci_lock_ancestors(pos, PLAT_MAX_PWR_LVL);

	for (unsigned int c = 0; c < PLATFORM_CORE_COUNT; c++) {
		const struct psci_cpu_node *cpu = psci_cpu(c);

		if (c != pos && cpu->aff_info == PSCI_AFF_ON &&
		    cpu->local_state != PSCI_LOCAL_STATE_RUN)
			rc = PSCI_E_DENIED;
	}
	if (rc == PSCI_E_SUCCESS)
		psci_set_suspend_mode_locked(l, (unsigned int)mode);
	psci_unlock_ancestors(l);
	return rc;
}
