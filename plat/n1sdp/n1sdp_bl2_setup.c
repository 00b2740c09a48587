/*
 * N1SDP, BL2: the DRAM is what the SCP says this chip has (its SDS
 * platform information: DRAM1, 2 GiB at 0x80000000 less the top 16 MiB
 * TZC-secured, then DRAM2 at 0x8080000000 for the rest), or the static map
 * when the SCP published nothing usable. BL33 gets the same information
 * as TF-A's port gives it: the NT_FW_CONFIG device tree's platform-info
 * node, at PLAT_NT_FW_CONFIG_BASE in x0 (UEFI brings its own description
 * of the rest, PSCI included).
 */
#include <common/debug.h>
#include <drivers/sds.h>
#include <n1sdp_css.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

void plat_bl2_prepare_bl33(struct plat_ns_dram *dram)
{
	struct n1sdp_platform_info info = { 0 };
	int rc;
	int dtb_rc = n1sdp_write_nt_fw_config((const void *)PLAT_SDS_BASE, PLAT_SDS_SIZE,
	                                      (void *)PLAT_NT_FW_CONFIG_BASE,
	                                      PLAT_NT_FW_CONFIG_SIZE, &info, &rc);

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
	NOTICE("N1SDP: %u GiB of DDR, %s (%u other chip(s), %u GiB)\n", info.local_ddr_gb,
	       info.multichip ? "multichip" : "single chip", info.remote_chips, info.remote_ddr_gb);
	/* Within N1SDP_DDR_MIN_GB..N1SDP_DDR_MAX_GB: the rest fits DRAM2. */
	if (info.local_ddr_gb > N1SDP_DDR_MIN_GB)
		(void)mem_ranges_add(&dram->ranges, PLAT_DRAM2_BASE,
		                     (uint64_t)(info.local_ddr_gb - N1SDP_DDR_MIN_GB) << 30);
	dram->source = "the SCP's platform information";
}
