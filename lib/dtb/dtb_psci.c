/*
 * The PSCI description this firmware adds to the normal world's DTB
 * (include/lib/dtb.h, dtb_add_psci): /psci, /cpus/idle-states, and
 * enable-method / cpu-idle-states on each CPU node, and the range of DRAM
 * it keeps (a /reserved-memory child), written in one linear rewrite of
 * the blob into a scratch buffer.
 *
 * Why a rewrite and not libfdt's in-place edits: each fdt_setprop or
 * fdt_add_subnode moves the rest of the blob, so describing N CPUs costs
 * O(N x size) (1.8 s of BL2 time for 2000 CPU nodes). Why not libfdt's
 * sequential-write API either: fdt_property() looks each name up in the
 * strings written so far, a linear search per property, which is quadratic
 * again for a blob of many distinct names. Here the old strings block is
 * kept as it is (every old name offset stays valid) and the new names are
 * appended, so each token costs O(its size).
 *
 * One walk over the source does it all: it checks the structure block,
 * finds the largest phandle and writes the result. The idle states'
 * phandles (above every phandle of the blob) are known only at the end, so
 * the cpu-idle-states values are written as a chain through the output
 * (each list's first cell holds the offset of the previous list) and
 * filled in once the walk is done. The result is copied back over the blob
 * only when it is complete: a failure anywhere leaves the blob untouched.
 *
 * Layout written (Devicetree Specification v0.4, 5.1-5.6): header,
 * memory reservation block at 40 (8-aligned), structure block, strings
 * block. Node and property bindings: 3.7/3.8 (cpus, cpu: device_type
 * "cpu", enable-method), Linux's arm/psci.yaml, cpu/idle-states.yaml and
 * reserved-memory/reserved-memory.yaml (the node's #address-cells and
 * #size-cells are the root's, its ranges empty; no-map keeps a range out
 * of the kernel's linear map).
 */
#include <string.h>

#include <lib/dtb.h>

#include "dtb_private.h"

/* libfdt's bound, and 2.3.3: 0 and 0xffffffff are not phandles. */
#define MAX_PHANDLE 0xfffffffeU

/* Names this code writes; appended once to the strings block. */
enum new_name {
	N_COMPATIBLE,
	N_METHOD,
	N_ENABLE_METHOD,
	N_CPU_IDLE_STATES,
	N_ENTRY_METHOD,
	N_SUSPEND_PARAM,
	N_ENTRY_LATENCY,
	N_EXIT_LATENCY,
	N_MIN_RESIDENCY,
	N_PHANDLE,
	N_DEVICE_TYPE,
	N_ADDRESS_CELLS,
	N_SIZE_CELLS,
	N_RANGES,
	N_REG,
	N_NO_MAP,
	N_COUNT
};

static const char *const new_names[N_COUNT] = {
	[N_COMPATIBLE] = "compatible",
	[N_METHOD] = "method",
	[N_ENABLE_METHOD] = "enable-method",
	[N_CPU_IDLE_STATES] = "cpu-idle-states",
	[N_ENTRY_METHOD] = "entry-method",
	[N_SUSPEND_PARAM] = "arm,psci-suspend-param",
	[N_ENTRY_LATENCY] = "entry-latency-us",
	[N_EXIT_LATENCY] = "exit-latency-us",
	[N_MIN_RESIDENCY] = "min-residency-us",
	[N_PHANDLE] = "phandle",
	[N_DEVICE_TYPE] = "device_type",
	[N_ADDRESS_CELLS] = "#address-cells",
	[N_SIZE_CELLS] = "#size-cells",
	[N_RANGES] = "ranges",
	[N_REG] = "reg",
	[N_NO_MAP] = "no-map",
};

#define RESERVED_MEMORY   "reserved-memory"
/* "<name>@<16 hex digits>" and its NUL. */
#define RESERVED_NAME_MAX 64U
/* A cells property that is not one cell; what a missing property's error says. */
#define CELLS_BAD         0xffffffffU
#define BINDING           "missing (Linux's reserved-memory binding)"

/* The blob being written into the scratch buffer; @full latches overflow. */
struct out {
	uint8_t *buf;
	size_t size;
	size_t pos;
	bool full;
};

/* The /cpus child being copied (depth 2), decided at its first subnode or end. */
struct cpu_child {
	bool named_cpu; /* "cpu" or "cpu@..." (2.2.1 generic name) */
	bool has_type;  /* a device_type property */
	bool type_cpu;  /* device_type = "cpu" (3.8.1) */
	bool decided;
};

struct fixup {
	struct out o;
	const struct dtb_idle_state *states;
	unsigned int count;
	uint32_t max_phandle; /* largest phandle of the source so far */
	uint32_t last_list;   /* output offset of the last cpu-idle-states value, 0: none */
	uint32_t state_phandle[DTB_MAX_IDLE_STATES]; /* output offsets of the states' phandles */
	uint32_t name_off[N_COUNT];                  /* in the new strings block */
	unsigned int skip;                           /* > 0: inside a dropped subtree (its depth) */
	bool in_cpus;                                /* inside a root child named "cpus" */
	bool first_cpus;                             /* ... and it is the first one */
	struct cpu_child child;
	/* The reserved range (NULL: none), its node's name, and the cells it needs. */
	const struct dtb_reserved *reserved;
	char reserved_name[RESERVED_NAME_MAX];
	/* #address-cells, #size-cells: 0 if absent, CELLS_BAD if not one cell. */
	uint32_t root_cells[2];    /* the root's */
	uint32_t parent_cells[2];  /* the /reserved-memory being copied's */
	bool parent_ranges;        /* ... and whether it has ranges */
	bool seen_reserved_memory; /* a root child named reserved-memory[@...] was met */
	bool in_reserved_memory;   /* inside the first one */
	int err;                   /* the first error found while writing */
	struct dtb_diag err_diag;
	struct dtb_psci_report rep;
};

/*
 * Reserve @n bytes, padded with zeros to 4 if @pad. @pos counts every byte
 * asked for, so after an overflow it still ends up as the size needed;
 * nothing is written once @full is set.
 */
static uint8_t *out_take(struct out *o, size_t n, bool pad)
{
	size_t len = pad ? (n + 3U) & ~(size_t)3U : n;
	uint8_t *p = NULL;

	if (!o->full && len <= o->size - o->pos) {
		p = o->buf + o->pos;
		if (len != n)
			memset(p + n, 0, len - n);
	} else {
		o->full = true;
	}
	o->pos += len;
	return p;
}

static void out_bytes(struct out *o, const void *src, size_t n, bool pad)
{
	uint8_t *p = out_take(o, n, pad);

	if (p != NULL && n != 0U)
		memcpy(p, src, n);
}

static void out_u32(struct out *o, uint32_t v)
{
	uint8_t *p = out_take(o, 4, true);

	if (p != NULL)
		dtb_put_be32(p, v);
}

static void out_begin_node(struct out *o, const char *name)
{
	out_u32(o, DTB_BEGIN_NODE);
	out_bytes(o, name, strlen(name) + 1U, true);
}

static void out_prop(struct out *o, uint32_t nameoff, const void *value, uint32_t len)
{
	out_u32(o, DTB_PROP);
	out_u32(o, len);
	out_u32(o, nameoff);
	out_bytes(o, value, len, true);
}

static void out_prop_u32(struct out *o, uint32_t nameoff, uint32_t v)
{
	uint8_t cell[4];

	dtb_put_be32(cell, v);
	out_prop(o, nameoff, cell, sizeof(cell));
}

static void out_prop_str(struct out *o, uint32_t nameoff, const char *s)
{
	out_prop(o, nameoff, s, (uint32_t)strlen(s) + 1U);
}

/*
 * enable-method and cpu-idle-states, once, for a /cpus child that is a
 * CPU; device_type "cpu" too for one named as a CPU that has no device_type
 * (3.8.1 requires it; a machine's minimal DT may leave it out).
 */
static void decide_cpu(struct fixup *f)
{
	struct cpu_child *c = &f->child;

	if (c->decided)
		return;
	c->decided = true;
	if (!c->named_cpu && !c->type_cpu)
		return; /* cpu-map, l2-cache, ...: not a CPU */
	f->rep.cpu_nodes++;
	if (c->named_cpu && !c->has_type) {
		out_prop_str(&f->o, f->name_off[N_DEVICE_TYPE], "cpu");
		f->rep.typed++;
	} else if (!c->type_cpu) {
		return; /* a device_type other than "cpu": not ours to overrule */
	}
	f->rep.described++;
	out_prop_str(&f->o, f->name_off[N_ENABLE_METHOD], "psci");
	if (f->count != 0U) {
		/* The phandles come at the end (fill_phandles); for now, the chain link. */
		uint8_t list[DTB_MAX_IDLE_STATES * 4U] = { 0 };

		dtb_put_be32(list, f->last_list);
		out_prop(&f->o, f->name_off[N_CPU_IDLE_STATES], list, 4U * f->count);
		f->last_list = (uint32_t)(f->o.pos - 4U * f->count);
	}
}

static void out_idle_states(struct fixup *f)
{
	struct out *o = &f->o;

	out_begin_node(o, "idle-states");
	out_prop_str(o, f->name_off[N_ENTRY_METHOD], "psci");
	for (unsigned int i = 0; i < f->count; i++) {
		const struct dtb_idle_state *s = &f->states[i];

		out_begin_node(o, s->name);
		out_prop_str(o, f->name_off[N_COMPATIBLE], "arm,idle-state");
		out_prop_u32(o, f->name_off[N_SUSPEND_PARAM], s->psci_suspend_param);
		out_prop_u32(o, f->name_off[N_ENTRY_LATENCY], s->entry_latency_us);
		out_prop_u32(o, f->name_off[N_EXIT_LATENCY], s->exit_latency_us);
		out_prop_u32(o, f->name_off[N_MIN_RESIDENCY], s->min_residency_us);
		out_prop_u32(o, f->name_off[N_PHANDLE], 0); /* fill_phandles() */
		f->state_phandle[i] = (uint32_t)(o->pos - 4U);
		out_u32(o, DTB_END_NODE);
	}
	out_u32(o, DTB_END_NODE);
	f->rep.idle_states = f->count;
}

static void out_psci(struct fixup *f)
{
	/* "arm,psci-0.2" lets kernels that predate the PSCI 1.0 binding use it too. */
	static const char compatible[] = "arm,psci-1.0\0arm,psci-0.2";

	out_begin_node(&f->o, "psci");
	out_prop(&f->o, f->name_off[N_COMPATIBLE], compatible, sizeof(compatible));
	out_prop_str(&f->o, f->name_off[N_METHOD], "smc");
	out_u32(&f->o, DTB_END_NODE);
}

/* @name@<base in hex> into @buf (a node name, Devicetree Specification 2.2.1). */
static void unit_name(char *buf, size_t size, const char *name, uint64_t base)
{
	static const char hex[] = "0123456789abcdef";
	char digits[16];
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

/* #address-cells or #size-cells of the node @t belongs to, into @cells. */
static void read_cells(const struct dtb_token *t, uint32_t cells[2])
{
	int i = strcmp(t->name, "#address-cells") == 0 ? 0
	        : strcmp(t->name, "#size-cells") == 0  ? 1
	                                               : -1;

	if (i >= 0)
		cells[i] = t->len == 4U ? dtb_be32(t->value) : CELLS_BAD;
}

/* The first error of the walk's writing, kept for the end (nothing is written then). */
static void write_fail(struct fixup *f, const char *field, uint64_t value, const char *other,
                       uint64_t limit)
{
	if (f->err == DTB_OK) {
		f->err = DTB_ERR_CELLS;
		f->err_diag = (struct dtb_diag){ DTB_ERR_CELLS, field, value, other, limit, 0 };
	}
}

/*
 * True if the reserved range's node can go under a /reserved-memory of
 * @cells (@existing: the DTB's, with @ranges; else ours, made with the
 * root's): Linux uses the node only if its #address-cells and #size-cells
 * are the root's and it has ranges (of_reserved_mem.c), so the root's must
 * be there (Linux's defaults, 1 and 1, are not the specification's, 2 and
 * 1), 1 or 2, and equal; and one cell holds no value above 2^32 - 1.
 */
static bool reserved_fits(struct fixup *f, const uint32_t cells[2], bool existing, bool ranges)
{
	static const char *const root_name[2] = { "the root's #address-cells",
		                                  "the root's #size-cells" };
	static const char *const node_name[2] = { "/" RESERVED_MEMORY " #address-cells",
		                                  "/" RESERVED_MEMORY " #size-cells" };
	const uint64_t v[2] = { f->reserved->base, f->reserved->size };

	for (unsigned int i = 0; i < 2U; i++) {
		uint32_t root = f->root_cells[i];

		if (root == 0U)
			write_fail(f, root_name[i], 0, BINDING, 0);
		else if (root != 1U && root != 2U)
			write_fail(f, root_name[i], root, NULL, 0);
		else if (existing && cells[i] == 0U)
			write_fail(f, node_name[i], 0, BINDING, 0);
		else if (existing && cells[i] != root)
			write_fail(f, node_name[i], cells[i], "the root's is", root);
		else if (root == 1U && v[i] > UINT32_MAX)
			write_fail(f, "reg", v[i], "one cell cannot hold it", 0);
	}
	if (existing && !ranges)
		write_fail(f, "/" RESERVED_MEMORY " ranges", 0, BINDING, 0);
	return f->err == DTB_OK;
}

/* The reserved range's node, its reg in the root's cells (reserved_fits() said so). */
static void out_reserved(struct fixup *f)
{
	const struct dtb_reserved *r = f->reserved;
	const uint64_t v[2] = { r->base, r->size };
	uint8_t reg[16];
	uint32_t len = 0;

	for (unsigned int i = 0; i < 2U; i++) {
		if (f->root_cells[i] == 2U) {
			dtb_put_be32(reg + len, (uint32_t)(v[i] >> 32));
			len += 4U;
		}
		dtb_put_be32(reg + len, (uint32_t)v[i]);
		len += 4U;
	}
	out_begin_node(&f->o, f->reserved_name);
	out_prop_str(&f->o, f->name_off[N_COMPATIBLE], r->compatible);
	out_prop(&f->o, f->name_off[N_REG], reg, len);
	out_prop(&f->o, f->name_off[N_NO_MAP], NULL, 0);
	out_u32(&f->o, DTB_END_NODE);
	f->rep.reserved = true;
}

/* /reserved-memory with the root's cells, holding the reserved range's node. */
static void out_reserved_memory(struct fixup *f)
{
	if (!reserved_fits(f, NULL, false, false))
		return;
	out_begin_node(&f->o, RESERVED_MEMORY);
	out_prop_u32(&f->o, f->name_off[N_ADDRESS_CELLS], f->root_cells[0]);
	out_prop_u32(&f->o, f->name_off[N_SIZE_CELLS], f->root_cells[1]);
	out_prop(&f->o, f->name_off[N_RANGES], NULL, 0);
	out_reserved(f);
	out_u32(&f->o, DTB_END_NODE);
	f->rep.added_reserved_memory = true;
}

static bool named(const char *name, const char *base)
{
	size_t n = strlen(base);

	return strncmp(name, base, n) == 0 && (name[n] == '\0' || name[n] == '@');
}

/* One source token into the output: drop, copy, or copy with additions. */
static void rewrite(struct fixup *f, const struct dtb_token *t)
{
	/*
	 * Every phandle counts, those of dropped nodes too (2.3.3: linux,phandle
	 * is the old name); 0 and 0xffffffff are no phandles (2.3.3, libfdt's
	 * and Linux's readers skip them), and counting 0xffffffff as the
	 * largest would number the states from 0 over real ones.
	 */
	if (t->tag == DTB_PROP && t->len == 4U &&
	    (strcmp(t->name, "phandle") == 0 || strcmp(t->name, "linux,phandle") == 0)) {
		uint32_t v = dtb_be32(t->value);

		if (v > f->max_phandle && v <= MAX_PHANDLE)
			f->max_phandle = v;
	}
	if (f->skip != 0U) {
		if (t->tag == DTB_BEGIN_NODE)
			f->skip++;
		else if (t->tag == DTB_END_NODE)
			f->skip--;
		return;
	}
	switch (t->tag) {
	case DTB_BEGIN_NODE:
		if (t->depth == 1U && strcmp(t->name, "psci") == 0) {
			f->rep.replaced_psci = true;
			f->skip = 1;
			return;
		}
		if (t->depth == 2U && f->in_reserved_memory &&
		    strcmp(t->name, f->reserved_name) == 0) {
			f->rep.replaced_reserved = true;
			f->skip = 1;
			return;
		}
		/* The first, as Linux finds it (by path: a unit address matches too). */
		if (t->depth == 1U && f->reserved != NULL && !f->seen_reserved_memory &&
		    named(t->name, RESERVED_MEMORY)) {
			f->seen_reserved_memory = true;
			f->in_reserved_memory = true;
		} else if (t->depth == 1U && strcmp(t->name, "cpus") == 0) {
			f->in_cpus = true;
			f->first_cpus = !f->rep.has_cpus;
			f->rep.has_cpus = true;
		} else if (t->depth == 2U && f->in_cpus) {
			if (strcmp(t->name, "idle-states") == 0) {
				f->rep.replaced_idle_states = true;
				f->skip = 1;
				return;
			}
			f->child = (struct cpu_child){ .named_cpu = named(t->name, "cpu") };
		} else if (t->depth == 3U && f->in_cpus) {
			decide_cpu(f); /* before the CPU node's first subnode */
		}
		out_begin_node(&f->o, t->name);
		break;
	case DTB_PROP:
		if (t->depth == 0U) {
			read_cells(t, f->root_cells);
		} else if (t->depth == 1U && f->in_reserved_memory) {
			read_cells(t, f->parent_cells);
			if (strcmp(t->name, "ranges") == 0)
				f->parent_ranges = true;
		}
		if (t->depth == 2U && f->in_cpus) {
			if (strcmp(t->name, "enable-method") == 0 ||
			    strcmp(t->name, "cpu-idle-states") == 0)
				return; /* replaced by ours */
			if (strcmp(t->name, "device_type") == 0) {
				f->child.has_type = true;
				f->child.type_cpu = dtb_prop_is(t, "cpu");
			}
		}
		out_prop(&f->o, t->nameoff, t->value, t->len);
		break;
	default: /* DTB_END_NODE */
		if (t->depth == 2U && f->in_cpus) {
			decide_cpu(f);
		} else if (t->depth == 1U && f->in_cpus) {
			if (f->first_cpus && f->count != 0U)
				out_idle_states(f);
			f->in_cpus = false;
		} else if (t->depth == 1U && f->in_reserved_memory) {
			/* After its other children. */
			if (reserved_fits(f, f->parent_cells, true, f->parent_ranges))
				out_reserved(f);
			f->in_reserved_memory = false;
		} else if (t->depth == 0U) {
			if (f->reserved != NULL && !f->seen_reserved_memory)
				out_reserved_memory(f);
			out_psci(f);
		}
		out_u32(&f->o, DTB_END_NODE);
		break;
	}
}

static int psci_fail(struct dtb_diag *d, int err, const char *field, uint64_t value,
                     const char *other, uint64_t limit)
{
	if (d != NULL)
		*d = (struct dtb_diag){ err, field, value, other, limit, 0 };
	return err;
}

/*
 * The idle states' phandles, now that the largest in the source is known:
 * states[i] gets @first + i, in its node and in every cpu-idle-states list
 * (found through the chain decide_cpu() left). Only on a complete output.
 */
static void fill_phandles(struct fixup *f, uint32_t first)
{
	uint8_t *buf = f->o.buf;

	for (uint32_t at = f->last_list, prev; at != 0U; at = prev) {
		prev = dtb_be32(buf + at);
		for (unsigned int i = 0; i < f->count; i++)
			dtb_put_be32(buf + at + 4U * i, first + i);
	}
	for (unsigned int i = 0; i < f->rep.idle_states; i++)
		dtb_put_be32(buf + f->state_phandle[i], first + i);
}

/* Bytes of the memory reservation block, its all-zero terminator included. */
static size_t rsvmap_len(const void *dtb)
{
	static const uint8_t terminator[DTB_RSVMAP_ENTRY_SIZE];
	const uint8_t *rsv = (const uint8_t *)dtb + dtb_hdr(dtb, DTB_HDR_OFF_MEM_RSVMAP);
	size_t len = DTB_RSVMAP_ENTRY_SIZE;

	/* dtb_check_header() found the terminator inside the blob. */
	while (memcmp(rsv + len - DTB_RSVMAP_ENTRY_SIZE, terminator, sizeof(terminator)) != 0)
		len += DTB_RSVMAP_ENTRY_SIZE;
	return len;
}

/* End of the furthest block of the source: what may hold stale bytes after the copy. */
static size_t source_extent(const void *dtb)
{
	size_t end = dtb_hdr(dtb, DTB_HDR_OFF_DT_STRUCT);
	size_t strings = dtb_hdr(dtb, DTB_HDR_OFF_DT_STRINGS);

	end += dtb_hdr(dtb, DTB_HDR_SIZE_DT_STRUCT);
	strings += dtb_hdr(dtb, DTB_HDR_SIZE_DT_STRINGS);
	size_t rsv = dtb_hdr(dtb, DTB_HDR_OFF_MEM_RSVMAP) + rsvmap_len(dtb);

	if (strings > end)
		end = strings;
	return rsv > end ? rsv : end;
}

int dtb_add_psci(void *dtb, size_t region_size, void *scratch, size_t scratch_size,
                 const struct dtb_idle_state *states, unsigned int count,
                 const struct dtb_reserved *reserved, struct dtb_psci_report *report,
                 struct dtb_diag *diag)
{
	struct fixup f = { .o = { scratch, scratch_size, 0, false },
		           .states = states,
		           .count = count,
		           .reserved = reserved };
	const uint8_t *src = dtb;
	uint32_t rsv_off = dtb_hdr(dtb, DTB_HDR_OFF_MEM_RSVMAP);
	uint32_t strings_size = dtb_hdr(dtb, DTB_HDR_SIZE_DT_STRINGS);
	uint32_t struct_off, strings_off, totalsize;
	size_t old_extent;
	struct dtb_walk w;
	struct dtb_token t;
	uint8_t *p;
	int rc;

	if (count > DTB_MAX_IDLE_STATES)
		return psci_fail(diag, DTB_ERR_ARGS, "idle state count", count, NULL,
		                 DTB_MAX_IDLE_STATES);
	/* Header, then the reservation entries as they are, terminator included. */
	old_extent = source_extent(dtb);
	out_take(&f.o, DTB_HEADER_SIZE, true);
	out_bytes(&f.o, src + rsv_off, rsvmap_len(dtb), true);
	struct_off = (uint32_t)f.o.pos;

	if (reserved != NULL)
		unit_name(f.reserved_name, sizeof(f.reserved_name), reserved->name, reserved->base);
	/* New names go after the old strings block, which is copied unchanged. */
	for (unsigned int i = 0, off = strings_size; i < N_COUNT; i++) {
		f.name_off[i] = off;
		off += (uint32_t)strlen(new_names[i]) + 1U;
	}

	/* The structure block, with our nodes and properties: the one walk. */
	dtb_walk_init(&w, dtb);
	while ((rc = dtb_walk_next(&w, &t, diag)) > 0)
		rewrite(&f, &t);
	if (rc < 0)
		return rc;
	if (f.err != DTB_OK) {
		if (diag != NULL)
			*diag = f.err_diag;
		return f.err;
	}
	/* The free range above the largest, in 64 bits: no sum wraps. */
	if ((uint64_t)f.max_phandle + count > MAX_PHANDLE)
		return psci_fail(diag, DTB_ERR_PHANDLES, "phandle", f.max_phandle, NULL, count);
	out_u32(&f.o, DTB_END);
	strings_off = (uint32_t)f.o.pos;
	out_bytes(&f.o, src + dtb_hdr(dtb, DTB_HDR_OFF_DT_STRINGS), strings_size, false);
	for (unsigned int i = 0; i < N_COUNT; i++)
		out_bytes(&f.o, new_names[i], strlen(new_names[i]) + 1U, false);
	if (f.o.full)
		return psci_fail(diag, DTB_ERR_NO_SPACE, "result", f.o.pos, "scratch buffer",
		                 scratch_size);
	/* totalsize is a 32-bit field (5.2). */
	if (f.o.pos > region_size || f.o.pos > UINT32_MAX)
		return psci_fail(diag, DTB_ERR_NO_SPACE, "result", f.o.pos, "DTB region",
		                 region_size);

	fill_phandles(&f, f.max_phandle + 1U);

	/* Keep the free space the blob had (later stages may grow it in place). */
	totalsize = dtb_hdr(dtb, DTB_HDR_TOTALSIZE);
	if (totalsize < f.o.pos)
		totalsize = (uint32_t)f.o.pos;
	p = f.o.buf;
	dtb_put_be32(p + DTB_HDR_MAGIC, DTB_MAGIC);
	dtb_put_be32(p + DTB_HDR_TOTALSIZE, totalsize);
	dtb_put_be32(p + DTB_HDR_OFF_DT_STRUCT, struct_off);
	dtb_put_be32(p + DTB_HDR_OFF_DT_STRINGS, strings_off);
	dtb_put_be32(p + DTB_HDR_OFF_MEM_RSVMAP, DTB_HEADER_SIZE);
	dtb_put_be32(p + DTB_HDR_VERSION, DTB_VERSION);
	dtb_put_be32(p + DTB_HDR_LAST_COMP_VERSION, DTB_LAST_COMP_VERSION);
	dtb_put_be32(p + DTB_HDR_BOOT_CPUID_PHYS, dtb_hdr(dtb, DTB_HDR_BOOT_CPUID_PHYS));
	dtb_put_be32(p + DTB_HDR_SIZE_DT_STRINGS, (uint32_t)f.o.pos - strings_off);
	dtb_put_be32(p + DTB_HDR_SIZE_DT_STRUCT, strings_off - struct_off);

	f.rep.old_size = dtb_hdr(dtb, DTB_HDR_TOTALSIZE);
	f.rep.new_size = totalsize;
	/* Only now is the blob written: the result, then zeros over what it no longer uses. */
	memcpy(dtb, scratch, f.o.pos);
	f.rep.written = (uint32_t)f.o.pos;
	if (old_extent > f.o.pos) {
		memset((uint8_t *)dtb + f.o.pos, 0, old_extent - f.o.pos);
		f.rep.written = (uint32_t)old_extent;
	}
	if (report != NULL)
		*report = f.rep;
	return DTB_OK;
}
