/*
 * The chain-of-trust walker: authenticates one image against its already
 * authenticated parent, as the table (tbbr_cot.c) describes, and keeps what
 * a certificate vouches for (keys, hashes) for its children.
 *
 * Fault-injection hardening (docs/design/trusted-boot.rst): each check that
 * passes adds its own token (auth_private.h) to a running sum; the sum must
 * equal the one the table predicts for this image, compared twice, before
 * the image's two redundant state words are written, and those are read
 * back before AUTH_OK is returned. A skipped instruction or a flipped
 * branch in one check therefore cannot authenticate an image alone.
 */
#include <stdio.h>
#include <string.h>

#include <lib/auth/auth_cot.h>
#include <plat/plat_trusted_boot.h>

#include "auth_private.h"

#define AUTH_CTX_MAGIC 0x41555448u /* "AUTH" */

_Static_assert(AUTH_PARAM_COUNT - AUTH_PARAM_KEY_COUNT == AUTH_PARAM_HASH_COUNT,
               "parameter layout");
_Static_assert(AUTH_KEY_MAX_LEN <= UINT16_MAX && AUTH_HASH_EXT_MAX_LEN <= UINT16_MAX,
               "slot lengths are 16-bit");

/* Each image's state word differs (golden-ratio salt), so state copied from
 * one image to another does not authenticate it. */
static uint32_t state_word(enum auth_image_id id)
{
	return AUTH_STATE_AUTHENTICATED ^ ((uint32_t)id * 0x9e3779b9u);
}

const struct auth_cot_image *auth_cot_image(enum auth_image_id id)
{
	if ((unsigned int)id >= AUTH_IMG_COUNT)
		return NULL;
	return &auth_tbbr_cot[id];
}

void auth_ctx_init(struct auth_ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->magic = AUTH_CTX_MAGIC;
	auth_crypto_init();
}

bool auth_image_authenticated(const struct auth_ctx *ctx, enum auth_image_id id)
{
	const volatile uint32_t *state, *state_inv;

	if (ctx == NULL || ctx->magic != AUTH_CTX_MAGIC || (unsigned int)id >= AUTH_IMG_COUNT)
		return false;
	state = &ctx->state[id];
	state_inv = &ctx->state_inv[id];
	if (*state != state_word(id))
		return false;
	auth_barrier();
	if (*state_inv != ~state_word(id))
		return false;
	return true;
}

/* A parameter's slot: its bytes, capacity and current length. */
static void param_slot(struct auth_ctx *ctx, enum auth_param_id param, uint8_t **der, size_t *cap,
                       uint16_t **len)
{
	if (param < AUTH_PARAM_KEY_COUNT) {
		*der = ctx->key[param].der;
		*cap = sizeof(ctx->key[param].der);
		*len = &ctx->key[param].len;
	} else {
		unsigned int h = param - AUTH_PARAM_KEY_COUNT;

		*der = ctx->hash[h].der;
		*cap = sizeof(ctx->hash[h].der);
		*len = &ctx->hash[h].len;
	}
}

/* Forget an image: its state, and for a certificate what it carried. */
static void forget(struct auth_ctx *ctx, enum auth_image_id id)
{
	const struct auth_cot_image *img = &auth_tbbr_cot[id];
	unsigned int i;
	uint16_t *len;
	uint8_t *der;
	size_t cap;

	ctx->state[id] = 0;
	ctx->state_inv[id] = 0;
	for (i = 0; i < img->ext_count; i++) {
		param_slot(ctx, img->exts[i].param, &der, &cap, &len);
		*len = 0;
		memset(der, 0, cap);
	}
}

static int fail(struct auth_ctx *ctx, enum auth_image_id id, int err)
{
	forget(ctx, id);
	ctx->last.err = err;
	ctx->last.image = id;
	return err;
}

/* What the parent vouches with; AUTH_E_EXT_MISSING if it carried none (an
 * optional config hash that was absent). */
static int param_get(struct auth_ctx *ctx, enum auth_param_id param, const uint8_t **der,
                     size_t *len)
{
	uint16_t *slot_len;
	uint8_t *slot;
	size_t cap;

	param_slot(ctx, param, &slot, &cap, &slot_len);
	if (*slot_len == 0)
		return AUTH_E_EXT_MISSING;
	*der = slot;
	*len = *slot_len;
	return AUTH_OK;
}

/* Copy an extension's value for the children, checking its shape: a hash
 * must be a SHA-2 digest structure; a key one DER SEQUENCE that fits (mbed
 * TLS parses it fully when a child's signature is checked with it). */
static int param_store(struct auth_ctx *ctx, enum auth_param_id param, const uint8_t *val,
                       size_t val_len)
{
	const uint8_t *digest;
	enum auth_hash_alg alg;
	uint16_t *slot_len;
	size_t cap, dlen;
	uint8_t *slot;
	struct der d;
	int rc;

	param_slot(ctx, param, &slot, &cap, &slot_len);
	if (param < AUTH_PARAM_KEY_COUNT) {
		if (val_len > cap)
			return AUTH_E_KEY;
		der_init(&d, val, val_len);
		if (der_get(&d, DER_SEQUENCE, NULL, NULL) != AUTH_OK || !der_done(&d))
			return AUTH_E_KEY;
	} else {
		if (val_len > cap)
			return AUTH_E_EXT_MALFORMED;
		rc = auth_digest_parse(val, val_len, &alg, &digest, &dlen);
		if (rc != AUTH_OK)
			return rc;
	}
	memcpy(slot, val, val_len);
	*slot_len = (uint16_t)val_len;
	return AUTH_OK;
}

/* The sum of tokens an image's checks must add up to, from the table
 * alone (not from the code path that produced the tokens). */
static uint32_t expected_steps(const struct auth_cot_image *img)
{
	uint32_t sum = AUTH_TOKEN_PARENT;

	if (img->type == AUTH_TYPE_RAW)
		return sum + AUTH_TOKEN_HASH;
	if (img->parent == AUTH_IMG_ROT)
		sum += AUTH_TOKEN_ROTPK;
	return sum + AUTH_TOKEN_SIG + AUTH_TOKEN_NV_CTR + AUTH_TOKEN_EXTS;
}

/* The certificate checks; adds their tokens to *@steps. */
static int auth_cert_image(struct auth_ctx *ctx, const struct auth_cot_image *img, const void *data,
                           size_t len, uint32_t *steps)
{
	volatile uint32_t v_cert, v_plat;
	const uint8_t *key, *rotpk, *val;
	uint32_t tok, cert_nv, board_nv;
	size_t key_len, rotpk_len, val_len;
	struct auth_cert cert;
	unsigned int i;
	int rc;

	rc = auth_cert_parse(data, len, &cert);
	if (rc != AUTH_OK)
		return rc;

	/* The key that must have signed it: under the ROT its own, if it is
	 * the one whose hash the platform holds; else what the parent
	 * carried. */
	if (img->parent == AUTH_IMG_ROT) {
		if (plat_get_rotpk_hash(&rotpk, &rotpk_len) != 0 || rotpk == NULL)
			return AUTH_E_PLAT;
		rc = auth_rotpk_match_tok(cert.spki.p, cert.spki.len, rotpk, rotpk_len, &tok);
		if (rc != AUTH_OK)
			return rc;
		if (!auth_token_ok(tok, AUTH_TOKEN_ROTPK))
			return AUTH_E_FAULT;
		*steps += tok;
		key = cert.spki.p;
		key_len = cert.spki.len;
	} else {
		rc = param_get(ctx, img->parent_param, &key, &key_len);
		if (rc != AUTH_OK)
			return rc;
	}

	rc = auth_verify_signature_tok(&cert, key, key_len, &tok);
	if (rc != AUTH_OK)
		return rc;
	if (!auth_token_ok(tok, AUTH_TOKEN_SIG))
		return AUTH_E_FAULT;
	*steps += tok;

	/* Anti-rollback (DEN0006): certificate counter >= platform's. */
	rc = auth_nv_counter(&cert, img->nv_ctr == AUTH_NV_CTR_TRUSTED, &cert_nv);
	if (rc != AUTH_OK)
		return rc;
	if (plat_get_nv_ctr(img->nv_ctr == AUTH_NV_CTR_TRUSTED ? PLAT_NV_CTR_TRUSTED
	                                                       : PLAT_NV_CTR_NON_TRUSTED,
	                    &board_nv) != 0)
		return AUTH_E_PLAT;
	if (cert_nv < board_nv) {
		ctx->last.cert_nv_ctr = cert_nv;
		ctx->last.plat_nv_ctr = board_nv;
		return AUTH_E_NV_CTR;
	}
	v_cert = cert_nv;
	v_plat = board_nv;
	auth_barrier();
	if (!(v_cert >= v_plat))
		return AUTH_E_FAULT;
	*steps += AUTH_TOKEN_NV_CTR ^ (uint32_t)(v_cert < v_plat);

	/* What it vouches for, copied out for the children. */
	for (i = 0; i < img->ext_count; i++) {
		const struct auth_cot_ext *ext = &img->exts[i];

		rc = auth_cert_ext(&cert, ext->oid, &val, &val_len);
		if (rc == AUTH_E_EXT_MISSING && !ext->required)
			continue;
		if (rc != AUTH_OK)
			return rc;
		rc = param_store(ctx, ext->param, val, val_len);
		if (rc != AUTH_OK)
			return rc;
	}
	*steps += AUTH_TOKEN_EXTS ^ (uint32_t)(i != img->ext_count);

	if (cert_nv > ctx->nv_ctr_seen[img->nv_ctr])
		ctx->nv_ctr_seen[img->nv_ctr] = cert_nv;
	return AUTH_OK;
}

/* auth_image(), or with @dst auth_image_copy(). */
static int authenticate(struct auth_ctx *ctx, enum auth_image_id id, void *dst, const void *data,
                        size_t len)
{
	const struct auth_cot_image *img;
	const uint8_t *hash;
	uint32_t steps, tok;
	size_t hash_len;
	int rc;

	if (ctx == NULL || ctx->magic != AUTH_CTX_MAGIC)
		return AUTH_E_INVALID_ARG;
	img = auth_cot_image(id);
	if (img == NULL)
		return AUTH_E_INVALID_ARG;
	forget(ctx, id);

	/* The parent first: nothing is believed of an image whose voucher
	 * has not been authenticated. */
	tok = AUTH_TOKEN_PARENT;
	if (img->parent != AUTH_IMG_ROT && !auth_image_authenticated(ctx, img->parent))
		tok = 0;
	if (!auth_token_ok(tok, AUTH_TOKEN_PARENT))
		return fail(ctx, id, AUTH_E_PARENT);
	steps = tok;

	if (img->type == AUTH_TYPE_RAW) {
		if (data == NULL || len == 0)
			return fail(ctx, id, AUTH_E_IMAGE_MISSING);
		rc = param_get(ctx, img->parent_param, &hash, &hash_len);
		if (rc != AUTH_OK)
			return fail(ctx, id, rc);
		rc = auth_verify_hash_tok(hash, hash_len, dst, data, len, &tok);
		if (rc != AUTH_OK)
			return fail(ctx, id, rc);
		if (!auth_token_ok(tok, AUTH_TOKEN_HASH))
			return fail(ctx, id, AUTH_E_FAULT);
		steps += tok;
	} else {
		/* A certificate is checked where it is. */
		if (dst != NULL)
			return fail(ctx, id, AUTH_E_INVALID_ARG);
		rc = auth_cert_image(ctx, img, data, len, &steps);
		if (rc != AUTH_OK)
			return fail(ctx, id, rc);
	}

	if (!auth_token_ok(steps, expected_steps(img)))
		return fail(ctx, id, AUTH_E_FAULT);
	ctx->state[id] = state_word(id);
	ctx->state_inv[id] = ~state_word(id);
	/* Read back what was written before saying so. */
	if (!auth_image_authenticated(ctx, id))
		return fail(ctx, id, AUTH_E_FAULT);
	return AUTH_OK;
}

int auth_image(struct auth_ctx *ctx, enum auth_image_id id, const void *data, size_t len)
{
	return authenticate(ctx, id, NULL, data, len);
}

int auth_image_copy(struct auth_ctx *ctx, enum auth_image_id id, void *dst, const void *data,
                    size_t len)
{
	if (dst == NULL)
		return AUTH_E_INVALID_ARG;
	return authenticate(ctx, id, dst, data, len);
}

int auth_ctx_describe(const struct auth_ctx *ctx, char *buf, size_t size)
{
	const struct auth_cot_image *img;
	int err;

	if (ctx == NULL || ctx->magic != AUTH_CTX_MAGIC) {
		if (buf != NULL && size != 0)
			snprintf(buf, size, "authentication context not set up");
		return AUTH_E_INVALID_ARG;
	}
	err = ctx->last.err;
	if (buf == NULL || size == 0)
		return err;
	img = auth_cot_image(ctx->last.image);
	if (err == AUTH_OK)
		snprintf(buf, size, "no authentication failure");
	else if (err == AUTH_E_NV_CTR)
		snprintf(buf, size, "%s: NV counter %u below the platform's %u", img->name,
		         (unsigned int)ctx->last.cert_nv_ctr, (unsigned int)ctx->last.plat_nv_ctr);
	else
		snprintf(buf, size, "%s: %s", img->name, auth_strerror(err));
	return err;
}
