/*
 * libFuzzer harness for lib/auth's certificate parser and everything that
 * reads a certificate's untrusted bytes before a signature has vouched for
 * them: auth_cert_parse(), auth_cert_ext() for every TBBR OID, the NV
 * counter and hash-extension decoders, the subject key and key extensions
 * (auth_key_parse(); fuzz_key.c takes keys further, into mbed TLS), the
 * signature algorithm (RSASSA-PSS parameters) and an ECDSA signature value.
 * Signatures are not verified: that is arithmetic on parsed values, and
 * too slow for millions of inputs.
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

/* A key as auth_verify_signature() reads it (the parser alone: fuzz_key.c
 * runs mbed TLS's checks). */
static void parse_key(const uint8_t *der, size_t len)
{
	struct auth_key key;

	if (auth_key_parse(der, len, &key) != AUTH_OK)
		return;
	if (key.type == AUTH_KEY_RSA && (key.n.len == 0 || key.n.p[0] == 0))
		abort(); /* a magnitude, without its leading zero */
	if (key.type == AUTH_KEY_EC && key.point.p[0] != 0x04)
		abort();
}

/* The signature algorithm and, for ECDSA, the signature value. */
static void parse_sig(const struct auth_cert *cert)
{
	struct auth_sig_alg alg;
	struct auth_buf r, s;

	if (auth_sig_alg_parse(cert->sig_alg.p, cert->sig_alg.len, &alg) != AUTH_OK)
		return;
	if (alg.hash != AUTH_HASH_SHA256 && alg.hash != AUTH_HASH_SHA384 &&
	    alg.hash != AUTH_HASH_SHA512)
		abort();
	if (alg.scheme == AUTH_SIG_ECDSA &&
	    auth_ecdsa_sig_parse(cert->sig.p, cert->sig.len, &r, &s) == AUTH_OK &&
	    (r.len > AUTH_EC_MAX_BYTES || s.len > AUTH_EC_MAX_BYTES))
		abort();
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
	parse_sig(&cert);
	/* A ROTPK hash may come from a platform's flash: the same decoder. */
	(void)auth_rotpk_match(data, size, data, size);
	return 0;
}
