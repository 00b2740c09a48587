/*
 * Unit tests for lib/fip (FIP ToC parser, docs/tools/fiptool.rst).
 *
 * FIPs are built byte by byte here with the test's own little-endian
 * writers, independent of the module's encoder, so a symmetric bug in the
 * module's field layout cannot hide. Every malformed case asserts the exact
 * error code. Run under -fsanitize=address,undefined: malformed inputs are
 * parsed from heap buffers of exactly their length, so any over-read trips
 * ASan.
 */
#include <stdlib.h>
#include <string.h>

#include <tools_share/fip.h>

#include "test.h"

#define HDR FIP_TOC_HEADER_SIZE
#define ENT FIP_TOC_ENTRY_SIZE

static const struct fip_uuid uuid_tb = FIP_UUID_TB_FW;
static const struct fip_uuid uuid_soc = FIP_UUID_SOC_FW;
static const struct fip_uuid uuid_nt = FIP_UUID_NT_FW;
static const struct fip_uuid uuid_null;

/* ---- test-side encoders ------------------------------------------------ */

static void le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void hdr(uint8_t *buf, uint32_t name, uint32_t serial, uint64_t flags)
{
	le32(buf, name);
	le32(buf + 4, serial);
	le64(buf + 8, flags);
}

static void ent(uint8_t *buf, unsigned int index, const struct fip_uuid *uuid, uint64_t off,
                uint64_t size)
{
	uint8_t *p = buf + HDR + index * ENT;

	memcpy(p, uuid->b, 16);
	le64(p + 16, off);
	le64(p + 24, size);
	le64(p + 32, 0);
}

/* A UUID that differs per @n, for filling large ToCs. */
static struct fip_uuid uuid_n(unsigned int n)
{
	struct fip_uuid u = { { 0xee } };

	u.b[14] = (uint8_t)(n >> 8);
	u.b[15] = (uint8_t)n;
	return u;
}

/*
 * The reference FIP: header, 3 entries + end marker (ToC = 16 + 4*40 = 176
 * bytes), then BL2 (5 bytes at 176), BL31 (0 bytes), BL33 (7 bytes at 181).
 * Total 188 bytes.
 */
#define GOOD_TOC_END (HDR + 4 * ENT)
#define GOOD_SIZE    (GOOD_TOC_END + 12)

static size_t build_good(uint8_t *buf)
{
	memset(buf, 0, GOOD_SIZE);
	hdr(buf, FIP_TOC_HEADER_NAME, 0x12345678, 0x0000abcd00000000ull);
	ent(buf, 0, &uuid_tb, GOOD_TOC_END, 5);
	ent(buf, 1, &uuid_soc, GOOD_TOC_END + 5, 0);
	ent(buf, 2, &uuid_nt, GOOD_TOC_END + 5, 7);
	ent(buf, 3, &uuid_null, GOOD_SIZE, 0);
	memcpy(buf + GOOD_TOC_END, "BL2!!", 5);
	memcpy(buf + GOOD_TOC_END + 5, "BL33...", 7);
	return GOOD_SIZE;
}

/* Parse a copy of @len bytes in a heap buffer of exactly that size. */
static int parse_exact(const uint8_t *src, size_t len)
{
	struct fip_toc toc;
	uint8_t *copy = malloc(len != 0 ? len : 1);
	int err;

	memcpy(copy, src, len);
	err = fip_parse(len != 0 ? copy : NULL, len, &toc);
	free(copy);
	return err;
}

/*
 * A FIP produced by TF-A 2.8 fiptool (Debian arm-trusted-firmware-tools):
 *   fiptool create --align 16 --plat-toc-flags 0x00A5 --tb-fw p_bl2 \
 *           --soc-fw p_empty --nt-fw p_bl33 deb.fip
 * with p_bl2 = "bl2-img", p_empty empty, p_bl33 = "bl33". Note the ToC has a
 * slot for the zero-size BL31 that stays zero after the end marker.
 */
static const uint8_t debian_fip[] = {
	0x01, 0x00, 0x64, 0xaa, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x00, 0x00, 0xa5, 0x00, 0x00,
	0x00, 0x5f, 0xf9, 0xec, 0x0b, 0x4d, 0x22, 0x3e, 0x4d, 0xa5, 0x44, 0xc3, 0x9d, 0x81, 0xc7,
	0x3f, 0x0a, 0xb0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xd6, 0xd0, 0xee, 0xa7,
	0xfc, 0xea, 0xd5, 0x4b, 0x97, 0x82, 0x99, 0x34, 0xf2, 0x34, 0xb6, 0xe4, 0xc0, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xd0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x62, 0x6c, 0x32, 0x2d,
	0x69, 0x6d, 0x67, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x62, 0x6c, 0x33,
	0x33, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

/* ---- format constants and the image table ------------------------------ */

static void test_layout(void)
{
	CHECK_EQ(sizeof(struct fip_toc_header), 16);
	CHECK_EQ(sizeof(struct fip_toc_entry), 40);
	CHECK_EQ(FIP_TOC_HEADER_NAME, 0xAA640001u);
	CHECK_EQ(FIP_TOC_PLAT_FLAGS_MASK, 0x0000ffff00000000ull);
}

/* The UUID strings TF-A's fiptool prints, checked against the table. */
static void test_image_table(void)
{
	static const struct {
		const char *option, *name, *uuid;
	} want[] = {
		{ "tb-fw", "Trusted Boot Firmware BL2", "5FF9EC0B-4D22-3E4D-A544-C39D81C73F0A" },
		{ "scp-fw", "SCP Firmware SCP_BL2", "9766FD3D-89BE-E849-AE5D-78A140608213" },
		{ "soc-fw", "EL3 Runtime Firmware BL31", "47D4086D-4CFE-9846-9B95-2950CBBD5A00" },
		{ "tos-fw", "Secure Payload BL32 (Trusted OS)",
		  "05D0E189-53DC-1347-8D2B-500A4B7A3E38" },
		{ "tos-fw-extra1", "Secure Payload BL32 Extra1 (Trusted OS Extra1)",
		  "0B70C29B-2A5A-7840-9F65-0A5682738288" },
		{ "tos-fw-extra2", "Secure Payload BL32 Extra2 (Trusted OS Extra2)",
		  "8EA87BB1-CFA2-3F4D-85FD-E7BBA50220D9" },
		{ "nt-fw", "Non-Trusted Firmware BL33", "D6D0EEA7-FCEA-D54B-9782-9934F234B6E4" },
		{ "rmm-fw", "Realm Monitor Management Firmware",
		  "6C0762A6-12F2-4B56-92CB-BA8F633606D9" },
		{ "fw-config", "FW_CONFIG", "5807E16A-8459-47BE-8ED5-648E8DDDAB0E" },
		{ "hw-config", "HW_CONFIG", "08B8F1D9-C9CF-9349-A962-6FBC6B7265CC" },
		{ "tb-fw-config", "TB_FW_CONFIG", "6C0458FF-AF6B-7D4F-82ED-AA27BC69BFD2" },
		{ "soc-fw-config", "SOC_FW_CONFIG", "9979814B-0376-FB46-8C8E-8D267F7859E0" },
		{ "tos-fw-config", "TOS_FW_CONFIG", "26257C1A-DBC6-7F47-8D96-C4C4B0248021" },
		{ "nt-fw-config", "NT_FW_CONFIG", "28DA9815-93E8-7E44-AC66-1AAF801550F9" },
		{ "tb-fw-cert", "Trusted Boot Firmware BL2 certificate",
		  "D6E269EA-5D63-E411-8D8C-9FBABE9956A5" },
		{ "trusted-key-cert", "Trusted key certificate",
		  "827EE890-F860-E411-A1B4-777A21B4F94C" },
		{ "scp-fw-key-cert", "SCP Firmware key certificate",
		  "024221A1-F860-E411-8D9B-F33C0E15A014" },
		{ "soc-fw-key-cert", "SoC Firmware key certificate",
		  "8AB8BECC-F960-E411-9AD0-EB4822D8DCF8" },
		{ "tos-fw-key-cert", "Trusted OS Firmware key certificate",
		  "9477D603-FB60-E411-85DD-B7105B8CEE04" },
		{ "nt-fw-key-cert", "Non-Trusted Firmware key certificate",
		  "8AD5832A-FB60-E411-8AAF-DF30BBC49859" },
		{ "scp-fw-cert", "SCP Firmware content certificate",
		  "44BE6F04-5E63-E411-B28B-73D8EAAE9656" },
		{ "soc-fw-cert", "SoC Firmware content certificate",
		  "E2B20C20-5E63-E411-9CE8-ABCCF92BB666" },
		{ "tos-fw-cert", "Trusted OS Firmware content certificate",
		  "A49F4411-5E63-E411-8728-3F05722AF33D" },
		{ "nt-fw-cert", "Non-Trusted Firmware content certificate",
		  "8EC4C1F3-5D63-E411-A7A9-87EE40B23FA7" },
		{ "rot-cert", "Root Of Trust key certificate",
		  "862D1D72-F860-E411-920B-8BE762160F24" },
		{ "scp-fwu-cfg", "SCP Firmware Updater Configuration FWU SCP_BL2U",
		  "65922703-2F74-E644-8DFF-579AC1FF0610" },
		{ "ap-fwu-cfg", "AP Firmware Updater Configuration BL2U",
		  "60B3EB37-C1E5-EA41-9DF3-19EDA11F6801" },
		{ "fwu", "Firmware Updater NS_BL2U", "4F511D11-2BE5-4E49-B4C5-83C2F715840A" },
		{ "fwu-cert", "Non-Trusted Firmware Updater certificate",
		  "71408AB2-18D6-874C-8B2E-C6DCCD50F096" },
	};
	char str[FIP_UUID_STR_LEN + 1];
	const struct fip_image_desc *d;
	struct fip_uuid u;
	size_t i, j, found;

	/* TF-A 2.8 fiptool knows 34 image types. */
	CHECK_EQ(fip_image_desc_count, 34);
	CHECK(strcmp(fip_image_descs[0].option, "scp-fwu-cfg") == 0);
	CHECK(strcmp(fip_image_descs[fip_image_desc_count - 1].option, "plat-key-cert") == 0);

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		found = 0;
		for (j = 0; j < fip_image_desc_count; j++) {
			d = &fip_image_descs[j];
			if (strcmp(d->option, want[i].option) != 0)
				continue;
			found++;
			CHECK(strcmp(d->name, want[i].name) == 0);
			fip_uuid_to_str(&d->uuid, str);
			CHECK(strcmp(str, want[i].uuid) == 0);
			CHECK(fip_uuid_from_str(want[i].uuid, &u));
			CHECK(fip_image_desc_find(&u) == d);
		}
		CHECK_EQ(found, 1);
	}

	/* Options and UUIDs are unique and no UUID is the end marker. */
	for (i = 0; i < fip_image_desc_count; i++) {
		CHECK(!fip_uuid_is_null(&fip_image_descs[i].uuid));
		CHECK(fip_image_desc_find(&fip_image_descs[i].uuid) == &fip_image_descs[i]);
		for (j = i + 1; j < fip_image_desc_count; j++) {
			CHECK(strcmp(fip_image_descs[i].option, fip_image_descs[j].option) != 0);
			CHECK(!fip_uuid_equal(&fip_image_descs[i].uuid, &fip_image_descs[j].uuid));
		}
	}
	u = uuid_n(1);
	CHECK(fip_image_desc_find(&u) == NULL);
	CHECK(fip_image_desc_find(&uuid_null) == NULL);
}

static void test_uuid_strings(void)
{
	char str[FIP_UUID_STR_LEN + 1];
	struct fip_uuid u, keep = uuid_n(7);

	CHECK(fip_uuid_from_str("01020304-0506-0708-090a-0B0C0D0E0F10", &u));
	for (int i = 0; i < 16; i++)
		CHECK_EQ(u.b[i], i + 1);
	fip_uuid_to_str(&u, str);
	CHECK(strcmp(str, "01020304-0506-0708-090A-0B0C0D0E0F10") == 0);
	CHECK_EQ(strlen(str), FIP_UUID_STR_LEN);

	u = keep;
	CHECK(!fip_uuid_from_str("", &u));
	CHECK(!fip_uuid_from_str("01020304-0506-0708-090a-0b0c0d0e0f1", &u));
	CHECK(!fip_uuid_from_str("01020304-0506-0708-090a-0b0c0d0e0f100", &u));
	CHECK(!fip_uuid_from_str("0102030405060708090a0b0c0d0e0f10", &u));
	CHECK(!fip_uuid_from_str("01020304-0506-0708-090a_0b0c0d0e0f10", &u));
	CHECK(!fip_uuid_from_str("0102030g-0506-0708-090a-0b0c0d0e0f10", &u));
	CHECK(!fip_uuid_from_str("01020304-05060-708-090a-0b0c0d0e0f10", &u));
	CHECK(fip_uuid_equal(&u, &keep)); /* untouched on failure */

	CHECK(fip_uuid_is_null(&uuid_null));
	CHECK(!fip_uuid_is_null(&uuid_tb));
}

static void test_writers(void)
{
	uint8_t got[ENT], want[ENT];

	memset(got, 0xcc, sizeof(got));
	fip_write_toc_header(got, 0x12345678, 0x0000beef00000000ull);
	hdr(want, FIP_TOC_HEADER_NAME, 0x12345678, 0x0000beef00000000ull);
	CHECK(memcmp(got, want, HDR) == 0);

	fip_write_toc_entry(got, &uuid_nt, 0x1122334455667788ull, 0x99, 3);
	memcpy(want, uuid_nt.b, 16);
	le64(want + 16, 0x1122334455667788ull);
	le64(want + 24, 0x99);
	le64(want + 32, 3);
	CHECK(memcmp(got, want, ENT) == 0);
}

static void test_strerror(void)
{
	const char *s[14];
	int i, j;

	for (i = 0; i < 14; i++) {
		s[i] = fip_strerror(-i);
		CHECK(s[i] != NULL && s[i][0] != '\0');
		CHECK(strcmp(s[i], "unknown FIP error") != 0);
		for (j = 0; j < i; j++)
			CHECK(strcmp(s[i], s[j]) != 0);
	}
	CHECK_EQ(FIP_ERR_NOT_FOUND, -13);
	CHECK(strcmp(fip_strerror(-14), "unknown FIP error") == 0);
	CHECK(strcmp(fip_strerror(1), "unknown FIP error") == 0);
	CHECK(strstr(fip_strerror(FIP_ERR_OVERLAP), "overlap") != NULL);
	CHECK(strstr(fip_strerror(FIP_ERR_BAD_NAME), "name") != NULL);
	CHECK(strstr(fip_strerror(FIP_ERR_SHORT_HEADER), "truncated") != NULL);
}

/*
 * A loader parses once and looks up later (common/bl_common.c, bl_fip_toc()):
 * an entry whose bytes changed since, to point past the FIP, is refused on
 * look-up, not followed.
 */
static void test_changed_after_parse(void)
{
	uint8_t buf[GOOD_SIZE];
	struct fip_toc toc;
	struct fip_entry e;
	const void *data = NULL;
	size_t size = 0;

	build_good(buf);
	CHECK_EQ(fip_parse(buf, sizeof(buf), &toc), FIP_OK);
	ent(buf, 2, &uuid_nt, GOOD_TOC_END + 5, 8); /* one byte past the end */
	CHECK_EQ(fip_find(&toc, &uuid_nt, &data, &size), FIP_ERR_PAST_END);
	CHECK(data == NULL);
	CHECK_EQ(fip_entry_at(&toc, 2, &e), FIP_ERR_PAST_END);
	ent(buf, 2, &uuid_nt, GOOD_SIZE + 1, 0); /* offset past the end */
	CHECK_EQ(fip_entry_at(&toc, 2, &e), FIP_ERR_PAST_END);
	/* Entries before it are still found. */
	CHECK_EQ(fip_find(&toc, &uuid_tb, &data, &size), FIP_OK);
	CHECK_EQ(size, 5);
}

/* ---- parsing good FIPs -------------------------------------------------- */

static void test_parse_good(void)
{
	uint8_t buf[GOOD_SIZE];
	struct fip_toc toc;
	struct fip_entry e;
	const void *data = (const void *)1;
	size_t size = 12345;
	struct fip_uuid other = uuid_n(3);

	build_good(buf);
	CHECK_EQ(fip_parse(buf, sizeof(buf), &toc), FIP_OK);
	CHECK(toc.base == buf);
	CHECK_EQ(toc.size, GOOD_SIZE);
	CHECK_EQ(toc.count, 3);
	CHECK_EQ(toc.serial_number, 0x12345678);
	CHECK_EQ(toc.flags, 0x0000abcd00000000ull);

	CHECK_EQ(fip_find(&toc, &uuid_tb, &data, &size), FIP_OK);
	CHECK(data == buf + GOOD_TOC_END);
	CHECK_EQ(size, 5);
	CHECK(memcmp(data, "BL2!!", 5) == 0);

	CHECK_EQ(fip_find(&toc, &uuid_nt, &data, &size), FIP_OK);
	CHECK(data == buf + GOOD_TOC_END + 5);
	CHECK_EQ(size, 7);
	CHECK(memcmp(data, "BL33...", 7) == 0);

	CHECK_EQ(fip_find(&toc, &uuid_soc, &data, &size), FIP_OK);
	CHECK_EQ(size, 0);
	CHECK_EQ(fip_find(&toc, &uuid_soc, NULL, NULL), FIP_OK);

	/* Not found: outputs untouched; the end marker is not an image. */
	data = NULL;
	size = 77;
	CHECK_EQ(fip_find(&toc, &other, &data, &size), FIP_ERR_NOT_FOUND);
	CHECK(data == NULL);
	CHECK_EQ(size, 77);
	CHECK_EQ(fip_find(&toc, &uuid_null, &data, &size), FIP_ERR_NOT_FOUND);

	/* Iteration in ToC order. */
	CHECK_EQ(fip_entry_at(&toc, 0, &e), FIP_OK);
	CHECK(fip_uuid_equal(&e.uuid, &uuid_tb));
	CHECK_EQ(e.offset, GOOD_TOC_END);
	CHECK_EQ(e.size, 5);
	CHECK_EQ(e.flags, 0);
	CHECK(e.data == buf + GOOD_TOC_END);
	CHECK_EQ(fip_entry_at(&toc, 1, &e), FIP_OK);
	CHECK(fip_uuid_equal(&e.uuid, &uuid_soc));
	CHECK_EQ(e.size, 0);
	CHECK_EQ(fip_entry_at(&toc, 2, &e), FIP_OK);
	CHECK(fip_uuid_equal(&e.uuid, &uuid_nt));
	CHECK_EQ(e.offset, GOOD_TOC_END + 5);
	CHECK_EQ(fip_entry_at(&toc, 3, &e), FIP_ERR_NOT_FOUND);
	CHECK_EQ(fip_entry_at(&toc, (size_t)-1, &e), FIP_ERR_NOT_FOUND);
}

/* Any buffer alignment works (the host tool reads files at any offset). */
static void test_parse_unaligned(void)
{
	uint8_t buf[GOOD_SIZE], shifted[GOOD_SIZE + 8];
	struct fip_toc toc;
	const void *data;
	size_t size;

	build_good(buf);
	for (size_t shift = 1; shift < 8; shift++) {
		memcpy(shifted + shift, buf, GOOD_SIZE);
		CHECK_EQ(fip_parse(shifted + shift, GOOD_SIZE, &toc), FIP_OK);
		CHECK_EQ(toc.count, 3);
		CHECK_EQ(fip_find(&toc, &uuid_nt, &data, &size), FIP_OK);
		CHECK(data == shifted + shift + GOOD_TOC_END + 5);
		CHECK_EQ(size, 7);
	}
}

/* A buffer longer than the FIP (e.g. a flash region) is fine. */
static void test_parse_long_buffer(void)
{
	uint8_t buf[GOOD_SIZE + 100];
	struct fip_toc toc;

	memset(buf, 0xff, sizeof(buf));
	build_good(buf);
	CHECK_EQ(fip_parse(buf, sizeof(buf), &toc), FIP_OK);
	CHECK_EQ(toc.size, GOOD_SIZE);
	CHECK_EQ(toc.count, 3);
}

/* A FIP with no images: header + end marker, 56 bytes. */
static void test_parse_empty_fip(void)
{
	uint8_t buf[HDR + ENT];
	struct fip_toc toc;
	struct fip_entry e;

	hdr(buf, FIP_TOC_HEADER_NAME, 1, 0);
	ent(buf, 0, &uuid_null, sizeof(buf), 0);
	CHECK_EQ(fip_parse(buf, sizeof(buf), &toc), FIP_OK);
	CHECK_EQ(toc.count, 0);
	CHECK_EQ(toc.size, 56);
	CHECK_EQ(fip_entry_at(&toc, 0, &e), FIP_ERR_NOT_FOUND);
	CHECK_EQ(fip_find(&toc, &uuid_tb, NULL, NULL), FIP_ERR_NOT_FOUND);
}

/* A real TF-A fiptool output, with its unused ToC slot and padding. */
static void test_parse_debian_fip(void)
{
	struct fip_toc toc;
	const void *data;
	size_t size;

	CHECK_EQ(fip_parse(debian_fip, sizeof(debian_fip), &toc), FIP_OK);
	CHECK_EQ(toc.count, 2);
	CHECK_EQ(toc.size, 0xd0);
	CHECK_EQ(toc.serial_number, FIP_TOC_SERIAL_NUMBER);
	CHECK_EQ((toc.flags & FIP_TOC_PLAT_FLAGS_MASK) >> FIP_TOC_PLAT_FLAGS_SHIFT, 0xa5);
	CHECK_EQ(fip_find(&toc, &uuid_tb, &data, &size), FIP_OK);
	CHECK(data == debian_fip + 0xb0);
	CHECK_EQ(size, 7);
	CHECK(memcmp(data, "bl2-img", 7) == 0);
	CHECK_EQ(fip_find(&toc, &uuid_nt, &data, &size), FIP_OK);
	CHECK(data == debian_fip + 0xc0);
	CHECK_EQ(size, 4);
	CHECK(memcmp(data, "bl33", 4) == 0);
	CHECK_EQ(fip_find(&toc, &uuid_soc, &data, &size), FIP_ERR_NOT_FOUND);
}

/* Exactly FIP_MAX_ENTRIES images is accepted; one more is not. */
#define BIG_TOC_END(n) (HDR + ((n) + 1) * ENT)

static void test_max_entries(void)
{
	static uint8_t buf[BIG_TOC_END(FIP_MAX_ENTRIES + 1)];
	struct fip_toc toc;
	struct fip_uuid u;
	unsigned int i;

	hdr(buf, FIP_TOC_HEADER_NAME, 1, 0);
	for (i = 0; i < FIP_MAX_ENTRIES; i++) {
		u = uuid_n(i);
		ent(buf, i, &u, BIG_TOC_END(FIP_MAX_ENTRIES), 0);
	}
	ent(buf, FIP_MAX_ENTRIES, &uuid_null, BIG_TOC_END(FIP_MAX_ENTRIES), 0);
	CHECK_EQ(fip_parse(buf, BIG_TOC_END(FIP_MAX_ENTRIES), &toc), FIP_OK);
	CHECK_EQ(toc.count, FIP_MAX_ENTRIES);

	u = uuid_n(FIP_MAX_ENTRIES);
	ent(buf, FIP_MAX_ENTRIES, &u, 0, 0);
	ent(buf, FIP_MAX_ENTRIES + 1, &uuid_null, BIG_TOC_END(FIP_MAX_ENTRIES + 1), 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_TOO_MANY_ENTRIES);
}

/* ---- malformed FIPs: one exact error each -------------------------------- */

static void test_bad_header(void)
{
	uint8_t buf[GOOD_SIZE];
	struct fip_toc toc = { .count = 99 };

	build_good(buf);
	CHECK_EQ(parse_exact(buf, 0), FIP_ERR_SHORT_HEADER);
	CHECK_EQ(parse_exact(buf, HDR - 1), FIP_ERR_SHORT_HEADER);

	le32(buf, 0xAA640002);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_BAD_NAME);
	le32(buf, 0x0164AAAA); /* name stored big-endian */
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_BAD_NAME);

	build_good(buf);
	le32(buf + 4, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_BAD_SERIAL);
	/* The view is left untouched on error. */
	CHECK_EQ(fip_parse(buf, sizeof(buf), &toc), FIP_ERR_BAD_SERIAL);
	CHECK_EQ(toc.count, 99);

	/* Any non-zero serial number is fine. */
	le32(buf + 4, 0xffffffff);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_OK);
}

static void test_no_end_marker(void)
{
	struct fip_uuid other = uuid_n(9);
	uint8_t buf[GOOD_SIZE];

	/* The ToC runs to the end of the buffer without a null UUID. */
	build_good(buf);
	CHECK_EQ(parse_exact(buf, GOOD_TOC_END - 1), FIP_ERR_NO_END_MARKER);
	CHECK_EQ(parse_exact(buf, HDR), FIP_ERR_NO_END_MARKER);

	/* The end marker is replaced by an image entry; payload bytes follow
	 * but are not a whole entry. */
	ent(buf, 3, &other, GOOD_SIZE, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_NO_END_MARKER);
}

static void test_bad_fip_size(void)
{
	uint8_t buf[GOOD_SIZE];

	/* End marker says the FIP is larger than the data. */
	build_good(buf);
	ent(buf, 3, &uuid_null, GOOD_SIZE + 1, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_TRUNCATED);
	ent(buf, 3, &uuid_null, UINT64_MAX, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_TRUNCATED);

	/* End marker's offset inside the ToC. */
	ent(buf, 3, &uuid_null, GOOD_TOC_END - 1, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_BAD_END_OFFSET);
	ent(buf, 3, &uuid_null, 0, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_BAD_END_OFFSET);
}

static void test_offset_wrap(void)
{
	uint8_t buf[GOOD_SIZE];

	build_good(buf);
	ent(buf, 1, &uuid_soc, 0xfffffffffffffff0ull, 0x20);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OFFSET_WRAP);
	ent(buf, 1, &uuid_soc, 1, UINT64_MAX);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OFFSET_WRAP);
	/* Huge but not wrapping: past the end instead. */
	ent(buf, 1, &uuid_soc, 0, UINT64_MAX);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_PAST_END);
}

static void test_past_end(void)
{
	uint8_t buf[GOOD_SIZE + 64];

	/* One byte past the FIP size, though still inside the buffer. */
	memset(buf, 0, sizeof(buf));
	build_good(buf);
	ent(buf, 2, &uuid_nt, GOOD_TOC_END + 5, 8);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_PAST_END);

	/* Ending exactly at the FIP size is fine. */
	ent(buf, 2, &uuid_nt, GOOD_TOC_END + 5, 7);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_OK);

	/* An empty image must still point inside the FIP. */
	ent(buf, 1, &uuid_soc, GOOD_SIZE, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_OK);
	ent(buf, 1, &uuid_soc, GOOD_SIZE + 1, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_PAST_END);
}

static void test_overlaps_toc(void)
{
	uint8_t buf[GOOD_SIZE];

	build_good(buf);
	ent(buf, 0, &uuid_tb, GOOD_TOC_END - 1, 5);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OVERLAPS_TOC);
	ent(buf, 0, &uuid_tb, 0, 5); /* image "is" the header */
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OVERLAPS_TOC);

	/* Empty images overlap nothing, even inside the ToC. */
	build_good(buf);
	ent(buf, 1, &uuid_soc, 0, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_OK);
	ent(buf, 1, &uuid_soc, HDR + 3, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_OK);
}

static void test_overlap(void)
{
	uint8_t buf[GOOD_SIZE];

	/* BL33 starts in BL2's last byte. */
	build_good(buf);
	ent(buf, 2, &uuid_nt, GOOD_TOC_END + 4, 7);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OVERLAP);

	/* Same range twice. */
	ent(buf, 2, &uuid_nt, GOOD_TOC_END, 5);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OVERLAP);

	/* One inside the other, either order. */
	ent(buf, 0, &uuid_tb, GOOD_TOC_END, 12);
	ent(buf, 2, &uuid_nt, GOOD_TOC_END + 3, 2);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OVERLAP);
	ent(buf, 0, &uuid_tb, GOOD_TOC_END + 3, 2);
	ent(buf, 2, &uuid_nt, GOOD_TOC_END, 12);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_OVERLAP);

	/* Adjacent ranges, listed out of order, are fine. */
	ent(buf, 0, &uuid_tb, GOOD_TOC_END + 7, 5);
	ent(buf, 2, &uuid_nt, GOOD_TOC_END, 7);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_OK);

	/* A zero-size entry inside another image is fine. */
	ent(buf, 1, &uuid_soc, GOOD_TOC_END + 2, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_OK);
}

static void test_duplicate_uuid(void)
{
	uint8_t buf[GOOD_SIZE];

	build_good(buf);
	ent(buf, 2, &uuid_tb, GOOD_TOC_END + 5, 7);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_DUPLICATE_UUID);

	/* Even two empty entries may not share a UUID. */
	build_good(buf);
	ent(buf, 0, &uuid_soc, GOOD_TOC_END, 0);
	CHECK_EQ(parse_exact(buf, sizeof(buf)), FIP_ERR_DUPLICATE_UUID);
}

/*
 * Every truncation of a valid FIP fails, with the error its length implies:
 * the end marker's offset is the full size, so no proper prefix is valid.
 */
static void check_truncations(const uint8_t *fip, size_t full, size_t toc_end)
{
	int err, want;

	for (size_t len = 0; len < full; len++) {
		err = parse_exact(fip, len);
		if (len < HDR)
			want = FIP_ERR_SHORT_HEADER;
		else if (len < toc_end)
			want = FIP_ERR_NO_END_MARKER;
		else
			want = FIP_ERR_TRUNCATED;
		CHECK_EQ(err, want);
		if (err != want)
			printf("    (at len %zu)\n", len);
	}
	CHECK_EQ(parse_exact(fip, full), FIP_OK);
}

static void test_truncation(void)
{
	uint8_t buf[GOOD_SIZE];

	build_good(buf);
	check_truncations(buf, GOOD_SIZE, GOOD_TOC_END);
	check_truncations(debian_fip, sizeof(debian_fip), HDR + 3 * ENT);
}

/*
 * Random corruption: the parser must never crash (ASan/UBSan watch), and
 * whenever it says OK the view it returns must honour every rule.
 */
static uint32_t rng_state = 0x2545f491;

static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

static void check_view(const struct fip_toc *toc, size_t len)
{
	struct fip_entry a, b;
	size_t toc_end = HDR + (toc->count + 1) * ENT;

	CHECK(toc->size <= len);
	CHECK(toc->size >= toc_end);
	for (size_t i = 0; fip_entry_at(toc, i, &a) == FIP_OK; i++) {
		CHECK(a.offset + a.size <= toc->size);
		CHECK(a.size == 0 || a.offset >= toc_end);
		for (size_t j = 0; j < i; j++) {
			fip_entry_at(toc, j, &b);
			CHECK(!fip_uuid_equal(&a.uuid, &b.uuid));
			CHECK(a.size == 0 || b.size == 0 || a.offset + a.size <= b.offset ||
			      b.offset + b.size <= a.offset);
		}
	}
}

static void test_random_corruption(void)
{
	uint8_t good[GOOD_SIZE], *buf;
	struct fip_toc toc;
	unsigned int ok = 0;

	build_good(good);
	for (int iter = 0; iter < 20000; iter++) {
		size_t len = GOOD_SIZE - (rng() % 4 == 0 ? rng() % GOOD_SIZE : 0);

		buf = malloc(len != 0 ? len : 1);
		memcpy(buf, good, len);
		for (unsigned int n = 1 + rng() % 4; n > 0 && len > 0; n--) {
			size_t pos = rng() % len;

			/* Favour the ToC fields the checks look at. */
			if (rng() % 2)
				pos = rng() % (len < GOOD_TOC_END ? len : GOOD_TOC_END);
			buf[pos] = (uint8_t)rng();
		}
		if (fip_parse(buf, len, &toc) == FIP_OK) {
			ok++;
			check_view(&toc, len);
		}
		free(buf);
	}
	/* Some mutations (payload bytes, flags) leave the FIP valid. */
	CHECK(ok > 0);
}

int main(void)
{
	RUN_TEST(test_layout);
	RUN_TEST(test_image_table);
	RUN_TEST(test_uuid_strings);
	RUN_TEST(test_writers);
	RUN_TEST(test_strerror);
	RUN_TEST(test_parse_good);
	RUN_TEST(test_changed_after_parse);
	RUN_TEST(test_parse_unaligned);
	RUN_TEST(test_parse_long_buffer);
	RUN_TEST(test_parse_empty_fip);
	RUN_TEST(test_parse_debian_fip);
	RUN_TEST(test_max_entries);
	RUN_TEST(test_bad_header);
	RUN_TEST(test_no_end_marker);
	RUN_TEST(test_bad_fip_size);
	RUN_TEST(test_offset_wrap);
	RUN_TEST(test_past_end);
	RUN_TEST(test_overlaps_toc);
	RUN_TEST(test_overlap);
	RUN_TEST(test_duplicate_uuid);
	RUN_TEST(test_truncation);
	RUN_TEST(test_random_corruption);
	return test_summary();
}
