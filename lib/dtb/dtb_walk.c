/*
 * The structure-block walk shared by the DTB fix-up and the memory reader
 * (lib/dtb/dtb_private.h): each token's end (5.4.1: a node's name and a
 * property's value, padded to 4 bytes), node nesting, the order of
 * properties and subnodes (Devicetree Specification v0.4, 5.4.2), property
 * names inside the strings block and of bounded length (5.5, 2.2.4), and
 * the property length, checked against the block in 64 bits. It reads the
 * untrusted blob itself rather than through libfdt 1.6.1's fdt_next_tag(),
 * which sums a property's length into an int (a length near 2^32 wraps:
 * the tag looks short, or, at 0xfffffff4, its next offset is the tag itself
 * and libfdt's own walks never end) and reads a node's name a byte at a
 * time through fdt_offset_ptr() (most of BL2's DTB time). Every step moves
 * forward.
 */
#include <string.h>

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
	const uint8_t *blob = dtb;

	*w = (struct dtb_walk){
		.structure = blob + dtb_hdr(dtb, DTB_HDR_OFF_DT_STRUCT),
		.structure_size = dtb_hdr(dtb, DTB_HDR_SIZE_DT_STRUCT),
		.strings = (const char *)blob + dtb_hdr(dtb, DTB_HDR_OFF_DT_STRINGS),
		.strings_size = dtb_hdr(dtb, DTB_HDR_SIZE_DT_STRINGS),
	};
	w->names_ok = all_names_ok(w->strings, w->strings_size);
}

static int walk_fail(struct dtb_diag *d, int err, uint32_t offset, const char *field,
                     uint64_t value, uint64_t limit)
{
	if (d != NULL)
		*d = (struct dtb_diag){ err, field, value, NULL, limit, offset };
	return err;
}

/*
 * The token at structure-block offset @offset (<= the block's size): its
 * tag in *@tag (0 if not even that fits) and the offset of the token after
 * it in *@next; DTB_ERR_TOKEN for an unknown tag or one that does not end
 * inside the block (dtb_check_header() made the block's size a multiple of
 * 4, so a padded end fits where the end does).
 */
static int step(const struct dtb_walk *w, uint32_t offset, uint32_t *tag, uint32_t *next)
{
	const uint8_t *p = w->structure + offset;
	uint32_t left = w->structure_size - offset;
	const uint8_t *nul;
	uint64_t end;

	*tag = left >= 4U ? dtb_be32(p) : 0U;
	switch (*tag) {
	case DTB_BEGIN_NODE:
		nul = memchr(p + 4, '\0', left - 4U);
		if (nul == NULL)
			return DTB_ERR_TOKEN;
		end = (uint64_t)(nul - w->structure) + 1U;
		break;
	case DTB_PROP:
		if (left < PROP_HEADER_SIZE)
			return DTB_ERR_TOKEN;
		end = (uint64_t)offset + PROP_HEADER_SIZE + dtb_be32(p + 4);
		break;
	case DTB_END_NODE:
	case DTB_NOP:
	case DTB_END:
		end = (uint64_t)offset + 4U;
		break;
	default:
		return DTB_ERR_TOKEN;
	}
	if (end > w->structure_size)
		return DTB_ERR_TOKEN;
	*next = (uint32_t)((end + 3U) & ~3ULL);
	return DTB_OK;
}

static int read_prop(struct dtb_walk *w, uint32_t offset, struct dtb_token *t,
                     struct dtb_diag *diag)
{
	const uint8_t *p = w->structure + offset;
	uint32_t nameoff = dtb_be32(p + 8);

	t->len = dtb_be32(p + 4);
	t->name = prop_name(w, nameoff);
	if (t->name == NULL)
		return walk_fail(diag, DTB_ERR_NAME_OFFSET, offset, "nameoff", nameoff,
		                 w->strings_size);
	t->nameoff = nameoff;
	t->value = p + PROP_HEADER_SIZE;
	return 1;
}

int dtb_walk_next(struct dtb_walk *w, struct dtb_token *t, struct dtb_diag *diag)
{
	for (;;) {
		uint32_t offset = w->next, tag, next;
		int rc;

		if (step(w, offset, &tag, &next) != DTB_OK)
			return walk_fail(diag, DTB_ERR_TOKEN, offset, "token", tag, 0);
		w->next = next;
		*t = (struct dtb_token){ .tag = tag, .offset = offset };

		switch (tag) {
		case DTB_NOP:
			continue;
		case DTB_BEGIN_NODE:
			/* step() found the name's NUL inside the block. */
			t->name = (const char *)w->structure + offset + 4U;
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
			rc = read_prop(w, offset, t, diag);
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
		default: /* DTB_END: the only other tag step() accepts */
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

/* 32-bit FNV-1a of a property name: the bucket of dtb_check_tree's table. */
static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261U;

	while (*s != '\0') {
		h ^= (uint8_t)*s++;
		h *= 16777619U;
	}
	return h;
}

/* Property tokens take 12 bytes at least (5.4.1): a node has at most this many. */
#define PROP_TOKEN_MIN 12U

static size_t tree_slots(const void *dtb)
{
	uint64_t props = dtb_hdr(dtb, DTB_HDR_SIZE_DT_STRUCT) / PROP_TOKEN_MIN + 1U;
	size_t slots = 16;

	while (slots < 2U * props)
		slots *= 2U;
	return slots;
}

size_t dtb_check_tree_work(const void *dtb)
{
	return tree_slots(dtb) * sizeof(uint32_t);
}

int dtb_check_tree(const void *dtb, void *work, size_t work_size, struct dtb_diag *diag)
{
	const size_t slots = tree_slots(dtb);
	uint32_t *table = work;
	uint32_t node_start = 0;
	struct dtb_walk w;
	struct dtb_token t;
	int rc;

	if (work == NULL || work_size / sizeof(uint32_t) < slots) {
		if (diag != NULL)
			*diag = (struct dtb_diag){
				DTB_ERR_NO_SPACE, "work",    slots * sizeof(uint32_t),
				"work area",      work_size, 0
			};
		return DTB_ERR_NO_SPACE;
	}
	/* An entry is a property token's offset + 1; 0 is empty. */
	memset(table, 0, slots * sizeof(uint32_t));
	dtb_walk_init(&w, dtb);
	while ((rc = dtb_walk_next(&w, &t, diag)) > 0) {
		if (t.tag == DTB_BEGIN_NODE)
			node_start = t.offset + 1U;
		if (t.tag != DTB_PROP)
			continue;
		/*
		 * Open addressing: a new name goes in the first slot from its
		 * hash that is empty or of an earlier node, so the slots before
		 * it hold this node's names for as long as the node lasts, and a
		 * look-up may stop at the first such slot. Twice as many slots as
		 * a node can have properties: always one free.
		 */
		for (size_t i = name_hash(t.name) & (slots - 1U);; i = (i + 1U) & (slots - 1U)) {
			uint32_t at = table[i];

			if (at < node_start) {
				table[i] = t.offset + 1U;
				break;
			}
			const uint8_t *prev = w.structure + at - 1U;
			uint32_t nameoff = dtb_be32(prev + 8);

			if (nameoff == t.nameoff || strcmp(w.strings + nameoff, t.name) == 0) {
				if (diag != NULL)
					*diag = (struct dtb_diag){
						DTB_ERR_DUP_PROP, t.name, at - 1U, NULL, 0, t.offset
					};
				return DTB_ERR_DUP_PROP;
			}
		}
	}
	return rc;
}

bool dtb_prop_is(const struct dtb_token *t, const char *s)
{
	size_t n = strlen(s) + 1U;

	return t->len == n && memcmp(t->value, s, n) == 0;
}
