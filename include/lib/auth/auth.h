/*
 * Trusted board boot, part 1: the primitives. Parse an X.509 v3 certificate,
 * find a TBBR extension, check a signature, an image hash, an NV counter and
 * the root-of-trust public key (docs/design/trusted-boot.rst).
 *
 * Pure C on mbed TLS (include/lib/auth/mbedtls_config.h); the same code runs
 * in BL1/BL2 and in the host unit tests. Every input is untrusted: a bad
 * certificate, key or image is answered with a negative AUTH_E_* code, never
 * a crash, a hang or a panic (docs/design/error-policy.rst).
 *
 * Specifications: Arm DEN0006 (TBBR-Client), RFC 5280 (X.509), ITU-T X.690
 * (DER), RFC 8017 (RSASSA-PSS, DigestInfo), SEC1 and RFC 5480 (ECDSA),
 * RFC 5754 (SHA-2 algorithm identifiers).
 */
#ifndef AUTH_H
#define AUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest certificate accepted, in bytes. A TBBR certificate with RSA-4096
 * keys is about 2.3 KiB; anything longer is refused before it is parsed. */
#define AUTH_CERT_MAX_LEN     4096u
/* Largest public key (SubjectPublicKeyInfo DER) accepted, in bytes: an
 * RSA-4096 key takes 550. */
#define AUTH_KEY_MAX_LEN      600u
/* Largest hash extension (DER SEQUENCE { AlgorithmIdentifier, OCTET STRING })
 * accepted, in bytes: SHA-512 with NULL parameters takes 83. */
#define AUTH_HASH_EXT_MAX_LEN 96u
/* RSA key sizes accepted, in bits (NIST SP 800-57: 2048 at least). */
#define AUTH_RSA_MIN_BITS     2048u
#define AUTH_RSA_MAX_BITS     4096u
/* Most extensions a certificate may carry (bounds the duplicate check). */
#define AUTH_CERT_MAX_EXTS    32u

/*
 * The DER DigestInfo header (RFC 8017 9.2, note 1) of a SHA-256 digest: a
 * platform's ROTPK hash (plat_get_rotpk_hash()) is these 19 bytes, then the
 * 32-byte SHA-256 of the ROT key's DER SubjectPublicKeyInfo.
 */
#define AUTH_DIGEST_INFO_SHA256_HEADER                                                             \
	0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,  \
		0x05, 0x00, 0x04, 0x20

/*
 * Result codes: AUTH_OK (0) or one negative value per way an input can be
 * wrong, so that tests and logs can tell them apart. auth_strerror() gives
 * the message; docs/design/error-policy.rst lists them.
 */
enum auth_err {
	AUTH_OK = 0,
	AUTH_E_INVALID_ARG = -1,        /* NULL pointer, unknown image, bad OID text */
	AUTH_E_CERT_MISSING = -2,       /* no certificate (NULL or 0 bytes) */
	AUTH_E_IMAGE_MISSING = -3,      /* no image (NULL or 0 bytes) */
	AUTH_E_CERT_TOO_LONG = -4,      /* more than AUTH_CERT_MAX_LEN bytes */
	AUTH_E_CERT_DER = -5,           /* not DER: tag, truncation, indefinite length */
	AUTH_E_CERT_LENGTH = -6,        /* an ASN.1 length runs past its container */
	AUTH_E_CERT_LONG_FORM = -7,     /* a length not in its shortest form (X.690 10.1) */
	AUTH_E_CERT_TRAILING = -8,      /* bytes after the certificate's SEQUENCE */
	AUTH_E_CERT_VERSION = -9,       /* not X.509 v3 */
	AUTH_E_CERT_SIG_ALG = -10,      /* TBS and outer signature algorithms differ */
	AUTH_E_CERT_EXT_DUP = -11,      /* one extension twice (RFC 5280 4.2) */
	AUTH_E_CERT_EXT_CRITICAL = -12, /* a critical extension we do not know */
	AUTH_E_EXT_MISSING = -13,       /* the extension asked for is not there */
	AUTH_E_EXT_MALFORMED = -14,     /* an extension's value is not what it must be */
	AUTH_E_HASH_ALG = -15,          /* hash algorithm not SHA-256/384/512 */
	AUTH_E_HASH_MISMATCH = -16,     /* image digest differs from the certificate's */
	AUTH_E_SIG_ALG = -17,           /* signature algorithm not supported */
	AUTH_E_KEY = -18,               /* public key malformed, or type/size not allowed */
	AUTH_E_KEY_ALG = -19,           /* signature algorithm does not suit the key */
	AUTH_E_SIG_INVALID = -20,       /* the signature does not verify */
	AUTH_E_ROTPK_HASH = -21,        /* the platform's ROTPK hash is malformed */
	AUTH_E_ROTPK_MISMATCH = -22,    /* the key is not the root-of-trust key */
	AUTH_E_NV_CTR = -23,            /* certificate NV counter below the platform's */
	AUTH_E_PARENT = -24,            /* the image's parent is not authenticated */
	AUTH_E_PLAT = -25,              /* a platform hook failed */
	AUTH_E_NO_MEMORY = -26,         /* mbed TLS's heap is exhausted */
	AUTH_E_FAULT = -27,             /* redundant checks disagree: fault injected? */
};

/*
 * auth_strerror() - describe a result code in words, e.g. "hash does not
 * match its certificate". Never NULL; "unknown error" outside the enum.
 */
const char *auth_strerror(int err);

/* A byte range inside a caller's buffer. */
struct auth_buf {
	const uint8_t *p;
	size_t len; /* bytes */
};

/*
 * A parsed certificate. Every field points into the buffer given to
 * auth_cert_parse(), which must stay valid and unchanged while it is used.
 */
struct auth_cert {
	struct auth_buf raw;     /* the whole Certificate */
	struct auth_buf tbs;     /* TBSCertificate, tag and length included:
					 * the bytes the signature covers */
	struct auth_buf serial;  /* serialNumber INTEGER contents */
	struct auth_buf sig_alg; /* signatureAlgorithm: the whole
					 * AlgorithmIdentifier */
	struct auth_buf sig;     /* signatureValue bits (the BIT STRING's
					 * unused-bits octet removed) */
	struct auth_buf issuer;  /* issuer Name, whole */
	struct auth_buf subject; /* subject Name, whole */
	struct auth_buf spki;    /* subjectPublicKeyInfo, whole */
	struct auth_buf exts;    /* Extension SEQUENCEs back to back (the
					 * contents of Extensions); empty if none */
	unsigned int ext_count;
};

/*
 * auth_cert_parse() - check that @der is one DER X.509 v3 certificate
 * (RFC 5280 4.1) and describe it.
 * @der:  the certificate; any alignment.
 * @len:  its size in bytes: exactly the certificate, nothing after it.
 * @cert: filled on success; unspecified on error.
 *
 * Every length is checked against its container, in DER's shortest form;
 * the version must be v3; the TBS and outer signature algorithms must be the
 * same bytes (RFC 5280 4.1.1.2); the signature BIT STRING must have no
 * unused bits; extensions must be well formed, with no OID twice (RFC 5280
 * 4.2) and no critical extension other than the TBBR ones (arc
 * 1.3.6.1.4.1.4128.2100), basicConstraints and keyUsage. Validity dates are
 * not read (no clock: DEN0006 trust comes from the chain and NV counters).
 *
 * Returns AUTH_OK; AUTH_E_CERT_MISSING (NULL or @len 0),
 * AUTH_E_CERT_TOO_LONG (@len > AUTH_CERT_MAX_LEN), AUTH_E_CERT_DER,
 * AUTH_E_CERT_LENGTH, AUTH_E_CERT_LONG_FORM, AUTH_E_CERT_TRAILING,
 * AUTH_E_CERT_VERSION, AUTH_E_CERT_SIG_ALG, AUTH_E_CERT_EXT_DUP or
 * AUTH_E_CERT_EXT_CRITICAL; AUTH_E_INVALID_ARG if @cert is NULL.
 */
int auth_cert_parse(const void *der, size_t len, struct auth_cert *cert);

/*
 * auth_cert_ext() - find one extension of a parsed certificate by OID.
 * @cert: from auth_cert_parse().
 * @oid:  dotted decimal, e.g. TBBR_OID_BL31_HASH ("1.3.6.1.4.1.4128.2100.603").
 * @val:  set to the extension's value (the extnValue OCTET STRING contents:
 *        the DER the extension carries) on success.
 * @len:  set to its size in bytes.
 *
 * Returns AUTH_OK; AUTH_E_EXT_MISSING if no extension has @oid;
 * AUTH_E_CERT_EXT_DUP if two have it; AUTH_E_INVALID_ARG for NULL arguments
 * or @oid not a valid dotted OID (two arcs at least, first 0-2).
 */
int auth_cert_ext(const struct auth_cert *cert, const char *oid, const uint8_t **val, size_t *len);

/*
 * auth_verify_signature() - check a certificate's signature with a key.
 * @cert:   from auth_cert_parse().
 * @pk_der: the public key, DER SubjectPublicKeyInfo (RFC 5280 4.1.2.7):
 *          RSA of AUTH_RSA_MIN_BITS..AUTH_RSA_MAX_BITS, or EC on P-256 or
 *          P-384 (RFC 5480).
 * @pk_len: its size in bytes, at most AUTH_KEY_MAX_LEN.
 *
 * The signature over cert->tbs must be RSASSA-PSS (RFC 8017 8.1.2; RFC 4055
 * parameters, MGF1 with the same hash) or ECDSA (SEC1 4.1.4,
 * ecdsa-with-SHA256/384/512), with SHA-256, SHA-384 or SHA-512: what
 * cert_create makes. PKCS#1 v1.5 signatures are refused.
 *
 * Returns AUTH_OK; AUTH_E_KEY (key malformed, not RSA/EC, size or curve not
 * allowed), AUTH_E_SIG_ALG, AUTH_E_KEY_ALG (e.g. ECDSA signature, RSA key),
 * AUTH_E_SIG_INVALID, AUTH_E_NO_MEMORY, AUTH_E_FAULT; AUTH_E_INVALID_ARG for
 * NULL arguments.
 */
int auth_verify_signature(const struct auth_cert *cert, const void *pk_der, size_t pk_len);

/*
 * auth_verify_hash() - check an image against a hash extension.
 * @hash_ext:  the extension's value: DER SEQUENCE { AlgorithmIdentifier,
 *             OCTET STRING digest } (DEN0006; the AlgorithmIdentifier's
 *             parameters absent or NULL, RFC 5754 2).
 * @len:       its size in bytes.
 * @image:     the image; may be NULL only if @image_len is 0.
 * @image_len: its size in bytes.
 *
 * The image's SHA-256, SHA-384 or SHA-512 digest, as the extension names,
 * is compared with the extension's in constant time, twice.
 *
 * Returns AUTH_OK; AUTH_E_EXT_MALFORMED (not that structure, or a digest
 * whose length is not the algorithm's), AUTH_E_HASH_ALG (another
 * algorithm), AUTH_E_HASH_MISMATCH, AUTH_E_FAULT; AUTH_E_INVALID_ARG for
 * NULL arguments.
 */
int auth_verify_hash(const uint8_t *hash_ext, size_t len, const void *image, size_t image_len);

/*
 * auth_nv_counter() - read a certificate's NV counter extension (DEN0006:
 * trusted 1.3.6.1.4.1.4128.2100.1, non-trusted .2), a DER INTEGER.
 * @cert:    from auth_cert_parse().
 * @trusted: true for the trusted-firmware counter, false for the
 *           non-trusted-firmware one.
 * @value:   set to the counter on success.
 *
 * Returns AUTH_OK; AUTH_E_EXT_MISSING, AUTH_E_CERT_EXT_DUP;
 * AUTH_E_EXT_MALFORMED if the value is not one DER INTEGER in 0..2^32-1;
 * AUTH_E_INVALID_ARG for NULL arguments.
 */
int auth_nv_counter(const struct auth_cert *cert, bool trusted, uint32_t *value);

/*
 * auth_key_usable() - would the firmware verify signatures with this key?
 * lib/auth's own reader and checks, the ones auth_verify_signature() makes
 * of a key before it uses it, for tools that must refuse what the firmware
 * would (cert_create's key check: a chain signed with a key the firmware
 * refuses is an image that does not boot).
 * @pk_der: a DER SubjectPublicKeyInfo (RFC 5280 4.1.2.7).
 * @len:    its size in bytes.
 *
 * Checks: at most AUTH_KEY_MAX_LEN bytes; rsaEncryption of
 * AUTH_RSA_MIN_BITS..AUTH_RSA_MAX_BITS bits, its modulus odd and its
 * public exponent odd with 1 < e < n (mbed TLS's mbedtls_rsa_check_pubkey);
 * or EC on the named curve P-256 or P-384, an uncompressed point on the
 * curve (SEC1 3.2.2.1); of an algorithm the build holds
 * (include/lib/auth/auth_cfg.h).
 *
 * Returns AUTH_OK; AUTH_E_KEY (any of those broken), AUTH_E_NO_MEMORY;
 * AUTH_E_INVALID_ARG for NULL.
 */
int auth_key_usable(const void *pk_der, size_t len);

/*
 * auth_rotpk_match() - is this key the root-of-trust public key?
 * @pk_der:     a DER SubjectPublicKeyInfo (the key a root certificate
 *              carries).
 * @len:        its size in bytes.
 * @rotpk_hash: what the platform holds: a DER DigestInfo (RFC 8017 9.2),
 *              SEQUENCE { AlgorithmIdentifier, OCTET STRING }, of the key's
 *              SubjectPublicKeyInfo; for SHA-256 the 19 bytes
 *              30 31 30 0d 06 09 60 86 48 01 65 03 04 02 01 05 00 04 20
 *              then the 32-byte digest.
 * @hash_len:   its size in bytes.
 *
 * Returns AUTH_OK; AUTH_E_ROTPK_HASH (@rotpk_hash malformed or not SHA-2),
 * AUTH_E_ROTPK_MISMATCH, AUTH_E_FAULT; AUTH_E_INVALID_ARG for NULL
 * arguments.
 */
int auth_rotpk_match(const void *pk_der, size_t len, const uint8_t *rotpk_hash, size_t hash_len);

/*
 * A key the build knows, with the Montgomery constant mbed TLS's RSA
 * exponentiation needs: R^2 mod N, R = 2^(64 * ceil(bits(N) / 64)) (its
 * limbs are 64 bits on every target). Computing it takes a long division
 * of a 2 * bits(N) number for every key context (about 100,000
 * instructions for RSA-2048); the build does it once for the ROT key
 * (make_helpers/rotpk_hash.sh).
 */
struct auth_rsa_rr {
	const uint8_t *n;  /* the modulus, big-endian, no leading zero octet */
	size_t n_len;      /* bytes */
	const uint8_t *rr; /* R^2 mod N, big-endian */
	size_t rr_len;     /* bytes */
};

/*
 * auth_crypto_rsa_rr() - use these precomputed constants from now on, for a
 * key whose modulus is, byte for byte, one of theirs; any other key has its
 * constant computed as before. @keys must stay valid; NULL, 0: none. Each
 * constant must be right for its modulus (a wrong one makes every
 * signature of that key fail to verify: the unit tests check the build's
 * against mbed TLS's own).
 */
void auth_crypto_rsa_rr(const struct auth_rsa_rr *keys, size_t count);

#endif /* AUTH_H */
