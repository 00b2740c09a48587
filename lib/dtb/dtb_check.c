/*
 * DTB header and block-layout validation (include/lib/dtb.h), and the
 * messages of every dtb_* error. Pure C, no libfdt: it runs before libfdt
 * sees the blob, because libfdt 1.6.1 trusts the header's block sizes
 * (fdt_open_into moves size_dt_strings bytes whatever their value).
 *
 * Fields are read byte by byte, big-endian (Devicetree Specification v0.4,
 * 5.2), so any host and any alignment work; every offset + size is summed
 * in 64 bits from 32-bit fields, so no sum can wrap.
 */
#include <stdio.h>
#include <string.h>

#include <lib/dtb.h>

#include "dtb_private.h"

static uint64_t be64(const uint8_t *p)
{
	return (uint64_t)dtb_be32(p) << 32 | dtb_be32(p + 4);
}

uint32_t dtb_totalsize(const void *dtb)
{
	return dtb_hdr(dtb, DTB_HDR_TOTALSIZE);
}

const char *dtb_strerror(int err)
{
	switch (err) {
	case DTB_OK:
		return "valid";
	case DTB_ERR_ADDRESS:
		return "DTB address not 8-byte aligned";
	case DTB_ERR_REGION:
		return "region smaller than a DTB header";
	case DTB_ERR_MAGIC:
		return "bad magic";
	case DTB_ERR_VERSION:
		return "version too old";
	case DTB_ERR_LAST_COMP_VERSION:
		return "last_comp_version too new";
	case DTB_ERR_TOTALSIZE_SMALL:
		return "totalsize below the header size";
	case DTB_ERR_TOTALSIZE_REGION:
		return "totalsize exceeds the region";
	case DTB_ERR_BLOCK_IN_HEADER:
		return "block inside the header";
	case DTB_ERR_BLOCK_PAST_END:
		return "block past totalsize";
	case DTB_ERR_MISALIGNED:
		return "misaligned block";
	case DTB_ERR_OVERLAP:
		return "overlapping blocks";
	case DTB_ERR_RSVMAP_UNTERMINATED:
		return "unterminated memory reservation block";
	case DTB_ERR_TOKEN:
		return "bad token in the structure block";
	case DTB_ERR_NAME_OFFSET:
		return "bad property name offset";
	case DTB_ERR_PROP_AFTER_NODE:
		return "property after a subnode";
	case DTB_ERR_NESTING:
		return "bad node nesting";
	case DTB_ERR_NO_SPACE:
		return "no space";
	case DTB_ERR_PHANDLES:
		return "no free phandle";
	case DTB_ERR_ARGS:
		return "bad arguments";
	case DTB_ERR_CELLS:
		return "unsupported #address-cells or #size-cells";
	case DTB_ERR_REG:
		return "bad memory reg";
	case DTB_ERR_REG_RANGE:
		return "memory range wraps";
	case DTB_ERR_NO_MEMORY:
		return "no memory node";
	case DTB_ERR_TOO_MANY_RANGES:
		return "too many memory ranges";
	case DTB_ERR_DUP_PROP:
		return "property name repeated in a node";
	default:
		return "unknown DTB error";
	}
}

char *dtb_diag_format(const struct dtb_diag *d, char *buf, size_t size)
{
	const char *f = d->field != NULL ? d->field : "?";
	const char *o = d->other != NULL ? d->other : "";
	unsigned long long v = d->value, l = d->limit;

	switch (d->err) {
	case DTB_ERR_ADDRESS:
		snprintf(buf, size, "the DTB address 0x%llx is not a multiple of %llu", v, l);
		break;
	case DTB_ERR_REGION:
		snprintf(buf, size, "the region of 0x%llx bytes cannot hold a 0x%llx-byte header",
		         v, l);
		break;
	case DTB_ERR_MAGIC:
		snprintf(buf, size, "magic 0x%llx is not 0x%llx", v, l);
		break;
	case DTB_ERR_VERSION:
		snprintf(buf, size, "version %llu is below %llu (the first with size_dt_struct)", v,
		         l);
		break;
	case DTB_ERR_LAST_COMP_VERSION:
		snprintf(buf, size,
		         "last_comp_version %llu is above %llu (the newest this firmware reads)", v,
		         l);
		break;
	case DTB_ERR_TOTALSIZE_SMALL:
		snprintf(buf, size, "totalsize 0x%llx is below the header size 0x%llx", v, l);
		break;
	case DTB_ERR_TOTALSIZE_REGION:
		snprintf(buf, size, "totalsize 0x%llx exceeds the region size 0x%llx%s%s", v, l,
		         d->other != NULL ? ", and " : "", o);
		break;
	case DTB_ERR_BLOCK_IN_HEADER:
		snprintf(buf, size, "%s 0x%llx lies inside the 0x%llx-byte header", f, v, l);
		break;
	case DTB_ERR_BLOCK_PAST_END:
		snprintf(buf, size, "%s = 0x%llx exceeds totalsize 0x%llx", f, v, l);
		break;
	case DTB_ERR_MISALIGNED:
		snprintf(buf, size, "%s 0x%llx is not a multiple of %llu", f, v, l);
		break;
	case DTB_ERR_OVERLAP:
		snprintf(buf, size, "the %s at 0x%llx starts inside the %s, which ends at 0x%llx",
		         f, v, o, l);
		break;
	case DTB_ERR_RSVMAP_UNTERMINATED:
		snprintf(
			buf, size,
			"the memory reservation block at 0x%llx has no all-zero entry before 0x%llx (%s)",
			v, l, o);
		break;
	case DTB_ERR_TOKEN:
		snprintf(buf, size,
		         "structure block offset 0x%x: token 0x%llx is unknown or truncated",
		         d->offset, v);
		break;
	case DTB_ERR_NAME_OFFSET:
		snprintf(
			buf, size,
			"structure block offset 0x%x: property name offset 0x%llx is not a string of at most %u characters in the 0x%llx-byte strings block",
			d->offset, v, DTB_MAX_PROP_NAME - 1U, l);
		break;
	case DTB_ERR_PROP_AFTER_NODE:
		snprintf(buf, size, "structure block offset 0x%x: property %s after a subnode",
		         d->offset, f);
		break;
	case DTB_ERR_NESTING:
		snprintf(buf, size, "structure block offset 0x%x: %s", d->offset, f);
		break;
	case DTB_ERR_NO_SPACE:
		snprintf(buf, size, "the edited DTB needs 0x%llx bytes; the %s holds 0x%llx", v, o,
		         l);
		break;
	case DTB_ERR_PHANDLES:
		snprintf(buf, size, "no free phandle: the largest in use is 0x%llx, %llu needed", v,
		         l);
		break;
	case DTB_ERR_ARGS:
		snprintf(buf, size, "%s %llu exceeds %llu", f, v, l);
		break;
	case DTB_ERR_CELLS:
		/* A count, a count against the root's, a value, or what is missing. */
		if (d->other == NULL)
			snprintf(buf, size, "%s %llu is not supported (1 or 2)", f, v);
		else if (l != 0U)
			snprintf(buf, size, "%s %llu: %s %llu", f, v, o, l);
		else if (v != 0U)
			snprintf(buf, size, "%s 0x%llx: %s", f, v, o);
		else
			snprintf(buf, size, "%s: %s", f, o);
		break;
	case DTB_ERR_REG:
		snprintf(buf, size, "%s: reg is %llu bytes, not a multiple of %llu", f, v, l);
		break;
	case DTB_ERR_REG_RANGE:
		snprintf(buf, size, "%s: reg range at 0x%llx of 0x%llx bytes wraps past 2^64", f, v,
		         l);
		break;
	case DTB_ERR_NO_MEMORY:
		snprintf(buf, size,
		         "no memory node (device_type \"memory\", status okay) under the root");
		break;
	case DTB_ERR_TOO_MANY_RANGES:
		snprintf(buf, size, "%s: more than %llu disjoint memory ranges", f, l);
		break;
	case DTB_ERR_DUP_PROP:
		snprintf(
			buf, size,
			"structure block offset 0x%x: property %s repeats the one at 0x%llx in its node",
			d->offset, f, v);
		break;
	default:
		snprintf(buf, size, "%s", dtb_strerror(d->err));
		break;
	}
	return buf;
}

static int fail(struct dtb_diag *d, int err, const char *field, uint64_t value, const char *other,
                uint64_t limit)
{
	if (d != NULL)
		*d = (struct dtb_diag){ err, field, value, other, limit, 0 };
	return err;
}

/* The blocks, in the order of struct block b[] in dtb_check_header(), for messages. */
static const char *const off_names[3] = { "off_mem_rsvmap", "off_dt_struct", "off_dt_strings" };
static const char *const end_names[3] = {
	"off_mem_rsvmap + one 16-byte entry",
	"off_dt_struct + size_dt_struct",
	"off_dt_strings + size_dt_strings",
};

/* One block of the blob: [start, end), end computed in 64 bits. */
struct block {
	const char *name; /* for messages: "structure block" */
	uint64_t start;
	uint64_t end;
};

/* Start of the first other block at or after @from, or @totalsize. */
static uint64_t next_block(const struct block *b, unsigned int n, unsigned int self, uint64_t from,
                           uint64_t totalsize, const char **name)
{
	uint64_t next = totalsize;

	*name = "totalsize";
	for (unsigned int i = 0; i < n; i++) {
		if (i != self && b[i].start >= from && b[i].start < next) {
			next = b[i].start;
			*name = b[i].name;
		}
	}
	return next;
}

/*
 * dtb_check_header() with the blob's totalsize taken as @totalsize, or as
 * its header's when @totalsize is 0 (dtb_trim() asks whether the blob
 * would pass with a smaller one).
 */
static int check_header(const void *dtb, size_t region_size, uint64_t totalsize,
                        struct dtb_diag *diag)
{
	const uint8_t *p = dtb;
	uint64_t rsv, rsv_limit, entry;
	struct block b[3];
	const char *next_name;

	if (((uintptr_t)dtb % DTB_ADDRESS_ALIGN) != 0U)
		return fail(diag, DTB_ERR_ADDRESS, "address", (uintptr_t)dtb, NULL,
		            DTB_ADDRESS_ALIGN);
	if (region_size < DTB_HEADER_SIZE)
		return fail(diag, DTB_ERR_REGION, "region", region_size, NULL, DTB_HEADER_SIZE);
	if (dtb_hdr(p, DTB_HDR_MAGIC) != DTB_MAGIC)
		return fail(diag, DTB_ERR_MAGIC, "magic", dtb_hdr(p, DTB_HDR_MAGIC), NULL,
		            DTB_MAGIC);
	/* 5.1: versions below 17 have no size_dt_struct to bound the walk. */
	if (dtb_hdr(p, DTB_HDR_VERSION) < DTB_VERSION)
		return fail(diag, DTB_ERR_VERSION, "version", dtb_hdr(p, DTB_HDR_VERSION), NULL,
		            DTB_VERSION);
	/* 5.2: a blob compatible only with versions after 17 is not ours to read. */
	if (dtb_hdr(p, DTB_HDR_LAST_COMP_VERSION) > DTB_VERSION)
		return fail(diag, DTB_ERR_LAST_COMP_VERSION, "last_comp_version",
		            dtb_hdr(p, DTB_HDR_LAST_COMP_VERSION), NULL, DTB_VERSION);

	if (totalsize == 0U)
		totalsize = dtb_hdr(p, DTB_HDR_TOTALSIZE);
	if (totalsize < DTB_HEADER_SIZE)
		return fail(diag, DTB_ERR_TOTALSIZE_SMALL, "totalsize", totalsize, NULL,
		            DTB_HEADER_SIZE);
	if (totalsize > region_size)
		return fail(diag, DTB_ERR_TOTALSIZE_REGION, "totalsize", totalsize, NULL,
		            region_size);

	/* The reservation block's size is implied by its terminator (5.3.2): at least one entry. */
	rsv = dtb_hdr(p, DTB_HDR_OFF_MEM_RSVMAP);
	b[0] = (struct block){ "memory reservation block", rsv, rsv + DTB_RSVMAP_ENTRY_SIZE };
	b[1].name = "structure block";
	b[1].start = dtb_hdr(p, DTB_HDR_OFF_DT_STRUCT);
	b[1].end = b[1].start + dtb_hdr(p, DTB_HDR_SIZE_DT_STRUCT);
	b[2].name = "strings block";
	b[2].start = dtb_hdr(p, DTB_HDR_OFF_DT_STRINGS);
	b[2].end = b[2].start + dtb_hdr(p, DTB_HDR_SIZE_DT_STRINGS);
	for (unsigned int i = 0; i < 3; i++) {
		if (b[i].start < DTB_HEADER_SIZE)
			return fail(diag, DTB_ERR_BLOCK_IN_HEADER, off_names[i], b[i].start, NULL,
			            DTB_HEADER_SIZE);
		if (b[i].end > totalsize)
			return fail(diag, DTB_ERR_BLOCK_PAST_END, end_names[i], b[i].end, NULL,
			            totalsize);
	}
	/* 5.6: 64-bit reservation entries and 32-bit tokens, naturally aligned. */
	if (rsv % DTB_RSVMAP_ALIGN != 0U)
		return fail(diag, DTB_ERR_MISALIGNED, "off_mem_rsvmap", rsv, NULL,
		            DTB_RSVMAP_ALIGN);
	if (b[1].start % DTB_STRUCT_ALIGN != 0U)
		return fail(diag, DTB_ERR_MISALIGNED, "off_dt_struct", b[1].start, NULL,
		            DTB_STRUCT_ALIGN);
	if ((b[1].end - b[1].start) % DTB_STRUCT_ALIGN != 0U)
		return fail(diag, DTB_ERR_MISALIGNED, "size_dt_struct", b[1].end - b[1].start, NULL,
		            DTB_STRUCT_ALIGN);

	/*
	 * No two non-empty blocks share a byte; report the later-starting one.
	 * The reservation block counts as its first entry here: it can grow
	 * only up to the next block's start (below), so this covers it all.
	 */
	for (unsigned int i = 0; i < 3; i++) {
		for (unsigned int j = 0; j < 3; j++) {
			if (i == j || b[i].start == b[i].end || b[j].start == b[j].end)
				continue;
			if (b[i].start >= b[j].start && b[i].start < b[j].end &&
			    (b[i].start > b[j].start || i > j))
				return fail(diag, DTB_ERR_OVERLAP, b[i].name, b[i].start, b[j].name,
				            b[j].end);
		}
	}
	/*
	 * 5.3.2: the list ends with an entry whose address and size are both
	 * 0. It must end before the next block (or totalsize): at most
	 * totalsize / 16 entries are read, each inside the blob.
	 */
	rsv_limit = next_block(b, 3, 0, rsv + 1U, totalsize, &next_name);
	for (entry = rsv;; entry += DTB_RSVMAP_ENTRY_SIZE) {
		if (entry + DTB_RSVMAP_ENTRY_SIZE > rsv_limit)
			return fail(diag, DTB_ERR_RSVMAP_UNTERMINATED, "off_mem_rsvmap", rsv,
			            next_name, rsv_limit);
		if (be64(p + entry) == 0U && be64(p + entry + 8U) == 0U)
			break;
	}
	return DTB_OK;
}

int dtb_check_header(const void *dtb, size_t region_size, struct dtb_diag *diag)
{
	return check_header(dtb, region_size, 0, diag);
}

int dtb_trim(void *dtb, size_t region_size, struct dtb_diag *diag)
{
	int rc = check_header(dtb, region_size, 0, diag);
	uint64_t totalsize;

	if (rc != DTB_ERR_TOTALSIZE_REGION)
		return rc;
	totalsize = dtb_hdr(dtb, DTB_HDR_TOTALSIZE);
	/* totalsize is a 32-bit field (5.2); the region is not larger than it was. */
	if (check_header(dtb, region_size, region_size, NULL) != DTB_OK)
		return fail(diag, DTB_ERR_TOTALSIZE_REGION, "totalsize", totalsize,
		            "its blocks end past the region too", region_size);
	dtb_put_be32((uint8_t *)dtb + DTB_HDR_TOTALSIZE, (uint32_t)region_size);
	return DTB_OK;
}
