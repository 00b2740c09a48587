/*
 * Arm N1SDP (single chip: two clusters of two Neoverse N1 cores; Arm's
 * N1SDP technical reference manual and docs/plat/n1sdp.rst). MPIDRs are MT-style: Aff0 = thread (0), Aff1 = core,
 * Aff2 = cluster. Usable from C, assembly and linker scripts.
 */
#ifndef PLATFORM_DEF_H
#define PLATFORM_DEF_H

#include <arch/aarch64/arch.h>
#include <trusted_mailbox.h>
#include <uniform_topology.h>

#define PLAT_CLUSTER_COUNT      2
#define PLAT_CORES_PER_CLUSTER  2
#define PLATFORM_CORE_COUNT     (PLAT_CLUSTER_COUNT * PLAT_CORES_PER_CLUSTER)
#define PLAT_MPIDR_LAYOUT       MPIDR_LAYOUT_AFF1_CORE
#define PLAT_CORES_FROM_MACHINE 0 /* the build's cores are the machine's */
#define PLAT_MPIDR_MT           1
#define CACHE_WRITEBACK_GRANULE 64
/* Neoverse N1's IMPLEMENTATION DEFINED registers exist (lib/cpus). */
#define PLAT_CPU_IMPDEF_REGS    1
/*
 * The CMN-600's system-level cache is a last-level cache outside the
 * cores: CPUECTLR_EL1.EXTLLC set at reset (lib/cpus; TF-A's N1SDP builds
 * with NEOVERSE_Nx_EXTERNAL_LLC=1).
 */
#define PLAT_CPU_EXTERNAL_LLC   1

/* Power domains: system (level 2) -> clusters -> cores, as on QEMU. */
#define PLAT_MAX_PWR_LVL     2
#define PLAT_NUM_PWR_DOMAINS (1 + PLAT_CLUSTER_COUNT + PLATFORM_CORE_COUNT)

/*
 * Trusted SRAM, 512 KiB at 0x04000000. The SCP places BL1 in the top
 * 128 KiB. Below it, BL2 (loaded by BL1, running while it loads BL31) and
 * one 128 KiB region that is BL1's RW data while BL1 runs and BL31 from
 * then on: BL1 is done before BL2 loads BL31, and a core that enters BL1
 * later (warm boot, a parked secondary) reads only its ROM and the mailbox.
 */
#define PLAT_SEC_SRAM_BASE   0x04000000
#define PLAT_SEC_SRAM_SIZE   0x00080000
#define PLAT_SHARED_RAM_BASE 0x04000000 /* SDS area, mailbox */
#define PLAT_SHARED_RAM_SIZE 0x00001000
/* The SCP's SDS region at its start (TF-A's CSS layout: 0xDC0 bytes). */
#define PLAT_SDS_BASE        PLAT_SHARED_RAM_BASE
#define PLAT_SDS_SIZE        0x00000DC0
/* The trusted mailbox (plat/common/include/trusted_mailbox.h), at the page's top. */
#define PLAT_MAILBOX_BASE    (PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE - TRUSTED_MAILBOX_SIZE)
#define PLAT_MAILBOX_MAGIC   0x4e31534450574152ULL /* "N1SDPWAR" */
#define BL2_BASE             0x04001000
#define BL2_LIMIT            0x04040000
#define BL1_RW_BASE          0x04040000
#define BL1_RW_LIMIT         0x04060000
#define BL31_BASE            BL1_RW_BASE
#define BL31_LIMIT           BL1_RW_LIMIT
#define PLAT_BL1_RO_BASE     0x04060000
#define PLAT_BL1_RO_LIMIT    0x04080000

/* The AP FIP in QSPI flash. */
#define PLAT_FIP_BASE     0x18200000
#define PLAT_FIP_MAX_SIZE 0x00800000

/*
 * DRAM1: 2 GiB at 0x80000000. Its top 16 MiB are kept from the normal
 * world's description, where TF-A's Arm platforms put their secure DRAM;
 * nothing protects them (docs/plat/n1sdp.rst, "Honest limits").
 */
#define PLAT_DRAM1_BASE        ULL(0x80000000)
#define PLAT_DRAM1_SIZE        ULL(0x80000000)
#define PLAT_NS_DRAM_BASE      PLAT_DRAM1_BASE
#define PLAT_NS_DRAM_SIZE      (PLAT_DRAM1_SIZE - ULL(0x01000000))
/*
 * The call ring's window (lib/pmf, docs/design/pmf.rst): the first MiB of
 * DRAM1's top 16 MiB, which the normal world's descriptions leave out
 * (UEFI's memory map, Linux's n1sdp.dts): non-secure and used by nothing
 * else. A TZC set-up that made the top secure would have to leave it out.
 */
#define PLAT_PMF_RING_BASE     0xFF000000
#define PLAT_PMF_RING_MAX_SIZE 0x00100000
/* DRAM2: the rest of the chip's DDR, above 512 GiB (N1SDP TRM memory map). */
#define PLAT_DRAM2_BASE        ULL(0x8080000000)
#define PLAT_DRAM2_SIZE        ULL(0xF80000000) /* 62 GiB */
#define PLAT_BL33_BASE         0xE0000000
#define PLAT_BL33_LIMIT        0xFEF00000
/*
 * NT_FW_CONFIG, the device tree BL2 writes for BL33 (its x0) with the
 * SCP's platform information (n1sdp_css.h), where TF-A's N1SDP port loads
 * it: just above BL33's window, below the top of DRAM1 kept from BL33. One page
 * is mapped and written; the blob needs a few hundred bytes.
 */
#define PLAT_NT_FW_CONFIG_BASE 0xFEF00000
#define PLAT_NT_FW_CONFIG_SIZE 0x1000
#define PLAT_DTB_BASE          PLAT_NT_FW_CONFIG_BASE

/*
 * DRAM2 lies above 512 GiB: the address space is 40 bits (lib/xlat walks
 * from level 0), in every image, for BL2's DRAM zeroing (N1SDP_DRAM_ECC).
 */
#define PLAT_XLAT_VA_BITS 40

/* The two DMC-620 memory controllers of the chip (TF-A's n1sdp_def.h). */
#define PLAT_DMC0_BASE 0x4E000000
#define PLAT_DMC1_BASE 0x4E100000

/* Devices */
#define PLAT_UART_BASE       0x2A400000 /* AP UART0, PL011 */
#define PLAT_UART_CLK_HZ     50000000
#define PLAT_UART_BAUD       115200
#define PLAT_SSC_VERSION     0x2A420040 /* System Security Control: SSC_VERSION */
/*
 * BL31's runtime and crash console (N1SDP_RUN_UART): the IOFPGA's UART0,
 * a PL011 on a 24 MHz reference clock, TF-A master's
 * PLAT_ARM_RUN_UART_BASE for N1SDP (its commit 4a81e91f2: the AP's second
 * UART, 0x2A410000, is routed to the MCP).
 */
#define PLAT_RUN_UART_BASE   0x1C090000
#define PLAT_RUN_UART_CLK_HZ 24000000
/*
 * The SBSA generic watchdog's control frame (TF-A's SBSA_SECURE_WDOG_BASE
 * for N1SDP; its refresh frame follows at 0x2A490000) and how long the
 * boot may take from BL1 to BL33 before its first stage (the system
 * resets as long again later): 100, TF-A's SBSA_SECURE_WDOG_TIMEOUT, as
 * seconds, for BL2's zeroing of up to 64 GiB of DDR (docs/plat/n1sdp.rst).
 */
#define PLAT_WDOG_BASE       0x2A480000
#define PLAT_BOOT_WDOG_S     100
/*
 * The Generic Timer's frames (include/drivers/sys_counter.h; the Arm CSS
 * addresses, TF-A's css_def.h): CNTControlBase, then CNTCTLBase and the
 * timer frames. Frame 0, at 0x2A830000, is the normal world's (TF-A's
 * PLAT_ARM_NSTIMER_FRAME_ID for N1SDP).
 */
#define PLAT_CNTCONTROL_BASE 0x2A430000
#define PLAT_CNTCTL_BASE     0x2A810000
#define PLAT_CNT_NS_BASE     0x2A830000
#define PLAT_CNT_NS_FRAME    0
#define PLAT_GICD_BASE       0x30000000 /* GIC-600 */
#define PLAT_GICR_BASE       0x300C0000
/*
 * The interrupts the secure world owns (drivers/arm/gic, GICV3_SECURE_IRQ:
 * INTID, group, edge-triggered), as TF-A's N1SDP makes them
 * (its PLAT_ARM_G1S_IRQ_PROPS, css_def.h's
 * CSS_G1S_IRQ_PROPS, and arm_def.h's ARM_G0_IRQ_PROPS): Secure Group 1,
 * level: the SCP's secure MHU (69), the GPU's SMMU (71), the TZC-400
 * (80), the trusted watchdog (86), the secure system timer (91); Group 0:
 * the secure SGIs 8 and 14. The other SGIs stay the normal world's.
 */
#define PLAT_GIC_SECURE_IRQS                                                                       \
	GICV3_SECURE_IRQ(69, GROUP1S, false), GICV3_SECURE_IRQ(71, GROUP1S, false),                \
		GICV3_SECURE_IRQ(80, GROUP1S, false), GICV3_SECURE_IRQ(86, GROUP1S, false),        \
		GICV3_SECURE_IRQ(91, GROUP1S, false), GICV3_SECURE_IRQ(8, GROUP0, true),           \
		GICV3_SECURE_IRQ(14, GROUP0, true)
#define PLAT_MHU_BASE        0x45000000
#define PLAT_MHU_DOORBELL    (PLAT_MHU_BASE + 0x308) /* set register, bit 0 */
#define PLAT_SCMI_SHMEM_BASE 0x45400000

/*
 * The power_state values the platform implements (the Arm CSS module's
 * table, plat/arm/css/css_pm.c): the Arm platform convention, StateID 0,
 * original format (DEN0022 5.4.2). TFTF's N1SDP port asks for level 1 as
 * its deepest.
 */
#define PLAT_PSTATE_CORE_STANDBY 0x00000000
#define PLAT_PSTATE_CORE_OFF     0x00010000
#define PLAT_PSTATE_CLUSTER_OFF  0x01010000
#define PLAT_PSTATE_SYSTEM_LEVEL 0x02010000 /* granted as cluster power-down */
#define PLAT_PSTATE_DEEPEST      PLAT_PSTATE_CLUSTER_OFF

/*
 * Anti-rollback NV counters (Arm DEN0006): fixed at 0 until the board's
 * counters are read from its secure storage (docs/plat/n1sdp.rst).
 */
#define PLAT_TFW_NVCTR  0
#define PLAT_NTFW_NVCTR 0

/*
 * Translation tables per image (lib/xlat, 4 KiB each): BL2 maps DRAM1 and
 * DRAM2 for the ECC zeroing too. plat/n1sdp/tests/test_n1sdp.c builds each
 * image's map with its count.
 */
#define PLAT_XLAT_TABLES_BL2 12
#define PLAT_XLAT_TABLES_BL  10 /* BL1, BL31 (with the PMF call ring's window) */
#ifdef IMAGE_BL2
#define PLAT_XLAT_TABLES PLAT_XLAT_TABLES_BL2
#else
#define PLAT_XLAT_TABLES PLAT_XLAT_TABLES_BL
#endif
#define PLAT_STACK_SIZE 0x1000

#endif /* PLATFORM_DEF_H */
