/*
 * Trusted board boot in the loaders (docs/design/trusted-boot.rst): BL1 and
 * BL2 take each certificate from the FIP into their own memory and each
 * image from where it was copied to run, and authenticate them against the
 * chain of trust (include/lib/auth/auth_cot.h) before anything runs.
 *
 * Failures print one line, "ERROR:   <stage>: <image>: <reason>", wipe the
 * image's copy and return a negative AUTH_E_* code; the caller stops the
 * boot. With TRUSTED_BOARD_BOOT=0 every call is a no-op that succeeds.
 */
#ifndef COMMON_BL_AUTH_H
#define COMMON_BL_AUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lib/auth/auth_cot.h>

#if TRUSTED_BOARD_BOOT

/* Start with nothing authenticated. @stage ("BL1", "BL2") prefixes messages. */
void bl_auth_init(const char *stage);

/*
 * Authenticate certificate @id: copy it from the FIP at @fip_base (at most
 * @fip_size bytes) into a private buffer, then auth_image(). A certificate
 * missing from the FIP fails with AUTH_E_CERT_MISSING; one longer than
 * AUTH_CERT_MAX_LEN with AUTH_E_CERT_TOO_LONG; a malformed FIP with
 * AUTH_E_CERT_MISSING after the FIP's own ERROR line. Returns AUTH_OK or
 * the negative code.
 */
int bl_auth_cert(enum auth_image_id id, uintptr_t fip_base, size_t fip_size);

/*
 * Authenticate image @id where it was copied to run: @size bytes at @base.
 * On failure the @size bytes are zeroed (and cleaned to the PoC), so that
 * nothing unauthenticated is left to run. Returns AUTH_OK or the negative
 * code.
 */
int bl_auth_image(enum auth_image_id id, uintptr_t base, size_t size);

/*
 * The second check before a jump (docs/design/trusted-boot.rst, fault
 * injection): true only if @id passed bl_auth_image() in this image.
 */
bool bl_auth_passed(enum auth_image_id id);

/* Counter ticks spent in certificate and image checks so far. */
uint64_t bl_auth_ticks(void);

#else

static inline void bl_auth_init(const char *stage)
{
	(void)stage;
}
static inline int bl_auth_cert(enum auth_image_id id, uintptr_t fip_base, size_t fip_size)
{
	(void)id;
	(void)fip_base;
	(void)fip_size;
	return 0;
}
static inline int bl_auth_image(enum auth_image_id id, uintptr_t base, size_t size)
{
	(void)id;
	(void)base;
	(void)size;
	return 0;
}
static inline bool bl_auth_passed(enum auth_image_id id)
{
	(void)id;
	return true;
}
static inline uint64_t bl_auth_ticks(void)
{
	return 0;
}

#endif /* TRUSTED_BOARD_BOOT */
#endif
