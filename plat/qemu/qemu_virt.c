/*
 * QEMU virt: its devices, and its power-off and reset lines, the part of
 * the machine the QEMU module (plat/common/qemu) leaves to it: the secure
 * PL061 GPIO wired to QEMU's gpio-pwr device (hw/arm/virt.c: line 0 shuts
 * the machine down, line 1 resets it).
 */
#include <arch/aarch64/arch_helpers.h>
#include <lib/mmio.h>
#include <lib/utils_def.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <qemu_machine.h>
#include <platform_def.h>

_Static_assert(PLATFORM_CORE_COUNT >= 1 && PLATFORM_CORE_COUNT <= 16,
               "QEMU virt (GICv3) numbers at most 16 CPUs in MPIDR Aff0");

const struct mmap_region plat_device_regions[] = {
	{ PLAT_DEVICE_BASE, PLAT_DEVICE_SIZE, MT_DEVICE_RW },
};
const unsigned int plat_device_region_count = ARRAY_SIZE(plat_device_regions);

/* PL061: GPIODATA is addressed through a mask in address bits 9:2 (ARM DDI 0190). */
#define GPIODIR 0x400

static void __attribute__((noreturn)) gpio_pulse(unsigned int line)
{
	mmio_write_32(PLAT_SECURE_GPIO_BASE + GPIODIR, 1U << line);
	mmio_write_32(PLAT_SECURE_GPIO_BASE + ((1U << line) << 2), 1U << line);
	dsb_sy();
	for (;;)
		wfi();
}

void qemu_machine_off(void)
{
	gpio_pulse(PLAT_SECURE_GPIO_POWEROFF);
}

void qemu_machine_reset(void)
{
	gpio_pulse(PLAT_SECURE_GPIO_RESET);
}
