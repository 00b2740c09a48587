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

#include "mbedtls/md.h"
#include "mbedtls/memory_buffer_alloc.h"
#include "mbedtls/pk.h"
#include "mbedtls/platform.h"
#include "mbedtls/x509.h"

#include "auth_private.h"

/*
 * mbed TLS's heap, bytes. Measured on the host build of this configuration
 * (same allocator, 16-byte blocks, 64-bit pointers and limbs as on AArch64):
 * the smallest pool with which the check still passes, fragmentation
 * included (tests/unit/test_auth.c, test_heap_peak):
 *   RSA-2048 PSS SHA-256   6224     ECDSA P-256 SHA-256   7824
 *   RSA-3072 PSS SHA-384   8528     ECDSA P-256 SHA-512   7792
 *   RSA-4096 PSS SHA-512  10832     ECDSA P-384 SHA-384   8816
 * A whole chain walk: RSA-2048 6224, ECDSA P-256 SHA-512 7808. mbed TLS
 * frees everything between two checks, so the worst single check of the
 * build's algorithm is the worst chain. The pool is that worst case (any
 * key size the firmware accepts: RSA-4096, P-384) rounded up to the next
 * KiB with at least an eighth to spare; the unit test fails if a case
 * comes closer. A build with both (the host's) takes the larger.
 */
#if defined(AUTH_CFG_RSA)
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
	mbedtls_memory_buffer_alloc_init(pool, size);
	auth_heap_ready = true;
}

void auth_crypto_use_allocator(void *(*calloc_fn)(size_t, size_t), void (*free_fn)(void *))
{
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
	       low == (unsigned int)-MBEDTLS_ERR_ASN1_ALLOC_FAILED ||
#if defined(MBEDTLS_ECP_C)
	       high == (unsigned int)-MBEDTLS_ERR_ECP_ALLOC_FAILED ||
#endif
	       high == (unsigned int)-MBEDTLS_ERR_PK_ALLOC_FAILED ||
	       high == (unsigned int)-MBEDTLS_ERR_X509_ALLOC_FAILED ||
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

int auth_hash_compute(enum auth_hash_alg alg, const void *data, size_t len, uint8_t *out)
{
	const mbedtls_md_info_t *info = mbedtls_md_info_from_type(md_type(alg));
	static const uint8_t empty;

	/* No such hash in this build (HASH_ALG=sha256 builds no SHA-512). */
	if (info == NULL)
		return AUTH_E_HASH_ALG;
	/* mbed TLS takes no NULL even for zero bytes. */
	if (data == NULL)
		data = &empty;
	return mbedtls_md(info, data, len, out) == 0 ? AUTH_OK : AUTH_E_FAULT;
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
 * own code where @bad_di is AUTH_OK.
 */
static int digest_matches_tok(const uint8_t *di, size_t di_len, int bad_di, const void *data,
                              size_t len, uint32_t tag, int mismatch, uint32_t *token)
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
	rc = auth_hash_compute(alg, data, len, got);
	if (rc != AUTH_OK)
		return rc;
	return auth_ct_equal_tok(got, want, want_len, tag, mismatch, token);
}

int auth_verify_hash_tok(const uint8_t *hash_ext, size_t len, const void *image, size_t image_len,
                         uint32_t *token)
{
	if (token == NULL)
		return AUTH_E_INVALID_ARG;
	*token = 0;
	if (hash_ext == NULL || (image == NULL && image_len != 0))
		return AUTH_E_INVALID_ARG;
	return digest_matches_tok(hash_ext, len, AUTH_OK, image, image_len, AUTH_TOKEN_HASH,
	                          AUTH_E_HASH_MISMATCH, token);
}

int auth_verify_hash(const uint8_t *hash_ext, size_t len, const void *image, size_t image_len)
{
	uint32_t token;
	int rc = auth_verify_hash_tok(hash_ext, len, image, image_len, &token);

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
	return digest_matches_tok(rotpk_hash, hash_len, AUTH_E_ROTPK_HASH, pk_der, len,
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

/* Only RSA keys of AUTH_RSA_MIN_BITS..AUTH_RSA_MAX_BITS and EC keys on P-256
 * or P-384 (the curves the configuration builds). */
static int check_key(mbedtls_pk_context *pk)
{
	size_t bits = mbedtls_pk_get_bitlen(pk);

	switch (mbedtls_pk_get_type(pk)) {
	case MBEDTLS_PK_RSA:
		if (bits < AUTH_RSA_MIN_BITS || bits > AUTH_RSA_MAX_BITS)
			return AUTH_E_KEY;
		return AUTH_OK;
#if defined(MBEDTLS_ECP_C)
	case MBEDTLS_PK_ECKEY:
		switch (mbedtls_pk_ec(*pk)->grp.id) {
		case MBEDTLS_ECP_DP_SECP256R1:
		case MBEDTLS_ECP_DP_SECP384R1:
			return AUTH_OK;
		default:
			return AUTH_E_KEY;
		}
#endif
	default:
		return AUTH_E_KEY;
	}
}

/*
 * Which signature scheme, and is it one we accept for this key: RSASSA-PSS
 * with MGF1 on the same hash (RFC 8017 8.1, RFC 4055 3.1) or ECDSA (RFC
 * 5758 3.2), with SHA-256/384/512.
 */
static int check_sig_alg(const struct auth_cert *cert, mbedtls_pk_context *pk,
                         mbedtls_md_type_t *md, mbedtls_pk_type_t *pk_alg, void **opts)
{
	unsigned char *p = (unsigned char *)(uintptr_t)cert->sig_alg.p;
	const unsigned char *end = p + cert->sig_alg.len;
	mbedtls_x509_buf oid, params;
	int ret;

	if (mbedtls_x509_get_alg(&p, end, &oid, &params) != 0 || p != end)
		return AUTH_E_SIG_ALG;
	ret = mbedtls_x509_get_sig_alg(&oid, &params, md, pk_alg, opts);
	if (ret != 0)
		return out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_SIG_ALG;
	if (*md != MBEDTLS_MD_SHA256 && *md != MBEDTLS_MD_SHA384 && *md != MBEDTLS_MD_SHA512)
		return AUTH_E_SIG_ALG;
	if (*pk_alg == MBEDTLS_PK_RSASSA_PSS) {
		const mbedtls_pk_rsassa_pss_options *pss = *opts;

		if (pss == NULL || pss->mgf1_hash_id != *md)
			return AUTH_E_SIG_ALG;
		if (mbedtls_pk_get_type(pk) != MBEDTLS_PK_RSA)
			return AUTH_E_KEY_ALG;
		return AUTH_OK;
	}
	if (*pk_alg == MBEDTLS_PK_ECDSA) {
		if (mbedtls_pk_get_type(pk) != MBEDTLS_PK_ECKEY)
			return AUTH_E_KEY_ALG;
		return AUTH_OK;
	}
	/* sha*WithRSAEncryption (PKCS#1 v1.5) and anything else. */
	return AUTH_E_SIG_ALG;
}

int auth_verify_signature_tok(const struct auth_cert *cert, const void *pk_der, size_t pk_len,
                              uint32_t *token)
{
	uint8_t digest[AUTH_DIGEST_MAX_LEN];
	mbedtls_pk_context pk;
	mbedtls_md_type_t md = MBEDTLS_MD_NONE;
	mbedtls_pk_type_t pk_alg = MBEDTLS_PK_NONE;
	const mbedtls_md_info_t *info;
	unsigned char *p;
	void *opts = NULL;
	volatile int vret;
	int ret, rc;

	if (token == NULL)
		return AUTH_E_INVALID_ARG;
	*token = 0;
	if (cert == NULL || pk_der == NULL || cert->sig_alg.p == NULL || cert->tbs.p == NULL ||
	    cert->sig.p == NULL)
		return AUTH_E_INVALID_ARG;
	if (pk_len == 0 || pk_len > AUTH_KEY_MAX_LEN)
		return AUTH_E_KEY;
	auth_crypto_init();
	mbedtls_pk_init(&pk);

	/* The key: one SubjectPublicKeyInfo, all of @pk_len. mbed TLS checks
	 * an EC point is on its curve and an RSA key's shape. */
	p = (unsigned char *)(uintptr_t)pk_der;
	ret = mbedtls_pk_parse_subpubkey(&p, p + pk_len, &pk);
	if (ret != 0) {
		rc = out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_KEY;
		goto out;
	}
	if (p != (const unsigned char *)pk_der + pk_len) {
		rc = AUTH_E_KEY;
		goto out;
	}
	rc = check_key(&pk);
	if (rc != AUTH_OK)
		goto out;
	rc = check_sig_alg(cert, &pk, &md, &pk_alg, &opts);
	if (rc != AUTH_OK)
		goto out;

	info = mbedtls_md_info_from_type(md);
	if (info == NULL || mbedtls_md(info, cert->tbs.p, cert->tbs.len, digest) != 0) {
		rc = AUTH_E_FAULT;
		goto out;
	}
	ret = mbedtls_pk_verify_ext(pk_alg, opts, &pk, md, digest, mbedtls_md_get_size(info),
	                            cert->sig.p, cert->sig.len);
	if (ret != 0) {
		rc = out_of_memory(ret) ? AUTH_E_NO_MEMORY : AUTH_E_SIG_INVALID;
		goto out;
	}
	/* The verdict read again through a volatile copy before it counts. */
	vret = ret;
	auth_barrier();
	if (vret != 0) {
		rc = AUTH_E_FAULT;
		goto out;
	}
	*token = AUTH_TOKEN_SIG ^ (uint32_t)ret ^ (uint32_t)vret;
	rc = AUTH_OK;
out:
	mbedtls_free(opts);
	mbedtls_pk_free(&pk);
	return rc;
}

int auth_verify_signature(const struct auth_cert *cert, const void *pk_der, size_t pk_len)
{
	uint32_t token;
	int rc = auth_verify_signature_tok(cert, pk_der, pk_len, &token);

	if (rc != AUTH_OK)
		return rc;
	return auth_token_ok(token, AUTH_TOKEN_SIG) ? AUTH_OK : AUTH_E_FAULT;
}
