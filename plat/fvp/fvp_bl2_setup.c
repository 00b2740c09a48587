/*
 * Base FVP, BL2: BL33 brings its own device tree (docs/plat/fvp.rst); the
 * DRAM is the platform's static map.
 */
#include <plat/plat_setup.h>
#include <platform_def.h>

void plat_bl2_prepare_bl33(struct plat_ns_dram *dram)
{
	mem_ranges_init(&dram->ranges);
	(void)mem_ranges_add(&dram->ranges, PLAT_NS_DRAM_BASE, PLAT_NS_DRAM_SIZE);
	dram->source = "the platform";
}
