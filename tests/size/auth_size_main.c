/*
 * A firmware-like link of lib/auth and mbed TLS, for their size only
 * (make auth-size; tests/size/auth_size.sh): an entry point that uses every
 * public function, stub platform hooks, and nothing else of an image, so
 * that --gc-sections keeps exactly what BL1/BL2 will pay for trusted boot.
 * Never run.
 */
#include <stddef.h>
#include <stdint.h>

#include <lib/auth/auth.h>
#include <lib/auth/auth_cot.h>
#include <plat/plat_trusted_boot.h>

void auth_size_entry(const void *fip_images[AUTH_IMG_COUNT], const size_t lens[AUTH_IMG_COUNT],
                     char *msg, size_t size);

static const uint8_t rotpk_hash[51];

int plat_get_rotpk_hash(const uint8_t **hash, size_t *len)
{
	*hash = rotpk_hash;
	*len = sizeof(rotpk_hash);
	return 0;
}

int plat_get_nv_ctr(enum plat_nv_ctr ctr, uint32_t *value)
{
	(void)ctr;
	*value = 0;
	return 0;
}

void __panic(const char *file, int line);
void __panic(const char *file, int line)
{
	(void)file;
	(void)line;
	for (;;)
		;
}

/* The whole chain, as BL1 and BL2 together will walk it. */
void auth_size_entry(const void *fip_images[AUTH_IMG_COUNT], const size_t lens[AUTH_IMG_COUNT],
                     char *msg, size_t size)
{
	static struct auth_ctx ctx;
	int id;

	auth_ctx_init(&ctx);
	for (id = 0; id < AUTH_IMG_COUNT; id++) {
		if (auth_image(&ctx, (enum auth_image_id)id, fip_images[id], lens[id]) != AUTH_OK ||
		    !auth_image_authenticated(&ctx, (enum auth_image_id)id)) {
			auth_ctx_describe(&ctx, msg, size);
			return;
		}
	}
}
