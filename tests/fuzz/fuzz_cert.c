/*
 * libFuzzer harness for lib/auth's certificate parser and everything that
 * reads a certificate's untrusted bytes before a signature has vouched for
 * them: auth_cert_parse(), auth_cert_ext() for every TBBR OID, the NV
 * counter and hash-extension decoders, and mbed TLS's parsing of the
 * subject key, key extensions and signature algorithm (RSASSA-PSS
 * parameters). Signatures are not verified: that is arithmetic on parsed
 * values, and too slow for millions of inputs.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined against a build of
 * mbed TLS in our configuration with the same sanitizers
 * (tests/fuzz/fuzz.mk); seeds in tests/fuzz/corpus/cert/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lib/auth/auth.h>
#include <lib/auth/tbbr_oid.h>

#include "mbedtls/pk.h"
#include "mbedtls/platform.h"
#include "mbedtls/x509.h"

#include "../../lib/auth/auth_private.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

void __panic(const char *file, int line);
void __panic(const char *file, int line)
{
	fprintf(stderr, "panic at %s:%d\n", file, line);
	abort();
}

static const char *const hash_oids[] = {
	TBBR_OID_BL2_HASH,       TBBR_OID_TB_FW_CONFIG_HASH, TBBR_OID_HW_CONFIG_HASH,
	TBBR_OID_FW_CONFIG_HASH, TBBR_OID_BL31_HASH,         TBBR_OID_SOC_FW_CONFIG_HASH,
	TBBR_OID_BL33_HASH,      TBBR_OID_NT_FW_CONFIG_HASH,
};
static const char *const key_oids[] = {
	TBBR_OID_TRUSTED_WORLD_PK,
	TBBR_OID_NON_TRUSTED_WORLD_PK,
	TBBR_OID_SOC_FW_CONTENT_CERT_PK,
	TBBR_OID_NT_FW_CONTENT_CERT_PK,
};

/* mbed TLS's SubjectPublicKeyInfo parser, as auth_verify_signature() runs
 * it, on bytes a certificate carries. */
static void parse_key(const uint8_t *der, size_t len)
{
	mbedtls_pk_context pk;
	unsigned char *p = (unsigned char *)(uintptr_t)der;

	mbedtls_pk_init(&pk);
	(void)mbedtls_pk_parse_subpubkey(&p, p + len, &pk);
	mbedtls_pk_free(&pk);
}

static void parse_sig_alg(const struct auth_cert *cert)
{
	unsigned char *p = (unsigned char *)(uintptr_t)cert->sig_alg.p;
	mbedtls_x509_buf oid, params;
	mbedtls_md_type_t md;
	mbedtls_pk_type_t pk_alg;
	void *opts = NULL;

	if (mbedtls_x509_get_alg(&p, p + cert->sig_alg.len, &oid, &params) == 0)
		(void)mbedtls_x509_get_sig_alg(&oid, &params, &md, &pk_alg, &opts);
	mbedtls_free(opts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct auth_cert cert;
	const uint8_t *val;
	uint32_t nv;
	size_t len, i;

	if (!ready) {
		/* The C library's allocator: ASan sees every block. */
		auth_crypto_use_allocator(calloc, free);
		ready = 1;
	}
	if (auth_cert_parse(data, size, &cert) != AUTH_OK)
		return 0;
	(void)auth_nv_counter(&cert, true, &nv);
	(void)auth_nv_counter(&cert, false, &nv);
	for (i = 0; i < sizeof(hash_oids) / sizeof(hash_oids[0]); i++) {
		if (auth_cert_ext(&cert, hash_oids[i], &val, &len) == AUTH_OK)
			(void)auth_verify_hash(val, len, data, size);
	}
	for (i = 0; i < sizeof(key_oids) / sizeof(key_oids[0]); i++) {
		if (auth_cert_ext(&cert, key_oids[i], &val, &len) == AUTH_OK)
			parse_key(val, len);
	}
	parse_key(cert.spki.p, cert.spki.len);
	parse_sig_alg(&cert);
	/* A ROTPK hash may come from a platform's flash: the same decoder. */
	(void)auth_rotpk_match(data, size, data, size);
	return 0;
}
