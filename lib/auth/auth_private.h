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

/* auth_digest_len() - bytes of @alg's digest. */
size_t auth_digest_len(enum auth_hash_alg alg);

/*
 * auth_hash_compute() - @alg's digest of @len bytes at @data into @out
 * (auth_digest_len(@alg) bytes). Returns AUTH_OK, AUTH_E_HASH_ALG (a hash
 * this build leaves out) or AUTH_E_FAULT (mbed TLS failed, which it cannot
 * for valid arguments).
 */
int auth_hash_compute(enum auth_hash_alg alg, const void *data, size_t len, uint8_t *out);

/* ----- Crypto heap ---------------------------------------------------------- */

/*
 * auth_crypto_init() - give mbed TLS its heap: the static pool
 * (AUTH_HEAP_SIZE bytes, auth_crypto.c) unless a test chose another with the
 * functions below. Idempotent.
 */
void auth_crypto_init(void);

/* Tests: use @pool (@size bytes) as mbed TLS's heap from now on. */
void auth_crypto_use_pool(void *pool, size_t size);

/* Host tests: use these allocators (e.g. the C library's, so that ASan sees
 * every mbed TLS allocation). */
void auth_crypto_use_allocator(void *(*calloc_fn)(size_t, size_t), void (*free_fn)(void *));

/* Size of the firmware's static pool, bytes. */
extern const size_t auth_heap_size;
/* The pool for each algorithm (lib/auth/auth_crypto.c says how measured). */
#define AUTH_HEAP_SIZE_RSA   (12u * 1024u)
#define AUTH_HEAP_SIZE_ECDSA (10u * 1024u)

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
int auth_verify_hash_tok(const uint8_t *hash_ext, size_t len, const void *image, size_t image_len,
                         uint32_t *token);
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
