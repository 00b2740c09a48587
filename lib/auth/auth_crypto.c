/*
 * The cryptographic checks, on mbed TLS: certificate signatures (RSASSA-PSS,
 * ECDSA), image hashes, the ROTPK hash; the constant-time double compare;
 * and mbed TLS's static heap.
 *
 * mbed TLS allocates only inside these calls (key contexts, big numbers)
 * and frees everything before they return, so the pool holds nothing
 * between two checks; its size is the peak of one check.
 */
#include <string.h>

#include <common/debug.h>
#include <lib/auth/auth_sha2.h>

#include "mbedtls/ecdsa.h"
#include "mbedtls/md.h"
#include "mbedtls/memory_buffer_alloc.h"
#include "mbedtls/platform.h"
#include "mbedtls/rsa.h"

#include "auth_private.h"

/*
 * mbed TLS's heap, bytes. Measured on the host build of this configuration
 * (same allocator, 16-byte blocks, 64-bit pointers and limbs as on AArch64):
 * the smallest pool with which the check still passes, fragmentation
 * included (tests/unit/test_auth.c, test_heap_peak):
 *   RSA-2048 PSS SHA-256   5632     ECDSA P-256 SHA-256   9424-9776
 *   RSA-3072 PSS SHA-384   7936     ECDSA P-256 SHA-512   9440-9776
 *   RSA-4096 PSS SHA-512  10240     ECDSA P-384 SHA-384  10560-11424
 * A whole chain walk: RSA-2048 5632, ECDSA P-256 SHA-512 9712-9808. The
 * ECDSA figures vary with the key and the signature (the ranges are those
 * of 20 fresh keys each): mbed TLS's numbers grow and shrink with their
 * values. RSA frees everything between two checks; ECDSA keeps its curve
 * and the generator's comb table (ec_grp, below), which the first check
 * allocates, so again the worst single check of the build's algorithm is
 * the worst chain. The pool is that worst case (any key size the firmware
 * accepts: RSA-4096, P-384) with at least an eighth to spare, in whole
 * KiB; the unit test fails if a case comes closer, or if the pool is
 * 2 KiB larger than that needs (the ECDSA spread is 8%). A build with both
 * (the host's) takes the larger.
 */
#if defined(AUTH_CFG_RSA) && defined(AUTH_CFG_ECDSA)
#define AUTH_HEAP_SIZE                                                                             \
	(AUTH_HEAP_SIZE_RSA > AUTH_HEAP_SIZE_ECDSA ? AUTH_HEAP_SIZE_RSA : AUTH_HEAP_SIZE_ECDSA)
#elif defined(AUTH_CFG_RSA)
#define AUTH_HEAP_SIZE AUTH_HEAP_SIZE_RSA
#else
#define AUTH_HEAP_SIZE AUTH_HEAP_SIZE_ECDSA
#endif

static unsigned char auth_heap[AUTH_HEAP_SIZE] __attribute__((aligned(16)));
const size_t auth_heap_size = AUTH_HEAP_SIZE;
static bool auth_heap_ready;

void auth_crypto_init(void)
{
	if (!auth_heap_ready) {
		mbedtls_memory_buffer_alloc_init(auth_heap, sizeof(auth_heap));
		auth_heap_ready = true;
	}
}

void auth_crypto_use_pool(void *pool, size_t size)
{
	auth_crypto_release();
	mbedtls_memory_buffer_alloc_init(pool, size);
	auth_heap_ready = true;
}

void auth_crypto_use_allocator(void *(*calloc_fn)(size_t, size_t), void (*free_fn)(void *))
{
	auth_crypto_release();
	mbedtls_platform_set_calloc_free(calloc_fn, free_fn);
	auth_heap_ready = true;
}

/* memory_buffer_alloc found its own bookkeeping corrupted (a double free, a
 * block outside the pool): memory is no longer what the code believes. */
void auth_mbedtls_exit(int status)
{
	(void)status;
	panic();
}

/* Did mbed TLS fail for want of memory? Its codes add a high-level module
 * error (bits 14:7) and a low-level one (bits 6:0). */
static bool out_of_memory(int ret)
{
	unsigned int e = (unsigned int)(-ret);
	unsigned int low = e & 0x7fu, high = e & 0xff80u;

	return low == (unsigned int)-MBEDTLS_ERR_MPI_ALLOC_FAILED ||
#if defined(MBEDTLS_ECP_C)
	       high == (unsigned int)-MBEDTLS_ERR_ECP_ALLOC_FAILED ||
#endif
	       high == (unsigned int)-MBEDTLS_ERR_MD_ALLOC_FAILED;
}

static mbedtls_md_type_t md_type(enum auth_hash_alg alg)
{
	switch (alg) {
	case AUTH_HASH_SHA256:
		return MBEDTLS_MD_SHA256;
	case AUTH_HASH_SHA384:
		return MBEDTLS_MD_SHA384;
	case AUTH_HASH_SHA512:
		return MBEDTLS_MD_SHA512;
	}
	return MBEDTLS_MD_NONE;
}

int auth_hash_copy(enum auth_hash_alg alg, void *dst, const void *src, size_t len, uint8_t *out)
{
	const mbedtls_md_info_t *info = mbedtls_md_info_from_type(md_type(alg));
	static const uint8_t empty;

	/* No such hash in this build (HASH_ALG=sha256 builds no SHA-512). */
	if (info == NULL)
		return AUTH_E_HASH_ALG;
	/* mbed TLS takes no NULL even for zero bytes. */
	if (src == NULL)
		src = &empty;
	/* SHA-256 in one pass over the whole blocks (auth_sha2.c). */
	if (alg == AUTH_HASH_SHA256)
		return auth_sha256_copy(dst, src, len, out) == 0 ? AUTH_OK : AUTH_E_FAULT;
	if (dst != NULL) {
		memcpy(dst, src, len);
		src = dst;
	}
	return mbedtls_md(info, src, len, out) == 0 ? AUTH_OK : AUTH_E_FAULT;
}

int auth_hash_compute(enum auth_hash_alg alg, const void *data, size_t len, uint8_t *out)
{
	return auth_hash_copy(alg, NULL, data, len, out);
}

int auth_ct_equal_tok(const uint8_t *a, const uint8_t *b, size_t n, uint32_t tok, int mismatch_err,
                      uint32_t *token)
{
	/* volatile: every byte is read whatever came before (constant time),
	 * and the second pass is not folded into the first. */
	volatile uint32_t d1 = 0, d2 = 0;
	size_t i;

	*token = 0;
	for (i = 0; i < n; i++)
		d1 |= (uint32_t)(a[i] ^ b[i]);
	if (d1 != 0)
		return mismatch_err;
	auth_barrier();
	for (i = n; i > 0; i--)
		d2 |= (uint32_t)(a[i - 1] ^ b[i - 1]);
	if (d2 != 0)
		return AUTH_E_FAULT;
	/* Derived from both passes: a skipped test above leaves it wrong. */
	*token = tok ^ d1 ^ d2;
	return AUTH_OK;
}

/*
 * Whether the digest of @data[0 .. @len) is the one the DigestInfo
 * @di[0 .. @di_len) (RFC 8017 9.2) names: AUTH_OK with *token derived from
 * @tag, else @mismatch. A malformed @di gives @bad_di, or auth_digest_parse's
 * own code where @bad_di is AUTH_OK. With @dst, the data is copied there
 * as it is hashed, and the digest is of the copy (auth_hash_copy()); not
 * if @di is malformed.
 */
static int digest_matches_tok(const uint8_t *di, size_t di_len, int bad_di, void *dst,
                              const void *data, size_t len, uint32_t tag, int mismatch,
                              uint32_t *token)
{
	uint8_t got[AUTH_DIGEST_MAX_LEN];
	const uint8_t *want;
	enum auth_hash_alg alg;
	size_t want_len;
	int rc;

	rc = auth_digest_parse(di, di_len, &alg, &want, &want_len);
	if (rc != AUTH_OK)
		return bad_di != AUTH_OK ? bad_di : rc;
	auth_crypto_init();
	rc = auth_hash_copy(alg, dst, data, len, got);
	if (rc != AUTH_OK)
		return rc;
	return auth_ct_equal_tok(got, want, want_len, tag, mismatch, token);
}

int auth_verify_hash_tok(const uint8_t *hash_ext, size_t len, void *dst, const void *image,
                         size_t image_len, uint32_t *token)
{
	if (token == NULL)
		return AUTH_E_INVALID_ARG;
	*token = 0;
	if (hash_ext == NULL || (image == NULL && image_len != 0))
		return AUTH_E_INVALID_ARG;
	return digest_matches_tok(hash_ext, len, AUTH_OK, dst, image, image_len, AUTH_TOKEN_HASH,
	                          AUTH_E_HASH_MISMATCH, token);
}

int auth_verify_hash(const uint8_t *hash_ext, size_t len, const void *image, size_t image_len)
{
	uint32_t token;
	int rc = auth_verify_hash_tok(hash_ext, len, NULL, image, image_len, &token);

	if (rc != AUTH_OK)
		return rc;
	return auth_token_ok(token, AUTH_TOKEN_HASH) ? AUTH_OK : AUTH_E_FAULT;
}

int auth_rotpk_match_tok(const void *pk_der, size_t len, const uint8_t *rotpk_hash, size_t hash_len,
                         uint32_t *token)
{
	if (token == NULL)
		return AUTH_E_INVALID_ARG;
	*token = 0;
	if (pk_der == NULL || rotpk_hash == NULL)
		return AUTH_E_INVALID_ARG;
	/* The platform's value is a DigestInfo too; any fault in it is the platform's. */
	return digest_matches_tok(rotpk_hash, hash_len, AUTH_E_ROTPK_HASH, NULL, pk_der, len,
	                          AUTH_TOKEN_ROTPK, AUTH_E_ROTPK_MISMATCH, token);
}

int auth_rotpk_match(const void *pk_der, size_t len, const uint8_t *rotpk_hash, size_t hash_len)
{
	uint32_t token;
	int rc = auth_rotpk_match_tok(pk_der, len, rotpk_hash, hash_len, &token);

	if (rc != AUTH_OK)
		return rc;
	return auth_token_ok(token, AUTH_TOKEN_ROTPK) ? AUTH_OK : AUTH_E_FAULT;
}

/* ----- Signatures ---------------------------------------------------------- */

/* Keys whose R^2 mod N the build computed (auth_crypto_rsa_rr()). */
static const struct auth_rsa_rr *rsa_rr_keys;
static size_t rsa_rr_count;

void auth_crypto_rsa_rr(const struct auth_rsa_rr *keys, size_t count)
{
	rsa_rr_keys = keys;
	rsa_rr_count = keys != NULL ? count : 0;
}

#if defined(MBEDTLS_RSA_C)

/* The build's R^2 mod N for this modulus, or NULL. */
static const struct auth_rsa_rr *rsa_rr_find(const struct auth_buf *n)
{
	size_t i;

	for (i = 0; i < rsa_rr_count; i++) {
		if (der_buf_equal(n, rsa_rr_keys[i].n, rsa_rr_keys[i].n_len))
			return &rsa_rr_keys[i];
	}
	return NULL;
}

/* The key into @rsa, and mbed TLS's checks of it (n odd, 1 < e < n, e
 * odd). @rsa was set up by mbedtls_rsa_init(). */
static int rsa_import(mbedtls_rsa_context *rsa, const struct auth_key *key)
{
	int ret = mbedtls_rsa_import_raw(rsa, key->n.p, key->n.len, NULL, 0, NULL, 0, NULL, 0,
	                                 key->e.p, key->e.len);

	if (ret != 0)
		return out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_KEY;
	return mbedtls_rsa_check_pubkey(rsa) == 0 ? AUTH_OK : AUTH_E_KEY;
}

/*
 * RSASSA-PSS verification (RFC 8017 8.1.2) of @sig over @digest with the
 * key, MGF1 on the digest's hash (auth_sig_alg_parse() required it). A
 * signature is as long as the modulus (8.1.2 step 1).
 */
static int verify_rsa(const struct auth_key *key, const struct auth_sig_alg *alg,
                      const uint8_t *digest, size_t digest_len, const struct auth_buf *sig,
                      int *mbed_ret)
{
	mbedtls_md_type_t md = md_type(alg->hash);
	const struct auth_rsa_rr *rr;
	mbedtls_rsa_context rsa;
	int ret, rc;

	mbedtls_rsa_init(&rsa, MBEDTLS_RSA_PKCS_V21, (int)md);
	rc = rsa_import(&rsa, key);
	if (rc != AUTH_OK)
		goto out;
	if (sig->len != rsa.len) {
		rc = AUTH_E_SIG_INVALID;
		goto out;
	}
	/*
	 * R^2 mod N, which mbed TLS's exponentiation otherwise computes by a
	 * long division for every key context: the build's, for a key it
	 * knows (the ROT key), matched on the whole modulus.
	 */
	rr = rsa_rr_find(&key->n);
	if (rr != NULL) {
		ret = mbedtls_mpi_read_binary(&rsa.RN, rr->rr, rr->rr_len);
		if (ret != 0) {
			rc = out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_FAULT;
			goto out;
		}
	}
	ret = mbedtls_rsa_rsassa_pss_verify_ext(&rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, md,
	                                        (unsigned int)digest_len, digest, md,
	                                        (int)alg->salt_len, sig->p);
	*mbed_ret = ret;
	rc = ret == 0 ? AUTH_OK : out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_SIG_INVALID;
out:
	mbedtls_rsa_free(&rsa);
	return rc;
}
#endif

#if defined(MBEDTLS_ECP_C)
/*
 * The curve of the last ECDSA check, kept with what mbed TLS computed for
 * it: with MBEDTLS_ECP_FIXED_POINT_OPTIM, the generator's comb table
 * (grp.T), which each of the chain's verifications after the first reuses
 * (docs/perf/boot.rst). It lives in mbed TLS's heap until
 * auth_crypto_release().
 */
static mbedtls_ecp_group ec_grp;
static enum auth_ec_curve ec_grp_curve; /* 0: none */

/* The key's curve (kept) and point, and mbed TLS's check that the point
 * is on the curve (SEC1 3.2.2.1). @q was set up by mbedtls_ecp_point_init(). */
static int ec_import(const struct auth_key *key, mbedtls_ecp_group **grp, mbedtls_ecp_point *q)
{
	int ret;

	if (ec_grp_curve != key->curve) {
		auth_crypto_release();
		mbedtls_ecp_group_init(&ec_grp);
		ret = mbedtls_ecp_group_load(&ec_grp, key->curve == AUTH_EC_P256
		                                              ? MBEDTLS_ECP_DP_SECP256R1
		                                              : MBEDTLS_ECP_DP_SECP384R1);
		if (ret != 0) {
			mbedtls_ecp_group_free(&ec_grp);
			return out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_KEY;
		}
		ec_grp_curve = key->curve;
	}
	*grp = &ec_grp;
	ret = mbedtls_ecp_point_read_binary(&ec_grp, q, key->point.p, key->point.len);
	if (ret == 0)
		ret = mbedtls_ecp_check_pubkey(&ec_grp, q);
	if (ret != 0)
		return out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_KEY;
	return AUTH_OK;
}

/* ECDSA verification (SEC1 4.1.4) of @sig over @digest with the key. */
static int verify_ecdsa(const struct auth_key *key, const uint8_t *digest, size_t digest_len,
                        const struct auth_buf *sig, int *mbed_ret)
{
	mbedtls_ecp_group *grp;
	mbedtls_ecp_point q;
	struct auth_buf rb, sb;
	mbedtls_mpi r, s;
	int ret, rc;

	mbedtls_ecp_point_init(&q);
	mbedtls_mpi_init(&r);
	mbedtls_mpi_init(&s);
	rc = ec_import(key, &grp, &q);
	if (rc != AUTH_OK)
		goto out;
	rc = auth_ecdsa_sig_parse(sig->p, sig->len, &rb, &sb);
	if (rc != AUTH_OK)
		goto out;
	ret = mbedtls_mpi_read_binary(&r, rb.p, rb.len);
	if (ret == 0)
		ret = mbedtls_mpi_read_binary(&s, sb.p, sb.len);
	if (ret == 0)
		ret = mbedtls_ecdsa_verify(grp, digest, digest_len, &q, &r, &s);
	*mbed_ret = ret;
	rc = ret == 0 ? AUTH_OK : out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_SIG_INVALID;
out:
	mbedtls_mpi_free(&s);
	mbedtls_mpi_free(&r);
	mbedtls_ecp_point_free(&q);
	return rc;
}
#endif

int auth_key_check(const struct auth_key *key)
{
	int rc = AUTH_E_KEY;

	auth_crypto_init();
#if defined(MBEDTLS_RSA_C)
	if (key->type == AUTH_KEY_RSA) {
		mbedtls_rsa_context rsa;

		mbedtls_rsa_init(&rsa, MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_NONE);
		rc = rsa_import(&rsa, key);
		mbedtls_rsa_free(&rsa);
	}
#endif
#if defined(MBEDTLS_ECP_C)
	if (key->type == AUTH_KEY_EC) {
		mbedtls_ecp_group *grp;
		mbedtls_ecp_point q;

		mbedtls_ecp_point_init(&q);
		rc = ec_import(key, &grp, &q);
		mbedtls_ecp_point_free(&q);
	}
#endif
	return rc;
}

int auth_key_usable(const void *pk_der, size_t len)
{
	struct auth_key key;
	int rc;

	if (pk_der == NULL)
		return AUTH_E_INVALID_ARG;
	if (len > AUTH_KEY_MAX_LEN)
		return AUTH_E_KEY;
	rc = auth_key_parse(pk_der, len, &key);
	return rc == AUTH_OK ? auth_key_check(&key) : rc;
}

void auth_crypto_release(void)
{
#if defined(MBEDTLS_ECP_C)
	if (ec_grp_curve != 0) {
		mbedtls_ecp_group_free(&ec_grp);
		ec_grp_curve = 0;
	}
#endif
}

int auth_verify_signature_tok(const struct auth_cert *cert, const void *pk_der, size_t pk_len,
                              uint32_t *token)
{
	uint8_t digest[AUTH_DIGEST_MAX_LEN];
	struct auth_sig_alg alg;
	struct auth_key key;
	volatile int vret;
	int ret = -1, rc;

	if (token == NULL)
		return AUTH_E_INVALID_ARG;
	*token = 0;
	if (cert == NULL || pk_der == NULL || cert->sig_alg.p == NULL || cert->tbs.p == NULL ||
	    cert->sig.p == NULL)
		return AUTH_E_INVALID_ARG;
	if (pk_len == 0 || pk_len > AUTH_KEY_MAX_LEN)
		return AUTH_E_KEY;
	auth_crypto_init();

	/* The key: one SubjectPublicKeyInfo, all of @pk_len, of a type and
	 * size this build verifies. */
	rc = auth_key_parse(pk_der, pk_len, &key);
	if (rc != AUTH_OK)
		return rc;
#if !defined(MBEDTLS_RSA_C)
	if (key.type == AUTH_KEY_RSA)
		return AUTH_E_KEY;
#endif
#if !defined(MBEDTLS_ECP_C)
	if (key.type == AUTH_KEY_EC)
		return AUTH_E_KEY;
#endif

	/* The scheme, and that it suits the key: RSASSA-PSS with an RSA key,
	 * ECDSA with an EC key. */
	rc = auth_sig_alg_parse(cert->sig_alg.p, cert->sig_alg.len, &alg);
	if (rc != AUTH_OK)
		return rc;
	if ((alg.scheme == AUTH_SIG_RSA_PSS) != (key.type == AUTH_KEY_RSA))
		return AUTH_E_KEY_ALG;
	rc = auth_hash_compute(alg.hash, cert->tbs.p, cert->tbs.len, digest);
	if (rc != AUTH_OK)
		return rc == AUTH_E_HASH_ALG ? AUTH_E_SIG_ALG : rc;

	rc = AUTH_E_KEY;
#if defined(MBEDTLS_RSA_C)
	if (key.type == AUTH_KEY_RSA)
		rc = verify_rsa(&key, &alg, digest, auth_digest_len(alg.hash), &cert->sig, &ret);
#endif
#if defined(MBEDTLS_ECP_C)
	if (key.type == AUTH_KEY_EC)
		rc = verify_ecdsa(&key, digest, auth_digest_len(alg.hash), &cert->sig, &ret);
#endif
	if (rc != AUTH_OK)
		return rc;
	/* The verdict read again through a volatile copy before it counts. */
	vret = ret;
	auth_barrier();
	if (vret != 0)
		return AUTH_E_FAULT;
	*token = AUTH_TOKEN_SIG ^ (uint32_t)ret ^ (uint32_t)vret;
	return AUTH_OK;
}

int auth_verify_signature(const struct auth_cert *cert, const void *pk_der, size_t pk_len)
{
	uint32_t token;
	int rc = auth_verify_signature_tok(cert, pk_der, pk_len, &token);

	if (rc != AUTH_OK)
		return rc;
	return auth_token_ok(token, AUTH_TOKEN_SIG) ? AUTH_OK : AUTH_E_FAULT;
}
