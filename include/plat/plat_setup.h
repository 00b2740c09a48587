/*
 * Porting interface: platform set-up hooks called by the images' generic
 * code, each once on the primary CPU at cold boot, MMU on unless stated.
 */
#ifndef PLAT_SETUP_H
#define PLAT_SETUP_H

#include <lib/xlat.h>

/*
 * Device regions every image maps (console UART at least, plus what the
 * image's platform code touches: GIC, power controller, ...). Mandatory.
 */
extern const struct mmap_region plat_device_regions[];
extern const unsigned int plat_device_region_count;

/*
 * Memory each image's platform code uses besides the image itself, the
 * images it loads and the devices (QEMU: the hold pen, the DTB; N1SDP: the
 * trusted mailbox). Mandatory (may be empty: count 0).
 */
extern const struct mmap_region plat_bl1_regions[];
extern const unsigned int plat_bl1_region_count;
extern const struct mmap_region plat_bl2_regions[];
extern const unsigned int plat_bl2_region_count;
extern const struct mmap_region plat_bl31_regions[];
extern const unsigned int plat_bl31_region_count;

/* BL1, primary, cold boot, MMU on: before BL2 is loaded. Mandatory. */
void plat_bl1_setup(void);

/*
 * plat_get_my_entrypoint (assembly-callable, BL1 reset path, MMU off, no
 * stack; clobbers x0-x2): the warm-boot entry point a core reset by its
 * power controller must branch to, or 0 for a cold boot. Mandatory.
 */
uintptr_t plat_get_my_entrypoint(void);

/*
 * First platform hook of each image, MMU off, before the console exists.
 * Mandatory (may be empty).
 */
void plat_early_setup(void);

/*
 * BL2, before it loads BL31 and BL33: prepare the normal world's memory and
 * describe the firmware to BL33 (on QEMU: honour MEM_PROTECT, add PSCI to
 * the DTB QEMU wrote). Mandatory (may be empty). Errors
 * are reported on the console; BL33 is still started.
 */
void plat_bl2_prepare_bl33(void);

/* BL31: platform state after the GIC and PSCI are set up. Mandatory. */
void plat_bl31_setup(void);

#endif
