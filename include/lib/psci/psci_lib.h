/*
 * The PSCI library's interface to the rest of BL31.
 */
#ifndef LIB_PSCI_LIB_H
#define LIB_PSCI_LIB_H

#include <stdint.h>

#include <common/runtime_svc.h>

/*
 * Handle PSCI call @call (function number 0x00-0x1f of OEN 4; SMC32
 * arguments already zero-extended) made from the context @ctx, and return
 * the value for x0 (negative PSCI error codes sign-extended). Calls that
 * do not return to the caller (SYSTEM_OFF, CPU_OFF, a power-down suspend
 * that resumes at a new entry point) never come back here.
 */
uint64_t psci_smc_handler(const struct smc_call *call, const struct el3_context *ctx);

/* Cold boot, primary CPU: build the power-domain tree. 0 or -1. */
int psci_setup(void);

/*
 * The coordinated local state (PSCI_LOCAL_STATE_*) of the level-@level
 * power domain containing core @pos: for platforms whose power controller
 * is this firmware's own bookkeeping (QEMU's NODE_HW_STATE).
 */
uint8_t psci_node_local_state(unsigned int pos, unsigned int level);

/* Warm boot of this CPU (CPU_ON or power-down suspend wake-up). */
void psci_warmboot_entrypoint(void);

#endif
