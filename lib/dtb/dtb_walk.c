/*
 * The structure-block walk shared by the DTB fix-up and the memory reader
 * (lib/dtb/dtb_private.h). libfdt's fdt_next_tag() finds each token's end;
 * this adds what it leaves to its callers: node nesting, the order of
 * properties and subnodes (Devicetree Specification v0.4, 5.4.2), property
 * names inside the strings block and of bounded length (5.5, 2.2.4), and
 * the property length. libfdt
 * 1.6.1 sums a property's length into an int, so a length near 2^32 wraps:
 * the tag looks short, or (0xfffffff4) its next offset is the tag itself
 * and libfdt's own walks never end. The length is checked here against
 * the block, and every step must move forward.
 */
#include <string.h>

#include <libfdt.h>

#include "dtb_private.h"

#define PROP_HEADER_SIZE 12U /* tag, len, nameoff (5.4.1) */

/*
 * The name of the property whose name offset is @nameoff, or NULL if that
 * is not a NUL-terminated string of at most DTB_MAX_PROP_NAME - 1
 * characters inside the strings block (5.5). The bound keeps the walk
 * linear: without it, every property could name the same huge unterminated
 * run, and each look-up (libfdt's fdt_get_string too) would scan it again.
 */
static const char *prop_name(const struct dtb_walk *w, uint32_t nameoff)
{
	const char *s;
	uint32_t max;

	if (nameoff >= w->strings_size)
		return NULL;
	s = w->strings + nameoff;
	if (w->names_ok)
		return s;
	max = w->strings_size - nameoff;
	if (max > DTB_MAX_PROP_NAME)
		max = DTB_MAX_PROP_NAME;
	return memchr(s, '\0', max) != NULL ? s : NULL;
}

/*
 * True if every offset into the strings block starts a string prop_name()
 * accepts: the block ends with a NUL and no run of non-NUL bytes in it is
 * DTB_MAX_PROP_NAME long. One pass over the block, so that the names of a
 * well-formed blob (nearly every property repeats one) are not scanned
 * again for each property.
 */
static bool all_names_ok(const char *s, uint32_t size)
{
	uint32_t at = 0;

	while (at < size) {
		uint32_t left = size - at;
		const char *nul = memchr(s + at, '\0',
		                         left < DTB_MAX_PROP_NAME ? left : DTB_MAX_PROP_NAME);

		if (nul == NULL)
			return false;
		at = (uint32_t)(nul - s) + 1U;
	}
	return true;
}

void dtb_walk_init(struct dtb_walk *w, const void *dtb)
{
	*w = (struct dtb_walk){ .dtb = dtb };
	w->strings = (const char *)dtb + dtb_hdr(dtb, DTB_HDR_OFF_DT_STRINGS);
	w->strings_size = dtb_hdr(dtb, DTB_HDR_SIZE_DT_STRINGS);
	w->names_ok = all_names_ok(w->strings, w->strings_size);
}

static int walk_fail(struct dtb_diag *d, int err, uint32_t offset, const char *field,
                     uint64_t value, uint64_t limit)
{
	if (d != NULL)
		*d = (struct dtb_diag){ err, field, value, NULL, limit, offset };
	return err;
}

static uint32_t raw_tag(const void *dtb, int offset)
{
	const fdt32_t *p = fdt_offset_ptr(dtb, offset, sizeof(*p));

	return p != NULL ? fdt32_to_cpu(*p) : 0U;
}

static int read_prop(struct dtb_walk *w, int offset, int next, struct dtb_token *t,
                     struct dtb_diag *diag)
{
	const void *dtb = w->dtb;
	const fdt32_t *hdr = fdt_offset_ptr(dtb, offset, PROP_HEADER_SIZE);
	uint64_t end;
	uint32_t nameoff;

	if (hdr == NULL)
		return walk_fail(diag, DTB_ERR_TOKEN, (uint32_t)offset, "token", DTB_PROP, 0);
	t->len = fdt32_to_cpu(hdr[1]);
	nameoff = fdt32_to_cpu(hdr[2]);
	/* The value must end inside the block, where fdt_next_tag says it does. */
	end = (uint64_t)(uint32_t)offset + PROP_HEADER_SIZE + t->len;
	if (end > fdt_size_dt_struct(dtb) || (uint64_t)(uint32_t)next != ((end + 3U) & ~3ULL))
		return walk_fail(diag, DTB_ERR_TOKEN, (uint32_t)offset, "token", DTB_PROP, 0);
	t->name = prop_name(w, nameoff);
	if (t->name == NULL)
		return walk_fail(diag, DTB_ERR_NAME_OFFSET, (uint32_t)offset, "nameoff", nameoff,
		                 fdt_size_dt_strings(dtb));
	t->nameoff = nameoff;
	t->value = (const uint8_t *)hdr + PROP_HEADER_SIZE;
	return 1;
}

int dtb_walk_next(struct dtb_walk *w, struct dtb_token *t, struct dtb_diag *diag)
{
	for (;;) {
		int offset = w->next, next, rc;
		uint32_t tag = fdt_next_tag(w->dtb, offset, &next);

		/* fdt_next_tag says FDT_END, with a negative next, for any bad token. */
		if (next < 0 || next <= offset)
			return walk_fail(diag, DTB_ERR_TOKEN, (uint32_t)offset, "token",
			                 raw_tag(w->dtb, offset), 0);
		w->next = next;
		*t = (struct dtb_token){ .tag = tag, .offset = (uint32_t)offset };

		switch (tag) {
		case DTB_NOP:
			continue;
		case DTB_BEGIN_NODE:
			/* fdt_next_tag found the name's NUL inside the block. */
			t->name = fdt_offset_ptr(w->dtb, offset + 4, 1);
			if (t->name == NULL)
				return walk_fail(diag, DTB_ERR_TOKEN, t->offset, "token", tag, 0);
			if (w->open == 0U && w->root_closed)
				return walk_fail(diag, DTB_ERR_NESTING, t->offset,
				                 "a second root node", 0, 0);
			/* 5.4.2 / 2.2.1: the root node's name is empty. */
			if (w->open == 0U && t->name[0] != '\0')
				return walk_fail(diag, DTB_ERR_NESTING, t->offset,
				                 "the root node has a name", 0, 0);
			t->depth = w->open++;
			break;
		case DTB_PROP:
			if (w->open == 0U)
				return walk_fail(diag, DTB_ERR_NESTING, t->offset,
				                 "a property outside any node", 0, 0);
			rc = read_prop(w, offset, next, t, diag);
			if (rc < 0)
				return rc;
			/* 5.4.2: a node's properties precede its subnodes. */
			if (w->last == DTB_END_NODE)
				return walk_fail(diag, DTB_ERR_PROP_AFTER_NODE, t->offset, t->name,
				                 0, 0);
			t->depth = w->open - 1U;
			break;
		case DTB_END_NODE:
			if (w->open == 0U)
				return walk_fail(diag, DTB_ERR_NESTING, t->offset,
				                 "FDT_END_NODE with no node open", 0, 0);
			t->depth = --w->open;
			if (w->open == 0U)
				w->root_closed = true;
			break;
		default: /* DTB_END: the only other tag fdt_next_tag returns with next >= 0 */
			if (w->open != 0U || !w->root_closed)
				return walk_fail(diag, DTB_ERR_NESTING, t->offset,
				                 w->open != 0U ? "FDT_END inside a node"
				                               : "FDT_END before any root node",
				                 0, 0);
			w->next = offset; /* stay at the end */
			return 0;
		}
		w->last = tag;
		return 1;
	}
}

bool dtb_prop_is(const struct dtb_token *t, const char *s)
{
	size_t n = strlen(s) + 1U;

	return t->len == n && memcmp(t->value, s, n) == 0;
}
