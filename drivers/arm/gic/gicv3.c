/*
 * The GICv3 driver of the firmware (include/drivers/gicv3.h, ARM IHI
 * 0069): the distributor and each CPU's redistributor and system-register
 * interface set up, the platform's secure interrupts made secure and the
 * rest the normal world's, and the redistributor power management around a
 * core power-down.
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
#define GICD_ICENABLER   0x0180
#define GICD_IPRIORITYR  0x0400
#define GICD_ICFGR       0x0c00
#define GICD_IGRPMODR    0x0d00
#define GICD_IROUTER     0x6000
#define GICD_ISENABLER   0x0100
#define CTLR_ENABLE_G0   (1U << 0)
#define CTLR_ENABLE_G1NS (1U << 1)
#define CTLR_ENABLE_G1S  (1U << 2)
#define CTLR_ARE_S       (1U << 4)
#define CTLR_ARE_NS      (1U << 5)
#define CTLR_RWP         (1U << 31)

/* Redistributor: RD_base then SGI_base (include/drivers/gicv3.h) */
#define GICR_FRAME_SIZE       GICV3_GICR_FRAME_SIZE
#define GICR_CTLR             0x0000
#define GICR_IIDR             0x0004
#define GICR_TYPER            0x0008
#define GICR_WAKER            0x0014
#define GICR_SGI_BASE         0x10000
#define GICR_PROPBASER        0x0070
#define GICR_PENDBASER        0x0078
#define GICR_IGROUPR0         (GICR_SGI_BASE + 0x0080)
#define GICR_ISENABLER0       (GICR_SGI_BASE + 0x0100)
#define GICR_ICENABLER0       (GICR_SGI_BASE + 0x0180)
#define GICR_IPRIORITYR       (GICR_SGI_BASE + 0x0400)
#define GICR_ICFGR0           (GICR_SGI_BASE + 0x0c00)
#define GICR_IGRPMODR0        (GICR_SGI_BASE + 0x0d00)
/* GICR_CTLR's Disable Processor selection for Group 0, 1 NS and 1 S (IHI 0069 12.11.2). */
#define CTLR_DPG_ALL          (7U << 24)
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
/* GICR_IIDR's Variant (19:16) and Revision (15:12), rNpM as N << 4 | M. */
#define IIDR_REV(iidr)  (((iidr) >> 12) & 0xffU)

/*
 * GIC-600 erratum 2384374 (Arm SDEN-892601, GIC-600 r0p0-r1p6 and
 * GIC-600AE r0p0-r0p2, as TF-A's gicv3_check_erratas_applies reads it): a
 * wake-up packet the CPU interface has not yet sent back can stay stuck
 * when the core sleeps, and GICR_WAKER.ChildrenAsleep never sets. The
 * workaround, before ProcessorSleep: a DSB after the CPU interface's
 * groups are disabled (done on every GIC, which needs the order anyway),
 * then every GICR_CTLR.DPG bit set and cleared again, which releases it.
 */
#define ERRATUM_2384374_GIC600_LAST   0x16U /* r1p6 */
#define ERRATUM_2384374_GIC600AE_LAST 0x02U /* r0p2 */

/* ICC_IGRPEN1_EL3 */
#define IGRPEN1_EL3_G1NS (1U << 0)
#define IGRPEN1_EL3_G1S  (1U << 1)

/* The priority secure interrupts get: the highest (TF-A's GIC_HIGHEST_SEC_PRIORITY). */
#define SECURE_PRIORITY 0x00U

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
/* The GIC-600's revision has erratum 2384374 (GICV3_SUPPORT_GIC600 only). */
static bool erratum_2384374;
/* What gicv3_save kept for the next gicv3_cpu_init, or NULL. */
static const struct gicv3_context *saved;
/*
 * The platform's secure SGIs and PPIs, as every CPU's redistributor gets
 * them at each power-up (a powered-down GIC-600 redistributor loses its
 * state): bit n of @mask for INTID n, of @g1s for Secure Group 1; the
 * byte lanes of IPRIORITYR words 0-7 holding one (@prio_lanes, a word
 * each), and which words are wholly secure (@prio_whole, bit w: written
 * without a read) or in part (@prio_part); the PPIs' ICFGR1 trigger fields
 * among them (@cfg_mask) and the edge bits set (@cfg_edge). Worked out
 * once, at gicv3_distributor_init, so that a warm boot pays a few writes,
 * not a walk of the list.
 */
static struct {
	uint32_t mask, g1s, cfg_mask, cfg_edge;
	uint32_t prio_whole, prio_part;
	uint32_t prio_lanes[8];
} sgi_ppi;

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

static bool has_erratum_2384374(uint32_t iidr)
{
	uint32_t model = iidr & IIDR_MODEL_MASK;

	return (model == IIDR_GIC600 && IIDR_REV(iidr) <= ERRATUM_2384374_GIC600_LAST) ||
	       (model == IIDR_GIC600AE && IIDR_REV(iidr) <= ERRATUM_2384374_GIC600AE_LAST);
}

/*
 * One interrupt's bit in a 1-bit-per-INTID register block (@regs: its first
 * register), set or cleared; and its byte in IPRIORITYR, its two bits in
 * ICFGR.
 */
static void set_bit(uintptr_t regs, unsigned int intid, bool on)
{
	uintptr_t reg = regs + (intid / 32U) * 4U;
	uint32_t bit = 1U << (intid % 32U);

	mmio_write_32(reg, on ? mmio_read_32(reg) | bit : mmio_read_32(reg) & ~bit);
}

/*
 * Make @irq secure through one redistributor's SGI_base or the
 * distributor (@igroupr etc., the blocks it lies in): its group (Group 0,
 * or Secure Group 1 with IGRPMODR), the highest priority and its trigger,
 * and disabled: this firmware handles no secure interrupt, so none is
 * enabled; what matters is that the normal world can neither use nor
 * reconfigure it (IHI 0069 12.1.7: its registers are RAZ/WI to
 * non-secure accesses).
 */
static void make_secure_spi(const struct gicv3_secure_irq *irq)
{
	unsigned int id = irq->intid;
	uintptr_t cfg = gicd + GICD_ICFGR + (id / 16U) * 4U;
	uint32_t edge = 2U << (2U * (id % 16U));
	uintptr_t pri = gicd + GICD_IPRIORITYR + (id & ~3U);
	uint32_t byte = 0xffU << (8U * (id % 4U));

	mmio_write_32(gicd + GICD_ICENABLER + (id / 32U) * 4U, 1U << (id % 32U));
	set_bit(gicd + GICD_IGROUPR, id, false);
	set_bit(gicd + GICD_IGRPMODR, id, irq->group == GICV3_GROUP1S);
	mmio_write_32(pri, (mmio_read_32(pri) & ~byte) | (SECURE_PRIORITY << (8U * (id % 4U))));
	mmio_write_32(cfg, irq->edge ? mmio_read_32(cfg) | edge : mmio_read_32(cfg) & ~edge);
}

/*
 * The secure SGIs and PPIs of @rd's CPU, its groups already written:
 * disabled, at the highest priority, their trigger (sgi_ppi).
 */
static void make_secure_sgi_ppi(uintptr_t rd)
{
	mmio_write_32(rd + GICR_ICENABLER0, sgi_ppi.mask);
	for (uint32_t w = sgi_ppi.prio_whole; w != 0U; w &= w - 1U)
		mmio_write_32(rd + GICR_IPRIORITYR + 4U * (unsigned int)__builtin_ctz(w),
		              SECURE_PRIORITY * 0x01010101U);
	for (uint32_t w = sgi_ppi.prio_part; w != 0U; w &= w - 1U) {
		unsigned int i = (unsigned int)__builtin_ctz(w);
		uintptr_t reg = rd + GICR_IPRIORITYR + 4U * i;
		uint32_t lanes = sgi_ppi.prio_lanes[i];

		mmio_write_32(reg, (mmio_read_32(reg) & ~lanes) |
		                           (SECURE_PRIORITY * 0x01010101U & lanes));
	}
	if (sgi_ppi.cfg_mask != 0U)
		mmio_write_32(rd + GICR_ICFGR0 + 4U,
		              (mmio_read_32(rd + GICR_ICFGR0 + 4U) & ~sgi_ppi.cfg_mask) |
		                      sgi_ppi.cfg_edge);
}

void gicv3_distributor_init(uintptr_t gicd_base, uintptr_t gicr_base,
                            const struct gicv3_secure_irq *secure, unsigned int count)
{
	gicd = gicd_base;
	gicr = gicr_base;
	sgi_ppi = (__typeof__(sgi_ppi)){ 0 };
	for (unsigned int i = 0; i < count; i++) {
		unsigned int id = secure[i].intid;

		if (id >= 32U)
			continue;
		sgi_ppi.mask |= 1U << id;
		sgi_ppi.g1s |= secure[i].group == GICV3_GROUP1S ? 1U << id : 0U;
		sgi_ppi.prio_lanes[id / 4U] |= 0xffU << (8U * (id % 4U));
		/* SGIs are edge-triggered whatever is written (12.11.7): ICFGR0 is read-only. */
		if (id >= 16U) {
			sgi_ppi.cfg_mask |= 3U << (2U * (id - 16U));
			sgi_ppi.cfg_edge |= secure[i].edge ? 2U << (2U * (id - 16U)) : 0U;
		}
	}
	for (unsigned int w = 0; w < 8U; w++) {
		if (sgi_ppi.prio_lanes[w] == ~0U)
			sgi_ppi.prio_whole |= 1U << w;
		else if (sgi_ppi.prio_lanes[w] != 0U)
			sgi_ppi.prio_part |= 1U << w;
	}
	/*
	 * Every frame of one GIC is the same product; the first answers its
	 * GICR_IIDR powered down or not (TF-A reads it before powering up).
	 */
	uint32_t iidr = mmio_read_32(gicr + GICR_IIDR);

	gicr_pwrr = GICV3_SUPPORT_GIC600 && has_pwrr(iidr);
	erratum_2384374 = GICV3_SUPPORT_GIC600 && has_erratum_2384374(iidr);

	/* ARE may only change while every group is disabled (12.9.4). */
	mmio_write_32(gicd + GICD_CTLR, 0);
	gicd_wait_rwp();
	mmio_write_32(gicd + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS);
	gicd_wait_rwp();

	unsigned int lines = ((mmio_read_32(gicd + GICD_TYPER) & 0x1fU) + 1U) * 32U;

	/* SPIs start at INTID 32; one bit per interrupt: the normal world's, but the secure ones. */
	for (unsigned int intid = 32; intid < lines; intid += 32U) {
		mmio_write_32(gicd + GICD_IGROUPR + intid / 8U, ~0U);
		mmio_write_32(gicd + GICD_IGRPMODR + intid / 8U, 0);
	}
	for (unsigned int i = 0; i < count; i++) {
		if (secure[i].intid >= 32U && secure[i].intid < lines)
			make_secure_spi(&secure[i]);
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
	/* Its state goes with its power (GIC-600 TRM 3.6.1). */
	my_cpu_data()->gicr_configured = false;
}

static void redistributor_wake(uintptr_t rd)
{
	mmio_clrbits_32(rd + GICR_WAKER, WAKER_PROCESSOR_SLEEP);
	wait_for(rd + GICR_WAKER, WAKER_CHILDREN_ASLEEP, 0, "redistributor wake-up");
}

void gicv3_save(struct gicv3_context *ctx)
{
	uintptr_t rd = my_redistributor();

	ctx->gicd_ctlr = mmio_read_32(gicd + GICD_CTLR);
	ctx->lines = ((mmio_read_32(gicd + GICD_TYPER) & 0x1fU) + 1U) * 32U;
	if (ctx->lines > GICV3_CTX_INTIDS)
		ctx->lines = GICV3_CTX_INTIDS;
	for (unsigned int id = 32; id < ctx->lines; id++) {
		if (id % 32U == 0U) {
			ctx->igroupr[id / 32U] = mmio_read_32(gicd + GICD_IGROUPR + id / 8U);
			ctx->igrpmodr[id / 32U] = mmio_read_32(gicd + GICD_IGRPMODR + id / 8U);
			ctx->isenabler[id / 32U] = mmio_read_32(gicd + GICD_ISENABLER + id / 8U);
		}
		if (id % 16U == 0U)
			ctx->icfgr[id / 16U] = mmio_read_32(gicd + GICD_ICFGR + id / 4U);
		if (id % 4U == 0U) {
			uint32_t p = mmio_read_32(gicd + GICD_IPRIORITYR + id);

			for (unsigned int b = 0; b < 4U; b++)
				ctx->ipriorityr[id + b] = (uint8_t)(p >> (8U * b));
		}
		ctx->irouter[id] = mmio_read_64(gicd + GICD_IROUTER + 8U * id);
	}
	ctx->rd = rd;
	if (rd != 0U) {
		ctx->gicr_ctlr = mmio_read_32(rd + GICR_CTLR);
		ctx->propbaser = mmio_read_64(rd + GICR_PROPBASER);
		ctx->pendbaser = mmio_read_64(rd + GICR_PENDBASER);
		ctx->igroupr0 = mmio_read_32(rd + GICR_IGROUPR0);
		ctx->igrpmodr0 = mmio_read_32(rd + GICR_IGRPMODR0);
		ctx->isenabler0 = mmio_read_32(rd + GICR_ISENABLER0);
		ctx->icfgr1 = mmio_read_32(rd + GICR_ICFGR0 + 4U);
		for (unsigned int id = 0; id < 32U; id += 4U) {
			uint32_t p = mmio_read_32(rd + GICR_IPRIORITYR + id);

			for (unsigned int b = 0; b < 4U; b++)
				ctx->ipriorityr0[id + b] = (uint8_t)(p >> (8U * b));
		}
	}
	saved = ctx;
}

static uint32_t priorities(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * The distributor as gicv3_save found it: affinity routing on with every
 * group off (12.9.4), each SPI configured before any is enabled, then its
 * control as it was.
 */
static void restore_distributor(const struct gicv3_context *ctx)
{
	mmio_write_32(gicd + GICD_CTLR, 0);
	gicd_wait_rwp();
	mmio_write_32(gicd + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS);
	gicd_wait_rwp();
	for (unsigned int id = 32; id < ctx->lines; id++) {
		if (id % 32U == 0U) {
			mmio_write_32(gicd + GICD_IGROUPR + id / 8U, ctx->igroupr[id / 32U]);
			mmio_write_32(gicd + GICD_IGRPMODR + id / 8U, ctx->igrpmodr[id / 32U]);
		}
		if (id % 16U == 0U)
			mmio_write_32(gicd + GICD_ICFGR + id / 4U, ctx->icfgr[id / 16U]);
		if (id % 4U == 0U)
			mmio_write_32(gicd + GICD_IPRIORITYR + id,
			              priorities(&ctx->ipriorityr[id]));
		mmio_write_64(gicd + GICD_IROUTER + 8U * id, ctx->irouter[id]);
	}
	for (unsigned int id = 32; id < ctx->lines; id += 32U)
		mmio_write_32(gicd + GICD_ISENABLER + id / 8U, ctx->isenabler[id / 32U]);
	mmio_write_32(gicd + GICD_CTLR, ctx->gicd_ctlr & ~CTLR_RWP);
	gicd_wait_rwp();
}

/* A woken redistributor as gicv3_save found it: configured, then enabled. */
static void restore_redistributor(uintptr_t rd, const struct gicv3_context *ctx)
{
	mmio_write_32(rd + GICR_IGROUPR0, ctx->igroupr0);
	mmio_write_32(rd + GICR_IGRPMODR0, ctx->igrpmodr0);
	mmio_write_32(rd + GICR_ICFGR0 + 4U, ctx->icfgr1);
	for (unsigned int id = 0; id < 32U; id += 4U)
		mmio_write_32(rd + GICR_IPRIORITYR + id, priorities(&ctx->ipriorityr0[id]));
	mmio_write_64(rd + GICR_PROPBASER, ctx->propbaser);
	mmio_write_64(rd + GICR_PENDBASER, ctx->pendbaser);
	mmio_write_32(rd + GICR_CTLR, ctx->gicr_ctlr);
	mmio_write_32(rd + GICR_ISENABLER0, ctx->isenabler0);
}

int gicv3_cpu_init(void)
{
	struct cpu_data *cd = my_cpu_data();
	uintptr_t rd = my_redistributor();
	const struct gicv3_context *ctx = saved;

	if (rd == 0U)
		return -1;
	/* After SYSTEM_SUSPEND: the distributor first, if its state was lost. */
	if (ctx != NULL && (mmio_read_32(gicd + GICD_CTLR) & CTLR_ARE_S) == 0U)
		restore_distributor(ctx);
	if (GICV3_SUPPORT_GIC600 && gicr_pwrr)
		redistributor_power_up(rd);
	redistributor_wake(rd);
	/*
	 * The SGIs' and PPIs' groups and the secure ones' set-up, which the
	 * normal world cannot change (their registers are secure, or RAZ/WI to
	 * it): once per power-up of the redistributor, not at every warm boot
	 * (a power-down suspend keeps it powered), and from what SYSTEM_SUSPEND
	 * kept when it lost them.
	 */
	if (ctx != NULL && ctx->rd == rd) {
		restore_redistributor(rd, ctx); /* its groups among what comes back */
		saved = NULL;
		cd->gicr_configured = false;
	} else if (!cd->gicr_configured) {
		mmio_write_32(rd + GICR_IGROUPR0, ~sgi_ppi.mask);
		mmio_write_32(rd + GICR_IGRPMODR0, sgi_ppi.g1s);
	}
	if (!cd->gicr_configured) {
		if (sgi_ppi.mask != 0U)
			make_secure_sgi_ppi(rd);
		cd->gicr_configured = true;
	}

	/*
	 * System-register interface for EL3, and let EL2 enable its own
	 * (12.2.x). The interface's Group 1 enable is the normal world's to
	 * set (ICC_IGRPEN1_EL1), as after a reset; EL3, which handles no
	 * interrupt, enables no group of its own.
	 */
	write_icc_sre_el3(ICC_SRE_SRE_BIT | ICC_SRE_DFB_BIT | ICC_SRE_DIB_BIT | ICC_SRE_EN_BIT);
	isb();
	write_icc_sre_el2(ICC_SRE_SRE_BIT | ICC_SRE_EN_BIT);
	isb();
	write_icc_pmr_el1(0xff);
	return 0;
}

/*
 * Put @rd to sleep, the CPU interface's groups already disabled and that
 * synchronised (ISB): the DSB that completes it before the redistributor
 * is told (IHI 0069 12.11.43: no interrupt may be in flight to a sleeping
 * interface), erratum 2384374's DPG toggle where it applies, then
 * ProcessorSleep and the wait for ChildrenAsleep.
 */
static void redistributor_sleep(uintptr_t rd)
{
	dsb_sy();
	if (GICV3_SUPPORT_GIC600 && erratum_2384374) {
		uint32_t ctlr = mmio_read_32(rd + GICR_CTLR);

		mmio_write_32(rd + GICR_CTLR, ctlr | CTLR_DPG_ALL);
		mmio_write_32(rd + GICR_CTLR, ctlr & ~CTLR_DPG_ALL);
	}
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
		redistributor_sleep(rd);
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
	if (asleep) {
		/* Back to sleep as a power-down sleeps it: groups off first. */
		write_icc_igrpen1_el3(0);
		isb();
		redistributor_sleep(rd);
	}
	write_icc_igrpen1_el3(igrpen1);
	write_icc_pmr_el1(pmr);
	isb();
}
