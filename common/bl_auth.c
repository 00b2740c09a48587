/*
 * Trusted board boot in the loaders (include/common/bl_auth.h,
 * docs/design/trusted-boot.rst). Certificates are copied out of the FIP
 * before they are checked, and images are checked where they will run, so
 * that what was checked is what is used even if the flash changes under
 * the loader (a time-of-check to time-of-use attack on external flash).
 */
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/bl_auth.h>
#include <common/bl_common.h>
#include <common/debug.h>
#include <lib/auth/auth_cot.h>
#include <lib/auth/auth_sha2.h>
#include <tools_share/fip.h>

/* The ROT key's facts, generated from ROT_KEY (make_helpers/rotpk_hash.sh). */
#include <rotpk_hash.h>

static struct auth_ctx auth_ctx;
static uint8_t cert_buf[AUTH_CERT_MAX_LEN] __attribute__((aligned(8)));
static const char *auth_stage;
static uint64_t auth_ticks;

#if defined(ROTPK_RSA_N)
/*
 * The ROT key signs a certificate in each of BL1 and BL2: its R^2 mod N
 * is the build's, not recomputed at each (include/lib/auth/auth.h). It is
 * used only for a key whose modulus is this one, so a board whose ROTPK
 * hash names another key (plat_get_rotpk_hash()) verifies as before.
 */
static const uint8_t rot_n[] = { ROTPK_RSA_N };
static const uint8_t rot_rr[] = { ROTPK_RSA_RR };
static const struct auth_rsa_rr rot_rr_key = { rot_n, sizeof(rot_n), rot_rr, sizeof(rot_rr) };
#endif

void bl_auth_init(const char *stage)
{
	auth_stage = stage;
	auth_ticks = 0;
	auth_ctx_init(&auth_ctx);
#if defined(ROTPK_RSA_N)
	auth_crypto_rsa_rr(&rot_rr_key, 1);
#endif
	NOTICE("%s: %s\n", stage, auth_sha2_describe());
}

/* auth_image() (or, with @dst, auth_image_copy()), timed, and the ERROR
 * line on failure. */
static int authenticate(enum auth_image_id id, void *dst, const void *data, size_t len)
{
	uint64_t start = read_cntpct_el0();
	int rc = dst != NULL ? auth_image_copy(&auth_ctx, id, dst, data, len)
	                     : auth_image(&auth_ctx, id, data, len);

	auth_ticks += read_cntpct_el0() - start;
	if (rc != AUTH_OK) {
		char msg[128];

		auth_ctx_describe(&auth_ctx, msg, sizeof(msg));
		ERROR("%s: %s\n", auth_stage, msg);
	}
	return rc;
}

int bl_auth_cert(enum auth_image_id id, uintptr_t fip_base, size_t fip_size)
{
	const struct auth_cot_image *img = auth_cot_image(id);
	const struct fip_toc *toc;
	const void *data = NULL;
	size_t size = 0;

	if (img == NULL || img->type != AUTH_TYPE_CERT)
		return AUTH_E_INVALID_ARG;
	toc = bl_fip_toc(fip_base, fip_size);
	if (toc == NULL)
		return AUTH_E_CERT_MISSING;
	/* Not in the FIP: auth_image() names it ("certificate missing"). */
	if (fip_find(toc, &img->uuid, &data, &size) != FIP_OK)
		return authenticate(id, NULL, NULL, 0);
	/* Longer than the buffer: refused by length, not copied. */
	if (size > sizeof(cert_buf))
		return authenticate(id, NULL, data, size);
	memcpy(cert_buf, data, size);
	return authenticate(id, NULL, cert_buf, size);
}

int bl_auth_load_image(enum auth_image_id id, const char *name, uintptr_t dest, const void *data,
                       size_t size)
{
	int rc;

	INFO("Loading %s: %zu bytes to 0x%lx\n", name, size, (unsigned long)dest);
	rc = authenticate(id, (void *)dest, data, size);
	if (rc != AUTH_OK)
		memset((void *)dest, 0, size);
	flush_dcache_range(dest, size);
	return rc;
}

bool bl_auth_passed(enum auth_image_id id)
{
	return auth_image_authenticated(&auth_ctx, id);
}

uint64_t bl_auth_ticks(void)
{
	return auth_ticks;
}
