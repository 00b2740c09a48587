/*
 * PSCI SMC handler (Arm DEN0022, PSCI 1.1): argument decoding, and
 * PSCI_FEATURES answering for exactly what this build and platform do.
 */
#include <stdint.h>

#include <common/debug.h>
#include <common/runtime_svc.h>
#include <lib/psci/psci.h>
#include <plat/plat_psci.h>

#include "psci_private.h"

#define SMC64(fid)	((fid) | PSCI_FID_SMC64_BIT)

/* Is @fid a PSCI function this firmware implements, in this form? */
static bool implemented(uint32_t fid)
{
	const struct plat_psci_ops *ops = plat_psci_ops();

	switch (fid) {
	case PSCI_FID_VERSION:
	case PSCI_FID_CPU_SUSPEND:
	case SMC64(PSCI_FID_CPU_SUSPEND):
	case PSCI_FID_CPU_OFF:
	case PSCI_FID_CPU_ON:
	case SMC64(PSCI_FID_CPU_ON):
	case PSCI_FID_AFFINITY_INFO:
	case SMC64(PSCI_FID_AFFINITY_INFO):
	case PSCI_FID_MIGRATE_INFO_TYPE:
	case PSCI_FID_SYSTEM_OFF:
	case PSCI_FID_SYSTEM_RESET:
	case PSCI_FID_FEATURES:
	case PSCI_FID_STAT_RESIDENCY:
	case SMC64(PSCI_FID_STAT_RESIDENCY):
	case PSCI_FID_STAT_COUNT:
	case SMC64(PSCI_FID_STAT_COUNT):
		return true;
	case PSCI_FID_CPU_FREEZE:
		return ops->cpu_freeze != NULL;
	case PSCI_FID_CPU_DEFAULT_SUSPEND:
	case SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND):
		return ops->default_suspend_state != 0U;
	case PSCI_FID_NODE_HW_STATE:
	case SMC64(PSCI_FID_NODE_HW_STATE):
		return ops->node_hw_state != NULL;
	case PSCI_FID_SYSTEM_SUSPEND:
	case SMC64(PSCI_FID_SYSTEM_SUSPEND):
		return ops->system_suspend;
	case PSCI_FID_SET_SUSPEND_MODE:
		return PSCI_OS_INIT_MODE != 0;
	case PSCI_FID_SYSTEM_RESET2:
	case SMC64(PSCI_FID_SYSTEM_RESET2):
		return ops->system_reset_warm != NULL;
	case PSCI_FID_MEM_PROTECT:
		return ops->mem_protect_set != NULL;
	case PSCI_FID_MEM_PROTECT_CHECK_RANGE:
	case SMC64(PSCI_FID_MEM_PROTECT_CHECK_RANGE):
		return ops->mem_protect_check_range != NULL;
	default:
		return false;
	}
}

int32_t psci_features(uint32_t fid)
{
	/* SMCCC discovery goes through PSCI_FEATURES (DEN0028 7.1). */
	if (fid == SMCCC_VERSION)
		return PSCI_E_SUCCESS;
	if (!implemented(fid))
		return PSCI_E_NOT_SUPPORTED;
	/*
	 * CPU_SUSPEND's answer is its flags: original power_state format
	 * (bit 1 clear), OS-initiated mode if built in (bit 0) (5.15.2).
	 */
	if (fid == PSCI_FID_CPU_SUSPEND || fid == SMC64(PSCI_FID_CPU_SUSPEND))
		return PSCI_OS_INIT_MODE != 0 ? (int32_t)PSCI_FEATURE_OSI : 0;
	return PSCI_E_SUCCESS;
}

uint64_t psci_smc_handler(const struct smc_call *call, const struct el3_context *ctx)
{
	const uint64_t *x = call->x;
	uint64_t spsr = ctx->spsr_el3;
	int64_t rc;

	if (!implemented(call->fid))
		return (uint64_t)(int64_t)PSCI_E_NOT_SUPPORTED;

	switch (call->fid & ~PSCI_FID_SMC64_BIT) {
	case PSCI_FID_VERSION:
		return PSCI_VERSION_VALUE;
	case PSCI_FID_CPU_SUSPEND:
		rc = psci_cpu_suspend((uint32_t)x[1], x[2], x[3], spsr);
		break;
	case PSCI_FID_CPU_OFF:
		rc = psci_cpu_off();
		break;
	case PSCI_FID_CPU_ON:
		rc = psci_cpu_on(x[1], x[2], x[3], spsr);
		break;
	case PSCI_FID_AFFINITY_INFO:
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
	case PSCI_FID_CPU_FREEZE:
		rc = psci_cpu_freeze();
		break;
	case PSCI_FID_CPU_DEFAULT_SUSPEND:
		rc = psci_cpu_default_suspend(x[1], x[2], spsr);
		break;
	case PSCI_FID_NODE_HW_STATE:
		rc = psci_node_hw_state(x[1], x[2]);
		break;
	case PSCI_FID_SYSTEM_SUSPEND:
		rc = psci_system_suspend(x[1], x[2], spsr);
		break;
	case PSCI_FID_SET_SUSPEND_MODE:
		rc = psci_set_suspend_mode(x[1]);
		break;
	case PSCI_FID_STAT_RESIDENCY:
		return psci_stat(x[1], (uint32_t)x[2], true);
	case PSCI_FID_STAT_COUNT:
		return psci_stat(x[1], (uint32_t)x[2], false);
	case PSCI_FID_SYSTEM_RESET2:
		rc = psci_system_reset2(x[1], x[2]);
		break;
	case PSCI_FID_MEM_PROTECT:
		rc = psci_mem_protect(x[1]);
		break;
	case PSCI_FID_MEM_PROTECT_CHECK_RANGE:
		rc = psci_mem_protect_check_range(x[1], x[2]);
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
