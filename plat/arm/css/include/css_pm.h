/*
 * The Arm Compute Subsystem's power control, as a module a CSS board's port
 * names in its sources (plat/arm/css/css.mk): PSCI's power operations
 * through the SCP, over SCMI (Arm DEN0056) on the MHU doorbell
 * (drivers/arm/css/scmi.c). The module implements the port's
 * plat_psci_setup (include/plat/plat_psci.h): it asks the SCP once what it
 * implements, programs the trusted mailbox (plat/common/trusted_mailbox.c)
 * with the warm-boot entry every core the SCP powers up enters through
 * BL1, and returns its operations:
 *
 *  CPU_ON, CPU_OFF     SCMI POWER_STATE_SET (4.3) of the core's power
 *                      domain, asynchronous as TF-A's CSS driver sends it,
 *                      SUCCESS and QUEUED taken as accepted, in the CSS
 *                      encoding below;
 *  CPU_SUSPEND         no message: the core's power-down preparation
 *                      (lib/cpus) lets its power controller remove power at
 *                      WFI; the GIC redistributor is put to sleep so that
 *                      a pending interrupt wakes the core;
 *  standby             WFI at the core;
 *  SYSTEM_OFF/RESET(2) SCMI SYSTEM_POWER_STATE_SET (4.4), forceful;
 *                      SYSTEM_RESET2 only when the SCP has a warm reset;
 *  SYSTEM_SUSPEND      the same with suspend, only when the SCP has it,
 *                      the GIC's state kept across (gicv3_save);
 *  power states        the Arm platform convention (StateID 0, original
 *                      format, DEN0022 5.4.2): core standby, core off,
 *                      cluster off; a system-level request granted as
 *                      cluster off (only SYSTEM_SUSPEND may turn the
 *                      system off); default suspend: cluster off.
 *
 * The port's platform_def.h gives PLAT_SCMI_SHMEM_BASE (the shared-memory
 * channel), PLAT_MHU_DOORBELL (the doorbell's set register), the
 * PLAT_PSTATE_CORE_STANDBY, PLAT_PSTATE_CORE_OFF, PLAT_PSTATE_CLUSTER_OFF
 * and PLAT_PSTATE_SYSTEM_LEVEL values, and the trusted mailbox's
 * (PLAT_MAILBOX_BASE, PLAT_MAILBOX_MAGIC); three power levels (core,
 * cluster, system), a core's SCMI power domain being its position. Errors
 * the SCP answers are ERRORs naming the platform (PLAT_TITLE) and the
 * SCMI status.
 */
#ifndef PLAT_ARM_CSS_PM_H
#define PLAT_ARM_CSS_PM_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/psci/psci_coord.h>

/*
 * The CSS power_state for SCMI POWER_STATE_SET (the SCP firmware's CSS
 * format): one nibble per power level, 1 = on, 0 = off, up to the highest
 * level changed, which goes in bits 19:16. Powering a core on: every level
 * on. E.g. core on 0x00020111, core off 0x00000000, core + cluster off
 * 0x00010000.
 */
#define CSS_PSTATE_LEVEL_SHIFT 16
#define CSS_PSTATE_LEVEL_BITS  4U
#define CSS_PSTATE_ON          1U
#define CSS_PSTATE_ALL_ON      0x111U

/* The CSS power_state for @state (ignored when @power_on). Pure. */
uint32_t css_power_state(const struct psci_power_state *state, bool power_on);

#endif
