/*
 * GICv3 set-up for a system with no secure interrupts: every SPI, PPI and
 * SGI is Group 1 Non-secure, so the normal world owns them all and any of
 * them pending for a CPU wakes it from WFI.
 * Source: GIC architecture specification v3/v4, ARM IHI 0069.
 */
#ifndef DRIVERS_GICV3_H
#define DRIVERS_GICV3_H

/*
 * One GICv3 redistributor's frames, RD_base then SGI_base, 64 KiB each
 * (IHI 0069 12.10, 12.11): the stride between CPUs' redistributors, for
 * a platform's memory map.
 */
#define GICV3_GICR_FRAME_SIZE 0x20000

#include <stdint.h>

/*
 * Cold boot, primary CPU, MMU on: enable affinity routing for both security
 * states, make every SPI Group 1 Non-secure and enable the groups.
 * @gicd_base: distributor; @gicr_base: first redistributor frame.
 */
void gicv3_distributor_init(uintptr_t gicd_base, uintptr_t gicr_base);

/*
 * Every CPU at cold and warm boot: wake this CPU's redistributor
 * (GICR_WAKER.ProcessorSleep = 0, 12.11.43), make its SGIs/PPIs Group 1
 * Non-secure, and enable the system-register CPU interface for EL3, EL2 and
 * Group 1. Returns 0, or -1 if no redistributor frame has this CPU's
 * affinity (a platform description error).
 */
int gicv3_cpu_init(void);

/*
 * CPU_OFF, before this CPU powers down: disable its Group 1 interrupts at
 * the CPU interface, mark its redistributor asleep (waiting for
 * ChildrenAsleep), as 12.11.43 requires before removing power, and, on a
 * GIC-600/700, power the redistributor down (GICR_PWRR.RDPD = 1; the last
 * core of its group takes the group down, waited for). Only CPU_ON wakes
 * the core; gicv3_cpu_init() powers it up again.
 */
void gicv3_cpu_power_down(void);

/*
 * A power-down suspend: the same, but the redistributor stays powered, so
 * that ProcessorSleep = 1 makes it ask the power controller to wake the
 * core when an interrupt is pending for it (GIC-600 TRM, GICR_WAKER).
 */
void gicv3_cpu_suspend(void);

/*
 * Guarantee that an interrupt pending for this CPU wakes it from WFI, even
 * if the normal world disabled its group enable, raised its priority mask
 * or slept the redistributor before calling PSCI (what a power controller's
 * wake request does on real hardware): for a power-down that does not
 * return to its caller.
 */
void gicv3_cpu_wake_on_pending(void);

/*
 * Standby: the same for one WFI (DSB SY, WFI), and everything it changed
 * given back once the core wakes, for the caller it returns to.
 */
void gicv3_cpu_standby_wfi(void);

/*
 * The redistributor frame (RD_base) of the CPU with @mpidr, searching the
 * frames from @gicr_base up to the one marked Last; 0 if none matches.
 * Plain MMIO reads: usable from any exception level.
 */
uintptr_t gicv3_find_redistributor(uintptr_t gicr_base, uint64_t mpidr);

#endif
