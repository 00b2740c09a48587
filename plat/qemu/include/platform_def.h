/*
 * QEMU virt platform constants, started as
 *   -machine virt,secure=on,virtualization=on,gic-version=3 -cpu neoverse-n1
 * Topology: QEMU_CLUSTERS x QEMU_CORES_PER_CLUSTER cores (build options;
 * default 2 x 2, the N1SDP shape). QEMU numbers every CPU in MPIDR Aff0
 * (Aff1 = index / 16 with GICv3), so cluster = Aff0 / cores-per-cluster.
 * Usable from C, assembly and linker scripts.
 */
#ifndef PLATFORM_DEF_H
#define PLATFORM_DEF_H

#include <arch/aarch64/arch.h>
#include <uniform_topology.h>

/* A uniform topology (plat/common/uniform_topology.c), its clusters the tree's. */
#define PLAT_CLUSTER_COUNT      QEMU_CLUSTERS
#define PLAT_CORES_PER_CLUSTER  QEMU_CORES_PER_CLUSTER
#define PLATFORM_CORE_COUNT     (PLAT_CLUSTER_COUNT * PLAT_CORES_PER_CLUSTER)
#define PLAT_MPIDR_LAYOUT       MPIDR_LAYOUT_LINEAR
#define PLAT_CORES_FROM_MACHINE 0 /* the build's cores are the machine's */
#define PLAT_MPIDR_MT           0 /* MPIDR_EL1.MT clear: no threads */
/*
 * QEMU's CPU models lack most IMPLEMENTATION DEFINED registers (its
 * neoverse-n1 has no CPUPWRCTLR_EL1): lib/cpus must not touch N1's.
 */
#define PLAT_CPU_IMPDEF_REGS    0
/*
 * SMCCC_ARCH_SOC_ID (qemu_common.c): an emulated board has no SiP's
 * JEP-106 code: bank 0, code 0, SoC 0, revision 0, and its name.
 */
#define PLAT_SOC_VERSION        0x00000000
#define PLAT_SOC_REVISION       0
#define PLAT_SOC_NAME           "QEMU virt"
/* Not an Arm platform: the deprecated Arm SiP PMF IDs are unknown, as in TF-A's QEMU port. */
#define PLAT_ARM_SIP_PMF        0
#define CACHE_WRITEBACK_GRANULE 64

/*
 * Power domains: system (level 2) -> clusters (1) -> cores (0). The system
 * level exists so that TFTF's "deepest" request (level 2) is accepted; it is
 * never turned off by CPU_SUSPEND or CPU_OFF (docs/design/psci.rst).
 */
#define PLAT_MAX_PWR_LVL     2
#define PLAT_NUM_PWR_DOMAINS (1 + PLAT_CLUSTER_COUNT + PLATFORM_CORE_COUNT)

/* Boot ROM: BL1 executes in place from secure flash 0, the FIP follows
 * (QEMU_FLASH_*: plat/qemu/platform.mk, through config.h). */
#define PLAT_BL1_RO_BASE  0x00000000
#define PLAT_BL1_RO_LIMIT QEMU_FLASH_FIP_OFFSET
#define PLAT_FIP_BASE     QEMU_FLASH_FIP_OFFSET
#define PLAT_FIP_MAX_SIZE (QEMU_FLASH_SIZE - PLAT_FIP_BASE)

/* Secure SRAM, 1 MiB, partitioned between the images. */
#define PLAT_SEC_SRAM_BASE    0x0E000000
#define PLAT_SEC_SRAM_SIZE    0x00100000
#define PLAT_SHARED_RAM_BASE  0x0E000000 /* hold pen */
#define PLAT_SHARED_RAM_SIZE  0x00001000
/* MEM_PROTECT flag: secure SRAM keeps it across a QEMU system reset. */
#define PLAT_MEM_PROTECT_FLAG (PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE - 8)
#define BL2_BASE              0x0E001000
#define BL2_LIMIT             0x0E060000
#define BL31_BASE             0x0E060000
#define BL31_LIMIT            0x0E0E0000
#define BL1_RW_BASE           0x0E0E0000
#define BL1_RW_LIMIT          0x0E100000

/*
 * Non-secure DRAM (-m QEMU_MEMORY_MB): the DTB QEMU writes, then BL33. BL2
 * takes the size from the DTB, and uses this only when the DTB cannot say
 * (qemu_bl2_setup.c).
 */
#define PLAT_NS_DRAM_BASE     ULL(0x40000000)
#define PLAT_NS_DRAM_SIZE     (QEMU_MEMORY_MB * ULL(0x100000))
#define PLAT_DTB_BASE         0x40000000
#define PLAT_DTB_MAX_SIZE     0x00100000 /* the DTB region: totalsize at most this */
/*
 * BL2 builds the edited DTB here, then copies it back: non-secure DRAM just
 * above the DTB region, mapped by BL2 (plat_bl2_regions) and used by
 * nothing before BL33 runs. It exists whenever DRAM is at least 2 MiB,
 * unlike BL33's region (not with -m 512).
 */
#define PLAT_DTB_SCRATCH_BASE (PLAT_DTB_BASE + PLAT_DTB_MAX_SIZE)
#define PLAT_BL33_BASE        0x60000000
#define PLAT_BL33_LIMIT       (PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE)

/* Devices */
#define PLAT_DEVICE_BASE          0x08000000 /* GIC .. UARTs .. GPIO */
#define PLAT_DEVICE_SIZE          0x01100000
#define PLAT_GICD_BASE            0x08000000
#define PLAT_GICR_BASE            0x080A0000
#define PLAT_UART_BASE            0x09000000
#define PLAT_UART_CLK_HZ          0 /* QEMU ignores the divisor */
#define PLAT_UART_BAUD            115200
#define PLAT_SECURE_GPIO_BASE     0x090B0000
#define PLAT_SECURE_GPIO_POWEROFF 0 /* QEMU gpio-pwr "shutdown" */
#define PLAT_SECURE_GPIO_RESET    1 /* QEMU gpio-pwr "reset" */

/* QEMU 7.2's generic timer runs at 62.5 MHz (one tick = 16 ns). */
#define PLAT_SYSCNT_FREQ_HZ 62500000

/*
 * The power_state values a normal-world client (the test payload, TFTF's
 * QEMU port) uses: composite StateIDs, deepest = level 2 (qemu_pm.c).
 */
#define PLAT_PSTATE_CORE_STANDBY 0x00000001
#define PLAT_PSTATE_CORE_OFF     0x00010002
#define PLAT_PSTATE_CLUSTER_OFF  0x01010022
#define PLAT_PSTATE_DEEPEST      0x02010222

/* Level-2/3 translation tables per image (lib/xlat). */
/*
 * The anti-rollback NV counters the board holds (Arm DEN0006): QEMU has no
 * OTP, so they are build options standing in for its fuses.
 */
#define PLAT_TFW_NVCTR  QEMU_TFW_NVCTR
#define PLAT_NTFW_NVCTR QEMU_NTFW_NVCTR

#define PLAT_XLAT_TABLES 8

/* EL3 stacks */
#define PLAT_STACK_SIZE 0x1000

#endif /* PLATFORM_DEF_H */
