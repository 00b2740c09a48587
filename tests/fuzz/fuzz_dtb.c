/*
 * libFuzzer harness for BL2's DTB handling (lib/dtb): the header check,
 * then the memory-node reader, the PSCI fix-up and the reserved-memory
 * node on what it accepts, against Debian's host libfdt (libfdt-dev).
 *
 * The input is the DTB region: a heap buffer of exactly its length, so a
 * read or write past the region trips AddressSanitizer. Most mutations
 * break the header, so each input is also run a second time with its
 * header repaired (blocks clamped into the blob), which lets mutations of
 * the structure and strings blocks reach the tree walks. The oracles, each
 * an abort() that libFuzzer reports as a crash:
 *  - a failed fix-up leaves the blob byte for byte as it was;
 *  - a fixed-up blob passes our own checks again (header, memory walk, a
 *    second fix-up that fails only for lack of space or phandles);
 *  - if libfdt's fdt_check_full() accepted the input, it accepts the
 *    result, and the result has /psci;
 *  - memory ranges come out sorted, disjoint and non-empty;
 *  - the reserved-memory node (on the input and on the fixed-up blob)
 *    leaves a blob it refuses byte for byte as it was, and one it takes
 *    passes our checks, and libfdt's where the input did, with the node;
 *  - the whole-tree check (dtb_check_tree: no property name twice in a
 *    node) agrees with the fix-up's walk on every structure error, and a
 *    tree it accepts the fix-up never refuses as malformed;
 *  - the idle states' phandles are valid (neither 0 nor 0xffffffff) and
 *    each names one node of the result, whatever phandles the input had
 *    (libfdt's look-ups, where it accepted the input).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include <lib/dtb.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Largest input given to libfdt's fdt_check_full() as an oracle (see run()). */
#define LIBFDT_ORACLE_MAX 4096u

static const struct dtb_idle_state states[] = {
	{ "cpu-power-down", 0x00010002, 2, 2, 10 },
	{ "cluster-pwrdown", 0x01010022, 3, 3, 5000 },
};

/* The phandle (or linux,phandle) of @node, 0 for none. */
static uint32_t phandle_of(const void *fdt, int node)
{
	static const char *const names[] = { "phandle", "linux,phandle" };
	uint32_t v = 0;

	for (unsigned int i = 0; i < 2 && v == 0; i++) {
		int len;
		const fdt32_t *p = fdt_getprop(fdt, node, names[i], &len);

		if (p != NULL && len == 4)
			v = fdt32_to_cpu(*p);
	}
	return v;
}

/*
 * Each idle state the fix-up wrote (under the first /cpus/idle-states) has a
 * valid phandle that no other node of @fdt has (2.3.3): phandles are valid
 * and unique whatever the input held (0xffffffff, 0, the largest values).
 */
static void check_phandles(const void *fdt)
{
	int idle = fdt_path_offset(fdt, "/cpus/idle-states"), state;

	if (idle < 0)
		return;
	fdt_for_each_subnode(state, fdt, idle)
	{
		uint32_t ph = phandle_of(fdt, state);
		int n = 0;

		if (ph == 0 || ph == 0xffffffffu)
			abort();
		for (int node = fdt_next_node(fdt, -1, NULL); node >= 0;
		     node = fdt_next_node(fdt, node, NULL))
			n += phandle_of(fdt, node) == ph;
		if (n != 1)
			abort();
	}
}

static void check_ranges(const struct mem_ranges *m)
{
	if (m->count == 0 || m->count > MEM_RANGES_MAX)
		abort();
	for (unsigned int i = 0; i < m->count; i++) {
		if (m->range[i].size == 0)
			abort();
		if (i > 0 && m->range[i].base <= m->range[i - 1].base + (m->range[i - 1].size - 1))
			abort();
	}
}

/*
 * The fix-up with the call ring reserved, as BL2 runs it with PMF_RING=1,
 * on @dtb (a header we accepted): untouched on failure; on success a blob
 * our header check (and, where it can judge, libfdt) accepts, with the
 * ring's node.
 */
static void reserve(uint8_t *dtb, size_t size, uint8_t *copy, uint8_t *scratch, size_t scratch_size,
                    bool libfdt_ok)
{
	static const struct dtb_reserved ring = { "pmf-ring", "n1fw,pmf-ring", 0x5ff00000,
		                                  0x20000 };
	struct dtb_psci_report rep;
	struct dtb_diag diag;
	char msg[256];

	memcpy(copy, dtb, size);
	if (dtb_add_psci(dtb, size, scratch, scratch_size, states, 2, &ring, &rep, &diag) !=
	    DTB_OK) {
		dtb_diag_format(&diag, msg, sizeof(msg));
		if (memcmp(copy, dtb, size) != 0)
			abort();
		return;
	}
	if (!rep.reserved || rep.written > size || dtb_check_header(dtb, size, &diag) != DTB_OK)
		abort();
	if (libfdt_ok && (fdt_check_full(dtb, size) != 0 ||
	                  fdt_path_offset(dtb, "/reserved-memory/pmf-ring@5ff00000") < 0))
		abort();
}

/* The pipeline BL2 runs, on a region of @size bytes holding @data. */
static void run(const uint8_t *data, size_t size)
{
	/* malloc's alignment (16) satisfies the DTB's 8 (5.6). */
	uint8_t *dtb = malloc(size ? size : 1), *copy = malloc(size ? size : 1);
	size_t scratch_size = 2 * size + 1024;
	uint8_t *scratch = malloc(scratch_size);
	struct mem_ranges mem;
	struct dtb_diag diag;
	struct dtb_psci_report rep;
	char msg[256];
	bool libfdt_ok;
	int rc, tree_rc;

	memcpy(dtb, data, size);
	if (dtb_check_header(dtb, size, &diag) != DTB_OK) {
		dtb_diag_format(&diag, msg, sizeof(msg));
		goto out;
	}
	if (dtb_read_memory(dtb, &mem, &diag) == DTB_OK)
		check_ranges(&mem);
	else
		dtb_diag_format(&diag, msg, sizeof(msg));

	/* The whole-tree check, its work area the scratch buffer, as BL2 lends it. */
	tree_rc = dtb_check_tree(dtb, scratch, scratch_size, &diag);
	if (tree_rc == DTB_ERR_NO_SPACE && scratch_size >= dtb_check_tree_work(dtb))
		abort();
	memcpy(copy, dtb, size);
	rc = dtb_add_psci(dtb, size, scratch, scratch_size, states, 2, NULL, &rep, &diag);
	/*
	 * One walk, one verdict on the structure: a tree the check took, the
	 * fix-up never calls malformed; one it found malformed, the fix-up
	 * refuses for the same reason (a repeat ends the check's walk early).
	 */
	if (tree_rc == DTB_OK && rc <= DTB_ERR_TOKEN && rc >= DTB_ERR_NESTING)
		abort();
	if (tree_rc <= DTB_ERR_TOKEN && tree_rc >= DTB_ERR_NESTING && tree_rc != rc)
		abort();
	/*
	 * libfdt's fdt_check_full() as a second opinion, on the input (@copy),
	 * only where it ends in good time: libfdt 1.6.1's walks loop for ever
	 * on a property whose length wraps their int offset back (0xfffffff4),
	 * which the fix-up's full walk rejects as DTB_ERR_TOKEN; and its check
	 * of duplicate names costs properties^2 x name length, so small blobs.
	 */
	libfdt_ok = size <= LIBFDT_ORACLE_MAX && !(rc <= DTB_ERR_TOKEN && rc >= DTB_ERR_NESTING) &&
	            fdt_check_full(copy, size) == 0;
	if (rc != DTB_OK) {
		dtb_diag_format(&diag, msg, sizeof(msg));
		if (memcmp(copy, dtb, size) != 0)
			abort();
		/* The same with the ring: any input, refused or not. */
		reserve(dtb, size, copy, scratch, scratch_size, false);
		goto out;
	}
	if (rep.new_size > size || rep.described > rep.cpu_nodes)
		abort();
	if (dtb_check_header(dtb, size, &diag) != DTB_OK)
		abort();
	rc = dtb_read_memory(dtb, &mem, &diag);
	if (rc < 0 && rc >= DTB_ERR_NESTING) /* a header or structure error */
		abort();
	if (libfdt_ok && (fdt_check_full(dtb, size) != 0 || fdt_path_offset(dtb, "/psci") < 0))
		abort();
	if (libfdt_ok)
		check_phandles(dtb);
	rc = dtb_add_psci(dtb, size, scratch, scratch_size, states, 2, NULL, &rep, &diag);
	if (rc != DTB_OK && rc != DTB_ERR_NO_SPACE && rc != DTB_ERR_PHANDLES)
		abort();
	if (dtb_check_header(dtb, size, &diag) == DTB_OK)
		reserve(dtb, size, copy, scratch, scratch_size, libfdt_ok);
out:
	free(scratch);
	free(copy);
	free(dtb);
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t min32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

/* Make the header consistent with a @size-byte blob, keeping the blocks it names. */
static void repair_header(uint8_t *b, uint32_t size)
{
	uint32_t off_struct = min32(get32(b + 8), size) & ~3u;
	uint32_t off_strings = min32(get32(b + 12), size);
	uint32_t off_rsv = min32(get32(b + 16), size - 16) & ~7u;

	put32(b + 0, 0xd00dfeed);
	put32(b + 4, size);
	put32(b + 8, off_struct);
	put32(b + 12, off_strings);
	put32(b + 16, off_rsv < 40 ? 40 : off_rsv);
	put32(b + 20, 17);
	put32(b + 24, 16);
	put32(b + 32, min32(get32(b + 32), size - off_strings));
	put32(b + 36, min32(get32(b + 36), size - off_struct) & ~3u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	run(data, size);
	if (size >= 56 && size <= 0x1000000) {
		uint8_t *fixed = malloc(size);

		memcpy(fixed, data, size);
		repair_header(fixed, (uint32_t)size);
		run(fixed, size);
		free(fixed);
	}
	return 0;
}
