/*
 * FIP ToC parser and encoder (format: docs/tools/fiptool.rst, include/tools_share/fip.h).
 *
 * Built both for the host (fiptool, unit tests) and freestanding for the boot
 * loaders, so it only uses memcmp/memcpy/memset and never allocates.
 */
#include <string.h>

#include <tools_share/fip.h>

/* Little-endian field access, byte by byte: any alignment, any host. */
static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_le64(const uint8_t *p)
{
	return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void put_le64(uint8_t *p, uint64_t v)
{
	put_le32(p, (uint32_t)v);
	put_le32(p + 4, (uint32_t)(v >> 32));
}

/* Field offsets inside the on-disk structures (fip.h). */
#define HDR_NAME   0
#define HDR_SERIAL 4
#define HDR_FLAGS  8
#define ENT_UUID   0
#define ENT_OFFSET 16
#define ENT_SIZE   24
#define ENT_FLAGS  32

static const uint8_t *entry_ptr(const uint8_t *base, size_t index)
{
	return base + FIP_TOC_HEADER_SIZE + index * FIP_TOC_ENTRY_SIZE;
}

const char *fip_strerror(int err)
{
	switch (err) {
	case FIP_OK:
		return "success";
	case FIP_ERR_SHORT_HEADER:
		return "truncated: shorter than the 16-byte ToC header";
	case FIP_ERR_BAD_NAME:
		return "bad ToC header name (not a FIP)";
	case FIP_ERR_BAD_SERIAL:
		return "ToC serial number is zero";
	case FIP_ERR_NO_END_MARKER:
		return "no ToC end marker (null-UUID entry) before the end of the data";
	case FIP_ERR_TOO_MANY_ENTRIES:
		return "too many ToC entries";
	case FIP_ERR_TRUNCATED:
		return "truncated: FIP size in the ToC end marker exceeds the data";
	case FIP_ERR_BAD_END_OFFSET:
		return "FIP size in the ToC end marker lies inside the ToC";
	case FIP_ERR_OFFSET_WRAP:
		return "ToC entry offset + size wraps around (overflow)";
	case FIP_ERR_PAST_END:
		return "ToC entry extends past the end of the FIP";
	case FIP_ERR_OVERLAPS_TOC:
		return "ToC entry overlaps the ToC itself";
	case FIP_ERR_OVERLAP:
		return "ToC entries overlap each other";
	case FIP_ERR_DUPLICATE_UUID:
		return "duplicate UUID in the ToC";
	case FIP_ERR_NOT_FOUND:
		return "image not found in the FIP";
	default:
		return "unknown FIP error";
	}
}

bool fip_uuid_equal(const struct fip_uuid *a, const struct fip_uuid *b)
{
	return memcmp(a->b, b->b, sizeof(a->b)) == 0;
}

bool fip_uuid_is_null(const struct fip_uuid *uuid)
{
	static const struct fip_uuid null_uuid;

	return fip_uuid_equal(uuid, &null_uuid);
}

/*
 * Decode entry @index. Callers guarantee it lies inside the buffer (the ToC
 * scan in fip_parse() checked that before anything else reads it).
 */
static void read_entry(const uint8_t *base, size_t index, struct fip_uuid *uuid, uint64_t *offset,
                       uint64_t *size, uint64_t *flags)
{
	const uint8_t *p = entry_ptr(base, index);

	memcpy(uuid->b, p + ENT_UUID, sizeof(uuid->b));
	*offset = get_le64(p + ENT_OFFSET);
	*size = get_le64(p + ENT_SIZE);
	*flags = get_le64(p + ENT_FLAGS);
}

/* Checks of one entry against the FIP bounds and the entries before it. */
static int check_entry(const uint8_t *base, size_t index, uint64_t toc_end, uint64_t fip_size)
{
	struct fip_uuid uuid, other_uuid;
	uint64_t off, size, flags, other_off, other_size;
	size_t j;

	read_entry(base, index, &uuid, &off, &size, &flags);

	if (off + size < off)
		return FIP_ERR_OFFSET_WRAP;
	if (off + size > fip_size)
		return FIP_ERR_PAST_END;
	/* Empty images own no bytes, so they cannot clash with anything. */
	if (size != 0 && off < toc_end)
		return FIP_ERR_OVERLAPS_TOC;

	for (j = 0; j < index; j++) {
		read_entry(base, j, &other_uuid, &other_off, &other_size, &flags);
		/* Loaders look images up by UUID: a second copy is ambiguous. */
		if (fip_uuid_equal(&uuid, &other_uuid))
			return FIP_ERR_DUPLICATE_UUID;
		/* Both ranges are known not to wrap (checked in ToC order). */
		if (size != 0 && other_size != 0 && off < other_off + other_size &&
		    other_off < off + size)
			return FIP_ERR_OVERLAP;
	}
	return FIP_OK;
}

int fip_parse(const void *fip, size_t len, struct fip_toc *toc)
{
	const uint8_t *base = fip;
	struct fip_uuid uuid;
	uint64_t end_off, size, flags, toc_end;
	size_t count, i;
	int err;

	if (len < FIP_TOC_HEADER_SIZE)
		return FIP_ERR_SHORT_HEADER;
	if (get_le32(base + HDR_NAME) != FIP_TOC_HEADER_NAME)
		return FIP_ERR_BAD_NAME;
	/* TF-A's loader rejects serial 0; so do we. */
	if (get_le32(base + HDR_SERIAL) == 0)
		return FIP_ERR_BAD_SERIAL;

	/*
	 * Find the end marker. Each step first checks the whole entry fits in
	 * the buffer; the entry cap bounds the scan and the overlap check.
	 * (len - 16) / 40 avoids any overflow in the fit test.
	 */
	for (count = 0;; count++) {
		if (count >= (len - FIP_TOC_HEADER_SIZE) / FIP_TOC_ENTRY_SIZE)
			return FIP_ERR_NO_END_MARKER;
		read_entry(base, count, &uuid, &end_off, &size, &flags);
		if (fip_uuid_is_null(&uuid))
			break;
		if (count == FIP_MAX_ENTRIES)
			return FIP_ERR_TOO_MANY_ENTRIES;
	}

	/* The end marker's offset is the FIP size. */
	toc_end = FIP_TOC_HEADER_SIZE + (uint64_t)(count + 1) * FIP_TOC_ENTRY_SIZE;
	if (end_off > len)
		return FIP_ERR_TRUNCATED;
	if (end_off < toc_end)
		return FIP_ERR_BAD_END_OFFSET;

	for (i = 0; i < count; i++) {
		err = check_entry(base, i, toc_end, end_off);
		if (err != FIP_OK)
			return err;
	}

	toc->base = base;
	toc->size = (size_t)end_off; /* <= len, so it fits */
	toc->count = count;
	toc->serial_number = get_le32(base + HDR_SERIAL);
	toc->flags = get_le64(base + HDR_FLAGS);
	return FIP_OK;
}

int fip_entry_at(const struct fip_toc *toc, size_t index, struct fip_entry *entry)
{
	uint64_t off, size;

	if (index >= toc->count)
		return FIP_ERR_NOT_FOUND;
	read_entry(toc->base, index, &entry->uuid, &off, &size, &entry->flags);
	/* fip_parse() proved off + size <= toc->size, a size_t; proved again
	 * here, as a loader may look entries up long after the parse and the
	 * flash they are read from may have changed since. */
	if (off > toc->size || size > toc->size - off)
		return FIP_ERR_PAST_END;
	entry->offset = (size_t)off;
	entry->size = (size_t)size;
	entry->data = toc->base + entry->offset;
	return FIP_OK;
}

int fip_find(const struct fip_toc *toc, const struct fip_uuid *uuid, const void **data,
             size_t *size)
{
	struct fip_entry e;
	size_t i;
	int rc;

	for (i = 0; (rc = fip_entry_at(toc, i, &e)) == FIP_OK; i++) {
		if (!fip_uuid_equal(&e.uuid, uuid))
			continue;
		if (data != NULL)
			*data = e.data;
		if (size != NULL)
			*size = e.size;
		return FIP_OK;
	}
	return rc;
}

const struct fip_image_desc *fip_image_desc_find(const struct fip_uuid *uuid)
{
	size_t i;

	for (i = 0; i < fip_image_desc_count; i++) {
		if (fip_uuid_equal(&fip_image_descs[i].uuid, uuid))
			return &fip_image_descs[i];
	}
	return NULL;
}

/* Positions of the dashes in "XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX". */
static bool is_dash_pos(unsigned int pos)
{
	return pos == 8 || pos == 13 || pos == 18 || pos == 23;
}

void fip_uuid_to_str(const struct fip_uuid *uuid, char str[FIP_UUID_STR_LEN + 1])
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned int pos = 0, i;

	for (i = 0; i < sizeof(uuid->b); i++) {
		if (is_dash_pos(pos))
			str[pos++] = '-';
		str[pos++] = hex[uuid->b[i] >> 4];
		str[pos++] = hex[uuid->b[i] & 0xf];
	}
	str[pos] = '\0';
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool fip_uuid_from_str(const char *str, struct fip_uuid *uuid)
{
	struct fip_uuid tmp;
	unsigned int pos = 0, i;
	int hi, lo;

	for (i = 0; i < sizeof(tmp.b); i++) {
		if (is_dash_pos(pos)) {
			if (str[pos] != '-')
				return false;
			pos++;
		}
		/* A NUL fails hex_value(), so we never read past it. */
		hi = hex_value(str[pos]);
		if (hi < 0)
			return false;
		lo = hex_value(str[pos + 1]);
		if (lo < 0)
			return false;
		tmp.b[i] = (uint8_t)(hi << 4 | lo);
		pos += 2;
	}
	if (str[pos] != '\0')
		return false;
	*uuid = tmp;
	return true;
}

void fip_write_toc_header(void *buf, uint32_t serial_number, uint64_t flags)
{
	uint8_t *p = buf;

	put_le32(p + HDR_NAME, FIP_TOC_HEADER_NAME);
	put_le32(p + HDR_SERIAL, serial_number);
	put_le64(p + HDR_FLAGS, flags);
}

void fip_write_toc_entry(void *buf, const struct fip_uuid *uuid, uint64_t offset, uint64_t size,
                         uint64_t flags)
{
	uint8_t *p = buf;

	memcpy(p + ENT_UUID, uuid->b, sizeof(uuid->b));
	put_le64(p + ENT_OFFSET, offset);
	put_le64(p + ENT_SIZE, size);
	put_le64(p + ENT_FLAGS, flags);
}
