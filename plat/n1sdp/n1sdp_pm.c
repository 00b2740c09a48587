/*
 * N1SDP power control: CPU_ON and CPU_OFF ask the SCP with SCMI
 * POWER_STATE_SET (DEN0056 4.3); CPU_SUSPEND needs no message (the core
 * sets CORE_PWRDN_EN and the power controller does the rest on WFI); the
 * system states use SCMI SYSTEM_POWER_STATE_SET (4.4). A core powered up
 * by the SCP starts in BL1, which sends it to the entry in the trusted
 * mailbox (docs/plat/n1sdp.rst).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <drivers/gicv3.h>
#include <drivers/scmi.h>
#include <lib/mmio.h>
#include <lib/psci/psci.h>
#include <lib/utils_def.h>
#include <n1sdp_css.h>
#include <plat/plat_psci.h>
#include <plat/plat_setup.h>
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
static const struct psci_pstate_desc n1sdp_power_states[] = {
	{ PLAT_PSTATE_CORE_STANDBY, { { RET, RUN, RUN } } },
	{ PLAT_PSTATE_CORE_OFF, { { OFF, RUN, RUN } } },
	{ PLAT_PSTATE_CLUSTER_OFF, { { OFF, OFF, RUN } } },
	{ PLAT_PSTATE_SYSTEM_LEVEL, { { OFF, OFF, RUN } } },
};

static void n1sdp_cpu_standby(uint8_t cpu_state)
{
	(void)cpu_state;
	dsb_sy();
	wfi();
}

static int n1sdp_pwr_domain_on(uint64_t mpidr, unsigned int pos)
{
	uint32_t msg[3] = { SCMI_PWR_STATE_SET_ASYNC, pos, n1sdp_css_power_state(NULL, true) };
	int32_t status = SCMI_SUCCESS;

	(void)mpidr;
	if (scmi_call(&scp, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_PWR_STATE_SET, msg, 3, &status) !=
	    0) {
		ERROR("N1SDP: SCP did not power core %u on (SCMI status %d)\n", pos, (int)status);
		return PSCI_E_INTERN_FAIL;
	}
	return 0;
}

static void n1sdp_pwr_domain_off(const struct psci_power_state *state)
{
	uint32_t msg[3] = { 0, plat_my_core_pos(), n1sdp_css_power_state(state, false) };

	gicv3_cpu_power_down();
	/* The SCP may answer "queued": the core goes off on its next WFI. */
	if (scmi_call(&scp, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_PWR_STATE_SET, msg, 3, NULL) != 0)
		ERROR("N1SDP: SCP refused to power core %u off\n", plat_my_core_pos());
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
static void n1sdp_pwr_domain_suspend(const struct psci_power_state *state)
{
	if (state->pwr_domain_state[PSCI_CPU_PWR_LVL] == OFF)
		gicv3_cpu_suspend();
}

static void n1sdp_pwr_domain_finish(const struct psci_power_state *state)
{
	(void)state;
}

static void __attribute__((noreturn)) system_power(uint32_t state, const char *what)
{
	uint32_t msg[2] = { 0, state };

	/* No core may act on a stale warm-boot entry after the reset. */
	trusted_mailbox_clear();
	if (scmi_call(&scp, SCMI_PROTO_SYS_POWER, SCMI_MSG_SYS_PWR_STATE_SET, msg, 2, NULL) != 0)
		ERROR("N1SDP: SCP refused %s\n", what);
	for (;;)
		wfi();
}

static void __attribute__((noreturn)) n1sdp_system_off(void)
{
	system_power(SCMI_SYS_STATE_SHUTDOWN, "SYSTEM_OFF");
}

static void __attribute__((noreturn)) n1sdp_system_reset(void)
{
	system_power(SCMI_SYS_STATE_COLD_RESET, "SYSTEM_RESET");
}

static void __attribute__((noreturn)) n1sdp_system_reset_warm(void)
{
	system_power(SCMI_SYS_STATE_WARM_RESET, "SYSTEM_RESET2");
}

static const struct plat_psci_ops n1sdp_psci_ops = {
	.power_states = n1sdp_power_states,
	.power_state_count = ARRAY_SIZE(n1sdp_power_states),
	.cpu_standby = n1sdp_cpu_standby,
	.pwr_domain_on = n1sdp_pwr_domain_on,
	.pwr_domain_off = n1sdp_pwr_domain_off,
	.pwr_domain_suspend = n1sdp_pwr_domain_suspend,
	.pwr_domain_on_finish = n1sdp_pwr_domain_finish,
	.pwr_domain_suspend_finish = n1sdp_pwr_domain_finish,
	.system_off = n1sdp_system_off,
	.system_reset = n1sdp_system_reset,
	.system_reset_warm = n1sdp_system_reset_warm,
	.default_suspend_state = PLAT_PSTATE_CLUSTER_OFF,
};

/* Every core the SCP powers up from now on warm-boots into @entry. */
const struct plat_psci_ops *plat_psci_setup(uintptr_t entry)
{
	trusted_mailbox_program(entry);
	return &n1sdp_psci_ops;
}

const uint8_t *plat_get_power_domain_tree_desc(void)
{
	static const uint8_t desc[] = { 1, PLAT_CLUSTER_COUNT, PLAT_CORES_PER_CLUSTER,
		                        PLAT_CORES_PER_CLUSTER };

	return desc;
}

void plat_bl31_setup(void)
{
	n1sdp_timer_frames_init();
}
