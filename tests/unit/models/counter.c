/*
 * The generic counter model (counter.h).
 */
#include <string.h>

#include "counter.h"

#define CONTROL_BASE 0x2A430000U
#define CTLBASE_BASE 0x2A810000U
#define BASE0_BASE   0x2A830000U

static void record(struct counter *c, uintptr_t addr, uint64_t v)
{
	if (c->nwrites < 32)
		c->writes[c->nwrites].addr = addr, c->writes[c->nwrites].value = (uint32_t)v;
	c->nwrites++;
}

/* A non-secure access to a frame that is not the normal world's: refused, counted. */
static bool refused(struct counter *c, bool ns_allowed)
{
	if (!board_access_ns || ns_allowed)
		return false;
	c->ns_refused++;
	return true;
}

static uint64_t control_read(void *self, uint64_t off, unsigned int bytes)
{
	struct counter *c = self;

	(void)bytes;
	if (refused(c, false))
		return 0;
	switch (off) {
	case 0x000:
		return c->cntcr;
	case 0x008:
		if ((c->cntcr & 1U) != 0U)
			c->cntcv += 100;
		return c->cntcv;
	case 0x020:
		return c->cntfid0;
	default:
		return 0;
	}
}

static void control_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct counter *c = self;

	(void)bytes;
	if (refused(c, false))
		return;
	record(c, CONTROL_BASE + off, v);
	if (off == 0x000)
		c->cntcr = (uint32_t)v & (1U | 2U | 0x3ffU << 8);
}

static uint64_t ctlbase_read(void *self, uint64_t off, unsigned int bytes)
{
	struct counter *c = self;

	(void)bytes;
	if (refused(c, false))
		return 0;
	switch (off) {
	case 0x000:
		return c->ctl_cntfrq;
	case 0x004:
		return c->cntnsar;
	case 0x008:
		return 1; /* CNTTIDR: frame 0 implemented */
	case 0x040:
		return c->cntacr0;
	default:
		return 0;
	}
}

static void ctlbase_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct counter *c = self;

	(void)bytes;
	if (refused(c, false))
		return;
	record(c, CTLBASE_BASE + off, v);
	if (off == 0x000)
		c->ctl_cntfrq = (uint32_t)v;
	else if (off == 0x004)
		c->cntnsar = (uint32_t)v & 1U; /* one frame */
	else if (off == 0x040)
		c->cntacr0 = (uint32_t)v & 0x3fU;
}

static uint64_t base0_read(void *self, uint64_t off, unsigned int bytes)
{
	struct counter *c = self;

	(void)bytes;
	if (refused(c, (c->cntnsar & 1U) != 0U))
		return 0;
	return off == 0x010 ? c->base0_cntfrq : 0;
}

static void base0_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct counter *c = self;

	(void)bytes;
	if (refused(c, (c->cntnsar & 1U) != 0U))
		return;
	record(c, BASE0_BASE + off, v);
	if (off == 0x010)
		c->base0_cntfrq = (uint32_t)v;
}

void counter_init(struct counter *c, uint32_t freq)
{
	memset(c, 0, sizeof(*c));
	c->cntfid0 = freq;
	c->control = (struct model){ "CNTControlBase", CONTROL_BASE,  0x1000,
		                     control_read,     control_write, c };
	c->ctlbase = (struct model){ "CNTCTLBase", CTLBASE_BASE,  0x1000,
		                     ctlbase_read, ctlbase_write, c };
	c->base0 = (struct model){ "CNTBase0", BASE0_BASE, 0x1000, base0_read, base0_write, c };
	board_add(&c->control);
	board_add(&c->ctlbase);
	board_add(&c->base0);
}
