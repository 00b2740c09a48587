/*
 * The SBSA Generic Watchdog (Arm DEN0029, Server Base System Architecture,
 * "Generic Watchdog"), as much as a boot watchdog needs: its control
 * frame's
 *
 *  - WCS (+0x000): bit 0 EN; bits 1 and 2 WS0 and WS1, the two stages;
 *  - WOR (+0x008): the offset, in system counter ticks, from a refresh to
 *    WS0 and from WS0 to WS1 (WS1 resets the system); 32 bits in
 *    architecture version 0, 48 bits (+0x008 low word, +0x00C high 16)
 *    from version 1; writing it refreshes the watchdog;
 *  - W_IIDR (+0xFCC): bits 19:16, the architecture version.
 *
 * The counter is the system counter, so @freq_hz is CNTFID0's.
 */
#ifndef DRIVERS_SBSA_WDOG_H
#define DRIVERS_SBSA_WDOG_H

#include <stdint.h>

#define SBSA_WDOG_WCS        0x000
#define SBSA_WDOG_WOR_LOW    0x008
#define SBSA_WDOG_WOR_HIGH   0x00c
#define SBSA_WDOG_W_IIDR     0xfcc
#define SBSA_WDOG_WCS_EN     (1U << 0)
#define SBSA_WDOG_ARCH_SHIFT 16
#define SBSA_WDOG_ARCH_MASK  0xfU

/*
 * Start the watchdog whose control frame is at @control: WS0 @seconds
 * after now (a system reset @seconds after that), counting at @freq_hz.
 * An offset the register cannot hold (version 0's 32 bits) is cut to the
 * largest it can. Returns the seconds programmed (rounded down), which
 * is @seconds unless cut.
 */
uint64_t sbsa_wdog_start(uintptr_t control, uint64_t freq_hz, uint64_t seconds);

/* Stop it (WCS.EN = 0): no stage fires. */
void sbsa_wdog_stop(uintptr_t control);

#endif
