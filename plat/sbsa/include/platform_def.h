/*
 * QEMU's sbsa-ref machine, as QEMU 7.2 builds it (hw/arm/sbsa-ref.c's
 * memory map; docs/plat/sbsa.rst), started as
 *   -machine sbsa-ref -cpu neoverse-n1 -smp N
 * Its CPUs are numbered in clusters of eight (MPIDR Aff1 = index / 8, Aff0
 * = index % 8) whatever -smp's shape, so the build runs up to
 * PLAT_CLUSTER_COUNT clusters of eight and learns at boot how many of
 * them the machine has (the QEMU module: plat/common/qemu). What every
 * QEMU machine has alike is the QEMU module's (qemu_def.h). Usable from C,
 * assembly and linker scripts.
 */
#ifndef PLATFORM_DEF_H
#define PLATFORM_DEF_H

#include <arch/aarch64/arch.h>
#include <uniform_topology.h>

/* A uniform topology of clusters of eight (plat/common/uniform_topology.c). */
#define PLAT_CLUSTER_COUNT      2
#define PLAT_CORES_PER_CLUSTER  8
#define PLATFORM_CORE_COUNT     (PLAT_CLUSTER_COUNT * PLAT_CORES_PER_CLUSTER)
#define PLAT_MPIDR_LAYOUT       MPIDR_LAYOUT_AFF0_CORE
/* The machine's cores (its -smp) learnt at boot: PSCI knows those only. */
#define PLAT_CORES_FROM_MACHINE 1
#define PLAT_MPIDR_MT           0 /* MPIDR_EL1.MT clear: no threads */
#define PLAT_SOC_NAME           "QEMU sbsa-ref"

/*
 * Boot ROM: the first of the two flash devices, secure only, at 0
 * (-bios fills it); BL1 executes in place, the FIP follows (QEMU_FLASH_*:
 * plat/sbsa/platform.mk, through config.h).
 */
#define PLAT_BL1_RO_BASE  0x00000000
#define PLAT_BL1_RO_LIMIT QEMU_FLASH_FIP_OFFSET
#define PLAT_FIP_BASE     QEMU_FLASH_FIP_OFFSET
#define PLAT_FIP_MAX_SIZE (QEMU_FLASH_SIZE - PLAT_FIP_BASE)

/*
 * Secure RAM: 512 MiB at 0x20000000, seen only by the secure world; its
 * first MiB is partitioned between the images by the QEMU module.
 */
#define PLAT_SEC_SRAM_BASE 0x20000000

/*
 * DRAM (-m QEMU_MEMORY_MB) at 1 TiB: QEMU writes its DTB at its start (the
 * machine's loader_start), then BL33. BL2 takes the size from the DTB.
 * Beyond 2^40 the address space is 41 bits (lib/xlat walks from level 0).
 */
#define PLAT_NS_DRAM_BASE ULL(0x10000000000)
#define PLAT_NS_DRAM_SIZE (QEMU_MEMORY_MB * ULL(0x100000))
#define PLAT_DTB_BASE     PLAT_NS_DRAM_BASE
#define PLAT_BL33_BASE    (PLAT_NS_DRAM_BASE + ULL(0x20000000))
#define PLAT_BL33_LIMIT   (PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE)
#define PLAT_XLAT_VA_BITS 41

/* Devices */
#define PLAT_GICD_BASE       0x40060000
#define PLAT_GICR_BASE       0x40080000 /* a 128 KiB frame per CPU */
#define PLAT_GICR_MAP_SIZE   (PLATFORM_CORE_COUNT * 0x20000)
#define PLAT_SECURE_EC_BASE  0x50000000 /* sbsa-ec: the machine's power commands */
#define PLAT_SECURE_EC_OFF   1          /* SBSA_EC_CMD_POWEROFF */
#define PLAT_SECURE_EC_RESET 2          /* SBSA_EC_CMD_REBOOT */
#define PLAT_UART_BASE       0x60000000 /* the non-secure PL011, the console of every image */

/* Level-1..3 translation tables per image (lib/xlat): low devices, high DRAM. */
#define PLAT_XLAT_TABLES 10

#include <qemu_def.h>

#endif /* PLATFORM_DEF_H */
