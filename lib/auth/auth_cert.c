/*
 * X.509 v3 certificate parsing (RFC 5280 4.1) with the strict DER reader,
 * extension lookup by OID (RFC 5280 4.2) and the TBBR NV counter extension
 * (Arm DEN0006).
 *
 * The walk checks the structure of every field it passes but interprets
 * only what the chain of trust uses: the signed TBS bytes, the signature
 * algorithm and value, the subject public key and the extensions. Names and
 * validity are checked for shape only: trust comes from the signature chain
 * and the NV counters, and the firmware has no clock.
 */
#include <string.h>

#include <lib/auth/tbbr_oid.h>

#include "auth_private.h"

/* 1.3.6.1.4.1.4128.2100, the TBBR arc, DER contents (checked against
 * der_oid_from_text(TBBR_OID_ARC) by the unit tests). */
static const uint8_t oid_tbbr_arc[] = { 0x2b, 0x06, 0x01, 0x04, 0x01, 0xa0, 0x20, 0x90, 0x34 };
/* id-ce-basicConstraints 2.5.29.19 and id-ce-keyUsage 2.5.29.15 (RFC 5280
 * 4.2.1.9, 4.2.1.3): critical extensions we accept without using them, as
 * certificate tools may mark them critical. */
static const uint8_t oid_basic_constraints[] = { 0x55, 0x1d, 0x13 };
static const uint8_t oid_key_usage[] = { 0x55, 0x1d, 0x0f };

/* Serial numbers are at most 20 octets (RFC 5280 4.1.2.2). */
#define SERIAL_MAX_LEN 20u

static bool oid_known_critical(const struct auth_buf *oid)
{
	if (oid->len > sizeof(oid_tbbr_arc) &&
	    memcmp(oid->p, oid_tbbr_arc, sizeof(oid_tbbr_arc)) == 0)
		return true;
	return der_buf_equal(oid, oid_basic_constraints, sizeof(oid_basic_constraints)) ||
	       der_buf_equal(oid, oid_key_usage, sizeof(oid_key_usage));
}

/*
 * Read one Extension ::= SEQUENCE { extnID OBJECT IDENTIFIER,
 * critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }.
 */
static int ext_next(struct der *d, struct auth_buf *oid, bool *critical, struct auth_buf *value)
{
	struct auth_buf ext, flag;
	struct der e;
	int rc;

	rc = der_get(d, DER_SEQUENCE, &ext, NULL);
	if (rc != AUTH_OK)
		return rc;
	der_init(&e, ext.p, ext.len);
	rc = der_get(&e, DER_OID, oid, NULL);
	if (rc != AUTH_OK)
		return rc;
	if (oid->len == 0 || oid->len > DER_OID_MAX_LEN)
		return AUTH_E_CERT_DER;
	*critical = false;
	if (der_next_is(&e, DER_BOOLEAN)) {
		rc = der_get(&e, DER_BOOLEAN, &flag, NULL);
		if (rc != AUTH_OK)
			return rc;
		/* DER: TRUE is 0xff (X.690 11.1), and a FALSE default is
		 * omitted rather than encoded (11.5). */
		if (flag.len != 1 || flag.p[0] != 0xffu)
			return AUTH_E_CERT_DER;
		*critical = true;
	}
	rc = der_get(&e, DER_OCTET_STRING, value, NULL);
	if (rc != AUTH_OK)
		return rc;
	return der_done(&e) ? AUTH_OK : AUTH_E_CERT_DER;
}

/* Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension, inside [3]. */
static int parse_extensions(const struct auth_buf *ctx3, struct auth_cert *cert)
{
	struct auth_buf oids[AUTH_CERT_MAX_EXTS];
	struct auth_buf list, oid, value;
	struct der outer, d;
	unsigned int n = 0, i;
	bool critical;
	int rc;

	der_init(&outer, ctx3->p, ctx3->len);
	rc = der_get(&outer, DER_SEQUENCE, &list, NULL);
	if (rc != AUTH_OK)
		return rc;
	if (!der_done(&outer) || list.len == 0)
		return AUTH_E_CERT_DER;
	der_init(&d, list.p, list.len);
	while (!der_done(&d)) {
		rc = ext_next(&d, &oid, &critical, &value);
		if (rc != AUTH_OK)
			return rc;
		if (n == AUTH_CERT_MAX_EXTS)
			return AUTH_E_CERT_DER;
		for (i = 0; i < n; i++) {
			if (der_buf_equal(&oids[i], oid.p, oid.len))
				return AUTH_E_CERT_EXT_DUP;
		}
		/* RFC 5280 4.2: a critical extension that is not recognised
		 * makes the certificate unusable. */
		if (critical && !oid_known_critical(&oid))
			return AUTH_E_CERT_EXT_CRITICAL;
		oids[n++] = oid;
	}
	cert->exts = list;
	cert->ext_count = n;
	return AUTH_OK;
}

/* AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL } */
static int check_algid(struct der *d, struct auth_buf *tlv)
{
	struct auth_buf val, oid;
	struct der a;
	int rc;

	rc = der_get(d, DER_SEQUENCE, &val, tlv);
	if (rc != AUTH_OK)
		return rc;
	der_init(&a, val.p, val.len);
	rc = der_get(&a, DER_OID, &oid, NULL);
	if (rc != AUTH_OK)
		return rc;
	return oid.len == 0 ? AUTH_E_CERT_DER : AUTH_OK;
}

/* Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime } */
static int skip_time(struct der *d)
{
	if (der_next_is(d, DER_UTC_TIME))
		return der_get(d, DER_UTC_TIME, NULL, NULL);
	return der_get(d, DER_GENERALIZED_TIME, NULL, NULL);
}

static int parse_tbs(const struct auth_buf *tbs_val, struct auth_cert *cert)
{
	struct auth_buf ver, ver_int, inner_alg, val, spki_val, bits, ctx3;
	struct der t, v, s;
	int rc;

	der_init(&t, tbs_val->p, tbs_val->len);

	/* version [0] EXPLICIT Version DEFAULT v1: v3 (value 2) required, as
	 * only v3 has extensions (RFC 5280 4.1.2.1). */
	if (!der_next_is(&t, DER_CTX_CONS(0)))
		return AUTH_E_CERT_VERSION;
	rc = der_get(&t, DER_CTX_CONS(0), &ver, NULL);
	if (rc != AUTH_OK)
		return rc;
	der_init(&v, ver.p, ver.len);
	rc = der_get(&v, DER_INTEGER, &ver_int, NULL);
	if (rc != AUTH_OK)
		return rc;
	if (!der_done(&v))
		return AUTH_E_CERT_DER;
	if (ver_int.len != 1 || ver_int.p[0] != 2)
		return AUTH_E_CERT_VERSION;

	rc = der_get(&t, DER_INTEGER, &cert->serial, NULL);
	if (rc != AUTH_OK)
		return rc;
	if (cert->serial.len == 0 || cert->serial.len > SERIAL_MAX_LEN)
		return AUTH_E_CERT_DER;

	/* signature: must repeat signatureAlgorithm (RFC 5280 4.1.2.3). */
	rc = check_algid(&t, &inner_alg);
	if (rc != AUTH_OK)
		return rc;
	if (!der_buf_equal(&inner_alg, cert->sig_alg.p, cert->sig_alg.len))
		return AUTH_E_CERT_SIG_ALG;

	rc = der_get(&t, DER_SEQUENCE, NULL, &cert->issuer);
	if (rc != AUTH_OK)
		return rc;

	/* Validity ::= SEQUENCE { notBefore Time, notAfter Time } */
	rc = der_get(&t, DER_SEQUENCE, &val, NULL);
	if (rc != AUTH_OK)
		return rc;
	der_init(&v, val.p, val.len);
	rc = skip_time(&v);
	if (rc == AUTH_OK)
		rc = skip_time(&v);
	if (rc != AUTH_OK)
		return rc;
	if (!der_done(&v))
		return AUTH_E_CERT_DER;

	rc = der_get(&t, DER_SEQUENCE, NULL, &cert->subject);
	if (rc != AUTH_OK)
		return rc;

	/* SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier,
	 * subjectPublicKey BIT STRING }; mbed TLS parses the key itself. */
	rc = der_get(&t, DER_SEQUENCE, &spki_val, &cert->spki);
	if (rc != AUTH_OK)
		return rc;
	der_init(&s, spki_val.p, spki_val.len);
	rc = check_algid(&s, NULL);
	if (rc == AUTH_OK)
		rc = der_get(&s, DER_BIT_STRING, &bits, NULL);
	if (rc != AUTH_OK)
		return rc;
	if (!der_done(&s) || bits.len == 0)
		return AUTH_E_CERT_DER;

	/* issuerUniqueID [1] and subjectUniqueID [2] IMPLICIT BIT STRING:
	 * allowed, unused. */
	if (der_next_is(&t, DER_CTX_PRIM(1))) {
		rc = der_get(&t, DER_CTX_PRIM(1), NULL, NULL);
		if (rc != AUTH_OK)
			return rc;
	}
	if (der_next_is(&t, DER_CTX_PRIM(2))) {
		rc = der_get(&t, DER_CTX_PRIM(2), NULL, NULL);
		if (rc != AUTH_OK)
			return rc;
	}
	if (der_next_is(&t, DER_CTX_CONS(3))) {
		rc = der_get(&t, DER_CTX_CONS(3), &ctx3, NULL);
		if (rc != AUTH_OK)
			return rc;
		rc = parse_extensions(&ctx3, cert);
		if (rc != AUTH_OK)
			return rc;
	}
	return der_done(&t) ? AUTH_OK : AUTH_E_CERT_DER;
}

int auth_cert_parse(const void *der, size_t len, struct auth_cert *cert)
{
	struct auth_buf cert_val, tbs_val, bits;
	struct der top, c;
	int rc;

	if (cert == NULL)
		return AUTH_E_INVALID_ARG;
	if (der == NULL || len == 0)
		return AUTH_E_CERT_MISSING;
	if (len > AUTH_CERT_MAX_LEN)
		return AUTH_E_CERT_TOO_LONG;
	memset(cert, 0, sizeof(*cert));

	/* Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm,
	 * signatureValue BIT STRING }, and nothing after it. */
	der_init(&top, der, len);
	rc = der_get(&top, DER_SEQUENCE, &cert_val, &cert->raw);
	if (rc != AUTH_OK)
		return rc;
	if (!der_done(&top))
		return AUTH_E_CERT_TRAILING;

	der_init(&c, cert_val.p, cert_val.len);
	rc = der_get(&c, DER_SEQUENCE, &tbs_val, &cert->tbs);
	if (rc != AUTH_OK)
		return rc;
	rc = check_algid(&c, &cert->sig_alg);
	if (rc != AUTH_OK)
		return rc;
	rc = der_get(&c, DER_BIT_STRING, &bits, NULL);
	if (rc != AUTH_OK)
		return rc;
	/* A signature is whole octets: the unused-bits octet must be 0. */
	if (bits.len < 2 || bits.p[0] != 0)
		return AUTH_E_CERT_DER;
	cert->sig.p = bits.p + 1;
	cert->sig.len = bits.len - 1;
	if (!der_done(&c))
		return AUTH_E_CERT_DER;

	return parse_tbs(&tbs_val, cert);
}

int auth_cert_ext(const struct auth_cert *cert, const char *oid, const uint8_t **val, size_t *len)
{
	uint8_t want[DER_OID_MAX_LEN];
	struct auth_buf ext_oid, value, found = { NULL, 0 };
	unsigned int matches = 0;
	size_t want_len;
	bool critical;
	struct der d;
	int rc;

	if (cert == NULL || val == NULL || len == NULL)
		return AUTH_E_INVALID_ARG;
	rc = der_oid_from_text(oid, want, sizeof(want), &want_len);
	if (rc != AUTH_OK)
		return rc;
	der_init(&d, cert->exts.p, cert->exts.len);
	while (!der_done(&d)) {
		/* Already validated by auth_cert_parse(); checked again so a
		 * struct that did not come from it cannot send us astray. */
		rc = ext_next(&d, &ext_oid, &critical, &value);
		if (rc != AUTH_OK)
			return rc;
		if (der_buf_equal(&ext_oid, want, want_len)) {
			matches++;
			found = value;
		}
	}
	if (matches == 0)
		return AUTH_E_EXT_MISSING;
	if (matches > 1)
		return AUTH_E_CERT_EXT_DUP;
	*val = found.p;
	*len = found.len;
	return AUTH_OK;
}

int auth_nv_counter(const struct auth_cert *cert, bool trusted, uint32_t *value)
{
	const uint8_t *ext;
	struct auth_buf i;
	size_t ext_len, k;
	uint64_t v = 0;
	struct der d;
	int rc;

	if (value == NULL)
		return AUTH_E_INVALID_ARG;
	rc = auth_cert_ext(cert, trusted ? TBBR_OID_TRUSTED_NV_CTR : TBBR_OID_NON_TRUSTED_NV_CTR,
	                   &ext, &ext_len);
	if (rc != AUTH_OK)
		return rc;
	/* One DER INTEGER (X.690 8.3): two's complement, shortest form. */
	der_init(&d, ext, ext_len);
	if (der_get(&d, DER_INTEGER, &i, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_EXT_MALFORMED;
	if (i.len == 0 || i.len > 5)
		return AUTH_E_EXT_MALFORMED;
	/* Negative (sign bit set) is not a counter. */
	if (i.p[0] & 0x80u)
		return AUTH_E_EXT_MALFORMED;
	/* A leading 0x00 only where the next octet's top bit needs it. */
	if (i.len > 1 && i.p[0] == 0 && !(i.p[1] & 0x80u))
		return AUTH_E_EXT_MALFORMED;
	for (k = 0; k < i.len; k++)
		v = (v << 8) | i.p[k];
	if (v > UINT32_MAX)
		return AUTH_E_EXT_MALFORMED;
	*value = (uint32_t)v;
	return AUTH_OK;
}
