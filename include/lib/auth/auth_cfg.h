/*
 * Which algorithms lib/auth and its mbed TLS hold. The firmware's build
 * selects them (make_helpers/trusted_boot.mk, from KEY_ALG and HASH_ALG):
 * AUTH_CFG_RSA or AUTH_CFG_ECDSA, and AUTH_CFG_SHA512 where SHA-384 or
 * SHA-512 is used; a firmware refuses a key, signature algorithm or hash of
 * another ("key" or "signature algorithm" errors), and holds no code to
 * read one. The host's builds (unit tests, fuzzers, cot_verify) name none
 * and get all of them. Read by lib/auth (auth_private.h) and by mbed TLS's
 * configuration (mbedtls_config.h).
 */
#ifndef AUTH_CFG_H
#define AUTH_CFG_H

#if !defined(AUTH_CFG_RSA) && !defined(AUTH_CFG_ECDSA)
#define AUTH_CFG_RSA    1
#define AUTH_CFG_ECDSA  1
#define AUTH_CFG_SHA512 1
#endif

#endif /* AUTH_CFG_H */
