/*
 * SHA-256, SHA-384 and SHA-512 as lib/auth runs them (lib/auth/auth_sha2.c:
 * the Armv8 crypto extension where the CPU has it, mbed TLS's C code
 * elsewhere): the FIPS 180-4 examples (NIST's "Example Algorithms" for
 * the one-block, two-block and million-'a' messages), and the path in use
 * against mbed TLS's C code on pseudo-random messages of every length
 * 0..1024 bytes, at every alignment mod 16, fed whole and in uneven
 * pieces, and on a few large ones; and SHA-256 as an image is copied
 * (auth_sha256_copy(): the copy and its digest).
 *
 * Built twice (tests/unit/sha2.mk): for the host (x86 here, so only the C
 * path exists: the test checks that the C code is chosen) and for AArch64
 * Linux, run under qemu-aarch64 on CPUs with and without the SHA2
 * instructions; "--expect-paths N" makes it fail unless auth_sha2_paths()
 * is N there (so a run that silently fell back to C is a failure).
 */
#include <stdlib.h>
#include <string.h>

#include <lib/auth/auth_sha2.h>

#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"
#include "test.h"

/* FIPS 180-4 examples (digests as published by NIST). */
static const struct {
	const char *msg; /* NULL: one million 'a' */
	const char *sha256, *sha384, *sha512;
} vectors[] = {
	{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	  "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
	  "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
	{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	  "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
	  "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
	{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	  "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
	  "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445" },
	{ "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
	  "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
	  "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
	  "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
	{ NULL, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	  "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
	  "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
};

enum alg {
	SHA256,
	SHA384,
	SHA512
};
static const size_t digest_len[] = { 32, 48, 64 };

static void hash(enum alg alg, const uint8_t *msg, size_t len, uint8_t *out)
{
	int rc = alg == SHA256 ? mbedtls_sha256_ret(msg, len, out, 0)
	                       : mbedtls_sha512_ret(msg, len, out, alg == SHA384);

	CHECK_EQ(rc, 0);
}

/* The same, fed in pieces of 1, 2, 3, ... bytes (the buffering around the
 * block function). */
static void hash_pieces(enum alg alg, const uint8_t *msg, size_t len, uint8_t *out)
{
	size_t done = 0, step = 1;

	if (alg == SHA256) {
		mbedtls_sha256_context c;

		mbedtls_sha256_init(&c);
		CHECK_EQ(mbedtls_sha256_starts_ret(&c, 0), 0);
		for (; done < len; done += step, step = step % 67 + 1)
			CHECK_EQ(mbedtls_sha256_update_ret(&c, msg + done,
			                                   step < len - done ? step : len - done),
			         0);
		CHECK_EQ(mbedtls_sha256_finish_ret(&c, out), 0);
		mbedtls_sha256_free(&c);
	} else {
		mbedtls_sha512_context c;

		mbedtls_sha512_init(&c);
		CHECK_EQ(mbedtls_sha512_starts_ret(&c, alg == SHA384), 0);
		for (; done < len; done += step, step = step % 131 + 1)
			CHECK_EQ(mbedtls_sha512_update_ret(&c, msg + done,
			                                   step < len - done ? step : len - done),
			         0);
		CHECK_EQ(mbedtls_sha512_finish_ret(&c, out), 0);
		mbedtls_sha512_free(&c);
	}
}

static void to_hex(const uint8_t *d, size_t n, char *hex)
{
	for (size_t i = 0; i < n; i++)
		sprintf(hex + 2 * i, "%02x", d[i]);
}

static void test_fips_vectors_on(unsigned int paths)
{
	static uint8_t million[1000000];
	uint8_t d[64];
	char hex[129];

	memset(million, 'a', sizeof(million));
	auth_sha2_limit(paths);
	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		const uint8_t *m = vectors[i].msg ? (const uint8_t *)vectors[i].msg : million;
		size_t len = vectors[i].msg ? strlen(vectors[i].msg) : sizeof(million);
		const char *want[] = { vectors[i].sha256, vectors[i].sha384, vectors[i].sha512 };

		for (enum alg a = SHA256; a <= SHA512; a++) {
			hash(a, m, len, d);
			to_hex(d, digest_len[a], hex);
			if (strcmp(hex, want[a]) != 0) {
				printf("    vector %zu alg %d paths %u: %s\n", i, (int)a, paths,
				       hex);
				CHECK(0);
			}
		}
	}
	auth_sha2_limit(~0u);
}

/* Whatever the CPU has (the crypto extension where it can). */
static void test_fips_vectors(void)
{
	test_fips_vectors_on(~0u);
}

/* mbed TLS's C code everywhere. */
static void test_fips_vectors_c(void)
{
	test_fips_vectors_on(0);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint8_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint8_t)rng_state;
}

/* The path in use against mbed TLS's C code on one message. */
static int same_as_c(const uint8_t *m, size_t len)
{
	uint8_t fast[64], pieces[64], c[64];
	int ok = 1;

	for (enum alg a = SHA256; a <= SHA512; a++) {
		auth_sha2_limit(~0u);
		hash(a, m, len, fast);
		hash_pieces(a, m, len, pieces);
		auth_sha2_limit(0);
		hash(a, m, len, c);
		auth_sha2_limit(~0u);
		if (memcmp(fast, c, digest_len[a]) != 0 || memcmp(pieces, c, digest_len[a]) != 0) {
			printf("    length %zu alg %d differs from the C code\n", len, (int)a);
			ok = 0;
		}
	}
	return ok;
}

static void test_random_lengths(void)
{
	static uint8_t buf[1024 + 16];
	unsigned int bad = 0;

	for (size_t len = 0; len <= 1024; len++) {
		for (size_t i = 0; i < sizeof(buf); i++)
			buf[i] = rnd();
		bad += !same_as_c(buf + len % 16, len);
	}
	CHECK_EQ(bad, 0);
}

static void test_large(void)
{
	static const size_t lens[] = { 4096 + 17, 65536 + 3, (1u << 20) + 111 };
	uint8_t *buf = malloc((1u << 20) + 112);

	CHECK(buf != NULL);
	if (buf == NULL)
		return;
	for (size_t i = 0; i < (1u << 20) + 112; i++)
		buf[i] = rnd();
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
		CHECK(same_as_c(buf + 1, lens[i]));
	free(buf);
}

/*
 * auth_sha256_copy() (an image's hash as it is copied): against mbed TLS's
 * C code for every length 0..1024 and a large one, source and copy at every
 * alignment mod 16; the copy is the source, and not a byte around it is
 * written; without a copy, the same digest.
 */
static int copy_ok(const uint8_t *src, size_t len, size_t dst_off, uint8_t *dst_buf,
                   size_t dst_size)
{
	uint8_t with[32], without[32], c[32];
	int ok = 1;

	memset(dst_buf, 0x5a, dst_size);
	auth_sha2_limit(~0u);
	CHECK_EQ(auth_sha256_copy(dst_buf + dst_off, src, len, with), 0);
	CHECK_EQ(auth_sha256_copy(NULL, src, len, without), 0);
	auth_sha2_limit(0);
	hash(SHA256, src, len, c);
	auth_sha2_limit(~0u);
	if (memcmp(with, c, 32) != 0 || memcmp(without, c, 32) != 0) {
		printf("    length %zu: digest differs from the C code\n", len);
		ok = 0;
	}
	if (memcmp(dst_buf + dst_off, src, len) != 0) {
		printf("    length %zu: the copy differs\n", len);
		ok = 0;
	}
	for (size_t i = 0; i < dst_size; i++) {
		if ((i < dst_off || i >= dst_off + len) && dst_buf[i] != 0x5a) {
			printf("    length %zu: byte %zd around the copy written\n", len,
			       (ssize_t)i - (ssize_t)dst_off);
			ok = 0;
			break;
		}
	}
	return ok;
}

static void test_copy(void)
{
	static uint8_t src[1024 + 16], dst[1024 + 64];
	size_t big = (1u << 20) + 77;
	uint8_t *bsrc = malloc(big + 16), *bdst = malloc(big + 64);
	unsigned int bad = 0;

	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = rnd();
	for (size_t len = 0; len <= 1024; len++)
		bad += !copy_ok(src + len % 16, len, 16 + (len * 7) % 16, dst, sizeof(dst));
	CHECK_EQ(bad, 0);
	CHECK(bsrc != NULL && bdst != NULL);
	if (bsrc != NULL && bdst != NULL) {
		for (size_t i = 0; i < big + 16; i++)
			bsrc[i] = rnd();
		CHECK(copy_ok(bsrc + 3, big, 21, bdst, big + 64));
	}
	free(bsrc);
	free(bdst);
}

/* ID_AA64ISAR0_EL1.SHA2 (bits [15:12]) decoded, whatever the other fields. */
static void test_paths_for(void)
{
	for (uint64_t v = 0; v < 16; v++) {
		unsigned int want = v == 1   ? AUTH_SHA2_CE_SHA256
		                    : v == 2 ? AUTH_SHA2_CE_SHA256 | AUTH_SHA2_CE_SHA512
		                             : 0;

		CHECK_EQ(auth_sha2_paths_for(v << 12), want);
		CHECK_EQ(auth_sha2_paths_for((v << 12) | ~(0xfull << 12)), want);
	}
	/* What QEMU 7.2 reports for cortex-a57 and neoverse-n1: SHA-256 only
	 * (the N1 has no FEAT_SHA512). */
	CHECK_EQ(auth_sha2_paths_for(0x11120), AUTH_SHA2_CE_SHA256);
	CHECK_EQ(auth_sha2_paths_for(0x100010211120ull), AUTH_SHA2_CE_SHA256);
}

/* auth_sha2_limit() only takes away: the C code stays reachable. */
static void test_limit(void)
{
	unsigned int all = auth_sha2_paths();

	auth_sha2_limit(0);
	CHECK_EQ(auth_sha2_paths(), 0);
	auth_sha2_limit(AUTH_SHA2_CE_SHA512);
	CHECK_EQ(auth_sha2_paths(), all & AUTH_SHA2_CE_SHA512);
	auth_sha2_limit(~0u);
	CHECK_EQ(auth_sha2_paths(), all);
#if !defined(__aarch64__)
	/* No crypto extension off AArch64: the C code is chosen. */
	CHECK_EQ(all, 0);
	CHECK(strcmp(auth_sha2_describe(), "SHA-256 and SHA-512 in C") == 0);
#endif
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--expect-paths") == 0) {
		unsigned int want = (unsigned int)strtoul(argv[2], NULL, 0);

		printf("paths in use: %u (%s)\n", auth_sha2_paths(), auth_sha2_describe());
		if (auth_sha2_paths() != want) {
			printf("FAIL expected paths %u\n", want);
			return 1;
		}
	}
	RUN_TEST(test_paths_for);
	RUN_TEST(test_limit);
	RUN_TEST(test_fips_vectors);
	RUN_TEST(test_fips_vectors_c);
	RUN_TEST(test_random_lengths);
	RUN_TEST(test_large);
	RUN_TEST(test_copy);
	return test_summary();
}
