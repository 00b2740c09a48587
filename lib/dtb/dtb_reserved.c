/*
 * A range of DRAM this firmware keeps for itself, described in the normal
 * world's DTB as a /reserved-memory child (include/lib/dtb.h,
 * dtb_add_reserved): Linux's reserved-memory binding
 * (Documentation/devicetree/bindings/reserved-memory/reserved-memory.yaml):
 * the node's #address-cells and #size-cells are the root's and it has an
 * empty ranges; each child's reg is in those cells; no-map keeps the range
 * out of the kernel's linear map.
 *
 * One node among a few: libfdt's read-write calls (each moves the rest of
 * the blob once), on a copy in the scratch buffer, after the blob has
 * passed this library's checked walk (libfdt's own walks trust what they
 * read: a property length that wraps makes them loop). The copy is packed
 * and written back only when complete.
 */
#include <string.h>

#include <libfdt.h>

#include <lib/dtb.h>

#include "dtb_private.h"

#define RESERVED_MEMORY "reserved-memory"

static int fail(struct dtb_diag *diag, int err, const char *field, uint64_t value,
                const char *other)
{
	if (diag != NULL) {
		memset(diag, 0, sizeof(*diag));
		diag->err = err;
		diag->field = field;
		diag->value = value;
		diag->other = other;
	}
	return err;
}

/* The whole structure block through the checked walk. */
static int check_structure(const void *dtb, struct dtb_diag *diag)
{
	struct dtb_walk w;
	struct dtb_token t;
	int rc;

	dtb_walk_init(&w, dtb);
	while ((rc = dtb_walk_next(&w, &t, diag)) > 0)
		;
	return rc;
}

/* A libfdt error as ours, naming what was being written. */
static int from_libfdt(int err, struct dtb_diag *diag, const char *what)
{
	return fail(diag, DTB_ERR_LIBFDT, what, (uint64_t)(-(int64_t)err), fdt_strerror(err));
}

/* @n, a cell count libfdt read (or its error), which must be 1 or 2. */
static int cells_ok(int n, const char *prop, struct dtb_diag *diag)
{
	if (n < 0)
		return from_libfdt(n, diag, prop);
	if (n != 1 && n != 2)
		return fail(diag, DTB_ERR_CELLS, prop, (uint64_t)n, NULL);
	return DTB_OK;
}

/* Append @v in @cells cells at @p (big-endian); false if it does not fit. */
static bool put_cells(fdt32_t *p, uint64_t v, int cells)
{
	if (cells == 1) {
		p[0] = cpu_to_fdt32((uint32_t)v);
		return v <= UINT32_MAX;
	}
	p[0] = cpu_to_fdt32((uint32_t)(v >> 32));
	p[1] = cpu_to_fdt32((uint32_t)v);
	return true;
}

/* @name@<base in hex> into @buf (a node name, Devicetree Specification 2.2.1). */
static void unit_name(char *buf, size_t size, const char *name, uint64_t base)
{
	static const char hex[] = "0123456789abcdef";
	char digits[17];
	int n = 0;
	size_t len = strlen(name);

	do {
		digits[n++] = hex[base & 0xfU];
		base >>= 4;
	} while (base != 0U);
	if (len + 2U + (size_t)n > size)
		len = size - 2U - (size_t)n;
	memcpy(buf, name, len);
	buf[len++] = '@';
	while (n > 0)
		buf[len++] = digits[--n];
	buf[len] = '\0';
}

int dtb_add_reserved(void *dtb, size_t region_size, void *scratch, size_t scratch_size,
                     const struct dtb_reserved *r, uint32_t *written, struct dtb_diag *diag)
{
	char node_name[DTB_MAX_PROP_NAME];
	int root_ac, root_sc, ac, sc;
	fdt32_t reg[4];
	int rc, parent, node;

	rc = check_structure(dtb, diag);
	if (rc < 0)
		return rc;
	if (scratch_size > (size_t)INT32_MAX)
		scratch_size = INT32_MAX;
	rc = fdt_open_into(dtb, scratch, (int)scratch_size);
	if (rc != 0)
		return from_libfdt(rc, diag, "the copy into the scratch buffer");
	/* libfdt's defaults, 2 and 1, where the root says nothing (2.3.5). */
	root_ac = fdt_address_cells(scratch, 0);
	root_sc = fdt_size_cells(scratch, 0);
	rc = cells_ok(root_ac, "#address-cells", diag);
	if (rc == DTB_OK)
		rc = cells_ok(root_sc, "#size-cells", diag);
	if (rc != DTB_OK)
		return rc;
	parent = fdt_path_offset(scratch, "/" RESERVED_MEMORY);
	if (parent == -FDT_ERR_NOTFOUND) {
		parent = fdt_add_subnode(scratch, 0, RESERVED_MEMORY);
		if (parent >= 0)
			rc = fdt_setprop_u32(scratch, parent, "#address-cells", root_ac);
		if (parent >= 0 && rc == 0)
			rc = fdt_setprop_u32(scratch, parent, "#size-cells", root_sc);
		if (parent >= 0 && rc == 0)
			rc = fdt_setprop_empty(scratch, parent, "ranges");
		if (parent < 0 || rc != 0)
			return from_libfdt(parent < 0 ? parent : rc, diag, "/" RESERVED_MEMORY);
	} else if (parent < 0) {
		return from_libfdt(parent, diag, "/" RESERVED_MEMORY);
	}
	/* The binding asks for the root's cells; a child's reg is in its parent's. */
	ac = fdt_address_cells(scratch, parent);
	sc = fdt_size_cells(scratch, parent);
	rc = cells_ok(ac, "#address-cells", diag);
	if (rc == DTB_OK)
		rc = cells_ok(sc, "#size-cells", diag);
	if (rc != DTB_OK)
		return rc;
	if (!put_cells(reg, r->base, ac) || !put_cells(reg + ac, r->size, sc))
		return fail(diag, DTB_ERR_CELLS, "reg", r->base, "one cell cannot hold it");
	unit_name(node_name, sizeof(node_name), r->name, r->base);
	/* One description of the range: a node of that name is replaced. */
	node = fdt_subnode_offset(scratch, parent, node_name);
	if (node >= 0)
		rc = fdt_del_node(scratch, node);
	if (rc == 0)
		node = fdt_add_subnode(scratch, parent, node_name);
	if (rc == 0 && node < 0)
		rc = node;
	if (rc == 0)
		rc = fdt_setprop_string(scratch, node, "compatible", r->compatible);
	if (rc == 0)
		rc = fdt_setprop(scratch, node, "reg", reg, (ac + sc) * (int)sizeof(fdt32_t));
	if (rc == 0)
		rc = fdt_setprop_empty(scratch, node, "no-map");
	if (rc == 0)
		rc = fdt_pack(scratch);
	if (rc != 0)
		return from_libfdt(rc, diag, node_name);
	if (fdt_totalsize(scratch) > region_size) {
		fail(diag, DTB_ERR_NO_SPACE, "result", fdt_totalsize(scratch), "DTB region");
		if (diag != NULL)
			diag->limit = region_size;
		return DTB_ERR_NO_SPACE;
	}
	*written = fdt_totalsize(scratch);
	memcpy(dtb, scratch, *written);
	return DTB_OK;
}
