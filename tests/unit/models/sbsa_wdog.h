/*
 * A register model of the SBSA Generic Watchdog's control frame (Arm
 * DEN0029, "Generic Watchdog"; include/drivers/sbsa_wdog.h): WCS (EN),
 * WOR (32 bits in architecture version 0, 48 from version 1: a write to
 * the high word of a version-0 watchdog is to a reserved offset and
 * counted), W_IIDR (the version in bits 19:16). The watchdog counts from
 * the last WOR write while enabled; the test asks when WS0 would fire.
 */
#ifndef TESTS_UNIT_MODELS_SBSA_WDOG_H
#define TESTS_UNIT_MODELS_SBSA_WDOG_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

struct sbsa_wdog {
	unsigned int arch; /* architecture version: 0 or 1 */
	bool enabled;
	uint64_t wor; /* ticks */
	unsigned int wor_writes, reserved_writes, unknown_writes;
	struct model model;
};

void sbsa_wdog_init(struct sbsa_wdog *w, uintptr_t control, unsigned int arch);

#endif
