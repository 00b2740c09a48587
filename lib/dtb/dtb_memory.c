/*
 * The DRAM a DTB describes (include/lib/dtb.h, dtb_read_memory): the reg
 * ranges of the root's memory nodes, in one walk of the structure block.
 * Devicetree Specification v0.4: 3.4 (memory node), 2.3.4 (status),
 * 2.3.5 (#address-cells, #size-cells), 2.3.6 (reg).
 */
#include <string.h>

#include <lib/dtb.h>

#include "dtb_private.h"

/* Root defaults when the properties are absent (2.3.5). */
#define DEFAULT_ADDRESS_CELLS 2U
#define DEFAULT_SIZE_CELLS    1U
#define BAD_CELLS             0U /* a #*-cells property that is not one cell */

/* What one root child said about itself, known at its FDT_END_NODE. */
struct mem_node {
	const char *name;
	bool is_memory; /* device_type = "memory" */
	bool disabled;  /* status present and neither "okay" nor "ok" */
	const uint8_t *reg;
	uint32_t reg_len;
};

static int mem_fail(struct dtb_diag *d, int err, const char *field, uint64_t value, uint64_t limit)
{
	if (d != NULL)
		*d = (struct dtb_diag){ err, field, value, NULL, limit, 0 };
	return err;
}

static uint64_t read_cells(const uint8_t *p, uint32_t cells)
{
	uint64_t v = 0;

	for (uint32_t i = 0; i < cells * 4U; i++)
		v = v << 8 | p[i];
	return v;
}

static uint32_t cells_value(const struct dtb_token *t)
{
	return t->len == 4U ? (uint32_t)read_cells(t->value, 1) : BAD_CELLS;
}

static int check_cells(const char *name, uint32_t cells, struct dtb_diag *diag)
{
	/* 64-bit addresses and sizes at most: more cells than 2 cannot be used here. */
	if (cells != 1U && cells != 2U)
		return mem_fail(diag, DTB_ERR_CELLS, name, cells, 2);
	return DTB_OK;
}

static int add_node(const struct mem_node *n, uint32_t ac, uint32_t sc, struct mem_ranges *ranges,
                    struct dtb_diag *diag)
{
	uint32_t pair = (ac + sc) * 4U;
	int rc = check_cells("#address-cells", ac, diag);

	if (rc == DTB_OK)
		rc = check_cells("#size-cells", sc, diag);
	if (rc != DTB_OK)
		return rc;
	if (n->reg_len == 0U || n->reg_len % pair != 0U)
		return mem_fail(diag, DTB_ERR_REG, n->name, n->reg_len, pair);
	for (uint32_t off = 0; off < n->reg_len; off += pair) {
		uint64_t base = read_cells(n->reg + off, ac);
		uint64_t size = read_cells(n->reg + off + ac * 4U, sc);

		if (size == 0U)
			continue;
		rc = mem_ranges_add(ranges, base, size);
		if (rc == MEM_RANGES_ERR_WRAP) {
			if (diag != NULL)
				*diag = (struct dtb_diag){
					DTB_ERR_REG_RANGE, n->name, base, NULL, size, 0
				};
			return DTB_ERR_REG_RANGE;
		}
		if (rc != MEM_RANGES_OK)
			return mem_fail(diag, DTB_ERR_TOO_MANY_RANGES, n->name, 0, MEM_RANGES_MAX);
	}
	return DTB_OK;
}

int dtb_read_memory(const void *dtb, struct mem_ranges *out, struct dtb_diag *diag)
{
	struct mem_ranges ranges;
	struct mem_node node = { 0 };
	uint32_t ac = DEFAULT_ADDRESS_CELLS, sc = DEFAULT_SIZE_CELLS;
	struct dtb_walk w;
	struct dtb_token t;
	int rc;

	mem_ranges_init(&ranges);
	dtb_walk_init(&w, dtb);
	while ((rc = dtb_walk_next(&w, &t, diag)) > 0) {
		if (t.tag == DTB_PROP && t.depth == 0U) {
			/* The root's properties all come before its first child (5.4.2). */
			if (strcmp(t.name, "#address-cells") == 0)
				ac = cells_value(&t);
			else if (strcmp(t.name, "#size-cells") == 0)
				sc = cells_value(&t);
		} else if (t.tag == DTB_BEGIN_NODE && t.depth == 1U) {
			node = (struct mem_node){ .name = t.name };
		} else if (t.tag == DTB_PROP && t.depth == 1U) {
			if (strcmp(t.name, "device_type") == 0) {
				node.is_memory = dtb_prop_is(&t, "memory");
			} else if (strcmp(t.name, "status") == 0) {
				node.disabled = !dtb_prop_is(&t, "okay") && !dtb_prop_is(&t, "ok");
			} else if (strcmp(t.name, "reg") == 0) {
				node.reg = t.value;
				node.reg_len = t.len;
			}
		} else if (t.tag == DTB_END_NODE && t.depth == 1U) {
			if (node.is_memory && !node.disabled && node.reg != NULL) {
				rc = add_node(&node, ac, sc, &ranges, diag);
				if (rc != DTB_OK)
					return rc;
			}
		}
	}
	if (rc < 0)
		return rc;
	if (ranges.count == 0U)
		return mem_fail(diag, DTB_ERR_NO_MEMORY, "/", 0, 0);
	*out = ranges;
	return DTB_OK;
}
