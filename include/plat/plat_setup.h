/*
 * Porting interface: platform set-up hooks called by the images' generic
 * code, each once on the primary CPU at cold boot, MMU on unless stated.
 */
#ifndef PLAT_SETUP_H
#define PLAT_SETUP_H

#include <lib/mem_ranges.h>
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
 * plat_secondary_cold_boot (assembly, BL1's reset path, x0 = the core's
 * position, MMU and caches off, no stack): where a secondary core goes at
 * cold boot, the primary going on; it never returns (it waits for CPU_ON
 * in a hold pen, or has its power controller turn it off, or parks).
 * Mandatory.
 */
void plat_secondary_cold_boot(unsigned int pos) __attribute__((noreturn));

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
 * Each image, right after plat_early_setup, MMU off: register the
 * platform's consoles (include/drivers/console.h). Mandatory.
 */
void plat_console_init(void);

/*
 * The non-secure DRAM that exists, filled by plat_bl2_prepare_bl33(): BL2
 * copies BL33 only if it lies wholly inside, and hands it to BL31, whose
 * PSCI takes entry points only there (struct bl31_params). @source says
 * who described it, for messages ("the DRAM the DTB describes").
 * @pmf_ring_reserved: the platform kept the PMF call ring's window
 * (PLAT_PMF_RING_BASE) from the normal world in what it gave BL33 (QEMU:
 * a /reserved-memory node); a window outside @ranges needs no reservation.
 * BL2 starts with it false.
 */
struct plat_ns_dram {
	struct mem_ranges ranges;
	const char *source; /* "the DTB" or "the platform" */
	bool pmf_ring_reserved;
};

/*
 * BL2, before it loads BL31 and BL33: prepare the normal world's memory,
 * describe the firmware to BL33 (on QEMU: validate the DTB QEMU wrote,
 * honour MEM_PROTECT within the DRAM that exists, add PSCI to the DTB) and
 * fill @dram (never left empty: the platform's static description when
 * nothing better is known). Mandatory. Errors in what BL33 is given are
 * reported on the console; BL2 goes on.
 */
void plat_bl2_prepare_bl33(struct plat_ns_dram *dram);

/* BL31: platform state after the GIC and PSCI are set up. Mandatory. */
void plat_bl31_setup(void);

/*
 * BL31, cold boot, last, its boot messages flushed: switch to the console
 * its runtime messages go to, if it is not the boot console
 * (console_switch(); N1SDP: a UART of its own, so that they do not mix
 * with the OS's). Mandatory (may be empty).
 */
void plat_bl31_runtime_console(void);

/*
 * The SoC's identity, for SMCCC_ARCH_SOC_ID (Arm DEN0028 7.4), asked once
 * by BL31 at cold boot (MMU on, the platform's devices mapped).
 * @version: bit 31 zero; bits 30:24 the SiP's JEP-106 bank index (its
 * number of continuation codes), 23:16 its JEP-106 identification code,
 * 15:0 the SoC's ID (PLAT_SOC_JEP106 below builds the upper half);
 * @revision: bit 31 zero, the SoC's revision, as the SiP numbers them;
 * @name: NUL-terminated, at most 135 characters: SMCCC 1.5's SoC_ID_name.
 * Returns 0, or -1 for a platform with no identity to give
 * (SMCCC_ARCH_FEATURES then says SOC_ID is NOT_SUPPORTED).
 */
struct plat_soc_id {
	uint32_t version;
	uint32_t revision;
	const char *name;
};
#define PLAT_SOC_JEP106(bank, code)                                                                \
	(((uint32_t)(bank)&0x7FU) << 24 | ((uint32_t)(code)&0xFFU) << 16)
int plat_soc_id(struct plat_soc_id *id);

#endif
