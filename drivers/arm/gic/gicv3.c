/*
 * The GICv3 driver of the firmware (include/drivers/gicv3.h, ARM IHI
 * 0069): the distributor and each CPU's redistributor and system-register
 * interface set up for a system with no secure interrupts, and the
 * redistributor power management around a core power-down.
 */
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <drivers/gicv3.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/mmio.h>

/* Distributor (IHI 0069 12.9) */
#define GICD_CTLR        0x0000
#define GICD_TYPER       0x0004
#define GICD_IGROUPR     0x0080
#define GICD_IGRPMODR    0x0d00
#define CTLR_ENABLE_G0   (1U << 0)
#define CTLR_ENABLE_G1NS (1U << 1)
#define CTLR_ENABLE_G1S  (1U << 2)
#define CTLR_ARE_S       (1U << 4)
#define CTLR_ARE_NS      (1U << 5)
#define CTLR_RWP         (1U << 31)

/* Redistributor: RD_base then SGI_base (include/drivers/gicv3.h) */
#define GICR_FRAME_SIZE       GICV3_GICR_FRAME_SIZE
#define GICR_TYPER            0x0008
#define GICR_WAKER            0x0014
#define GICR_SGI_BASE         0x10000
#define GICR_IGROUPR0         (GICR_SGI_BASE + 0x0080)
#define GICR_IGRPMODR0        (GICR_SGI_BASE + 0x0d00)
#define TYPER_LAST            (1ULL << 4)
#define TYPER_VLPIS           (1ULL << 1)
#define WAKER_PROCESSOR_SLEEP (1U << 1)
#define WAKER_CHILDREN_ASLEEP (1U << 2)

/* ICC_IGRPEN1_EL3 */
#define IGRPEN1_EL3_G1NS (1U << 0)
#define IGRPEN1_EL3_G1S  (1U << 1)

/*
 * A register write or a wake-up takes the GIC a few cycles; one still not
 * done after this many reads (seconds on any core) is a GIC that will
 * never finish: a broken platform description or hardware, and a panic.
 */
#define GIC_POLL_LIMIT  10000000U
/* GICv3 numbers at most 2^16 cores per chip; a sane region holds far fewer frames. */
#define GICR_FRAMES_MAX 1024U

static uintptr_t gicd;
static uintptr_t gicr;

/* Wait until (*@reg & @mask) == @want, bounded; panic naming @what if not. */
static void wait_for(uintptr_t reg, uint32_t mask, uint32_t want, const char *what)
{
	for (uint32_t i = 0; i < GIC_POLL_LIMIT; i++) {
		if ((mmio_read_32(reg) & mask) == want)
			return;
	}
	ERROR("GICv3: %s never completed (register 0x%lx)\n", what, (unsigned long)reg);
	panic();
}

static void gicd_wait_rwp(void)
{
	wait_for(gicd + GICD_CTLR, CTLR_RWP, 0, "distributor write (GICD_CTLR.RWP)");
}

void gicv3_distributor_init(uintptr_t gicd_base, uintptr_t gicr_base)
{
	gicd = gicd_base;
	gicr = gicr_base;

	/* ARE may only change while every group is disabled (12.9.4). */
	mmio_write_32(gicd + GICD_CTLR, 0);
	gicd_wait_rwp();
	mmio_write_32(gicd + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS);
	gicd_wait_rwp();

	unsigned int lines = ((mmio_read_32(gicd + GICD_TYPER) & 0x1fU) + 1U) * 32U;

	/* SPIs start at INTID 32; one bit per interrupt. */
	for (unsigned int intid = 32; intid < lines; intid += 32U) {
		mmio_write_32(gicd + GICD_IGROUPR + intid / 8U, ~0U);
		mmio_write_32(gicd + GICD_IGRPMODR + intid / 8U, 0);
	}
	mmio_write_32(gicd + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS | CTLR_ENABLE_G0 |
	                                        CTLR_ENABLE_G1NS | CTLR_ENABLE_G1S);
	gicd_wait_rwp();
}

/* GICR_TYPER.Affinity_Value is Aff3.Aff2.Aff1.Aff0 in bits 63:32 (12.11.40). */
uintptr_t gicv3_find_redistributor(uintptr_t gicr_base, uint64_t mpidr)
{
	uint64_t aff = ((mpidr >> 32) & 0xffU) << 24 | (mpidr & 0xffffffU);

	uintptr_t frame = gicr_base;

	/* Bounded: a region whose frames never say Last is not walked for ever. */
	for (unsigned int i = 0; i < GICR_FRAMES_MAX; i++, frame += GICR_FRAME_SIZE) {
		uint64_t typer = mmio_read_64(frame + GICR_TYPER);

		if ((typer >> 32) == aff)
			return frame;
		if ((typer & TYPER_LAST) != 0U)
			return 0;
		/* GICv4 frames with VLPIs carry two more 64 KiB pages. */
		if ((typer & TYPER_VLPIS) != 0U)
			frame += GICR_FRAME_SIZE;
	}
	return 0;
}

/*
 * This CPU's redistributor, found by walking the frames once per CPU (a
 * walk is as long as the CPU's place among them) and then kept in its
 * cpu_data: the frames do not move.
 */
static uintptr_t my_redistributor(void)
{
	struct cpu_data *cd = my_cpu_data();

	if (cd->gicr_frame == 0U)
		cd->gicr_frame = gicv3_find_redistributor(gicr, read_mpidr_el1());
	return cd->gicr_frame;
}

static void redistributor_wake(uintptr_t rd)
{
	mmio_clrbits_32(rd + GICR_WAKER, WAKER_PROCESSOR_SLEEP);
	wait_for(rd + GICR_WAKER, WAKER_CHILDREN_ASLEEP, 0, "redistributor wake-up");
}

int gicv3_cpu_init(void)
{
	uintptr_t rd = my_redistributor();

	if (rd == 0U)
		return -1;
	redistributor_wake(rd);
	mmio_write_32(rd + GICR_IGROUPR0, ~0U);
	mmio_write_32(rd + GICR_IGRPMODR0, 0);

	/* System-register interface for EL3, and let EL2 enable its own (12.2.x). */
	write_icc_sre_el3(ICC_SRE_SRE_BIT | ICC_SRE_DFB_BIT | ICC_SRE_DIB_BIT | ICC_SRE_EN_BIT);
	isb();
	write_icc_sre_el2(ICC_SRE_SRE_BIT | ICC_SRE_EN_BIT);
	isb();
	write_icc_pmr_el1(0xff);
	write_icc_igrpen1_el3(IGRPEN1_EL3_G1NS | IGRPEN1_EL3_G1S);
	isb();
	return 0;
}

static void gicv3_cpu_power_down_rd(uintptr_t rd)
{
	mmio_setbits_32(rd + GICR_WAKER, WAKER_PROCESSOR_SLEEP);
	wait_for(rd + GICR_WAKER, WAKER_CHILDREN_ASLEEP, WAKER_CHILDREN_ASLEEP,
	         "redistributor sleep");
}

void gicv3_cpu_power_down(void)
{
	uintptr_t rd = my_redistributor();

	write_icc_igrpen1_el3(0);
	isb();
	if (rd != 0U)
		gicv3_cpu_power_down_rd(rd);
}

struct gicv3_wake_state gicv3_cpu_wake_on_pending(void)
{
	uintptr_t rd = my_redistributor();
	struct gicv3_wake_state saved = {
		.pmr = read_icc_pmr_el1(),
		.igrpen1_el3 = read_icc_igrpen1_el3(),
		.waker = rd != 0U ? mmio_read_32(rd + GICR_WAKER) : 0U,
	};

	if (rd != 0U)
		redistributor_wake(rd);
	write_icc_pmr_el1(0xff);
	write_icc_igrpen1_el3(IGRPEN1_EL3_G1NS | IGRPEN1_EL3_G1S);
	isb();
	return saved;
}

void gicv3_cpu_wake_restore(const struct gicv3_wake_state *saved)
{
	uintptr_t rd = my_redistributor();

	write_icc_igrpen1_el3(saved->igrpen1_el3);
	write_icc_pmr_el1(saved->pmr);
	isb();
	if (rd != 0U && (saved->waker & WAKER_PROCESSOR_SLEEP) != 0U)
		gicv3_cpu_power_down_rd(rd);
}
