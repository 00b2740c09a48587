/*
 * N1SDP: topology, counter, memory maps.
 */
#include <stdint.h>

#include <arch/aarch64/arch.h>
#include <lib/mmio.h>
#include <drivers/pl011.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <lib/utils_def.h>

const struct mmap_region plat_device_regions[] = {
	{ PLAT_UART_BASE, 0x00100000, MT_DEVICE_RW }, /* UART0, CNTControl */
	{ PLAT_GICD_BASE, 0x00200000, MT_DEVICE_RW }, /* GIC-600 */
	{ PLAT_MHU_BASE, 0x00500000, MT_DEVICE_RW },  /* MHU, SCMI memory */
};
const unsigned int plat_device_region_count = ARRAY_SIZE(plat_device_regions);

/* The trusted mailbox lives in the shared page. */
const struct mmap_region plat_bl1_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RW_DATA },
};
const unsigned int plat_bl1_region_count = ARRAY_SIZE(plat_bl1_regions);
/* BL2 reads the SCP's SDS region in the shared page. */
const struct mmap_region plat_bl2_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RO_DATA },
	/* Non-cacheable, as BL33's window: nothing of it left in BL2's caches. */
	{ PLAT_NT_FW_CONFIG_BASE, PLAT_NT_FW_CONFIG_SIZE, MT_NON_CACHEABLE | MT_RW | MT_NS },
};
const unsigned int plat_bl2_region_count = ARRAY_SIZE(plat_bl2_regions);
const struct mmap_region plat_bl31_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_RW_DATA },
};
const unsigned int plat_bl31_region_count = ARRAY_SIZE(plat_bl31_regions);

void plat_early_setup(void)
{
}

void plat_console_init(void)
{
	static struct console uart0;

	pl011_console_register(&uart0, PLAT_UART_BASE, PLAT_UART_CLK_HZ, PLAT_UART_BAUD);
}

int plat_core_pos_by_mpidr(uint64_t mpidr)
{
	/* The DT lists MPIDRs without MT, MPIDR_EL1 has it: accept both. */
	mpidr &= MPIDR_AFFINITY_MASK;

	uint64_t thread = mpidr & MPIDR_AFFLVL_MASK;
	uint64_t core = (mpidr >> MPIDR_AFF1_SHIFT) & MPIDR_AFFLVL_MASK;
	uint64_t cluster = (mpidr >> MPIDR_AFF2_SHIFT) & MPIDR_AFFLVL_MASK;

	if (thread != 0U || core >= PLAT_CORES_PER_CLUSTER || cluster >= PLAT_CLUSTER_COUNT ||
	    (mpidr >> MPIDR_AFF3_SHIFT) != 0U)
		return -1;
	return (int)(cluster * PLAT_CORES_PER_CLUSTER + core);
}

uint64_t plat_core_mpidr(unsigned int pos)
{
	return (uint64_t)(pos / PLAT_CORES_PER_CLUSTER) << MPIDR_AFF2_SHIFT |
	       (uint64_t)(pos % PLAT_CORES_PER_CLUSTER) << MPIDR_AFF1_SHIFT;
}

/* CNTFID0 of the system counter: the frequency its firmware programmed. */
uint32_t plat_get_syscnt_freq(void)
{
	return mmio_read_32(PLAT_CNTCONTROL_BASE + 0x20);
}

/*
 * SMCCC_ARCH_SOC_ID: Arm is the SiP (JEP-106 bank 5, i.e. 4 continuation
 * codes, identification code 0x3B), and the SoC's System Security Control
 * block says which SoC and which revision: SSC_VERSION's part number
 * (bits 11:0) and its major and minor revisions (bits 27:24, 23:20), as
 * Arm's CSS platforms give them (N1SDP TRM, SSC registers).
 */
int plat_soc_id(struct plat_soc_id *id)
{
	uint32_t ssc = mmio_read_32(PLAT_SSC_VERSION);

	id->version = PLAT_SOC_JEP106(4, 0x3B) | (ssc & 0xFFFU);
	id->revision = (ssc >> 20) & 0xFFU;
	id->name = PLAT_TITLE;
	return 0;
}
