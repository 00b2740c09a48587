/*
 * A QEMU machine, BL2: the DTB QEMU wrote at PLAT_DTB_BASE is untrusted input
 * (anyone can pass -dtb). Validate it, learn the DRAM from it (-m varies),
 * honour MEM_PROTECT inside that DRAM, and describe what BL31 implements:
 * QEMU's DTB (secure=on) says nothing of PSCI idle states, so nobody could
 * idle a core. The DT code is generic (lib/dtb); this file supplies the
 * region, the scratch buffer and the states.
 */
#include <stdbool.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/dtb.h>
#include <lib/mmio.h>
#include <lib/pmf.h>
#include <plat/plat_setup.h>
#include <platform_def.h>
#include <lib/utils_def.h>

_Static_assert(PLAT_DTB_SCRATCH_BASE >= PLAT_DTB_BASE + PLAT_DTB_MAX_SIZE &&
                       PLAT_DTB_SCRATCH_BASE + PLAT_DTB_MAX_SIZE <= PLAT_BL33_BASE,
               "the DTB scratch buffer lies in BL2's non-secure map, apart from the DTB");
_Static_assert(PLAT_PMF_RING_BASE >= PLAT_DTB_SCRATCH_BASE + PLAT_DTB_MAX_SIZE &&
                       PLAT_PMF_RING_BASE + PLAT_PMF_RING_MAX_SIZE <= PLAT_BL33_BASE,
               "the call ring's window lies between the scratch buffer and BL33");

/*
 * The power-down states of qemu_pm.c. Entry and exit latencies are this
 * firmware's own Powerdown / Wakeup figures from docs/perf (about 1 us and
 * 0.6 us of emulated time per core, a little more for the last core of a
 * cluster), rounded up. The core state's minimum residency is a few times
 * their sum; the cluster state's stands for the cost of refilling the
 * cluster caches that a real cluster power-down loses, which no latency
 * shows. QEMU's modelled power-down keeps the generic timer running, so
 * the states carry no local-timer-stop. Node names are Linux cpuidle state
 * names: at most 15 characters.
 */
static const struct dtb_idle_state qemu_idle_states[] = {
	{ "cpu-power-down", PLAT_PSTATE_CORE_OFF, 2, 2, 10 },
	{ "cluster-pwrdown", PLAT_PSTATE_CLUSTER_OFF, 3, 3, 5000 },
};

/* What the platform knows without a DTB: the build's QEMU_MEMORY_MB. */
static void static_dram(struct plat_ns_dram *dram)
{
	mem_ranges_init(&dram->ranges);
	(void)mem_ranges_add(&dram->ranges, PLAT_NS_DRAM_BASE, PLAT_NS_DRAM_SIZE);
	dram->source = "the platform";
}

static void describe_dram(const void *dtb, struct plat_ns_dram *dram)
{
	struct dtb_diag diag;
	char msg[160];

	if (dtb != NULL && dtb_read_memory(dtb, &dram->ranges, &diag) == DTB_OK) {
		dram->source = "the DTB";
		return;
	}
	static_dram(dram);
	if (dtb != NULL)
		WARN("BL2: DTB: %s\n", dtb_diag_format(&diag, msg, sizeof(msg)));
	WARN("BL2: using the platform's DRAM description (0x%llx-0x%llx) instead of the DTB's\n",
	     PLAT_NS_DRAM_BASE, PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE - 1U);
}

/*
 * MEM_PROTECT (PSCI): if the normal world asked for it before the reset
 * that led here, nothing it left in DRAM may reach the next boot. The DTB
 * is spared: QEMU rewrites it at every reset. Only DRAM that exists is
 * written (a smaller -m than the build's leaves part of BL2's window
 * without memory), and only inside that window, which is all BL2 maps.
 */
static void mem_protect_overwrite(const struct plat_ns_dram *dram)
{
	const uint64_t base = PLAT_DTB_BASE + PLAT_DTB_MAX_SIZE;
	const uint64_t size = PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE - base;
	struct mem_range r;

	if (mmio_read_64(PLAT_MEM_PROTECT_FLAG) == 0U)
		return;
	NOTICE("BL2: MEM_PROTECT: overwriting non-secure DRAM\n");
	for (unsigned int i = 0; i < dram->ranges.count; i++) {
		if (!mem_ranges_intersect(&dram->ranges, i, base, size, &r))
			continue;
		memset((void *)(uintptr_t)r.base, 0, (size_t)r.size);
		flush_dcache_range((uintptr_t)r.base, (size_t)r.size);
	}
}

/*
 * The call ring's memory (lib/pmf, docs/design/pmf.rst), which BL31 writes
 * and the normal world reads: kept from the kernel's allocator and linear
 * map, so that nothing but the ring's readers ever maps it.
 */
static const struct dtb_reserved pmf_ring = { "pmf-ring", "n1fw,pmf-ring", PLAT_PMF_RING_BASE,
	                                      PMF_RING_SIZE };

static int fix_up(void *dtb, const struct dtb_reserved *reserved, struct dtb_psci_report *rep,
                  struct dtb_diag *diag)
{
	return dtb_add_psci(dtb, PLAT_DTB_MAX_SIZE, (void *)PLAT_DTB_SCRATCH_BASE,
	                    PLAT_DTB_MAX_SIZE, qemu_idle_states, ARRAY_SIZE(qemu_idle_states),
	                    reserved, rep, diag);
}

/*
 * The DTB made to describe PSCI and, with the call ring, to keep the
 * ring's memory: one rewrite (lib/dtb). If the ring's node cannot be
 * written (or makes the result too large), the PSCI description still is,
 * and the ERROR names the range: the ring then stays the normal world's
 * memory, which BL31 leaves alone (@dram->pmf_ring_reserved false).
 */
static void add_psci(void *dtb, struct plat_ns_dram *dram)
{
	const bool ring = ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING;
	struct dtb_psci_report rep;
	struct dtb_diag diag;
	char msg[160];
	int rc;

	if (!mem_ranges_contain(&dram->ranges, PLAT_DTB_SCRATCH_BASE, PLAT_DTB_MAX_SIZE)) {
		ERROR("BL2: DTB: no DRAM at 0x%lx for the 0x%x-byte scratch buffer; BL33 gets the DTB untouched\n",
		      (unsigned long)PLAT_DTB_SCRATCH_BASE, PLAT_DTB_MAX_SIZE);
		return;
	}
	rc = fix_up(dtb, ring ? &pmf_ring : NULL, &rep, &diag);
	/* What the ring's node alone can cause: cells or ranges Linux ignores, no room. */
	if (ring && (rc == DTB_ERR_CELLS || rc == DTB_ERR_NO_SPACE)) {
		ERROR("BL2: DTB: cannot reserve the PMF call ring: %s; the ring is off and "
		      "0x%llx-0x%llx stays the normal world's\n",
		      dtb_diag_format(&diag, msg, sizeof(msg)), (unsigned long long)pmf_ring.base,
		      (unsigned long long)(pmf_ring.base + pmf_ring.size - 1U));
		rc = fix_up(dtb, NULL, &rep, &diag);
	}
	if (rc != DTB_OK) {
		ERROR("BL2: DTB: cannot add the PSCI description: %s; BL33 gets the DTB untouched\n",
		      dtb_diag_format(&diag, msg, sizeof(msg)));
		return;
	}
	flush_dcache_range(PLAT_DTB_BASE, rep.written);
	NOTICE("BL2: DTB: /psci %s; enable-method and cpu-idle-states on %u of %u CPU nodes; %u idle states%s\n",
	       rep.replaced_psci ? "replaced" : "added", rep.described, rep.cpu_nodes,
	       rep.idle_states, rep.replaced_idle_states ? " (replacing the DTB's)" : "");
	/* A machine's minimal DT may name its CPU nodes but give them no device_type. */
	if (rep.typed != 0U)
		NOTICE("BL2: DTB: device_type \"cpu\" added to %u CPU nodes that had none\n",
		       rep.typed);
	if (!rep.has_cpus)
		WARN("BL2: DTB: /psci added, but the DTB has no /cpus node: no CPU could be described\n");
	else if (rep.described == 0U)
		WARN("BL2: DTB: /psci added, but no CPU node could be described (no /cpus child is named cpu or of device_type \"cpu\")\n");
	else if (rep.described < rep.cpu_nodes)
		WARN("BL2: DTB: %u of %u CPU nodes under /cpus have a device_type other than \"cpu\": not described\n",
		     rep.cpu_nodes - rep.described, rep.cpu_nodes);
	dram->pmf_ring_reserved = rep.reserved;
	if (rep.reserved)
		NOTICE("BL2: DTB: /reserved-memory/pmf-ring@%llx: the PMF call ring, 0x%llx bytes\n",
		       (unsigned long long)pmf_ring.base, (unsigned long long)pmf_ring.size);
}

/*
 * The DTB's header checked; a totalsize past the region by free space
 * alone (QEMU's -dtb FILE of more than 514,288 bytes, which QEMU pads to
 * twice its size: docs/plat/qemu.rst) cut down to the region, so that
 * BL33 never reads past what BL2 edits. True if the DTB is usable.
 */
static bool check_dtb(void *dtb)
{
	uint32_t totalsize = dtb_totalsize(dtb);
	struct dtb_diag diag;
	char msg[160];
	int rc = dtb_trim(dtb, PLAT_DTB_MAX_SIZE, &diag);

	if (rc != DTB_OK) {
		ERROR("BL2: DTB at 0x%lx is invalid: %s; BL33 gets it untouched\n",
		      (unsigned long)PLAT_DTB_BASE, dtb_diag_format(&diag, msg, sizeof(msg)));
		return false;
	}
	if (dtb_totalsize(dtb) != totalsize) {
		flush_dcache_range(PLAT_DTB_BASE, DTB_HEADER_SIZE);
		NOTICE("BL2: DTB: totalsize 0x%x cut to the 0x%x-byte DTB region (free space only)\n",
		       totalsize, PLAT_DTB_MAX_SIZE);
	}
	return true;
}

/*
 * The whole tree, as Linux will read it (lib/dtb's dtb_check_tree: no node
 * with a property name twice), with the scratch buffer as its work area
 * (where the DRAM holds it, as add_psci() needs too). False, having said
 * why, if BL33 must get the DTB untouched.
 */
static bool check_tree(const void *dtb, const struct plat_ns_dram *dram)
{
	struct dtb_diag diag;
	char msg[160];

	if (!mem_ranges_contain(&dram->ranges, PLAT_DTB_SCRATCH_BASE, PLAT_DTB_MAX_SIZE))
		return true; /* add_psci() says so */
	if (dtb_check_tree(dtb, (void *)PLAT_DTB_SCRATCH_BASE, PLAT_DTB_MAX_SIZE, &diag) == DTB_OK)
		return true;
	ERROR("BL2: DTB at 0x%lx is invalid: %s; BL33 gets it untouched\n",
	      (unsigned long)PLAT_DTB_BASE, dtb_diag_format(&diag, msg, sizeof(msg)));
	return false;
}

void plat_bl2_prepare_bl33(struct plat_ns_dram *dram)
{
	void *dtb = (void *)PLAT_DTB_BASE;
	bool valid = check_dtb(dtb);

	describe_dram(valid ? dtb : NULL, dram);
	if (valid && !check_tree(dtb, dram)) {
		/* Its memory nodes are of the same tree: not to be trusted either. */
		valid = false;
		describe_dram(NULL, dram);
	}
	mem_protect_overwrite(dram);
	if (valid)
		add_psci(dtb, dram);
}
