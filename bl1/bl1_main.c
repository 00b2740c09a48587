/*
 * BL1, the boot ROM: brings up the console, maps itself, validates the FIP
 * in flash and runs BL2 from it at EL3.
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/bl_common.h>
#include <drivers/console.h>
#include <common/debug.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <platform_def.h>
#include <lib/utils_def.h>

void bl1_main(void) __attribute__((noreturn));

/* The one cpu_data BL1 uses: the primary's, for the crash path. */
struct cpu_data boot_cpu_data;

static const struct mmap_region bl1_regions[] = {
	{ PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, MT_RO_DATA },
	{ BL2_BASE, BL2_LIMIT - BL2_BASE, MT_RW_DATA },
};

void bl1_main(void)
{
	plat_early_setup();
	plat_console_init();
	NOTICE("BL1: %s\n", build_version_string);
	NOTICE("BL1: %s\n", build_message);

	bl_program_cntfrq();
	bl_setup_mmu(bl1_regions, ARRAY_SIZE(bl1_regions), plat_bl1_regions, plat_bl1_region_count);
	plat_bl1_setup();

	static const struct fip_uuid bl2_uuid = FIP_UUID_TB_FW;

	if (bl_load_fip_image(PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, &bl2_uuid, "BL2", BL2_BASE,
	                      BL2_LIMIT) < 0) {
		ERROR("BL1: Failed to load BL2: nothing was run from the FIP\n");
		console_flush();
		cpu_halt();
	}

	NOTICE("BL1: Booting BL2\n");
	console_flush();
	disable_mmu_el3_flush();
	((void (*)(void))(uintptr_t)BL2_BASE)();
	__builtin_unreachable();
}
