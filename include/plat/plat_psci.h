/*
 * Porting interface: the platform's power operations, one const table
 * returned by plat_psci_ops() (registered once at cold boot).
 */
#ifndef PLAT_PSCI_H
#define PLAT_PSCI_H

#include <stdint.h>

struct plat_psci_ops {
	/* SYSTEM_OFF / SYSTEM_RESET: never return. Mandatory. */
	void (*system_off)(void) __attribute__((noreturn));
	void (*system_reset)(void) __attribute__((noreturn));
};

const struct plat_psci_ops *plat_psci_ops(void);

#endif
