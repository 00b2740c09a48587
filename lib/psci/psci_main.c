/*
 * PSCI SMC handler (Arm DEN0022 PSCI 1.1).
 */
#include <stdint.h>

#include <common/debug.h>
#include <common/runtime_svc.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>

#include "psci_private.h"

int32_t psci_features(uint32_t fid)
{
	switch (fid) {
	case PSCI_FID_VERSION:
	case PSCI_FID_FEATURES:
	case PSCI_FID_SYSTEM_OFF:
	case PSCI_FID_SYSTEM_RESET:
	case SMCCC_VERSION:
		return PSCI_E_SUCCESS;
	default:
		return PSCI_E_NOT_SUPPORTED;
	}
}

uint64_t psci_smc_handler(const struct smc_call *call)
{
	switch (call->fid) {
	case PSCI_FID_VERSION:
		return PSCI_VERSION_VALUE;
	case PSCI_FID_FEATURES:
		return (uint64_t)(int64_t)psci_features((uint32_t)call->x[1]);
	case PSCI_FID_SYSTEM_OFF:
		psci_system_off();
	case PSCI_FID_SYSTEM_RESET:
		psci_system_reset();
	default:
		return (uint64_t)(int64_t)PSCI_E_NOT_SUPPORTED;
	}
}

void psci_system_off(void)
{
	NOTICE("PSCI: SYSTEM_OFF\n");
	console_flush();
	plat_psci_ops()->system_off();
}

void psci_system_reset(void)
{
	NOTICE("PSCI: SYSTEM_RESET\n");
	console_flush();
	plat_psci_ops()->system_reset();
}
