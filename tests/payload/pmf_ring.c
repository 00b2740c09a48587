/*
 * The PMF call ring as a normal world reads it (docs/design/pmf.rst, the
 * call ring): found with PMF_GET_RING, never assumed; checked against the
 * DTB's /reserved-memory node; mapped Normal write-back, inner shareable,
 * as the firmware maps it; read with no SMC, by the protocol the
 * firmware's write order allows. The suites compare it with the PMF SMCs
 * (rt_instr.c, pmf_order.c) and do to it what a normal world may
 * (conformance.c: bad arguments; pmf_order.c: scribbles from every core
 * while the others' calls race).
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/smccc.h>
#include <lib/utils_def.h>
#include <lib/xlat.h>

#include "payload.h"
#include "smc.h"

struct payload_ring payload_ring;

/* The largest region this payload maps (the firmware's window is 1 MiB). */
#define RING_MAP_MAX 0x01000000U

/* The layout word's fields (PMF_GET_RING's x3). */
static unsigned int field(uint64_t layout, unsigned int shift, unsigned int bits)
{
	return (unsigned int)(layout >> shift) & ((1U << bits) - 1U);
}

bool payload_ring_probe(void)
{
	struct payload_ring *p = &payload_ring;
	struct smc_result r = smc(PMF_SMC_GET_RING_64, read_mpidr_el1() & MPIDR_AFFINITY_MASK, 0,
	                          0);

	p->rc = (int64_t)r.x0;
	if (r.x0 != 0U)
		return false;
	p->base = r.x1;
	p->size = r.x2;
	p->layout = (uint32_t)r.x3;
	p->version = field(r.x3, PMF_RING_LAYOUT_VERSION_SHIFT, 8);
	p->record_bytes = 1U << field(r.x3, PMF_RING_LAYOUT_RECORD_SHIFT, 8);
	p->records = field(r.x3, PMF_RING_LAYOUT_RECORDS_SHIFT, 16);
	/* What this reader understands, and a region it can map. */
	p->usable = p->version == PMF_RING_VERSION && p->record_bytes == PMF_RING_LINE &&
	            p->records == PMF_RING_RECORDS && (p->base & (XLAT_PAGE_SIZE - 1U)) == 0U &&
	            (p->size & (XLAT_PAGE_SIZE - 1U)) == 0U && p->size != 0U &&
	            p->size <= RING_MAP_MAX;
	return p->usable;
}

/* The DTB's description of the ring: a /reserved-memory child of that compatible. */
static const char *check_dtb(const void *fdt, char *buf, size_t n)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "n1fw,pmf-ring");
	int parent, ac, sc, len;
	const fdt32_t *reg;
	uint64_t base = 0, size = 0;

	if (node < 0)
		return "no node compatible \"n1fw,pmf-ring\"";
	parent = fdt_parent_offset(fdt, node);
	if (parent < 0 || strcmp(fdt_get_name(fdt, parent, NULL), "reserved-memory") != 0)
		return "the node is not a child of /reserved-memory";
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (reg == NULL || ac < 1 || ac > 2 || sc < 1 || sc > 2 || len != (ac + sc) * 4)
		return "its reg is not one range";
	for (int i = 0; i < ac; i++)
		base = base << 32 | fdt32_to_cpu(reg[i]);
	for (int i = 0; i < sc; i++)
		size = size << 32 | fdt32_to_cpu(reg[ac + i]);
	if (fdt_getprop(fdt, node, "no-map", NULL) == NULL)
		return "it lacks no-map";
	snprintf(buf, n, "reg 0x%llx, 0x%llx bytes, not PMF_GET_RING's", (unsigned long long)base,
	         (unsigned long long)size);
	if (base != payload_ring.base || size != payload_ring.size)
		return buf;
	return NULL;
}

bool payload_ring_init(const void *fdt)
{
	struct payload_ring *p = &payload_ring;
	char why[96];
	bool ok = true;

	if (!p->usable) {
		if (p->rc == SMC_UNK)
			payload_skip(
				"PMF call ring",
				"PMF_GET_RING returned -1: the firmware has no ring (PMF_RING=0, "
				"no runtime instrumentation, or its memory not kept from the normal "
				"world)");
		else
			payload_check(
				false,
				"PMF call ring: PMF_GET_RING returned %lld, region 0x%llx of "
				"0x%llx bytes, version %u, %u records of %u bytes: not one this "
				"payload reads",
				(long long)p->rc, (unsigned long long)p->base,
				(unsigned long long)p->size, p->version, p->records,
				p->record_bytes);
		return false;
	}
	for (unsigned int c = 0; c < payload_topo.cores; c++) {
		struct smc_result r = smc(PMF_SMC_GET_RING_64, payload_mpidr(c), 0, 0);
		uint64_t off = r.x3 >> PMF_RING_LAYOUT_OFFSET_SHIFT;

		ok &= payload_check(r.x0 == 0U && r.x1 == p->base && r.x2 == p->size &&
		                            (uint32_t)r.x3 == p->layout &&
		                            off % PMF_RING_LINE == 0U &&
		                            off + PMF_RING_CPU_BYTES <= p->size,
		                    "PMF call ring: core %u: PMF_GET_RING returned %lld, 0x%llx, "
		                    "0x%llx, layout 0x%llx",
		                    c, (long long)r.x0, (unsigned long long)r.x1,
		                    (unsigned long long)r.x2, (unsigned long long)r.x3);
		p->ring[c] = (struct pmf_ring *)(uintptr_t)(p->base + off);
		for (unsigned int o = 0; o < c; o++)
			ok &= payload_check(p->ring[o] != p->ring[c],
			                    "PMF call ring: cores %u and %u share a ring", o, c);
		if (!ok)
			return false;
		/* The header as the firmware wrote it at cold boot. */
		const volatile struct pmf_ring_header *h = &p->ring[c]->header;

		ok &= payload_check(h->magic == PMF_RING_MAGIC && h->version == PMF_RING_VERSION &&
		                            h->header_bytes == PMF_RING_LINE &&
		                            h->record_bytes == PMF_RING_LINE &&
		                            h->records == PMF_RING_RECORDS &&
		                            h->mpidr == payload_mpidr(c) &&
		                            h->counter_hz == read_cntfrq_el0(),
		                    "PMF call ring: core %u's header: magic 0x%x version %u, %u "
		                    "records, MPIDR 0x%llx (its own: 0x%llx), counter %llu Hz",
		                    c, (unsigned int)h->magic, (unsigned int)h->version,
		                    (unsigned int)h->records, (unsigned long long)h->mpidr,
		                    (unsigned long long)payload_mpidr(c),
		                    (unsigned long long)h->counter_hz);
	}
	/*
	 * The platforms whose BL2 edits the normal world's device tree describe
	 * it (docs/design/pmf.rst): a DTB that describes memory. N1SDP's
	 * NT_FW_CONFIG describes none (its normal world's memory map is UEFI's),
	 * so the ring is found by the SMC alone there.
	 */
	bool memory_dt = fdt != NULL &&
	                 fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory", 7) >= 0;
	const char *dt = memory_dt     ? check_dtb(fdt, why, sizeof(why))
	                 : fdt != NULL ? "a DTB that describes no memory"
	                               : "no DTB";

	ok &= payload_check(!memory_dt || dt == NULL, "PMF call ring: the DTB's description: %s",
	                    dt);
	printf("PAYLOAD: PMF call ring: 0x%llx, 0x%llx bytes, %u records of %u bytes per core, "
	       "version %u; the DTB: %s\n",
	       (unsigned long long)p->base, (unsigned long long)p->size, p->records,
	       p->record_bytes, p->version, dt == NULL ? "/reserved-memory, no-map" : dt);
	p->present = ok;
	return ok;
}

uint64_t payload_ring_head(unsigned int core)
{
	return __atomic_load_n(&payload_ring.ring[core]->header.head, __ATOMIC_ACQUIRE);
}

enum payload_ring_take payload_ring_take(unsigned int core, uint64_t seq,
                                         struct pmf_ring_record *out)
{
	struct pmf_ring_record *r =
		&payload_ring.ring[core]->record[(seq - 1U) & (PMF_RING_RECORDS - 1U)];
	/* The reader's half of the order (docs/design/pmf.rst): LDAR, copy, DMB, load. */
	uint64_t s1 = __atomic_load_n(&r->seq, __ATOMIC_ACQUIRE);

	if (s1 == 0U)
		return RING_BUSY;
	if (s1 < seq)
		return RING_NOT_YET;
	if (s1 > seq)
		return RING_LOST;
	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++)
		out->ts[i] = ((volatile uint64_t *)r->ts)[i];
	out->info = *(volatile uint64_t *)&r->info;
	__asm__ volatile("dmb ishld" : : : "memory");
	out->seq = *(volatile uint64_t *)&r->seq;
	return out->seq == seq ? RING_COMPLETE : RING_BUSY;
}

bool payload_ring_newest(unsigned int core, struct pmf_ring_record *out)
{
	uint64_t head = payload_ring_head(core);

	memset(out, 0, sizeof(*out));
	return head != 0U && payload_ring_take(core, head, out) == RING_COMPLETE;
}

const char *payload_ring_outcome_name(unsigned int outcome)
{
	static const char *const names[] = PMF_RING_OUTCOME_NAMES;

	return outcome < ARRAY_SIZE(names) ? names[outcome] : "?";
}

bool payload_ring_compare(const struct pmf_ring_record *r, const uint64_t ts[RT_INSTR_TOTAL_IDS],
                          unsigned int function, uint32_t power_state, unsigned int outcome,
                          char *why, size_t n)
{
	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++) {
		if (r->ts[i] != ts[i]) {
			snprintf(why, n, "record %llu: stamp %u is %llu, PMF_GET_TIMESTAMP's %llu",
			         (unsigned long long)r->seq, i, (unsigned long long)r->ts[i],
			         (unsigned long long)ts[i]);
			return false;
		}
	}
	if (r->function != function || r->power_state != power_state || r->outcome != outcome ||
	    (outcome != PMF_RING_DENIED && r->status != 0)) {
		snprintf(why, n,
		         "record %llu: function 0x%02x power_state 0x%08x %s status %d, expected "
		         "0x%02x 0x%08x %s",
		         (unsigned long long)r->seq, r->function, (unsigned int)r->power_state,
		         payload_ring_outcome_name(r->outcome), r->status, function,
		         (unsigned int)power_state, payload_ring_outcome_name(outcome));
		return false;
	}
	return true;
}
