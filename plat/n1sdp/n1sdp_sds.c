/*
 * N1SDP: the platform information the SCP publishes in SDS, and the
 * NT_FW_CONFIG device tree that hands it to BL33
 * (plat/n1sdp/include/n1sdp_css.h). Pure, host-tested against malformed
 * regions (plat/n1sdp/tests/test_n1sdp.c).
 */
#include <libfdt.h>

#include <drivers/sds.h>
#include <n1sdp_css.h>

static bool ddr_ok(uint8_t gb)
{
	return gb >= N1SDP_DDR_MIN_GB && gb <= N1SDP_DDR_MAX_GB;
}

int n1sdp_read_platform_info(const void *sds, size_t size, struct n1sdp_platform_info *info)
{
	const uint8_t *p;
	uint32_t len;
	int rc = sds_find(sds, size, N1SDP_SDS_PLATFORM_INFO_ID, &p, &len);

	if (rc != 0)
		return rc;
	/* bool multichip_mode, uint8_t slave_count, local and remote DDR in GiB */
	if (len < 4U || p[0] > 1U || !ddr_ok(p[2]))
		return SDS_E_CORRUPT;
	if (p[0] == 0U ? p[1] != 0U || p[3] != 0U : p[1] != 1U || !ddr_ok(p[3]))
		return SDS_E_CORRUPT;
	info->multichip = p[0] != 0U;
	info->remote_chips = p[1];
	info->local_ddr_gb = p[2];
	info->remote_ddr_gb = p[3];
	return 0;
}

int n1sdp_write_nt_fw_config(const void *sds, size_t sds_size, void *dtb, size_t dtb_size,
                             struct n1sdp_platform_info *info, int *sds_rc)
{
	int rc;

	*sds_rc = n1sdp_read_platform_info(sds, sds_size, info);
	if (dtb_size > (size_t)INT32_MAX)
		return -FDT_ERR_BADVALUE;
	/* libfdt's sequential writer: header, no reservation, the nodes, strings. */
	rc = fdt_create(dtb, (int)dtb_size);
	if (rc == 0)
		rc = fdt_finish_reservemap(dtb);
	if (rc == 0)
		rc = fdt_begin_node(dtb, "");
	if (rc == 0 && *sds_rc == 0) {
		/* One chip, never a claim of the other's cores and DDR (n1sdp_css.h). */
		rc = fdt_begin_node(dtb, "platform-info");
		if (rc == 0)
			rc = fdt_property_u32(dtb, "multichip-mode", 0);
		if (rc == 0)
			rc = fdt_property_u32(dtb, "secondary-chip-count", 0);
		if (rc == 0)
			rc = fdt_property_u32(dtb, "local-ddr-size", info->local_ddr_gb);
		if (rc == 0)
			rc = fdt_property_u32(dtb, "remote-ddr-size", 0);
		if (rc == 0)
			rc = fdt_end_node(dtb);
	}
	if (rc == 0)
		rc = fdt_end_node(dtb);
	if (rc == 0)
		rc = fdt_finish(dtb);
	return rc;
}
