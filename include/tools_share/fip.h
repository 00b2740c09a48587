/*
 * Firmware Image Package (FIP): on-disk format and a bounds-checked parser.
 *
 * Shared by the boot loaders (BL1/BL2, freestanding) and the host fiptool.
 * A FIP is a table of contents (ToC) followed by the image payloads
 * (docs/tools/fiptool.rst, Format):
 *
 *   offset 0   ToC header (16 bytes)
 *   offset 16  ToC entries, 40 bytes each, back to back
 *              ... the list ends with an entry whose UUID is all zero (the
 *              "end marker"); its offset is the total size of the FIP
 *   after      payloads, each at the offset/size its entry names
 *
 * All multi-byte fields are little-endian. The parser reads them byte by
 * byte, so it is correct for any buffer alignment and any host endianness.
 *
 * The FIP is untrusted input: fip_parse() validates the whole ToC once, and
 * every later call (fip_find(), fip_entry_at()) relies on that, so no image
 * can point outside the buffer, into the ToC, or into another image.
 *
 * Only <stdint.h>, <stddef.h>, <stdbool.h> and memcmp/memcpy/memset are used;
 * no allocation.
 */
#ifndef FIP_H
#define FIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ToC header name (magic). */
#define FIP_TOC_HEADER_NAME   0xAA640001u
/* Serial number fiptool writes; the loader only requires it to be != 0. */
#define FIP_TOC_SERIAL_NUMBER 0x12345678u

#define FIP_TOC_HEADER_SIZE 16u /* bytes */
#define FIP_TOC_ENTRY_SIZE  40u /* bytes */

/* Header flags bits 47:32 are platform defined (fiptool --plat-toc-flags). */
#define FIP_TOC_PLAT_FLAGS_SHIFT 32
#define FIP_TOC_PLAT_FLAGS_MASK  (0xffffull << FIP_TOC_PLAT_FLAGS_SHIFT)

/*
 * Most image entries (end marker not counted) a FIP may hold. TF-A knows 34
 * image types, so 64 leaves room for extra blobs while keeping the ToC scan
 * and the O(n^2) overlap check bounded.
 */
#define FIP_MAX_ENTRIES 64u

/* Length of a UUID string "XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX". */
#define FIP_UUID_STR_LEN 36u

/*
 * A UUID as stored in the ToC: 16 bytes, kept in the order fiptool prints
 * them (no field byte swapping).
 */
struct fip_uuid {
	uint8_t b[16];
};

/* On-disk ToC header (little-endian). Describes the layout; never cast a
 * FIP buffer to it, the parser decodes fields byte-wise. */
struct fip_toc_header {
	uint32_t name;          /* FIP_TOC_HEADER_NAME */
	uint32_t serial_number; /* != 0 */
	uint64_t flags;         /* bits 47:32 platform defined */
};

/* On-disk ToC entry (little-endian). */
struct fip_toc_entry {
	struct fip_uuid uuid;    /* all zero: end marker */
	uint64_t offset_address; /* bytes from the start of the FIP */
	uint64_t size;           /* bytes */
	uint64_t flags;          /* none defined */
};

_Static_assert(sizeof(struct fip_uuid) == 16, "FIP UUID is 16 bytes");
_Static_assert(sizeof(struct fip_toc_header) == FIP_TOC_HEADER_SIZE, "FIP ToC header is 16 bytes");
_Static_assert(sizeof(struct fip_toc_entry) == FIP_TOC_ENTRY_SIZE, "FIP ToC entry is 40 bytes");

/*
 * Known image UUIDs, as initializers:
 *	static const struct fip_uuid bl31 = FIP_UUID_SOC_FW;
 *	fip_find(&toc, &(const struct fip_uuid)FIP_UUID_SOC_FW, &p, &n);
 * Byte values as TF-A's fiptool prints them (checked against Debian's
 * TF-A 2.8 fiptool by tests/host/fiptool_interop.sh).
 */
#define FIP_UUID_INIT(...)                                                                         \
	{                                                                                          \
		{                                                                                  \
			__VA_ARGS__                                                                \
		}                                                                                  \
	}

#define FIP_UUID_SCP_FWU_CFG                                                                       \
	FIP_UUID_INIT(0x65, 0x92, 0x27, 0x03, 0x2f, 0x74, 0xe6, 0x44, 0x8d, 0xff, 0x57, 0x9a,      \
	              0xc1, 0xff, 0x06, 0x10)
#define FIP_UUID_AP_FWU_CFG                                                                        \
	FIP_UUID_INIT(0x60, 0xb3, 0xeb, 0x37, 0xc1, 0xe5, 0xea, 0x41, 0x9d, 0xf3, 0x19, 0xed,      \
	              0xa1, 0x1f, 0x68, 0x01)
#define FIP_UUID_FWU                                                                               \
	FIP_UUID_INIT(0x4f, 0x51, 0x1d, 0x11, 0x2b, 0xe5, 0x4e, 0x49, 0xb4, 0xc5, 0x83, 0xc2,      \
	              0xf7, 0x15, 0x84, 0x0a)
#define FIP_UUID_FWU_CERT                                                                          \
	FIP_UUID_INIT(0x71, 0x40, 0x8a, 0xb2, 0x18, 0xd6, 0x87, 0x4c, 0x8b, 0x2e, 0xc6, 0xdc,      \
	              0xcd, 0x50, 0xf0, 0x96)
#define FIP_UUID_TB_FW                                                                             \
	FIP_UUID_INIT(0x5f, 0xf9, 0xec, 0x0b, 0x4d, 0x22, 0x3e, 0x4d, 0xa5, 0x44, 0xc3, 0x9d,      \
	              0x81, 0xc7, 0x3f, 0x0a)
#define FIP_UUID_SCP_FW                                                                            \
	FIP_UUID_INIT(0x97, 0x66, 0xfd, 0x3d, 0x89, 0xbe, 0xe8, 0x49, 0xae, 0x5d, 0x78, 0xa1,      \
	              0x40, 0x60, 0x82, 0x13)
#define FIP_UUID_SOC_FW                                                                            \
	FIP_UUID_INIT(0x47, 0xd4, 0x08, 0x6d, 0x4c, 0xfe, 0x98, 0x46, 0x9b, 0x95, 0x29, 0x50,      \
	              0xcb, 0xbd, 0x5a, 0x00)
#define FIP_UUID_TOS_FW                                                                            \
	FIP_UUID_INIT(0x05, 0xd0, 0xe1, 0x89, 0x53, 0xdc, 0x13, 0x47, 0x8d, 0x2b, 0x50, 0x0a,      \
	              0x4b, 0x7a, 0x3e, 0x38)
#define FIP_UUID_TOS_FW_EXTRA1                                                                     \
	FIP_UUID_INIT(0x0b, 0x70, 0xc2, 0x9b, 0x2a, 0x5a, 0x78, 0x40, 0x9f, 0x65, 0x0a, 0x56,      \
	              0x82, 0x73, 0x82, 0x88)
#define FIP_UUID_TOS_FW_EXTRA2                                                                     \
	FIP_UUID_INIT(0x8e, 0xa8, 0x7b, 0xb1, 0xcf, 0xa2, 0x3f, 0x4d, 0x85, 0xfd, 0xe7, 0xbb,      \
	              0xa5, 0x02, 0x20, 0xd9)
#define FIP_UUID_NT_FW                                                                             \
	FIP_UUID_INIT(0xd6, 0xd0, 0xee, 0xa7, 0xfc, 0xea, 0xd5, 0x4b, 0x97, 0x82, 0x99, 0x34,      \
	              0xf2, 0x34, 0xb6, 0xe4)
#define FIP_UUID_RMM_FW                                                                            \
	FIP_UUID_INIT(0x6c, 0x07, 0x62, 0xa6, 0x12, 0xf2, 0x4b, 0x56, 0x92, 0xcb, 0xba, 0x8f,      \
	              0x63, 0x36, 0x06, 0xd9)
#define FIP_UUID_FW_CONFIG                                                                         \
	FIP_UUID_INIT(0x58, 0x07, 0xe1, 0x6a, 0x84, 0x59, 0x47, 0xbe, 0x8e, 0xd5, 0x64, 0x8e,      \
	              0x8d, 0xdd, 0xab, 0x0e)
#define FIP_UUID_HW_CONFIG                                                                         \
	FIP_UUID_INIT(0x08, 0xb8, 0xf1, 0xd9, 0xc9, 0xcf, 0x93, 0x49, 0xa9, 0x62, 0x6f, 0xbc,      \
	              0x6b, 0x72, 0x65, 0xcc)
#define FIP_UUID_TB_FW_CONFIG                                                                      \
	FIP_UUID_INIT(0x6c, 0x04, 0x58, 0xff, 0xaf, 0x6b, 0x7d, 0x4f, 0x82, 0xed, 0xaa, 0x27,      \
	              0xbc, 0x69, 0xbf, 0xd2)
#define FIP_UUID_SOC_FW_CONFIG                                                                     \
	FIP_UUID_INIT(0x99, 0x79, 0x81, 0x4b, 0x03, 0x76, 0xfb, 0x46, 0x8c, 0x8e, 0x8d, 0x26,      \
	              0x7f, 0x78, 0x59, 0xe0)
#define FIP_UUID_TOS_FW_CONFIG                                                                     \
	FIP_UUID_INIT(0x26, 0x25, 0x7c, 0x1a, 0xdb, 0xc6, 0x7f, 0x47, 0x8d, 0x96, 0xc4, 0xc4,      \
	              0xb0, 0x24, 0x80, 0x21)
#define FIP_UUID_NT_FW_CONFIG                                                                      \
	FIP_UUID_INIT(0x28, 0xda, 0x98, 0x15, 0x93, 0xe8, 0x7e, 0x44, 0xac, 0x66, 0x1a, 0xaf,      \
	              0x80, 0x15, 0x50, 0xf9)
#define FIP_UUID_ROT_CERT                                                                          \
	FIP_UUID_INIT(0x86, 0x2d, 0x1d, 0x72, 0xf8, 0x60, 0xe4, 0x11, 0x92, 0x0b, 0x8b, 0xe7,      \
	              0x62, 0x16, 0x0f, 0x24)
#define FIP_UUID_TRUSTED_KEY_CERT                                                                  \
	FIP_UUID_INIT(0x82, 0x7e, 0xe8, 0x90, 0xf8, 0x60, 0xe4, 0x11, 0xa1, 0xb4, 0x77, 0x7a,      \
	              0x21, 0xb4, 0xf9, 0x4c)
#define FIP_UUID_SCP_FW_KEY_CERT                                                                   \
	FIP_UUID_INIT(0x02, 0x42, 0x21, 0xa1, 0xf8, 0x60, 0xe4, 0x11, 0x8d, 0x9b, 0xf3, 0x3c,      \
	              0x0e, 0x15, 0xa0, 0x14)
#define FIP_UUID_SOC_FW_KEY_CERT                                                                   \
	FIP_UUID_INIT(0x8a, 0xb8, 0xbe, 0xcc, 0xf9, 0x60, 0xe4, 0x11, 0x9a, 0xd0, 0xeb, 0x48,      \
	              0x22, 0xd8, 0xdc, 0xf8)
#define FIP_UUID_TOS_FW_KEY_CERT                                                                   \
	FIP_UUID_INIT(0x94, 0x77, 0xd6, 0x03, 0xfb, 0x60, 0xe4, 0x11, 0x85, 0xdd, 0xb7, 0x10,      \
	              0x5b, 0x8c, 0xee, 0x04)
#define FIP_UUID_NT_FW_KEY_CERT                                                                    \
	FIP_UUID_INIT(0x8a, 0xd5, 0x83, 0x2a, 0xfb, 0x60, 0xe4, 0x11, 0x8a, 0xaf, 0xdf, 0x30,      \
	              0xbb, 0xc4, 0x98, 0x59)
#define FIP_UUID_TB_FW_CERT                                                                        \
	FIP_UUID_INIT(0xd6, 0xe2, 0x69, 0xea, 0x5d, 0x63, 0xe4, 0x11, 0x8d, 0x8c, 0x9f, 0xba,      \
	              0xbe, 0x99, 0x56, 0xa5)
#define FIP_UUID_SCP_FW_CERT                                                                       \
	FIP_UUID_INIT(0x44, 0xbe, 0x6f, 0x04, 0x5e, 0x63, 0xe4, 0x11, 0xb2, 0x8b, 0x73, 0xd8,      \
	              0xea, 0xae, 0x96, 0x56)
#define FIP_UUID_SOC_FW_CERT                                                                       \
	FIP_UUID_INIT(0xe2, 0xb2, 0x0c, 0x20, 0x5e, 0x63, 0xe4, 0x11, 0x9c, 0xe8, 0xab, 0xcc,      \
	              0xf9, 0x2b, 0xb6, 0x66)
#define FIP_UUID_TOS_FW_CERT                                                                       \
	FIP_UUID_INIT(0xa4, 0x9f, 0x44, 0x11, 0x5e, 0x63, 0xe4, 0x11, 0x87, 0x28, 0x3f, 0x05,      \
	              0x72, 0x2a, 0xf3, 0x3d)
#define FIP_UUID_NT_FW_CERT                                                                        \
	FIP_UUID_INIT(0x8e, 0xc4, 0xc1, 0xf3, 0x5d, 0x63, 0xe4, 0x11, 0xa7, 0xa9, 0x87, 0xee,      \
	              0x40, 0xb2, 0x3f, 0xa7)
#define FIP_UUID_SIP_SP_CERT                                                                       \
	FIP_UUID_INIT(0x77, 0x6d, 0xfd, 0x44, 0x86, 0x97, 0x4c, 0x3b, 0x91, 0xeb, 0xc1, 0x3e,      \
	              0x02, 0x5a, 0x2a, 0x6f)
#define FIP_UUID_PLAT_SP_CERT                                                                      \
	FIP_UUID_INIT(0xdd, 0xcb, 0xbf, 0x4a, 0xca, 0xd6, 0x11, 0xea, 0x87, 0xd0, 0x02, 0x42,      \
	              0xac, 0x13, 0x00, 0x03)
#define FIP_UUID_CCA_CERT                                                                          \
	FIP_UUID_INIT(0x36, 0xd8, 0x3d, 0x85, 0x76, 0x1d, 0x4d, 0xaf, 0x96, 0xf1, 0xcd, 0x99,      \
	              0xd6, 0x56, 0x9b, 0x00)
#define FIP_UUID_CORE_SWD_CERT                                                                     \
	FIP_UUID_INIT(0x52, 0x22, 0x2d, 0x31, 0x82, 0x0f, 0x49, 0x4d, 0x8b, 0xbc, 0xea, 0x68,      \
	              0x25, 0xd3, 0xc3, 0x5a)
#define FIP_UUID_PLAT_KEY_CERT                                                                     \
	FIP_UUID_INIT(0xd4, 0x3c, 0xd9, 0x02, 0x5b, 0x9f, 0x41, 0x2e, 0x8a, 0xc6, 0x92, 0xb6,      \
	              0xd1, 0x8b, 0xe6, 0x0d)

/* One known image type: the fiptool option and the name `info` prints. */
struct fip_image_desc {
	const char *option; /* command-line name without "--", e.g. "tb-fw" */
	const char *name;   /* e.g. "Trusted Boot Firmware BL2" */
	struct fip_uuid uuid;
};

/*
 * All known image types, in TF-A fiptool's order. The order matters: fiptool
 * packs payloads and lists images in this order.
 */
extern const struct fip_image_desc fip_image_descs[];
extern const size_t fip_image_desc_count;

/*
 * Result codes. FIP_OK is 0; every error is a distinct negative value, one
 * per way a FIP can be malformed, so callers and tests can tell them apart.
 */
enum fip_err {
	FIP_OK = 0,
	FIP_ERR_SHORT_HEADER = -1,     /* buffer shorter than the ToC header */
	FIP_ERR_BAD_NAME = -2,         /* header name is not 0xAA640001 */
	FIP_ERR_BAD_SERIAL = -3,       /* header serial number is 0 */
	FIP_ERR_NO_END_MARKER = -4,    /* buffer ends before a null-UUID entry */
	FIP_ERR_TOO_MANY_ENTRIES = -5, /* > FIP_MAX_ENTRIES before the marker */
	FIP_ERR_TRUNCATED = -6,        /* end marker offset (FIP size) > len */
	FIP_ERR_BAD_END_OFFSET = -7,   /* end marker offset inside the ToC */
	FIP_ERR_OFFSET_WRAP = -8,      /* entry offset + size overflows 64 bits */
	FIP_ERR_PAST_END = -9,         /* entry ends beyond the FIP size */
	FIP_ERR_OVERLAPS_TOC = -10,    /* non-empty entry starts inside the ToC */
	FIP_ERR_OVERLAP = -11,         /* two non-empty entries overlap */
	FIP_ERR_DUPLICATE_UUID = -12,  /* the same UUID appears twice */
	FIP_ERR_NOT_FOUND = -13,       /* fip_find/fip_entry_at: no such entry */
};

/*
 * fip_strerror() - describe a result code in words.
 * @err: a value of enum fip_err.
 *
 * Returns a static string naming the problem (e.g. "overlapping ToC
 * entries"); "unknown FIP error" for values outside the enum. Never NULL.
 */
const char *fip_strerror(int err);

/*
 * A validated FIP, filled by fip_parse(). It points into the caller's
 * buffer, which must stay valid and unchanged while the view is used.
 */
struct fip_toc {
	const uint8_t *base; /* start of the FIP (the ToC header) */
	size_t size;         /* FIP size in bytes = end marker offset */
	size_t count;        /* image entries, end marker not counted */
	uint32_t serial_number;
	uint64_t flags; /* ToC header flags */
};

/* One image entry as returned by fip_entry_at(). */
struct fip_entry {
	struct fip_uuid uuid;
	size_t offset;    /* bytes from the start of the FIP */
	size_t size;      /* bytes; may be 0 */
	uint64_t flags;   /* entry flags, as stored */
	const void *data; /* base + offset */
};

/*
 * fip_parse() - validate a whole FIP and describe it.
 * @fip: the FIP; any alignment. May be NULL only if @len is 0.
 * @len: bytes readable at @fip. May exceed the FIP size (e.g. a whole flash
 *       region); bytes past the end marker's offset are ignored.
 * @toc: filled on success; left untouched on error. Must not be NULL.
 *
 * Checks, in this order, returning the first failure:
 *   FIP_ERR_SHORT_HEADER     @len < 16.
 *   FIP_ERR_BAD_NAME         header name != FIP_TOC_HEADER_NAME.
 *   FIP_ERR_BAD_SERIAL       header serial number == 0.
 *   FIP_ERR_NO_END_MARKER    the buffer ends before a whole null-UUID
 *                            entry is found (includes a truncated ToC).
 *   FIP_ERR_TOO_MANY_ENTRIES more than FIP_MAX_ENTRIES entries precede the
 *                            end marker.
 *   FIP_ERR_TRUNCATED        end marker offset (the FIP size) > @len.
 *   FIP_ERR_BAD_END_OFFSET   end marker offset < end of the ToC (header +
 *                            all entries including the end marker).
 *   then for each entry in ToC order:
 *   FIP_ERR_OFFSET_WRAP      offset + size overflows 64 bits.
 *   FIP_ERR_PAST_END         offset + size > FIP size.
 *   FIP_ERR_OVERLAPS_TOC     size != 0 and offset < end of the ToC.
 *   FIP_ERR_DUPLICATE_UUID   UUID equal to an earlier entry's.
 *   FIP_ERR_OVERLAP          size != 0 and the byte range shares a byte
 *                            with an earlier non-empty entry's.
 * Zero-size entries are valid and overlap nothing, but their offset must
 * still lie within the FIP (<= FIP size).
 *
 * Returns FIP_OK or one of the errors above.
 */
int fip_parse(const void *fip, size_t len, struct fip_toc *toc);

/*
 * fip_find() - look an image up by UUID.
 * @toc:  a view filled by fip_parse().
 * @uuid: the image's UUID.
 * @data: set to the image's first byte on success (NULL allowed to skip).
 * @size: set to the image size in bytes on success (NULL allowed to skip).
 *
 * Returns FIP_OK, or FIP_ERR_NOT_FOUND if no entry has @uuid, or
 * FIP_ERR_PAST_END if an entry read on the way no longer lies inside the
 * FIP (fip_entry_at()); outputs are then untouched. UUIDs are unique in a parsed FIP, so the match is unique.
 */
int fip_find(const struct fip_toc *toc, const struct fip_uuid *uuid, const void **data,
             size_t *size);

/*
 * fip_entry_at() - iterate: get the entry at a ToC position.
 * @toc:   a view filled by fip_parse().
 * @index: 0 .. toc->count - 1, in ToC order.
 * @entry: filled on success. Must not be NULL.
 *
 * Returns FIP_OK, FIP_ERR_NOT_FOUND if @index >= toc->count, or
 * FIP_ERR_PAST_END if the entry, read again, no longer lies inside the FIP
 * (its bytes changed since fip_parse()). Typical use:
 *	for (i = 0; fip_entry_at(&toc, i, &e) == FIP_OK; i++)
 */
int fip_entry_at(const struct fip_toc *toc, size_t index, struct fip_entry *entry);

/* fip_uuid_equal() - true if @a and @b hold the same 16 bytes. */
bool fip_uuid_equal(const struct fip_uuid *a, const struct fip_uuid *b);

/* fip_uuid_is_null() - true if all 16 bytes are zero (the end marker). */
bool fip_uuid_is_null(const struct fip_uuid *uuid);

/*
 * fip_image_desc_find() - the known image type with this UUID.
 * Returns a pointer into fip_image_descs[], or NULL for an unknown UUID.
 */
const struct fip_image_desc *fip_image_desc_find(const struct fip_uuid *uuid);

/*
 * fip_uuid_to_str() - format as "XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX".
 * @uuid: the UUID; bytes are printed in stored order, upper-case hex, like
 *        fiptool.
 * @str:  receives FIP_UUID_STR_LEN characters and a terminating NUL.
 */
void fip_uuid_to_str(const struct fip_uuid *uuid, char str[FIP_UUID_STR_LEN + 1]);

/*
 * fip_uuid_from_str() - parse the fip_uuid_to_str() format.
 * @str:  NUL-terminated; exactly 36 characters, hex digits of either case,
 *        '-' at positions 8, 13, 18 and 23.
 * @uuid: filled on success; untouched on failure.
 *
 * Returns true on success, false if @str is not in that form.
 */
bool fip_uuid_from_str(const char *str, struct fip_uuid *uuid);

/*
 * fip_write_toc_header() - encode a ToC header (little-endian).
 * @buf: FIP_TOC_HEADER_SIZE writable bytes, any alignment.
 * The name is always FIP_TOC_HEADER_NAME.
 */
void fip_write_toc_header(void *buf, uint32_t serial_number, uint64_t flags);

/*
 * fip_write_toc_entry() - encode a ToC entry (little-endian).
 * @buf: FIP_TOC_ENTRY_SIZE writable bytes, any alignment.
 * @offset and @size are in bytes; pass the null UUID for the end marker.
 */
void fip_write_toc_entry(void *buf, const struct fip_uuid *uuid, uint64_t offset, uint64_t size,
                         uint64_t flags);

#endif /* FIP_H */
