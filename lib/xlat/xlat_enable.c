/*
 * Turning the MMU on from a built context. The register programming is in
 * assembly (misc_helpers.S) so that paths with no usable stack share it.
 */
#include <lib/xlat.h>

void xlat_enable_mmu_el3(const struct xlat_ctx *ctx)
{
	/* The DSB inside orders the table writes before the first walk. */
	enable_mmu_direct_el3((uintptr_t)ctx->base_table);
}
