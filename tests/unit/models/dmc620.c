/*
 * The DMC-620 model (dmc620.h).
 */
#include <string.h>

#include "dmc620.h"

#define MEMC_STATUS 0x000
#define MEMC_CMD    0x008
#define ERR0CTLR0   0x708

void dmc_log_add(struct dmc_log *log, struct dmc_event e)
{
	if (log->count < 64)
		log->ev[log->count] = e;
	log->count++;
}

static uint64_t dmc_read(void *self, uint64_t off, unsigned int bytes)
{
	struct dmc620 *d = self;

	(void)bytes;
	if (board_access_ns) {
		d->ns_refused++;
		return 0;
	}
	if (off == MEMC_STATUS) {
		if (d->state != d->pending && ++d->settle >= d->settle_reads) {
			d->state = d->pending;
			dmc_log_add(d->log,
			            (struct dmc_event){ EV_DMC_STATE, d->index, d->state, 0, 0 });
		}
		return d->state;
	}
	if (off == ERR0CTLR0)
		return d->err0ctlr0;
	return 0;
}

static void dmc_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct dmc620 *d = self;

	(void)bytes;
	if (board_access_ns) {
		d->ns_refused++;
		return;
	}
	if (off == MEMC_CMD) {
		dmc_log_add(d->log, (struct dmc_event){ EV_DMC_CMD, d->index, v, 0, 0 });
		if (v == DMC_CONFIG || v == DMC_READY) {
			d->pending = (uint32_t)v;
			d->settle = 0;
		} else {
			d->unknown_writes++;
		}
	} else if (off == ERR0CTLR0) {
		dmc_log_add(d->log, (struct dmc_event){ EV_DMC_ERRCTLR, d->index, v, 0, 0 });
		if (d->state != DMC_CONFIG || d->pending != DMC_CONFIG)
			d->ignored_writes++;
		else
			d->err0ctlr0 = (uint32_t)v;
	} else {
		d->unknown_writes++;
	}
}

void dmc620_init(struct dmc620 *d, unsigned int index, uintptr_t base, struct dmc_log *log)
{
	memset(d, 0, sizeof(*d));
	d->index = index;
	d->state = d->pending = DMC_READY;
	d->settle_reads = 4;
	d->log = log;
	d->model = (struct model){
		index == 0 ? "DMC-620 0" : "DMC-620 1", base, 0x1000, dmc_read, dmc_write, d
	};
	board_add(&d->model);
}
