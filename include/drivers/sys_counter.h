/*
 * The memory-mapped system counter and timer frames of the Generic Timer
 * (ARM DDI 0487, I2 "System level implementation of the Generic Timer"):
 * register offsets and fields, for the platforms that set them up.
 *
 *  - CNTControlBase: the counter itself (enable, frequency table);
 *  - CNTCTLBase: which timer frames exist and who may use them (secure
 *    only), and the frequency CNTBaseN.CNTFRQ reads;
 *  - CNTBaseN: one timer frame.
 */
#ifndef DRIVERS_SYS_COUNTER_H
#define DRIVERS_SYS_COUNTER_H

/* CNTControlBase */
#define CNTCR         0x000 /* EN bit 0, HDBG bit 1, FCREQ bits 17:8 */
#define CNTCR_EN      (1U << 0)
#define CNTCR_FCREQ_0 (0U << 8) /* count at frequency-table entry 0 */
#define CNTFID0       0x020     /* the counter's base frequency, Hz */

/* CNTCTLBase */
#define CNTCTL_CNTFRQ 0x000 /* the frequency frames report */
#define CNTNSAR       0x004 /* bit n: frame n is non-secure accessible */
#define CNTACR(n)     (0x040U + 4U * (n))
/* CNTACR<n>: what frame n lets its users do. */
#define CNTACR_RPCT   (1U << 0) /* read CNTPCT */
#define CNTACR_RVCT   (1U << 1) /* read CNTVCT */
#define CNTACR_RFRQ   (1U << 2) /* read CNTFRQ */
#define CNTACR_RVOFF  (1U << 3) /* read CNTVOFF */
#define CNTACR_RWVT   (1U << 4) /* the virtual timer */
#define CNTACR_RWPT   (1U << 5) /* the physical timer */
#define CNTACR_ALL                                                                                 \
	(CNTACR_RPCT | CNTACR_RVCT | CNTACR_RFRQ | CNTACR_RVOFF | CNTACR_RWVT | CNTACR_RWPT)

/* CNTBaseN */
#define CNTBASE_CNTFRQ 0x010

#endif
