/*
 * GICv3 set-up: the interrupts the platform names secure (its devices',
 * as TF-A's port of it makes them) are Group 0 or Secure Group 1,
 * disabled, at the highest priority, their registers RAZ/WI to the normal
 * world; every other SPI, PPI and SGI is Group 1 Non-secure, the normal
 * world's, which enables its CPU interface's group itself (any of them
 * pending for a CPU wakes it from WFI). EL3 handles no interrupt.
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

#include <stdbool.h>
#include <stdint.h>

/* An interrupt the secure world owns: its INTID, group and trigger (IHI 0069 3.3). */
enum gicv3_secure_group {
	GICV3_GROUP0,
	GICV3_GROUP1S,
};
struct gicv3_secure_irq {
	uint16_t intid;
	uint8_t group; /* enum gicv3_secure_group */
	bool edge;     /* edge-triggered (SGIs always are), else level */
};
/* An initializer for one, as platform_def.h lists them (PLAT_GIC_SECURE_IRQS). */
#define GICV3_SECURE_IRQ(id, grp, is_edge)                                                         \
	{                                                                                          \
		(id), GICV3_##grp, (is_edge)                                                       \
	}

/*
 * Cold boot, primary CPU, MMU on: enable affinity routing for both security
 * states, make the @count interrupts of @secure secure (the SPIs here, the
 * SGIs and PPIs by each CPU's gicv3_cpu_init; the table must outlive BL31's
 * boot) and every other SPI Group 1 Non-secure, and enable the groups.
 * @gicd_base: distributor; @gicr_base: first redistributor frame. A GIC-600
 * or GIC-600AE of a revision with erratum 2384374 is recognised here
 * (GICR_IIDR) and its workaround applied at every redistributor sleep.
 */
void gicv3_distributor_init(uintptr_t gicd_base, uintptr_t gicr_base,
                            const struct gicv3_secure_irq *secure, unsigned int count);

/*
 * Every CPU at cold and warm boot: wake this CPU's redistributor
 * (GICR_WAKER.ProcessorSleep = 0, 12.11.43), make its SGIs/PPIs Group 1
 * Non-secure but the secure ones, and enable the system-register CPU
 * interface for EL3 and EL2 (its Group 1 enable left to the normal world).
 * Returns 0, or -1 if no redistributor frame has this CPU's affinity (a
 * platform description error).
 */
int gicv3_cpu_init(void);

/*
 * CPU_OFF, before this CPU powers down: disable its Group 1 interrupts at
 * the CPU interface (and a DSB, so that none is in flight), mark its
 * redistributor asleep (waiting for ChildrenAsleep; GIC-600 erratum
 * 2384374's DPG toggle first where it applies), as 12.11.43 requires
 * before removing power, and, on a
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
 * What the GIC loses when the system's power goes (SYSTEM_SUSPEND on a
 * platform whose power controller turns the GIC off): the distributor's
 * control and every SPI's group, group modifier, enable, priority,
 * trigger and routing; and the suspending CPU's redistributor: its SGIs'
 * and PPIs' same registers, GICR_CTLR and the LPI tables' bases, as the
 * normal world left them (IHI 0069 12.9, 12.11). An ITS's state is not
 * kept. The platform owns the storage (BL31's memory, kept in suspend).
 */
#define GICV3_CTX_INTIDS 1020U /* the SPIs' INTIDs end at 1019 */
struct gicv3_context {
	uint32_t gicd_ctlr, lines;
	uint32_t igroupr[GICV3_CTX_INTIDS / 32], igrpmodr[GICV3_CTX_INTIDS / 32],
		isenabler[GICV3_CTX_INTIDS / 32], icfgr[GICV3_CTX_INTIDS / 16];
	uint8_t ipriorityr[GICV3_CTX_INTIDS];
	uint64_t irouter[GICV3_CTX_INTIDS];
	uintptr_t rd;
	uint32_t gicr_ctlr, igroupr0, igrpmodr0, isenabler0, icfgr1;
	uint8_t ipriorityr0[32];
	uint64_t propbaser, pendbaser;
};

/*
 * Before the system powers down, the calling CPU's groups already off
 * (gicv3_cpu_suspend or gicv3_cpu_power_down come after): keep @ctx. At
 * the next gicv3_cpu_init, a distributor found reset (GICD_CTLR.ARE_S
 * clear: its state was lost) gets @ctx back first, and the CPU whose
 * redistributor @ctx holds gets that back instead of the boot defaults;
 * then @ctx is forgotten. A suspend that never removed power restores
 * nothing but that CPU's redistributor, as it was.
 */
void gicv3_save(struct gicv3_context *ctx);

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
