/*
 * Unit tests for the DTB PSCI fix-up (lib/dtb/dtb_psci.c), the memory-node
 * reader (lib/dtb/dtb_memory.c) and their structure-block walk
 * (lib/dtb/dtb_walk.c), against Debian's host libfdt (libfdt-dev).
 *
 * Test trees are built here with libfdt's sequential-write API, or taken
 * from QEMU: the DTB its virt machine writes, argv[1] (the Makefile makes
 * it with tools/qemu_run --dump-dtb, the one description of the machine).
 * Results are checked with
 * libfdt (fdt_check_full, path and phandle look-ups) and with our own walk
 * (which rejects a property after a subnode). Every failure case asserts
 * that the blob is byte-for-byte unchanged.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libfdt.h>

#include <lib/dtb.h>

#include "test.h"

#define REGION 0x100000u /* PLAT_DTB_MAX_SIZE on QEMU */

static const struct dtb_idle_state states[] = {
	{ "cpu-power-down", 0x00010002, 2, 2, 10 },
	{ "cluster-pwrdown", 0x01010022, 3, 3, 5000 },
};

static const char *qemu_dtb_path;

/* ---- test trees --------------------------------------------------------- */

struct tree {
	unsigned int cpus; /* cpu@<i> nodes under /cpus */
	bool no_cpus_node;
	bool cpu_subnodes;   /* each cpu node has an l2-cache subnode */
	bool cpu_map;        /* /cpus/cpu-map before the cpus */
	bool no_device_type; /* cpu nodes lack device_type */
	bool odd_type;       /* cpu@0's device_type is "cache" */
	bool old_psci;       /* /psci with method "hvc" */
	bool old_idle;       /* /cpus/idle-states, spin-table, cpu-idle-states */
	uint32_t phandle;    /* /other's phandle, 0: none */
	unsigned int rsv;    /* memory reservation entries */
	unsigned int memory; /* memory nodes (default 1) */
};

/* A libfdt call building a test tree must not fail: that is a broken test. */
#define OK(x)                                                                                      \
	do {                                                                                       \
		int rc_ = (x);                                                                     \
		if (rc_ < 0) {                                                                     \
			printf("    %s: %s\n", #x, fdt_strerror(rc_));                             \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

static void *build(const struct tree *t)
{
	void *b = calloc(1, REGION);

	OK(fdt_create(b, REGION));
	for (unsigned int i = 0; i < t->rsv; i++)
		OK(fdt_add_reservemap_entry(b, 0x48000000ull + i * 0x10000, 0x1000));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, ""));
	OK(fdt_property_u32(b, "#address-cells", 2));
	OK(fdt_property_u32(b, "#size-cells", 2));
	OK(fdt_property_string(b, "compatible", "test,board"));
	for (unsigned int m = 0; m < (t->memory ? t->memory : 1); m++) {
		uint64_t reg[2] = { cpu_to_fdt64(0x40000000ull + m * 0x10000000ull),
			            cpu_to_fdt64(0x10000000) };
		char name[32];

		snprintf(name, sizeof(name), "memory@%llx", 0x40000000ull + m * 0x10000000ull);
		OK(fdt_begin_node(b, name));
		OK(fdt_property_string(b, "device_type", "memory"));
		OK(fdt_property(b, "reg", reg, sizeof(reg)));
		OK(fdt_end_node(b));
	}
	if (t->old_psci) {
		OK(fdt_begin_node(b, "psci"));
		OK(fdt_property_string(b, "compatible", "arm,psci-0.2"));
		OK(fdt_property_string(b, "method", "hvc"));
		OK(fdt_end_node(b));
	}
	if (!t->no_cpus_node) {
		OK(fdt_begin_node(b, "cpus"));
		OK(fdt_property_u32(b, "#address-cells", 1));
		OK(fdt_property_u32(b, "#size-cells", 0));
		if (t->old_idle) {
			OK(fdt_begin_node(b, "idle-states"));
			OK(fdt_property_string(b, "entry-method", "spin"));
			OK(fdt_begin_node(b, "old-state"));
			OK(fdt_property_u32(b, "phandle", 0x77));
			OK(fdt_end_node(b));
			OK(fdt_end_node(b));
		}
		if (t->cpu_map) {
			OK(fdt_begin_node(b, "cpu-map"));
			OK(fdt_begin_node(b, "cluster0"));
			OK(fdt_end_node(b));
			OK(fdt_end_node(b));
		}
		for (unsigned int i = 0; i < t->cpus; i++) {
			char name[32];

			snprintf(name, sizeof(name), "cpu@%x", i);
			OK(fdt_begin_node(b, name));
			if (t->odd_type && i == 0)
				OK(fdt_property_string(b, "device_type", "cache"));
			else if (!t->no_device_type)
				OK(fdt_property_string(b, "device_type", "cpu"));
			OK(fdt_property_u32(b, "reg", i));
			if (t->old_idle) {
				OK(fdt_property_string(b, "enable-method", "spin-table"));
				OK(fdt_property_u32(b, "cpu-idle-states", 0x77));
			}
			OK(fdt_property_string(b, "compatible", "arm,neoverse-n1"));
			if (t->cpu_subnodes) {
				OK(fdt_begin_node(b, "l2-cache"));
				OK(fdt_property_string(b, "compatible", "cache"));
				OK(fdt_end_node(b));
			}
			OK(fdt_end_node(b));
		}
		OK(fdt_end_node(b));
	}
	if (t->phandle != 0) {
		OK(fdt_begin_node(b, "other"));
		OK(fdt_property_u32(b, "phandle", t->phandle));
		OK(fdt_end_node(b));
	}
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	return b;
}

static void *load_qemu_dtb(void)
{
	void *b = calloc(1, REGION);
	FILE *f = fopen(qemu_dtb_path, "rb");
	size_t n;

	if (f == NULL) {
		printf("    cannot open %s\n", qemu_dtb_path);
		abort();
	}
	n = fread(b, 1, REGION, f);
	fclose(f);
	CHECK(n >= 40);
	return b;
}

/* ---- checks ------------------------------------------------------------- */

static void *scratch(void)
{
	static void *s;

	if (s == NULL)
		s = malloc(REGION);
	memset(s, 0xa5, REGION); /* stale bytes must not leak into the result */
	return s;
}

static int fixup(void *b, struct dtb_psci_report *rep, struct dtb_diag *d)
{
	CHECK_EQ(dtb_check_header(b, REGION, d), DTB_OK);
	return dtb_add_psci(b, REGION, scratch(), REGION, states, 2, NULL, rep, d);
}

static bool prop_eq(const void *b, int node, const char *name, const void *v, int len)
{
	int l;
	const void *p = fdt_getprop(b, node, name, &l);

	return p != NULL && l == len && memcmp(p, v, (size_t)len) == 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Everything a fixed-up blob must satisfy; @cpu_count CPU nodes expected described. */
static void verify(const void *b, unsigned int cpu_count)
{
	static const char compat[] = "arm,psci-1.0\0arm,psci-0.2";
	static uint32_t phandles[8192];
	struct mem_ranges mem;
	fdt32_t expected[2];
	unsigned int n = 0, psci_nodes = 0, described = 0;
	int node, cpus = fdt_path_offset(b, "/cpus");
	int idle = fdt_path_offset(b, "/cpus/idle-states");

	CHECK_EQ(fdt_check_full(b, REGION), 0);
	CHECK_EQ(dtb_check_header(b, REGION, NULL), DTB_OK);
	/* Our walk also rejects a property after a subnode. */
	CHECK_EQ(dtb_read_memory(b, &mem, NULL), DTB_OK);

	node = fdt_path_offset(b, "/psci");
	CHECK(node >= 0);
	CHECK(prop_eq(b, node, "compatible", compat, sizeof(compat)));
	CHECK(prop_eq(b, node, "method", "smc", 4));
	fdt_for_each_subnode(node, b, 0)
		psci_nodes += strcmp(fdt_get_name(b, node, NULL), "psci") == 0;
	CHECK_EQ(psci_nodes, 1);

	/* The idle states, resolved once: every CPU must list exactly these. */
	for (unsigned int i = 0; idle >= 0 && i < 2; i++) {
		int st = fdt_subnode_offset(b, idle, states[i].name);
		const fdt32_t *param = fdt_getprop(b, st, "arm,psci-suspend-param", NULL);
		const fdt32_t *ph = fdt_getprop(b, st, "phandle", NULL);

		CHECK(prop_eq(b, st, "compatible", "arm,idle-state", 15));
		CHECK(param != NULL && fdt32_to_cpu(*param) == states[i].psci_suspend_param);
		CHECK(ph != NULL && fdt_node_offset_by_phandle(b, fdt32_to_cpu(*ph)) == st);
		expected[i] = ph != NULL ? *ph : 0;
	}
	if (cpus >= 0) {
		fdt_for_each_subnode(node, b, cpus)
		{
			if (!prop_eq(b, node, "device_type", "cpu", 4))
				continue;
			CHECK(prop_eq(b, node, "enable-method", "psci", 5));
			CHECK(idle >= 0 &&
			      prop_eq(b, node, "cpu-idle-states", expected, sizeof(expected)));
			described++;
		}
	}
	CHECK_EQ(described, cpu_count);

	/* Phandles unique across the tree. */
	for (node = fdt_next_node(b, -1, NULL); node >= 0; node = fdt_next_node(b, node, NULL)) {
		const fdt32_t *ph = fdt_getprop(b, node, "phandle", NULL);

		if (ph != NULL && n < 8192)
			phandles[n++] = fdt32_to_cpu(*ph);
	}
	qsort(phandles, n, sizeof(phandles[0]), cmp_u32);
	for (unsigned int i = 1; i < n; i++)
		CHECK(phandles[i] != phandles[i - 1]);
}

/* ---- fix-up ------------------------------------------------------------- */

static void test_qemu_dtb(void)
{
	void *b = load_qemu_dtb();
	struct dtb_psci_report rep;
	struct mem_ranges mem;
	struct dtb_diag d;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	verify(b, 4);
	CHECK(rep.has_cpus && !rep.replaced_psci && !rep.replaced_idle_states);
	CHECK_EQ(rep.cpu_nodes, 4);
	CHECK_EQ(rep.described, 4);
	CHECK_EQ(rep.idle_states, 2);
	/* QEMU's totalsize (its free space) is kept. */
	CHECK_EQ(rep.old_size, REGION);
	CHECK_EQ(rep.new_size, REGION);
	/* cpu-map and the other phandle users survive. */
	CHECK(fdt_path_offset(b, "/cpus/cpu-map/socket0/cluster1/core1") >= 0);
	CHECK(fdt_path_offset(b, "/secram@e000000") >= 0);
	/* The disabled secure RAM node is not DRAM. */
	CHECK_EQ(dtb_read_memory(b, &mem, &d), DTB_OK);
	CHECK_EQ(mem.count, 1);
	CHECK_EQ(mem.range[0].base, 0x40000000);
	CHECK_EQ(mem.range[0].size, 0x40000000);
	/* A second fix-up is idempotent in effect. */
	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	CHECK(rep.replaced_psci && rep.replaced_idle_states);
	verify(b, 4);
	free(b);
}

static void test_no_cpus_node(void)
{
	struct tree t = { .no_cpus_node = true, .rsv = 2 };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;
	uint64_t addr, size;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	verify(b, 0);
	CHECK(!rep.has_cpus);
	CHECK_EQ(rep.cpu_nodes, 0);
	CHECK_EQ(rep.idle_states, 0);
	CHECK(fdt_path_offset(b, "/cpus/idle-states") < 0);
	/* Reservation entries kept. */
	CHECK_EQ(fdt_num_mem_rsv(b), 2);
	CHECK_EQ(fdt_get_mem_rsv(b, 1, &addr, &size), 0);
	CHECK_EQ(addr, 0x48010000);
	CHECK_EQ(size, 0x1000);
	free(b);
}

static void test_no_cpu_nodes(void)
{
	struct tree t = { .cpu_map = true };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	verify(b, 0);
	CHECK(rep.has_cpus);
	CHECK_EQ(rep.cpu_nodes, 0);
	CHECK_EQ(rep.described, 0);
	CHECK_EQ(rep.idle_states, 2); /* the states are there; no CPU uses them */
	CHECK(fdt_path_offset(b, "/cpus/cpu-map/cluster0") >= 0);
	free(b);
}

static void test_cpus_without_device_type(void)
{
	struct tree t = { .cpus = 3, .no_device_type = true };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	/* Named cpu@N, so CPU nodes: given the device_type 3.8.1 requires, and described. */
	verify(b, 3);
	CHECK_EQ(rep.cpu_nodes, 3);
	CHECK_EQ(rep.typed, 3);
	CHECK_EQ(rep.described, 3);
	CHECK(fdt_getprop(b, fdt_path_offset(b, "/cpus/cpu@0"), "enable-method", NULL) != NULL);
	free(b);
}

/* A node named cpu@N of another device_type is not this code's to overrule. */
static void test_cpu_of_other_type(void)
{
	struct tree t = { .cpus = 3, .odd_type = true };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;
	int cpu0;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	verify(b, 2);
	CHECK_EQ(rep.cpu_nodes, 3);
	CHECK_EQ(rep.typed, 0);
	CHECK_EQ(rep.described, 2);
	cpu0 = fdt_path_offset(b, "/cpus/cpu@0");
	CHECK(prop_eq(b, cpu0, "device_type", "cache", 6));
	CHECK(fdt_getprop(b, cpu0, "enable-method", NULL) == NULL);
	free(b);
}

static void test_cpu_subnodes(void)
{
	struct tree t = { .cpus = 4, .cpu_subnodes = true, .cpu_map = true, .rsv = 1 };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;
	int cpu, prop, sub;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	verify(b, 4);
	CHECK_EQ(rep.described, 4);
	/* enable-method sits among cpu@2's properties, before its l2-cache subnode. */
	cpu = fdt_path_offset(b, "/cpus/cpu@2");
	sub = fdt_subnode_offset(b, cpu, "l2-cache");
	CHECK(sub >= 0);
	fdt_for_each_property_offset(prop, b, cpu)
	{
		const char *name;

		fdt_getprop_by_offset(b, prop, &name, NULL);
		CHECK(prop < sub);
	}
	CHECK(prop_eq(b, sub, "compatible", "cache", 6));
	CHECK_EQ(fdt_num_mem_rsv(b), 1);
	free(b);
}

static void test_old_nodes_replaced(void)
{
	struct tree t = { .cpus = 2, .old_psci = true, .old_idle = true, .phandle = 0x1234 };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;
	const fdt32_t *ph;
	int node;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	verify(b, 2);
	CHECK(rep.replaced_psci && rep.replaced_idle_states);
	CHECK(fdt_path_offset(b, "/cpus/idle-states/old-state") < 0);
	CHECK(fdt_node_offset_by_phandle(b, 0x77) < 0);
	node = fdt_path_offset(b, "/cpus/cpu@1");
	CHECK(prop_eq(b, node, "enable-method", "psci", 5));
	/* New phandles above the largest in use. */
	ph = fdt_getprop(b, fdt_path_offset(b, "/cpus/idle-states/cpu-power-down"), "phandle",
	                 NULL);
	CHECK(ph != NULL && fdt32_to_cpu(*ph) == 0x1235);
	ph = fdt_getprop(b, fdt_path_offset(b, "/cpus/idle-states/cluster-pwrdown"), "phandle",
	                 NULL);
	CHECK(ph != NULL && fdt32_to_cpu(*ph) == 0x1236);
	free(b);
}

static void test_2000_cpus(void)
{
	struct tree t = { .cpus = 2000, .cpu_map = true };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	verify(b, 2000);
	CHECK_EQ(rep.cpu_nodes, 2000);
	CHECK_EQ(rep.described, 2000);
	CHECK(rep.new_size > rep.old_size);
	free(b);
}

static void test_no_idle_states(void)
{
	struct tree t = { .cpus = 2, .old_idle = true };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;

	CHECK_EQ(dtb_add_psci(b, REGION, scratch(), REGION, states, 0, NULL, &rep, &d), DTB_OK);
	CHECK_EQ(fdt_check_full(b, REGION), 0);
	CHECK_EQ(rep.idle_states, 0);
	CHECK_EQ(rep.described, 2);
	CHECK(fdt_path_offset(b, "/cpus/idle-states") < 0);
	CHECK(fdt_getprop(b, fdt_path_offset(b, "/cpus/cpu@0"), "cpu-idle-states", NULL) == NULL);
	CHECK(prop_eq(b, fdt_path_offset(b, "/cpus/cpu@0"), "enable-method", "psci", 5));
	free(b);
}

/* Runs dtb_add_psci and expects @err with the blob untouched. */
static struct dtb_diag expect_untouched(void *b, size_t region, size_t scratch_size,
                                        unsigned int count, int err)
{
	void *copy = malloc(REGION);
	struct dtb_psci_report rep;
	struct dtb_diag d = { 0 };

	memcpy(copy, b, REGION);
	CHECK_EQ(dtb_add_psci(b, region, scratch(), scratch_size, states, count, NULL, &rep, &d),
	         err);
	CHECK_EQ(d.err, err);
	CHECK(memcmp(copy, b, REGION) == 0);
	free(copy);
	return d;
}

static void test_buffer_too_small(void)
{
	struct tree t = { .cpus = 64, .cpu_subnodes = true };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;
	size_t need;
	char msg[200];

	/* Learn the size from a failed try, then fail by one byte, then fit exactly. */
	d = expect_untouched(b, REGION, 64, 2, DTB_ERR_NO_SPACE);
	need = d.value;
	CHECK(need > fdt_totalsize(b));
	d = expect_untouched(b, REGION, need - 1, 2, DTB_ERR_NO_SPACE);
	CHECK_EQ(d.value, need);
	snprintf(msg, sizeof(msg),
	         "the edited DTB needs 0x%zx bytes; the scratch buffer holds 0x%zx", need,
	         need - 1);
	CHECK(strcmp(dtb_diag_format(&d, (char[200]){ 0 }, 200), msg) == 0);
	d = expect_untouched(b, need - 1, REGION, 2, DTB_ERR_NO_SPACE);
	CHECK(strcmp(d.other, "DTB region") == 0);
	expect_untouched(b, REGION, 0, 2, DTB_ERR_NO_SPACE);
	CHECK_EQ(dtb_add_psci(b, need, scratch(), need, states, 2, NULL, &rep, &d), DTB_OK);
	CHECK_EQ(rep.new_size, need);
	verify(b, 64);
	free(b);
}

static void test_bad_arguments_and_phandles(void)
{
	struct tree t = { .cpus = 1, .phandle = 0xfffffffd };
	void *b = build(&t);
	struct dtb_diag d;

	expect_untouched(b, REGION, REGION, DTB_MAX_IDLE_STATES + 1, DTB_ERR_ARGS);
	d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_PHANDLES);
	CHECK_EQ(d.value, 0xfffffffd);
	/* One state still fits: phandle 0xfffffffe. */
	CHECK_EQ(dtb_add_psci(b, REGION, scratch(), REGION, states, 1, NULL, NULL, NULL), DTB_OK);
	CHECK(fdt_node_offset_by_phandle(b, 0xfffffffe) >= 0);
	free(b);
}

/*
 * 2.3.3: 0 and 0xffffffff are no phandles. A tree holding 0xffffffff
 * (and a dropped node's 0x77) gets its states numbered above 0x77, never
 * from 0 over real ones; every phandle stays unique.
 */
static void test_phandle_all_ones(void)
{
	struct tree t = { .cpus = 2, .phandle = 0xffffffff, .old_idle = true };
	void *b = build(&t);
	struct dtb_psci_report rep;
	struct dtb_diag d;
	int node, idle;

	CHECK_EQ(fixup(b, &rep, &d), DTB_OK);
	idle = fdt_path_offset(b, "/cpus/idle-states");
	CHECK_EQ(fdt_get_phandle(b, fdt_subnode_offset(b, idle, "cpu-power-down")), 0x78);
	CHECK_EQ(fdt_get_phandle(b, fdt_subnode_offset(b, idle, "cluster-pwrdown")), 0x79);
	CHECK_EQ(fdt_node_offset_by_phandle(b, 0), -FDT_ERR_BADPHANDLE);
	/* Each value names one node, as Linux's of_find_node_by_phandle needs. */
	fdt_for_each_subnode(node, b, idle)
	{
		uint32_t ph = fdt_get_phandle(b, node);
		int other, n = 0;

		CHECK(ph != 0 && ph != 0xffffffff);
		for (other = fdt_next_node(b, -1, NULL); other >= 0;
		     other = fdt_next_node(b, other, NULL))
			n += fdt_get_phandle(b, other) == ph;
		CHECK_EQ(n, 1);
	}
	free(b);
}

/*
 * A tree whose /memory@40000000 has properties @a, then @bname made to read
 * as @a: with @delta 0 its name offset is @a's; else its own plus @delta
 * (another offset of the same text, as "xname" + 1).
 */
static void *dup_tree(const char *a, const char *bname, int delta)
{
	void *b = calloc(1, REGION);
	int node, prop;

	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, ""));
	OK(fdt_property_u32(b, "#address-cells", 2));
	OK(fdt_property_u32(b, "#size-cells", 2));
	OK(fdt_begin_node(b, "memory@40000000"));
	OK(fdt_property_string(b, a, "memory"));
	OK(fdt_property_string(b, bname, "cache"));
	OK(fdt_end_node(b));
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	node = fdt_path_offset(b, "/memory@40000000");
	prop = fdt_first_property_offset(b, node);
	const struct fdt_property *first = fdt_get_property_by_offset(b, prop, NULL);
	struct fdt_property *second = (struct fdt_property *)
		fdt_get_property_by_offset(b, fdt_next_property_offset(b, prop), NULL);

	second->nameoff = delta == 0
	                          ? first->nameoff
	                          : cpu_to_fdt32(fdt32_to_cpu(second->nameoff) + (uint32_t)delta);
	return b;
}

/*
 * 2.2.4: a property name is unique in its node. libfdt and Linux read the
 * first of two; a walk of every property would take the last: refused.
 */
static void test_duplicate_property(void)
{
	void *work = malloc(REGION), *b;
	struct dtb_diag d;
	char msg[200];

	/* The same name offset twice. */
	b = dup_tree("device_type", "other", 0);
	CHECK_EQ(dtb_check_header(b, REGION, &d), DTB_OK);
	CHECK_EQ(dtb_check_tree(b, work, REGION, &d), DTB_ERR_DUP_PROP);
	dtb_diag_format(&d, msg, sizeof(msg));
	CHECK(strstr(msg, "property device_type repeats the one at 0x") != NULL);
	free(b);
	/* The same name at another offset: "xdevice_type" + 1. */
	b = dup_tree("device_type", "xdevice_type", 1);
	CHECK_EQ(dtb_check_tree(b, work, REGION, &d), DTB_ERR_DUP_PROP);
	CHECK(strcmp(d.field, "device_type") == 0); /* (d.field points into the blob) */
	free(b);
	/* The same names in two nodes are no repeat: the QEMU tree passes. */
	b = load_qemu_dtb();
	CHECK_EQ(dtb_check_tree(b, work, REGION, &d), DTB_OK);
	CHECK_EQ(dtb_check_tree(b, work, dtb_check_tree_work(b) - 1, &d), DTB_ERR_NO_SPACE);
	free(b);
	free(work);
}

/* A node of 20000 properties (distinct names): checked in one pass, none repeated. */
static void test_check_tree_many_properties(void)
{
	void *b = calloc(1, REGION), *work = malloc(REGION);
	struct dtb_diag d;

	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, ""));
	OK(fdt_begin_node(b, "__symbols__"));
	for (unsigned int i = 0; i < 20000; i++) {
		char name[16];

		snprintf(name, sizeof(name), "l%u", i);
		OK(fdt_property_u32(b, name, i));
	}
	OK(fdt_property_u32(b, "l777", 1)); /* the last repeats one far back */
	OK(fdt_end_node(b));
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	CHECK_EQ(dtb_check_header(b, REGION, &d), DTB_OK);
	CHECK(dtb_check_tree_work(b) <= REGION);
	CHECK_EQ(dtb_check_tree(b, work, REGION, &d), DTB_ERR_DUP_PROP);
	CHECK(strcmp(d.field, "l777") == 0);
	free(work);
	free(b);
}

/* Offset (in the blob) of the first property of the node at @path. */
static uint8_t *first_prop(void *b, const char *path)
{
	int prop = fdt_first_property_offset(b, fdt_path_offset(b, path));

	return (uint8_t *)b + fdt_off_dt_struct(b) + prop;
}

static void put32(uint8_t *p, uint32_t v)
{
	fdt32_t x = cpu_to_fdt32(v);

	memcpy(p, &x, 4);
}

static void test_malformed_structure(void)
{
	struct tree t = { .cpus = 2 };
	void *b;
	struct dtb_diag d;
	struct mem_ranges mem;
	char msg[200];
	uint8_t *p;

	/* A property length near 2^32: libfdt 1.6.1's tag walk wraps it (found by fuzz_dtb). */
	b = build(&t);
	p = first_prop(b, "/cpus/cpu@1"); /* before the blob is broken */
	put32(p + 4, 0xfffffff8);
	expect_untouched(b, REGION, REGION, 2, DTB_ERR_TOKEN);
	CHECK_EQ(dtb_read_memory(b, &mem, &d), DTB_ERR_TOKEN);
	put32(p + 4, 0x7ffffffc);
	expect_untouched(b, REGION, REGION, 2, DTB_ERR_TOKEN);
	/* 0xfffffff4 wraps libfdt's next offset back onto the token: its walks never end. */
	put32(p + 4, 0xfffffff4);
	expect_untouched(b, REGION, REGION, 2, DTB_ERR_TOKEN);
	CHECK_EQ(dtb_read_memory(b, &mem, &d), DTB_ERR_TOKEN);
	free(b);
	/* A name offset outside the strings block. */
	b = build(&t);
	p = first_prop(b, "/cpus/cpu@0");
	put32(p + 8, fdt_size_dt_strings(b));
	d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_NAME_OFFSET);
	CHECK_EQ(d.value, fdt_size_dt_strings(b));
	put32(p + 8, 0x80000000);
	expect_untouched(b, REGION, REGION, 2, DTB_ERR_NAME_OFFSET);
	free(b);
	/* A name of 255 characters is read; one of 256 is not (the walk stays linear). */
	for (unsigned int len = 255; len <= 256; len++) {
		char name[300];

		memset(name, 'n', len);
		name[len] = '\0';
		b = calloc(1, REGION);
		OK(fdt_create(b, REGION));
		OK(fdt_finish_reservemap(b));
		OK(fdt_begin_node(b, ""));
		OK(fdt_property_u32(b, name, 1));
		OK(fdt_end_node(b));
		OK(fdt_finish(b));
		if (len == 255) {
			CHECK_EQ(fixup(b, NULL, &d), DTB_OK);
		} else {
			d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_NAME_OFFSET);
			snprintf(
				msg, sizeof(msg),
				"structure block offset 0x8: property name offset 0x0 is not a string of at most 255 characters in the 0x%x-byte strings block",
				fdt_size_dt_strings(b));
			CHECK(strcmp(dtb_diag_format(&d, (char[200]){ 0 }, 200), msg) == 0);
		}
		free(b);
	}
	/* An unknown token. */
	b = build(&t);
	p = first_prop(b, "/cpus/cpu@0"); /* before the blob is broken */
	put32(p, 0x5);
	d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_TOKEN);
	snprintf(msg, sizeof(msg), "structure block offset 0x%x: token 0x5 is unknown or truncated",
	         d.offset);
	CHECK(strcmp(dtb_diag_format(&d, (char[200]){ 0 }, 200), msg) == 0);
	/* A NOP there is fine, and dropped. */
	for (int i = 0; i < 16; i += 4)
		put32(p + i, FDT_NOP); /* the whole device_type property */
	CHECK_EQ(fixup(b, NULL, &d), DTB_OK);
	verify(b, 2); /* cpu@0 lost its device_type with the NOPs, and is given "cpu" */
	free(b);
	/* The structure block cut short: FDT_END inside a node. */
	b = build(&t);
	put32((uint8_t *)b + fdt_off_dt_struct(b) + fdt_size_dt_struct(b) - 8, FDT_END);
	d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_NESTING);
	CHECK(strcmp(d.field, "FDT_END inside a node") == 0);
	/* ... and a structure block with no FDT_END at all. */
	put32((uint8_t *)b + fdt_off_dt_struct(b) + fdt_size_dt_struct(b) - 8, FDT_END_NODE);
	put32((uint8_t *)b + fdt_off_dt_struct(b) + fdt_size_dt_struct(b) - 4, FDT_NOP);
	expect_untouched(b, REGION, REGION, 2, DTB_ERR_TOKEN);
	free(b);
}

static void test_bad_nesting(void)
{
	void *b = calloc(1, REGION);
	struct dtb_diag d;

	/* A property after a subnode (sequential-write does not stop it). */
	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, ""));
	OK(fdt_begin_node(b, "child"));
	OK(fdt_end_node(b));
	OK(fdt_property_string(b, "late", "x"));
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_PROP_AFTER_NODE);
	CHECK(strcmp(d.field, "late") == 0);
	/* Two root nodes. */
	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	for (int i = 0; i < 2; i++) {
		OK(fdt_begin_node(b, ""));
		OK(fdt_end_node(b));
	}
	OK(fdt_finish(b));
	d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_NESTING);
	CHECK(strcmp(d.field, "a second root node") == 0);
	/* A named root. */
	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, "root"));
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	expect_untouched(b, REGION, REGION, 2, DTB_ERR_NESTING);
	/* An extra FDT_END_NODE: written over the FDT_END, then FDT_END after it. */
	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, ""));
	OK(fdt_property_u32(b, "x", 1));
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	/* Turn the property (16 bytes) into END_NODE, END_NODE... no: prop -> NOPs + END_NODE. */
	{
		uint8_t *s = (uint8_t *)b + fdt_off_dt_struct(b) + 8;

		put32(s, FDT_END_NODE);
		put32(s + 4, FDT_END_NODE);
		put32(s + 8, FDT_NOP);
		put32(s + 12, FDT_NOP);
	}
	d = expect_untouched(b, REGION, REGION, 2, DTB_ERR_NESTING);
	CHECK(strcmp(d.field, "FDT_END_NODE with no node open") == 0);
	free(b);
}

/* ---- memory reader ------------------------------------------------------ */

static void *memory_tree(uint32_t ac, uint32_t sc, const void *reg, int reg_len, const char *status,
                         bool with_cells)
{
	void *b = calloc(1, REGION);

	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, ""));
	if (with_cells) {
		OK(fdt_property_u32(b, "#address-cells", ac));
		OK(fdt_property_u32(b, "#size-cells", sc));
	}
	OK(fdt_begin_node(b, "memory@0"));
	OK(fdt_property_string(b, "device_type", "memory"));
	if (status != NULL)
		OK(fdt_property_string(b, "status", status));
	OK(fdt_property(b, "reg", reg, reg_len));
	OK(fdt_end_node(b));
	/* A deeper node of device_type "memory" is not a root memory node. */
	OK(fdt_begin_node(b, "soc"));
	OK(fdt_begin_node(b, "memory@90000000"));
	OK(fdt_property_string(b, "device_type", "memory"));
	OK(fdt_property(b, "reg", reg, reg_len));
	OK(fdt_end_node(b));
	OK(fdt_end_node(b));
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	return b;
}

static int read_mem(void *b, struct mem_ranges *m, struct dtb_diag *d)
{
	CHECK_EQ(dtb_check_header(b, REGION, NULL), DTB_OK);
	return dtb_read_memory(b, m, d);
}

static void test_memory_cells(void)
{
	fdt32_t r11[] = { cpu_to_fdt32(0x40000000), cpu_to_fdt32(0x20000000),
		          cpu_to_fdt32(0x80000000), cpu_to_fdt32(0x1000) };
	fdt32_t r21[] = { cpu_to_fdt32(1), cpu_to_fdt32(0), cpu_to_fdt32(0x1000) };
	fdt32_t r22[] = { cpu_to_fdt32(0), cpu_to_fdt32(0x40000000),
		          cpu_to_fdt32(0), cpu_to_fdt32(0x20000000),
		          cpu_to_fdt32(0), cpu_to_fdt32(0x60000000),
		          cpu_to_fdt32(0), cpu_to_fdt32(0x1000) };
	struct mem_ranges m;
	struct dtb_diag d;
	void *b;

	b = memory_tree(1, 1, r11, sizeof(r11), NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_OK);
	CHECK_EQ(m.count, 2);
	CHECK_EQ(m.range[1].base, 0x80000000);
	free(b);
	/* Defaults: #address-cells 2, #size-cells 1 (2.3.5). */
	b = memory_tree(0, 0, r21, sizeof(r21), "okay", false);
	CHECK_EQ(read_mem(b, &m, &d), DTB_OK);
	CHECK_EQ(m.count, 1);
	CHECK_EQ(m.range[0].base, 0x100000000ull);
	CHECK_EQ(m.range[0].size, 0x1000);
	free(b);
	/* Two touching entries merge. */
	b = memory_tree(2, 2, r22, sizeof(r22), "ok", true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_OK);
	CHECK_EQ(m.count, 1);
	CHECK_EQ(m.range[0].size, 0x20001000);
	free(b);
	b = memory_tree(3, 1, r22, sizeof(r22), NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_CELLS);
	CHECK(strcmp(dtb_diag_format(&d, (char[100]){ 0 }, 100),
	             "#address-cells 3 is not supported (1 or 2)") == 0);
	free(b);
	b = memory_tree(2, 0, r22, sizeof(r22), NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_CELLS);
	free(b);
}

static void test_memory_bad_reg(void)
{
	fdt32_t r[] = { cpu_to_fdt32(0xffffffff), cpu_to_fdt32(0xfffff000), cpu_to_fdt32(0),
		        cpu_to_fdt32(0x2000) };
	struct mem_ranges m;
	struct dtb_diag d;
	void *b;

	b = memory_tree(2, 2, r, 12, NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_REG);
	CHECK(strcmp(dtb_diag_format(&d, (char[100]){ 0 }, 100),
	             "memory@0: reg is 12 bytes, not a multiple of 16") == 0);
	free(b);
	b = memory_tree(2, 2, r, 0, NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_REG);
	free(b);
	b = memory_tree(2, 2, r, sizeof(r), NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_REG_RANGE);
	CHECK_EQ(d.value, 0xfffffffffffff000ull);
	free(b);
	/* Only a zero-size entry, or a disabled node: no DRAM. */
	r[3] = 0;
	b = memory_tree(2, 2, r, sizeof(r), NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_NO_MEMORY);
	free(b);
	r[3] = cpu_to_fdt32(0x1000);
	b = memory_tree(2, 2, r, sizeof(r), "disabled", true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_NO_MEMORY);
	free(b);
}

static void test_memory_too_many_ranges(void)
{
	fdt32_t r[2 * (MEM_RANGES_MAX + 1)];
	struct mem_ranges m;
	struct dtb_diag d;
	void *b;

	for (unsigned int i = 0; i <= MEM_RANGES_MAX; i++) {
		r[2 * i] = cpu_to_fdt32(0x08000000u * i);
		r[2 * i + 1] = cpu_to_fdt32(0x1000);
	}
	b = memory_tree(1, 1, r, 8 * MEM_RANGES_MAX, NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_OK);
	CHECK_EQ(m.count, MEM_RANGES_MAX);
	free(b);
	b = memory_tree(1, 1, r, sizeof(r), NULL, true);
	CHECK_EQ(read_mem(b, &m, &d), DTB_ERR_TOO_MANY_RANGES);
	free(b);
	/* Several memory nodes (NUMA-style) add up. */
	struct tree t = { .memory = 3 };

	b = build(&t);
	CHECK_EQ(read_mem(b, &m, &d), DTB_OK);
	CHECK_EQ(m.count, 1);
	CHECK_EQ(m.range[0].size, 0x30000000);
	free(b);
}

/* ---- reserved memory --------------------------------------------------- */

static const struct dtb_reserved ring = { "pmf-ring", "n1fw,pmf-ring", 0x5ff00000, 0x20000 };

/* @b's /reserved-memory/pmf-ring@5ff00000 is @r in @ac/@sc cells, no-map. */
static void verify_reserved(const void *b, uint32_t ac, uint32_t sc)
{
	int parent = fdt_path_offset(b, "/reserved-memory");
	int node = fdt_path_offset(b, "/reserved-memory/pmf-ring@5ff00000");
	fdt32_t reg[4];
	int n = 0;

	CHECK(parent >= 0 && node >= 0);
	CHECK_EQ(fdt_address_cells(b, parent), (int)ac);
	CHECK_EQ(fdt_size_cells(b, parent), (int)sc);
	CHECK(fdt_getprop(b, parent, "ranges", NULL) != NULL);
	CHECK(prop_eq(b, node, "compatible", "n1fw,pmf-ring", 14));
	CHECK(fdt_getprop(b, node, "no-map", NULL) != NULL);
	if (ac == 2U)
		reg[n++] = 0;
	reg[n++] = cpu_to_fdt32(0x5ff00000);
	if (sc == 2U)
		reg[n++] = 0;
	reg[n++] = cpu_to_fdt32(0x20000);
	CHECK(prop_eq(b, node, "reg", reg, n * 4));
	CHECK_EQ(fdt_check_full(b, REGION), 0);
}

/* The PSCI fix-up with @r reserved, as BL2 makes it; @b's header checked first. */
static int reserve_range(void *b, size_t region, size_t scratch_size, const struct dtb_reserved *r,
                         struct dtb_psci_report *rep, struct dtb_diag *d)
{
	CHECK_EQ(dtb_check_header(b, region, d), DTB_OK);
	return dtb_add_psci(b, region, scratch(), scratch_size, states, 2, r, rep, d);
}

static int reserve(void *b, struct dtb_psci_report *rep, struct dtb_diag *d)
{
	return reserve_range(b, REGION, REGION, &ring, rep, d);
}

/* The number of children of @b's /reserved-memory. */
static int reserved_children(const void *b)
{
	int count = 0;

	for (int n = fdt_first_subnode(b, fdt_path_offset(b, "/reserved-memory")); n >= 0;
	     n = fdt_next_subnode(b, n))
		count++;
	return count;
}

/*
 * The QEMU DTB as BL2 makes it, in one rewrite: the PSCI description
 * and /reserved-memory added with the root's cells (2 and 2), the node in
 * them; a second call replaces both rather than adding others.
 */
static void test_reserved_qemu(void)
{
	void *b = load_qemu_dtb();
	struct dtb_psci_report rep;
	struct dtb_diag d;

	CHECK(fdt_path_offset(b, "/reserved-memory") < 0);
	CHECK_EQ(reserve(b, &rep, &d), DTB_OK);
	CHECK(rep.reserved && rep.added_reserved_memory && !rep.replaced_reserved);
	CHECK(rep.written != 0U && rep.written <= fdt_totalsize(b));
	verify_reserved(b, 2, 2);
	verify(b, 4);
	CHECK_EQ(reserve(b, &rep, &d), DTB_OK);
	CHECK(rep.reserved && !rep.added_reserved_memory && rep.replaced_reserved &&
	      rep.replaced_psci && rep.replaced_idle_states);
	verify_reserved(b, 2, 2);
	verify(b, 4);
	CHECK_EQ(reserved_children(b), 1);
	free(b);
}

/*
 * An existing /reserved-memory keeps its children, ours after them; a
 * tree with one address cell refuses a base above 4 GiB; cells of 3, a
 * cells property that is not one cell, cells missing or other than the
 * root's, or no ranges are refused by name (Linux would ignore the node);
 * a blob the checked walk rejects is refused; no room leaves the blob
 * untouched.
 */
static void test_reserved_cases(void)
{
	void *b = calloc(1, REGION), *copy = malloc(REGION);
	const struct dtb_reserved high = { "pmf-ring", "n1fw,pmf-ring", 0x100000000ull, 0x1000 };
	struct dtb_psci_report rep;
	struct dtb_diag d;
	char msg[200];
	size_t need;

	OK(fdt_create(b, REGION));
	OK(fdt_finish_reservemap(b));
	OK(fdt_begin_node(b, ""));
	OK(fdt_property_u32(b, "#address-cells", 1));
	OK(fdt_property_u32(b, "#size-cells", 1));
	OK(fdt_begin_node(b, "reserved-memory"));
	OK(fdt_property_u32(b, "#address-cells", 1));
	OK(fdt_property_u32(b, "#size-cells", 1));
	OK(fdt_property(b, "ranges", NULL, 0));
	OK(fdt_begin_node(b, "other@48000000"));
	OK(fdt_property(b, "no-map", NULL, 0));
	OK(fdt_end_node(b));
	OK(fdt_end_node(b));
	OK(fdt_end_node(b));
	OK(fdt_finish(b));
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_OK);
	CHECK(rep.reserved && !rep.added_reserved_memory && !rep.replaced_reserved);
	verify_reserved(b, 1, 1);
	CHECK_EQ(reserved_children(b), 2);
	CHECK_EQ(fdt_next_subnode(b, fdt_path_offset(b, "/reserved-memory/other@48000000")),
	         fdt_path_offset(b, "/reserved-memory/pmf-ring@5ff00000"));
	need = fdt_totalsize(b);

	memcpy(b, copy, REGION);
	CHECK_EQ(reserve_range(b, REGION, REGION, &high, &rep, &d), DTB_ERR_CELLS);
	CHECK(memcmp(copy, b, REGION) == 0);
	CHECK(strstr(dtb_diag_format(&d, msg, sizeof(msg)), "reg") != NULL);

	/* No room: the scratch buffer, then the region. */
	CHECK_EQ(reserve_range(b, REGION, need - 4, &ring, &rep, &d), DTB_ERR_NO_SPACE);
	CHECK(memcmp(copy, b, REGION) == 0);
	CHECK_EQ(reserve_range(b, REGION, need, &ring, &rep, &d), DTB_OK);
	memcpy(b, copy, REGION);
	CHECK_EQ(dtb_add_psci(b, need - 8, scratch(), REGION, states, 2, &ring, &rep, &d),
	         DTB_ERR_NO_SPACE);
	CHECK(memcmp(copy, b, REGION) == 0);

	/* /reserved-memory with 3 address cells, then a #size-cells of 8 bytes. */
	OK(fdt_open_into(copy, b, REGION));
	OK(fdt_setprop_u32(b, fdt_path_offset(b, "/reserved-memory"), "#address-cells", 3));
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_CELLS);
	CHECK_EQ(d.value, 3);
	CHECK(strstr(dtb_diag_format(&d, msg, sizeof(msg)), "#address-cells") != NULL);
	CHECK(memcmp(copy, b, REGION) == 0);
	OK(fdt_setprop_u32(b, fdt_path_offset(b, "/reserved-memory"), "#address-cells", 1));
	OK(fdt_setprop_u64(b, fdt_path_offset(b, "/reserved-memory"), "#size-cells", 1));
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_CELLS);
	CHECK(strstr(dtb_diag_format(&d, msg, sizeof(msg)), "#size-cells") != NULL);
	CHECK(memcmp(copy, b, REGION) == 0);

	/* Without /reserved-memory: the root's cells, which must be 1 or 2 then. */
	OK(fdt_del_node(b, fdt_path_offset(b, "/reserved-memory")));
	OK(fdt_setprop_u32(b, 0, "#size-cells", 3));
	memcpy(copy, b, REGION);
	CHECK_EQ(fixup(b, &rep, &d), DTB_OK); /* nothing to reserve: the root's cells unread */
	memcpy(b, copy, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_CELLS);
	CHECK_EQ(d.value, 3);
	CHECK(memcmp(copy, b, REGION) == 0);
	/* A root without its cells: Linux's defaults are not the specification's. */
	OK(fdt_delprop(b, 0, "#address-cells"));
	OK(fdt_delprop(b, 0, "#size-cells"));
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_CELLS);
	CHECK(strcmp(dtb_diag_format(&d, msg, sizeof(msg)),
	             "the root's #address-cells: missing (Linux's reserved-memory binding)") == 0);
	CHECK(memcmp(copy, b, REGION) == 0);
	OK(fdt_setprop_u32(b, 0, "#address-cells", 2));
	OK(fdt_setprop_u32(b, 0, "#size-cells", 1));
	CHECK_EQ(reserve(b, &rep, &d), DTB_OK);
	CHECK(rep.added_reserved_memory);
	verify_reserved(b, 2, 1);

	/*
	 * A /reserved-memory Linux would ignore: cells other than the root's,
	 * one missing, or no ranges. Then one with a unit address, which Linux
	 * finds by path as well: ours goes in it, no second node is added.
	 */
	int rm = fdt_path_offset(b, "/reserved-memory");

	OK(fdt_setprop_u32(b, rm, "#address-cells", 1));
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_CELLS);
	CHECK(strcmp(dtb_diag_format(&d, msg, sizeof(msg)),
	             "/reserved-memory #address-cells 1: the root's is 2") == 0);
	CHECK(memcmp(copy, b, REGION) == 0);
	OK(fdt_setprop_u32(b, rm, "#address-cells", 2));
	OK(fdt_delprop(b, rm, "#size-cells"));
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_CELLS);
	CHECK(strstr(dtb_diag_format(&d, msg, sizeof(msg)),
	             "/reserved-memory #size-cells: missing") != NULL);
	OK(fdt_setprop_u32(b, rm, "#size-cells", 1));
	OK(fdt_delprop(b, rm, "ranges"));
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_CELLS);
	CHECK(strstr(dtb_diag_format(&d, msg, sizeof(msg)), "/reserved-memory ranges: missing") !=
	      NULL);
	CHECK(memcmp(copy, b, REGION) == 0);
	OK(fdt_setprop(b, rm, "ranges", NULL, 0));
	OK(fdt_set_name(b, rm, "reserved-memory@0"));
	CHECK_EQ(reserve(b, &rep, &d), DTB_OK);
	CHECK(rep.replaced_reserved && !rep.added_reserved_memory);
	CHECK(fdt_path_offset(b, "/reserved-memory@0/pmf-ring@5ff00000") >= 0);
	CHECK_EQ(fdt_subnode_offset(b, 0, "reserved-memory@0"),
	         fdt_path_offset(b, "/reserved-memory"));
	OK(fdt_set_name(b, fdt_path_offset(b, "/reserved-memory"), "reserved-memory"));

	/* A structure the walk rejects: a property whose length runs past the block. */
	uint8_t *p = first_prop(b, "/reserved-memory");

	put32(p + 4, 0xfffffff4u);
	memcpy(copy, b, REGION);
	CHECK_EQ(reserve(b, &rep, &d), DTB_ERR_TOKEN);
	CHECK(memcmp(copy, b, REGION) == 0);
	free(copy);
	free(b);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		printf("usage: test_dtb QEMU-DTB (tools/qemu_run/qemu_run.py --dump-dtb FILE)\n");
		return 2;
	}
	qemu_dtb_path = argv[1];
	RUN_TEST(test_qemu_dtb);
	RUN_TEST(test_no_cpus_node);
	RUN_TEST(test_no_cpu_nodes);
	RUN_TEST(test_cpus_without_device_type);
	RUN_TEST(test_cpu_of_other_type);
	RUN_TEST(test_cpu_subnodes);
	RUN_TEST(test_old_nodes_replaced);
	RUN_TEST(test_2000_cpus);
	RUN_TEST(test_no_idle_states);
	RUN_TEST(test_buffer_too_small);
	RUN_TEST(test_bad_arguments_and_phandles);
	RUN_TEST(test_phandle_all_ones);
	RUN_TEST(test_duplicate_property);
	RUN_TEST(test_check_tree_many_properties);
	RUN_TEST(test_malformed_structure);
	RUN_TEST(test_bad_nesting);
	RUN_TEST(test_memory_cells);
	RUN_TEST(test_memory_bad_reg);
	RUN_TEST(test_memory_too_many_ranges);
	RUN_TEST(test_reserved_qemu);
	RUN_TEST(test_reserved_cases);
	free(scratch());
	return test_summary();
}
