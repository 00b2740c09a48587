/*
 * A QEMU machine (plat/common/qemu/include/qemu_machine.h): what each image
 * maps of its secure RAM and DRAM, the counter, the SoC ID.
 */
#include <stdint.h>

#include <arch/aarch64/arch.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <lib/utils_def.h>

/* The hold pen (and the MEM_PROTECT flag beside it) in secure SRAM. */
const struct mmap_region plat_bl1_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RW_DATA },
};
const unsigned int plat_bl1_region_count = ARRAY_SIZE(plat_bl1_regions);

/*
 * BL2 also edits the DTB and may overwrite DRAM below BL33 (MEM_PROTECT).
 * Only the DTB region, which BL2 reads token by token, is cacheable: BL2
 * cleans what it wrote there to the PoC, and leaves no line of the rest
 * (the scratch buffer included) for the normal world to trip over
 * (bl2_main.c: BL2 cleans no cache by set/way).
 */
const struct mmap_region plat_bl2_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RW_DATA },
	{ PLAT_DTB_BASE, PLAT_DTB_MAX_SIZE, MT_RW_DATA | MT_NS },
	{ PLAT_DTB_SCRATCH_BASE, PLAT_BL33_BASE - PLAT_DTB_SCRATCH_BASE,
	  MT_NON_CACHEABLE | MT_RW | MT_NS },
};
const unsigned int plat_bl2_region_count = ARRAY_SIZE(plat_bl2_regions);

const struct mmap_region plat_bl31_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RW_DATA },
};
const unsigned int plat_bl31_region_count = ARRAY_SIZE(plat_bl31_regions);

void plat_early_setup(void)
{
}

uint32_t plat_get_syscnt_freq(void)
{
	return PLAT_SYSCNT_FREQ_HZ;
}

/*
 * SMCCC_ARCH_SOC_ID: a QEMU machine is an emulated board, no SiP's SoC: no
 * JEP-106 manufacturer code is its own, so the platform states bank 0,
 * code 0 and SoC ID 0, revision 0 (PLAT_SOC_VERSION, PLAT_SOC_REVISION in
 * platform_def.h), and names itself (PLAT_SOC_NAME).
 */
int plat_soc_id(struct plat_soc_id *id)
{
	id->version = PLAT_SOC_VERSION;
	id->revision = PLAT_SOC_REVISION;
	id->name = PLAT_SOC_NAME;
	return 0;
}
