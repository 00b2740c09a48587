/*
 * N1SDP: the platform information the SCP publishes in SDS
 * (plat/n1sdp/include/n1sdp_css.h). Pure, host-tested against malformed
 * regions (tests/unit/test_n1sdp.c).
 */
#include <drivers/sds.h>
#include <n1sdp_css.h>

int n1sdp_read_platform_info(const void *sds, size_t size, struct n1sdp_platform_info *info)
{
	const uint8_t *p;
	uint32_t len;
	int rc = sds_find(sds, size, N1SDP_SDS_PLATFORM_INFO_ID, &p, &len);

	if (rc != 0)
		return rc;
	/* bool multichip_mode, uint8_t slave_count, local and remote DDR in GiB */
	if (len < 4U || p[0] > 1U || p[2] == 0U || (p[0] == 0U && p[1] != 0U) || p[1] > 1U)
		return SDS_E_CORRUPT;
	info->multichip = p[0] != 0U;
	info->remote_chips = p[1];
	info->local_ddr_gb = p[2];
	info->remote_ddr_gb = p[3];
	return 0;
}
