/*
 * libFuzzer harness for BL2's DTB handling (lib/dtb): the header check,
 * then the memory-node reader and the PSCI fix-up on what it accepts,
 * against Debian's host libfdt (libfdt-dev).
 *
 * The input is the DTB region: a heap buffer of exactly its length, so a
 * read or write past the region trips AddressSanitizer. The oracles, each
 * an abort() that libFuzzer reports as a crash:
 *  - a failed fix-up leaves the blob byte for byte as it was;
 *  - a fixed-up blob passes our own checks again (header, memory walk, a
 *    second fix-up that fails only for lack of space or phandles);
 *  - if libfdt's fdt_check_full() accepted the input, it accepts the
 *    result, and the result has /psci;
 *  - memory ranges come out sorted, disjoint and non-empty.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include <lib/dtb.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct dtb_idle_state states[] = {
	{ "cpu-power-down", 0x00010002, 2, 2, 10 },
	{ "cluster-pwrdown", 0x01010022, 3, 3, 5000 },
};

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
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
	int rc;

	memcpy(dtb, data, size);
	if (dtb_check_header(dtb, size, &diag) != DTB_OK) {
		dtb_diag_format(&diag, msg, sizeof(msg));
		goto out;
	}
	libfdt_ok = fdt_check_full(dtb, size) == 0;
	if (dtb_read_memory(dtb, &mem, &diag) == DTB_OK)
		check_ranges(&mem);
	else
		dtb_diag_format(&diag, msg, sizeof(msg));

	memcpy(copy, dtb, size);
	rc = dtb_add_psci(dtb, size, scratch, scratch_size, states, 2, &rep, &diag);
	if (rc != DTB_OK) {
		dtb_diag_format(&diag, msg, sizeof(msg));
		if (memcmp(copy, dtb, size) != 0)
			abort();
		goto out;
	}
	if (rep.new_size > size || rep.described > rep.cpu_nodes)
		abort();
	if (dtb_check_header(dtb, size, &diag) != DTB_OK)
		abort();
	rc = dtb_read_memory(dtb, &mem, &diag);
	if (rc < 0 && rc >= DTB_ERR_NESTING)	/* a header or structure error */
		abort();
	if (libfdt_ok && (fdt_check_full(dtb, size) != 0 || fdt_path_offset(dtb, "/psci") < 0))
		abort();
	rc = dtb_add_psci(dtb, size, scratch, scratch_size, states, 2, &rep, &diag);
	if (rc != DTB_OK && rc != DTB_ERR_NO_SPACE && rc != DTB_ERR_PHANDLES)
		abort();
out:
	free(scratch);
	free(copy);
	free(dtb);
	return 0;
}
