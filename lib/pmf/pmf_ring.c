/*
 * The call ring (include/lib/pmf_ring.h, docs/design/pmf.rst): each CPU's
 * record of every power call, in non-secure DRAM the normal world reads
 * without an SMC. EL3 only writes it: every value it writes comes from
 * its own memory (the PMF line, cpu_data), never from the ring, which the
 * normal world may have scribbled over.
 */
#include <stdint.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/utils_def.h>
#include <lib/xlat.h>
#include <plat/plat_topology.h>
#include <platform_def.h>

/* Normal, write-back cacheable, inner shareable, non-secure: as readers map it. */
const struct mmap_region pmf_ring_map[] = {
	{ PLAT_PMF_RING_BASE, PMF_RING_SIZE, MT_RW_DATA | MT_NS },
};

/* BL2 kept the window from the normal world (pmf_ring_use): the ring is BL31's to write. */
static bool ring_in_use;

unsigned int pmf_ring_use(bool kept)
{
	ring_in_use = ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING && kept;
	return ring_in_use ? 1U : 0U;
}

bool pmf_ring_in_use(void)
{
	return ring_in_use;
}

/* Two stamps, copied as a pair of registers (LDP, STP). */
struct pair {
	uint64_t a, b;
};
_Static_assert(RT_INSTR_TOTAL_IDS == 6, "a record's stamps are three pairs");

static struct pmf_ring *ring_of(unsigned int pos)
{
	return (struct pmf_ring *)(uintptr_t)(PLAT_PMF_RING_BASE +
	                                      (uint64_t)pos * PMF_RING_CPU_BYTES);
}

void pmf_ring_setup(void)
{
	if (!ring_in_use)
		return;
	memset((void *)(uintptr_t)PLAT_PMF_RING_BASE, 0, PMF_RING_SIZE);
	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++) {
		struct pmf_ring_header *h = &ring_of(pos)->header;

		h->magic = PMF_RING_MAGIC;
		h->version = PMF_RING_VERSION;
		h->header_bytes = sizeof(*h);
		h->record_bytes = sizeof(struct pmf_ring_record);
		h->records = PMF_RING_RECORDS;
		h->mpidr = plat_core_mpidr(pos);
		h->counter_hz = read_cntfrq_el0();
	}
	flush_dcache_range(PLAT_PMF_RING_BASE, PMF_RING_SIZE);
}

/* pmf_ring_commit's work, @function already in the record's form. */
static inline __attribute__((always_inline)) void write_record(unsigned int function,
                                                               uint32_t power_state, int64_t status)
{
	struct cpu_data *cpu = my_cpu_data();
	unsigned int outcome = cpu->pmf_ring_pending;
	uint64_t n = ++cpu->pmf_ring_seq;
	struct pmf_ring *ring = ring_of(cpu->core_pos);
	struct pmf_ring_record *r = &ring->record[(n - 1U) & (PMF_RING_RECORDS - 1U)];
	const struct pair *line = __builtin_assume_aligned(pmf_slot(cpu->core_pos, 0),
	                                                   PMF_PERCPU_SIZE);
	struct pair *ts = __builtin_assume_aligned(r->ts, PMF_RING_LINE);
	uint64_t info;

	cpu->pmf_ring_pending = 0;
	if (!ring_in_use)
		return;
	if (outcome == PMF_RING_ABANDONED && status != 0)
		outcome = PMF_RING_DENIED;
	/* power_state, function, outcome, status: one 64-bit store (little-endian). */
	info = power_state | (uint64_t)function << 32 | (uint64_t)outcome << 40 |
	       (uint64_t)(uint16_t)status << 48;
	/*
	 * A reader on another core that sees any new field sees seq = 0 or
	 * this record's own seq, never an older record's: seq first, then the
	 * rest, then seq again with release semantics (STLR).
	 */
	*(volatile uint64_t *)&r->seq = 0;
	dmb_ishst();
	ts[0] = line[0];
	ts[1] = line[1];
	ts[2] = line[2];
	r->info = info;
	__atomic_store_n(&r->seq, n, __ATOMIC_RELEASE);
	*(volatile uint64_t *)&ring->header.head = n;
}

void pmf_ring_commit(unsigned int function, bool smc64, uint32_t power_state, int64_t status)
{
	write_record(function | (smc64 ? PMF_RING_FUNCTION_SMC64 : 0U), power_state, status);
}

void pmf_ring_commit_kept(void)
{
	const struct cpu_data *cpu = my_cpu_data();

	write_record(cpu->pmf_ring_function, cpu->pmf_ring_power_state, 0);
}

void pmf_ring_commit_frozen(unsigned int function)
{
	my_cpu_data()->pmf_ring_pending = PMF_RING_FROZEN;
	write_record(function, 0, 0);
}
