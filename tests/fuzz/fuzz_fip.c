/*
 * libFuzzer harness for the FIP parser (lib/fip): fip_parse() on any
 * bytes, then fip_find() for every known image UUID and fip_entry_at() over
 * the ToC. The input is copied into a heap buffer of exactly its length,
 * and every byte of every image found is read, so an entry that pointed
 * outside the FIP would trip AddressSanitizer. A parsed FIP must also keep
 * the parser's promises (entries inside it, no overlap); a broken promise
 * aborts, which libFuzzer reports as a crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <tools_share/fip.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static volatile uint8_t sink;

static void touch(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint8_t x = 0;

	for (size_t i = 0; i < n; i++)
		x ^= b[i];
	sink = x;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *fip = malloc(size ? size : 1);
	struct fip_toc toc;
	struct fip_entry e, other;

	memcpy(fip, data, size);
	if (fip_parse(fip, size, &toc) == FIP_OK) {
		if (toc.size > size || toc.count > FIP_MAX_ENTRIES)
			abort();
		for (size_t i = 0; i < fip_image_desc_count; i++) {
			const void *img;
			size_t n;

			if (fip_find(&toc, &fip_image_descs[i].uuid, &img, &n) == FIP_OK)
				touch(img, n);
		}
		for (size_t i = 0; fip_entry_at(&toc, i, &e) == FIP_OK; i++) {
			if (e.offset + e.size > toc.size)
				abort();
			touch(e.data, e.size);
			for (size_t j = 0; j < i; j++) {
				fip_entry_at(&toc, j, &other);
				if (fip_uuid_equal(&e.uuid, &other.uuid) ||
				    (e.size && other.size && e.offset < other.offset + other.size &&
				     other.offset < e.offset + e.size))
					abort();
			}
		}
		if (fip_entry_at(&toc, toc.count, &e) != FIP_ERR_NOT_FOUND)
			abort();
	}
	free(fip);
	return 0;
}
