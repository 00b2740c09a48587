/*
 * Public keys, signature algorithms and ECDSA signature values, read with
 * the strict DER reader (auth_der.c): everything a signature check takes
 * from a certificate before mbed TLS does the arithmetic
 * (auth_crypto.c). Reading them here rather than through mbed TLS's pk,
 * x509 and oid layers keeps those layers, and the RSA private-key code
 * their tables reach, out of BL1 and BL2 (docs/perf/boot.rst), and holds
 * keys and algorithm parameters to one encoding, as the certificate is.
 *
 * What is accepted is what mbed TLS 2.28's parsers accepted for the keys
 * and algorithms lib/auth allows, less the non-DER encodings they let
 * through (lengths and INTEGERs not in their shortest form, negative
 * INTEGERs read as their magnitude).
 */
#include <string.h>

#include <lib/auth/auth.h>

#include "auth_private.h"

/* OIDs, DER contents (X.690 8.19). */
#if defined(AUTH_CFG_RSA)
/* rsaEncryption 1.2.840.113549.1.1.1 (RFC 8017 A.1) */
static const uint8_t oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };
/* id-mgf1 1.2.840.113549.1.1.8 (RFC 8017 B.2.1) */
static const uint8_t oid_mgf1[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08 };
/* id-RSASSA-PSS 1.2.840.113549.1.1.10 (RFC 4055 3.1) */
static const uint8_t oid_pss[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a };
#endif
#if defined(AUTH_CFG_ECDSA)
/* id-ecPublicKey 1.2.840.10045.2.1 (RFC 5480 2.1.1) */
static const uint8_t oid_ec[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
/* secp256r1 1.2.840.10045.3.1.7 and secp384r1 1.3.132.0.34 (RFC 5480 2.1.1.1) */
static const uint8_t oid_p256[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
static const uint8_t oid_p384[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };
/* ecdsa-with-SHA256/384/512 1.2.840.10045.4.3.{2,3,4} (RFC 5758 3.2): the
 * common prefix, then the last arc. */
static const uint8_t oid_ecdsa_sha2[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03 };
#endif

/* @b is DER NULL, 05 00: the parameters some algorithms may carry. */
static bool is_der_null(const struct auth_buf *b)
{
	return b->len == 2 && b->p[0] == DER_NULL && b->p[1] == 0;
}

#if defined(AUTH_CFG_RSA)
/* The bits of a big-endian magnitude (no leading zero octet). */
static size_t mag_bits(const struct auth_buf *m)
{
	unsigned int top;
	size_t bits;

	if (m->len == 0)
		return 0;
	bits = (m->len - 1) * 8;
	for (top = m->p[0]; top != 0; top >>= 1)
		bits++;
	return bits;
}

/* RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
 * (RFC 8017 A.1.1), all of @bits. */
static int rsa_key(const struct auth_buf *bits, struct auth_key *key)
{
	struct auth_buf seq;
	struct der d, s;
	size_t nbits;

	der_init(&d, bits->p, bits->len);
	if (der_get(&d, DER_SEQUENCE, &seq, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_KEY;
	der_init(&s, seq.p, seq.len);
	if (der_get_uint(&s, &key->n) != AUTH_OK || der_get_uint(&s, &key->e) != AUTH_OK ||
	    !der_done(&s))
		return AUTH_E_KEY;
	nbits = mag_bits(&key->n);
	if (nbits < AUTH_RSA_MIN_BITS || nbits > AUTH_RSA_MAX_BITS)
		return AUTH_E_KEY;
	key->type = AUTH_KEY_RSA;
	return AUTH_OK;
}
#endif

#if defined(AUTH_CFG_ECDSA)
/* ECPoint, uncompressed (SEC1 2.3.3: 04 || X || Y), on @curve. */
static int ec_key(const struct auth_buf *params, const struct auth_buf *bits, struct auth_key *key)
{
	struct auth_buf curve;
	struct der d;
	size_t size;

	/* ECParameters ::= CHOICE { namedCurve OID, ... }: a named curve only
	 * (RFC 5480 2.1.1: implicitCurve and specifiedCurve MUST NOT be
	 * used). */
	der_init(&d, params->p, params->len);
	if (der_get(&d, DER_OID, &curve, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_KEY;
	if (der_buf_equal(&curve, oid_p256, sizeof(oid_p256))) {
		key->curve = AUTH_EC_P256;
		size = 32;
	} else if (der_buf_equal(&curve, oid_p384, sizeof(oid_p384))) {
		key->curve = AUTH_EC_P384;
		size = 48;
	} else {
		return AUTH_E_KEY;
	}
	if (bits->len != 1 + 2 * size || bits->p[0] != 0x04)
		return AUTH_E_KEY;
	key->point = *bits;
	key->type = AUTH_KEY_EC;
	return AUTH_OK;
}
#endif

int auth_key_parse(const uint8_t *der, size_t len, struct auth_key *key)
{
	struct auth_buf spki, algid, oid, params, bits;
	struct der d, s, a;

	if (der == NULL || key == NULL)
		return AUTH_E_KEY;
	/* SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier,
	 * subjectPublicKey BIT STRING } */
	der_init(&d, der, len);
	if (der_get(&d, DER_SEQUENCE, &spki, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_KEY;
	der_init(&s, spki.p, spki.len);
	if (der_get(&s, DER_SEQUENCE, &algid, NULL) != AUTH_OK ||
	    der_get(&s, DER_BIT_STRING, &bits, NULL) != AUTH_OK || !der_done(&s))
		return AUTH_E_KEY;
	/* Whole octets: the unused-bits octet is 0. */
	if (bits.len < 2 || bits.p[0] != 0)
		return AUTH_E_KEY;
	bits.p++;
	bits.len--;

	der_init(&a, algid.p, algid.len);
	if (der_get(&a, DER_OID, &oid, NULL) != AUTH_OK)
		return AUTH_E_KEY;
	params.p = a.p;
	params.len = (size_t)(a.end - a.p);
	/* Only the build's key algorithm (include/lib/auth/auth_cfg.h). */
#if defined(AUTH_CFG_RSA)
	if (der_buf_equal(&oid, oid_rsa, sizeof(oid_rsa))) {
		/* Parameters NULL (RFC 8017 A.1), or absent, as mbed TLS took. */
		if (params.len != 0 && !is_der_null(&params))
			return AUTH_E_KEY;
		return rsa_key(&bits, key);
	}
#endif
#if defined(AUTH_CFG_ECDSA)
	if (der_buf_equal(&oid, oid_ec, sizeof(oid_ec)))
		return ec_key(&params, &bits, key);
#endif
	return AUTH_E_KEY;
}

#if defined(AUTH_CFG_RSA)
/*
 * [n] EXPLICIT, if it is next: *@present says whether it was, @val is its
 * contents. A malformed one is an error.
 */
static int explicit_opt(struct der *d, unsigned int n, bool *present, struct auth_buf *val)
{
	*present = der_next_is(d, (uint8_t)DER_CTX_CONS(n));
	if (!*present)
		return AUTH_OK;
	return der_get(d, (uint8_t)DER_CTX_CONS(n), val, NULL);
}

/* A small non-negative INTEGER filling @val exactly (saltLength,
 * trailerField). */
static int small_uint(const struct auth_buf *val, uint32_t *out)
{
	struct auth_buf mag;
	struct der d;
	size_t i;

	der_init(&d, val->p, val->len);
	if (der_get_uint(&d, &mag) != AUTH_OK || !der_done(&d) || mag.len > 2)
		return AUTH_E_SIG_ALG;
	*out = 0;
	for (i = 0; i < mag.len; i++)
		*out = (*out << 8) | mag.p[i];
	return AUTH_OK;
}

/*
 * RSASSA-PSS-params ::= SEQUENCE {
 *   hashAlgorithm    [0] HashAlgorithm DEFAULT sha1,
 *   maskGenAlgorithm [1] MaskGenAlgorithm DEFAULT mgf1SHA1,
 *   saltLength       [2] INTEGER DEFAULT 20,
 *   trailerField     [3] TrailerField DEFAULT trailerFieldBC }
 * (RFC 4055 3.1). SHA-1 is not accepted, so the first two must be there.
 */
static int pss_params(const struct auth_buf *params, struct auth_sig_alg *alg)
{
	struct auth_buf seq, val, mgf, mgf_oid;
	enum auth_hash_alg mgf_hash;
	struct der d, p, v, m;
	uint32_t trailer;
	bool present;

	der_init(&d, params->p, params->len);
	if (der_get(&d, DER_SEQUENCE, &seq, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_SIG_ALG;
	der_init(&p, seq.p, seq.len);

	/* hashAlgorithm: a SHA-2 AlgorithmIdentifier, and nothing else. */
	if (explicit_opt(&p, 0, &present, &val) != AUTH_OK || !present)
		return AUTH_E_SIG_ALG;
	der_init(&v, val.p, val.len);
	if (der_hash_algid(&v, &alg->hash) != AUTH_OK || !der_done(&v))
		return AUTH_E_SIG_ALG;

	/* maskGenAlgorithm: MGF1 (RFC 8017 B.2.1) on the same hash. */
	if (explicit_opt(&p, 1, &present, &val) != AUTH_OK || !present)
		return AUTH_E_SIG_ALG;
	der_init(&v, val.p, val.len);
	if (der_get(&v, DER_SEQUENCE, &mgf, NULL) != AUTH_OK || !der_done(&v))
		return AUTH_E_SIG_ALG;
	der_init(&m, mgf.p, mgf.len);
	if (der_get(&m, DER_OID, &mgf_oid, NULL) != AUTH_OK ||
	    !der_buf_equal(&mgf_oid, oid_mgf1, sizeof(oid_mgf1)) ||
	    der_hash_algid(&m, &mgf_hash) != AUTH_OK || !der_done(&m) || mgf_hash != alg->hash)
		return AUTH_E_SIG_ALG;

	/* saltLength: what the signature's salt must be. */
	alg->salt_len = 20;
	if (explicit_opt(&p, 2, &present, &val) != AUTH_OK ||
	    (present && small_uint(&val, &alg->salt_len) != AUTH_OK))
		return AUTH_E_SIG_ALG;

	/* trailerField: 1 (0xbc), the only one defined (RFC 8017 9.1). */
	if (explicit_opt(&p, 3, &present, &val) != AUTH_OK ||
	    (present && (small_uint(&val, &trailer) != AUTH_OK || trailer != 1)))
		return AUTH_E_SIG_ALG;
	return der_done(&p) ? AUTH_OK : AUTH_E_SIG_ALG;
}
#endif

int auth_sig_alg_parse(const uint8_t *der, size_t len, struct auth_sig_alg *alg)
{
	struct auth_buf algid, oid, params;
	struct der d, a;

	if (der == NULL || alg == NULL)
		return AUTH_E_SIG_ALG;
	der_init(&d, der, len);
	if (der_get(&d, DER_SEQUENCE, &algid, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_SIG_ALG;
	der_init(&a, algid.p, algid.len);
	if (der_get(&a, DER_OID, &oid, NULL) != AUTH_OK)
		return AUTH_E_SIG_ALG;
	params.p = a.p;
	params.len = (size_t)(a.end - a.p);

	/* Only the build's key algorithm (include/lib/auth/auth_cfg.h). */
#if defined(AUTH_CFG_RSA)
	if (der_buf_equal(&oid, oid_pss, sizeof(oid_pss))) {
		alg->scheme = AUTH_SIG_RSA_PSS;
		return pss_params(&params, alg);
	}
#endif
#if defined(AUTH_CFG_ECDSA)
	if (oid.len == sizeof(oid_ecdsa_sha2) + 1 &&
	    memcmp(oid.p, oid_ecdsa_sha2, sizeof(oid_ecdsa_sha2)) == 0) {
		switch (oid.p[sizeof(oid_ecdsa_sha2)]) {
		case 2:
			alg->hash = AUTH_HASH_SHA256;
			break;
		case 3:
			alg->hash = AUTH_HASH_SHA384;
			break;
		case 4:
			alg->hash = AUTH_HASH_SHA512;
			break;
		default:
			return AUTH_E_SIG_ALG;
		}
		/* Parameters absent (RFC 5758 3.2), or NULL, as mbed TLS took. */
		if (params.len != 0 && !is_der_null(&params))
			return AUTH_E_SIG_ALG;
		alg->scheme = AUTH_SIG_ECDSA;
		alg->salt_len = 0;
		return AUTH_OK;
	}
#endif
	/* sha*WithRSAEncryption (PKCS#1 v1.5), SHA-1, anything else. */
	return AUTH_E_SIG_ALG;
}

int auth_ecdsa_sig_parse(const uint8_t *der, size_t len, struct auth_buf *r, struct auth_buf *s)
{
	struct auth_buf seq;
	struct der d, v;

	if (der == NULL)
		return AUTH_E_SIG_INVALID;
	der_init(&d, der, len);
	if (der_get(&d, DER_SEQUENCE, &seq, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_SIG_INVALID;
	der_init(&v, seq.p, seq.len);
	if (der_get_uint(&v, r) != AUTH_OK || der_get_uint(&v, s) != AUTH_OK || !der_done(&v))
		return AUTH_E_SIG_INVALID;
	if (r->len > AUTH_EC_MAX_BYTES || s->len > AUTH_EC_MAX_BYTES)
		return AUTH_E_SIG_INVALID;
	return AUTH_OK;
}
