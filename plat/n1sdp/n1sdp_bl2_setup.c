/*
 * N1SDP, BL2: nothing to describe (the normal world, UEFI, carries its own
 * device tree and finds PSCI there); the DRAM is the platform's static map.
 */
#include <plat/plat_setup.h>
#include <platform_def.h>

void plat_bl2_prepare_bl33(struct plat_ns_dram *dram)
{
	mem_ranges_init(&dram->ranges);
	(void)mem_ranges_add(&dram->ranges, PLAT_NS_DRAM_BASE, PLAT_NS_DRAM_SIZE);
	dram->source = "the platform";
}
