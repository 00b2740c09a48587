/*
 * The trusted-boot hooks (include/plat/plat_trusted_boot.h) for platforms
 * whose root of trust is the build's: the ROTPK hash of ROT_KEY, compiled
 * into BL1 and BL2 (the build generates rotpk_hash.h from the key, as TF-A's
 * development ROTPK options do), and NV counters the platform fixes at
 * build time (PLAT_TFW_NVCTR, PLAT_NTFW_NVCTR in platform_def.h).
 * docs/design/trusted-boot.rst says what a production board replaces.
 */
#include <lib/auth/auth.h>
#include <plat/plat_trusted_boot.h>
#include <platform_def.h>
#include <rotpk_hash.h>

static const uint8_t rotpk_hash[] = { AUTH_DIGEST_INFO_SHA256_HEADER, ROTPK_SHA256 };

int plat_get_rotpk_hash(const uint8_t **hash, size_t *len)
{
	*hash = rotpk_hash;
	*len = sizeof(rotpk_hash);
	return 0;
}

int plat_get_nv_ctr(enum plat_nv_ctr ctr, uint32_t *value)
{
	switch (ctr) {
	case PLAT_NV_CTR_TRUSTED:
		*value = PLAT_TFW_NVCTR;
		return 0;
	case PLAT_NV_CTR_NON_TRUSTED:
		*value = PLAT_NTFW_NVCTR;
		return 0;
	}
	return -1;
}
