/*
 * A register model of an Arm GIC-600's distributor and redistributors,
 * from the GIC-600 TRM (Arm 100336: 3.6.1 Redistributor power management,
 * 4.4 GICR_WAKER and GICR_PWRR) and IHI 0069 (GICv3), as much as the
 * firmware's GICv3 driver (drivers/arm/gic/gicv3.c) uses:
 *
 *  - at reset every Redistributor is powered down: GICR_PWRR.RDPD = 1 in
 *    every frame, every Redistributor group powered off (RDGPD = RDGPO =
 *    1), GICR_WAKER = 0x6 (ProcessorSleep, ChildrenAsleep);
 *  - a powered-down frame answers only its identification (GICR_IIDR,
 *    GICR_TYPER: TF-A's cold-boot probe of every frame and its IIDR test
 *    before power-up read them there) and GICR_PWRR; every other register
 *    of RD_base and SGI_base reads as zero and ignores writes, GICR_WAKER
 *    included (a wake-up "succeeds" at once and does nothing);
 *  - a core powers its frame by writing RDPD = 0; its group, if off,
 *    powers up: RDGPD = 0 at once, RDGPO follows after transit_reads reads
 *    of GICR_PWRR (RDGPD != RDGPO: the group is in transit). A group powers
 *    down when every core of it has RDPD = 1, and loses its frames' state.
 *    Writes of RDPD = 1 are ignored unless GICR_WAKER.ProcessorSleep = 1;
 *    writes that would change the group's intent while it is in transit
 *    are ignored (GICR_PWRR, Table 4-26);
 *  - with has_pwrr false it is a GICv3 without that register (QEMU's,
 *    GIC-500): frames work from reset, offset 0x24 is reserved, and any
 *    access to it is counted;
 *  - GICR_WAKER.ProcessorSleep = 1 gives ChildrenAsleep only when the
 *    writing core's CPU interface has every group disabled
 *    (ICC_IGRPEN1_EL3 = 0; Group 0 is never enabled here) and a DSB SY
 *    came after that write (IHI 0069 12.11.43: nothing may be in flight to
 *    a sleeping interface); on a GIC-600 r0p0-r1p6 or GIC-600AE
 *    r0p0-r0p2, also only after every GICR_CTLR.DPG bit was set and
 *    cleared after that DSB (erratum 2384374, Arm SDEN-892601: otherwise
 *    a stuck wake-up packet keeps ChildrenAsleep 0). Otherwise it never
 *    sets, and the refusal is counted;
 *  - the interrupt configuration the firmware writes is kept (group,
 *    group modifier, enable, priority, trigger, routing) for the SPIs of
 *    the distributor and each frame's SGIs and PPIs (and its LPI tables'
 *    bases); the model makes no
 *    difference between secure and non-secure accesses (the firmware's
 *    are all secure).
 */
#ifndef TESTS_UNIT_MODELS_GIC600_H
#define TESTS_UNIT_MODELS_GIC600_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

#define GIC600_MAX_FRAMES 8
#define GIC600_IIDR       0x0200043BU /* ProductID 0x02, implementer Arm (0x43B), r0p0 */
#define GIC600_R1P6_IIDR  0x0201643BU /* the last revision with erratum 2384374 */
#define GIC600_R1P7_IIDR  0x0201743BU /* its fix */
#define GIC500_IIDR       0x0100043BU
#define GICV3_QEMU_IIDR   0x0000043BU

struct gic600 {
	/* configuration */
	uintptr_t gicd, gicr;
	unsigned int frames;     /* one per core, in core-position order */
	unsigned int group_size; /* cores per Redistributor group */
	uint32_t iidr;
	bool has_pwrr;
	unsigned int transit_reads; /* GICR_PWRR reads a group transition lasts */
	bool stuck;                 /* transitions never complete */
	bool mute;                  /* a GIC that does not answer: every GICR_TYPER reads 0 */
	uint64_t affinity[GIC600_MAX_FRAMES]; /* GICR_TYPER[63:32] per frame */

	bool erratum_2384374; /* from iidr's revision */

	/* state */
	uint32_t gicd_ctlr;
	uint32_t gicd_igroupr[32], gicd_igrpmodr[32], gicd_enable[32], gicd_icfgr[64];
	uint8_t gicd_priority[1024];
	uint64_t gicd_router[1024];
	struct {
		bool rdpd, sleep, children_asleep;
		uint32_t ctlr, igroupr0, igrpmodr0, enable0, icfgr[2];
		uint8_t priority[32];
		uint64_t propbaser, pendbaser;
		uint64_t dpg_set_seq,
			dpg_clear_seq; /* board_next_seq of the last DPG set / clear */
	} rd[GIC600_MAX_FRAMES];
	struct {
		bool pd, po;
		unsigned int transit;
	} group[GIC600_MAX_FRAMES];

	/* what software did that the GIC ignored or never defined */
	unsigned int dead_writes;  /* writes to a powered-down frame */
	unsigned int dead_reads;   /* reads of a powered-down frame's registers */
	unsigned int pwrr_ignored; /* GICR_PWRR writes the GIC ignored */
	unsigned int pwrr_writes;
	unsigned int rdag_writes;     /* RDAG = 1: the driver powers its own frame only */
	unsigned int reserved_access; /* offset 0x24 of a GIC without GICR_PWRR */
	unsigned int sleep_refused;   /* ProcessorSleep that ChildrenAsleep never followed */
	unsigned int dpg_toggles;     /* GICR_CTLR.DPG set and cleared again */

	struct model gicd_model, gicr_model;
};

/*
 * @frames cores, groups of @group_size, MPIDR affinities from @affinity
 * (Aff3.Aff2.Aff1.Aff0 per frame); placed on the board.
 */
void gic600_init(struct gic600 *g, uintptr_t gicd, uintptr_t gicr, unsigned int frames,
                 unsigned int group_size, uint32_t iidr, const uint64_t *affinity);

/*
 * The system's power removed and restored (SYSTEM_SUSPEND): the
 * distributor back at its reset state (GICD_CTLR 0, every configuration
 * register 0) and every Redistributor group down, its frames' state lost.
 */
void gic600_system_power_cycle(struct gic600 *g);

/* Frame @f is powered and answers (its group on, its RDPD = 0). */
bool gic600_frame_on(const struct gic600 *g, unsigned int f);
bool gic600_group_off(const struct gic600 *g, unsigned int f);

#endif
