/*
 * lib/auth internals: the strict DER reader, digest structures, the crypto
 * heap, and the fault-injection hardening helpers. Not for use outside
 * lib/auth (the unit tests aside).
 */
#ifndef AUTH_PRIVATE_H
#define AUTH_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lib/auth/auth.h>
#include <lib/auth/auth_cfg.h>

/* ----- DER (ITU-T X.690 clause 10) -------------------------------------- */

/* Universal tags and the context-specific ones X.509 uses. */
#define DER_BOOLEAN          0x01u
#define DER_INTEGER          0x02u
#define DER_BIT_STRING       0x03u
#define DER_OCTET_STRING     0x04u
#define DER_NULL             0x05u
#define DER_OID              0x06u
#define DER_UTC_TIME         0x17u
#define DER_GENERALIZED_TIME 0x18u
#define DER_SEQUENCE         0x30u
#define DER_SET              0x31u
#define DER_CTX_CONS(n)      (0xa0u | (n)) /* [n] constructed (EXPLICIT) */
#define DER_CTX_PRIM(n)      (0x80u | (n)) /* [n] primitive (IMPLICIT) */

/* Longest OID accepted, in content bytes (TBBR OIDs take 11). */
#define DER_OID_MAX_LEN 32u

/* A read position inside a buffer: [p, end). */
struct der {
	const uint8_t *p;
	const uint8_t *end;
};

static inline void der_init(struct der *d, const void *buf, size_t len)
{
	d->p = buf;
	/* Nothing to read at NULL (a certificate without extensions): no
	 * pointer arithmetic on it, which C leaves undefined. */
	d->end = buf == NULL ? d->p : d->p + len;
}

/* der_done() - true if nothing is left to read. */
static inline bool der_done(const struct der *d)
{
	return d->p == d->end;
}

/* der_next_is() - true if a TLV with @tag starts at the read position. */
static inline bool der_next_is(const struct der *d, uint8_t tag)
{
	return d->p < d->end && d->p[0] == tag;
}

/*
 * der_get() - read one TLV whose tag must be @tag, and move past it.
 * @val: set to its contents (may be NULL).
 * @tlv: set to the whole TLV, tag and length included (may be NULL).
 *
 * Definite lengths only, in their shortest form (X.690 10.1), that fit in
 * what is left; single-octet tags. Returns AUTH_OK, AUTH_E_CERT_DER (no
 * TLV, another tag, a truncated header, an indefinite length),
 * AUTH_E_CERT_LONG_FORM or AUTH_E_CERT_LENGTH. On error @d is unchanged.
 */
int der_get(struct der *d, uint8_t tag, struct auth_buf *val, struct auth_buf *tlv);

/*
 * der_oid_from_text() - encode a dotted OID ("1.3.6.1...") as DER contents
 * (X.690 8.19) into @out (@size bytes); *@len set to the length used.
 * Returns AUTH_OK or AUTH_E_INVALID_ARG (not an OID, or too long).
 */
int der_oid_from_text(const char *text, uint8_t *out, size_t size, size_t *len);

/* der_buf_equal() - same length and bytes (not constant time: OIDs). */
bool der_buf_equal(const struct auth_buf *a, const uint8_t *b, size_t len);

/*
 * der_get_uint() - read one INTEGER that must be non-negative, in DER's
 * shortest form (X.690 8.3.2: no leading 0x00 the next octet's top bit
 * does not need; 8.3.3: the sign bit clear), and move past it.
 * @mag: set to its magnitude, big-endian, without the leading 0x00 (empty
 *       for zero).
 * Returns AUTH_OK, or der_get()'s codes (AUTH_E_CERT_DER also for a
 * negative or non-shortest value). On error @d is unchanged.
 */
int der_get_uint(struct der *d, struct auth_buf *mag);

/* ----- Digests ------------------------------------------------------------ */

enum auth_hash_alg {
	AUTH_HASH_SHA256,
	AUTH_HASH_SHA384,
	AUTH_HASH_SHA512,
};

#define AUTH_DIGEST_MAX_LEN 64u /* SHA-512 */

/*
 * auth_digest_parse() - decode DER SEQUENCE { AlgorithmIdentifier,
 * OCTET STRING } (a TBBR hash extension, or a DigestInfo, RFC 8017 9.2):
 * exactly that, no byte after it; parameters absent or NULL.
 * Returns AUTH_OK, AUTH_E_EXT_MALFORMED (structure, or digest length not the
 * algorithm's) or AUTH_E_HASH_ALG (not SHA-256/384/512).
 */
int auth_digest_parse(const uint8_t *der, size_t len, enum auth_hash_alg *alg,
                      const uint8_t **digest, size_t *digest_len);

/*
 * der_hash_oid() - which SHA-2 @oid (DER contents) names: id-sha256,
 * id-sha384 or id-sha512 (RFC 5754 2). Returns AUTH_OK or AUTH_E_HASH_ALG.
 */
int der_hash_oid(const struct auth_buf *oid, enum auth_hash_alg *alg);

/*
 * der_hash_algid() - read one AlgorithmIdentifier of a SHA-2 hash (RFC 5754
 * 2: parameters absent or NULL) and move past it. Returns AUTH_OK,
 * AUTH_E_EXT_MALFORMED (not that structure) or AUTH_E_HASH_ALG (another
 * algorithm).
 */
int der_hash_algid(struct der *d, enum auth_hash_alg *alg);

/* auth_digest_len() - bytes of @alg's digest. */
size_t auth_digest_len(enum auth_hash_alg alg);

/*
 * auth_hash_compute() - @alg's digest of @len bytes at @data into @out
 * (auth_digest_len(@alg) bytes). Returns AUTH_OK, AUTH_E_HASH_ALG (a hash
 * this build leaves out) or AUTH_E_FAULT (mbed TLS failed, which it cannot
 * for valid arguments).
 */
int auth_hash_compute(enum auth_hash_alg alg, const void *data, size_t len, uint8_t *out);

/*
 * auth_hash_copy() - auth_hash_compute() that also copies the @len bytes to
 * @dst (unless it is NULL; it must not overlap @src), the digest being of
 * the copy as written: for SHA-256 one pass over memory on the crypto
 * extension (auth_sha256_copy()), else the copy then its hash.
 */
int auth_hash_copy(enum auth_hash_alg alg, void *dst, const void *src, size_t len, uint8_t *out);

/* ----- Public keys and signature algorithms (auth_pk.c) ------------------- */

/*
 * The DER side of a signature check, read by lib/auth itself (strict DER,
 * like the certificate) so that mbed TLS is called only for arithmetic:
 * its pk, x509 and oid layers are not linked.
 */
enum auth_key_type {
	AUTH_KEY_RSA = 1,
	AUTH_KEY_EC,
};

enum auth_ec_curve {
	AUTH_EC_P256 = 1, /* secp256r1 (prime256v1) */
	AUTH_EC_P384,     /* secp384r1 */
};

/* A public key; every field points into the SubjectPublicKeyInfo read. */
struct auth_key {
	enum auth_key_type type;
	/* RSA: modulus and public exponent, big-endian magnitudes (no
	 * leading zero octet). */
	struct auth_buf n, e;
	/* EC: the curve and the point, uncompressed: 04 || X || Y. */
	enum auth_ec_curve curve;
	struct auth_buf point;
};

/*
 * auth_key_parse() - read one SubjectPublicKeyInfo (RFC 5280 4.1.2.7),
 * exactly @len bytes: rsaEncryption (RFC 8017 A.1.1, parameters NULL or
 * absent) with RSAPublicKey { modulus, publicExponent }, the modulus of
 * AUTH_RSA_MIN_BITS..AUTH_RSA_MAX_BITS bits; or id-ecPublicKey on the named
 * curve P-256 or P-384 (RFC 5480 2.1.1) with an uncompressed point of that
 * curve's size (SEC1 2.3.3). The public key BIT STRING has no unused bits.
 * The arithmetic checks (RSA exponent odd and below the modulus, the point
 * on the curve) are mbed TLS's, when the key is used.
 * Returns AUTH_OK or AUTH_E_KEY.
 */
int auth_key_parse(const uint8_t *der, size_t len, struct auth_key *key);

/*
 * auth_key_check() - what mbed TLS checks of a parsed key before it uses it:
 * RSA n odd, e odd and 1 < e < n; an EC point on its curve (SEC1 3.2.2.1).
 * Returns AUTH_OK, AUTH_E_KEY or AUTH_E_NO_MEMORY. auth_verify_signature()
 * makes the same checks; this is for the tests and the fuzzer.
 */
int auth_key_check(const struct auth_key *key);

enum auth_sig_scheme {
	AUTH_SIG_RSA_PSS = 1, /* RSASSA-PSS, MGF1 on the same hash */
	AUTH_SIG_ECDSA,
};

struct auth_sig_alg {
	enum auth_sig_scheme scheme;
	enum auth_hash_alg hash;
	uint32_t salt_len; /* RSASSA-PSS: the salt's bytes */
};

/*
 * auth_sig_alg_parse() - read a certificate's signature AlgorithmIdentifier,
 * exactly @len bytes: id-RSASSA-PSS with RSASSA-PSS-params (RFC 4055 3.1:
 * hashAlgorithm SHA-256/384/512 and maskGenAlgorithm MGF1 on the same hash,
 * both present; saltLength, default 20; trailerField, if present, 1), or
 * ecdsa-with-SHA256/384/512 (RFC 5758 3.2; parameters absent or NULL).
 * Returns AUTH_OK or AUTH_E_SIG_ALG (anything else: PKCS#1 v1.5, SHA-1,
 * another MGF, malformed parameters).
 */
int auth_sig_alg_parse(const uint8_t *der, size_t len, struct auth_sig_alg *alg);

/*
 * auth_ecdsa_sig_parse() - read an ECDSA signature value, Ecdsa-Sig-Value
 * ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 5480 2.2 / RFC 5758 3.2),
 * exactly @len bytes, each INTEGER non-negative in DER's shortest form and
 * at most AUTH_EC_MAX_BYTES long; @r and @s set to their magnitudes.
 * Returns AUTH_OK or AUTH_E_SIG_INVALID.
 */
int auth_ecdsa_sig_parse(const uint8_t *der, size_t len, struct auth_buf *r, struct auth_buf *s);

/* A coordinate or scalar of the largest curve accepted (P-384), bytes. */
#define AUTH_EC_MAX_BYTES 48u

/* ----- Crypto heap ---------------------------------------------------------- */

/*
 * auth_crypto_init() - give mbed TLS its heap: the static pool
 * (AUTH_HEAP_SIZE bytes, auth_crypto.c) unless a test chose another with the
 * functions below. Idempotent.
 */
void auth_crypto_init(void);

/* Tests: use @pool (@size bytes) as mbed TLS's heap from now on. What was
 * kept in the previous heap is released first (auth_crypto_release()). */
void auth_crypto_use_pool(void *pool, size_t size);

/* Host tests: use these allocators (e.g. the C library's, so that ASan sees
 * every mbed TLS allocation); likewise. */
void auth_crypto_use_allocator(void *(*calloc_fn)(size_t, size_t), void (*free_fn)(void *));

/*
 * auth_crypto_release() - free what lib/auth keeps in mbed TLS's heap from
 * one check to the next (the last ECDSA curve and its generator's comb
 * table); the next check that needs it computes it again. Before a heap
 * goes away (a test's pool).
 */
void auth_crypto_release(void);

/* Size of the firmware's static pool, bytes. */
extern const size_t auth_heap_size;
/* The pool for each algorithm (lib/auth/auth_crypto.c says how measured). */
#define AUTH_HEAP_SIZE_RSA   (12u * 1024u)
#define AUTH_HEAP_SIZE_ECDSA (13u * 1024u)

/* ----- Fault-injection hardening ------------------------------------------- */

/*
 * A check that passes yields its own token: a constant with about half of
 * its 32 bits set, far in Hamming distance from 0, from all-ones and from
 * the other tokens, so that a skipped instruction or a flipped bit cannot
 * turn a failure (or an untouched variable, 0) into a pass. Each token is
 * tested twice, once directly and once complemented, through volatile copies
 * the compiler must keep (auth_token_ok()).
 */
#define AUTH_TOKEN_PARENT        0x4ba5d20fu
#define AUTH_TOKEN_ROTPK         0x69b41e3cu
#define AUTH_TOKEN_SIG           0x5e2d87b4u
#define AUTH_TOKEN_NV_CTR        0x17e8c35au
#define AUTH_TOKEN_EXTS          0x72c31d96u
#define AUTH_TOKEN_HASH          0x3c5a96e1u
/* An authenticated image's state word (XORed with a per-image salt). */
#define AUTH_STATE_AUTHENTICATED 0x2d4bb4d2u

/* Keep the compiler from merging the two halves of a double check. */
static inline void auth_barrier(void)
{
	__asm__ volatile("" ::: "memory");
}

/* auth_token_ok() - @v is @want, read twice (directly, then complemented). */
static inline bool auth_token_ok(uint32_t v, uint32_t want)
{
	volatile uint32_t a = v;
	volatile uint32_t b = ~v;

	if (a != want)
		return false;
	auth_barrier();
	if (b != ~want)
		return false;
	return true;
}

/* Token-producing forms of the public checks: on AUTH_OK, *@token is the
 * check's AUTH_TOKEN_*; on error it is 0. */
int auth_verify_signature_tok(const struct auth_cert *cert, const void *pk_der, size_t pk_len,
                              uint32_t *token);
/* auth_verify_hash_tok(): with @dst not NULL, the image is copied there
 * as it is hashed and the copy is what is checked (auth_hash_copy()). */
int auth_verify_hash_tok(const uint8_t *hash_ext, size_t len, void *dst, const void *image,
                         size_t image_len, uint32_t *token);
int auth_rotpk_match_tok(const void *pk_der, size_t len, const uint8_t *rotpk_hash, size_t hash_len,
                         uint32_t *token);

/*
 * auth_ct_equal_tok() - compare @n bytes in constant time, twice (forward,
 * then backward). Returns AUTH_OK with *@token = @tok if equal,
 * @mismatch_err if not, AUTH_E_FAULT if the two passes disagree.
 */
int auth_ct_equal_tok(const uint8_t *a, const uint8_t *b, size_t n, uint32_t tok, int mismatch_err,
                      uint32_t *token);

#endif /* AUTH_PRIVATE_H */
