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
#define GICR_IIDR             0x0004
#define GICR_TYPER            0x0008
#define GICR_WAKER            0x0014
#define GICR_SGI_BASE         0x10000
#define GICR_IGROUPR0         (GICR_SGI_BASE + 0x0080)
#define GICR_IGRPMODR0        (GICR_SGI_BASE + 0x0d00)
#define TYPER_LAST            (1ULL << 4)
#define TYPER_VLPIS           (1ULL << 1)
#define WAKER_PROCESSOR_SLEEP (1U << 1)
#define WAKER_CHILDREN_ASLEEP (1U << 2)

/*
 * GIC-600 and GIC-700 (GIC-600 TRM, Arm 100336: 3.6.1 "Redistributor power
 * management" and GICR_PWRR, Table 4-26): each
 * core's Redistributor is powered down at reset and powered through its
 * frame's GICR_PWRR. RDPD (bit 0) = 1 lets it power down; RDGPD (bit 2)
 * is the intent of its Redistributor group and RDGPO (bit 3) where the
 * group is: the group is in transit while they differ. The products are
 * told apart by GICR_IIDR's ProductID (bits 31:24) and implementer (bits
 * 11:0, 0x43B = Arm), as TF-A's gic-x00.c does; a GICv3 without the
 * register (QEMU's, GIC-500) has offset 0x24 reserved.
 */
#define GICR_PWRR       0x0024
#define PWRR_RDPD       (1U << 0)
#define PWRR_RDGPD      (1U << 2)
#define PWRR_RDGPO      (1U << 3)
#define IIDR_MODEL_MASK 0xff000fffU
#define IIDR_GIC600     0x0200043bU
#define IIDR_GIC600AE   0x0300043bU
#define IIDR_GIC700     0x0400043bU

/* ICC_IGRPEN1_EL3 */
#define IGRPEN1_EL3_G1NS (1U << 0)
#define IGRPEN1_EL3_G1S  (1U << 1)

/*
 * A register write or a wake-up takes the GIC a few cycles; one still not
 * done after this many reads (seconds on any core) is a GIC that will
 * never finish: a broken platform description or hardware, and a panic.
 */
#define GIC_POLL_LIMIT  10000000U
/*
 * One frame per core of the platform, which maps that many at least: a
 * walk never goes past them, even over frames that do not answer (every
 * GICR_TYPER reading zero, with no Last), and never into what follows.
 */
#define GICR_FRAMES_MAX PLATFORM_CORE_COUNT

static uintptr_t gicd;
static uintptr_t gicr;
/*
 * The redistributors have GICR_PWRR (GIC-600/700): power them up and down.
 * Only on platforms that can have one (GICV3_SUPPORT_GIC600, a platform
 * constant, as TF-A's build option): elsewhere the code is left out.
 */
static bool gicr_pwrr;

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

static bool has_pwrr(uint32_t iidr)
{
	iidr &= IIDR_MODEL_MASK;
	return iidr == IIDR_GIC600 || iidr == IIDR_GIC600AE || iidr == IIDR_GIC700;
}

void gicv3_distributor_init(uintptr_t gicd_base, uintptr_t gicr_base)
{
	gicd = gicd_base;
	gicr = gicr_base;
	/*
	 * Every frame of one GIC is the same product; the first answers its
	 * GICR_IIDR powered down or not (TF-A reads it before powering up).
	 */
	gicr_pwrr = GICV3_SUPPORT_GIC600 && has_pwrr(mmio_read_32(gicr + GICR_IIDR));

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

	/* Bounded: a region whose frames never say Last is not walked past the platform's. */
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

/* The Redistributor group of @rd's core is not in transit (RDGPD == RDGPO). */
static bool pwrr_settled(uintptr_t rd)
{
	uint32_t v = mmio_read_32(rd + GICR_PWRR);

	return ((v & PWRR_RDGPD) != 0U) == ((v & PWRR_RDGPO) != 0U);
}

static void pwrr_wait_settled(uintptr_t rd, const char *what)
{
	for (uint32_t i = 0; i < GIC_POLL_LIMIT; i++) {
		if (pwrr_settled(rd))
			return;
	}
	ERROR("GICv3: GIC-600 %s: the Redistributor group stayed in transit (GICR_PWRR 0x%x at "
	      "0x%lx)\n",
	      what, mmio_read_32(rd + GICR_PWRR), (unsigned long)(rd + GICR_PWRR));
	panic();
}

/*
 * Power this core's Redistributor up (GIC-600 TRM 3.6.1): with its group
 * settled, RDPD = 0 (RDAG = 0: this frame alone), until it reads back 0
 * (a write made while the group was changing is ignored); then wait for
 * the group to finish powering up before touching the frame, whose other
 * registers answer nothing until then.
 */
static void redistributor_power_up(uintptr_t rd)
{
	for (uint32_t i = 0; i < GIC_POLL_LIMIT; i++) {
		pwrr_wait_settled(rd, "power-up");
		mmio_write_32(rd + GICR_PWRR, 0);
		if ((mmio_read_32(rd + GICR_PWRR) & PWRR_RDPD) == 0U) {
			pwrr_wait_settled(rd, "power-up");
			return;
		}
	}
	ERROR("GICv3: GIC-600 Redistributor at 0x%lx never powered up (GICR_PWRR.RDPD stays 1)\n",
	      (unsigned long)rd);
	panic();
}

/*
 * Let it power down, once asleep (RDPD = 1 is ignored unless
 * GICR_WAKER.ProcessorSleep = 1): the last core of its group takes the
 * group down, which is waited for, so that the cluster can go too.
 */
static void redistributor_power_down(uintptr_t rd)
{
	pwrr_wait_settled(rd, "power-down");
	mmio_write_32(rd + GICR_PWRR, PWRR_RDPD);
	pwrr_wait_settled(rd, "power-down");
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
	if (GICV3_SUPPORT_GIC600 && gicr_pwrr)
		redistributor_power_up(rd);
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

/* CPU interface's Group 1 off, Redistributor asleep: no interrupt reaches the core. */
static uintptr_t cpu_interface_off(void)
{
	uintptr_t rd = my_redistributor();

	write_icc_igrpen1_el3(0);
	isb();
	if (rd != 0U)
		gicv3_cpu_power_down_rd(rd);
	return rd;
}

void gicv3_cpu_power_down(void)
{
	uintptr_t rd = cpu_interface_off();

	if (GICV3_SUPPORT_GIC600 && rd != 0U && gicr_pwrr)
		redistributor_power_down(rd);
}

void gicv3_cpu_suspend(void)
{
	(void)cpu_interface_off();
}

void gicv3_cpu_wake_on_pending(void)
{
	uintptr_t rd = my_redistributor();

	if (rd != 0U)
		redistributor_wake(rd);
	write_icc_pmr_el1(0xff);
	write_icc_igrpen1_el3(IGRPEN1_EL3_G1NS | IGRPEN1_EL3_G1S);
	isb();
}

void gicv3_cpu_standby_wfi(void)
{
	uintptr_t rd = my_redistributor();
	uint64_t pmr = read_icc_pmr_el1();
	uint64_t igrpen1 = read_icc_igrpen1_el3();
	/* Asleep as the normal world left it: woken for the WFI, put back after. */
	bool asleep = rd != 0U && (mmio_read_32(rd + GICR_WAKER) & WAKER_PROCESSOR_SLEEP) != 0U;

	if (asleep)
		redistributor_wake(rd);
	write_icc_pmr_el1(0xff);
	write_icc_igrpen1_el3(IGRPEN1_EL3_G1NS | IGRPEN1_EL3_G1S);
	isb();
	dsb_sy();
	wfi();
	write_icc_igrpen1_el3(igrpen1);
	write_icc_pmr_el1(pmr);
	isb();
	if (asleep)
		gicv3_cpu_power_down_rd(rd);
}
