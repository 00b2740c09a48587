/*
 * libFuzzer harness for lib/auth's public-key reader: a SubjectPublicKeyInfo
 * as a certificate or a key extension carries it, through
 * auth_key_parse() and then, for a key it accepts, into mbed TLS as
 * auth_verify_signature() takes it (auth_key_check(): the RSA modulus and
 * exponent, the EC curve and point). Aborts if an accepted key breaks the
 * parser's promises (a modulus of 2048 to 4096 bits, a magnitude without
 * leading zero, an uncompressed point of its curve's size).
 *
 * Built with clang -fsanitize=fuzzer,address,undefined against a build of
 * mbed TLS in our configuration with the same sanitizers
 * (tests/fuzz/fuzz.mk); seeds in tests/fuzz/corpus/key/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <lib/auth/auth.h>

#include "../../lib/auth/auth_private.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

void __panic(const char *file, int line);
void __panic(const char *file, int line)
{
	fprintf(stderr, "panic at %s:%d\n", file, line);
	abort();
}

static size_t bits(const struct auth_buf *m)
{
	size_t b = m->len * 8;
	unsigned int top = m->p[0];

	for (unsigned int bit = 0x80; bit != 0 && (top & bit) == 0; bit >>= 1)
		b--;
	return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct auth_key key;
	int rc;

	if (!ready) {
		/* The C library's allocator: ASan sees every block. */
		auth_crypto_use_allocator(calloc, free);
		ready = 1;
	}
	/* auth_verify_signature() takes no longer key. */
	if (size > AUTH_KEY_MAX_LEN || auth_key_parse(data, size, &key) != AUTH_OK)
		return 0;
	switch (key.type) {
	case AUTH_KEY_RSA:
		if (key.n.len == 0 || key.n.p[0] == 0 || (key.e.len != 0 && key.e.p[0] == 0) ||
		    bits(&key.n) < AUTH_RSA_MIN_BITS || bits(&key.n) > AUTH_RSA_MAX_BITS)
			abort();
		break;
	case AUTH_KEY_EC:
		if (key.point.p[0] != 0x04 || key.point.len != (key.curve == AUTH_EC_P256   ? 65u
		                                                : key.curve == AUTH_EC_P384 ? 97u
		                                                                            : 0u))
			abort();
		break;
	default:
		abort();
	}
	rc = auth_key_check(&key);
	if (rc != AUTH_OK && rc != AUTH_E_KEY)
		abort();
	return 0;
}
