/*
 * Arm Base FVP (FVP_Base_RevC-2xAEMvA; the Neoverse N1 Base FVP where it
 * differs). Addresses from Arm's Fast Models Reference Guide (Arm 100966),
 * "Base Platform memory map" and "Base_PowerController component"; see
 * docs/plat/fvp.rst. FVP_CLUSTERS x FVP_CORES_PER_CLUSTER cores. MPIDRs
 * are read at run time: Aff1 = cluster, Aff0 = core on the AEM model;
 * MT-style (Aff2 = cluster, Aff1 = core, Aff0 = thread 0) on Neoverse N1.
 * Usable from C, assembly and linker scripts.
 */
#ifndef PLATFORM_DEF_H
#define PLATFORM_DEF_H

#include <arch/aarch64/arch.h>
#include <trusted_mailbox.h>
#include <uniform_topology.h>

#define PLAT_CLUSTER_COUNT      FVP_CLUSTERS
#define PLAT_CORES_PER_CLUSTER  FVP_CORES_PER_CLUSTER
#define PLATFORM_CORE_COUNT     (PLAT_CLUSTER_COUNT * PLAT_CORES_PER_CLUSTER)
/* PSCI ignores MPIDR.MT in its arguments: the N1 model sets it, the AEM not. */
#define PLAT_MPIDR_LAYOUT       MPIDR_LAYOUT_BY_MT
#define PLAT_CORES_FROM_MACHINE 0 /* the build's cores are the machine's */
#define PLAT_MPIDR_MT           1
#define CACHE_WRITEBACK_GRANULE 64
/* The N1 model has Neoverse N1's IMPLEMENTATION DEFINED registers (lib/cpus). */
#define PLAT_CPU_IMPDEF_REGS    1
/* No last-level cache beyond the cores' (TF-A's FVP leaves NEOVERSE_Nx_EXTERNAL_LLC off). */
#define PLAT_CPU_EXTERNAL_LLC   0

#define PLAT_MAX_PWR_LVL     2
#define PLAT_NUM_PWR_DOMAINS (1 + PLAT_CLUSTER_COUNT + PLATFORM_CORE_COUNT)

/*
 * Trusted Boot ROM (secureflash, 64 MiB at 0): BL1. Trusted SRAM (256 KiB
 * at 0x04000000): the mailbox page, then BL31, which reuses BL1's RW
 * region (BL1 is done before BL2 loads BL31). Trusted DRAM (32 MiB at
 * 0x06000000): BL2, which does not fit beside BL31 in the SRAM.
 */
#define PLAT_BL1_RO_BASE     0x00000000
#define PLAT_BL1_RO_LIMIT    0x00040000
#define PLAT_SEC_SRAM_BASE   0x04000000
#define PLAT_SEC_SRAM_SIZE   0x00040000
#define PLAT_SHARED_RAM_BASE 0x04000000
#define PLAT_SHARED_RAM_SIZE 0x00001000
/* The trusted mailbox (plat/common/include/trusted_mailbox.h), at the page's top. */
#define PLAT_MAILBOX_BASE    (PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE - TRUSTED_MAILBOX_SIZE)
#define PLAT_MAILBOX_MAGIC   0x4656504241534521ULL /* "FVPBASE!" */
#define BL31_BASE            0x04001000
#define BL31_LIMIT           0x04040000
#define BL1_RW_BASE          0x04020000
#define BL1_RW_LIMIT         0x04040000
#define PLAT_SEC_DRAM_BASE   0x06000000
#define PLAT_SEC_DRAM_SIZE   0x02000000
#define BL2_BASE             0x06000000
#define BL2_LIMIT            0x06080000

/* The FIP in NOR flash 0 (64 MiB at 0x08000000, bp.flashloader0). */
#define PLAT_FIP_BASE     0x08000000
#define PLAT_FIP_MAX_SIZE 0x04000000

/*
 * DRAM: 2 GiB at 0x80000000 (the TZC-400 left open: bp.secure_memory=0),
 * less its top 16 MiB, which TF-A's FVP keeps for the secure world and
 * the model's Linux device trees leave out of /memory: the normal world's
 * entry points lie below (TF-A's ARM_NS_DRAM1).
 */
#define PLAT_NS_DRAM_BASE      ULL(0x80000000)
#define PLAT_NS_DRAM_SIZE      (ULL(0x80000000) - ULL(0x01000000))
#define PLAT_BL33_BASE         0x88000000
#define PLAT_BL33_LIMIT        0x8C000000
/*
 * The call ring's window (lib/pmf, docs/design/pmf.rst): the first MiB of
 * DRAM's top 16 MiB, which the model's Linux device trees leave out of
 * /memory (TF-A's FVP keeps them for the secure world behind its TZC).
 */
#define PLAT_PMF_RING_BASE     0xFF000000
#define PLAT_PMF_RING_MAX_SIZE 0x00100000
/* No DTB from this firmware: BL33 brings its own (docs/plat/fvp.rst). */
#define PLAT_DTB_BASE          0

/* Devices */
#define PLAT_V2M_SYSREG_BASE 0x1C010000 /* V2M system registers */
#define PLAT_UART_BASE       0x1C090000 /* UART0, PL011 */
#define PLAT_UART_CLK_HZ     24000000
#define PLAT_UART_BAUD       115200
#define PLAT_PWRC_BASE       0x1C100000 /* Base_PowerController */
#define PLAT_CNTCONTROL_BASE 0x2A430000 /* CNTControl: CNTCR at +0, CNTFID0 at +0x20 */
#define PLAT_GICD_BASE       0x2F000000 /* GICv3 distributor */
#define PLAT_GICR_BASE       0x2F100000 /* redistributors */
/*
 * The interrupts the secure world owns (drivers/arm/gic, GICV3_SECURE_IRQ:
 * INTID, group, edge-triggered), as TF-A's FVP makes them (arm_def.h's
 * ARM_G1S_IRQ_PROPS and ARM_G0_IRQ_PROPS, fvp_def.h's watchdog and timer):
 * Secure Group 1, the secure physical timer (PPI 29), the secure SGIs 9-13
 * and 15, the trusted watchdog (56) and the secure system timer (57);
 * Group 0, SGIs 8 and 14.
 */
#define PLAT_GIC_SECURE_IRQS                                                                       \
	GICV3_SECURE_IRQ(29, GROUP1S, false), GICV3_SECURE_IRQ(9, GROUP1S, true),                  \
		GICV3_SECURE_IRQ(10, GROUP1S, true), GICV3_SECURE_IRQ(11, GROUP1S, true),          \
		GICV3_SECURE_IRQ(12, GROUP1S, true), GICV3_SECURE_IRQ(13, GROUP1S, true),          \
		GICV3_SECURE_IRQ(15, GROUP1S, true), GICV3_SECURE_IRQ(56, GROUP1S, false),         \
		GICV3_SECURE_IRQ(57, GROUP1S, false), GICV3_SECURE_IRQ(8, GROUP0, true),           \
		GICV3_SECURE_IRQ(14, GROUP0, true)

/*
 * The power_state values: the Arm platforms' composite StateIDs (a local
 * state per level, 4 bits each: 1 retention, 2 off), original format
 * (DEN0022 5.4.2), as TF-A's and TFTF's FVP ports use them.
 */
#define PLAT_PSTATE_CORE_STANDBY 0x00000001
#define PLAT_PSTATE_CORE_OFF     0x00010002
#define PLAT_PSTATE_CLUSTER_OFF  0x01010022
#define PLAT_PSTATE_DEEPEST      PLAT_PSTATE_CLUSTER_OFF

/* Anti-rollback NV counters (DEN0006): the model has no OTP; fixed at 0. */
#define PLAT_TFW_NVCTR  0
#define PLAT_NTFW_NVCTR 0

#define PLAT_XLAT_TABLES 8
#define PLAT_STACK_SIZE  0x1000

#endif /* PLATFORM_DEF_H */
