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
 * Before this CPU powers down: disable its Group 1 interrupts at the CPU
 * interface and mark its redistributor asleep (waiting for ChildrenAsleep),
 * as 12.11.43 requires before removing power.
 */
void gicv3_cpu_power_down(void);

/*
 * Guarantee that an interrupt pending for this CPU wakes it from WFI, even
 * if the normal world disabled its group enable, raised its priority mask
 * or slept the redistributor before calling PSCI (what a power controller's
 * wake request does on real hardware). Returns what it changed, for
 * gicv3_cpu_wake_restore() when the core returns to its caller (standby).
 */
struct gicv3_wake_state {
	uint64_t pmr;
	uint64_t igrpen1_el3;
	uint32_t waker;
};
struct gicv3_wake_state gicv3_cpu_wake_on_pending(void);
void gicv3_cpu_wake_restore(const struct gicv3_wake_state *saved);

/*
 * The redistributor frame (RD_base) of the CPU with @mpidr, searching the
 * frames from @gicr_base up to the one marked Last; 0 if none matches.
 * Plain MMIO reads: usable from any exception level.
 */
uintptr_t gicv3_find_redistributor(uintptr_t gicr_base, uint64_t mpidr);

#endif
