/*
 * N1SDP: what the SCP publishes in its SDS region for this board, the
 * NT_FW_CONFIG BL2 writes from it, and BL31's timer frames. (The Compute
 * Subsystem's power control is plat/arm/css's.)
 */
#ifndef N1SDP_CSS_H
#define N1SDP_CSS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <platform_def.h>

/*
 * The platform information the SCP publishes in SDS (SCP-firmware's
 * product/n1sdp: structure 8, version 1, 4 bytes): multichip mode, the
 * number of other chips, the DDR of this chip and of the others in GiB.
 */
#define N1SDP_SDS_PLATFORM_INFO_ID 0x01000008U
struct n1sdp_platform_info {
	bool multichip;
	uint8_t remote_chips;
	uint8_t local_ddr_gb;
	uint8_t remote_ddr_gb;
};

/*
 * A chip's DDR in GiB: at least the 2 GiB DRAM1 window (BL2 maps it whole),
 * at most DRAM1 and DRAM2 together (platform_def.h).
 */
#define N1SDP_DDR_MIN_GB ((unsigned int)(PLAT_DRAM1_SIZE >> 30))
#define N1SDP_DDR_MAX_GB ((unsigned int)((PLAT_DRAM1_SIZE + PLAT_DRAM2_SIZE) >> 30))

/*
 * Read it from the SDS region at @sds (@size bytes): 0, or an SDS_E_*
 * error (include/drivers/sds.h), SDS_E_CORRUPT also for values the board
 * cannot have: a mode byte other than 0/1; a chip's DDR outside
 * N1SDP_DDR_MIN_GB..N1SDP_DDR_MAX_GB; in single-chip mode, other chips or
 * their DDR; in multichip mode, other than one other chip (N1SDP pairs two
 * boards).
 */
int n1sdp_read_platform_info(const void *sds, size_t size, struct n1sdp_platform_info *info);

/*
 * BL33's NT_FW_CONFIG: a device tree whose root child "platform-info" has
 * the u32 properties multichip-mode (0 or 1), secondary-chip-count,
 * local-ddr-size and remote-ddr-size (GiB): the node TF-A's N1SDP port
 * fills from the same SDS structure and EDK2's N1SDP platform code reads
 * from the blob whose address it is given in x0. This firmware drives one
 * chip (its topology, GIC set-up and DRAM are the local chip's), so the
 * node says what BL33 may use: multichip-mode 0, no other chip, no remote
 * DDR, whatever the SCP reports (*@info keeps what it reported).
 *
 * Read the platform information from the SDS region at @sds (@sds_size
 * bytes) into *@info, its result (0 or SDS_E_*) into *@sds_rc, and write
 * the blob at @dtb (@dtb_size bytes): with the node when the SCP's
 * information is valid, without it otherwise (BL33 then finds no
 * platform-info and says so, rather than being given a guess). Pure.
 * Returns 0, or a negative libfdt error (-FDT_ERR_NOSPACE when @dtb_size is
 * too small), @dtb's content then undefined.
 */
int n1sdp_write_nt_fw_config(const void *sds, size_t sds_size, void *dtb, size_t dtb_size,
                             struct n1sdp_platform_info *info, int *sds_rc);

/*
 * BL31, cold boot: timer frame 0 set up for the normal world, CNTFRQ in
 * CNTCTLBase and in the frame itself (n1sdp_common.c says why).
 */
void n1sdp_timer_frames_init(void);

#endif
