/*
 * A QEMU machine's part in the QEMU module (plat/common/qemu, qemu.mk): the
 * module implements the porting interface's hooks a machine of QEMU's has
 * in common, with no power controller in it, and the machine its own
 * hooks below and its plat_device_regions.
 *
 * The module, from the platform's platform_def.h:
 *  - cold boot: every CPU starts in BL1; the secondaries wait in their
 *    hold pen (plat/common/include/hold_pen.h, in PLAT_SHARED_RAM_BASE's
 *    page) for CPU_ON; no CPU is ever reset for a warm boot
 *    (plat_get_my_entrypoint is 0);
 *  - power (qemu_pm.c, docs/plat/qemu.rst): lib/psci's power-down tail and
 *    a wake-up hook that keeps a suspended core in WFI until an interrupt is
 *    pending for it and an off one in its hold pen until CPU_ON; standby,
 *    retention and power-down at the core, power-down of a cluster
 *    (PLAT_PSTATE_CORE_STANDBY, _CORE_OFF, _CLUSTER_OFF, _DEEPEST);
 *    SYSTEM_SUSPEND when QEMU_SYSTEM_SUSPEND is 1; CPU_FREEZE,
 *    NODE_HW_STATE, MEM_PROTECT (its flag at PLAT_MEM_PROTECT_FLAG, in
 *    secure RAM, which a system reset keeps); the cores the build has that
 *    the machine lacks (its -smp) learnt from the GIC's redistributors at
 *    BL31's cold boot: CPU_ON refuses them;
 *  - BL2 (qemu_bl2_setup.c): the DTB QEMU writes at PLAT_DTB_BASE
 *    (PLAT_DTB_MAX_SIZE at most, or cut down to it where only free space
 *    lies past it) is checked, its /memory is the DRAM BL33
 *    may use, MEM_PROTECT is honoured there, and the PSCI description is
 *    added (built at PLAT_DTB_SCRATCH_BASE);
 *  - memory maps of BL1, BL2 and BL31 (the shared page, the DTB, its
 *    scratch buffer), the counter frequency PLAT_SYSCNT_FREQ_HZ,
 *    SMCCC_ARCH_SOC_ID (an emulated board: JEP-106 bank and code 0, its
 *    name PLAT_TITLE), the PL011 console, a uniform topology
 *    (plat/common/include/uniform_topology.h).
 */
#ifndef PLAT_COMMON_QEMU_MACHINE_H
#define PLAT_COMMON_QEMU_MACHINE_H

/*
 * The machine's power-off and reset, for SYSTEM_OFF and SYSTEM_RESET (and
 * SYSTEM_RESET2's warm reset: QEMU's reset keeps memory, reloading only its
 * ROM images). Called by BL31 with every other core off or parked, MMU on;
 * they do not return.
 */
void qemu_machine_off(void) __attribute__((noreturn));
void qemu_machine_reset(void) __attribute__((noreturn));

#endif
