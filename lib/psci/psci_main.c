/*
 * PSCI SMC handler (Arm DEN0022, PSCI 1.1): argument decoding and the
 * calls that need no power-state machinery.
 */
#include <stdint.h>

#include <common/debug.h>
#include <common/runtime_svc.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>

#include "psci_private.h"

/* Every function ID implemented, SMC32 and SMC64 forms (for PSCI_FEATURES). */
static const uint32_t implemented[] = {
	PSCI_FID_VERSION,
	PSCI_FID_CPU_SUSPEND, PSCI_FID_CPU_SUSPEND | PSCI_FID_SMC64_BIT,
	PSCI_FID_CPU_OFF,
	PSCI_FID_CPU_ON, PSCI_FID_CPU_ON | PSCI_FID_SMC64_BIT,
	PSCI_FID_AFFINITY_INFO, PSCI_FID_AFFINITY_INFO | PSCI_FID_SMC64_BIT,
	PSCI_FID_MIGRATE_INFO_TYPE,
	PSCI_FID_SYSTEM_OFF,
	PSCI_FID_SYSTEM_RESET,
	PSCI_FID_FEATURES,
};

int32_t psci_features(uint32_t fid)
{
	/* SMCCC discovery goes through PSCI_FEATURES (DEN0028 7.1). */
	if (fid == SMCCC_VERSION)
		return PSCI_E_SUCCESS;
	for (unsigned int i = 0; i < sizeof(implemented) / sizeof(implemented[0]); i++) {
		/*
		 * CPU_SUSPEND's answer is its feature flags: bit 1 = 0, original
		 * power_state format; bit 0 = 0, no OS-initiated mode (5.15.2).
		 */
		if (implemented[i] == fid)
			return 0;
	}
	return PSCI_E_NOT_SUPPORTED;
}

uint64_t psci_smc_handler(const struct smc_call *call, const struct el3_context *ctx)
{
	const uint64_t *x = call->x;
	int64_t rc;

	switch (call->fid) {
	case PSCI_FID_VERSION:
		return PSCI_VERSION_VALUE;
	case PSCI_FID_CPU_SUSPEND:
	case PSCI_FID_CPU_SUSPEND | PSCI_FID_SMC64_BIT:
		rc = psci_cpu_suspend((uint32_t)x[1], x[2], x[3], ctx->spsr_el3);
		break;
	case PSCI_FID_CPU_OFF:
		rc = psci_cpu_off();
		break;
	case PSCI_FID_CPU_ON:
	case PSCI_FID_CPU_ON | PSCI_FID_SMC64_BIT:
		rc = psci_cpu_on(x[1], x[2], x[3], ctx->spsr_el3);
		break;
	case PSCI_FID_AFFINITY_INFO:
	case PSCI_FID_AFFINITY_INFO | PSCI_FID_SMC64_BIT:
		rc = psci_affinity_info(x[1], x[2]);
		break;
	case PSCI_FID_MIGRATE_INFO_TYPE:
		/* No Trusted OS, so nothing needs migrating (5.9.1). */
		rc = PSCI_TOS_NOT_PRESENT_MP;
		break;
	case PSCI_FID_SYSTEM_OFF:
		psci_system_off();
	case PSCI_FID_SYSTEM_RESET:
		psci_system_reset();
	case PSCI_FID_FEATURES:
		rc = psci_features((uint32_t)x[1]);
		break;
	default:
		rc = PSCI_E_NOT_SUPPORTED;
		break;
	}
	return (uint64_t)rc;
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
