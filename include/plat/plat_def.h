/*
 * Porting interface: the constants of a platform's platform_def.h, the
 * header every image, the payload and the linker scripts read (usable from
 * C, assembly and linker scripts), and the ones make provides. This file
 * is their contract (docs/porting-guide.rst, "platform_def.h"): it
 * includes the platform's header and stops the build, naming the
 * constant, when a mandatory one is missing. Generic code includes it
 * (common/bl_common.c) rather than trusting each name to be there.
 *
 * Mandatory:
 *  topology          PLAT_CLUSTER_COUNT, PLAT_CORES_PER_CLUSTER,
 *                    PLATFORM_CORE_COUNT, PLAT_MAX_PWR_LVL (levels above the
 *                    core), PLAT_NUM_PWR_DOMAINS, PLAT_MPIDR_MT (1 when
 *                    MPIDRs may carry MT: PSCI accepts it in target_cpu),
 *                    CACHE_WRITEBACK_GRANULE;
 *  CPUs              PLAT_CPU_IMPDEF_REGS (1 when the CPUs'
 *                    IMPLEMENTATION DEFINED registers exist: lib/cpus);
 *  memory            PLAT_BL1_RO_BASE/_LIMIT, BL1_RW_BASE/_LIMIT,
 *                    BL2_BASE/_LIMIT, BL31_BASE/_LIMIT (each image's linker
 *                    script asserts its budget against them),
 *                    PLAT_SEC_SRAM_BASE/_SIZE, PLAT_SHARED_RAM_BASE/_SIZE,
 *                    PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, PLAT_NS_DRAM_BASE/_SIZE
 *                    (entry points are checked against it),
 *                    PLAT_BL33_BASE/_LIMIT, PLAT_DTB_BASE (BL33's x0);
 *                    with PMF_RING=1, PLAT_PMF_RING_BASE/_MAX_SIZE (the
 *                    call ring's window in non-secure DRAM, lib/pmf);
 *  devices           PLAT_UART_BASE, PLAT_UART_CLK_HZ, PLAT_UART_BAUD,
 *                    PLAT_GICD_BASE, PLAT_GICR_BASE;
 *  translation       PLAT_XLAT_TABLES (per image), PLAT_STACK_SIZE (BL31's,
 *                    per CPU);
 *  trusted boot      PLAT_TFW_NVCTR, PLAT_NTFW_NVCTR (the NV counters of
 *                    plat/common/plat_trusted_boot.c);
 *  power states      PLAT_PSTATE_CORE_STANDBY, PLAT_PSTATE_CORE_OFF,
 *                    PLAT_PSTATE_CLUSTER_OFF, PLAT_PSTATE_DEEPEST: the
 *                    power_state values of its table the normal world uses
 *                    (the payload, the DTB's idle states).
 *
 * Optional:
 *  PLAT_XLAT_VA_BITS     more than 32 bits of address space (lib/xlat)
 *  PLAT_DTB_MAX_SIZE, PLAT_DTB_SCRATCH_BASE  the DTB region and the
 *                        scratch buffer of a platform whose BL2 edits it
 *  PLAT_PSTATE_SYSTEM_LEVEL  a level-2 power_state whose entry keeps the
 *                        system running (N1SDP's NULL StateID)
 *  PLAT_SOC_VERSION, PLAT_SOC_REVISION, PLAT_SOC_NAME  what SMCCC_ARCH_SOC_ID
 *                        answers, where it is constant (the payload checks)
 *  and what a shared module of plat/ reads (its header says: the hold pen,
 *  the trusted mailbox, the uniform topology, the QEMU module, the Arm CSS
 *  module).
 *
 * From make, not platform_def.h: PLAT_TITLE (config.h: the platform.mk's
 * title, a string), PLAT_NAME (the PLAT= name, a string), PLAT_<name> (1).
 *
 * Derived by make, never defined here (config.h): PLAT_ARM_SIP_PMF, 1 where
 * the platform links the Arm SiP service (make_helpers/plat.mk).
 */
#ifndef PLAT_PLAT_DEF_H
#define PLAT_PLAT_DEF_H

#include <platform_def.h>

#if !defined(PLAT_CLUSTER_COUNT) || !defined(PLAT_CORES_PER_CLUSTER) ||                            \
	!defined(PLATFORM_CORE_COUNT) || !defined(PLAT_MAX_PWR_LVL) ||                             \
	!defined(PLAT_NUM_PWR_DOMAINS) || !defined(PLAT_MPIDR_MT) ||                               \
	!defined(CACHE_WRITEBACK_GRANULE)
#error "platform_def.h: the topology (PLAT_CLUSTER_COUNT ... CACHE_WRITEBACK_GRANULE) is mandatory"
#endif
#ifndef PLAT_CPU_IMPDEF_REGS
#error "platform_def.h: PLAT_CPU_IMPDEF_REGS is mandatory"
#endif
#ifndef PLAT_CPU_EXTERNAL_LLC
#error "platform_def.h: PLAT_CPU_EXTERNAL_LLC is mandatory"
#endif
#if !defined(PLAT_BL1_RO_BASE) || !defined(PLAT_BL1_RO_LIMIT) || !defined(BL1_RW_BASE) ||          \
	!defined(BL1_RW_LIMIT) || !defined(BL2_BASE) || !defined(BL2_LIMIT) ||                     \
	!defined(BL31_BASE) || !defined(BL31_LIMIT)
#error "platform_def.h: each image's memory (PLAT_BL1_RO_BASE ... BL31_LIMIT) is mandatory"
#endif
#if !defined(PLAT_SEC_SRAM_BASE) || !defined(PLAT_SEC_SRAM_SIZE) ||                                \
	!defined(PLAT_SHARED_RAM_BASE) || !defined(PLAT_SHARED_RAM_SIZE) ||                        \
	!defined(PLAT_FIP_BASE) || !defined(PLAT_FIP_MAX_SIZE) || !defined(PLAT_NS_DRAM_BASE) ||   \
	!defined(PLAT_NS_DRAM_SIZE) || !defined(PLAT_BL33_BASE) || !defined(PLAT_BL33_LIMIT) ||    \
	!defined(PLAT_DTB_BASE)
#error "platform_def.h: the memory map (PLAT_SEC_SRAM_BASE ... PLAT_DTB_BASE) is mandatory"
#endif
#if ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING &&                                                  \
	(!defined(PLAT_PMF_RING_BASE) || !defined(PLAT_PMF_RING_MAX_SIZE))
#error "platform_def.h: PMF_RING=1 needs the call ring's window (PLAT_PMF_RING_BASE, PLAT_PMF_RING_MAX_SIZE)"
#endif
#if !defined(PLAT_UART_BASE) || !defined(PLAT_UART_CLK_HZ) || !defined(PLAT_UART_BAUD) ||          \
	!defined(PLAT_GICD_BASE) || !defined(PLAT_GICR_BASE) || !defined(PLAT_GIC_SECURE_IRQS)
#error "platform_def.h: the console UART and the GIC (PLAT_UART_BASE ... PLAT_GIC_SECURE_IRQS) are mandatory"
#endif
#if !defined(PLAT_XLAT_TABLES) || !defined(PLAT_STACK_SIZE) || !defined(PLAT_TFW_NVCTR) ||         \
	!defined(PLAT_NTFW_NVCTR)
#error "platform_def.h: PLAT_XLAT_TABLES, PLAT_STACK_SIZE, PLAT_TFW_NVCTR and PLAT_NTFW_NVCTR are mandatory"
#endif
#if !defined(PLAT_PSTATE_CORE_STANDBY) || !defined(PLAT_PSTATE_CORE_OFF) ||                        \
	!defined(PLAT_PSTATE_CLUSTER_OFF) || !defined(PLAT_PSTATE_DEEPEST)
#error "platform_def.h: the power_state values (PLAT_PSTATE_CORE_STANDBY ... PLAT_PSTATE_DEEPEST) are mandatory"
#endif

#endif
