/*
 * QEMU sbsa-ref: its devices, and its power-off and reset, the part of the
 * machine the QEMU module (plat/common/qemu) leaves to it: the secure
 * embedded controller sbsa-ec (hw/misc/sbsa_ec.c: a 32-bit write of 1 to
 * its register at offset 0 powers the machine off, of 2 resets it).
 */
#include <arch/aarch64/arch_helpers.h>
#include <lib/mmio.h>
#include <lib/utils_def.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <qemu_machine.h>
#include <platform_def.h>

/*
 * In 2 MiB blocks, a translation table each saved: the GIC (its
 * distributor and a redistributor per core the build has), the EC, the
 * UART (and the devices beside it).
 */
#define BLOCK         0x200000ULL
#define BLOCK_DOWN(a) ((a) & ~(BLOCK - 1U))
#define BLOCK_UP(a)   BLOCK_DOWN((a) + BLOCK - 1U)

const struct mmap_region plat_device_regions[] = {
	{ BLOCK_DOWN(PLAT_GICD_BASE),
	  BLOCK_UP(PLAT_GICR_BASE + PLAT_GICR_MAP_SIZE) - BLOCK_DOWN(PLAT_GICD_BASE),
	  MT_DEVICE_RW },
	{ BLOCK_DOWN(PLAT_SECURE_EC_BASE), BLOCK, MT_DEVICE_RW },
	{ BLOCK_DOWN(PLAT_UART_BASE), BLOCK, MT_DEVICE_RW },
};
const unsigned int plat_device_region_count = ARRAY_SIZE(plat_device_regions);

static void __attribute__((noreturn)) ec_command(uint32_t command)
{
	mmio_write_32(PLAT_SECURE_EC_BASE, command);
	dsb_sy();
	for (;;)
		wfi();
}

void qemu_machine_off(void)
{
	ec_command(PLAT_SECURE_EC_OFF);
}

void qemu_machine_reset(void)
{
	ec_command(PLAT_SECURE_EC_RESET);
}
