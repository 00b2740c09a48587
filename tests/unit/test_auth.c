/*
 * Host unit tests for lib/auth: the DER reader, certificate parsing and
 * extension lookup, hash, NV counter, ROTPK and signature checks, the
 * chain-of-trust walk and its failure cases, and mbed TLS's heap peak.
 *
 * The certificates come from tests/unit/auth_data.sh (our cert_create, fresh
 * keys per build) in AUTH_TEST_DATA. mbed TLS is the host build of the same
 * sources and configuration as the firmware's, with ASan and UBSan; it
 * allocates from the C library here so that ASan sees every block, except
 * in the heap test, which uses the firmware's pool allocator.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "host_stubs.h"

#include <lib/auth/auth.h>
#include <lib/auth/auth_cot.h>
#include <lib/auth/tbbr_oid.h>
#include <plat/plat_trusted_boot.h>

#include "../../lib/auth/auth_private.h"
#include "mbedtls/bignum.h"

#ifndef AUTH_TEST_DATA
#error "AUTH_TEST_DATA must name the folder auth_data.sh made"
#endif

/* ----- Files ------------------------------------------------------------------ */

struct blob {
	uint8_t *p;
	size_t len;
};

static struct blob load(const char *set, const char *name)
{
	char path[512];
	struct blob b = { NULL, 0 };
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s/%s", AUTH_TEST_DATA, set, name);
	f = fopen(path, "rb");
	if (f == NULL) {
		printf("    cannot open %s\n", path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	b.len = (size_t)n;
	b.p = malloc(b.len + 1);
	if (b.p == NULL || fread(b.p, 1, b.len, f) != b.len)
		exit(2);
	fclose(f);
	return b;
}

static struct blob copy(struct blob b)
{
	struct blob c = { malloc(b.len + 8), b.len };

	memcpy(c.p, b.p, b.len);
	return c;
}

/* First offset of @pat in @b, or -1. */
static long find(struct blob b, const uint8_t *pat, size_t n)
{
	size_t i;

	for (i = 0; i + n <= b.len; i++) {
		if (memcmp(b.p + i, pat, n) == 0)
			return (long)i;
	}
	return -1;
}

/* ----- Platform hooks (include/plat/plat_trusted_boot.h) ---------------------- */

static uint8_t fake_rotpk[19 + 64];
static size_t fake_rotpk_len;
static uint32_t fake_nv[2];
static int fake_fail;

int plat_get_rotpk_hash(const uint8_t **hash, size_t *len)
{
	if (fake_fail)
		return -1;
	*hash = fake_rotpk;
	*len = fake_rotpk_len;
	return 0;
}

int plat_get_nv_ctr(enum plat_nv_ctr ctr, uint32_t *value)
{
	if (fake_fail)
		return -1;
	*value = fake_nv[ctr];
	return 0;
}

/* DigestInfo prefixes (RFC 8017 9.2 note 1) for SHA-256 and SHA-512. */
static const uint8_t di_sha256[19] = { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
	                               0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20 };
static const uint8_t di_sha512[19] = { 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
	                               0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40 };

/* The platform holds @set's ROT key hash, computed by openssl. */
static void fake_set_rotpk(const char *set)
{
	struct blob d = load(set, "rot_pub.sha256");

	memcpy(fake_rotpk, di_sha256, 19);
	memcpy(fake_rotpk + 19, d.p, 32);
	fake_rotpk_len = 19 + 32;
	free(d.p);
}

static void fake_reset(const char *set)
{
	fake_set_rotpk(set);
	fake_nv[PLAT_NV_CTR_TRUSTED] = 5;
	fake_nv[PLAT_NV_CTR_NON_TRUSTED] = 7;
	fake_fail = 0;
}

/* ----- DER reader --------------------------------------------------------------- */

static int der1(const uint8_t *buf, size_t len, size_t *content_len)
{
	struct auth_buf val;
	struct der d;
	int rc;

	der_init(&d, buf, len);
	rc = der_get(&d, DER_SEQUENCE, &val, NULL);
	if (rc == AUTH_OK && content_len != NULL)
		*content_len = val.len;
	return rc;
}

static void test_der_lengths(void)
{
	static const uint8_t short_form[] = { 0x30, 0x02, 0x05, 0x00 };
	static const uint8_t long_1[130] = { 0x30, 0x81, 0x7f };
	static const uint8_t long_ok[131] = { 0x30, 0x81, 0x80 };
	static const uint8_t long_zero[] = { 0x30, 0x82, 0x00, 0x80 };
	static const uint8_t indefinite[] = { 0x30, 0x80, 0x00, 0x00 };
	static const uint8_t overrun[] = { 0x30, 0x03, 0x05, 0x00 };
	static const uint8_t huge[] = { 0x30, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00 };
	static const uint8_t header_cut[] = { 0x30, 0x82, 0x01 };
	static const uint8_t wrong_tag[] = { 0x31, 0x00 };
	size_t n = 0;

	CHECK_EQ(der1(short_form, sizeof(short_form), &n), AUTH_OK);
	CHECK_EQ(n, 2);
	CHECK_EQ(der1(long_ok, sizeof(long_ok), &n), AUTH_OK);
	CHECK_EQ(n, 128);
	/* 127 in the long form, and a leading zero octet: not DER. */
	CHECK_EQ(der1(long_1, sizeof(long_1), NULL), AUTH_E_CERT_LONG_FORM);
	CHECK_EQ(der1(long_zero, sizeof(long_zero), NULL), AUTH_E_CERT_LONG_FORM);
	CHECK_EQ(der1(indefinite, sizeof(indefinite), NULL), AUTH_E_CERT_DER);
	CHECK_EQ(der1(overrun, sizeof(overrun), NULL), AUTH_E_CERT_LENGTH);
	CHECK_EQ(der1(huge, sizeof(huge), NULL), AUTH_E_CERT_LENGTH);
	CHECK_EQ(der1(header_cut, sizeof(header_cut), NULL), AUTH_E_CERT_DER);
	CHECK_EQ(der1(wrong_tag, sizeof(wrong_tag), NULL), AUTH_E_CERT_DER);
	CHECK_EQ(der1(short_form, 0, NULL), AUTH_E_CERT_DER);
	CHECK_EQ(der1(short_form, 1, NULL), AUTH_E_CERT_DER);
}

static void test_oid_text(void)
{
	/* 1.3.6.1.4.1.4128.2100.201 as it appears in certificates. */
	static const uint8_t bl2[] = { 0x2b, 0x06, 0x01, 0x04, 0x01, 0xa0,
		                       0x20, 0x90, 0x34, 0x81, 0x49 };
	static const uint8_t two[] = { 0x88, 0x37 }; /* 2.999 */
	static const char *const bad[] = {
		"",
		"1",
		"3.1",
		"1.40",
		"1..2",
		"1.2.",
		"01.2",
		"1.02",
		"1.2.4294967296",
		"1.2.x",
		"-1.2",
		" 1.2",
		"1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16.17.18.19.20.21.22."
		"23.24.25.26.27.28.29.30.31.32.33.34.35.36.37.38.39.40",
	};
	uint8_t out[DER_OID_MAX_LEN];
	size_t len = 0, i;

	CHECK_EQ(der_oid_from_text(TBBR_OID_BL2_HASH, out, sizeof(out), &len), AUTH_OK);
	CHECK(len == sizeof(bl2) && memcmp(out, bl2, len) == 0);
	CHECK_EQ(der_oid_from_text("2.999", out, sizeof(out), &len), AUTH_OK);
	CHECK(len == sizeof(two) && memcmp(out, two, len) == 0);
	CHECK_EQ(der_oid_from_text("1.2.4294967295", out, sizeof(out), &len), AUTH_OK);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (der_oid_from_text(bad[i], out, sizeof(out), &len) != AUTH_E_INVALID_ARG) {
			printf("    accepted bad OID \"%s\"\n", bad[i]);
			CHECK(0);
		}
	}
}

/* ----- Certificate parsing ------------------------------------------------------ */

static const char *const full_sets[] = { "rsa2048-sha256", "ecdsa256-sha512" };
static const char *const cert_files[] = {
	"tb_fw.crt",  "trusted_key.crt", "soc_fw_key.crt",
	"soc_fw.crt", "nt_fw_key.crt",   "nt_fw.crt",
};
/* SKI, AKI, basicConstraints, then the TBBR ones. */
static const unsigned int cert_ext_counts[] = { 8, 6, 5, 6, 5, 6 };

static void test_cert_parse_good(void)
{
	struct auth_cert c;
	size_t s, i;

	for (s = 0; s < 2; s++) {
		for (i = 0; i < 6; i++) {
			struct blob b = load(full_sets[s], cert_files[i]);

			CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_OK);
			CHECK(c.raw.p == b.p && c.raw.len == b.len);
			CHECK(c.tbs.p == b.p + 4);
			CHECK_EQ(c.ext_count, cert_ext_counts[i]);
			CHECK(c.sig.len >= 64);
			CHECK(c.spki.len > 64 && c.spki.p[0] == 0x30);
			free(b.p);
		}
	}
}

/* The certificate with one byte changed at the first match of @pat +
 * @offset: returns auth_cert_parse()'s result. */
static int parse_patched(struct blob good, const uint8_t *pat, size_t n, long offset, uint8_t value)
{
	struct blob b = copy(good);
	struct auth_cert c;
	long at = find(b, pat, n);
	int rc;

	if (at < 0) {
		printf("    pattern not found\n");
		free(b.p);
		return 1;
	}
	b.p[at + offset] = value;
	rc = auth_cert_parse(b.p, b.len, &c);
	free(b.p);
	return rc;
}

/* The certificate with a byte inserted at @at, the outer and TBS long-form
 * lengths (both 0x82 hi lo at offsets 1 and 5) grown by one. */
static struct blob insert_byte(struct blob good, size_t at, uint8_t value)
{
	struct blob b = { malloc(good.len + 1), good.len + 1 };
	unsigned int l;

	memcpy(b.p, good.p, at);
	b.p[at] = value;
	memcpy(b.p + at + 1, good.p + at, good.len - at);
	l = ((unsigned int)b.p[2] << 8 | b.p[3]) + 1;
	b.p[2] = (uint8_t)(l >> 8);
	b.p[3] = (uint8_t)l;
	l = ((unsigned int)b.p[6] << 8 | b.p[7]) + 1;
	b.p[6] = (uint8_t)(l >> 8);
	b.p[7] = (uint8_t)l;
	return b;
}

static void test_cert_parse_bad(void)
{
	static const uint8_t version[] = { 0xa0, 0x03, 0x02, 0x01, 0x02 };
	static const uint8_t nv_ext[] = { 0x2b, 0x06, 0x01, 0x04, 0x01, 0xa0, 0x20,
		                          0x90, 0x34, 0x01, 0x01, 0x01, 0xff };
	static const uint8_t cfg_oid[] = { 0x90, 0x34, 0x81, 0x4a };
	static const uint8_t arc_201[] = { 0x20, 0x90, 0x34, 0x81, 0x49 };
	struct blob good = load("rsa2048-sha256", "tb_fw.crt");
	struct blob b;
	struct auth_cert c;
	size_t len;
	int rc;

	CHECK_EQ(auth_cert_parse(NULL, 10, &c), AUTH_E_CERT_MISSING);
	CHECK_EQ(auth_cert_parse(good.p, 0, &c), AUTH_E_CERT_MISSING);
	CHECK_EQ(auth_cert_parse(good.p, good.len, NULL), AUTH_E_INVALID_ARG);
	CHECK_EQ(auth_cert_parse(good.p, AUTH_CERT_MAX_LEN + 1, &c), AUTH_E_CERT_TOO_LONG);

	/* Trailing garbage. */
	b = copy(good);
	b.p[b.len] = 0;
	CHECK_EQ(auth_cert_parse(b.p, b.len + 1, &c), AUTH_E_CERT_TRAILING);
	free(b.p);

	/* Every truncation is refused, as a certificate error. */
	for (len = 1; len < good.len; len++) {
		rc = auth_cert_parse(good.p, len, &c);
		if (rc != AUTH_E_CERT_LENGTH && rc != AUTH_E_CERT_DER) {
			printf("    cut at %zu: %d\n", len, rc);
			CHECK(0);
			break;
		}
	}

	/* Over-long lengths: the certificate claims one byte more than
	 * there is; the TBS runs past the certificate; the TBS one byte long
	 * (it swallows the signature algorithm's tag). */
	b = copy(good);
	b.p[3]++;
	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_LENGTH);
	free(b.p);
	b = copy(good);
	b.p[6] += 2;
	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_LENGTH);
	free(b.p);
	b = copy(good);
	b.p[7]++;
	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_DER);
	free(b.p);
	/* The certificate's own length one short: a byte is left over. */
	b = copy(good);
	b.p[3]--;
	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_TRAILING);
	free(b.p);

	/* A length in long form where the short form fits: the version's
	 * [0] with 0x81 0x03 instead of 0x03. */
	b = insert_byte(good, 9, 0x81);
	CHECK_EQ(b.p[8], 0xa0);
	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_LONG_FORM);
	free(b.p);

	/* Version v1 / v2. */
	CHECK_EQ(parse_patched(good, version, sizeof(version), 4, 0), AUTH_E_CERT_VERSION);
	CHECK_EQ(parse_patched(good, version, sizeof(version), 4, 1), AUTH_E_CERT_VERSION);

	/* Outer signature algorithm not the TBS's: the outer PSS salt length
	 * (the last INTEGER 0x20 before the signature BIT STRING). */
	b = copy(good);
	{
		struct auth_cert ok;

		CHECK_EQ(auth_cert_parse(good.p, good.len, &ok), AUTH_OK);
		len = (size_t)(ok.sig_alg.p - good.p) + ok.sig_alg.len - 1;
		CHECK_EQ(b.p[len], 0x20);
		b.p[len] = 0x21;
		CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_SIG_ALG);
		/* Unused bits in the signature BIT STRING. */
		b.p[len] = 0x20;
		b.p[(ok.sig.p - good.p) - 1] = 1;
		CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_DER);
	}
	free(b.p);

	/* critical BOOLEAN not 0xff. */
	CHECK_EQ(parse_patched(good, nv_ext, sizeof(nv_ext), 12, 0x01), AUTH_E_CERT_DER);
	/* TB_FW_CONFIG hash OID turned into the BL2 hash's: duplicate. */
	CHECK_EQ(parse_patched(good, cfg_oid, sizeof(cfg_oid), 3, 0x49), AUTH_E_CERT_EXT_DUP);
	/* A critical extension outside the TBBR arc. */
	CHECK_EQ(parse_patched(good, arc_201, sizeof(arc_201), 0, 0x21), AUTH_E_CERT_EXT_CRITICAL);
	/* Random bytes. */
	b = copy(good);
	for (len = 0; len < b.len; len++)
		b.p[len] = (uint8_t)(len * 131u + 7u);
	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_E_CERT_DER);
	free(b.p);
	free(good.p);
}

/* ----- Extensions ----------------------------------------------------------------- */

/* A certificate view whose extensions are exactly @exts (no parse). */
static struct auth_cert fake_cert(const uint8_t *exts, size_t len)
{
	struct auth_cert c;

	memset(&c, 0, sizeof(c));
	c.exts.p = exts;
	c.exts.len = len;
	return c;
}

/* Extension { 1.3.6.1.4.1.4128.2100.1, critical, OCTET STRING { @val } } */
static size_t nv_ext(uint8_t *out, const uint8_t *val, size_t n)
{
	static const uint8_t oid[] = { 0x06, 0x0a, 0x2b, 0x06, 0x01, 0x04,
		                       0x01, 0xa0, 0x20, 0x90, 0x34, 0x01 };
	size_t i = 0;

	out[i++] = 0x30;
	out[i++] = (uint8_t)(sizeof(oid) + 3 + 2 + n);
	memcpy(out + i, oid, sizeof(oid));
	i += sizeof(oid);
	out[i++] = 0x01;
	out[i++] = 0x01;
	out[i++] = 0xff;
	out[i++] = 0x04;
	out[i++] = (uint8_t)n;
	memcpy(out + i, val, n);
	return i + n;
}

static int nv_of(const uint8_t *val, size_t n, uint32_t *v)
{
	uint8_t buf[64];
	size_t len = nv_ext(buf, val, n);
	struct auth_cert c = fake_cert(buf, len);

	return auth_nv_counter(&c, true, v);
}

static void test_ext_lookup(void)
{
	struct blob b = load("rsa2048-sha256", "tb_fw.crt");
	struct blob k = load("rsa2048-sha256", "trusted_key.crt");
	const uint8_t *val;
	struct auth_cert c;
	uint8_t two[128];
	size_t len, n;
	uint32_t nv;

	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_OK);
	CHECK_EQ(auth_cert_ext(&c, TBBR_OID_BL2_HASH, &val, &len), AUTH_OK);
	CHECK_EQ(len, 51);
	CHECK(val[0] == 0x30 && val[1] == 49);
	CHECK_EQ(auth_cert_ext(&c, TBBR_OID_BL31_HASH, &val, &len), AUTH_E_EXT_MISSING);
	CHECK_EQ(auth_cert_ext(&c, "1.2", &val, &len), AUTH_E_EXT_MISSING);
	CHECK_EQ(auth_cert_ext(&c, "not.an.oid", &val, &len), AUTH_E_INVALID_ARG);
	CHECK_EQ(auth_cert_ext(&c, NULL, &val, &len), AUTH_E_INVALID_ARG);
	CHECK_EQ(auth_cert_ext(NULL, TBBR_OID_BL2_HASH, &val, &len), AUTH_E_INVALID_ARG);
	/* A key extension is a SubjectPublicKeyInfo. */
	CHECK_EQ(auth_cert_parse(k.p, k.len, &c), AUTH_OK);
	CHECK_EQ(auth_cert_ext(&c, TBBR_OID_TRUSTED_WORLD_PK, &val, &len), AUTH_OK);
	CHECK(len > 256 && val[0] == 0x30);

	/* A certificate without extensions (found by the fuzzer: no pointer
	 * arithmetic on its NULL extension list). */
	c = fake_cert(NULL, 0);
	CHECK_EQ(auth_cert_ext(&c, TBBR_OID_BL2_HASH, &val, &len), AUTH_E_EXT_MISSING);
	CHECK_EQ(auth_nv_counter(&c, true, &nv), AUTH_E_EXT_MISSING);

	/* Duplicates, in a view auth_cert_parse() would have refused. */
	n = nv_ext(two, (const uint8_t[]){ 0x02, 0x01, 0x05 }, 3);
	memcpy(two + n, two, n);
	c = fake_cert(two, 2 * n);
	CHECK_EQ(auth_cert_ext(&c, TBBR_OID_TRUSTED_NV_CTR, &val, &len), AUTH_E_CERT_EXT_DUP);
	/* Truncated extension list; another tag where an extension must be. */
	c = fake_cert(two, n - 1);
	CHECK_EQ(auth_cert_ext(&c, TBBR_OID_TRUSTED_NV_CTR, &val, &len), AUTH_E_CERT_LENGTH);
	two[0] = 0x31;
	c = fake_cert(two, n);
	CHECK_EQ(auth_cert_ext(&c, TBBR_OID_TRUSTED_NV_CTR, &val, &len), AUTH_E_CERT_DER);
	free(b.p);
	free(k.p);
}

static void test_nv_counter(void)
{
	struct blob b = load("rsa2048-sha256", "tb_fw.crt");
	struct blob nt = load("rsa2048-sha256", "nt_fw.crt");
	struct auth_cert c;
	uint32_t v = 0;

	CHECK_EQ(auth_cert_parse(b.p, b.len, &c), AUTH_OK);
	CHECK_EQ(auth_nv_counter(&c, true, &v), AUTH_OK);
	CHECK_EQ(v, 5);
	CHECK_EQ(auth_nv_counter(&c, false, &v), AUTH_E_EXT_MISSING);
	CHECK_EQ(auth_cert_parse(nt.p, nt.len, &c), AUTH_OK);
	CHECK_EQ(auth_nv_counter(&c, false, &v), AUTH_OK);
	CHECK_EQ(v, 7);
	CHECK_EQ(auth_nv_counter(&c, true, &v), AUTH_E_EXT_MISSING);

	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x01, 0x00 }, 3, &v), AUTH_OK);
	CHECK_EQ(v, 0);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x02, 0x00, 0x80 }, 4, &v), AUTH_OK);
	CHECK_EQ(v, 128);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x05, 0x00, 0xff, 0xff, 0xff, 0xff }, 7, &v),
	         AUTH_OK);
	CHECK_EQ(v, 0xffffffffu);
	/* 2^32: too big. Negative. Not shortest. Wrong type. Trailing byte.
	 * Empty. Truncated. */
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x05, 0x01, 0, 0, 0, 0 }, 7, &v),
	         AUTH_E_EXT_MALFORMED);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x01, 0x80 }, 3, &v), AUTH_E_EXT_MALFORMED);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x02, 0x00, 0x05 }, 4, &v), AUTH_E_EXT_MALFORMED);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x04, 0x01, 0x05 }, 3, &v), AUTH_E_EXT_MALFORMED);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x01, 0x05, 0x00 }, 4, &v), AUTH_E_EXT_MALFORMED);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x00 }, 2, &v), AUTH_E_EXT_MALFORMED);
	CHECK_EQ(nv_of((const uint8_t[]){ 0x02, 0x02, 0x05 }, 3, &v), AUTH_E_EXT_MALFORMED);
	CHECK_EQ(auth_nv_counter(&c, true, NULL), AUTH_E_INVALID_ARG);
	free(b.p);
	free(nt.p);
}

/* ----- Hashes -------------------------------------------------------------------- */

/* FIPS 180-4 example "abc" digests. */
static const uint8_t abc_sha256[32] = { 0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
	                                0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
	                                0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
	                                0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad };
static const uint8_t abc_sha384[48] = { 0xcb, 0x00, 0x75, 0x3f, 0x45, 0xa3, 0x5e, 0x8b, 0xb5, 0xa0,
	                                0x3d, 0x69, 0x9a, 0xc6, 0x50, 0x07, 0x27, 0x2c, 0x32, 0xab,
	                                0x0e, 0xde, 0xd1, 0x63, 0x1a, 0x8b, 0x60, 0x5a, 0x43, 0xff,
	                                0x5b, 0xed, 0x80, 0x86, 0x07, 0x2b, 0xa1, 0xe7, 0xcc, 0x23,
	                                0x58, 0xba, 0xec, 0xa1, 0x34, 0xc8, 0x25, 0xa7 };
static const uint8_t abc_sha512[64] = { 0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba, 0xcc, 0x41,
	                                0x73, 0x49, 0xae, 0x20, 0x41, 0x31, 0x12, 0xe6, 0xfa, 0x4e,
	                                0x89, 0xa9, 0x7e, 0xa2, 0x0a, 0x9e, 0xee, 0xe6, 0x4b, 0x55,
	                                0xd3, 0x9a, 0x21, 0x92, 0x99, 0x2a, 0x27, 0x4f, 0xc1, 0xa8,
	                                0x36, 0xba, 0x3c, 0x23, 0xa3, 0xfe, 0xeb, 0xbd, 0x45, 0x4d,
	                                0x44, 0x23, 0x64, 0x3c, 0xe8, 0x0e, 0x2a, 0x9a, 0xc9, 0x4f,
	                                0xa5, 0x4c, 0xa4, 0x9f };

/* SEQUENCE { SEQUENCE { OID 2.16.840.1.101.3.4.2.@last [, NULL] },
 * OCTET STRING @d } with an optional extra byte in the digest. */
static size_t hash_ext(uint8_t *out, uint8_t last, bool null, const uint8_t *d, size_t n)
{
	static const uint8_t oid[] = { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02 };
	size_t alg_len = sizeof(oid) + 1 + (null ? 2 : 0);
	size_t i = 0;

	out[i++] = 0x30;
	out[i++] = (uint8_t)(2 + alg_len + 2 + n);
	out[i++] = 0x30;
	out[i++] = (uint8_t)alg_len;
	memcpy(out + i, oid, sizeof(oid));
	i += sizeof(oid);
	out[i++] = last;
	if (null) {
		out[i++] = 0x05;
		out[i++] = 0x00;
	}
	out[i++] = 0x04;
	out[i++] = (uint8_t)n;
	memcpy(out + i, d, n);
	return i + n;
}

static void test_hash(void)
{
	static const struct {
		uint8_t last;
		const uint8_t *d;
		size_t n;
	} algs[] = { { 1, abc_sha256, 32 }, { 2, abc_sha384, 48 }, { 3, abc_sha512, 64 } };
	static const uint8_t sha1_ext[] = { 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03,
		                            0x02, 0x1a, 0x05, 0x00, 0x04, 0x14, 1,    2,    3,
		                            4,    5,    6,    7,    8,    9,    10,   11,   12,
		                            13,   14,   15,   16,   17,   18,   19,   20 };
	uint8_t ext[128], d[65];
	size_t i, n, cut;

	for (i = 0; i < 3; i++) {
		n = hash_ext(ext, algs[i].last, true, algs[i].d, algs[i].n);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_OK);
		CHECK_EQ(auth_verify_hash(ext, n, "abd", 3), AUTH_E_HASH_MISMATCH);
		CHECK_EQ(auth_verify_hash(ext, n, "ab", 2), AUTH_E_HASH_MISMATCH);
		CHECK_EQ(auth_verify_hash(ext, n, "abcd", 4), AUTH_E_HASH_MISMATCH);
		/* Parameters absent (RFC 5754 2). */
		n = hash_ext(ext, algs[i].last, false, algs[i].d, algs[i].n);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_OK);
		/* One digest bit off, first and last byte. */
		memcpy(d, algs[i].d, algs[i].n);
		d[0] ^= 1;
		n = hash_ext(ext, algs[i].last, true, d, algs[i].n);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_E_HASH_MISMATCH);
		d[0] ^= 1;
		d[algs[i].n - 1] ^= 0x80;
		n = hash_ext(ext, algs[i].last, true, d, algs[i].n);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_E_HASH_MISMATCH);
		/* Digest one byte short or long for the algorithm. */
		n = hash_ext(ext, algs[i].last, true, algs[i].d, algs[i].n - 1);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_E_EXT_MALFORMED);
		d[algs[i].n - 1] ^= 0x80;
		d[algs[i].n] = 0;
		n = hash_ext(ext, algs[i].last, true, d, algs[i].n + 1);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_E_EXT_MALFORMED);
		/* Another algorithm's OID for this digest (a wrong length),
		 * and an OID that is no SHA-2 (2.16.840.1.101.3.4.2.4:
		 * SHA-224). */
		n = hash_ext(ext, (uint8_t)(algs[i].last % 3 + 1), true, algs[i].d, algs[i].n);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_E_EXT_MALFORMED);
		n = hash_ext(ext, 4, true, algs[i].d, algs[i].n);
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_E_HASH_ALG);
		/* Every truncation, and a byte after the structure. */
		n = hash_ext(ext, algs[i].last, true, algs[i].d, algs[i].n);
		for (cut = 0; cut < n; cut++) {
			if (auth_verify_hash(ext, cut, "abc", 3) != AUTH_E_EXT_MALFORMED) {
				printf("    cut at %zu accepted\n", cut);
				CHECK(0);
			}
		}
		ext[n] = 0;
		CHECK_EQ(auth_verify_hash(ext, n + 1, "abc", 3), AUTH_E_EXT_MALFORMED);
		/* Parameters other than NULL. */
		n = hash_ext(ext, algs[i].last, true, algs[i].d, algs[i].n);
		ext[14] = 0x02;
		ext[15] = 0x00;
		CHECK_EQ(auth_verify_hash(ext, n, "abc", 3), AUTH_E_EXT_MALFORMED);
	}
	CHECK_EQ(auth_verify_hash(sha1_ext, sizeof(sha1_ext), "abc", 3), AUTH_E_HASH_ALG);
	n = hash_ext(ext, 1, true, abc_sha256, 32);
	CHECK_EQ(auth_verify_hash(NULL, n, "abc", 3), AUTH_E_INVALID_ARG);
	CHECK_EQ(auth_verify_hash(ext, n, NULL, 3), AUTH_E_INVALID_ARG);
	/* The empty image has a digest too (e3b0c442...): not "abc"'s. */
	CHECK_EQ(auth_verify_hash(ext, n, NULL, 0), AUTH_E_HASH_MISMATCH);
}

static void test_hash_from_cert(void)
{
	size_t s;

	for (s = 0; s < 2; s++) {
		struct blob cb = load(full_sets[s], "tb_fw.crt");
		struct blob bl2 = load(full_sets[s], "bl2.bin");
		const uint8_t *val;
		struct auth_cert c;
		size_t len;

		CHECK_EQ(auth_cert_parse(cb.p, cb.len, &c), AUTH_OK);
		CHECK_EQ(auth_cert_ext(&c, TBBR_OID_BL2_HASH, &val, &len), AUTH_OK);
		CHECK_EQ(auth_verify_hash(val, len, bl2.p, bl2.len), AUTH_OK);
		bl2.p[100] ^= 4;
		CHECK_EQ(auth_verify_hash(val, len, bl2.p, bl2.len), AUTH_E_HASH_MISMATCH);
		/* Config hashes TF-A-style: all zero for no image. */
		CHECK_EQ(auth_cert_ext(&c, TBBR_OID_HW_CONFIG_HASH, &val, &len), AUTH_OK);
		CHECK_EQ(auth_verify_hash(val, len, bl2.p, bl2.len), AUTH_E_HASH_MISMATCH);
		free(cb.p);
		free(bl2.p);
	}
}

/* ----- ROTPK ----------------------------------------------------------------------- */

static void test_rotpk(void)
{
	struct blob pub = load("rsa2048-sha256", "rot_pub.der");
	struct blob other = load("ecdsa256-sha512", "rot_pub.der");
	struct blob d256 = load("rsa2048-sha256", "rot_pub.sha256");
	struct blob d512 = load("rsa2048-sha256", "rot_pub.sha512");
	uint8_t h[19 + 64 + 1];
	static const uint8_t sha1_prefix[] = { 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e,
		                               0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14 };
	size_t cut;

	memcpy(h, di_sha256, 19);
	memcpy(h + 19, d256.p, 32);
	CHECK_EQ(auth_rotpk_match(pub.p, pub.len, h, 51), AUTH_OK);
	CHECK_EQ(auth_rotpk_match(other.p, other.len, h, 51), AUTH_E_ROTPK_MISMATCH);
	CHECK_EQ(auth_rotpk_match(pub.p, pub.len - 1, h, 51), AUTH_E_ROTPK_MISMATCH);
	h[50] ^= 1;
	CHECK_EQ(auth_rotpk_match(pub.p, pub.len, h, 51), AUTH_E_ROTPK_MISMATCH);
	h[50] ^= 1;
	/* Malformed platform values: every truncation, a byte more. */
	for (cut = 0; cut < 51; cut++) {
		if (auth_rotpk_match(pub.p, pub.len, h, cut) != AUTH_E_ROTPK_HASH) {
			printf("    cut at %zu\n", cut);
			CHECK(0);
		}
	}
	h[51] = 0;
	CHECK_EQ(auth_rotpk_match(pub.p, pub.len, h, 52), AUTH_E_ROTPK_HASH);
	/* SHA-512 DigestInfo. */
	memcpy(h, di_sha512, 19);
	memcpy(h + 19, d512.p, 64);
	CHECK_EQ(auth_rotpk_match(pub.p, pub.len, h, 83), AUTH_OK);
	/* SHA-1: refused. */
	memcpy(h, sha1_prefix, sizeof(sha1_prefix));
	CHECK_EQ(auth_rotpk_match(pub.p, pub.len, h, sizeof(sha1_prefix) + 20), AUTH_E_ROTPK_HASH);
	CHECK_EQ(auth_rotpk_match(NULL, 1, h, 51), AUTH_E_INVALID_ARG);
	free(pub.p);
	free(other.p);
	free(d256.p);
	free(d512.p);
}

/* ----- Signatures ------------------------------------------------------------------ */

static const char *const all_sets[] = {
	"rsa2048-sha256", "ecdsa256-sha512", "rsa3072-sha384",
	"rsa4096-sha512", "ecdsa256-sha256", "ecdsa384-sha384",
};

static void test_signature(void)
{
	struct blob rsa_pub = load("rsa2048-sha256", "rot_pub.der");
	struct blob ec_pub = load("ecdsa256-sha256", "rot_pub.der");
	struct blob rsa1024 = load("other", "rsa1024_pub.der");
	struct blob p521 = load("other", "p521_pub.der");
	struct blob v15 = load("other", "pkcs1v15.crt");
	struct auth_cert c;
	size_t s;

	for (s = 0; s < 6; s++) {
		struct blob cb = load(all_sets[s], "tb_fw.crt");
		struct blob pub = load(all_sets[s], "rot_pub.der");
		bool rsa = all_sets[s][0] == 'r';
		struct blob wrong =
			rsa ? (s == 0 ? load("rsa3072-sha384", "rot_pub.der") : copy(rsa_pub))
			    : (s == 4 ? load("ecdsa256-sha512", "rot_pub.der") : copy(ec_pub));
		struct blob other_type = rsa ? ec_pub : rsa_pub;
		struct blob key_plus = copy(pub);

		CHECK_EQ(auth_cert_parse(cb.p, cb.len, &c), AUTH_OK);
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_OK);
		/* Its own subject key is the same key (self-signed). */
		CHECK_EQ(auth_verify_signature(&c, c.spki.p, c.spki.len), AUTH_OK);
		CHECK_EQ(auth_verify_signature(&c, wrong.p, wrong.len), AUTH_E_SIG_INVALID);
		CHECK_EQ(auth_verify_signature(&c, other_type.p, other_type.len), AUTH_E_KEY_ALG);
		key_plus.p[key_plus.len] = 0;
		CHECK_EQ(auth_verify_signature(&c, key_plus.p, key_plus.len + 1), AUTH_E_KEY);
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len - 1), AUTH_E_KEY);
		CHECK_EQ(auth_verify_signature(&c, pub.p, AUTH_KEY_MAX_LEN + 1), AUTH_E_KEY);
		/* One signature bit flipped (in a copy: c points into cb). */
		((uint8_t *)c.sig.p)[c.sig.len / 2] ^= 0x10;
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_E_SIG_INVALID);
		((uint8_t *)c.sig.p)[c.sig.len / 2] ^= 0x10;
		/* One signed bit flipped (in the serial number). */
		((uint8_t *)c.serial.p)[1] ^= 1;
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_E_SIG_INVALID);
		free(cb.p);
		free(pub.p);
		free(wrong.p);
		free(key_plus.p);
	}

	/* Keys lib/auth refuses; a PKCS#1 v1.5 signature. */
	{
		struct blob cb = load("rsa2048-sha256", "tb_fw.crt");

		CHECK_EQ(auth_cert_parse(cb.p, cb.len, &c), AUTH_OK);
		CHECK_EQ(auth_verify_signature(&c, rsa1024.p, rsa1024.len), AUTH_E_KEY);
		CHECK_EQ(auth_verify_signature(&c, p521.p, p521.len), AUTH_E_KEY);
		CHECK_EQ(auth_verify_signature(&c, cb.p, 300), AUTH_E_KEY);
		CHECK_EQ(auth_verify_signature(NULL, rsa_pub.p, rsa_pub.len), AUTH_E_INVALID_ARG);
		free(cb.p);
	}
	CHECK_EQ(auth_cert_parse(v15.p, v15.len, &c), AUTH_OK);
	CHECK_EQ(auth_verify_signature(&c, rsa_pub.p, rsa_pub.len), AUTH_E_SIG_ALG);

	free(rsa_pub.p);
	free(ec_pub.p);
	free(rsa1024.p);
	free(p521.p);
	free(v15.p);
}

/* ----- Keys, signature algorithms, ECDSA signature values (auth_pk.c) -------------- */

/*
 * A DER builder for the cases below: each TLV is laid out in a static arena
 * (reset per test), so a test builds a structure bottom up from its parts.
 */
static uint8_t arena[64 * 1024];
static size_t arena_used;

static struct blob bytes(const uint8_t *p, size_t n)
{
	struct blob b = { arena + arena_used, n };

	if (arena_used + n > sizeof(arena)) {
		printf("    test arena full\n");
		exit(2);
	}
	memcpy(b.p, p, n);
	arena_used += n;
	return b;
}

/* TAG, DER length, then the parts' bytes (a NULL-terminated list). */
static struct blob tlv(uint8_t tag, ...)
{
	uint8_t body[4096], head[4];
	size_t n = 0, h = 0;
	struct blob *part, out;
	va_list ap;

	va_start(ap, tag);
	while ((part = va_arg(ap, struct blob *)) != NULL) {
		memcpy(body + n, part->p, part->len);
		n += part->len;
	}
	va_end(ap);
	head[h++] = tag;
	if (n < 0x80) {
		head[h++] = (uint8_t)n;
	} else if (n < 0x100) {
		head[h++] = 0x81;
		head[h++] = (uint8_t)n;
	} else {
		head[h++] = 0x82;
		head[h++] = (uint8_t)(n >> 8);
		head[h++] = (uint8_t)n;
	}
	out = bytes(head, h);
	bytes(body, n);
	out.len = h + n;
	return out;
}

#define T(tag, ...) tlv((tag), __VA_ARGS__, (struct blob *)NULL)
#define B(...)      bytes((const uint8_t[]){ __VA_ARGS__ }, sizeof((const uint8_t[]){ __VA_ARGS__ }))

/* A magnitude as an INTEGER: a 00 octet first where its top bit is set. */
static struct blob integer(struct auth_buf mag)
{
	struct blob z = B(0), m = bytes(mag.p, mag.len);

	if (mag.len > 0 && (mag.p[0] & 0x80))
		return T(DER_INTEGER, &z, &m);
	return T(DER_INTEGER, &m);
}

static struct blob oid_rsa(void)
{
	return B(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01);
}
static struct blob oid_ec(void)
{
	return B(0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01);
}
static struct blob oid_p256(void)
{
	return B(0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07);
}
static struct blob null(void)
{
	return B(0x05, 0x00);
}

/* SubjectPublicKeyInfo { AlgorithmIdentifier { @oid, @params }, BIT STRING
 * { @unused, @key } }; @params may be NULL (absent). */
static struct blob spki(struct blob oid, struct blob *params, uint8_t unused, struct blob key)
{
	struct blob u = B(unused);
	struct blob alg = params ? T(DER_SEQUENCE, &oid, params) : T(DER_SEQUENCE, &oid);
	struct blob bits = T(DER_BIT_STRING, &u, &key);

	return T(DER_SEQUENCE, &alg, &bits);
}

static struct blob rsa_spki(struct blob n, struct blob e)
{
	struct blob nul = null();

	return spki(oid_rsa(), &nul, 0, T(DER_SEQUENCE, &n, &e));
}

static int key_rc(struct blob der)
{
	struct auth_key k;
	int rc = auth_key_parse(der.p, der.len, &k);

	return rc == AUTH_OK ? auth_key_check(&k) : rc;
}

static void test_key_parse(void)
{
	struct blob rsa = load("rsa2048-sha256", "rot_pub.der");
	struct blob ec = load("ecdsa256-sha256", "rot_pub.der");
	struct blob p521 = load("other", "p521_pub.der");
	struct auth_key k, ek;
	size_t s;

	arena_used = 0;
	/* Every set's ROT key. */
	for (s = 0; s < 6; s++) {
		struct blob pub = load(all_sets[s], "rot_pub.der");

		CHECK_EQ(auth_key_parse(pub.p, pub.len, &k), AUTH_OK);
		CHECK_EQ(k.type, all_sets[s][0] == 'r' ? AUTH_KEY_RSA : AUTH_KEY_EC);
		CHECK_EQ(auth_key_check(&k), AUTH_OK);
		free(pub.p);
	}

	/* RSA: the builder remakes the key byte for byte. */
	CHECK_EQ(auth_key_parse(rsa.p, rsa.len, &k), AUTH_OK);
	CHECK_EQ(k.n.len, 256);
	CHECK_EQ(k.n.p[0] & 0x80, 0x80);
	CHECK_EQ(k.e.len, 3);
	{
		struct blob n = integer(k.n), e = integer(k.e), good = rsa_spki(n, e);
		struct blob seq = T(DER_SEQUENCE, &n, &e), nul = null(), oid = oid_ec();
		struct blob zz = B(0, 0), zn = bytes(k.n.p, k.n.len);
		struct blob n_long = T(DER_INTEGER, &zz, &zn); /* 00 00 8x...: not shortest */
		struct blob n_neg = T(DER_INTEGER, &zn);       /* 8x...: negative */
		struct blob e_even = integer((struct auth_buf){ (const uint8_t[]){ 1, 0, 0 }, 3 });
		struct blob e_one = integer((struct auth_buf){ (const uint8_t[]){ 1 }, 1 });
		struct blob e_zero = B(0x02, 0x01, 0x00);
		uint8_t big[513], half[256];
		struct blob extra = B(0x02, 0x01, 0x03);
		size_t i;

		CHECK_EQ(good.len, rsa.len);
		CHECK(memcmp(good.p, rsa.p, rsa.len) == 0);
		CHECK_EQ(key_rc(good), AUTH_OK);
		/* Parameters absent: taken, as mbed TLS took them. */
		CHECK_EQ(key_rc(spki(oid_rsa(), NULL, 0, seq)), AUTH_OK);
		/* Other parameters, unused bits, trailing bytes, another OID. */
		CHECK_EQ(key_rc(spki(oid_rsa(), &oid, 0, seq)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_rsa(), &nul, 1, seq)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_ec(), &nul, 0, seq)), AUTH_E_KEY);
		CHECK_EQ(key_rc(rsa_spki(n, e)), AUTH_OK);
		CHECK_EQ(key_rc(spki(oid_rsa(), &nul, 0, T(DER_SEQUENCE, &n, &e, &extra))),
		         AUTH_E_KEY);
		{
			/* A byte after the key, inside and outside the SPKI. */
			struct blob ro = oid_rsa(), alg = T(DER_SEQUENCE, &ro, &nul);
			struct blob u = B(0), bits = T(DER_BIT_STRING, &u, &seq);
			struct blob inside = T(DER_SEQUENCE, &alg, &bits, &extra);
			struct blob after = bytes(good.p, good.len + 1);

			CHECK_EQ(key_rc(inside), AUTH_E_KEY);
			CHECK_EQ(key_rc(after), AUTH_E_KEY);
		}
		/* INTEGERs in DER only. */
		CHECK_EQ(key_rc(rsa_spki(n_long, e)), AUTH_E_KEY);
		CHECK_EQ(key_rc(rsa_spki(n_neg, e)), AUTH_E_KEY);
		/* mbed TLS's checks: e odd, 1 < e < n. */
		CHECK_EQ(key_rc(rsa_spki(n, e_even)), AUTH_E_KEY);
		CHECK_EQ(key_rc(rsa_spki(n, e_one)), AUTH_E_KEY);
		CHECK_EQ(key_rc(rsa_spki(n, e_zero)), AUTH_E_KEY);
		CHECK_EQ(key_rc(rsa_spki(n, n)), AUTH_E_KEY);
		/* Sizes: 2047 bits (n >> 1) and 4097 bits refused, 4096 taken. */
		for (i = 0; i < 256; i++)
			half[i] = (uint8_t)((k.n.p[i] >> 1) | (i > 0 ? (k.n.p[i - 1] << 7) : 0));
		half[255] |= 1;
		CHECK_EQ(key_rc(rsa_spki(integer((struct auth_buf){ half, 256 }), e)), AUTH_E_KEY);
		memset(big, 0xff, sizeof(big));
		big[0] = 0x01;
		CHECK_EQ(key_rc(rsa_spki(integer((struct auth_buf){ big, 513 }), e)), AUTH_E_KEY);
		CHECK_EQ(key_rc(rsa_spki(integer((struct auth_buf){ big + 1, 512 }), e)), AUTH_OK);
	}

	/* EC (P-256). */
	CHECK_EQ(auth_key_parse(ec.p, ec.len, &ek), AUTH_OK);
	CHECK_EQ(ek.curve, AUTH_EC_P256);
	CHECK_EQ(ek.point.len, 65);
	{
		struct blob curve = oid_p256(), nul = null(), pt = bytes(ek.point.p, 65);
		struct blob good = spki(oid_ec(), &curve, 0, pt);
		struct blob off = bytes(ek.point.p, 65), comp = bytes(ek.point.p, 33);
		struct blob k1 = B(0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a);   /* secp256k1 */
		struct blob ecdh = B(0x06, 0x05, 0x2b, 0x81, 0x04, 0x01, 0x0c); /* id-ecDH */
		struct blob expl = T(DER_SEQUENCE, &curve);

		CHECK_EQ(good.len, ec.len);
		CHECK(memcmp(good.p, ec.p, ec.len) == 0);
		CHECK_EQ(key_rc(good), AUTH_OK);
		/* Off the curve: the reader takes it, mbed TLS does not. */
		off.p[64] ^= 1;
		CHECK_EQ(auth_key_parse(spki(oid_ec(), &curve, 0, off).p,
		                        spki(oid_ec(), &curve, 0, off).len, &k),
		         AUTH_OK);
		CHECK_EQ(key_rc(spki(oid_ec(), &curve, 0, off)), AUTH_E_KEY);
		/* Compressed, cut short, unused bits, other curves and forms. */
		comp.p[0] = 0x02;
		CHECK_EQ(key_rc(spki(oid_ec(), &curve, 0, comp)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_ec(), &curve, 0, bytes(ek.point.p, 64))), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_ec(), &curve, 1, pt)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_ec(), &k1, 0, pt)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(ecdh, &curve, 0, pt)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_ec(), &nul, 0, pt)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_ec(), NULL, 0, pt)), AUTH_E_KEY);
		CHECK_EQ(key_rc(spki(oid_ec(), &expl, 0, pt)), AUTH_E_KEY);
		CHECK_EQ(key_rc(p521), AUTH_E_KEY);
	}
	/* Truncations of a good key. */
	for (s = 0; s < rsa.len; s++)
		CHECK_EQ(auth_key_parse(rsa.p, s, &k), AUTH_E_KEY);
	CHECK_EQ(auth_key_parse(NULL, 10, &k), AUTH_E_KEY);
	free(rsa.p);
	free(ec.p);
	free(p521.p);
}

/* RSASSA-PSS-params' parts. */
static struct blob hash_alg(uint8_t last, bool with_null)
{
	struct blob oid = B(0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last);
	struct blob nul = null();

	return with_null ? T(DER_SEQUENCE, &oid, &nul) : T(DER_SEQUENCE, &oid);
}

static struct blob mgf1(struct blob hash)
{
	struct blob oid = B(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08);

	return T(DER_SEQUENCE, &oid, &hash);
}

static struct blob pss_alg(struct blob params)
{
	struct blob oid = B(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a);

	return T(DER_SEQUENCE, &oid, &params);
}

static int alg_rc(struct blob der, struct auth_sig_alg *a)
{
	return auth_sig_alg_parse(der.p, der.len, a);
}

static void test_sig_alg_parse(void)
{
	static const struct {
		const char *set;
		enum auth_sig_scheme scheme;
		enum auth_hash_alg hash;
	} from_certs[] = {
		{ "rsa2048-sha256", AUTH_SIG_RSA_PSS, AUTH_HASH_SHA256 },
		{ "rsa3072-sha384", AUTH_SIG_RSA_PSS, AUTH_HASH_SHA384 },
		{ "rsa4096-sha512", AUTH_SIG_RSA_PSS, AUTH_HASH_SHA512 },
		{ "ecdsa256-sha256", AUTH_SIG_ECDSA, AUTH_HASH_SHA256 },
		{ "ecdsa256-sha512", AUTH_SIG_ECDSA, AUTH_HASH_SHA512 },
		{ "ecdsa384-sha384", AUTH_SIG_ECDSA, AUTH_HASH_SHA384 },
	};
	struct auth_sig_alg a;
	struct auth_cert c;
	size_t i;

	arena_used = 0;
	/* What cert_create writes: PSS with the hash's length of salt. */
	for (i = 0; i < sizeof(from_certs) / sizeof(from_certs[0]); i++) {
		struct blob cb = load(from_certs[i].set, "tb_fw.crt");

		CHECK_EQ(auth_cert_parse(cb.p, cb.len, &c), AUTH_OK);
		CHECK_EQ(auth_sig_alg_parse(c.sig_alg.p, c.sig_alg.len, &a), AUTH_OK);
		CHECK_EQ(a.scheme, from_certs[i].scheme);
		CHECK_EQ(a.hash, from_certs[i].hash);
		if (a.scheme == AUTH_SIG_RSA_PSS)
			CHECK_EQ(a.salt_len, 32);
		free(cb.p);
	}
	{
		struct blob h = hash_alg(1, false), hn = hash_alg(1, true),
			    h384 = hash_alg(2, false);
		struct blob sha1 = B(0x30, 0x07, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a);
		struct blob m = mgf1(h), m384 = mgf1(h384), msha1 = mgf1(sha1);
		struct blob a0 = T(0xa0, &h), a0n = T(0xa0, &hn), a0sha1 = T(0xa0, &sha1);
		struct blob a1 = T(0xa1, &m), a1_384 = T(0xa1, &m384), a1sha1 = T(0xa1, &msha1);
		struct blob salt = B(0x02, 0x01, 0x20), salt_neg = B(0x02, 0x01, 0x80);
		struct blob salt_long = B(0x02, 0x02, 0x00, 0x20);
		struct blob a2 = T(0xa2, &salt), a2neg = T(0xa2, &salt_neg),
			    a2long = T(0xa2, &salt_long);
		struct blob one = B(0x02, 0x01, 0x01), two = B(0x02, 0x01, 0x02);
		struct blob a3 = T(0xa3, &one), a3two = T(0xa3, &two), a4 = T(0xa4, &one);
		struct blob mgf_other = B(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01,
		                          0x01, 0x09);
		struct blob m_other = T(DER_SEQUENCE, &mgf_other, &h), a1other = T(0xa1, &m_other);
		struct blob nul = null(), junk = B(0x05, 0x00);

		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1, &a2, &a3)), &a), AUTH_OK);
		CHECK_EQ(a.salt_len, 32);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0n, &a1, &a2)), &a), AUTH_OK);
		/* saltLength's default is 20 (RFC 4055 3.1). */
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1)), &a), AUTH_OK);
		CHECK_EQ(a.salt_len, 20);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1, &a3)), &a), AUTH_OK);
		/* The defaults are SHA-1: refused. So are SHA-1 given, another
		 * MGF, MGF1 on another hash, a trailer other than 1. */
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a1, &a2)), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a2)), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0sha1, &a1sha1, &a2)), &a),
		         AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1other, &a2)), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1_384, &a2)), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1, &a2, &a3two)), &a),
		         AUTH_E_SIG_ALG);
		/* Not DER, out of order, more fields, trailing bytes. */
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1, &a2neg)), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1, &a2long)), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a1, &a0, &a2)), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1, &a2, &a3, &a4)), &a),
		         AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(T(DER_SEQUENCE, &a0, &a1, &a2, &junk)), &a),
		         AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(pss_alg(nul), &a), AUTH_E_SIG_ALG);
		{
			struct blob oid = B(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01,
			                    0x01, 0x0a);
			struct blob p = T(DER_SEQUENCE, &a0, &a1);

			CHECK_EQ(alg_rc(T(DER_SEQUENCE, &oid), &a), AUTH_E_SIG_ALG);
			CHECK_EQ(alg_rc(T(DER_SEQUENCE, &oid, &p, &nul), &a), AUTH_E_SIG_ALG);
		}
	}
	{
		/* ECDSA: parameters absent or NULL; SHA-1 and SHA-224 refused;
		 * PKCS#1 v1.5. */
		struct blob e256 = B(0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02);
		struct blob e224 = B(0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x01);
		struct blob e1 = B(0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x01);
		struct blob v15 = B(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01,
		                    0x0b);
		struct blob nul = null(), curve = oid_p256();

		CHECK_EQ(alg_rc(T(DER_SEQUENCE, &e256), &a), AUTH_OK);
		CHECK_EQ(a.scheme, AUTH_SIG_ECDSA);
		CHECK_EQ(a.hash, AUTH_HASH_SHA256);
		CHECK_EQ(alg_rc(T(DER_SEQUENCE, &e256, &nul), &a), AUTH_OK);
		CHECK_EQ(alg_rc(T(DER_SEQUENCE, &e256, &curve), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(T(DER_SEQUENCE, &e224), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(T(DER_SEQUENCE, &e1), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(T(DER_SEQUENCE, &v15, &nul), &a), AUTH_E_SIG_ALG);
		CHECK_EQ(alg_rc(T(DER_SEQUENCE, &e256, &nul, &nul), &a), AUTH_E_SIG_ALG);
	}
}

static void test_ecdsa_sig_parse(void)
{
	struct blob cb = load("ecdsa256-sha256", "tb_fw.crt");
	struct auth_buf r, s;
	struct auth_cert c;

	arena_used = 0;
	CHECK_EQ(auth_cert_parse(cb.p, cb.len, &c), AUTH_OK);
	CHECK_EQ(auth_ecdsa_sig_parse(c.sig.p, c.sig.len, &r, &s), AUTH_OK);
	CHECK(r.len >= 28 && r.len <= 32 && s.len >= 28 && s.len <= 32);
	CHECK(r.p[0] != 0 && s.p[0] != 0);
	{
		struct blob ri = integer(r), si = integer(s);
		struct blob r00 = B(0x02, 0x02, 0x00, 0x01), neg = B(0x02, 0x01, 0x80);
		struct blob zero = B(0x02, 0x01, 0x00), x = B(0x05, 0x00);
		struct blob good = T(DER_SEQUENCE, &ri, &si), sig, big;
		uint8_t b49[49];

		/* The builder remakes the signature byte for byte. */
		CHECK_EQ(good.len, c.sig.len);
		CHECK(memcmp(good.p, c.sig.p, good.len) == 0);
		/* INTEGERs not in DER, a third field, one missing, too long. */
		sig = T(DER_SEQUENCE, &r00, &si);
		CHECK_EQ(auth_ecdsa_sig_parse(sig.p, sig.len, &r, &s), AUTH_E_SIG_INVALID);
		sig = T(DER_SEQUENCE, &neg, &si);
		CHECK_EQ(auth_ecdsa_sig_parse(sig.p, sig.len, &r, &s), AUTH_E_SIG_INVALID);
		sig = T(DER_SEQUENCE, &ri, &si, &x);
		CHECK_EQ(auth_ecdsa_sig_parse(sig.p, sig.len, &r, &s), AUTH_E_SIG_INVALID);
		sig = T(DER_SEQUENCE, &ri);
		CHECK_EQ(auth_ecdsa_sig_parse(sig.p, sig.len, &r, &s), AUTH_E_SIG_INVALID);
		memset(b49, 0x11, sizeof(b49));
		big = integer((struct auth_buf){ b49, sizeof(b49) });
		sig = T(DER_SEQUENCE, &ri, &big);
		CHECK_EQ(auth_ecdsa_sig_parse(sig.p, sig.len, &r, &s), AUTH_E_SIG_INVALID);
		CHECK_EQ(auth_ecdsa_sig_parse(good.p, good.len - 1, &r, &s), AUTH_E_SIG_INVALID);
		CHECK_EQ(auth_ecdsa_sig_parse(good.p, good.len + 1, &r, &s), AUTH_E_SIG_INVALID);
		/* Zero parses (a magnitude of no octets); mbed TLS refuses it. */
		sig = T(DER_SEQUENCE, &zero, &si);
		CHECK_EQ(auth_ecdsa_sig_parse(sig.p, sig.len, &r, &s), AUTH_OK);
		CHECK_EQ(r.len, 0);
	}
	free(cb.p);
}

/* The hex bytes of "#define NAME 0x..,0x.." in @b, into @out; their count. */
static size_t header_bytes(struct blob b, const char *name, uint8_t *out, size_t size)
{
	char want[64];
	const char *p;
	size_t n = 0;
	unsigned int v;
	int used;

	snprintf(want, sizeof(want), "#define %s ", name);
	b.p[b.len] = 0;
	p = strstr((const char *)b.p, want);
	if (p == NULL)
		return 0;
	p += strlen(want);
	while (n < size && sscanf(p, "0x%2x%n", &v, &used) == 1) {
		out[n++] = (uint8_t)v;
		p += used;
		if (*p != ',')
			break;
		p++;
	}
	return n;
}

static void test_rsa_rr(void)
{
	static const char *const rsa_sets[] = { "rsa2048-sha256", "rsa3072-sha384",
		                                "rsa4096-sha512" };
	size_t i;

	for (i = 0; i < 3; i++) {
		struct blob h = load(rsa_sets[i], "rotpk_hash.h");
		struct blob pub = load(rsa_sets[i], "rot_pub.der");
		struct blob cb = load(rsa_sets[i], "tb_fw.crt");
		struct blob other = load(rsa_sets[(i + 1) % 3], "rotpk_hash.h");
		uint8_t n[512], rr[512], on[512], orr[512];
		size_t nl = header_bytes(h, "ROTPK_RSA_N", n, sizeof(n));
		size_t rl = header_bytes(h, "ROTPK_RSA_RR", rr, sizeof(rr));
		size_t onl = header_bytes(other, "ROTPK_RSA_N", on, sizeof(on));
		size_t orl = header_bytes(other, "ROTPK_RSA_RR", orr, sizeof(orr));
		mbedtls_mpi N, E, A, X, RR, want;
		struct auth_rsa_rr key = { n, nl, rr, rl }, foreign = { on, onl, orr, orl };
		struct auth_key k;
		struct auth_cert c;

		/* The build's modulus is the key's. */
		CHECK_EQ(auth_key_parse(pub.p, pub.len, &k), AUTH_OK);
		CHECK_EQ(nl, k.n.len);
		CHECK(memcmp(n, k.n.p, nl) == 0);
		CHECK_EQ(rl, nl);
		/* Its R^2 mod N is what mbed TLS's exponentiation computes and
		 * keeps in prec_RR when given none. */
		mbedtls_mpi_init(&N);
		mbedtls_mpi_init(&E);
		mbedtls_mpi_init(&A);
		mbedtls_mpi_init(&X);
		mbedtls_mpi_init(&RR);
		mbedtls_mpi_init(&want);
		CHECK_EQ(mbedtls_mpi_read_binary(&N, n, nl), 0);
		CHECK_EQ(mbedtls_mpi_lset(&E, 3), 0);
		CHECK_EQ(mbedtls_mpi_lset(&A, 2), 0);
		CHECK_EQ(mbedtls_mpi_exp_mod(&X, &A, &E, &N, &RR), 0);
		CHECK_EQ(mbedtls_mpi_read_binary(&want, rr, rl), 0);
		CHECK_EQ(mbedtls_mpi_cmp_mpi(&RR, &want), 0);
		mbedtls_mpi_free(&N);
		mbedtls_mpi_free(&E);
		mbedtls_mpi_free(&A);
		mbedtls_mpi_free(&X);
		mbedtls_mpi_free(&RR);
		mbedtls_mpi_free(&want);

		/* Used for that modulus: the signature verifies with it, and not
		 * with one bit of it wrong; another key's is not used. */
		CHECK_EQ(auth_cert_parse(cb.p, cb.len, &c), AUTH_OK);
		auth_crypto_rsa_rr(&key, 1);
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_OK);
		rr[rl / 2] ^= 0x04;
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_E_SIG_INVALID);
		rr[rl / 2] ^= 0x04;
		orr[orl / 2] ^= 0x04;
		auth_crypto_rsa_rr(&foreign, 1);
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_OK);
		auth_crypto_rsa_rr(NULL, 1);
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_OK);
		free(h.p);
		free(pub.p);
		free(cb.p);
		free(other.p);
	}
	/* An ECDSA ROT key has none. */
	{
		struct blob h = load("ecdsa256-sha256", "rotpk_hash.h");
		uint8_t b[64];

		CHECK_EQ(header_bytes(h, "ROTPK_SHA256", b, sizeof(b)), 32);
		CHECK_EQ(header_bytes(h, "ROTPK_RSA_N", b, sizeof(b)), 0);
		free(h.p);
	}
}

/* The kept curve and comb table: checks on P-256, P-384, P-256 again and,
 * after a release, P-256 once more, each twice (the second with the table
 * kept) and with another P-256 key: each passes or fails as alone. */
static void test_ecdsa_group_kept(void)
{
	static const char *const sets[] = { "ecdsa256-sha256", "ecdsa384-sha384", "ecdsa256-sha256",
		                            "ecdsa256-sha256" };
	struct blob other = load("ecdsa256-sha512", "rot_pub.der");
	size_t i;

	for (i = 0; i < 4; i++) {
		struct blob cb = load(sets[i], "tb_fw.crt");
		struct blob pub = load(sets[i], "rot_pub.der");
		struct auth_cert c;

		if (i == 3)
			auth_crypto_release();
		CHECK_EQ(auth_cert_parse(cb.p, cb.len, &c), AUTH_OK);
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_OK);
		CHECK_EQ(auth_verify_signature(&c, pub.p, pub.len), AUTH_OK);
		if (i != 1)
			CHECK_EQ(auth_verify_signature(&c, other.p, other.len), AUTH_E_SIG_INVALID);
		free(cb.p);
		free(pub.p);
	}
	free(other.p);
}

/* ----- The chain of trust ----------------------------------------------------------- */

struct chain {
	struct blob img[AUTH_IMG_COUNT]; /* .p NULL: not in this set */
};

static struct chain chain_load(const char *set)
{
	struct chain ch;

	memset(&ch, 0, sizeof(ch));
	ch.img[AUTH_IMG_TB_FW_CERT] = load(set, "tb_fw.crt");
	ch.img[AUTH_IMG_BL2] = load(set, "bl2.bin");
	ch.img[AUTH_IMG_TRUSTED_KEY_CERT] = load(set, "trusted_key.crt");
	ch.img[AUTH_IMG_SOC_FW_KEY_CERT] = load(set, "soc_fw_key.crt");
	ch.img[AUTH_IMG_SOC_FW_CERT] = load(set, "soc_fw.crt");
	ch.img[AUTH_IMG_BL31] = load(set, "bl31.bin");
	ch.img[AUTH_IMG_NT_FW_KEY_CERT] = load(set, "nt_fw_key.crt");
	ch.img[AUTH_IMG_NT_FW_CERT] = load(set, "nt_fw.crt");
	ch.img[AUTH_IMG_BL33] = load(set, "bl33.bin");
	return ch;
}

static void chain_free(struct chain *ch)
{
	int i;

	for (i = 0; i < AUTH_IMG_COUNT; i++)
		free(ch->img[i].p);
}

/* The boot order: parents first. */
static const enum auth_image_id boot_order[] = {
	AUTH_IMG_TB_FW_CERT,      AUTH_IMG_BL2,         AUTH_IMG_TRUSTED_KEY_CERT,
	AUTH_IMG_SOC_FW_KEY_CERT, AUTH_IMG_SOC_FW_CERT, AUTH_IMG_BL31,
	AUTH_IMG_NT_FW_KEY_CERT,  AUTH_IMG_NT_FW_CERT,  AUTH_IMG_BL33,
};
#define BOOT_COUNT (sizeof(boot_order) / sizeof(boot_order[0]))

/*
 * Walk the chain with image @bad replaced by @repl (if @repl.p != NULL).
 * Returns the first failure (and its image in *@where) or AUTH_OK.
 */
static int walk(struct auth_ctx *ctx, const struct chain *ch, enum auth_image_id bad,
                struct blob repl, enum auth_image_id *where)
{
	size_t i;
	int rc;

	auth_ctx_init(ctx);
	for (i = 0; i < BOOT_COUNT; i++) {
		enum auth_image_id id = boot_order[i];
		struct blob b = ch->img[id];

		if (id == bad)
			b = repl;
		rc = auth_image(ctx, id, b.p, b.len);
		if (rc != AUTH_OK) {
			*where = id;
			CHECK(!auth_image_authenticated(ctx, id));
			return rc;
		}
		CHECK(auth_image_authenticated(ctx, id));
	}
	return AUTH_OK;
}

/* Expect the walk with that change to fail at @id with @err and @msg. */
static void expect_fail(const struct chain *ch, enum auth_image_id id, struct blob repl, int err,
                        const char *msg)
{
	struct auth_ctx ctx;
	enum auth_image_id where = AUTH_IMG_COUNT;
	char text[160];
	int rc = walk(&ctx, ch, id, repl, &where);

	CHECK_EQ(rc, err);
	CHECK_EQ(where, id);
	CHECK_EQ(auth_ctx_describe(&ctx, text, sizeof(text)), err);
	if (strcmp(text, msg) != 0) {
		printf("    message \"%s\", want \"%s\"\n", text, msg);
		CHECK(0);
	}
}

static struct blob flipped(struct blob b, size_t at, uint8_t mask)
{
	struct blob c = copy(b);

	c.p[at] ^= mask;
	return c;
}

static void test_chain_good(void)
{
	size_t s;

	for (s = 0; s < 2; s++) {
		struct chain ch = chain_load(full_sets[s]);
		enum auth_image_id where;
		struct auth_ctx ctx;
		char text[80];
		int i;

		fake_reset(full_sets[s]);
		CHECK_EQ(walk(&ctx, &ch, AUTH_IMG_COUNT, (struct blob){ 0 }, &where), AUTH_OK);
		for (i = 0; i < (int)BOOT_COUNT; i++)
			CHECK(auth_image_authenticated(&ctx, boot_order[i]));
		CHECK(!auth_image_authenticated(&ctx, AUTH_IMG_HW_CONFIG));
		CHECK_EQ(ctx.nv_ctr_seen[AUTH_NV_CTR_TRUSTED], 5);
		CHECK_EQ(ctx.nv_ctr_seen[AUTH_NV_CTR_NON_TRUSTED], 7);
		CHECK_EQ(auth_ctx_describe(&ctx, text, sizeof(text)), AUTH_OK);
		/* A config image: its certificate's hash is all zero. */
		CHECK_EQ(auth_image(&ctx, AUTH_IMG_HW_CONFIG, "dtb", 3), AUTH_E_HASH_MISMATCH);
		/* Again, in another order: each image after its parent. */
		auth_ctx_init(&ctx);
		CHECK_EQ(auth_image(&ctx, AUTH_IMG_TRUSTED_KEY_CERT,
		                    ch.img[AUTH_IMG_TRUSTED_KEY_CERT].p,
		                    ch.img[AUTH_IMG_TRUSTED_KEY_CERT].len),
		         AUTH_OK);
		CHECK_EQ(auth_image(&ctx, AUTH_IMG_NT_FW_KEY_CERT,
		                    ch.img[AUTH_IMG_NT_FW_KEY_CERT].p,
		                    ch.img[AUTH_IMG_NT_FW_KEY_CERT].len),
		         AUTH_OK);
		CHECK_EQ(auth_image(&ctx, AUTH_IMG_NT_FW_CERT, ch.img[AUTH_IMG_NT_FW_CERT].p,
		                    ch.img[AUTH_IMG_NT_FW_CERT].len),
		         AUTH_OK);
		CHECK_EQ(auth_image(&ctx, AUTH_IMG_BL33, ch.img[AUTH_IMG_BL33].p,
		                    ch.img[AUTH_IMG_BL33].len),
		         AUTH_OK);
		CHECK(!auth_image_authenticated(&ctx, AUTH_IMG_BL2));
		chain_free(&ch);
	}
}

/* Binary images authenticated as they are copied (auth_image_copy()): the
 * copy is the image; a tampered image is refused as it is by auth_image();
 * certificates are not copied. SHA-256 and SHA-512 (the two full sets). */
static void test_chain_copy(void)
{
	size_t s;

	for (s = 0; s < 2; s++) {
		struct chain ch = chain_load(full_sets[s]);
		struct auth_ctx ctx;
		size_t i;

		fake_reset(full_sets[s]);
		auth_ctx_init(&ctx);
		for (i = 0; i < BOOT_COUNT; i++) {
			enum auth_image_id id = boot_order[i];
			struct blob b = ch.img[id];
			uint8_t *dst;

			if (auth_cot_image(id)->type == AUTH_TYPE_CERT) {
				uint8_t scratch[8];

				CHECK_EQ(auth_image_copy(&ctx, id, scratch, b.p, b.len),
				         AUTH_E_INVALID_ARG);
				CHECK_EQ(auth_image(&ctx, id, b.p, b.len), AUTH_OK);
				continue;
			}
			dst = malloc(b.len);
			CHECK_EQ(auth_image_copy(&ctx, id, NULL, b.p, b.len), AUTH_E_INVALID_ARG);
			CHECK(!auth_image_authenticated(&ctx, id));
			/* Tampered, then whole. */
			b.p[b.len / 2] ^= 0x20;
			CHECK_EQ(auth_image_copy(&ctx, id, dst, b.p, b.len), AUTH_E_HASH_MISMATCH);
			CHECK(!auth_image_authenticated(&ctx, id));
			b.p[b.len / 2] ^= 0x20;
			memset(dst, 0, b.len);
			CHECK_EQ(auth_image_copy(&ctx, id, dst, b.p, b.len), AUTH_OK);
			CHECK(auth_image_authenticated(&ctx, id));
			CHECK(memcmp(dst, b.p, b.len) == 0);
			free(dst);
		}
		chain_free(&ch);
	}
}

static void test_chain_flipped_images(void)
{
	struct chain ch = chain_load("rsa2048-sha256");
	struct blob b;

	fake_reset("rsa2048-sha256");
	b = flipped(ch.img[AUTH_IMG_BL2], 7, 0x01);
	expect_fail(&ch, AUTH_IMG_BL2, b, AUTH_E_HASH_MISMATCH,
	            "BL2: hash does not match its certificate");
	free(b.p);
	b = flipped(ch.img[AUTH_IMG_BL31], ch.img[AUTH_IMG_BL31].len - 1, 0x80);
	expect_fail(&ch, AUTH_IMG_BL31, b, AUTH_E_HASH_MISMATCH,
	            "BL31: hash does not match its certificate");
	free(b.p);
	b = flipped(ch.img[AUTH_IMG_BL33], 0, 0x40);
	expect_fail(&ch, AUTH_IMG_BL33, b, AUTH_E_HASH_MISMATCH,
	            "BL33: hash does not match its certificate");
	free(b.p);
	chain_free(&ch);
}

static void test_chain_flipped_signature(void)
{
	size_t s;

	for (s = 0; s < 2; s++) {
		struct chain ch = chain_load(full_sets[s]);
		struct blob c = ch.img[AUTH_IMG_SOC_FW_KEY_CERT];
		struct blob b = flipped(c, c.len - 5, 0x08);

		fake_reset(full_sets[s]);
		expect_fail(&ch, AUTH_IMG_SOC_FW_KEY_CERT, b, AUTH_E_SIG_INVALID,
		            "SoC FW key certificate: signature does not verify");
		free(b.p);
		/* The BL2 certificate too (signed with the ROT key). */
		c = ch.img[AUTH_IMG_TB_FW_CERT];
		b = flipped(c, c.len - 1, 0x01);
		expect_fail(&ch, AUTH_IMG_TB_FW_CERT, b, AUTH_E_SIG_INVALID,
		            "Trusted Boot FW certificate: signature does not verify");
		free(b.p);
		chain_free(&ch);
	}
}

static void test_chain_wrong_rotpk(void)
{
	struct chain ch = chain_load("rsa2048-sha256");

	fake_reset("rsa2048-sha256");
	fake_set_rotpk("ecdsa256-sha512");
	expect_fail(&ch, AUTH_IMG_TB_FW_CERT, ch.img[AUTH_IMG_TB_FW_CERT], AUTH_E_ROTPK_MISMATCH,
	            "Trusted Boot FW certificate: key does not match the platform's ROTPK hash");
	/* A malformed platform value. */
	fake_rotpk[0] = 0x31;
	expect_fail(&ch, AUTH_IMG_TB_FW_CERT, ch.img[AUTH_IMG_TB_FW_CERT], AUTH_E_ROTPK_HASH,
	            "Trusted Boot FW certificate: platform ROTPK hash is malformed");
	fake_reset("rsa2048-sha256");
	fake_fail = 1;
	expect_fail(
		&ch, AUTH_IMG_TB_FW_CERT, ch.img[AUTH_IMG_TB_FW_CERT], AUTH_E_PLAT,
		"Trusted Boot FW certificate: platform could not give the ROTPK hash or an NV counter");
	fake_fail = 0;
	chain_free(&ch);
}

static void test_chain_malformed_length(void)
{
	struct chain ch = chain_load("rsa2048-sha256");
	struct blob c = ch.img[AUTH_IMG_TRUSTED_KEY_CERT];
	struct blob b = copy(c);

	fake_reset("rsa2048-sha256");
	/* The certificate's length (0x82 hi lo at offset 1) one more than
	 * there is. */
	b.p[3]++;
	expect_fail(
		&ch, AUTH_IMG_TRUSTED_KEY_CERT, b, AUTH_E_CERT_LENGTH,
		"Trusted key certificate: malformed certificate: an ASN.1 length runs past its container");
	free(b.p);
	b = insert_byte(c, 9, 0x81);
	expect_fail(
		&ch, AUTH_IMG_TRUSTED_KEY_CERT, b, AUTH_E_CERT_LONG_FORM,
		"Trusted key certificate: malformed certificate: an ASN.1 length not in its shortest form");
	free(b.p);
	chain_free(&ch);
}

static void test_chain_missing_cert(void)
{
	struct chain ch = chain_load("rsa2048-sha256");

	fake_reset("rsa2048-sha256");
	expect_fail(&ch, AUTH_IMG_NT_FW_CERT, (struct blob){ NULL, 0 }, AUTH_E_CERT_MISSING,
	            "NT FW content certificate: certificate missing");
	expect_fail(&ch, AUTH_IMG_BL31, (struct blob){ NULL, 0 }, AUTH_E_IMAGE_MISSING,
	            "BL31: image missing");
	chain_free(&ch);
}

static void test_chain_nv_counter(void)
{
	struct chain ch = chain_load("ecdsa256-sha512");

	fake_reset("ecdsa256-sha512");
	fake_nv[PLAT_NV_CTR_TRUSTED] = 6;
	expect_fail(&ch, AUTH_IMG_TB_FW_CERT, ch.img[AUTH_IMG_TB_FW_CERT], AUTH_E_NV_CTR,
	            "Trusted Boot FW certificate: NV counter 5 below the platform's 6");
	fake_reset("ecdsa256-sha512");
	fake_nv[PLAT_NV_CTR_NON_TRUSTED] = 8;
	expect_fail(&ch, AUTH_IMG_NT_FW_KEY_CERT, ch.img[AUTH_IMG_NT_FW_KEY_CERT], AUTH_E_NV_CTR,
	            "NT FW key certificate: NV counter 7 below the platform's 8");
	/* Equal and lower platform values pass. */
	{
		struct auth_ctx ctx;
		enum auth_image_id where;

		fake_nv[PLAT_NV_CTR_TRUSTED] = 0;
		fake_nv[PLAT_NV_CTR_NON_TRUSTED] = 7;
		CHECK_EQ(walk(&ctx, &ch, AUTH_IMG_COUNT, (struct blob){ 0 }, &where), AUTH_OK);
	}
	fake_reset("ecdsa256-sha512");
	chain_free(&ch);
}

static void test_chain_cut_and_random(void)
{
	struct chain ch = chain_load("rsa2048-sha256");
	struct blob b;
	size_t i;

	fake_reset("rsa2048-sha256");
	b = ch.img[AUTH_IMG_BL33];
	b.len -= 1;
	expect_fail(&ch, AUTH_IMG_BL33, b, AUTH_E_HASH_MISMATCH,
	            "BL33: hash does not match its certificate");
	b = copy(ch.img[AUTH_IMG_BL31]);
	for (i = 0; i < b.len; i++)
		b.p[i] = (uint8_t)rand();
	expect_fail(&ch, AUTH_IMG_BL31, b, AUTH_E_HASH_MISMATCH,
	            "BL31: hash does not match its certificate");
	free(b.p);
	/* A certificate cut short, and one replaced by random bytes. */
	b = ch.img[AUTH_IMG_SOC_FW_CERT];
	b.len -= 10;
	expect_fail(
		&ch, AUTH_IMG_SOC_FW_CERT, b, AUTH_E_CERT_LENGTH,
		"SoC FW content certificate: malformed certificate: an ASN.1 length runs past its container");
	b = copy(ch.img[AUTH_IMG_SOC_FW_CERT]);
	for (i = 0; i < b.len; i++)
		b.p[i] = (uint8_t)rand();
	b.p[0] = 0x42; /* never a SEQUENCE by chance */
	expect_fail(
		&ch, AUTH_IMG_SOC_FW_CERT, b, AUTH_E_CERT_DER,
		"SoC FW content certificate: malformed certificate: not DER X.509 (tag, nesting or truncation)");
	free(b.p);
	chain_free(&ch);
}

static void test_chain_order_and_swaps(void)
{
	struct chain ch = chain_load("rsa2048-sha256");
	struct auth_ctx ctx;
	char text[120];

	fake_reset("rsa2048-sha256");
	auth_ctx_init(&ctx);
	/* A child before its parent. */
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_BL31, ch.img[AUTH_IMG_BL31].p,
	                    ch.img[AUTH_IMG_BL31].len),
	         AUTH_E_PARENT);
	auth_ctx_describe(&ctx, text, sizeof(text));
	CHECK(strcmp(text, "BL31: parent image not authenticated") == 0);
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_SOC_FW_KEY_CERT, ch.img[AUTH_IMG_SOC_FW_KEY_CERT].p,
	                    ch.img[AUTH_IMG_SOC_FW_KEY_CERT].len),
	         AUTH_E_PARENT);
	/* A certificate in another's place: the SoC FW key certificate is
	 * signed with the trusted-world key, not the non-trusted one. */
	expect_fail(&ch, AUTH_IMG_NT_FW_KEY_CERT, ch.img[AUTH_IMG_SOC_FW_KEY_CERT],
	            AUTH_E_SIG_INVALID, "NT FW key certificate: signature does not verify");
	/* BL31 in BL33's place. */
	expect_fail(&ch, AUTH_IMG_BL33, ch.img[AUTH_IMG_BL31], AUTH_E_HASH_MISMATCH,
	            "BL33: hash does not match its certificate");
	/* A failed re-authentication forgets the certificate and what it
	 * carried: its children are refused afterwards. */
	auth_ctx_init(&ctx);
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_TB_FW_CERT, ch.img[AUTH_IMG_TB_FW_CERT].p,
	                    ch.img[AUTH_IMG_TB_FW_CERT].len),
	         AUTH_OK);
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_TB_FW_CERT, "x", 1), AUTH_E_CERT_DER);
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_BL2, ch.img[AUTH_IMG_BL2].p, ch.img[AUTH_IMG_BL2].len),
	         AUTH_E_PARENT);
	CHECK(ctx.hash[AUTH_PARAM_BL2_HASH - AUTH_PARAM_KEY_COUNT].len == 0);
	/* Bad arguments. */
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_COUNT, "x", 1), AUTH_E_INVALID_ARG);
	CHECK_EQ(auth_image(&ctx, (enum auth_image_id) - 1, "x", 1), AUTH_E_INVALID_ARG);
	CHECK_EQ(auth_image(NULL, AUTH_IMG_BL2, "x", 1), AUTH_E_INVALID_ARG);
	memset(&ctx, 0, sizeof(ctx));
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_TB_FW_CERT, "x", 1), AUTH_E_INVALID_ARG);
	CHECK(!auth_image_authenticated(&ctx, AUTH_IMG_TB_FW_CERT));
	chain_free(&ch);
}

/* A fault that sets one of the two state words is not enough; neither is a
 * state word copied from another image. */
static void test_chain_state_redundancy(void)
{
	struct chain ch = chain_load("rsa2048-sha256");
	struct auth_ctx ctx;

	fake_reset("rsa2048-sha256");
	auth_ctx_init(&ctx);
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_TB_FW_CERT, ch.img[AUTH_IMG_TB_FW_CERT].p,
	                    ch.img[AUTH_IMG_TB_FW_CERT].len),
	         AUTH_OK);
	ctx.state_inv[AUTH_IMG_TB_FW_CERT] ^= 1u << 7;
	CHECK(!auth_image_authenticated(&ctx, AUTH_IMG_TB_FW_CERT));
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_BL2, ch.img[AUTH_IMG_BL2].p, ch.img[AUTH_IMG_BL2].len),
	         AUTH_E_PARENT);
	ctx.state_inv[AUTH_IMG_TB_FW_CERT] ^= 1u << 7;
	CHECK_EQ(auth_image(&ctx, AUTH_IMG_BL2, ch.img[AUTH_IMG_BL2].p, ch.img[AUTH_IMG_BL2].len),
	         AUTH_OK);
	ctx.state[AUTH_IMG_TRUSTED_KEY_CERT] = ctx.state[AUTH_IMG_TB_FW_CERT];
	ctx.state_inv[AUTH_IMG_TRUSTED_KEY_CERT] = ctx.state_inv[AUTH_IMG_TB_FW_CERT];
	CHECK(!auth_image_authenticated(&ctx, AUTH_IMG_TRUSTED_KEY_CERT));
	/* The double compare and token helpers themselves. */
	CHECK(auth_token_ok(AUTH_TOKEN_SIG, AUTH_TOKEN_SIG));
	CHECK(!auth_token_ok(AUTH_TOKEN_SIG ^ 1, AUTH_TOKEN_SIG));
	CHECK(!auth_token_ok(0, AUTH_TOKEN_SIG));
	chain_free(&ch);
}

static void test_strerror(void)
{
	int e;

	for (e = AUTH_E_FAULT; e <= AUTH_OK; e++)
		CHECK(strcmp(auth_strerror(e), "unknown error") != 0);
	CHECK(strcmp(auth_strerror(AUTH_E_FAULT - 1), "unknown error") == 0);
	CHECK(strcmp(auth_strerror(1), "unknown error") == 0);
}

/* ----- Heap: mbed TLS's peak, measured with the firmware's allocator ------------- */

/* Does the check pass with a pool of @size bytes? (The pool is a heap
 * block of exactly that size, so ASan would see an overrun.) */
static bool fits(size_t size, const char *set, int chain)
{
	unsigned char *pool = malloc(size);
	struct auth_cert c;
	bool ok;

	auth_crypto_use_pool(pool, size);
	if (chain) {
		struct chain ch = chain_load(set);
		struct auth_ctx ctx;
		enum auth_image_id where;

		fake_reset(set);
		ok = walk(&ctx, &ch, AUTH_IMG_COUNT, (struct blob){ 0 }, &where) == AUTH_OK;
		chain_free(&ch);
	} else {
		struct blob cb = load(set, "tb_fw.crt");
		struct blob pub = load(set, "rot_pub.der");

		ok = auth_cert_parse(cb.p, cb.len, &c) == AUTH_OK &&
		     auth_verify_signature(&c, pub.p, pub.len) == AUTH_OK;
		free(cb.p);
		free(pub.p);
	}
	/* What lib/auth keeps between checks lives in the pool too. */
	auth_crypto_release();
	free(pool);
	return ok;
}

static void test_heap_peak(void)
{
	size_t s, lo, hi, mid, worst = 0, worst_rsa = 0, worst_ecdsa = 0;
	int chain;

	for (s = 0; s < 6; s++) {
		for (chain = 0; chain <= (s < 2); chain++) {
			/* Smallest size that passes: fits() is monotonic in
			 * practice (first-fit, freed in reverse order). */
			lo = 64;
			hi = 64 * 1024;
			if (!fits(hi, all_sets[s], chain)) {
				printf("    %s does not fit in 64 KiB\n", all_sets[s]);
				CHECK(0);
				continue;
			}
			/* Multiples of 8: memory_buffer_alloc does not round
			 * a pool's size, so its last header would be
			 * misaligned (the firmware's pool is a multiple of
			 * 16). */
			while (lo + 8 < hi) {
				mid = ((lo + hi) / 2) & ~(size_t)7;
				if (fits(mid, all_sets[s], chain))
					hi = mid;
				else
					lo = mid;
			}
			printf("    heap peak %-16s %-9s %5zu bytes\n", all_sets[s],
			       chain ? "chain" : "signature", hi);
			if (hi > worst)
				worst = hi;
			if (all_sets[s][0] == 'r' && hi > worst_rsa)
				worst_rsa = hi;
			if (all_sets[s][0] == 'e' && hi > worst_ecdsa)
				worst_ecdsa = hi;
		}
	}
	printf("    worst RSA %zu bytes (pool %u), ECDSA %zu bytes (pool %u); this build's pool %zu\n",
	       worst_rsa, AUTH_HEAP_SIZE_RSA, worst_ecdsa, AUTH_HEAP_SIZE_ECDSA, auth_heap_size);
	/* Each algorithm's pool (the firmware builds one) holds its worst
	 * case with an eighth to spare, and not 2 KiB more than that (the
	 * ECDSA peak varies by 8% with the keys, which are fresh each build:
	 * lib/auth/auth_crypto.c). */
	CHECK(worst_rsa + worst_rsa / 8 <= AUTH_HEAP_SIZE_RSA);
	CHECK(worst_ecdsa + worst_ecdsa / 8 <= AUTH_HEAP_SIZE_ECDSA);
	CHECK(AUTH_HEAP_SIZE_RSA - 2048 < worst_rsa + worst_rsa / 8);
	CHECK(AUTH_HEAP_SIZE_ECDSA - 2048 < worst_ecdsa + worst_ecdsa / 8);
	/* This (host) build has both: the larger. */
	CHECK(worst <= auth_heap_size);
	auth_crypto_use_allocator(calloc, free);
}

int main(void)
{
	/* The C library's allocator: ASan sees each of mbed TLS's blocks. */
	auth_crypto_use_allocator(calloc, free);
	/* Line-buffered: a sanitizer abort keeps what was printed. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	srand(9);

	RUN_TEST(test_der_lengths);
	RUN_TEST(test_oid_text);
	RUN_TEST(test_cert_parse_good);
	RUN_TEST(test_cert_parse_bad);
	RUN_TEST(test_ext_lookup);
	RUN_TEST(test_nv_counter);
	RUN_TEST(test_hash);
	RUN_TEST(test_hash_from_cert);
	RUN_TEST(test_rotpk);
	RUN_TEST(test_signature);
	RUN_TEST(test_key_parse);
	RUN_TEST(test_sig_alg_parse);
	RUN_TEST(test_ecdsa_sig_parse);
	RUN_TEST(test_rsa_rr);
	RUN_TEST(test_ecdsa_group_kept);
	RUN_TEST(test_chain_good);
	RUN_TEST(test_chain_flipped_images);
	RUN_TEST(test_chain_copy);
	RUN_TEST(test_chain_flipped_signature);
	RUN_TEST(test_chain_wrong_rotpk);
	RUN_TEST(test_chain_malformed_length);
	RUN_TEST(test_chain_missing_cert);
	RUN_TEST(test_chain_nv_counter);
	RUN_TEST(test_chain_cut_and_random);
	RUN_TEST(test_chain_order_and_swaps);
	RUN_TEST(test_chain_state_redundancy);
	RUN_TEST(test_strerror);
	RUN_TEST(test_heap_peak);
	return test_summary();
}
