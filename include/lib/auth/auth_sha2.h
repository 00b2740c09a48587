/*
 * SHA-256 and SHA-512 block functions for mbed TLS (lib/auth/auth_sha2.c):
 * the Armv8 cryptographic extension where the CPU has it (FEAT_SHA256,
 * FEAT_SHA512; ARM DDI 0487 D19.2.61 ID_AA64ISAR0_EL1.SHA2), mbed TLS's own
 * C code elsewhere. mbed TLS calls them through its alternative-
 * implementation hooks MBEDTLS_SHA256_PROCESS_ALT and
 * MBEDTLS_SHA512_PROCESS_ALT (include/lib/auth/mbedtls_config.h); nothing
 * else needs to: every mbed TLS hash (mbedtls_md(), mbedtls_sha256_ret(),
 * ...) goes through them.
 */
#ifndef LIB_AUTH_SHA2_H
#define LIB_AUTH_SHA2_H

#include <stddef.h>
#include <stdint.h>

/* Paths: a bit set means that hash runs on the crypto extension. */
#define AUTH_SHA2_CE_SHA256 0x1u
#define AUTH_SHA2_CE_SHA512 0x2u /* SHA-384 and SHA-512 */

/*
 * auth_sha2_paths_for() - which hashes the crypto extension can run on a
 * CPU whose ID_AA64ISAR0_EL1 reads @isar0: SHA2 field (bits [15:12]) 0b0001
 * gives SHA-256, 0b0010 SHA-256 and SHA-512 (ARM DDI 0487 D19.2.61).
 * Pure; the host unit tests check it for every field value.
 */
unsigned int auth_sha2_paths_for(uint64_t isar0);

/*
 * auth_sha2_paths() - the paths in use: those of this CPU (read once, from
 * ID_AA64ISAR0_EL1), none where the build says so (SHA2_CRYPTO_EXT=0) or
 * on a host that is not AArch64, less any auth_sha2_limit() took away.
 */
unsigned int auth_sha2_paths(void);

/*
 * auth_sha2_limit() - use the crypto extension for at most @paths from now
 * on (0: mbed TLS's C code for everything); a path the CPU lacks is never
 * used whatever @paths says. For tests that compare both paths.
 */
void auth_sha2_limit(unsigned int paths);

/*
 * auth_sha2_describe() - "SHA-256 on the crypto extension, SHA-512 in C"
 * and the like, for the boot log: a static string.
 */
const char *auth_sha2_describe(void);

/*
 * auth_sha256_copy() - the SHA-256 of @len bytes at @src into @out (32
 * bytes); with @dst not NULL, the bytes are also copied there (@dst must
 * not overlap @src) and the digest is of the copy as written. On the
 * crypto extension the whole blocks go to one call of its block function,
 * which stores each block from the registers it hashes (one pass over
 * memory); the rest, and every byte on mbed TLS's C code, through mbed
 * TLS's SHA-256. Returns 0, or mbed TLS's error (none for valid
 * arguments).
 */
int auth_sha256_copy(void *dst, const void *src, size_t len, uint8_t out[32]);

/*
 * The crypto extension's block functions (lib/auth/aarch64/sha2_ce.S):
 * @blocks whole blocks (64 bytes for SHA-256, 128 for SHA-512) of @data
 * into the eight state words @state, as FIPS 180-4 6.2.2 and 6.4.2 do;
 * UNDEFINED instructions on a CPU without them. AArch64 only.
 */
void auth_sha256_ce_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);
/* The same, each block also stored at @copy (when not NULL) from the
 * registers it is hashed from. @copy must not overlap @data. */
void auth_sha256_ce_copy_blocks(uint32_t state[8], const uint8_t *data, size_t blocks,
                                uint8_t *copy);
void auth_sha512_ce_blocks(uint64_t state[8], const uint8_t *data, size_t blocks);

#endif /* LIB_AUTH_SHA2_H */
