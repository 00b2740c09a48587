/*
 * Private to lib/dtb: the header layout, big-endian field access, and a
 * checked, linear walk over a DTB's structure block (Devicetree
 * Specification v0.4, 5.2 and 5.4), one token at a time, NOPs skipped.
 * Includes no libfdt header: lib/dtb reads the blob itself.
 */
#ifndef LIB_DTB_PRIVATE_H
#define LIB_DTB_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/dtb.h>

/* Header field offsets (5.2): ten big-endian 32-bit fields. */
#define DTB_HDR_MAGIC             0U
#define DTB_HDR_TOTALSIZE         4U
#define DTB_HDR_OFF_DT_STRUCT     8U
#define DTB_HDR_OFF_DT_STRINGS    12U
#define DTB_HDR_OFF_MEM_RSVMAP    16U
#define DTB_HDR_VERSION           20U
#define DTB_HDR_LAST_COMP_VERSION 24U
#define DTB_HDR_BOOT_CPUID_PHYS   28U
#define DTB_HDR_SIZE_DT_STRINGS   32U
#define DTB_HDR_SIZE_DT_STRUCT    36U

/* Byte by byte: any host, any alignment. */
static inline uint32_t dtb_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void dtb_put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* A header field of @dtb. */
static inline uint32_t dtb_hdr(const void *dtb, unsigned int field)
{
	return dtb_be32((const uint8_t *)dtb + field);
}

/* Tokens (5.4.1); the same values as libfdt's FDT_BEGIN_NODE ... FDT_END. */
#define DTB_BEGIN_NODE 0x1U
#define DTB_END_NODE   0x2U
#define DTB_PROP       0x3U
#define DTB_NOP        0x4U
#define DTB_END        0x9U

/* Walk state; zero it with dtb_walk_init(). */
struct dtb_walk {
	const uint8_t *structure; /* the structure block */
	uint32_t structure_size;  /* its size, bytes */
	const char *strings;      /* the strings block */
	uint32_t strings_size;    /* its size, bytes */
	bool names_ok;            /* every offset in it starts a valid name (dtb_walk.c) */
	uint32_t next;            /* structure-block offset of the next token */
	unsigned int open;        /* nodes open */
	uint32_t last;            /* previous token other than NOP, 0 at the start */
	bool root_closed;
};

/* One token. */
struct dtb_token {
	uint32_t tag;       /* DTB_BEGIN_NODE, DTB_END_NODE or DTB_PROP */
	uint32_t offset;    /* structure-block offset of the token */
	unsigned int depth; /* the node's depth (root 0), or the owning node's for a property */
	const char *name;   /* node name (BEGIN_NODE) or property name (PROP) */
	const void *value;  /* PROP: @len bytes inside the structure block */
	uint32_t len;
	uint32_t nameoff; /* PROP: the name's offset in the strings block */
};

/* dtb_walk_init() - start at the first token of @dtb (dtb_check_header() accepted it). */
void dtb_walk_init(struct dtb_walk *w, const void *dtb);

/*
 * dtb_walk_next() - the next token. Returns 1 with *@t filled, 0 at a
 * well-placed FDT_END (root closed, nothing open), or a negative dtb_err
 * with @diag filled: DTB_ERR_TOKEN (unknown or truncated token),
 * DTB_ERR_NAME_OFFSET, DTB_ERR_PROP_AFTER_NODE or DTB_ERR_NESTING. Each
 * call consumes at least one token, so a walk takes at most
 * size_dt_struct / 4 calls.
 */
int dtb_walk_next(struct dtb_walk *w, struct dtb_token *t, struct dtb_diag *diag);

/* dtb_prop_is() - true if the property value is exactly the string @s (with its NUL). */
bool dtb_prop_is(const struct dtb_token *t, const char *s);

#endif
