/*
 * TF-A's TBBR chain of trust (Arm DEN0006, TBBR-Client) as data: for each
 * image, its parent, what the parent vouches for it with, the NV counter a
 * certificate carries, and the extensions it carries for its children. The
 * walker (auth_image.c) knows nothing of TBBR; this table is the whole of it.
 *
 * Config-image hashes are optional: a certificate without one is accepted,
 * and that config image alone then cannot be authenticated.
 */
#include <lib/auth/auth_cot.h>
#include <lib/auth/tbbr_oid.h>

#define EXT(p, o, req)                                                                             \
	{                                                                                          \
		.param = (p), .oid = (o), .required = (req)                                        \
	}

/*
 * A certificate's extensions and their count, from the one list: the
 * count is the list's length, never written by hand.
 */
#define EXTS(...)                                                                                  \
	.exts = { __VA_ARGS__ },                                                                   \
	.ext_count = sizeof((const struct auth_cot_ext[]){ __VA_ARGS__ }) /                        \
	             sizeof(struct auth_cot_ext)

const struct auth_cot_image auth_tbbr_cot[AUTH_IMG_COUNT] = {
	/* BL1: the BL2 certificate, signed with the ROT key. */
	[AUTH_IMG_TB_FW_CERT] = {
		.name = "Trusted Boot FW certificate",
		.uuid = FIP_UUID_TB_FW_CERT,
		.type = AUTH_TYPE_CERT,
		.parent = AUTH_IMG_ROT,
		.parent_param = AUTH_PARAM_NONE,
		.nv_ctr = AUTH_NV_CTR_TRUSTED,
		EXTS(
			EXT(AUTH_PARAM_BL2_HASH, TBBR_OID_BL2_HASH, true),
			EXT(AUTH_PARAM_TB_FW_CONFIG_HASH,
			    TBBR_OID_TB_FW_CONFIG_HASH, false),
			EXT(AUTH_PARAM_HW_CONFIG_HASH, TBBR_OID_HW_CONFIG_HASH,
			    false),
			EXT(AUTH_PARAM_FW_CONFIG_HASH, TBBR_OID_FW_CONFIG_HASH,
			    false),
		),
	},
	[AUTH_IMG_BL2] = {
		.name = "BL2",
		.uuid = FIP_UUID_TB_FW,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_TB_FW_CERT,
		.parent_param = AUTH_PARAM_BL2_HASH,
	},
	[AUTH_IMG_TB_FW_CONFIG] = {
		.name = "TB_FW_CONFIG",
		.uuid = FIP_UUID_TB_FW_CONFIG,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_TB_FW_CERT,
		.parent_param = AUTH_PARAM_TB_FW_CONFIG_HASH,
	},
	[AUTH_IMG_HW_CONFIG] = {
		.name = "HW_CONFIG",
		.uuid = FIP_UUID_HW_CONFIG,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_TB_FW_CERT,
		.parent_param = AUTH_PARAM_HW_CONFIG_HASH,
	},
	[AUTH_IMG_FW_CONFIG] = {
		.name = "FW_CONFIG",
		.uuid = FIP_UUID_FW_CONFIG,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_TB_FW_CERT,
		.parent_param = AUTH_PARAM_FW_CONFIG_HASH,
	},

	/* BL2: the world keys, signed with the ROT key. */
	[AUTH_IMG_TRUSTED_KEY_CERT] = {
		.name = "Trusted key certificate",
		.uuid = FIP_UUID_TRUSTED_KEY_CERT,
		.type = AUTH_TYPE_CERT,
		.parent = AUTH_IMG_ROT,
		.parent_param = AUTH_PARAM_NONE,
		.nv_ctr = AUTH_NV_CTR_TRUSTED,
		EXTS(
			EXT(AUTH_PARAM_TRUSTED_WORLD_PK,
			    TBBR_OID_TRUSTED_WORLD_PK, true),
			EXT(AUTH_PARAM_NON_TRUSTED_WORLD_PK,
			    TBBR_OID_NON_TRUSTED_WORLD_PK, true),
		),
	},

	/* BL31: key certificate (trusted-world key), content certificate. */
	[AUTH_IMG_SOC_FW_KEY_CERT] = {
		.name = "SoC FW key certificate",
		.uuid = FIP_UUID_SOC_FW_KEY_CERT,
		.type = AUTH_TYPE_CERT,
		.parent = AUTH_IMG_TRUSTED_KEY_CERT,
		.parent_param = AUTH_PARAM_TRUSTED_WORLD_PK,
		.nv_ctr = AUTH_NV_CTR_TRUSTED,
		EXTS(
			EXT(AUTH_PARAM_SOC_FW_CONTENT_PK,
			    TBBR_OID_SOC_FW_CONTENT_CERT_PK, true),
		),
	},
	[AUTH_IMG_SOC_FW_CERT] = {
		.name = "SoC FW content certificate",
		.uuid = FIP_UUID_SOC_FW_CERT,
		.type = AUTH_TYPE_CERT,
		.parent = AUTH_IMG_SOC_FW_KEY_CERT,
		.parent_param = AUTH_PARAM_SOC_FW_CONTENT_PK,
		.nv_ctr = AUTH_NV_CTR_TRUSTED,
		EXTS(
			EXT(AUTH_PARAM_BL31_HASH, TBBR_OID_BL31_HASH, true),
			EXT(AUTH_PARAM_SOC_FW_CONFIG_HASH,
			    TBBR_OID_SOC_FW_CONFIG_HASH, false),
		),
	},
	[AUTH_IMG_BL31] = {
		.name = "BL31",
		.uuid = FIP_UUID_SOC_FW,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_SOC_FW_CERT,
		.parent_param = AUTH_PARAM_BL31_HASH,
	},
	[AUTH_IMG_SOC_FW_CONFIG] = {
		.name = "SOC_FW_CONFIG",
		.uuid = FIP_UUID_SOC_FW_CONFIG,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_SOC_FW_CERT,
		.parent_param = AUTH_PARAM_SOC_FW_CONFIG_HASH,
	},

	/* BL33: key certificate (non-trusted-world key), content
	 * certificate; both carry the non-trusted NV counter. */
	[AUTH_IMG_NT_FW_KEY_CERT] = {
		.name = "NT FW key certificate",
		.uuid = FIP_UUID_NT_FW_KEY_CERT,
		.type = AUTH_TYPE_CERT,
		.parent = AUTH_IMG_TRUSTED_KEY_CERT,
		.parent_param = AUTH_PARAM_NON_TRUSTED_WORLD_PK,
		.nv_ctr = AUTH_NV_CTR_NON_TRUSTED,
		EXTS(
			EXT(AUTH_PARAM_NT_FW_CONTENT_PK,
			    TBBR_OID_NT_FW_CONTENT_CERT_PK, true),
		),
	},
	[AUTH_IMG_NT_FW_CERT] = {
		.name = "NT FW content certificate",
		.uuid = FIP_UUID_NT_FW_CERT,
		.type = AUTH_TYPE_CERT,
		.parent = AUTH_IMG_NT_FW_KEY_CERT,
		.parent_param = AUTH_PARAM_NT_FW_CONTENT_PK,
		.nv_ctr = AUTH_NV_CTR_NON_TRUSTED,
		EXTS(
			EXT(AUTH_PARAM_BL33_HASH, TBBR_OID_BL33_HASH, true),
			EXT(AUTH_PARAM_NT_FW_CONFIG_HASH,
			    TBBR_OID_NT_FW_CONFIG_HASH, false),
		),
	},
	[AUTH_IMG_BL33] = {
		.name = "BL33",
		.uuid = FIP_UUID_NT_FW,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_NT_FW_CERT,
		.parent_param = AUTH_PARAM_BL33_HASH,
	},
	[AUTH_IMG_NT_FW_CONFIG] = {
		.name = "NT_FW_CONFIG",
		.uuid = FIP_UUID_NT_FW_CONFIG,
		.type = AUTH_TYPE_RAW,
		.parent = AUTH_IMG_NT_FW_CERT,
		.parent_param = AUTH_PARAM_NT_FW_CONFIG_HASH,
	},
};
