/*
 * Trusted board boot, part 2: the chain of trust as data and the walker
 * that authenticates one image at a time against it
 * (docs/design/trusted-boot.rst).
 *
 * The table (lib/auth/tbbr_cot.c) is TF-A's TBBR layout (Arm DEN0006):
 *
 *   ROTPK hash (platform)
 *    ├─ Trusted Boot FW cert ── BL2, TB_FW_CONFIG, HW_CONFIG, FW_CONFIG hashes
 *    └─ Trusted key cert ─┬─ trusted-world PK
 *                         │   └─ SoC FW key cert ── SoC FW content-cert PK
 *                         │       └─ SoC FW content cert ── BL31, SOC_FW_CONFIG hashes
 *                         └─ non-trusted-world PK
 *                             └─ NT FW key cert ── NT FW content-cert PK
 *                                 └─ NT FW content cert ── BL33, NT_FW_CONFIG hashes
 *
 * A certificate under the ROTPK is checked with its own subject key, whose
 * hash must be the platform's ROTPK hash; any other certificate with the key
 * its parent carries; a binary image with the hash its parent carries. Each
 * certificate carries an NV counter (trusted in the trusted world,
 * non-trusted for the NT FW certificates) that must be >= the platform's.
 *
 * Usage (BL1: the first two images; BL2: the rest, in any order that puts
 * parents first):
 *
 *	struct auth_ctx ctx;
 *	auth_ctx_init(&ctx);
 *	rc = auth_image(&ctx, AUTH_IMG_TB_FW_CERT, cert, cert_len);
 *	rc = auth_image(&ctx, AUTH_IMG_BL2, bl2, bl2_len);
 *	if (rc != AUTH_OK || !auth_image_authenticated(&ctx, AUTH_IMG_BL2)) {
 *		auth_ctx_describe(&ctx, msg, sizeof(msg));  ... stop the boot
 *	}
 */
#ifndef AUTH_COT_H
#define AUTH_COT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lib/auth/auth.h>
#include <tools_share/fip.h>

/* The images of the chain: certificates and the binaries they vouch for. */
enum auth_image_id {
	AUTH_IMG_TB_FW_CERT, /* Trusted Boot FW (BL2) certificate */
	AUTH_IMG_BL2,
	AUTH_IMG_TB_FW_CONFIG,
	AUTH_IMG_HW_CONFIG,
	AUTH_IMG_FW_CONFIG,
	AUTH_IMG_TRUSTED_KEY_CERT,
	AUTH_IMG_SOC_FW_KEY_CERT,
	AUTH_IMG_SOC_FW_CERT, /* SoC FW (BL31) content certificate */
	AUTH_IMG_BL31,
	AUTH_IMG_SOC_FW_CONFIG,
	AUTH_IMG_NT_FW_KEY_CERT,
	AUTH_IMG_NT_FW_CERT, /* NT FW (BL33) content certificate */
	AUTH_IMG_BL33,
	AUTH_IMG_NT_FW_CONFIG,
	AUTH_IMG_COUNT,
	/* As a parent: "signed by the root-of-trust key". */
	AUTH_IMG_ROT = AUTH_IMG_COUNT,
};

/* What certificates carry for their children: keys, then hashes. */
enum auth_param_id {
	AUTH_PARAM_TRUSTED_WORLD_PK,
	AUTH_PARAM_NON_TRUSTED_WORLD_PK,
	AUTH_PARAM_SOC_FW_CONTENT_PK,
	AUTH_PARAM_NT_FW_CONTENT_PK,
	AUTH_PARAM_KEY_COUNT,
	AUTH_PARAM_BL2_HASH = AUTH_PARAM_KEY_COUNT,
	AUTH_PARAM_TB_FW_CONFIG_HASH,
	AUTH_PARAM_HW_CONFIG_HASH,
	AUTH_PARAM_FW_CONFIG_HASH,
	AUTH_PARAM_BL31_HASH,
	AUTH_PARAM_SOC_FW_CONFIG_HASH,
	AUTH_PARAM_BL33_HASH,
	AUTH_PARAM_NT_FW_CONFIG_HASH,
	AUTH_PARAM_COUNT,
	AUTH_PARAM_HASH_COUNT = AUTH_PARAM_COUNT - AUTH_PARAM_KEY_COUNT,
	/* As a parent parameter: none (the parent is the ROT key). */
	AUTH_PARAM_NONE = AUTH_PARAM_COUNT,
};

enum auth_image_type {
	AUTH_TYPE_CERT, /* X.509 certificate: signature + NV counter */
	AUTH_TYPE_RAW,  /* binary: hash */
};

enum auth_nv_ctr {
	AUTH_NV_CTR_NONE,
	AUTH_NV_CTR_TRUSTED,
	AUTH_NV_CTR_NON_TRUSTED,
};

/* An extension a certificate carries for its children. */
struct auth_cot_ext {
	enum auth_param_id param;
	const char *oid; /* dotted, from lib/auth/tbbr_oid.h */
	bool required;   /* absent: the certificate is refused. Optional
				 * ones (config hashes) are needed only when
				 * that image is authenticated */
};

#define AUTH_COT_MAX_EXTS 4u

/* One image of the chain. */
struct auth_cot_image {
	const char *name;     /* for messages, e.g. "BL31" */
	struct fip_uuid uuid; /* where it is in the FIP */
	enum auth_image_type type;
	enum auth_image_id parent;       /* AUTH_IMG_ROT: ROT-signed */
	enum auth_param_id parent_param; /* key (cert) or hash (raw) the parent
					 * carries; AUTH_PARAM_NONE under ROT */
	enum auth_nv_ctr nv_ctr;         /* certificates only */
	struct auth_cot_ext exts[AUTH_COT_MAX_EXTS];
	unsigned int ext_count;
};

/* TF-A's TBBR chain of trust, indexed by enum auth_image_id. */
extern const struct auth_cot_image auth_tbbr_cot[AUTH_IMG_COUNT];

/*
 * What has been authenticated so far, and what it vouches for: the keys and
 * hashes copied out of authenticated certificates (so a certificate's buffer
 * may be reused once it is authenticated). About 3.3 KiB; the caller owns it
 * (BL1/BL2: a static variable). Read only through the functions below.
 */
struct auth_ctx {
	uint32_t magic;
	/* Per image, two redundant words: set only after every check passed. */
	uint32_t state[AUTH_IMG_COUNT];
	uint32_t state_inv[AUTH_IMG_COUNT];
	struct {
		uint16_t len; /* 0: not available */
		uint8_t der[AUTH_KEY_MAX_LEN];
	} key[AUTH_PARAM_KEY_COUNT];
	struct {
		uint16_t len; /* 0: not available */
		uint8_t der[AUTH_HASH_EXT_MAX_LEN];
	} hash[AUTH_PARAM_HASH_COUNT];
	/* Highest NV counter value of an authenticated certificate, per
	 * counter (index enum auth_nv_ctr), for a later platform update. */
	uint32_t nv_ctr_seen[3];
	/* The last failure, for auth_ctx_describe(). */
	struct {
		int err;
		enum auth_image_id image;
		uint32_t cert_nv_ctr;
		uint32_t plat_nv_ctr;
	} last;
};

/*
 * auth_ctx_init() - start with nothing authenticated. Also sets up mbed
 * TLS's static heap on first use. Must precede every other call on @ctx.
 */
void auth_ctx_init(struct auth_ctx *ctx);

/*
 * auth_image() - authenticate one image of the chain against its parent.
 * @ctx:  from auth_ctx_init().
 * @id:   which image.
 * @data: the image as loaded (any alignment); NULL if missing.
 * @len:  its size in bytes (0 if missing).
 *
 * The parent must have been authenticated in @ctx. A certificate must then
 * parse (auth_cert_parse()), be signed by the parent's key (under the ROT:
 * by its own key, whose hash must be the platform's, plat_get_rotpk_hash()),
 * carry an NV counter >= plat_get_nv_ctr()'s and every required extension;
 * its keys and hashes are then copied into @ctx for its children. A binary
 * image must have the hash its parent carries. Every decision is checked
 * twice (docs/design/trusted-boot.rst, fault injection). Authenticating an
 * image again first forgets it (and, for a certificate, what it carried).
 *
 * Returns AUTH_OK once the image is authenticated; on failure the image is
 * not authenticated and the code is one of auth.h's: AUTH_E_INVALID_ARG
 * (bad @ctx or @id), AUTH_E_PARENT, AUTH_E_CERT_MISSING,
 * AUTH_E_IMAGE_MISSING, AUTH_E_EXT_MISSING (including the parent's optional
 * hash for this image), AUTH_E_NV_CTR, AUTH_E_PLAT, AUTH_E_FAULT, or any
 * code of auth_cert_parse(), auth_verify_signature(), auth_verify_hash(),
 * auth_rotpk_match() and auth_nv_counter(). auth_ctx_describe() words it.
 */
int auth_image(struct auth_ctx *ctx, enum auth_image_id id, const void *data, size_t len);

/*
 * auth_image_copy() - auth_image() for a binary image that is copied from
 * where it was found (@data) to where it runs (@dst, @len bytes, not
 * overlapping @data): the copy is what is hashed and authenticated, as it
 * is written, in one pass over memory where the crypto extension hashes
 * (SHA-256): each block is stored from the registers it is hashed from. On
 * failure @dst may hold part of the image: the caller erases it. Returns
 * auth_image()'s codes; AUTH_E_INVALID_ARG also for a NULL @dst or a
 * certificate (which is checked where it is, with auth_image()).
 */
int auth_image_copy(struct auth_ctx *ctx, enum auth_image_id id, void *dst, const void *data,
                    size_t len);

/*
 * auth_image_authenticated() - has @id passed auth_image() in @ctx? Reads
 * both redundant state words: the second check a loader makes before it
 * hands control to an image. False for an invalid @ctx or @id.
 */
bool auth_image_authenticated(const struct auth_ctx *ctx, enum auth_image_id id);

/*
 * auth_ctx_describe() - the last failure of auth_image() in words, e.g.
 * "BL31: hash does not match its certificate" or "Trusted key certificate:
 * NV counter 0 below the platform's 1", written to @buf (NUL-terminated,
 * truncated to @size). Returns the last failure's code (AUTH_OK if none).
 */
int auth_ctx_describe(const struct auth_ctx *ctx, char *buf, size_t size);

/* auth_cot_image() - the table entry of @id, or NULL if out of range. */
const struct auth_cot_image *auth_cot_image(enum auth_image_id id);

#endif /* AUTH_COT_H */
