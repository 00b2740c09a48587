/*
 * The normal-world test payload's shared declarations.
 */
#ifndef PAYLOAD_H
#define PAYLOAD_H

#include <stdbool.h>
#include <stdint.h>

#include <plat/plat_def.h>

#include "payload_def.h"

/*
 * Time is exactly instructions only under QEMU with -icount (REALTIME=0);
 * on hardware, or QEMU in real time, it is wall-clock time and the host or
 * the board decides how long anything takes.
 */
#ifdef PLAT_qemu
#define PAYLOAD_WALL_CLOCK REALTIME
#else
#define PAYLOAD_WALL_CLOCK 1
#endif

/* --- the machine (topology.c) --- */

#define PAYLOAD_NO_CORE ((unsigned int)PAYLOAD_MAX_CORES)

/* CNTPCT_EL0 at the first instruction of each core's last CPU_ON entry. */
extern uint64_t payload_entry_ts[PAYLOAD_MAX_CORES];

/*
 * What the payload learnt at boot: cores numbered cluster by cluster in
 * the DTB's cpu-map order, and the optional PSCI functions the firmware
 * says it implements (PSCI_FEATURES).
 */
struct payload_topology {
	unsigned int cores, clusters;
	unsigned int lead;                  /* the core that booted the payload */
	uint64_t mpidr[PAYLOAD_MAX_CORES];  /* Aff3..Aff0 of each core */
	uint8_t cluster[PAYLOAD_MAX_CORES]; /* its cluster */
	uint8_t core_in_cluster[PAYLOAD_MAX_CORES];
	uint8_t cluster_first[PAYLOAD_MAX_CORES]; /* per cluster: first core, count */
	uint8_t cluster_cores[PAYLOAD_MAX_CORES];
	uint64_t dram_base, dram_size; /* first /memory range */
	bool mt;                       /* MPIDRs carry MPIDR_EL1.MT */
	bool osi, system_suspend, default_suspend, node_hw_state, cpu_freeze;
	bool reset2, mem_protect, mem_protect_range;
	bool system_off2; /* SYSTEM_OFF2 with HIBERNATE_OFF (PSCI 1.3) */
};
extern struct payload_topology payload_topo;

/*
 * Learn the machine from the DTB at @fdt (BL33's x0; @totalsize its
 * header's, read before the MMU maps it) and from PSCI_FEATURES.
 * False, after printing why, if the DTB does not describe it.
 */
bool payload_topology_init(const void *fdt, uint32_t totalsize);

/* This core's index (0 .. cores-1), and the MPIDR affinity of core @core. */
unsigned int payload_my_pos(void);
uint64_t payload_mpidr(unsigned int core);
/* The @n-th core other than the lead (0-based), or PAYLOAD_NO_CORE. */
unsigned int payload_nth_other(unsigned int n);
/* Another core of @core's cluster, or PAYLOAD_NO_CORE. */
unsigned int payload_sibling(unsigned int core);

/*
 * Report a test that cannot run on this machine: "PAYLOAD: SKIPPED <what>:
 * <why>". Not a failure.
 */
void payload_skip(const char *what, const char *why_fmt, ...) __attribute__((format(printf, 2, 3)));

/* --- cores (cpus.c) --- */

/* Work for a core started with CPU_ON; it runs fn(pos, arg), then CPU_OFF. */
typedef void (*payload_job_fn)(unsigned int pos, void *arg);

/* Per-core set-up after power-up: GIC, timer, vectors. Every core, every time. */
void payload_cpu_setup(void);

/*
 * CPU_ON core @pos with a job. Returns the PSCI result (0 on success).
 */
int64_t payload_cpu_on(unsigned int pos, payload_job_fn fn, void *arg);

/* An SMC call site: x0-x3 in, x0 out (smc.c's smc(), or profile_smc.S's). */
typedef uint64_t (*payload_smc_site)(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3);
/* payload_cpu_on, the SMC issued from @site. */
int64_t payload_cpu_on_at(unsigned int pos, payload_job_fn fn, void *arg, payload_smc_site site);

/*
 * Poll AFFINITY_INFO until core @pos reports @state (PSCI_AFF_*); gives up
 * after a bound (a failed check) and returns false. The _off form waits
 * for OFF.
 */
bool payload_wait_aff(unsigned int pos, int64_t state);
void payload_wait_cpu_off(unsigned int pos);

/*
 * CPU_SUSPEND with @power_state, resuming here after a power-down as if
 * the call had returned 0. Returns the PSCI result otherwise.
 */
int64_t payload_suspend(uint32_t power_state);

/*
 * CPU_DEFAULT_SUSPEND or SYSTEM_SUSPEND (@fid, SMC64), resuming here as
 * payload_suspend does.
 */
int64_t payload_powerdown(uint32_t fid);

/*
 * CPU_ON entry point that records the context ID it is given, and what
 * core @pos last received there.
 */
void payload_ctxid_entry(uint64_t context_id);
uint64_t payload_ctxid_received(unsigned int pos);

/*
 * Wake core @pos from a suspend with an SGI; a core that was not suspended
 * finds it pending and its next suspend returns at once. payload_wake_ack()
 * acknowledges and completes pending interrupts (the caller's timer's too).
 */
void payload_wake(unsigned int pos);
void payload_wake_ack(void);

/* --- the GIC, as the payload drives it (gic.c) --- */

/*
 * The distributor, once, by the boot core: Non-secure Group 1 interrupts
 * enabled (GICD_CTLR.EnableGrp1A), as a normal-world OS does, whether or
 * not the firmware did.
 */
void payload_gic_dist_setup(void);
/*
 * This core's redistributor: enable the SGIs/PPIs in @ppi_or_sgi_mask (bit
 * n: INTID n) at a priority the PMR lets through, and Group 1 at the CPU
 * interface. False if no redistributor has this core's affinity.
 */
bool payload_gic_cpu_setup(unsigned int ppi_or_sgi_mask);
/*
 * Try, as the normal world, to take interrupt @intid (an SGI or PPI of the
 * calling core's redistributor, or an SPI): enable it, give it
 * PAYLOAD_GIC_CLAIM_PRIORITY; then read what took, and disable it again.
 * An interrupt of Group 0 or Secure Group 1 takes nothing: its enable and
 * priority are RAZ/WI to non-secure accesses (ARM IHI 0069 12.1.7). (Its
 * group cannot be seen: with GICD_CTLR.DS = 0 the IGROUPR registers
 * themselves are secure, RAZ/WI to the normal world, whatever the group.)
 */
#define PAYLOAD_GIC_CLAIM_PRIORITY 0xa0U
struct payload_gic_view {
	bool enabled;
	uint8_t priority;
};
struct payload_gic_view payload_gic_claim(unsigned int intid);

/* Send SGI @intid to the core with affinity @mpidr. */
void payload_gic_send_sgi(uint64_t mpidr, unsigned int intid);
/* Acknowledge and complete every interrupt pending for this core. */
void payload_gic_ack_all(void);
/* EL2 MMU on with the tables at @ttbr0 (aarch64/payload_mmu.S); no stack use. */
void payload_enable_mmu_el2(uintptr_t ttbr0);

/* Arm this core's EL1 physical timer to fire in @us microseconds / stop it. */
void payload_timer_arm_us(uint64_t us);
void payload_timer_stop(void);

/* A counting barrier: each of @n participants calls it once per round. */
struct payload_barrier {
	volatile uint32_t count;
	uint32_t participants;
};
void payload_barrier_init(struct payload_barrier *b, uint32_t participants);
void payload_barrier_wait(struct payload_barrier *b);
/* Lower the count once some participants turn out not to come. */
void payload_barrier_set_participants(struct payload_barrier *b, uint32_t participants);

/*
 * Set payload_expect_undef before an instruction expected to be
 * UNDEFINED: the exception is absorbed (execution continues after it) and
 * its ESR_EL2 lands in payload_expected_esr_seen.
 */
extern volatile bool payload_expect_undef;
extern volatile uint64_t payload_expected_esr_seen;

/* --- the PMF call ring (pmf_ring.c, docs/design/pmf.rst) --- */

struct pmf_ring;
struct pmf_ring_record;
struct payload_ring {
	int64_t rc;          /* PMF_GET_RING's x0 on the boot core */
	bool usable;         /* its answer is one this payload maps and reads */
	bool present;        /* ... and every core's ring checked out (payload_ring_init) */
	uint64_t base, size; /* the region, mapped by payload_main.c when usable */
	uint32_t layout;     /* the layout word's low half, the same for every core */
	unsigned int version, record_bytes, records;
	struct pmf_ring *ring[PAYLOAD_MAX_CORES]; /* by payload core index */
};
extern struct payload_ring payload_ring;

/*
 * Ask where the ring is (PMF_GET_RING with this core's MPIDR; MMU off or
 * on): true if the answer is a region this payload maps and a layout it
 * reads. Then, with the topology known, payload_ring_init() finds every
 * core's ring, checks the headers and the DTB's /reserved-memory node
 * (@fdt, may be NULL) and prints the ring's line; false (after a SKIPPED
 * line or a failed check) if the suites are to leave it alone.
 */
bool payload_ring_probe(void);
bool payload_ring_init(const void *fdt);

/*
 * Reading: the newest complete record's seq on core @core (0: none), and
 * record @seq of it into *@out: RING_COMPLETE, or why not: RING_NOT_YET
 * (not written yet), RING_LOST (overwritten by a newer one), RING_BUSY
 * (being written, or overwritten while it was copied: read again).
 * payload_ring_newest(): the head's record, true if complete.
 */
enum payload_ring_take {
	RING_COMPLETE,
	RING_NOT_YET,
	RING_LOST,
	RING_BUSY
};
uint64_t payload_ring_head(unsigned int core);
enum payload_ring_take payload_ring_take(unsigned int core, uint64_t seq,
                                         struct pmf_ring_record *out);
bool payload_ring_newest(unsigned int core, struct pmf_ring_record *out);
const char *payload_ring_outcome_name(unsigned int outcome);
/*
 * Is @r the record of a call whose six PMF stamps, read by SMC, are @ts,
 * of function byte @function (PSCI function number | 0x80 for SMC64),
 * @power_state and @outcome? If not, why, into @why.
 */
bool payload_ring_compare(const struct pmf_ring_record *r, const uint64_t ts[6],
                          unsigned int function, uint32_t power_state, unsigned int outcome,
                          char *why, size_t n);

/* --- suites --- */

/* Running totals of checks, printed as "N passed, N failed" at the end. */
extern unsigned int payload_checks_passed, payload_checks_failed;
/* What PSCI_VERSION returned at boot (payload_main.c). */
extern int64_t payload_psci_version;
/* Record one check; prints "FAIL <what>" (and the detail) if !ok. */
bool payload_check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Micro-benchmarks of the EL3 paths (bench.c, make bench). */
void bench_run(void);

/* One call of each path the profiler knows, a few times (profile.c, make profile). */
void profile_run(void);

/*
 * The PMF record scenario (pmf_order.c): every call's six timestamps, on
 * every core, in parallel, abandoned calls forced; false on a failure.
 */
bool pmf_order_run(void);

/*
 * Every core suspending, powering off and powering others on, in parallel
 * and over and over, in each suspend mode (stress.c); false on a failure.
 */
bool stress_run(void);

/* The six runtime-instrumentation scenarios and their report (rt_instr.c). */
bool rt_instr_run(void);
/*
 * The PMF GET_TIMESTAMP (SMC64) function ID the firmware answers, which
 * every PMF read of the measurements uses: the Vendor-Specific EL3 one
 * (PMF_SMC_GET_TIMESTAMP_64, OEN 7; docs/design/pmf.rst), or, where the
 * firmware answers only the SiP one TF-A v2.8 and earlier have
 * (PMF_SMC_GET_TIMESTAMP_64_DEP: make compare-tfa's TF-A), that one.
 * payload_pmf_probe() decides, saying so when it is the SiP one; the
 * conformance suite calls both by their own IDs.
 */
extern uint32_t payload_pmf_fid;
void payload_pmf_probe(void);
/* The PMF tid of runtime-instrumentation timestamp @index (RT_INSTR_*; lib/pmf.h). */
#define RT_TID(index)                                                                              \
	((PMF_ARM_TIF_IMPL_ID << PMF_TID_IMPL_SHIFT) |                                             \
	 (PMF_RT_INSTR_SVC_ID << PMF_TID_SVC_SHIFT) | (index))
/*
 * The PSCI 1.3 / SMCCC / PMF conformance suite (conformance.c): return
 * codes for good and bad arguments, races, context IDs. Prints
 * "CONFORMANCE: N passed, N failed"; leaves one core frozen (CPU_FREEZE).
 */
void conformance_run(void);

#endif
