/*
 * QEMU virt platform constants, started as
 *   -machine virt,secure=on,virtualization=on,gic-version=3 -cpu neoverse-n1
 * Topology: QEMU_CLUSTERS x QEMU_CORES_PER_CLUSTER cores (build options;
 * default 2 x 2, the N1SDP shape). QEMU numbers every CPU in MPIDR Aff0
 * (Aff1 = index / 16 with GICv3), so cluster = Aff0 / cores-per-cluster.
 * What every QEMU machine has alike is the QEMU module's (qemu_def.h).
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
#define PLAT_SOC_NAME           "QEMU virt"

/* Boot ROM: BL1 executes in place from secure flash 0, the FIP follows
 * (QEMU_FLASH_*: plat/qemu/platform.mk, through config.h). */
#define PLAT_BL1_RO_BASE  0x00000000
#define PLAT_BL1_RO_LIMIT QEMU_FLASH_FIP_OFFSET
#define PLAT_FIP_BASE     QEMU_FLASH_FIP_OFFSET
#define PLAT_FIP_MAX_SIZE (QEMU_FLASH_SIZE - PLAT_FIP_BASE)

/* Secure SRAM, 1 MiB (partitioned by the QEMU module). */
#define PLAT_SEC_SRAM_BASE 0x0E000000

/*
 * Non-secure DRAM (-m QEMU_MEMORY_MB): the DTB QEMU writes, then BL33. BL2
 * takes the size from the DTB, and uses this only when the DTB cannot say
 * (qemu_bl2_setup.c). The call ring's MiB below BL33 (0x5FF00000) is clear
 * of U-Boot's loading of a kernel (0x40400000) and an initramfs
 * (0x44000000).
 */
#define PLAT_NS_DRAM_BASE ULL(0x40000000)
#define PLAT_NS_DRAM_SIZE (QEMU_MEMORY_MB * ULL(0x100000))
#define PLAT_DTB_BASE     0x40000000
#define PLAT_BL33_BASE    0x60000000
#define PLAT_BL33_LIMIT   (PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE)

/* Devices */
#define PLAT_DEVICE_BASE          0x08000000 /* GIC .. UARTs .. GPIO */
#define PLAT_DEVICE_SIZE          0x01100000
#define PLAT_GICD_BASE            0x08000000
#define PLAT_GICR_BASE            0x080A0000
#define PLAT_UART_BASE            0x09000000
#define PLAT_SECURE_GPIO_BASE     0x090B0000
#define PLAT_SECURE_GPIO_POWEROFF 0 /* QEMU gpio-pwr "shutdown" */
#define PLAT_SECURE_GPIO_RESET    1 /* QEMU gpio-pwr "reset" */

/* Level-2/3 translation tables per image (lib/xlat). */
#define PLAT_XLAT_TABLES 8

#include <qemu_def.h>

#endif /* PLATFORM_DEF_H */
