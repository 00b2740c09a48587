/*
 * A QEMU machine's power control (plat/common/qemu/include/qemu_machine.h).
 *
 * QEMU has no power controller, so power-down is modelled the way hardware
 * behaves as seen by software: lib/psci's power-down tail turns the MMU
 * and caches off and the wake-up hook (aarch64/qemu_helpers.S) keeps a
 * suspended core in WFI until its wake-up interrupt and an off core in
 * its hold pen until CPU_ON; either re-enters BL31 through the warm-boot
 * entry point with the MMU off. SYSTEM_OFF and SYSTEM_RESET are the
 * machine's own (qemu_machine_off, qemu_machine_reset).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <drivers/gicv3.h>
#include <lib/mmio.h>
#include <lib/psci/psci.h>
#include <lib/utils_def.h>
#include <hold_pen.h>
#include <plat/plat_psci.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <qemu_machine.h>
#include <uniform_topology.h>
#include <platform_def.h>

#define RUN PSCI_LOCAL_STATE_RUN
#define RET PSCI_LOCAL_STATE_RET
#define OFF PSCI_LOCAL_STATE_OFF

/*
 * The power states a QEMU machine implements (their values: qemu_def.h),
 * original format with composite StateIDs in DEN0022's recommended
 * encoding, each entry granting what its StateID names. TFTF's QEMU port
 * asks for level 2 as its deepest state: PSCI records the system OFF
 * (OS-initiated mode judges the request so: docs/design/psci.rst), and,
 * QEMU having no power to remove from a cluster or the system, the core
 * waits in the same WFI as at any power-down (plat_pwr_domain_suspend).
 */
static const struct psci_pstate_desc qemu_power_states[] = {
	{ PLAT_PSTATE_CORE_STANDBY, { { RET, RUN, RUN } } },
	{ PLAT_PSTATE_CORE_OFF, { { OFF, RUN, RUN } } },
	{ PLAT_PSTATE_CLUSTER_OFF, { { OFF, OFF, RUN } } },
	{ PLAT_PSTATE_DEEPEST, { { OFF, OFF, OFF } } },
};

/* Where powered-up cores enter the firmware (plat_psci_setup). */
static uintptr_t warm_entrypoint;

void plat_cpu_standby(uint8_t cpu_state)
{
	(void)cpu_state;
	/* The core returns to its caller: the GIC is given back as it was. */
	gicv3_cpu_standby_wfi();
}

/*
 * Cores the build knows that QEMU did not create (its -smp smaller than
 * the build's PLATFORM_CORE_COUNT): no redistributor answers for them.
 * PSCI has no position for them (plat_bl31_setup); CPU_ON fails for one
 * anyway rather than wait for a core that never comes.
 */
static bool core_absent[PLATFORM_CORE_COUNT];

int plat_pwr_domain_on(uint64_t mpidr, unsigned int pos)
{
	(void)mpidr;
	if (core_absent[pos])
		return PSCI_E_INTERN_FAIL;
	hold_pen_release(pos, warm_entrypoint);
	return 0;
}

void plat_pwr_domain_off(const struct psci_power_state *state)
{
	(void)state;
	gicv3_cpu_power_down();
}

void plat_pwr_domain_suspend(const struct psci_power_state *state)
{
	/*
	 * QEMU implements no retention above the core (qemu_power_states),
	 * and a cluster or the system OFF is the core's own WFI: nothing
	 * above the core has power to remove.
	 */
	if (state->pwr_domain_state[PSCI_CPU_PWR_LVL] != OFF)
		return;
	/*
	 * A power controller wakes a powered-down core when an interrupt is
	 * pending for it, whatever the normal world did to its GIC CPU
	 * interface before suspending (Linux disables its group enable and
	 * sleeps the redistributor). WFI in QEMU only sees interrupts the CPU
	 * interface signals, so keep it signalling.
	 */
	gicv3_cpu_wake_on_pending();
}

/* Nothing of the platform's to finish after CPU_ON or a suspend. */
void plat_pwr_domain_on_finish(const struct psci_power_state *state)
{
	(void)state;
}

void plat_pwr_domain_suspend_finish(const struct psci_power_state *state)
{
	(void)state;
}

/* Out of line: the place make profile's traces end a run at (tests/integration/profile_test.sh). */
void __attribute__((noreturn, noinline)) plat_system_off(void)
{
	qemu_machine_off();
}

void __attribute__((noreturn)) plat_system_reset(void)
{
	/* No CPU may find a stale GO in its hold pen after the reset. */
	hold_pen_init();
	qemu_machine_reset();
}

/*
 * QEMU's reset line is the only one there is. It keeps memory (QEMU
 * reloads only its ROM images), so it serves as the architectural warm
 * reset of SYSTEM_RESET2; PSCI has disabled MEM_PROTECT before calling.
 */
static int qemu_system_reset_warm(void)
{
	plat_system_reset();
}

static int qemu_node_hw_state(unsigned int pos, unsigned int level, uint8_t psci_state)
{
	(void)pos;
	(void)level;
	/* QEMU's "power controller" is this firmware's own bookkeeping. */
	switch (psci_state) {
	case RUN:
		return PSCI_HW_ON;
	case RET:
		return PSCI_HW_STANDBY;
	default:
		return PSCI_HW_OFF;
	}
}

static void __attribute__((noreturn)) qemu_cpu_freeze(void)
{
	/* No interrupt may wake it: stop the CPU interface signalling any. */
	write_icc_igrpen1_el3(0);
	isb();
	for (;;)
		wfi();
}

static int qemu_mem_protect_get(void)
{
	return mmio_read_64(PLAT_MEM_PROTECT_FLAG) != 0U;
}

static int qemu_mem_protect_set(int enable)
{
	int prev = qemu_mem_protect_get();

	mmio_write_64(PLAT_MEM_PROTECT_FLAG, enable != 0);
	flush_dcache_range(PLAT_MEM_PROTECT_FLAG, 8);
	return prev;
}

/* MEM_PROTECT covers all non-secure DRAM (BL2 overwrites it, qemu_bl2_setup.c). */
static int qemu_mem_protect_check_range(uint64_t base, uint64_t length)
{
	return base >= PLAT_NS_DRAM_BASE && length <= PLAT_NS_DRAM_SIZE &&
	                       base - PLAT_NS_DRAM_BASE <= PLAT_NS_DRAM_SIZE - length
	               ? 0
	               : -1;
}

static const struct plat_psci_ops qemu_psci_ops = {
	.power_states = qemu_power_states,
	.power_state_count = ARRAY_SIZE(qemu_power_states),
	.system_reset_warm = qemu_system_reset_warm,
	.node_hw_state = qemu_node_hw_state,
	.cpu_freeze = qemu_cpu_freeze,
	.mem_protect_set = qemu_mem_protect_set,
	.mem_protect_get = qemu_mem_protect_get,
	.mem_protect_check_range = qemu_mem_protect_check_range,
	/* The deepest state a core can ask for; coordination does the rest. */
	.default_suspend_state = PLAT_PSTATE_CLUSTER_OFF,
	.system_suspend = QEMU_SYSTEM_SUSPEND != 0,
};

const struct plat_psci_ops *plat_psci_setup(uintptr_t entry)
{
	warm_entrypoint = entry;
	return &qemu_psci_ops;
}

/* One UART: the boot console goes on. */
void plat_bl31_runtime_console(void)
{
}

/*
 * The cores the machine has (its -smp), learnt from the GIC: a CPU QEMU
 * created has a redistributor, found by its affinity. QEMU numbers its
 * CPUs from 0, so they are the first positions. Where the platform learns
 * its cores from the machine (PLAT_CORES_FROM_MACHINE,
 * plat/common/include/uniform_topology.h), PSCI knows only those from here
 * on (plat_core_pos_by_mpidr: no position for the others, whose MPIDRs are
 * INVALID_PARAMETERS to CPU_ON, AFFINITY_INFO...); elsewhere the build's
 * cores are meant to be the machine's, and CPU_ON fails for one it lacks.
 */
void plat_bl31_setup(void)
{
	unsigned int present = 0;

	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++) {
		core_absent[pos] = gicv3_find_redistributor(PLAT_GICR_BASE, plat_core_mpidr(pos)) ==
		                   0U;
		if (!core_absent[pos] && present == pos)
			present++;
	}
	uniform_topology_set_present(present);
	if (present != PLATFORM_CORE_COUNT)
		NOTICE("BL31: %s has %u of the %u cores this build runs: %s\n", PLAT_TITLE, present,
		       PLATFORM_CORE_COUNT,
		       PLAT_CORES_FROM_MACHINE ? "PSCI knows those"
		                               : "CPU_ON fails for the others");
}
