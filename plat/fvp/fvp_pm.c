/*
 * Base FVP power control through the Base_PowerController (fvp_pwrc.c):
 * CPU_ON writes PPONR and the core starts in BL1, which sends it to the
 * entry in the trusted mailbox; CPU_OFF and power-down suspends write
 * PPOFFR (and PCOFFR when the cluster goes too), suspends with a GIC
 * wake-up enabled (PWKUPR.WEN); SYSTEM_OFF/RESET ask the motherboard
 * through SYS_CFGCTRL (docs/plat/fvp.rst).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <drivers/gicv3.h>
#include <fvp_pwrc.h>
#include <lib/mmio.h>
#include <lib/psci/psci.h>
#include <lib/utils_def.h>
#include <plat/plat_psci.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <trusted_mailbox.h>
#include <platform_def.h>

#define RUN PSCI_LOCAL_STATE_RUN
#define RET PSCI_LOCAL_STATE_RET
#define OFF PSCI_LOCAL_STATE_OFF

static void pwrc_write(unsigned int offset, uint32_t value)
{
	mmio_write_32(PLAT_PWRC_BASE + offset, value);
}

static uint32_t pwrc_read(unsigned int offset)
{
	return mmio_read_32(PLAT_PWRC_BASE + offset);
}

static const struct fvp_pwrc_io pwrc = { pwrc_write, pwrc_read };

/* Standby at the core; core and cluster power-down (platform_def.h). */
static const struct psci_pstate_desc fvp_power_states[] = {
	{ PLAT_PSTATE_CORE_STANDBY, { { RET, RUN, RUN } } },
	{ PLAT_PSTATE_CORE_OFF, { { OFF, RUN, RUN } } },
	{ PLAT_PSTATE_CLUSTER_OFF, { { OFF, OFF, RUN } } },
};

void plat_cpu_standby(uint8_t cpu_state)
{
	(void)cpu_state;
	dsb_sy();
	wfi();
}

int plat_pwr_domain_on(uint64_t mpidr, unsigned int pos)
{
	if (fvp_pwrc_core_on(&pwrc, mpidr) != 0) {
		ERROR("FVP: core %u (MPIDR 0x%llx) did not power off in time for CPU_ON\n", pos,
		      (unsigned long long)mpidr);
		return PSCI_E_INTERN_FAIL;
	}
	return 0;
}

static void pwr_down(const struct psci_power_state *state, bool wake)
{
	/* A suspend keeps the redistributor powered: its wake request wakes the core. */
	if (wake)
		gicv3_cpu_suspend();
	else
		gicv3_cpu_power_down();
	fvp_pwrc_core_off(&pwrc, read_mpidr_el1(), state->pwr_domain_state[1] == OFF, wake);
}

void plat_pwr_domain_off(const struct psci_power_state *state)
{
	pwr_down(state, false);
}

void plat_pwr_domain_suspend(const struct psci_power_state *state)
{
	if (state->pwr_domain_state[PSCI_CPU_PWR_LVL] == OFF)
		pwr_down(state, true);
}

static void fvp_pwr_domain_finish(const struct psci_power_state *state)
{
	(void)state;
	fvp_pwrc_core_up(&pwrc, read_mpidr_el1());
}

/* A power-up after CPU_ON and after a suspend finish alike. */
void plat_pwr_domain_on_finish(const struct psci_power_state *state)
{
	fvp_pwr_domain_finish(state);
}

void plat_pwr_domain_suspend_finish(const struct psci_power_state *state)
{
	fvp_pwr_domain_finish(state);
}

static void __attribute__((noreturn)) v2m_request(unsigned int func, const char *what)
{
	/* No core may act on a stale warm-boot entry after a reset. */
	trusted_mailbox_clear();
	mmio_write_32(PLAT_V2M_SYSREG_BASE + V2M_SYS_CFGSTAT, 0);
	mmio_write_32(PLAT_V2M_SYSREG_BASE + V2M_SYS_CFGCTRL, fvp_v2m_cfgctrl(func));
	dsb_sy();
	for (unsigned int i = 0; i < 1000000U; i++) {
		if ((mmio_read_32(PLAT_V2M_SYSREG_BASE + V2M_SYS_CFGSTAT) & V2M_CFGSTAT_COMPLETE) !=
		    0U)
			break;
	}
	ERROR("FVP: the model did not act on %s\n", what);
	for (;;)
		wfi();
}

void __attribute__((noreturn)) plat_system_off(void)
{
	v2m_request(V2M_FUNC_SHUTDOWN, "SYSTEM_OFF");
}

void __attribute__((noreturn)) plat_system_reset(void)
{
	v2m_request(V2M_FUNC_REBOOT, "SYSTEM_RESET");
}

/* The power controller's own view (PSYSR) of a core or its cluster. */
static int fvp_node_hw_state(unsigned int pos, unsigned int level, uint8_t psci_state)
{
	uint32_t st = fvp_pwrc_status(&pwrc, plat_core_mpidr(pos));

	(void)psci_state;
	if (st == PSYSR_INVALID)
		return PSCI_E_INVALID_PARAMS;
	return (st & (level == 0U ? PSYSR_AFF_L0 : PSYSR_AFF_L1)) != 0U ? PSCI_HW_ON : PSCI_HW_OFF;
}

static const struct plat_psci_ops fvp_psci_ops = {
	.power_states = fvp_power_states,
	.power_state_count = ARRAY_SIZE(fvp_power_states),
	.node_hw_state = fvp_node_hw_state,
	.default_suspend_state = PLAT_PSTATE_CLUSTER_OFF,
};

/* Every core the power controller starts from now on warm-boots into @entry. */
const struct plat_psci_ops *plat_psci_setup(uintptr_t entry)
{
	trusted_mailbox_program(entry);
	return &fvp_psci_ops;
}

/* UART0 goes on, as TF-A's FVP port's runtime console. */
void plat_bl31_runtime_console(void)
{
}

void plat_bl31_setup(void)
{
}
