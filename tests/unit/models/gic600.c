/*
 * The GIC-600 register model (gic600.h).
 */
#include <string.h>

#include "gic600.h"

#define GICD_CTLR      0x0000
#define GICD_TYPER     0x0004
#define GICD_IIDR      0x0008
#define GICD_IGROUPR   0x0080
#define GICD_ISENABLER 0x0100
#define GICD_ICENABLER 0x0180
#define GICD_IPRIO     0x0400
#define GICD_ICFGR     0x0c00
#define GICD_IGRPMODR  0x0d00
#define GICD_IROUTER   0x6000
#define GICR_FRAME     0x20000
#define GICR_CTLR      0x0000
#define GICR_IIDR      0x0004
#define GICR_TYPER     0x0008
#define GICR_WAKER     0x0014
#define GICR_PWRR      0x0024
#define GICR_PROPBASER 0x0070
#define GICR_PENDBASER 0x0078
#define GICR_IGROUPR0  0x10080
#define GICR_ISENABLE0 0x10100
#define GICR_ICENABLE0 0x10180
#define GICR_IPRIO     0x10400
#define GICR_ICFGR0    0x10c00
#define GICR_IGRPMODR0 0x10d00
#define CTLR_DPG_ALL   (7U << 24)

#define PWRR_RDPD  (1U << 0)
#define PWRR_RDAG  (1U << 1)
#define PWRR_RDGPD (1U << 2)
#define PWRR_RDGPO (1U << 3)
#define WAKER_PS   (1U << 1)
#define WAKER_CA   (1U << 2)

static unsigned int group_of(const struct gic600 *g, unsigned int f)
{
	return f / g->group_size;
}

bool gic600_group_off(const struct gic600 *g, unsigned int f)
{
	unsigned int gr = group_of(g, f);

	return g->group[gr].po && g->group[gr].pd;
}

bool gic600_frame_on(const struct gic600 *g, unsigned int f)
{
	unsigned int gr = group_of(g, f);

	if (!g->has_pwrr)
		return true;
	return !g->rd[f].rdpd && !g->group[gr].po && !g->group[gr].pd;
}

static void frame_reset(struct gic600 *g, unsigned int f)
{
	memset(&g->rd[f], 0, sizeof(g->rd[f]));
	g->rd[f].rdpd = g->has_pwrr;
	g->rd[f].sleep = true;
	g->rd[f].children_asleep = true;
}

/* A 32-bit access to a byte-per-INTID block: four priorities, little-endian. */
static uint64_t bytes_read(const uint8_t *b)
{
	return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24;
}

static void bytes_write(uint8_t *b, uint64_t v, unsigned int bytes)
{
	for (unsigned int i = 0; i < bytes; i++)
		b[i] = (uint8_t)(v >> (8U * i));
}

/*
 * ProcessorSleep written 1 by the running core for frame @f: ChildrenAsleep
 * follows only if the sequence before it was right (gic600.h).
 */
static void processor_sleep(struct gic600 *g, unsigned int f)
{
	const struct board_core *c = &board_core[board_cur];
	bool groups_off = c->icc_igrpen1_el3 == 0U;
	bool synchronised = c->dsb_seq > c->igrpen1_seq;
	bool released = !g->erratum_2384374 || (g->rd[f].dpg_set_seq > c->dsb_seq &&
	                                        g->rd[f].dpg_clear_seq > g->rd[f].dpg_set_seq);

	g->rd[f].sleep = true;
	g->rd[f].children_asleep = groups_off && synchronised && released;
	if (!g->rd[f].children_asleep)
		g->sleep_refused++;
}

static void ctlr_write(struct gic600 *g, unsigned int f, uint32_t v)
{
	uint32_t dpg = v & CTLR_DPG_ALL, was = g->rd[f].ctlr & CTLR_DPG_ALL;

	if (dpg == CTLR_DPG_ALL && was != CTLR_DPG_ALL)
		g->rd[f].dpg_set_seq = board_next_seq();
	if (dpg == 0U && was == CTLR_DPG_ALL) {
		g->rd[f].dpg_clear_seq = board_next_seq();
		g->dpg_toggles++;
	}
	g->rd[f].ctlr = v;
}

/* The group's intent: down when every core of it allows it (RDPD = 1). */
static bool group_intent(const struct gic600 *g, unsigned int gr)
{
	for (unsigned int f = gr * g->group_size; f < (gr + 1) * g->group_size && f < g->frames;
	     f++) {
		if (!g->rd[f].rdpd)
			return false;
	}
	return true;
}

static void group_step(struct gic600 *g, unsigned int gr)
{
	if (g->group[gr].pd == g->group[gr].po || g->stuck)
		return;
	if (g->group[gr].transit > 0)
		g->group[gr].transit--;
	if (g->group[gr].transit == 0) {
		g->group[gr].po = g->group[gr].pd;
		if (g->group[gr].po) {
			for (unsigned int f = gr * g->group_size;
			     f < (gr + 1) * g->group_size && f < g->frames; f++)
				frame_reset(g, f);
		}
	}
}

static uint32_t pwrr_read(struct gic600 *g, unsigned int f)
{
	unsigned int gr = group_of(g, f);
	uint32_t v = (g->rd[f].rdpd ? PWRR_RDPD : 0U) | (g->group[gr].pd ? PWRR_RDGPD : 0U) |
	             (g->group[gr].po ? PWRR_RDGPO : 0U) | (f % g->group_size) << 8 | gr << 15;

	group_step(g, gr);
	return v;
}

static void pwrr_write(struct gic600 *g, unsigned int f, uint32_t v)
{
	unsigned int gr = group_of(g, f);
	bool rdpd = (v & PWRR_RDPD) != 0U;
	bool was = g->rd[f].rdpd;

	g->pwrr_writes++;
	if ((v & PWRR_RDAG) != 0U)
		g->rdag_writes++;
	/* Writes to 1 ignored if GICR_WAKER.ProcessorSleep != 1. */
	if (rdpd && !g->rd[f].sleep) {
		g->pwrr_ignored++;
		return;
	}
	g->rd[f].rdpd = rdpd;
	bool intent = group_intent(g, gr);

	/* Writes ignored if RDGPD != RDGPO and changing to not match RDGPD. */
	if (g->group[gr].pd != g->group[gr].po && intent != g->group[gr].pd) {
		g->rd[f].rdpd = was;
		g->pwrr_ignored++;
		return;
	}
	if (intent != g->group[gr].pd) {
		g->group[gr].pd = intent;
		g->group[gr].transit = g->transit_reads;
		if (g->transit_reads == 0U && !g->stuck)
			group_step(g, gr);
	}
}

static uint64_t gicr_read(void *self, uint64_t off, unsigned int bytes)
{
	struct gic600 *g = self;
	unsigned int f = (unsigned int)(off / GICR_FRAME);
	uint64_t r = off % GICR_FRAME;

	if (f >= g->frames)
		return 0;
	switch (r) {
	case GICR_IIDR:
		return g->iidr;
	case GICR_TYPER:
		if (g->mute)
			return 0;
		return g->affinity[f] << 32 | (uint64_t)f << 8 |
		       (f + 1 == g->frames ? 1U << 4 : 0U);
	case GICR_PWRR:
		if (!g->has_pwrr) {
			g->reserved_access++;
			return 0;
		}
		return pwrr_read(g, f);
	default:
		break;
	}
	(void)bytes;
	if (!gic600_frame_on(g, f)) {
		g->dead_reads++;
		return 0;
	}
	if (r >= GICR_IPRIO && r < GICR_IPRIO + 32)
		return bytes_read(&g->rd[f].priority[r - GICR_IPRIO]);
	switch (r) {
	case GICR_CTLR:
		return g->rd[f].ctlr;
	case GICR_PROPBASER:
		return g->rd[f].propbaser;
	case GICR_PENDBASER:
		return g->rd[f].pendbaser;
	case GICR_WAKER:
		return (g->rd[f].sleep ? WAKER_PS : 0U) |
		       (g->rd[f].children_asleep ? WAKER_CA : 0U);
	case GICR_IGROUPR0:
		return g->rd[f].igroupr0;
	case GICR_IGRPMODR0:
		return g->rd[f].igrpmodr0;
	case GICR_ISENABLE0:
	case GICR_ICENABLE0:
		return g->rd[f].enable0;
	case GICR_ICFGR0:
	case GICR_ICFGR0 + 4:
		return g->rd[f].icfgr[(r - GICR_ICFGR0) / 4];
	default:
		return 0;
	}
}

static void gicr_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct gic600 *g = self;
	unsigned int f = (unsigned int)(off / GICR_FRAME);
	uint64_t r = off % GICR_FRAME;

	(void)bytes;
	if (f >= g->frames)
		return;
	if (r == GICR_PWRR) {
		if (!g->has_pwrr)
			g->reserved_access++;
		else
			pwrr_write(g, f, (uint32_t)v);
		return;
	}
	if (!gic600_frame_on(g, f)) {
		g->dead_writes++;
		return;
	}
	if (r >= GICR_IPRIO && r < GICR_IPRIO + 32) {
		bytes_write(&g->rd[f].priority[r - GICR_IPRIO], v, bytes);
		return;
	}
	switch (r) {
	case GICR_CTLR:
		ctlr_write(g, f, (uint32_t)v);
		break;
	case GICR_PROPBASER:
		g->rd[f].propbaser = v;
		break;
	case GICR_PENDBASER:
		g->rd[f].pendbaser = v;
		break;
	case GICR_WAKER:
		if ((v & WAKER_PS) != 0U) {
			processor_sleep(g, f);
		} else {
			g->rd[f].sleep = false;
			g->rd[f].children_asleep = false;
		}
		break;
	case GICR_IGROUPR0:
		g->rd[f].igroupr0 = (uint32_t)v;
		break;
	case GICR_IGRPMODR0:
		g->rd[f].igrpmodr0 = (uint32_t)v;
		break;
	case GICR_ISENABLE0:
		g->rd[f].enable0 |= (uint32_t)v;
		break;
	case GICR_ICENABLE0:
		g->rd[f].enable0 &= ~(uint32_t)v;
		break;
	case GICR_ICFGR0 + 4: /* PPIs; ICFGR0 (the SGIs) is read-only */
		g->rd[f].icfgr[1] = (uint32_t)v;
		break;
	default:
		break;
	}
}

static uint64_t gicd_read(void *self, uint64_t off, unsigned int bytes)
{
	struct gic600 *g = self;

	(void)bytes;
	if (off == GICD_CTLR)
		return g->gicd_ctlr; /* RWP (bit 31) never set: writes take effect at once */
	if (off == GICD_TYPER)
		return 14; /* ITLinesNumber: 480 INTIDs (SPIs 32-479, TF-A's N1SDP spi_ids) */
	if (off == GICD_IIDR)
		return g->iidr;
	if (off >= GICD_IGROUPR && off < GICD_IGROUPR + 128)
		return g->gicd_igroupr[(off - GICD_IGROUPR) / 4];
	if (off >= GICD_IGRPMODR && off < GICD_IGRPMODR + 128)
		return g->gicd_igrpmodr[(off - GICD_IGRPMODR) / 4];
	if (off >= GICD_ISENABLER && off < GICD_ICENABLER + 128)
		return g->gicd_enable[(off - GICD_ISENABLER) % 128 / 4];
	if (off >= GICD_IPRIO && off < GICD_IPRIO + sizeof(g->gicd_priority))
		return bytes_read(&g->gicd_priority[off - GICD_IPRIO]);
	if (off >= GICD_ICFGR && off < GICD_ICFGR + 256)
		return g->gicd_icfgr[(off - GICD_ICFGR) / 4];
	if (off >= GICD_IROUTER && off < GICD_IROUTER + 8 * 1024)
		return g->gicd_router[(off - GICD_IROUTER) / 8];
	return 0;
}

static void gicd_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct gic600 *g = self;

	(void)bytes;
	if (off == GICD_CTLR)
		g->gicd_ctlr = (uint32_t)v & ~(1U << 31);
	else if (off >= GICD_IGROUPR && off < GICD_IGROUPR + 128)
		g->gicd_igroupr[(off - GICD_IGROUPR) / 4] = (uint32_t)v;
	else if (off >= GICD_IGRPMODR && off < GICD_IGRPMODR + 128)
		g->gicd_igrpmodr[(off - GICD_IGRPMODR) / 4] = (uint32_t)v;
	else if (off >= GICD_ISENABLER && off < GICD_ICENABLER)
		g->gicd_enable[(off - GICD_ISENABLER) / 4] |= (uint32_t)v;
	else if (off >= GICD_ICENABLER && off < GICD_ICENABLER + 128)
		g->gicd_enable[(off - GICD_ICENABLER) / 4] &= ~(uint32_t)v;
	else if (off >= GICD_IPRIO && off < GICD_IPRIO + sizeof(g->gicd_priority))
		bytes_write(&g->gicd_priority[off - GICD_IPRIO], v, bytes);
	else if (off >= GICD_ICFGR && off < GICD_ICFGR + 256)
		g->gicd_icfgr[(off - GICD_ICFGR) / 4] = (uint32_t)v;
	else if (off >= GICD_IROUTER && off < GICD_IROUTER + 8 * 1024)
		g->gicd_router[(off - GICD_IROUTER) / 8] = v;
}

void gic600_system_power_cycle(struct gic600 *g)
{
	g->gicd_ctlr = 0;
	memset(g->gicd_igroupr, 0, sizeof(g->gicd_igroupr));
	memset(g->gicd_igrpmodr, 0, sizeof(g->gicd_igrpmodr));
	memset(g->gicd_enable, 0, sizeof(g->gicd_enable));
	memset(g->gicd_icfgr, 0, sizeof(g->gicd_icfgr));
	memset(g->gicd_priority, 0, sizeof(g->gicd_priority));
	memset(g->gicd_router, 0, sizeof(g->gicd_router));
	for (unsigned int f = 0; f < g->frames; f++)
		frame_reset(g, f);
	for (unsigned int gr = 0; gr < g->frames; gr++)
		g->group[gr].pd = g->group[gr].po = g->has_pwrr;
}

void gic600_init(struct gic600 *g, uintptr_t gicd, uintptr_t gicr, unsigned int frames,
                 unsigned int group_size, uint32_t iidr, const uint64_t *affinity)
{
	memset(g, 0, sizeof(*g));
	g->gicd = gicd;
	g->gicr = gicr;
	g->frames = frames;
	g->group_size = group_size;
	g->iidr = iidr;
	g->has_pwrr = (iidr & 0xff000fffU) == GIC600_IIDR;
	/* Variant and Revision, IIDR 19:12: r1p6 is 0x16. */
	g->erratum_2384374 = g->has_pwrr && ((iidr >> 12) & 0xffU) <= 0x16U;
	g->transit_reads = 3;
	for (unsigned int f = 0; f < frames; f++) {
		g->affinity[f] = affinity[f];
		frame_reset(g, f);
	}
	for (unsigned int gr = 0; gr < frames; gr++) {
		g->group[gr].pd = g->has_pwrr;
		g->group[gr].po = g->has_pwrr;
	}
	g->gicd_model =
		(struct model){ "GIC-600 distributor", gicd, 0x10000, gicd_read, gicd_write, g };
	g->gicr_model = (struct model){ "GIC-600 redistributors",
		                        gicr,
		                        (uint64_t)frames * GICR_FRAME,
		                        gicr_read,
		                        gicr_write,
		                        g };
	board_add(&g->gicd_model);
	board_add(&g->gicr_model);
}
