/*
 * The Arm Compute Subsystem's power control (plat/arm/css/include/css_pm.h):
 * CPU_ON and CPU_OFF ask the SCP with SCMI POWER_STATE_SET (DEN0056 4.3),
 * asynchronous as TF-A sends it, taking SUCCESS and QUEUED as accepted;
 * CPU_SUSPEND needs no message (the core sets its power-down enable and the
 * power controller does the rest on WFI); the system states use SCMI
 * SYSTEM_POWER_STATE_SET (4.4), SYSTEM_SUSPEND too, with the GIC's state
 * kept across it. What the SCP implements is asked once at boot, and PSCI
 * offers only that (SYSTEM_RESET2 only with its warm reset, SYSTEM_SUSPEND
 * only with its suspend, as TF-A's css_scmi_override_pm_ops decides). A
 * refusal is an ERROR naming what the SCP said. A core powered up by the
 * SCP starts in BL1, which sends it to the entry in the trusted mailbox
 * (docs/plat/n1sdp.rst).
 */
#include <errno.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <css_pm.h>
#include <drivers/gicv3.h>
#include <drivers/scmi.h>
#include <lib/psci/psci.h>
#include <lib/utils_def.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>
#include <trusted_mailbox.h>
#include <platform_def.h>

#define RUN PSCI_LOCAL_STATE_RUN
#define RET PSCI_LOCAL_STATE_RET
#define OFF PSCI_LOCAL_STATE_OFF

static struct scmi_channel scp = {
	.shmem = PLAT_SCMI_SHMEM_BASE,
	.doorbell = PLAT_MHU_DOORBELL,
	.lock = SPINLOCK_INIT(LOCK_RANK_SCMI),
};

/*
 * Arm platform convention: StateID 0 (values: platform_def.h); standby only
 * at the core; TFTF's N1SDP port asks for level 1 as its deepest. A level-2
 * request is granted as cluster power-down: only SYSTEM_SUSPEND may turn
 * the system off.
 */
static const struct psci_pstate_desc css_power_states[] = {
	{ PLAT_PSTATE_CORE_STANDBY, { { RET, RUN, RUN } } },
	{ PLAT_PSTATE_CORE_OFF, { { OFF, RUN, RUN } } },
	{ PLAT_PSTATE_CLUSTER_OFF, { { OFF, OFF, RUN } } },
	{ PLAT_PSTATE_SYSTEM_LEVEL, { { OFF, OFF, RUN } } },
};

void plat_cpu_standby(uint8_t cpu_state)
{
	(void)cpu_state;
	dsb_sy();
	wfi();
}

int plat_pwr_domain_on(uint64_t mpidr, unsigned int pos)
{
	int rc = scmi_power_state_set(&scp, pos, css_power_state(NULL, true));

	(void)mpidr;
	if (scmi_accepted(rc))
		return 0;
	ERROR("%s: the SCP did not power core %u on: %s\n", PLAT_TITLE, pos, scmi_strerror(rc));
	return PSCI_E_INTERN_FAIL;
}

/*
 * Accepted (SUCCESS, or QUEUED: the core goes off at its next WFI), the
 * power-down tail's WFI is the last thing the core does. Refused: CPU_OFF
 * does not return (DEN0022), so the core waits in that WFI, powered, and
 * the refusal is on the console.
 */
void plat_pwr_domain_off(const struct psci_power_state *state)
{
	unsigned int pos = plat_my_core_pos();
	int rc;

	gicv3_cpu_power_down();
	rc = scmi_power_state_set(&scp, pos, css_power_state(state, false));
	if (!scmi_accepted(rc))
		ERROR("%s: the SCP did not take core %u off: %s\n", PLAT_TITLE, pos,
		      scmi_strerror(rc));
}

/*
 * No message: WFI with CORE_PWRDN_EN set (lib/cpus, in the Cache Flush
 * interval) removes power, and the core comes back through BL1 and the
 * mailbox. What wakes it is the GIC: its CPU interface off and its
 * redistributor asleep but powered, the GIC-600 asks the power controller
 * to power the core up when an interrupt is pending for it (GIC-600 TRM,
 * GICR_WAKER.ProcessorSleep; TF-A's CSS power-down does the same). A
 * suspend whose WFI returns (an interrupt came first) resumes through the
 * warm-boot entry (plat/common/aarch64/plat_pwr_down_wake.S), whose reset
 * handler withdraws the request (lib/cpus) and whose GIC set-up wakes the
 * redistributor again. Core standby is lib/psci's WFI alone.
 */
/*
 * SYSTEM_SUSPEND (the system level OFF; CPU_SUSPEND never asks for it
 * here, css_power_states): the GIC's state is kept (the SCP powers it
 * down with the system; gicv3_cpu_init gives it back at the wake-up), the
 * calling core's redistributor powered down as for CPU_OFF, then
 * SYSTEM_POWER_STATE_SET(suspend), forceful, as TF-A's css_scp_suspend
 * sends it. Accepted (SUCCESS, or no answer: under way), the WFI of the
 * power-down tail is the last thing the system does; refused, the WFI
 * returns with the next interrupt and the core resumes (an abandoned
 * power-down), the GIC's state unlost.
 */
static struct gicv3_context gic_ctx;

static void css_system_suspend(void)
{
	int rc;

	gicv3_save(&gic_ctx);
	gicv3_cpu_power_down();
	rc = scmi_system_power_state_set(&scp, SCMI_SYS_STATE_SUSPEND);
	if (rc != SCMI_SUCCESS && rc != -ETIMEDOUT)
		ERROR("%s: the SCP refused SYSTEM_SUSPEND: %s\n", PLAT_TITLE, scmi_strerror(rc));
}

void plat_pwr_domain_suspend(const struct psci_power_state *state)
{
	if (state->pwr_domain_state[PLAT_MAX_PWR_LVL] == OFF)
		css_system_suspend();
	else if (state->pwr_domain_state[PSCI_CPU_PWR_LVL] == OFF)
		gicv3_cpu_suspend();
}

static void css_pwr_domain_finish(const struct psci_power_state *state)
{
	(void)state;
}

/* A power-up after CPU_ON and after a suspend finish alike. */
void plat_pwr_domain_on_finish(const struct psci_power_state *state)
{
	css_pwr_domain_finish(state);
}

void plat_pwr_domain_suspend_finish(const struct psci_power_state *state)
{
	css_pwr_domain_finish(state);
}

/* Where powered-up cores enter BL31, for the trusted mailbox. */
static uintptr_t warm_entrypoint;

/*
 * SYSTEM_POWER_STATE_SET, forceful. SCP-firmware carries a shutdown or a
 * reset out without answering (its scmi_system_power module), so no answer
 * is the request under way, as SUCCESS is: the core waits in WFI for the
 * power to go, for good. A refusal returns it, the system still up: the
 * trusted mailbox, cleared first so that no core warm-boots after the
 * reset, is given back its entry.
 */
static int system_power(uint32_t state, const char *what)
{
	int rc;

	trusted_mailbox_clear();
	rc = scmi_system_power_state_set(&scp, state);
	if (rc == SCMI_SUCCESS || rc == -ETIMEDOUT) {
		for (;;)
			wfi();
	}
	trusted_mailbox_program(warm_entrypoint);
	ERROR("%s: the SCP refused %s: %s\n", PLAT_TITLE, what, scmi_strerror(rc));
	return rc;
}

/* SYSTEM_OFF and SYSTEM_RESET do not return (DEN0022): refused, BL31 stops. */
void __attribute__((noreturn)) plat_system_off(void)
{
	(void)system_power(SCMI_SYS_STATE_SHUTDOWN, "SYSTEM_OFF");
	panic();
}

void __attribute__((noreturn)) plat_system_reset(void)
{
	(void)system_power(SCMI_SYS_STATE_COLD_RESET, "SYSTEM_RESET");
	panic();
}

/* SYSTEM_RESET2 may: the caller gets NOT_SUPPORTED (DEN0022, SYSTEM_RESET2). */
static int css_system_reset_warm(void)
{
	(void)system_power(SCMI_SYS_STATE_WARM_RESET, "SYSTEM_RESET2");
	return PSCI_E_NOT_SUPPORTED;
}

/*
 * The operations, once plat_psci_setup has filled in what the SCP has:
 * SYSTEM_RESET2 (its hook) and SYSTEM_SUSPEND.
 */
static struct plat_psci_ops css_psci_ops = {
	.power_states = css_power_states,
	.power_state_count = ARRAY_SIZE(css_power_states),
	.default_suspend_state = PLAT_PSTATE_CLUSTER_OFF,
};

static unsigned int major(uint32_t version)
{
	return version >> 16;
}

static unsigned int minor(uint32_t version)
{
	return version & 0xffffU;
}

/*
 * Every core the SCP powers up from now on warm-boots into @entry. What
 * the SCP implements decides what PSCI offers; what it lacks is said once,
 * here, rather than at the first call that needs it.
 */
const struct plat_psci_ops *plat_psci_setup(uintptr_t entry)
{
	struct scmi_power_caps caps;
	const char *why;

	warm_entrypoint = entry;
	trusted_mailbox_program(entry);
	scmi_power_discover(&scp, &caps);
	NOTICE("%s: SCP SCMI power domain protocol %u.%u, system power protocol %u.%u%s%s\n",
	       PLAT_TITLE, major(caps.pd_version), minor(caps.pd_version), major(caps.sys_version),
	       minor(caps.sys_version),
	       (caps.sys_attributes & SCMI_SYS_ATTR_WARM_RESET) != 0U ? ", warm reset" : "",
	       (caps.sys_attributes & SCMI_SYS_ATTR_SUSPEND) != 0U ? ", suspend" : "");
	why = caps.error != 0 ? scmi_strerror(caps.error) : "no such protocol";
	if (!caps.pwr_state_set)
		ERROR("%s: the SCP offers no SCMI POWER_STATE_SET (%s): CPU_ON and CPU_OFF "
		      "will fail\n",
		      PLAT_TITLE, why);
	if (!caps.sys_state_set)
		ERROR("%s: the SCP offers no SCMI SYSTEM_POWER_STATE_SET (%s): SYSTEM_OFF and "
		      "SYSTEM_RESET will stop BL31, SYSTEM_RESET2 is not offered\n",
		      PLAT_TITLE, why);
	css_psci_ops.system_reset_warm = (caps.sys_attributes & SCMI_SYS_ATTR_WARM_RESET) != 0U
	                                         ? css_system_reset_warm
	                                         : NULL;
	css_psci_ops.system_suspend = (caps.sys_attributes & SCMI_SYS_ATTR_SUSPEND) != 0U;
	return &css_psci_ops;
}
