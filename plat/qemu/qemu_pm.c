/*
 * QEMU virt power control: the secure PL061 GPIO drives QEMU's gpio-pwr
 * device (line 0 shuts the machine down, line 1 resets it).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/mmio.h>
#include <plat/hold_pen.h>
#include <plat/plat_psci.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

/* PL061: GPIODATA is addressed through a mask in address bits 9:2 (ARM DDI 0190). */
#define GPIODIR		0x400

static void __attribute__((noreturn)) gpio_pulse(unsigned int line)
{
	mmio_write_32(PLAT_SECURE_GPIO_BASE + GPIODIR, 1U << line);
	mmio_write_32(PLAT_SECURE_GPIO_BASE + ((1U << line) << 2), 1U << line);
	dsb_sy();
	/* QEMU acts on the write; real hardware would take a moment. */
	for (;;)
		wfi();
}

static void __attribute__((noreturn)) qemu_system_off(void)
{
	gpio_pulse(PLAT_SECURE_GPIO_POWEROFF);
}

static void __attribute__((noreturn)) qemu_system_reset(void)
{
	/* No CPU may find a stale GO in its hold pen after the reset. */
	hold_pen_init();
	gpio_pulse(PLAT_SECURE_GPIO_RESET);
}

static const struct plat_psci_ops qemu_psci_ops = {
	.system_off = qemu_system_off,
	.system_reset = qemu_system_reset,
};

const struct plat_psci_ops *plat_psci_ops(void)
{
	return &qemu_psci_ops;
}

void plat_bl31_setup(void)
{
}
