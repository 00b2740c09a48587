/*
 * Performance Measurement Framework: per-CPU CNTPCT_EL0 timestamps that the
 * normal world reads through the PMF SMC (docs/design/pmf.rst).
 *
 * Only the runtime-instrumentation service (service id 1, six timestamps)
 * exists. Each CPU's six 64-bit slots fill one 64-byte cache line of their
 * own, so cache maintenance on one CPU's slots never touches another's
 * (docs/design/pmf.rst).
 */
#ifndef LIB_PMF_H
#define LIB_PMF_H

#include <arch/aarch64/arch.h>
/*
 * What the normal world reads (timestamp indices and names, SMC IDs, result
 * codes, the call ring's layout): generated from tools/common/pmf.py, its
 * one source, into the build tree.
 */
#include <pmf_abi.h>

/*
 * The deprecated Arm SiP IDs of GET_TIMESTAMP (OEN 2, function 0x10) that
 * older TFTF builds call; answered on Arm's platforms (PLAT_ARM_SIP_PMF:
 * N1SDP, FVP) with the same arguments and results (services/arm_sip_svc).
 */
#define PMF_SMC_GET_TIMESTAMP_32_DEP U(0x82000010)
#define PMF_SMC_GET_TIMESTAMP_64_DEP U(0xC2000010)
/* Function numbers 0x20-0x2f of OEN 7 belong to PMF. */
#define PMF_FUNC_RANGE_MASK          U(0xfff0)
#define PMF_FUNC_RANGE               U(0x20)

#define PMF_TS_SIZE      8 /* bytes per timestamp */
#define PMF_PERCPU_SHIFT 6 /* one 64-byte line per CPU */
#define PMF_PERCPU_SIZE  (1 << PMF_PERCPU_SHIFT)

/*
 * The call ring (docs/design/pmf.rst): PMF_RING (a build option; it needs
 * ENABLE_RUNTIME_INSTRUMENTATION) puts one in the platform's window of
 * non-secure DRAM, PLAT_PMF_RING_BASE (PLAT_PMF_RING_MAX_SIZE bytes, 64 KiB
 * aligned): a ring of PMF_RING_CPU_BYTES per core, by core position, the
 * whole PMF_RING_SIZE bytes (a multiple of 64 KiB, the largest page a
 * normal world maps it with).
 */
#define PMF_RING_CPU_BYTES (PMF_RING_LINE * (1 + PMF_RING_RECORDS))
#define PMF_RING_GRANULE   0x10000
#define PMF_RING_SIZE                                                                              \
	((PLATFORM_CORE_COUNT * PMF_RING_CPU_BYTES + PMF_RING_GRANULE - 1) &                       \
	 ~(PMF_RING_GRANULE - 1))

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/xlat.h>
#include <platform_def.h>

_Static_assert(RT_INSTR_TOTAL_IDS *PMF_TS_SIZE <= PMF_PERCPU_SIZE,
               "the runtime-instrumentation slots must fit in one line");
_Static_assert(PMF_PERCPU_SIZE >= CACHE_WRITEBACK_GRANULE,
               "per-CPU PMF blocks must not share a cache line");

/* PMF timestamp memory: [core position][index], in BL31's .bss. */
extern uint64_t pmf_timestamps[PLATFORM_CORE_COUNT][PMF_PERCPU_SIZE / PMF_TS_SIZE];

/*
 * Decode @tid into a runtime-instrumentation slot index. Returns the index
 * (0 .. RT_INSTR_TOTAL_IDS-1), or PMF_E_INVAL for another service id or an
 * index past the service's last timestamp. The implementation-id bits are
 * ignored, so 0x41000400 + i and 0x400 + i name the same slot.
 */
static inline int pmf_tid_to_index(uint64_t tid)
{
	unsigned int svc = ((uint32_t)tid >> PMF_TID_SVC_SHIFT) & PMF_TID_SVC_MASK;
	unsigned int index = (uint32_t)tid & PMF_TID_INDEX_MASK;

	if (svc != PMF_RT_INSTR_SVC_ID || index >= RT_INSTR_TOTAL_IDS)
		return PMF_E_INVAL;
	return (int)index;
}

/*
 * Address of CPU @pos's slot @index (the maths the capture macros and the
 * SMC reader share). @pos < PLATFORM_CORE_COUNT, @index < RT_INSTR_TOTAL_IDS.
 */
static inline uint64_t *pmf_slot(unsigned int pos, unsigned int index)
{
	return &pmf_timestamps[pos][index];
}

/*
 * The call ring (docs/design/pmf.rst): each CPU's ring in the platform's
 * non-secure window, PMF_RING_RECORDS records of one line after a header
 * line, laid out as pmf_abi.h says (checked below). EL3 writes it and
 * never reads it: the normal world may have written anything there.
 */
struct pmf_ring_header {
	uint32_t magic;
	uint16_t version;
	uint16_t header_bytes;
	uint16_t record_bytes;
	uint16_t reserved0;
	uint32_t records;
	uint64_t mpidr;
	uint64_t head; /* the newest complete record's seq, 0: none */
	uint64_t counter_hz;
	uint64_t reserved[3];
};

struct pmf_ring_record {
	uint64_t ts[RT_INSTR_TOTAL_IDS];
	uint64_t seq; /* 1, 2, ... per CPU; 0 while it is written */
	union {
		struct {
			uint32_t power_state; /* CPU_SUSPEND's argument, else 0 */
			uint8_t function;     /* PSCI function number | PMF_RING_FUNCTION_SMC64 */
			uint8_t outcome;      /* PMF_RING_ENTERED ... */
			int16_t status;       /* the call's PSCI return code */
		};
		uint64_t info; /* the four as EL3 writes them: one store */
	};
};

struct pmf_ring {
	struct pmf_ring_header header;
	struct pmf_ring_record record[PMF_RING_RECORDS];
};

#define PMF_RING_FIELD(type, field, off, size)                                                     \
	_Static_assert(__builtin_offsetof(struct type, field) == (off) &&                          \
	                       sizeof(((struct type *)0)->field) == (size),                        \
	               #type "." #field ": the layout pmf_abi.h gives")
PMF_RING_FIELD(pmf_ring_header, magic, PMF_RING_HDR_MAGIC, PMF_RING_HDR_MAGIC_SIZE);
PMF_RING_FIELD(pmf_ring_header, version, PMF_RING_HDR_VERSION, PMF_RING_HDR_VERSION_SIZE);
PMF_RING_FIELD(pmf_ring_header, header_bytes, PMF_RING_HDR_HEADER_BYTES,
               PMF_RING_HDR_HEADER_BYTES_SIZE);
PMF_RING_FIELD(pmf_ring_header, record_bytes, PMF_RING_HDR_RECORD_BYTES,
               PMF_RING_HDR_RECORD_BYTES_SIZE);
PMF_RING_FIELD(pmf_ring_header, records, PMF_RING_HDR_RECORDS, PMF_RING_HDR_RECORDS_SIZE);
PMF_RING_FIELD(pmf_ring_header, mpidr, PMF_RING_HDR_MPIDR, PMF_RING_HDR_MPIDR_SIZE);
PMF_RING_FIELD(pmf_ring_header, head, PMF_RING_HDR_HEAD, PMF_RING_HDR_HEAD_SIZE);
PMF_RING_FIELD(pmf_ring_header, counter_hz, PMF_RING_HDR_COUNTER_HZ, PMF_RING_HDR_COUNTER_HZ_SIZE);
PMF_RING_FIELD(pmf_ring_record, seq, PMF_RING_REC_SEQ, PMF_RING_REC_SEQ_SIZE);
PMF_RING_FIELD(pmf_ring_record, ts, PMF_RING_REC_TS, PMF_RING_REC_TS_SIZE);
PMF_RING_FIELD(pmf_ring_record, power_state, PMF_RING_REC_POWER_STATE,
               PMF_RING_REC_POWER_STATE_SIZE);
PMF_RING_FIELD(pmf_ring_record, function, PMF_RING_REC_FUNCTION, PMF_RING_REC_FUNCTION_SIZE);
PMF_RING_FIELD(pmf_ring_record, outcome, PMF_RING_REC_OUTCOME, PMF_RING_REC_OUTCOME_SIZE);
PMF_RING_FIELD(pmf_ring_record, status, PMF_RING_REC_STATUS, PMF_RING_REC_STATUS_SIZE);
_Static_assert(sizeof(struct pmf_ring_header) == PMF_RING_LINE &&
                       sizeof(struct pmf_ring_record) == PMF_RING_LINE &&
                       sizeof(struct pmf_ring) == PMF_RING_CPU_BYTES,
               "a ring is a header line and PMF_RING_RECORDS lines");
_Static_assert((PMF_RING_RECORDS & (PMF_RING_RECORDS - 1)) == 0,
               "a record's slot is its seq modulo PMF_RING_RECORDS, a power of two");
_Static_assert(PMF_RING_LINE >= CACHE_WRITEBACK_GRANULE,
               "no two records (no record and header) share a cache line");
_Static_assert(!PMF_RING || !ENABLE_RUNTIME_INSTRUMENTATION ||
                       ((PLAT_PMF_RING_BASE & (PMF_RING_GRANULE - 1)) == 0 &&
                        PMF_RING_SIZE <= PLAT_PMF_RING_MAX_SIZE),
               "the rings fit the platform's window, 64 KiB aligned");

/*
 * pmf_ring_use() - BL31's cold boot, before its translation tables: @kept
 * says whether BL2 kept the ring's window from the normal world (struct
 * bl31_params). Returns how many entries of pmf_ring_map to map: 1 when
 * the ring is in use (PMF_RING and @kept), else 0: BL31 then never maps,
 * clears or writes the window, no record is written and PMF_GET_RING
 * answers as without the ring.
 * pmf_ring_in_use() - what pmf_ring_use decided.
 */
unsigned int pmf_ring_use(bool kept);
bool pmf_ring_in_use(void);

/*
 * pmf_ring_setup() - BL31's cold boot: every CPU's ring zeroed (no record)
 * and its header written, the whole cleaned to the PoC for a normal world
 * that reads it before its MMU is on. Nothing unless the ring is in use.
 */
void pmf_ring_setup(void);

/*
 * pmf_ring_commit() - write this CPU's record of the power call whose
 * stamps are complete: its six PMF stamps, its function and power_state
 * (@fid, the PSCI function ID, and @x1, its first argument), @status (its
 * PSCI return code, 0 for a call ended by a wake-up) and the staged
 * outcome (a staged PMF_RING_ABANDONED with an error @status is DENIED);
 * then clears the staging. Written in the order readers rely on
 * (docs/design/pmf.rst): seq = 0, DMB ISHST, the fields, seq = n with
 * release, head = n.
 * pmf_ring_commit_returned() - the same for a call that returns @status
 * to its caller now: @fid and @x1 from the registers the SMC vector saved.
 */
void pmf_ring_commit(uint32_t fid, uint64_t x1, int64_t status);
void pmf_ring_commit_returned(int64_t status);

/* The BL31 translation-table region of the rings (pmf_ring_use says whether to map it). */
extern const struct mmap_region pmf_ring_map[];

/* Note how the power call in progress ends (PMF_RING_*). */
static inline void pmf_ring_stage(unsigned int outcome)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING)
		my_cpu_data()->pmf_ring_pending = (uint8_t)outcome;
}

/*
 * After EXIT_PSCI of a PSCI call that returns @ret (the Standard Service):
 * the record, if the call was a power call (it staged an outcome). Three
 * instructions on every other PSCI call.
 */
static inline void pmf_ring_returned(uint64_t ret)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING && my_cpu_data()->pmf_ring_pending != 0U)
		pmf_ring_commit_returned((int64_t)ret);
}

/*
 * Capture points (docs/design/pmf.rst), inline: each is a counter read, a
 * store into this CPU's slot and, where the cache rules need one, one
 * line's maintenance. Each compiles to nothing when
 * ENABLE_RUNTIME_INSTRUMENTATION is 0, so call sites need no #if.
 *
 * pmf_capture(index, cmo): store CNTPCT_EL0 into this CPU's slot; with
 *   @cmo, clean+invalidate the line to the PoC afterwards (for stamps
 *   written with the cache on that precede cache-off writes, and
 *   ENTER_HW_LOW_PWR of a power-down: the line is clean when the MMU goes
 *   off), then DSB SY.
 * pmf_write(index, value, cmo): the same with a value read earlier.
 * pmf_capture_after_cache_off_write(index): EXIT_PSCI on the warm-boot
 *   path: invalidate the line first, because EXIT_HW_LOW_PWR was written
 *   to memory with the MMU off.
 * @index < RT_INSTR_TOTAL_IDS; @value in CNTPCT_EL0 ticks. This CPU is
 * my_cpu_data()->core_pos.
 */
static inline uint64_t *pmf_my_slot(unsigned int index)
{
	return pmf_slot(my_cpu_data()->core_pos, index);
}

static inline void pmf_write(unsigned int index, uint64_t value, bool cmo)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *slot = pmf_my_slot(index);

		*slot = value;
		if (cmo)
			flush_dcache_line((uintptr_t)slot);
	}
}

static inline void pmf_capture(unsigned int index, bool cmo)
{
	/* A plain MRS, no ISB, as TF-A samples (docs/perf). */
	pmf_write(index, read_cntpct_el0(), cmo);
}

static inline void pmf_capture_after_cache_off_write(unsigned int index)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *slot = pmf_my_slot(index);

		inv_dcache_line((uintptr_t)slot);
		*slot = read_cntpct_el0();
	}
}

/*
 * The calls that write neither the power-down preparation's pair nor both
 * low-power stamps the usual way (docs/design/pmf.rst: one call, one
 * record), so that no slot keeps a previous call's value:
 *
 * pmf_capture_no_low_power(): the call returns without entering low
 *   power (refused, or abandoned because a wake-up is pending):
 *   ENTER_CFLUSH = EXIT_CFLUSH = ENTER_HW_LOW_PWR = EXIT_HW_LOW_PWR = now.
 * pmf_capture_enter_no_flush(): the call enters low power with no
 *   preparation (standby, retention, CPU_FREEZE): ENTER_CFLUSH =
 *   EXIT_CFLUSH = ENTER_HW_LOW_PWR = now.
 * pmf_capture_exit_to_caller(): EXIT_HW_LOW_PWR of a low-power state the
 *   call returns from (standby, retention).
 *
 * The two that end a returning call's middle stamps finish with DSB ISH:
 * the EXIT_PSCI that follows is neither observed by another core before
 * them nor read from the counter before them (docs/design/pmf.rst: reading
 * another core's record).
 */
static inline void pmf_capture_no_low_power(void)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *line = pmf_my_slot(0);
		uint64_t now = read_cntpct_el0();

		line[RT_INSTR_ENTER_HW_LOW_PWR] = now;
		line[RT_INSTR_EXIT_HW_LOW_PWR] = now;
		line[RT_INSTR_ENTER_CFLUSH] = now;
		line[RT_INSTR_EXIT_CFLUSH] = now;
		dsb_ish();
		/* Abandoned; denied if it returns an error (pmf_ring_commit). */
		pmf_ring_stage(PMF_RING_ABANDONED);
	}
}

static inline void pmf_capture_enter_no_flush(void)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *line = pmf_my_slot(0);
		uint64_t now = read_cntpct_el0();

		line[RT_INSTR_ENTER_CFLUSH] = now;
		line[RT_INSTR_EXIT_CFLUSH] = now;
		line[RT_INSTR_ENTER_HW_LOW_PWR] = now;
	}
}

static inline void pmf_capture_exit_to_caller(void)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		*pmf_my_slot(RT_INSTR_EXIT_HW_LOW_PWR) = read_cntpct_el0();
		dsb_ish();
		pmf_ring_stage(PMF_RING_ENTERED);
	}
}

/*
 * ENTER_HW_LOW_PWR of a power-down (CPU_SUSPEND to a power-down state,
 * SYSTEM_SUSPEND, CPU_OFF), cleaned to the PoC as pmf_capture does for
 * it; then, outside every figure (the core is going down), what the
 * record its wake-up writes needs: the call's function ID and first
 * argument, from the registers the SMC vector saved (this call's: nothing
 * has returned to the caller yet).
 */
static inline void pmf_capture_power_down(void)
{
	pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, true);
	if (ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING) {
		struct cpu_data *cpu = my_cpu_data();

		cpu->pmf_ring_fid = (uint32_t)cpu->ctx.x[0];
		cpu->pmf_ring_x1 = cpu->ctx.x[1];
		cpu->pmf_ring_pending = PMF_RING_ENTERED;
	}
}

/*
 * CPU_FREEZE (@fid), which never returns: its stamps as
 * pmf_capture_enter_no_flush writes them, and its record at once (no
 * EXIT_HW_LOW_PWR or EXIT_PSCI will come).
 */
static inline void pmf_capture_frozen(uint32_t fid)
{
	pmf_capture_enter_no_flush();
	if (ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING) {
		my_cpu_data()->pmf_ring_pending = PMF_RING_FROZEN;
		pmf_ring_commit(fid, 0, 0);
	}
}

/*
 * The wake-up of a power-down: after its EXIT_PSCI, the record of the call
 * that took the core down (none for a core's first power-up).
 */
static inline void pmf_ring_woken(void)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING) {
		struct cpu_data *cpu = my_cpu_data();

		if (cpu->pmf_ring_pending != 0U)
			pmf_ring_commit(cpu->pmf_ring_fid, cpu->pmf_ring_x1, 0);
	}
}

#endif /* __ASSEMBLY__ */
#endif
