/*
 * libFuzzer harness for the SCP's SDS region as N1SDP's BL2 reads it
 * (drivers/arm/css/sds.c, plat/n1sdp/n1sdp_sds.c): any bytes as the
 * region, copied into a heap buffer of exactly their length (a read past
 * it trips AddressSanitizer), through to the NT_FW_CONFIG blob BL33 gets.
 * Promises checked, a broken one aborts: the blob is always a valid device
 * tree within its page; it has platform-info exactly when the parser said
 * 0, and then with values the board can have.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include <drivers/sds.h>
#include <n1sdp_css.h>
#include <platform_def.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t blob[PLAT_NT_FW_CONFIG_SIZE];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *region = malloc(size ? size : 1);
	struct n1sdp_platform_info info;
	int sds_rc, node;

	if (region == NULL)
		return 0;
	memcpy(region, data, size);
	if (n1sdp_write_nt_fw_config(region, size, blob, sizeof(blob), &info, &sds_rc) != 0)
		abort();
	free(region);
	if (fdt_check_header(blob) != 0 || fdt_totalsize(blob) > sizeof(blob))
		abort();
	node = fdt_path_offset(blob, "/platform-info");
	if ((sds_rc == 0) != (node >= 0))
		abort();
	/*
	 * Accepted values are ones an N1SDP can have, by the board's limits
	 * rather than the parser's rule: 2 GiB (DRAM1) to 64 GiB (DRAM1 and
	 * DRAM2) per chip, no other chip nor remote DDR on a single board,
	 * exactly one other board in multichip mode.
	 */
	if (sds_rc == 0 && (info.local_ddr_gb < 2 || info.local_ddr_gb > 64 ||
	                    (info.multichip ? info.remote_chips != 1 || info.remote_ddr_gb < 2 ||
	                                              info.remote_ddr_gb > 64
	                                    : info.remote_chips != 0 || info.remote_ddr_gb != 0)))
		abort();
	return 0;
}
