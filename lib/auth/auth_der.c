/*
 * A strict DER reader (ITU-T X.690 clause 10) for certificates, extension
 * values and the ROTPK hash; dotted-OID encoding; the digest structure
 * SEQUENCE { AlgorithmIdentifier, OCTET STRING } shared by TBBR hash
 * extensions and DigestInfo.
 *
 * Strict because mbed TLS's own ASN.1 reader accepts lengths in non-shortest
 * form, and the certificate walk must accept exactly one encoding of each
 * certificate (DER), so that what is signed is what is parsed.
 */
#include <string.h>

#include "auth_private.h"

int der_get(struct der *d, uint8_t tag, struct auth_buf *val, struct auth_buf *tlv)
{
	const uint8_t *p = d->p;
	size_t avail, len, hdr, octets, i;

	if (p >= d->end)
		return AUTH_E_CERT_DER;
	avail = (size_t)(d->end - p);
	if (avail < 2 || p[0] != tag)
		return AUTH_E_CERT_DER;
	if (p[1] < 0x80u) {
		/* Short form: 0..127 (X.690 8.1.3.4). */
		len = p[1];
		hdr = 2;
	} else {
		/* Long form: 0x80 | number of length octets (8.1.3.5). 0x80
		 * alone is the indefinite form, which DER forbids (10.1). */
		octets = p[1] & 0x7fu;
		if (octets == 0)
			return AUTH_E_CERT_DER;
		if (avail - 2 < octets)
			return AUTH_E_CERT_DER;
		/* Shortest form (10.1): no leading zero octet... */
		if (p[2] == 0)
			return AUTH_E_CERT_LONG_FORM;
		/* ...and more than 4 octets would be over 4 GiB, more than any
		 * buffer we are given holds. */
		if (octets > 4)
			return AUTH_E_CERT_LENGTH;
		len = 0;
		for (i = 0; i < octets; i++)
			len = (len << 8) | p[2 + i];
		/* ...and the long form only for 128 and above. */
		if (len < 0x80u)
			return AUTH_E_CERT_LONG_FORM;
		hdr = 2 + octets;
	}
	if (len > avail - hdr)
		return AUTH_E_CERT_LENGTH;
	if (val != NULL) {
		val->p = p + hdr;
		val->len = len;
	}
	if (tlv != NULL) {
		tlv->p = p;
		tlv->len = hdr + len;
	}
	d->p = p + hdr + len;
	return AUTH_OK;
}

bool der_buf_equal(const struct auth_buf *a, const uint8_t *b, size_t len)
{
	return a->len == len && memcmp(a->p, b, len) == 0;
}

/* Read one decimal arc (no sign, no leading zero) of at most 32 bits. */
static bool oid_arc(const char **text, uint32_t *arc)
{
	const char *s = *text;
	uint64_t v = 0;

	if (*s < '0' || *s > '9')
		return false;
	if (*s == '0' && s[1] >= '0' && s[1] <= '9')
		return false;
	while (*s >= '0' && *s <= '9') {
		v = v * 10u + (uint64_t)(*s - '0');
		if (v > UINT32_MAX)
			return false;
		s++;
	}
	*arc = (uint32_t)v;
	*text = s;
	return true;
}

/* Append @v in base 128, high groups first, bit 8 set on all but the last
 * (X.690 8.19.2). */
static bool oid_put(uint64_t v, uint8_t *out, size_t size, size_t *pos)
{
	uint8_t tmp[10];
	size_t n = 0;

	do {
		tmp[n++] = (uint8_t)(v & 0x7fu);
		v >>= 7;
	} while (v != 0);
	if (size - *pos < n)
		return false;
	while (n > 0) {
		n--;
		out[(*pos)++] = (uint8_t)(tmp[n] | (n != 0 ? 0x80u : 0));
	}
	return true;
}

int der_oid_from_text(const char *text, uint8_t *out, size_t size, size_t *len)
{
	uint32_t first, second, arc;
	size_t pos = 0;

	if (text == NULL || out == NULL || len == NULL)
		return AUTH_E_INVALID_ARG;
	/* The first two arcs share one subidentifier, 40 * X + Y, with X in
	 * 0..2 and Y < 40 unless X is 2 (X.690 8.19.4). */
	if (!oid_arc(&text, &first) || *text++ != '.' || !oid_arc(&text, &second))
		return AUTH_E_INVALID_ARG;
	if (first > 2 || (first < 2 && second >= 40))
		return AUTH_E_INVALID_ARG;
	if (!oid_put((uint64_t)first * 40u + second, out, size, &pos))
		return AUTH_E_INVALID_ARG;
	while (*text == '.') {
		text++;
		if (!oid_arc(&text, &arc) || !oid_put(arc, out, size, &pos))
			return AUTH_E_INVALID_ARG;
	}
	if (*text != '\0')
		return AUTH_E_INVALID_ARG;
	*len = pos;
	return AUTH_OK;
}

/* id-sha256/384/512 (RFC 5754 2; NIST CSOR 2.16.840.1.101.3.4.2.x). */
static const uint8_t oid_sha256[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01 };
static const uint8_t oid_sha384[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02 };
static const uint8_t oid_sha512[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03 };

size_t auth_digest_len(enum auth_hash_alg alg)
{
	switch (alg) {
	case AUTH_HASH_SHA256:
		return 32;
	case AUTH_HASH_SHA384:
		return 48;
	case AUTH_HASH_SHA512:
		return 64;
	}
	return 0;
}

int der_get_uint(struct der *d, struct auth_buf *mag)
{
	struct auth_buf v;
	struct der save = *d;
	int rc;

	rc = der_get(d, DER_INTEGER, &v, NULL);
	if (rc != AUTH_OK)
		return rc;
	/* At least one content octet; the sign bit clear (X.690 8.3.3); a
	 * leading zero octet only where the next one's top bit needs it
	 * (8.3.2, the shortest form). */
	if (v.len == 0 || (v.p[0] & 0x80u) != 0 ||
	    (v.len > 1 && v.p[0] == 0 && (v.p[1] & 0x80u) == 0)) {
		*d = save;
		return AUTH_E_CERT_DER;
	}
	if (v.p[0] == 0) {
		v.p++;
		v.len--;
	}
	*mag = v;
	return AUTH_OK;
}

int der_hash_oid(const struct auth_buf *oid, enum auth_hash_alg *alg)
{
	if (der_buf_equal(oid, oid_sha256, sizeof(oid_sha256)))
		*alg = AUTH_HASH_SHA256;
	else if (der_buf_equal(oid, oid_sha384, sizeof(oid_sha384)))
		*alg = AUTH_HASH_SHA384;
	else if (der_buf_equal(oid, oid_sha512, sizeof(oid_sha512)))
		*alg = AUTH_HASH_SHA512;
	else
		return AUTH_E_HASH_ALG;
	return AUTH_OK;
}

int der_hash_algid(struct der *d, enum auth_hash_alg *alg)
{
	struct auth_buf algid_val, oid, null;
	struct der algid;

	if (der_get(d, DER_SEQUENCE, &algid_val, NULL) != AUTH_OK)
		return AUTH_E_EXT_MALFORMED;
	der_init(&algid, algid_val.p, algid_val.len);
	if (der_get(&algid, DER_OID, &oid, NULL) != AUTH_OK)
		return AUTH_E_EXT_MALFORMED;
	/* Parameters: absent, or NULL (RFC 5754 2: both must be accepted). */
	if (der_next_is(&algid, DER_NULL) &&
	    (der_get(&algid, DER_NULL, &null, NULL) != AUTH_OK || null.len != 0))
		return AUTH_E_EXT_MALFORMED;
	if (!der_done(&algid))
		return AUTH_E_EXT_MALFORMED;
	return der_hash_oid(&oid, alg);
}

int auth_digest_parse(const uint8_t *der, size_t len, enum auth_hash_alg *alg,
                      const uint8_t **digest, size_t *digest_len)
{
	struct der d, seq;
	struct auth_buf seq_val, dig;
	int rc;

	der_init(&d, der, len);
	if (der_get(&d, DER_SEQUENCE, &seq_val, NULL) != AUTH_OK || !der_done(&d))
		return AUTH_E_EXT_MALFORMED;
	der_init(&seq, seq_val.p, seq_val.len);
	rc = der_hash_algid(&seq, alg);
	if (rc != AUTH_OK && rc != AUTH_E_HASH_ALG)
		return rc;
	/* The structure first: an unknown algorithm in a malformed one is
	 * a malformed extension. */
	if (der_get(&seq, DER_OCTET_STRING, &dig, NULL) != AUTH_OK || !der_done(&seq))
		return AUTH_E_EXT_MALFORMED;
	if (rc != AUTH_OK)
		return rc;
	if (dig.len != auth_digest_len(*alg))
		return AUTH_E_EXT_MALFORMED;
	*digest = dig.p;
	*digest_len = dig.len;
	return AUTH_OK;
}
