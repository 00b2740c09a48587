/*
 * A register model of the Arm generic counter's memory-mapped frames as
 * the N1SDP has them (DDI 0487 I2 "System level implementation of the
 * Generic Timer"; addresses from TF-A's CSS definitions):
 *
 *  - CNTControlBase (0x2A430000): CNTCR (EN bit 0, HDBG bit 1, FCREQ
 *    bits 17:8), CNTCV counting only while EN = 1, CNTFID0 the frequency
 *    the SCP programmed, CNTFID1 = 0 (end of the table);
 *  - CNTCTLBase (0x2A810000): CNTFRQ, CNTNSAR (bit n: frame n
 *    non-secure), CNTTIDR (frame 0 implemented), CNTACR0 (RPCT, RVCT,
 *    RFRQ, RVOFF, RWVT, RWPT in bits 0-5);
 *  - CNTBase0 (0x2A830000), the non-secure timer frame: CNTFRQ at +0x10.
 *    Architecturally it reads CNTCTLBase.CNTFRQ; on N1SDP (and Juno) it
 *    does not (TF-A's arm_configure_sys_timer says so): it reads only
 *    what EL3 wrote to it, and is 0 until then.
 *
 * Every write is recorded, in order. Security (board_access_ns): CNTControlBase and
 * CNTCTLBase are secure-only frames, and CNTBase0 is non-secure only once
 * CNTNSAR.NS0 says so; a non-secure access they refuse reads as zero, is
 * ignored, and is counted (ns_refused).
 */
#ifndef TESTS_UNIT_MODELS_COUNTER_H
#define TESTS_UNIT_MODELS_COUNTER_H

#include <stdint.h>

#include "board.h"

struct counter {
	uint32_t cntcr, cntfid0;
	uint64_t cntcv;
	uint32_t ctl_cntfrq, cntnsar, cntacr0;
	uint32_t base0_cntfrq;
	struct {
		uintptr_t addr;
		uint32_t value;
	} writes[32];
	unsigned int nwrites;
	unsigned int ns_refused;
	struct model control, ctlbase, base0;
};

void counter_init(struct counter *c, uint32_t freq);

#endif
