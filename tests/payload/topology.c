/*
 * The machine the payload runs on, discovered at boot rather than assumed:
 * its CPUs and their clusters from the device tree BL33 is given (/cpus and
 * /cpus/cpu-map, Devicetree Specification v0.4 3.7 and Linux's cpu-map
 * binding), its DRAM from /memory, and what the firmware implements from
 * PSCI_FEATURES. Every suite derives its expectations from this.
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/psci/psci.h>

#include "payload.h"
#include "smc.h"

struct payload_topology payload_topo;

/*
 * Affinity values of the cores by payload index, read by payload_entry.S
 * with the MMU off to find the calling core's stack (cleaned to the PoC).
 */
uint64_t payload_core_mpidr[PAYLOAD_MAX_CORES] __attribute__((aligned(64)));
uint64_t payload_core_count;

static uint32_t cell(const fdt32_t *p)
{
	return fdt32_to_cpu(*p);
}

static uint64_t cells(const fdt32_t *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v = v << 32 | cell(&p[i]);
	return v;
}

/* The CPU node's MPIDR affinity (its reg, #address-cells of /cpus). */
static bool cpu_reg(const void *fdt, int cpus, int node, uint64_t *mpidr)
{
	int ac = fdt_address_cells(fdt, cpus);
	int len;
	const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

	if (reg == NULL || ac < 1 || ac > 2 || len < ac * 4)
		return false;
	*mpidr = cells(reg, ac) & MPIDR_AFFINITY_MASK;
	return true;
}

static bool is_cpu_node(const void *fdt, int node)
{
	const char *type = fdt_getprop(fdt, node, "device_type", NULL);

	return type != NULL && strcmp(type, "cpu") == 0;
}

static int add_core(struct payload_topology *t, uint64_t mpidr, unsigned int cluster)
{
	if (t->cores == PAYLOAD_MAX_CORES)
		return -1;
	for (unsigned int i = 0; i < t->cores; i++) {
		if (t->mpidr[i] == mpidr)
			return -1; /* listed twice */
	}
	t->mpidr[t->cores] = mpidr;
	t->cluster[t->cores] = (uint8_t)cluster;
	t->cores++;
	return 0;
}

/*
 * Walk cpu-map: every node with a "cpu" phandle is a core (or thread); its
 * parent is the innermost cluster, and each distinct innermost cluster is
 * one cluster here. Cores are numbered in cpu-map order, cluster by cluster.
 */
static int walk_cpu_map(const void *fdt, int cpus, int node, int depth, struct payload_topology *t)
{
	int child;
	bool counted = false;

	if (depth > 8)
		return -1;
	fdt_for_each_subnode(child, fdt, node)
	{
		int len;
		const fdt32_t *ph = fdt_getprop(fdt, child, "cpu", &len);

		if (ph == NULL) {
			if (walk_cpu_map(fdt, cpus, child, depth + 1, t) != 0)
				return -1;
			continue;
		}
		if (len != 4)
			return -1;
		int cpu = fdt_node_offset_by_phandle(fdt, cell(ph));
		uint64_t mpidr;

		if (cpu < 0 || !cpu_reg(fdt, cpus, cpu, &mpidr))
			return -1;
		if (!counted) {
			if (t->clusters == PAYLOAD_MAX_CORES)
				return -1;
			t->clusters++;
			counted = true;
		}
		if (add_core(t, mpidr, t->clusters - 1U) != 0)
			return -1;
	}
	return 0;
}

static const char *parse_cpus(const void *fdt, struct payload_topology *t)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node;

	if (cpus < 0)
		return "no /cpus node";
	node = fdt_subnode_offset(fdt, cpus, "cpu-map");
	if (node >= 0) {
		if (walk_cpu_map(fdt, cpus, node, 0, t) != 0 || t->cores == 0)
			return "/cpus/cpu-map is malformed";
	} else {
		/*
		 * No cluster description: the clusters are the MPIDRs', the
		 * affinity above the core's (Aff1 and up; Aff2 and up where
		 * MPIDR_EL1.MT says Aff0 numbers threads), as Linux builds its
		 * topology without a cpu-map; numbered as they first appear,
		 * the cores cluster by cluster (a cluster's cores are
		 * consecutive here, whatever the order of the nodes).
		 */
		unsigned int shift = (read_mpidr_el1() & MPIDR_MT_BIT) != 0U ? MPIDR_AFF2_SHIFT
		                                                             : MPIDR_AFF1_SHIFT;
		uint64_t cluster_id[PAYLOAD_MAX_CORES];
		unsigned int clusters = 0;

		fdt_for_each_subnode(node, fdt, cpus)
		{
			uint64_t mpidr;
			unsigned int cl = 0;

			if (!is_cpu_node(fdt, node))
				continue;
			if (!cpu_reg(fdt, cpus, node, &mpidr))
				return "a /cpus node has a bad reg";
			while (cl < clusters && cluster_id[cl] != mpidr >> shift)
				cl++;
			if (cl == clusters) {
				if (clusters == PAYLOAD_MAX_CORES)
					return "more CPU nodes than the payload takes";
				cluster_id[clusters++] = mpidr >> shift;
			}
		}
		for (unsigned int cl = 0; cl < clusters; cl++) {
			fdt_for_each_subnode(node, fdt, cpus)
			{
				uint64_t mpidr;

				if (!is_cpu_node(fdt, node) || !cpu_reg(fdt, cpus, node, &mpidr) ||
				    mpidr >> shift != cluster_id[cl])
					continue;
				if (add_core(t, mpidr, cl) != 0)
					return "a /cpus node has a duplicate reg";
			}
		}
		t->clusters = clusters;
		if (t->cores == 0)
			return "no CPU node under /cpus";
	}
	for (unsigned int c = 0; c < t->cores; c++) {
		unsigned int cl = t->cluster[c];

		if (t->cluster_cores[cl]++ == 0)
			t->cluster_first[cl] = (uint8_t)c;
		t->core_in_cluster[c] = (uint8_t)(t->cluster_cores[cl] - 1U);
	}
	return NULL;
}

/* The first /memory range (DRAM the normal world may use). */
static const char *parse_memory(const void *fdt, struct payload_topology *t)
{
	int ac = fdt_address_cells(fdt, 0), sc = fdt_size_cells(fdt, 0);
	int node;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return "bad #address-cells/#size-cells at the root";
	fdt_for_each_subnode(node, fdt, 0)
	{
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		int len;
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

		if (type == NULL || strcmp(type, "memory") != 0 || reg == NULL ||
		    len < (ac + sc) * 4)
			continue;
		t->dram_base = cells(reg, ac);
		t->dram_size = cells(reg + ac, sc);
		return NULL;
	}
	return "no /memory node";
}

static bool supported(uint32_t fid)
{
	return smc1(PSCI_FID_FEATURES, fid, 0, 0) >= 0;
}

/*
 * No DTB (BL33's x0 = 0: the firmware describes nothing, as on N1SDP and
 * the FVP): the platform's shape from platform_def.h, MPIDRs as this CPU
 * numbers them (MT-style when MPIDR_EL1.MT is set), and its non-secure DRAM.
 */
static void platform_cpus(struct payload_topology *t)
{
	bool mt = (read_mpidr_el1() & MPIDR_MT_BIT) != 0U;

	t->clusters = PLAT_CLUSTER_COUNT;
	for (unsigned int cl = 0; cl < PLAT_CLUSTER_COUNT; cl++) {
		for (unsigned int c = 0; c < PLAT_CORES_PER_CLUSTER; c++) {
			uint64_t mpidr = (uint64_t)cl << MPIDR_AFF1_SHIFT | c;

			(void)add_core(t, mt ? mpidr << MPIDR_AFF1_SHIFT : mpidr, cl);
		}
	}
	for (unsigned int c = 0; c < t->cores; c++) {
		unsigned int cl = t->cluster[c];

		if (t->cluster_cores[cl]++ == 0)
			t->cluster_first[cl] = (uint8_t)c;
		t->core_in_cluster[c] = (uint8_t)(t->cluster_cores[cl] - 1U);
	}
	t->dram_base = PLAT_NS_DRAM_BASE;
	t->dram_size = PLAT_NS_DRAM_SIZE;
}

/*
 * The platform-info node of N1SDP's NT_FW_CONFIG (plat/n1sdp/n1sdp_sds.c):
 * what the SCP told the firmware, shown on the board's console.
 */
static void print_platform_info(const void *fdt)
{
	static const char *const names[] = { "multichip-mode", "secondary-chip-count",
		                             "local-ddr-size", "remote-ddr-size" };
	int node = fdt_path_offset(fdt, "/platform-info");

	if (node < 0) {
		printf("PAYLOAD: NT_FW_CONFIG: no platform-info (the firmware had none from the SCP)\n");
		return;
	}
	printf("PAYLOAD: NT_FW_CONFIG platform-info:");
	for (unsigned int i = 0; i < 4U; i++) {
		int len;
		const fdt32_t *v = fdt_getprop(fdt, node, names[i], &len);

		if (v != NULL && len == 4)
			printf(" %s %u", names[i], (unsigned int)fdt32_to_cpu(*v));
		else
			printf(" %s (missing)", names[i]);
	}
	printf(" (DDR sizes in GiB)\n");
}

/* N1SDP's NT_FW_CONFIG: a root with no child but platform-info (or none). */
static bool is_nt_fw_config(const void *fdt)
{
	int node;

	fdt_for_each_subnode(node, fdt, 0)
	{
		if (strcmp(fdt_get_name(fdt, node, NULL), "platform-info") != 0)
			return false;
	}
	return node == -FDT_ERR_NOTFOUND;
}

bool payload_topology_init(const void *fdt, uint32_t totalsize)
{
	struct payload_topology *t = &payload_topo;
	const char *why = NULL;
	static char msg[96];

	memset(t, 0, sizeof(*t));
	if (fdt != NULL && totalsize > PAYLOAD_DTB_MAX_SIZE) {
		/* Not mapped (payload_main.c): not one byte of it can be read. */
		snprintf(msg, sizeof(msg),
		         "totalsize 0x%x is more than the 0x%x bytes the payload maps",
		         (unsigned int)totalsize, PAYLOAD_DTB_MAX_SIZE);
		why = msg;
	} else if (fdt != NULL && fdt_check_header(fdt) != 0) {
		why = "x0 does not point at a device tree";
	} else if (fdt != NULL && is_nt_fw_config(fdt)) {
		/* N1SDP's NT_FW_CONFIG: firmware configuration, not the machine. */
		print_platform_info(fdt);
		fdt = NULL;
	}
	if (why == NULL && fdt == NULL) {
		platform_cpus(t);
		printf("PAYLOAD: no DTB: the machine is the platform's (%s)\n", PLAT_TITLE);
	}
	if (why == NULL && fdt != NULL)
		why = parse_cpus(fdt, t);
	if (why == NULL && fdt != NULL)
		why = parse_memory(fdt, t);
	if (why != NULL) {
		printf("PAYLOAD: ERROR: cannot learn the machine from the DTB: %s\n", why);
		return false;
	}

	uint64_t me = read_mpidr_el1() & MPIDR_AFFINITY_MASK;

	t->lead = PAYLOAD_NO_CORE;
	for (unsigned int c = 0; c < t->cores; c++) {
		if (t->mpidr[c] == me)
			t->lead = c;
		payload_core_mpidr[c] = t->mpidr[c];
	}
	payload_core_count = t->cores;
	flush_dcache_range((uintptr_t)payload_core_mpidr, sizeof(payload_core_mpidr));
	flush_dcache_range((uintptr_t)&payload_core_count, sizeof(payload_core_count));
	if (t->lead == PAYLOAD_NO_CORE) {
		printf("PAYLOAD: ERROR: the DTB does not list this CPU (MPIDR 0x%llx)\n",
		       (unsigned long long)me);
		return false;
	}
	/* MPIDR_EL1.MT set: the platform names cores with MT too (DEN0022 5.1.4). */
	t->mt = (read_mpidr_el1() & MPIDR_MT_BIT) != 0U;

	int64_t cs = smc1(PSCI_FID_FEATURES, PSCI_FID_CPU_SUSPEND, 0, 0);

	t->osi = cs >= 0 && ((uint64_t)cs & PSCI_FEATURE_OSI) != 0U;
	t->system_suspend = supported(PSCI_FID_SYSTEM_SUSPEND | PSCI_FID_SMC64_BIT);
	t->default_suspend = supported(PSCI_FID_CPU_DEFAULT_SUSPEND | PSCI_FID_SMC64_BIT);
	t->node_hw_state = supported(PSCI_FID_NODE_HW_STATE | PSCI_FID_SMC64_BIT);
	t->cpu_freeze = supported(PSCI_FID_CPU_FREEZE);
	t->reset2 = supported(PSCI_FID_SYSTEM_RESET2 | PSCI_FID_SMC64_BIT);
	t->mem_protect = supported(PSCI_FID_MEM_PROTECT);
	t->mem_protect_range = supported(PSCI_FID_MEM_PROTECT_CHECK_RANGE | PSCI_FID_SMC64_BIT);

	/* SYSTEM_OFF2's answer is the bitmap of its types (DEN0022F). */
	int64_t off2 = smc1(PSCI_FID_FEATURES, PSCI_FID_SYSTEM_OFF2, 0, 0);

	t->system_off2 = off2 >= 0 && ((uint64_t)off2 & PSCI_OFF2_FEATURE_HIBERNATE_OFF) != 0U;

	printf("PAYLOAD: machine: %u cores in %u clusters (", t->cores, t->clusters);
	for (unsigned int cl = 0; cl < t->clusters; cl++)
		printf("%s%u", cl != 0U ? "+" : "", t->cluster_cores[cl]);
	printf("), DRAM 0x%llx-0x%llx\n", (unsigned long long)t->dram_base,
	       (unsigned long long)(t->dram_base + t->dram_size - 1U));
	return true;
}

uint64_t payload_mpidr(unsigned int core)
{
	return payload_topo.mpidr[core];
}

unsigned int payload_nth_other(unsigned int n)
{
	const struct payload_topology *t = &payload_topo;

	for (unsigned int c = 0; c < t->cores; c++) {
		if (c != t->lead && n-- == 0U)
			return c;
	}
	return PAYLOAD_NO_CORE;
}

unsigned int payload_sibling(unsigned int core)
{
	const struct payload_topology *t = &payload_topo;
	unsigned int cl = t->cluster[core];

	for (unsigned int i = 0; i < t->cluster_cores[cl]; i++) {
		unsigned int c = t->cluster_first[cl] + i;

		if (c != core)
			return c;
	}
	return PAYLOAD_NO_CORE;
}
