/*
 * Base FVP: topology (AEM or MT-style MPIDRs), counter, memory maps.
 */
#include <stdint.h>

#include <arch/aarch64/arch.h>
#include <arch/aarch64/arch_helpers.h>
#include <drivers/gicv3.h>
#include <drivers/sys_counter.h>
#include <lib/mmio.h>
#include <lib/utils_def.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>

_Static_assert(FVP_CLUSTERS >= 1 && FVP_CLUSTERS <= 4 && FVP_CORES_PER_CLUSTER >= 1 &&
                       FVP_CORES_PER_CLUSTER <= 4,
               "the Base FVP port supports 1..4 clusters of 1..4 cores");

/*
 * The distributor and every core's redistributor, in 2 MiB blocks: eight
 * cores fit below 0x2F200000, sixteen need up to 0x2F300000.
 */
#define PLAT_GIC_MAP_SIZE                                                                          \
	((PLAT_GICR_BASE - PLAT_GICD_BASE + PLATFORM_CORE_COUNT * GICV3_GICR_FRAME_SIZE +          \
	  0x1FFFFFU) &                                                                             \
	 ~0x1FFFFFU)

const struct mmap_region plat_device_regions[] = {
	{ PLAT_V2M_SYSREG_BASE, 0x00100000, MT_DEVICE_RW }, /* sysregs .. UART0 */
	{ PLAT_PWRC_BASE, 0x00010000, MT_DEVICE_RW },
	{ PLAT_CNTCONTROL_BASE, 0x00010000, MT_DEVICE_RW },
	{ PLAT_GICD_BASE, PLAT_GIC_MAP_SIZE, MT_DEVICE_RW }, /* GICD, a GICR per core */
};
const unsigned int plat_device_region_count = ARRAY_SIZE(plat_device_regions);

const struct mmap_region plat_bl1_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RW_DATA },
};
const unsigned int plat_bl1_region_count = ARRAY_SIZE(plat_bl1_regions);
const struct mmap_region plat_bl2_regions[] = {
	{ 0, 0, 0 },
};
const unsigned int plat_bl2_region_count = 0;
const struct mmap_region plat_bl31_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RW_DATA },
};
const unsigned int plat_bl31_region_count = ARRAY_SIZE(plat_bl31_regions);

void plat_early_setup(void)
{
	/* The model's system counter is stopped until firmware starts it. */
	mmio_write_32(PLAT_CNTCONTROL_BASE + CNTCR, CNTCR_EN | CNTCR_FCREQ_0);
}

/* CNTFID0: the frequency of the model's counter (100 MHz on current models). */
uint32_t plat_get_syscnt_freq(void)
{
	return mmio_read_32(PLAT_CNTCONTROL_BASE + CNTFID0);
}

/*
 * SMCCC_ARCH_SOC_ID: Arm is the SiP (JEP-106 bank 5, i.e. 4 continuation
 * codes, identification code 0x3B); the model's V2M_SYS_ID says which
 * board (HBI number, bits 27:16: 0x020 for the Base FVP) and its revision
 * (bits 31:28).
 */
int plat_soc_id(struct plat_soc_id *id)
{
	uint32_t sys_id = mmio_read_32(PLAT_V2M_SYSREG_BASE);

	id->version = PLAT_SOC_JEP106(4, 0x3B) | ((sys_id >> 16) & 0xFFFU);
	id->revision = sys_id >> 28;
	id->name = PLAT_TITLE;
	return 0;
}
