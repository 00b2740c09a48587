/*
 * A register model of an Arm CoreLink DMC-620 memory controller, as much
 * as enabling ECC uses (TF-A's N1SDP dmc_ecc_setup; SCP-firmware's DMC-620
 * driver for the state machine): MEMC_STATUS (+0x000, bits 2:0 the
 * architectural state), MEMC_CMD (+0x008: CONFIG 0, SLEEP 1, GO 3 (to
 * READY), EXECUTE 4), ERR0CTLR0 (+0x708, bit 0 ECC error detection).
 * After a command the state changes once MEMC_STATUS has been read
 * settle_reads times; ERR0CTLR0 may be written only in CONFIG (a write in
 * another state is ignored and counted). The controllers leave the SCP
 * READY, ECC off.
 *
 * The controller's programming interface is the secure world's: a
 * non-secure access (board_access_ns) reads as zero, is ignored and is
 * counted (ns_refused).
 *
 * Each event (a command, a state reached, an ERR0CTLR0 write) goes to a
 * log the test shares with its other actors (the DRAM zeroing), so that
 * the order of the whole sequence can be checked.
 */
#ifndef TESTS_UNIT_MODELS_DMC620_H
#define TESTS_UNIT_MODELS_DMC620_H

#include <stdint.h>

#include "board.h"

#define DMC_CONFIG 0U
#define DMC_READY  3U

enum dmc_event_kind {
	EV_DMC_CMD,     /* value: the command */
	EV_DMC_STATE,   /* value: the state reached */
	EV_DMC_ERRCTLR, /* value: ERR0CTLR0 as written */
	EV_ZERO,        /* base, size: DRAM zeroed (the test's zeroing routine) */
	EV_DRAM_WRITE,  /* base, size: something else written to DRAM */
};

struct dmc_event {
	enum dmc_event_kind kind;
	unsigned int dmc;
	uint64_t value, base, size;
};

struct dmc_log {
	struct dmc_event ev[64];
	unsigned int count;
};

struct dmc620 {
	unsigned int index;
	uint32_t state, pending;
	unsigned int settle, settle_reads;
	uint32_t err0ctlr0;
	unsigned int ignored_writes, unknown_writes, ns_refused;
	struct dmc_log *log;
	struct model model;
};

void dmc_log_add(struct dmc_log *log, struct dmc_event e);
void dmc620_init(struct dmc620 *d, unsigned int index, uintptr_t base, struct dmc_log *log);

#endif
