/*
 * The PMF call ring (docs/design/pmf.rst): each CPU's record of every
 * PSCI power call (its six runtime-instrumentation stamps, function,
 * power_state, outcome, status) in non-secure DRAM the normal world reads
 * without an SMC. The stamps are lib/pmf's (include/lib/pmf.h); what the
 * call was and how it ended, PSCI tells through the calls below.
 */
#ifndef LIB_PMF_RING_H
#define LIB_PMF_RING_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>
#include <lib/xlat.h>
#include <platform_def.h>

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

/* The BL31 translation-table region of the rings (pmf_ring_use says whether to map it). */
extern const struct mmap_region pmf_ring_map[];

/*
 * What a power call's record holds is PSCI's to say (lib/psci tells it,
 * docs/design/pmf.rst): PMF reads no SMC register and knows no function
 * ID. Each of these compiles to nothing unless pmf_ring_on(), so call
 * sites need no #if.
 */
static inline bool pmf_ring_on(void)
{
	return ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING;
}

/*
 * pmf_ring_stage(): how the power call in progress ends (PMF_RING_ENTERED,
 * PMF_RING_ABANDONED, ...); a staged PMF_RING_ABANDONED whose call returns
 * an error is recorded as PMF_RING_DENIED.
 */
static inline void pmf_ring_stage(unsigned int outcome)
{
	if (pmf_ring_on())
		my_cpu_data()->pmf_ring_pending = (uint8_t)outcome;
}

/*
 * Whether the call in progress staged an outcome (it is a power call whose
 * record is due when it returns). Three instructions.
 */
static inline bool pmf_ring_pending(void)
{
	return pmf_ring_on() && my_cpu_data()->pmf_ring_pending != 0U;
}

/*
 * pmf_ring_commit() - write this CPU's record of the power call whose
 * stamps are complete: its six PMF stamps, PSCI function number @function
 * (PMF_RING_FN_*; its SMC64 form if @smc64), @power_state (CPU_SUSPEND's
 * argument, else 0), @status (its PSCI return code, 0 for a call ended by
 * a wake-up) and the staged outcome; then clears the staging. Written in
 * the order readers rely on (docs/design/pmf.rst): seq = 0, DMB ISHST, the
 * fields, seq = n with release, head = n.
 * pmf_ring_commit_kept() - the same, status 0, with what pmf_ring_keep kept.
 * pmf_ring_commit_frozen() - the same for CPU_FREEZE (number @function,
 * SMC32), outcome PMF_RING_FROZEN, status 0.
 * (One entry point a caller, so that each call site gets its own copy.)
 */
void pmf_ring_commit(unsigned int function, bool smc64, uint32_t power_state, int64_t status);
void pmf_ring_commit_kept(void);
void pmf_ring_commit_frozen(unsigned int function);

/*
 * pmf_ring_keep(): what the record of this CPU's power call says
 * (@function, @smc64, @power_state, as pmf_ring_commit takes them) and
 * @outcome, kept for a record written later without them.
 */
static inline void pmf_ring_keep(unsigned int function, bool smc64, uint32_t power_state,
                                 unsigned int outcome)
{
	struct cpu_data *cpu = my_cpu_data();

	cpu->pmf_ring_function = (uint8_t)(function | (smc64 ? PMF_RING_FUNCTION_SMC64 : 0U));
	cpu->pmf_ring_power_state = power_state;
	cpu->pmf_ring_pending = (uint8_t)outcome;
}

/*
 * A power-down (the core goes down in power call @function, @smc64,
 * @power_state, as pmf_ring_commit takes them): entered; what its record
 * says kept for the wake-up's pmf_ring_woken.
 */
static inline void pmf_ring_power_down(unsigned int function, bool smc64, uint32_t power_state)
{
	if (pmf_ring_on())
		pmf_ring_keep(function, smc64, power_state, PMF_RING_ENTERED);
}

/*
 * CPU_FREEZE (PSCI function number @function, SMC32), which never
 * returns: its record at once (no EXIT_HW_LOW_PWR or EXIT_PSCI will come).
 */
static inline void pmf_ring_frozen(unsigned int function)
{
	if (pmf_ring_on())
		pmf_ring_commit_frozen(function);
}

/*
 * The wake-up of a power-down: after its EXIT_PSCI, the record of the call
 * that took the core down (none for a core's first power-up).
 */
static inline void pmf_ring_woken(void)
{
	if (pmf_ring_pending())
		pmf_ring_commit_kept();
}

#endif /* LIB_PMF_RING_H */
