/*
 * Trusted board boot in the loaders (docs/design/trusted-boot.rst): BL1 and
 * BL2 take each certificate from the FIP into their own memory and each
 * image as it is copied to where it runs, and authenticate them against
 * the chain of trust (include/lib/auth/auth_cot.h) before anything runs.
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

#include <common/bl_common.h>
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
 * Load image @id: copy its @size bytes from the FIP (@data) to @dest, where
 * it runs, authenticating the copy as it is written (auth_image_copy():
 * one pass over the image), and clean it to the PoC, as bl_copy_image()
 * does; @name is for the log. On failure the @size bytes at @dest are
 * zeroed (and cleaned to the PoC), so that nothing unauthenticated is left
 * to run. Returns AUTH_OK or the negative code.
 */
int bl_auth_load_image(enum auth_image_id id, const char *name, uintptr_t dest, const void *data,
                       size_t size);

/*
 * The second check before a jump (docs/design/trusted-boot.rst, fault
 * injection): true only if @id passed bl_auth_load_image() in this image.
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
static inline int bl_auth_load_image(enum auth_image_id id, const char *name, uintptr_t dest,
                                     const void *data, size_t size)
{
	(void)id;
	bl_copy_image(name, dest, data, size);
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
