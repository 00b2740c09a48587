/*
 * N1SDP: topology, counter, memory maps.
 */
#include <stdint.h>

#include <arch/aarch64/arch.h>
#include <lib/mmio.h>
#include <drivers/sys_counter.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <lib/utils_def.h>
#include <n1sdp_css.h>

const struct mmap_region plat_device_regions[] = {
	{ PLAT_UART_BASE, 0x00100000, MT_DEVICE_RW }, /* UART0, CNTControl, the watchdog */
	{ PLAT_RUN_UART_BASE, 0x1000, MT_DEVICE_RW }, /* the IOFPGA's UART0 */
	{ PLAT_CNTCTL_BASE, PLAT_CNT_NS_BASE + 0x1000 - PLAT_CNTCTL_BASE, MT_DEVICE_RW },
	{ PLAT_GICD_BASE, 0x00200000, MT_DEVICE_RW }, /* GIC-600 */
	{ PLAT_MHU_BASE, 0x00500000, MT_DEVICE_RW },  /* MHU, SCMI memory */
};
const unsigned int plat_device_region_count = ARRAY_SIZE(plat_device_regions);

/*
 * The shared page (the SCP's SDS region, the trusted mailbox) is Device
 * memory in every image, as TF-A's ARM_MAP_SHARED_RAM: the SCP, which
 * writes the SDS region, is no coherent agent, so a cacheable mapping
 * could serve a line fetched (speculatively, even) before the SCP wrote
 * it; and BL1 reads the mailbox with its caches off, so BL31's writes must
 * reach memory, not stay in a cache. Every access to it is a single aligned
 * load or store (sds.c reads bytes; the mailbox is two 64-bit words).
 */
const struct mmap_region plat_bl1_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_DEVICE_RW },
};
const unsigned int plat_bl1_region_count = ARRAY_SIZE(plat_bl1_regions);
#define NS_NC (MT_NON_CACHEABLE | MT_RW | MT_NS)
/* BL2 reads the SCP's SDS region in the shared page. */
const struct mmap_region plat_bl2_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_DEVICE },
	/* Non-cacheable, as BL33's window: nothing of it left in BL2's caches. */
	{ PLAT_NT_FW_CONFIG_BASE, PLAT_NT_FW_CONFIG_SIZE, NS_NC },
#if N1SDP_DRAM_ECC
	/*
	 * The DRAM zeroed for ECC (n1sdp_bl2_setup.c), and the DMC-620s:
	 * DRAM1 around BL33's window (bl2/bl2_main.c maps it, non-cacheable
	 * too) and NT_FW_CONFIG, and the whole DRAM2 window (the zeroing
	 * stops at the DDR the SCP reported, as TF-A's port maps it).
	 */
	{ PLAT_DRAM1_BASE, PLAT_BL33_BASE - PLAT_DRAM1_BASE, NS_NC },
	{ PLAT_NT_FW_CONFIG_BASE + PLAT_NT_FW_CONFIG_SIZE,
	  PLAT_DRAM1_BASE + PLAT_DRAM1_SIZE - (PLAT_NT_FW_CONFIG_BASE + PLAT_NT_FW_CONFIG_SIZE),
	  NS_NC },
	{ PLAT_DRAM2_BASE, PLAT_DRAM2_SIZE, NS_NC },
	{ PLAT_DMC0_BASE, PLAT_DMC1_BASE + 0x10000 - PLAT_DMC0_BASE, MT_DEVICE_RW },
#endif
};
const unsigned int plat_bl2_region_count = ARRAY_SIZE(plat_bl2_regions);
const struct mmap_region plat_bl31_regions[] = {
	{ PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, MT_DEVICE_RW },
};
const unsigned int plat_bl31_region_count = ARRAY_SIZE(plat_bl31_regions);

/*
 * The system counter runs from the first image on (BL1 times trusted
 * boot with CNTPCT_EL0): enabled, at frequency entry 0, CNTFID0. The SCP
 * may have started it already; enabling it again changes nothing.
 */
void plat_early_setup(void)
{
	mmio_write_32(PLAT_CNTCONTROL_BASE + CNTCR, CNTCR_EN | CNTCR_FCREQ_0);
}

/*
 * BL31, cold boot: the memory-mapped timer frame 0 is the normal world's,
 * as on TF-A's Arm platforms: readable and writable through CNTACR0 (both
 * counts, the frequency, the offset, both timers), non-secure through
 * CNTNSAR, and CNTCTLBase.CNTFRQ says the frequency. On N1SDP the frame's
 * own CNTFRQ does not reflect CNTCTLBase.CNTFRQ as DDI 0487 says it
 * should (TF-A's arm_configure_sys_timer calls it out for Juno and N1SDP):
 * it is written too, or the normal world reads 0 there.
 */
void n1sdp_timer_frames_init(void)
{
	uint32_t freq = plat_get_syscnt_freq();

	mmio_write_32(PLAT_CNTCTL_BASE + CNTACR(PLAT_CNT_NS_FRAME), CNTACR_ALL);
	mmio_write_32(PLAT_CNTCTL_BASE + CNTNSAR, 1U << PLAT_CNT_NS_FRAME);
	mmio_write_32(PLAT_CNTCTL_BASE + CNTCTL_CNTFRQ, freq);
	mmio_write_32(PLAT_CNT_NS_BASE + CNTBASE_CNTFRQ, freq);
}

/* CNTFID0 of the system counter: the frequency the SCP programmed. */
uint32_t plat_get_syscnt_freq(void)
{
	return mmio_read_32(PLAT_CNTCONTROL_BASE + CNTFID0);
}

/*
 * SMCCC_ARCH_SOC_ID: Arm is the SiP (JEP-106 bank 5, i.e. 4 continuation
 * codes, identification code 0x3B), and the SoC's System Security Control
 * block says which SoC and which revision: its SSC_VERSION register (at
 * 0x40 in the block) holds the part number in bits 11:0 and the major and
 * minor revisions in bits 27:24 and 23:20 (the Arm CSS register, as TF-A's
 * css_def.h describes it); the revision here is major << 4 | minor.
 */
int plat_soc_id(struct plat_soc_id *id)
{
	uint32_t ssc = mmio_read_32(PLAT_SSC_VERSION);

	id->version = PLAT_SOC_JEP106(4, 0x3B) | (ssc & 0xFFFU);
	id->revision = (ssc >> 20) & 0xFFU;
	id->name = PLAT_TITLE;
	return 0;
}
