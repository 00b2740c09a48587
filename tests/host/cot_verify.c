/*
 * cot_verify: a host test tool that runs lib/auth's chain-of-trust walk
 * (the firmware's code, on the host build of the same mbed TLS) over
 * certificates and images on disk, as BL1 and BL2 will; used by
 * tests/host/cert_interop.sh to check certificates from both cert_create
 * tools.
 *
 *   cot_verify --rotpk-hash FILE [--tfw-nvctr N] [--ntfw-nvctr N]
 *              [--<image> FILE]...          authenticate, in boot order
 *   cot_verify --dump-ext CERT              print the signature algorithm
 *                                           and "OID HEX" per TBBR extension
 *
 * <image>: tb-fw-cert tb-fw trusted-key-cert soc-fw-key-cert soc-fw-cert
 * soc-fw nt-fw-key-cert nt-fw-cert nt-fw. --rotpk-hash is the platform's
 * DigestInfo; the NV counters are the platform's (default 0).
 * Prints "OK <image name>" per image; on the first failure
 * "cot_verify: <what auth_ctx_describe() says>" and exit status 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lib/auth/auth.h>
#include <lib/auth/auth_cot.h>
#include <plat/plat_trusted_boot.h>

#include "../../lib/auth/auth_private.h"

static uint8_t *rotpk;
static size_t rotpk_len;
static uint32_t nv_ctr[2];

int plat_get_rotpk_hash(const uint8_t **hash, size_t *len)
{
	if (rotpk == NULL)
		return -1;
	*hash = rotpk;
	*len = rotpk_len;
	return 0;
}

int plat_get_nv_ctr(enum plat_nv_ctr ctr, uint32_t *value)
{
	*value = nv_ctr[ctr];
	return 0;
}

/* memory_buffer_alloc's exit hook goes to panic(); never reached here as the
 * C library's allocator is used. */
void __panic(const char *file, int line);
void __panic(const char *file, int line)
{
	fprintf(stderr, "cot_verify: panic at %s:%d\n", file, line);
	abort();
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0) {
		fprintf(stderr, "cot_verify: cannot read %s\n", path);
		exit(2);
	}
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "cot_verify: cannot read %s\n", path);
		exit(2);
	}
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static void hex(const uint8_t *p, size_t len)
{
	while (len-- > 0)
		printf("%02x", *p++);
	printf("\n");
}

/* Print the signature algorithm, then each extension under the TBBR arc:
 * dotted OID and value in hex. */
static int dump_ext(const char *path)
{
	static const char *const oids[] = { "1",   "2",   "201", "202", "203",  "204",  "302",
		                            "303", "501", "603", "604", "1101", "1201", "1202" };
	struct auth_cert cert;
	const uint8_t *val;
	size_t len, cert_len, i;
	uint8_t *der = read_file(path, &cert_len);
	char oid[64];
	int rc = auth_cert_parse(der, cert_len, &cert);

	if (rc != AUTH_OK) {
		fprintf(stderr, "cot_verify: %s: %s\n", path, auth_strerror(rc));
		return 1;
	}
	printf("signatureAlgorithm ");
	hex(cert.sig_alg.p, cert.sig_alg.len);
	for (i = 0; i < sizeof(oids) / sizeof(oids[0]); i++) {
		snprintf(oid, sizeof(oid), "1.3.6.1.4.1.4128.2100.%s", oids[i]);
		if (auth_cert_ext(&cert, oid, &val, &len) != AUTH_OK)
			continue;
		printf("%s ", oid);
		hex(val, len);
	}
	free(der);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *option;
		enum auth_image_id id;
	} order[] = {
		{ "--tb-fw-cert", AUTH_IMG_TB_FW_CERT },
		{ "--tb-fw", AUTH_IMG_BL2 },
		{ "--trusted-key-cert", AUTH_IMG_TRUSTED_KEY_CERT },
		{ "--soc-fw-key-cert", AUTH_IMG_SOC_FW_KEY_CERT },
		{ "--soc-fw-cert", AUTH_IMG_SOC_FW_CERT },
		{ "--soc-fw", AUTH_IMG_BL31 },
		{ "--nt-fw-key-cert", AUTH_IMG_NT_FW_KEY_CERT },
		{ "--nt-fw-cert", AUTH_IMG_NT_FW_CERT },
		{ "--nt-fw", AUTH_IMG_BL33 },
	};
	const char *files[sizeof(order) / sizeof(order[0])] = { NULL };
	struct auth_ctx ctx;
	char msg[200];
	size_t i;
	int a;

	auth_crypto_use_allocator(calloc, free);
	if (argc == 3 && strcmp(argv[1], "--dump-ext") == 0)
		return dump_ext(argv[2]);
	for (a = 1; a + 1 < argc; a += 2) {
		if (strcmp(argv[a], "--rotpk-hash") == 0) {
			rotpk = read_file(argv[a + 1], &rotpk_len);
			continue;
		}
		if (strcmp(argv[a], "--tfw-nvctr") == 0) {
			nv_ctr[PLAT_NV_CTR_TRUSTED] = (uint32_t)strtoul(argv[a + 1], NULL, 0);
			continue;
		}
		if (strcmp(argv[a], "--ntfw-nvctr") == 0) {
			nv_ctr[PLAT_NV_CTR_NON_TRUSTED] = (uint32_t)strtoul(argv[a + 1], NULL, 0);
			continue;
		}
		for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
			if (strcmp(argv[a], order[i].option) == 0)
				break;
		}
		if (i == sizeof(order) / sizeof(order[0])) {
			fprintf(stderr, "cot_verify: unknown option %s\n", argv[a]);
			return 2;
		}
		files[i] = argv[a + 1];
	}
	if (a != argc) {
		fprintf(stderr, "cot_verify: options come in pairs\n");
		return 2;
	}

	auth_ctx_init(&ctx);
	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		uint8_t *data;
		size_t len;
		int rc;

		if (files[i] == NULL)
			continue;
		data = read_file(files[i], &len);
		rc = auth_image(&ctx, order[i].id, data, len);
		free(data);
		if (rc != AUTH_OK || !auth_image_authenticated(&ctx, order[i].id)) {
			auth_ctx_describe(&ctx, msg, sizeof(msg));
			fprintf(stderr, "cot_verify: %s\n", msg);
			return 1;
		}
		printf("OK %s\n", auth_cot_image(order[i].id)->name);
	}
	free(rotpk);
	return 0;
}
