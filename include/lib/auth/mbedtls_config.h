/*
 * mbed TLS 2.28 configuration for trusted board boot: what verifying the
 * chain of trust needs (docs/design/trusted-boot.rst), nothing else.
 *
 * It replaces mbed TLS's own mbedtls/config.h, through
 * -DMBEDTLS_CONFIG_FILE='<lib/auth/mbedtls_config.h>' (lib/auth/auth.mk), for
 * every build of the library: the firmware's (aarch64, freestanding), the
 * host unit tests' and the fuzzer's, so the tests exercise exactly this
 * configuration. Each line says why it is here; an option not named here is
 * off.
 *
 * Only verification is built: no signing, no key generation, no random
 * numbers, no TLS. No threads, files, sockets, clocks or entropy: the
 * firmware has none of them.
 */
#ifndef AUTH_MBEDTLS_CONFIG_H
#define AUTH_MBEDTLS_CONFIG_H

/* Which algorithms: AUTH_CFG_RSA, AUTH_CFG_ECDSA, AUTH_CFG_SHA512. */
#include <lib/auth/auth_cfg.h>

/* ----- System support ---------------------------------------------------- */

/* Inline assembly for bignum multiply-accumulate (bn_mul.h has an AArch64
 * version using general-purpose registers only, so -mgeneral-regs-only is
 * fine); about 2x faster RSA and ECDSA than the portable C. */
#define MBEDTLS_HAVE_ASM

/* Big-number division without a 128-by-64-bit divide, which the compiler
 * would turn into a call to libgcc's __udivti3: the firmware links no
 * compiler runtime. mbed TLS then divides with its own shift-and-subtract
 * code (bignum.c, mbedtls_int_div_int). */
#define MBEDTLS_NO_UDBL_DIVISION

/* MBEDTLS_HAVE_TIME and MBEDTLS_HAVE_TIME_DATE stay off: the firmware has no
 * wall clock. X.509 validity dates are not checked (as TF-A does not): a
 * certificate's trust comes from its signature chain and NV counter. */

/* ----- Platform: memory from a static pool ------------------------------ */

/* mbedtls_calloc/mbedtls_free become function pointers that
 * mbedtls_memory_buffer_alloc_init() points at the static pool. */
#define MBEDTLS_PLATFORM_C
#define MBEDTLS_PLATFORM_MEMORY
/* No defaults from the C library (printf, fprintf, exit, calloc, time):
 * the firmware's libc (include/lib/libc) has only what is named below. */
#define MBEDTLS_PLATFORM_NO_STD_FUNCTIONS
/* The only formatting mbed TLS does (OID and name printing helpers, unused
 * by lib/auth but compiled) goes to our libc's snprintf. */
#define MBEDTLS_PLATFORM_SNPRINTF_MACRO snprintf
/* memory_buffer_alloc calls mbedtls_exit() when it finds its own heap
 * corrupted (a broken invariant, never bad input): that is a panic. */
#define MBEDTLS_PLATFORM_EXIT_MACRO     auth_mbedtls_exit
void auth_mbedtls_exit(int status) __attribute__((noreturn));
/* The pool allocator (first fit, coalescing). Its size: AUTH_HEAP_SIZE in
 * lib/auth/auth_crypto.c, measured. */
#define MBEDTLS_MEMORY_BUFFER_ALLOC_C
/* Its blocks (and block headers, which hold pointers) on 16-byte
 * boundaries, as malloc's would be: the default is 4, which puts 8-byte
 * fields at unaligned addresses (an alignment fault where SCTLR.A is set or
 * memory is Device, and undefined behaviour in C anyway). */
#define MBEDTLS_MEMORY_ALIGN_MULTIPLE 16

/* ----- ASN.1, OIDs, keys, certificates ---------------------------------- */

/* lib/auth reads certificates, keys, signature algorithms and ECDSA
 * signature values itself (lib/auth/auth_cert.c, auth_pk.c: strict DER)
 * and calls RSA, ECDSA and the hashes directly: mbed TLS's pk, pkparse and
 * x509 are not built, nor linked are its OID tables and ASN.1 code. */
/* Required by MBEDTLS_ECDSA_C (check_config.h) for its signature reader
 * and writer, which lib/auth never calls (--gc-sections drops them). */
#if defined(AUTH_CFG_ECDSA)
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C
#endif
/* Required by MBEDTLS_RSA_C (check_config.h) for PKCS#1 v1.5's DigestInfo,
 * which is off: nothing of it is linked. */
#if defined(AUTH_CFG_RSA)
#define MBEDTLS_OID_C
#endif

/* ----- RSA: RSASSA-PSS verification (RFC 8017 s8.1.2) ------------------- */

#if defined(AUTH_CFG_RSA)
#define MBEDTLS_RSA_C
/* PKCS#1 v2.1 (PSS, with MGF1). cert_create signs RSA certificates with PSS
 * only, so PKCS#1 v1.5 (MBEDTLS_PKCS1_V15) stays off: lib/auth refuses
 * sha256WithRSAEncryption signatures anyway. */
#define MBEDTLS_PKCS1_V21
#endif
/* Big numbers up to 4096 bits (RSA-4096 keys); bounds the work and memory a
 * hostile key can cause. */
#define MBEDTLS_BIGNUM_C
#define MBEDTLS_MPI_MAX_SIZE    512 /* bytes */
/* Exponentiation window: verification uses e = 65537, for which mbed TLS
 * picks a window of 1 whatever this says; 2 keeps the table small. */
#define MBEDTLS_MPI_WINDOW_SIZE 2

/* ----- ECDSA verification (SEC1 s4.1.4, RFC 5480) ----------------------- */

#if defined(AUTH_CFG_ECDSA)
#define MBEDTLS_ECP_C
#define MBEDTLS_ECDSA_C
/* Curves: P-256 (cert_create's ECDSA keys) and P-384. */
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_DP_SECP384R1_ENABLED
/* Fast reduction modulo the NIST primes: several times faster point
 * arithmetic for a few KiB of code. */
#define MBEDTLS_ECP_NIST_OPTIM
/* Verification handles only public values, so the side-channel blinding
 * that would need a random number generator is not needed: without this
 * mbed TLS would want HMAC_DRBG or CTR_DRBG to seed an internal one. */
#define MBEDTLS_ECP_NO_INTERNAL_RNG
/* The generator's comb table (2^(w-1) points) is kept in the group, which
 * lib/auth keeps from one verification to the next (auth_crypto.c): the
 * chain's verifications after the first skip its precomputation. The
 * window: mbed TLS takes 4 for P-256 and 5 for P-384, one more for the
 * generator's kept table; this caps both (docs/perf/boot.rst measures). */
#define MBEDTLS_ECP_WINDOW_SIZE       4
#define MBEDTLS_ECP_FIXED_POINT_OPTIM 1
#endif

/* ----- Hashes ------------------------------------------------------------ */

/* The generic message-digest layer (PSS and ECDSA verification go through
 * it) with SHA-256 (the ROTPK hash is SHA-256 whatever HASH_ALG says) and,
 * where the build uses them, SHA-512 (which also gives SHA-384). */
#define MBEDTLS_MD_C
#define MBEDTLS_SHA256_C
#if defined(AUTH_CFG_SHA512)
#define MBEDTLS_SHA512_C
#endif

/*
 * The block functions (64 bytes of SHA-256, 128 of SHA-384/512) are ours,
 * through mbed TLS's documented alternative-implementation hooks (its
 * config.h, "MBEDTLS_SHA256_PROCESS_ALT"): lib/auth/auth_sha2.c runs them
 * on the Armv8 crypto extension where the CPU has it, else on mbed TLS's
 * own C code. That C code is sha256.c and sha512.c compiled a second time
 * with AUTH_SHA2_C_FALLBACK (lib/auth/auth.mk): there the hooks are off
 * and each function of those files takes an auth_ name, so only the block
 * functions, auth_sha256_process_c and auth_sha512_process_c, are used
 * (--gc-sections drops the rest).
 */
#if defined(AUTH_SHA2_C_FALLBACK)
#define mbedtls_internal_sha256_process auth_sha256_process_c
#define mbedtls_internal_sha512_process auth_sha512_process_c
#define mbedtls_sha256_init             auth_sha256_c_init
#define mbedtls_sha256_free             auth_sha256_c_free
#define mbedtls_sha256_clone            auth_sha256_c_clone
#define mbedtls_sha256_starts_ret       auth_sha256_c_starts_ret
#define mbedtls_sha256_starts           auth_sha256_c_starts
#define mbedtls_sha256_process          auth_sha256_c_process
#define mbedtls_sha256_update_ret       auth_sha256_c_update_ret
#define mbedtls_sha256_update           auth_sha256_c_update
#define mbedtls_sha256_finish_ret       auth_sha256_c_finish_ret
#define mbedtls_sha256_finish           auth_sha256_c_finish
#define mbedtls_sha256_ret              auth_sha256_c_ret
#define mbedtls_sha256                  auth_sha256_c
#define mbedtls_sha512_init             auth_sha512_c_init
#define mbedtls_sha512_free             auth_sha512_c_free
#define mbedtls_sha512_clone            auth_sha512_c_clone
#define mbedtls_sha512_starts_ret       auth_sha512_c_starts_ret
#define mbedtls_sha512_starts           auth_sha512_c_starts
#define mbedtls_sha512_process          auth_sha512_c_process
#define mbedtls_sha512_update_ret       auth_sha512_c_update_ret
#define mbedtls_sha512_update           auth_sha512_c_update
#define mbedtls_sha512_finish_ret       auth_sha512_c_finish_ret
#define mbedtls_sha512_finish           auth_sha512_c_finish
#define mbedtls_sha512_ret              auth_sha512_c_ret
#define mbedtls_sha512                  auth_sha512_c
#else
#define MBEDTLS_SHA256_PROCESS_ALT
#if defined(AUTH_CFG_SHA512)
#define MBEDTLS_SHA512_PROCESS_ALT
#endif
#endif

/* ----- Error handling ---------------------------------------------------- */

/* Parameter checks stay at mbed TLS's default (off): lib/auth validates its
 * inputs itself and never passes NULL. MBEDTLS_ERROR_C (strings for error
 * codes) is off: lib/auth has its own messages (auth_strerror()). */

#include "mbedtls/check_config.h"

#endif /* AUTH_MBEDTLS_CONFIG_H */
