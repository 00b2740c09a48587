/*
 * N1SDP, BL2: the DRAM is what the SCP says this chip has (its SDS
 * platform information: DRAM1, 2 GiB at 0x80000000 less the top 16 MiB
 * kept from the normal world, then DRAM2 at 0x8080000000 for the rest), or
 * the static map when the SCP published nothing usable. With
 * N1SDP_DRAM_ECC (the board's default), all of it is zeroed and the
 * DMC-620s check ECC from then on. BL33 gets the same information as TF-A's
 * port gives it: the NT_FW_CONFIG device tree's platform-info node, at
 * PLAT_NT_FW_CONFIG_BASE in x0 (UEFI brings its own description of the
 * rest, PSCI included).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <drivers/dmc620.h>
#include <drivers/sds.h>
#include <n1sdp_css.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>

/*
 * DRAM ECC, as TF-A's N1SDP BL2 sets it up (dmc_ecc_setup): the board's
 * RDIMMs carry ECC, which the DMC-620s check only once told to, and which
 * only memory written since the controllers came up holds. So every byte of
 * the chip's DDR is written first, zeroed: DRAM1 whole (its kept top too)
 * and the DRAM2 the SCP reported; then each controller checks ECC
 * (drivers/arm/dmc620). It runs before anything is loaded into DRAM, with
 * DC ZVA through Normal non-cacheable mappings (plat_bl2_regions: nothing
 * is left in a cache to write back over it). Its cost grows with the DDR:
 * one DC ZVA (4 instructions, 64 bytes) per block, 2 to 64 GiB; BL2 says
 * how much it zeroed and how long it took, and make bench measures the
 * loop's instructions per MiB (docs/plat/n1sdp.rst).
 */
static void dram_ecc_enable(unsigned int ddr_gb)
{
	static const uintptr_t dmc[] = { PLAT_DMC0_BASE, PLAT_DMC1_BASE };
	uint64_t dram2 = ((uint64_t)ddr_gb << 30) - PLAT_DRAM1_SIZE;
	uint64_t start = read_cntpct_el0();
	uint64_t us;

	zero_normal_mem(PLAT_DRAM1_BASE, PLAT_DRAM1_SIZE);
	if (dram2 != 0U)
		zero_normal_mem(PLAT_DRAM2_BASE, dram2);
	us = (read_cntpct_el0() - start) * 1000000U / plat_get_syscnt_freq();
	for (unsigned int i = 0; i < 2; i++) {
		if (dmc620_ecc_enable(dmc[i]) != 0) {
			ERROR("N1SDP: DMC-620 %u (0x%lx) did not change state to enable ECC: DRAM "
			      "unusable\n",
			      i, (unsigned long)dmc[i]);
			panic();
		}
	}
	NOTICE("N1SDP: DRAM ECC on: %u GiB zeroed (%llu bytes) in %llu us\n", ddr_gb,
	       (unsigned long long)((uint64_t)ddr_gb << 30), (unsigned long long)us);
}

void plat_bl2_prepare_bl33(struct plat_ns_dram *dram)
{
	struct n1sdp_platform_info info = { 0 };
	int rc = n1sdp_read_platform_info((const void *)PLAT_SDS_BASE, PLAT_SDS_SIZE, &info);
	int dtb_rc;

	if (N1SDP_DRAM_ECC) {
		/* Zeroing needs to know how much DDR there is: not a guess. */
		if (rc == 0)
			dram_ecc_enable(info.local_ddr_gb);
		else
			WARN("N1SDP: DRAM ECC left off: the SCP did not say how much DDR there is\n");
	}
	/* After the zeroing, which would wipe it. */
	dtb_rc = n1sdp_write_nt_fw_config((const void *)PLAT_SDS_BASE, PLAT_SDS_SIZE,
	                                  (void *)PLAT_NT_FW_CONFIG_BASE, PLAT_NT_FW_CONFIG_SIZE,
	                                  &info, &rc);
	/* A few hundred bytes in a page: only a broken build gets here. */
	if (dtb_rc != 0) {
		ERROR("N1SDP: cannot write NT_FW_CONFIG (libfdt error %d)\n", dtb_rc);
		panic();
	}
	mem_ranges_init(&dram->ranges);
	(void)mem_ranges_add(&dram->ranges, PLAT_NS_DRAM_BASE, PLAT_NS_DRAM_SIZE);
	dram->source = "the platform";
	if (rc != 0) {
		WARN("N1SDP: no platform information from the SCP (SDS error %d): "
		     "assuming 2 GiB of DRAM; BL33 gets no platform-info\n",
		     rc);
		return;
	}
	NOTICE("N1SDP: %u GiB of DDR\n", info.local_ddr_gb);
	/* Refused, not claimed: no GIC-600 multichip routing, no remote cores or DDR here. */
	if (info.multichip)
		WARN("N1SDP: the SCP reports multichip mode (%u other chip(s), %u GiB): this "
		     "firmware drives one chip, and BL33 is told so; the other board's cores and DDR "
		     "stay unused\n",
		     info.remote_chips, info.remote_ddr_gb);
	/* Within N1SDP_DDR_MIN_GB..N1SDP_DDR_MAX_GB: the rest fits DRAM2. */
	if (info.local_ddr_gb > N1SDP_DDR_MIN_GB)
		(void)mem_ranges_add(&dram->ranges, PLAT_DRAM2_BASE,
		                     (uint64_t)(info.local_ddr_gb - N1SDP_DDR_MIN_GB) << 30);
	dram->source = "the SCP's platform information";
}
