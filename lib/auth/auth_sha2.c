/*
 * mbed TLS's SHA-256 and SHA-512 block functions (its
 * MBEDTLS_SHA256_PROCESS_ALT and MBEDTLS_SHA512_PROCESS_ALT hooks,
 * include/lib/auth/mbedtls_config.h): the Armv8 crypto extension's SHA2
 * instructions where ID_AA64ISAR0_EL1 says the CPU has them
 * (lib/auth/aarch64/sha2_ce.S), else mbed TLS's own C code, compiled a
 * second time under other names (lib/auth/auth.mk, AUTH_SHA2_C_FALLBACK).
 * include/lib/auth/auth_sha2.h has the contract.
 */
#include <stdbool.h>
#include <string.h>

#include <lib/auth/auth_sha2.h>

#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"

/* mbed TLS's C block functions (the fallback build of sha256.c/sha512.c). */
int auth_sha256_process_c(mbedtls_sha256_context *ctx, const unsigned char data[64]);
int auth_sha512_process_c(mbedtls_sha512_context *ctx, const unsigned char data[128]);

/* The crypto extension is used only on AArch64 and where the build allows it. */
#if defined(__aarch64__) && (!defined(SHA2_CRYPTO_EXT) || SHA2_CRYPTO_EXT)
#define SHA2_CE_BUILT 1
#else
#define SHA2_CE_BUILT 0
#endif

#if SHA2_CE_BUILT
#include <arch/aarch64/arch_helpers.h>
#endif

#define ISAR0_SHA2_SHIFT 12
#define ISAR0_SHA2_MASK  0xfu
#define ISAR0_SHA2_256   1u /* FEAT_SHA256 */
#define ISAR0_SHA2_512   2u /* FEAT_SHA256 and FEAT_SHA512 */

unsigned int auth_sha2_paths_for(uint64_t isar0)
{
	unsigned int sha2 = (unsigned int)(isar0 >> ISAR0_SHA2_SHIFT) & ISAR0_SHA2_MASK;

	/* Values above 0b0010 are reserved: trust only what is defined. */
	if (sha2 == ISAR0_SHA2_512)
		return AUTH_SHA2_CE_SHA256 | AUTH_SHA2_CE_SHA512;
	if (sha2 == ISAR0_SHA2_256)
		return AUTH_SHA2_CE_SHA256;
	return 0;
}

static bool paths_known;
static unsigned int cpu_paths, limit_paths = ~0u;

static unsigned int read_cpu_paths(void)
{
#if SHA2_CE_BUILT
	return auth_sha2_paths_for(read_id_aa64isar0_el1());
#else
	return 0;
#endif
}

unsigned int auth_sha2_paths(void)
{
	if (!paths_known) {
		cpu_paths = read_cpu_paths();
		paths_known = true;
	}
	return cpu_paths & limit_paths;
}

void auth_sha2_limit(unsigned int paths)
{
	limit_paths = paths;
}

const char *auth_sha2_describe(void)
{
	switch (auth_sha2_paths()) {
	case AUTH_SHA2_CE_SHA256 | AUTH_SHA2_CE_SHA512:
		return "SHA-256 and SHA-512 on the crypto extension";
	case AUTH_SHA2_CE_SHA256:
		return "SHA-256 on the crypto extension, SHA-512 in C";
	case AUTH_SHA2_CE_SHA512:
		return "SHA-512 on the crypto extension, SHA-256 in C";
	default:
		return "SHA-256 and SHA-512 in C";
	}
}

int mbedtls_internal_sha256_process(mbedtls_sha256_context *ctx, const unsigned char data[64])
{
#if SHA2_CE_BUILT
	if ((auth_sha2_paths() & AUTH_SHA2_CE_SHA256) != 0u) {
		auth_sha256_ce_blocks(ctx->state, data, 1);
		return 0;
	}
#endif
	return auth_sha256_process_c(ctx, data);
}

#if defined(MBEDTLS_SHA512_C)
int mbedtls_internal_sha512_process(mbedtls_sha512_context *ctx, const unsigned char data[128])
{
#if SHA2_CE_BUILT
	if ((auth_sha2_paths() & AUTH_SHA2_CE_SHA512) != 0u) {
		auth_sha512_ce_blocks(ctx->state, data, 1);
		return 0;
	}
#endif
	return auth_sha512_process_c(ctx, data);
}
#endif

int auth_sha256_copy(void *dst, const void *src, size_t len, uint8_t out[32])
{
	const uint8_t *s = src;
	uint8_t *d = dst;
	mbedtls_sha256_context c;
	size_t bulk = 0;
	int rc;

	mbedtls_sha256_init(&c);
	rc = mbedtls_sha256_starts_ret(&c, 0);
#if SHA2_CE_BUILT
	if (rc == 0 && (auth_sha2_paths() & AUTH_SHA2_CE_SHA256) != 0u) {
		/*
		 * The whole blocks in one call, not one call each through
		 * mbed TLS's hook (28 instructions a block), counted in mbed
		 * TLS's context as its update would count them (total[], a
		 * field of its public structure in 2.28). Its buffer is empty:
		 * nothing was hashed before.
		 */
		bulk = len & ~(size_t)63;
		auth_sha256_ce_copy_blocks(c.state, s, bulk / 64, d);
		c.total[0] = (uint32_t)bulk;
		c.total[1] = (uint32_t)((uint64_t)bulk >> 32);
	}
#endif
	if (d != NULL) {
		/* The rest is hashed as it was written. */
		memcpy(d + bulk, s + bulk, len - bulk);
		s = d;
	}
	if (rc == 0)
		rc = mbedtls_sha256_update_ret(&c, s + bulk, len - bulk);
	if (rc == 0)
		rc = mbedtls_sha256_finish_ret(&c, out);
	mbedtls_sha256_free(&c);
	return rc;
}
