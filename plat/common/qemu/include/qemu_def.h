/*
 * The QEMU module's constants (plat/common/qemu): what every QEMU machine
 * of this tree has alike, included at the end of a machine's
 * platform_def.h, which first defines its own (PLATFORM_CORE_COUNT and the
 * topology, PLAT_SEC_SRAM_BASE, PLAT_DTB_BASE, PLAT_BL33_BASE, its
 * devices, PLAT_SOC_NAME). Usable from C, assembly and linker scripts.
 */
#ifndef PLAT_COMMON_QEMU_DEF_H
#define PLAT_COMMON_QEMU_DEF_H

#if !defined(PLATFORM_CORE_COUNT) || !defined(PLAT_SEC_SRAM_BASE) || !defined(PLAT_DTB_BASE) ||    \
	!defined(PLAT_BL33_BASE)
#error "qemu_def.h: the machine's platform_def.h defines its topology and memory map first"
#endif

/*
 * Power domains: system (level 2) -> clusters (1) -> cores (0). The system
 * level exists so that TFTF's "deepest" request (level 2) is accepted;
 * CPU_SUSPEND's level-2 state (PLAT_PSTATE_DEEPEST) records it OFF, which
 * on QEMU is the cores' WFI, and CPU_OFF never turns it off
 * (docs/design/psci.rst).
 */
#define PLAT_MAX_PWR_LVL         2
#define PLAT_NUM_PWR_DOMAINS     (1 + PLAT_CLUSTER_COUNT + PLATFORM_CORE_COUNT)
/*
 * The power_state values of the module's table (qemu_pm.c) that a
 * normal-world client (the test payload, TFTF's QEMU port) uses:
 * composite StateIDs, deepest = level 2.
 */
#define PLAT_PSTATE_CORE_STANDBY 0x00000001
#define PLAT_PSTATE_CORE_OFF     0x00010002
#define PLAT_PSTATE_CLUSTER_OFF  0x01010022
#define PLAT_PSTATE_DEEPEST      0x02010222

/*
 * The interrupts the secure world owns (drivers/arm/gic, GICV3_SECURE_IRQ:
 * INTID, group, edge-triggered): the secure SGIs 8-15, as TF-A's QEMU
 * ports (qemu, qemu_sbsa) make them; the normal world has SGIs 0-7.
 */
#define PLAT_GIC_SECURE_IRQS                                                                       \
	GICV3_SECURE_IRQ(8, GROUP1S, true), GICV3_SECURE_IRQ(9, GROUP1S, true),                    \
		GICV3_SECURE_IRQ(10, GROUP1S, true), GICV3_SECURE_IRQ(11, GROUP1S, true),          \
		GICV3_SECURE_IRQ(12, GROUP1S, true), GICV3_SECURE_IRQ(13, GROUP1S, true),          \
		GICV3_SECURE_IRQ(14, GROUP1S, true), GICV3_SECURE_IRQ(15, GROUP1S, true)

/*
 * QEMU's CPU models lack most IMPLEMENTATION DEFINED registers (its
 * neoverse-n1 has no CPUPWRCTLR_EL1): lib/cpus must not touch N1's.
 */
#define PLAT_CPU_IMPDEF_REGS    0
/* No CPUECTLR_EL1 either: nothing to say about a last-level cache. */
#define PLAT_CPU_EXTERNAL_LLC   0
/*
 * SMCCC_ARCH_SOC_ID (qemu_common.c): an emulated board has no SiP's
 * JEP-106 code: bank 0, code 0, SoC 0, revision 0, and its name.
 */
#define PLAT_SOC_VERSION        0x00000000
#define PLAT_SOC_REVISION       0
/* Not an Arm platform: the deprecated Arm SiP PMF IDs are unknown, as in TF-A's QEMU port. */
#define CACHE_WRITEBACK_GRANULE 64

/*
 * Secure RAM: its first MiB partitioned between the images; the hold pen's
 * page first, and in it the MEM_PROTECT flag (secure RAM keeps it across a
 * QEMU system reset).
 */
#define PLAT_SEC_SRAM_SIZE    0x00100000
#define PLAT_SHARED_RAM_BASE  PLAT_SEC_SRAM_BASE /* hold pen */
#define PLAT_SHARED_RAM_SIZE  0x00001000
#define PLAT_MEM_PROTECT_FLAG (PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE - 8)
#define BL2_BASE              (PLAT_SEC_SRAM_BASE + 0x00001000)
#define BL2_LIMIT             (PLAT_SEC_SRAM_BASE + 0x00060000)
#define BL31_BASE             BL2_LIMIT
#define BL31_LIMIT            (PLAT_SEC_SRAM_BASE + 0x000E0000)
#define BL1_RW_BASE           BL31_LIMIT
#define BL1_RW_LIMIT          (PLAT_SEC_SRAM_BASE + PLAT_SEC_SRAM_SIZE)

/*
 * Non-secure DRAM: the DTB QEMU writes at PLAT_DTB_BASE (its own blob: 1
 * MiB, create_device_tree; a -dtb FILE: twice the file's size plus 20000
 * bytes, the blocks first, which BL2 cuts down to this region when they
 * lie in it: lib/dtb's dtb_trim; tools/qemu_run refuses a file whose
 * blocks could not). BL2 builds the edited DTB just above it,
 * then copies it back: DRAM mapped by BL2 (plat_bl2_regions) and used by
 * nothing before BL33 runs, which exists whenever DRAM is at least 2 MiB,
 * unlike BL33's region (not with -m 512 on virt).
 */
#define PLAT_DTB_MAX_SIZE      0x00100000
#define PLAT_DTB_SCRATCH_BASE  (PLAT_DTB_BASE + PLAT_DTB_MAX_SIZE)
/*
 * The call ring's window (lib/pmf, docs/design/pmf.rst): the MiB of
 * non-secure DRAM just below BL33's, which no image uses; BL2 reserves
 * what the rings take of it in the DTB (/reserved-memory).
 */
#define PLAT_PMF_RING_BASE     (PLAT_BL33_BASE - 0x00100000)
#define PLAT_PMF_RING_MAX_SIZE 0x00100000

/* The PL011: QEMU ignores the divisor. */
#define PLAT_UART_CLK_HZ 0
#define PLAT_UART_BAUD   115200

/* QEMU 7.2's generic timer runs at 62.5 MHz (one tick = 16 ns). */
#define PLAT_SYSCNT_FREQ_HZ 62500000

/*
 * The anti-rollback NV counters the board holds (Arm DEN0006): QEMU has no
 * OTP, so they are build options standing in for its fuses.
 */
#define PLAT_TFW_NVCTR  QEMU_TFW_NVCTR
#define PLAT_NTFW_NVCTR QEMU_NTFW_NVCTR

/* EL3 stacks */
#define PLAT_STACK_SIZE 0x1000

#endif /* PLAT_COMMON_QEMU_DEF_H */
