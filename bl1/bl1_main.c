/*
 * BL1, the boot ROM: brings up the console, maps itself, validates the FIP
 * in flash, loads BL2 from it and, with trusted board boot, authenticates
 * it against the ROTPK (the Trusted Boot FW certificate, then BL2's hash),
 * then runs it at EL3.
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/bl_auth.h>
#include <common/bl_common.h>
#include <drivers/console.h>
#include <common/debug.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <lib/utils_def.h>

void bl1_main(void) __attribute__((noreturn));

/* The one cpu_data BL1 uses: the primary's, for the crash path. */
struct cpu_data boot_cpu_data;

static const struct mmap_region bl1_regions[] = {
	{ PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, MT_RO_DATA },
	{ BL2_BASE, BL2_LIMIT - BL2_BASE, MT_RW_DATA },
};

static void __attribute__((noreturn)) stop_boot(void)
{
	ERROR("BL1: Failed to load BL2: nothing was run from the FIP\n");
	console_flush();
	cpu_halt();
}

void bl1_main(void)
{
	const void *bl2;
	long bl2_size;

	bl_stack_paint();
	plat_early_setup();
	plat_console_init();
	NOTICE("BL1: %s\n", build_version_string);
	NOTICE("BL1: %s\n", build_message);
	if (!TRUSTED_BOARD_BOOT)
		NOTICE("BL1: Trusted board boot is off (TRUSTED_BOARD_BOOT=0): BL2 runs unauthenticated\n");

	bl_program_cntfrq();
	bl_setup_mmu(bl1_regions, ARRAY_SIZE(bl1_regions), plat_bl1_regions, plat_bl1_region_count);
	plat_bl1_setup();

	static const struct fip_uuid bl2_uuid = FIP_UUID_TB_FW;

	bl_auth_init("BL1");
	if (bl_auth_cert(AUTH_IMG_TB_FW_CERT, PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE) != AUTH_OK)
		stop_boot();
	bl2_size = bl_find_fip_image(PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, &bl2_uuid, "BL2", BL2_BASE,
	                             BL2_LIMIT, &bl2);
	if (bl2_size < 0 ||
	    bl_auth_load_image(AUTH_IMG_BL2, "BL2", BL2_BASE, bl2, (size_t)bl2_size) != AUTH_OK)
		stop_boot();
	if (TRUSTED_BOARD_BOOT)
		NOTICE("BL1: BL2 authenticated in %llu us\n",
		       (unsigned long long)(bl_auth_ticks() * 1000000U / plat_get_syscnt_freq()));

	/* The decision again, from the context's own record (fault injection). */
	if (!bl_auth_passed(AUTH_IMG_BL2))
		stop_boot();
	INFO("BL1: stack: %zu of %zu bytes used\n", bl_stack_used(), bl_stack_size());
	NOTICE("BL1: Booting BL2\n");
	console_flush();
	/* BL2 is cleaned to the PoC (bl_auth_load_image); nothing else of ours reaches it. */
	disable_mmu_el3();
	((void (*)(void))(uintptr_t)BL2_BASE)();
	__builtin_unreachable();
}
