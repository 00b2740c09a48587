/*
 * The payload's own GICv3 client, as a normal-world OS drives it at EL2
 * (ARM IHI 0069): its redistributor found by affinity, the interrupts it
 * uses (its EL1 physical timer and the wake-up SGI) enabled at a priority
 * the PMR lets through, and SGIs sent and acknowledged through the CPU
 * interface. The firmware's EL3 driver is not the payload's business.
 */
#include <arch/aarch64/arch_helpers.h>
#include <lib/mmio.h>

#include "payload.h"

/*
 * GICD_CTLR as the Non-secure state sees it with two security states and
 * affinity routing (12.9.4): RWP, ARE_NS, EnableGrp1A.
 */
#define GICD_CTLR            0x0000U
#define GICD_CTLR_RWP        (1U << 31)
#define GICD_CTLR_ENABLE_G1A (1U << 1)
/* How many reads of RWP the wait makes before it goes on (a GIC that never clears it). */
#define GICD_RWP_READS       100000U

/* Redistributor frames (12.10, 12.11): RD_base then SGI_base, 64 KiB each. */
#define GICR_TYPER           0x0008U
#define GICR_TYPER_LAST      (1ULL << 4)
#define GICR_TYPER_VLPIS     (1ULL << 1)
#define GICR_SGI_BASE        0x10000U
#define GICR_ISENABLER0      (GICR_SGI_BASE + 0x0100U)
#define GICR_IPRIORITYR      (GICR_SGI_BASE + 0x0400U)
/*
 * The distributor's blocks of the same registers, for SPIs (12.9), at the
 * same offsets as in a redistributor's SGI_base for SGIs and PPIs (12.11).
 */
#define GICD_ISENABLER       0x0100U
#define GICD_ICENABLER       0x0180U
#define GICD_IPRIORITYR      0x0400U
/* The lowest priority: ICC_PMR_EL1 lets every interrupt through. */
#define GIC_PRIORITY_LOWEST  0xffU
#define GIC_PRIORITY_PAYLOAD 0x80U
#define INTID_SPURIOUS       1020U
/* How many frames the search reads before it gives up (a bad description). */
#define GICR_FRAMES_MAX      (2U * PAYLOAD_MAX_CORES)

/* The calling core's RD_base, or 0 if no frame up to the one marked Last has its affinity. */
static uintptr_t my_redistributor(void)
{
	uint64_t mpidr = read_mpidr_el1();
	/* GICR_TYPER.Affinity_Value: Aff3.Aff2.Aff1.Aff0 in bits 63:32 (12.11.40). */
	uint64_t aff = ((mpidr >> MPIDR_AFF3_SHIFT) & MPIDR_AFFLVL_MASK) << 24 |
	               (mpidr & 0xffffffU);
	uintptr_t frame = PLAT_GICR_BASE;

	for (unsigned int i = 0; i < GICR_FRAMES_MAX; i++) {
		uint64_t typer = mmio_read_64(frame + GICR_TYPER);

		if ((typer >> 32) == aff)
			return frame;
		if ((typer & GICR_TYPER_LAST) != 0U)
			return 0;
		/* GICv4 frames with VLPIs carry two more 64 KiB pages. */
		frame += (typer & GICR_TYPER_VLPIS) != 0U ? 4U * 0x10000U : 2U * 0x10000U;
	}
	return 0;
}

/* GICR_IPRIORITYR holds a byte per interrupt; write its aligned word. */
static void set_priority(uintptr_t rd, unsigned int intid, uint8_t prio)
{
	uintptr_t word = rd + GICR_IPRIORITYR + (intid & ~3U);
	unsigned int shift = (intid & 3U) * 8U;

	mmio_write_32(word, (mmio_read_32(word) & ~(0xffU << shift)) | (uint32_t)prio << shift);
}

struct payload_gic_view payload_gic_claim(unsigned int intid)
{
	/* SGIs and PPIs in this core's redistributor, SPIs in the distributor. */
	uintptr_t rd = my_redistributor();
	uintptr_t base = intid < 32U ? rd + GICR_SGI_BASE : PLAT_GICD_BASE;
	uintptr_t bits = (intid / 32U) * 4U;
	uint32_t bit = 1U << (intid % 32U);
	uintptr_t prio = base + GICD_IPRIORITYR + (intid & ~3U);
	unsigned int shift = (intid & 3U) * 8U;
	struct payload_gic_view v = { 0 };

	if (intid < 32U && rd == 0U)
		return v;
	mmio_write_32(base + GICD_ISENABLER + bits, bit);
	mmio_write_32(prio, (mmio_read_32(prio) & ~(0xffU << shift)) |
	                            (uint32_t)PAYLOAD_GIC_CLAIM_PRIORITY << shift);
	v.enabled = (mmio_read_32(base + GICD_ISENABLER + bits) & bit) != 0U;
	v.priority = (uint8_t)(mmio_read_32(prio) >> shift);
	/* Nothing left enabled that the payload does not use. */
	mmio_write_32(base + GICD_ICENABLER + bits, bit);
	return v;
}

void payload_gic_dist_setup(void)
{
	/*
	 * Every interrupt the payload takes is Non-secure Group 1: a group
	 * the distributor does not enable reaches no CPU interface, however
	 * the redistributor and the CPU interface are set. TF-A's QEMU port
	 * leaves it to the normal world, as Linux's GICv3 driver does it.
	 */
	mmio_write_32(PLAT_GICD_BASE + GICD_CTLR,
	              mmio_read_32(PLAT_GICD_BASE + GICD_CTLR) | GICD_CTLR_ENABLE_G1A);
	for (unsigned int i = 0; i < GICD_RWP_READS; i++) {
		if ((mmio_read_32(PLAT_GICD_BASE + GICD_CTLR) & GICD_CTLR_RWP) == 0U)
			break;
	}
}

bool payload_gic_cpu_setup(unsigned int ppi_or_sgi_mask)
{
	uintptr_t rd = my_redistributor();

	if (rd == 0U)
		return false;
	for (unsigned int intid = 0; intid < 32U; intid++) {
		if ((ppi_or_sgi_mask & (1U << intid)) != 0U)
			set_priority(rd, intid, GIC_PRIORITY_PAYLOAD);
	}
	mmio_write_32(rd + GICR_ISENABLER0, ppi_or_sgi_mask);
	write_icc_pmr_el1(GIC_PRIORITY_LOWEST);
	write_icc_igrpen1_el1(1);
	isb();
	return true;
}

void payload_gic_send_sgi(uint64_t mpidr, unsigned int intid)
{
	uint64_t aff0 = mpidr & MPIDR_AFFLVL_MASK;
	/* ICC_SGI1R_EL1: Aff3/Aff2/Aff1, RS = Aff0 / 16, target list bit Aff0 % 16. */
	uint64_t sgi1r = ((mpidr >> MPIDR_AFF3_SHIFT) & MPIDR_AFFLVL_MASK) << 48 |
	                 ((mpidr >> MPIDR_AFF2_SHIFT) & MPIDR_AFFLVL_MASK) << 32 |
	                 (aff0 >> 4) << 44 |
	                 ((mpidr >> MPIDR_AFF1_SHIFT) & MPIDR_AFFLVL_MASK) << 16 |
	                 (uint64_t)intid << 24 | 1ULL << (aff0 & 0xfU);

	dsb_ish();
	write_icc_sgi1r_el1(sgi1r);
	isb();
}

void payload_gic_ack_all(void)
{
	/* ICC_IAR1_EL1 / ICC_EOIR1_EL1: take and complete what is pending. */
	for (unsigned int i = 0; i < 32U; i++) {
		uint64_t intid = read_icc_iar1_el1();

		if ((intid & 0xffffffU) >= INTID_SPURIOUS)
			break;
		write_icc_eoir1_el1(intid);
		isb();
	}
}
