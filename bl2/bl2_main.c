/*
 * BL2: loads BL31 and BL33 from the FIP into their regions and runs BL31,
 * passing it BL33's entry point and the DTB address (struct bl31_params).
 */
#include <arch/aarch64/arch_helpers.h>
#include <common/bl_common.h>
#include <common/console.h>
#include <common/debug.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

void bl2_main(void) __attribute__((noreturn));

struct cpu_data boot_cpu_data;
static struct bl31_params bl31_params;

static const struct mmap_region bl2_regions[] = {
	{ PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, MT_RO_DATA },
	{ BL31_BASE, BL31_LIMIT - BL31_BASE, MT_RW_DATA },
	{ PLAT_BL33_BASE, PLAT_BL33_LIMIT - PLAT_BL33_BASE, MT_RW_DATA | MT_NS },
};

static void load_or_halt(const struct fip_uuid *uuid, const char *name,
			 uintptr_t base, uintptr_t limit)
{
	if (bl_load_fip_image(PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, uuid, name, base,
			      limit) < 0) {
		ERROR("BL2: Failed to load %s: nothing was run from the FIP\n", name);
		console_flush();
		cpu_halt();
	}
}

void bl2_main(void)
{
	static const struct fip_uuid bl31_uuid = FIP_UUID_SOC_FW;
	static const struct fip_uuid bl33_uuid = FIP_UUID_NT_FW;

	plat_early_setup();
	console_init(PLAT_UART_BASE, PLAT_UART_CLK_HZ, PLAT_UART_BAUD);
	NOTICE("BL2: %s\n", build_version_string);
	NOTICE("BL2: %s\n", build_message);
	bl_setup_mmu(bl2_regions, sizeof(bl2_regions) / sizeof(bl2_regions[0]),
		     plat_bl2_regions, plat_bl2_region_count);

	plat_bl2_prepare_bl33();
	/* Both images are checked before either can run. */
	load_or_halt(&bl31_uuid, "BL31", BL31_BASE, BL31_LIMIT);
	load_or_halt(&bl33_uuid, "BL33", PLAT_BL33_BASE, PLAT_BL33_LIMIT);

	bl31_params = (struct bl31_params){
		.magic = BL31_PARAMS_MAGIC,
		.bl33_entry = PLAT_BL33_BASE,
		.bl33_arg0 = PLAT_DTB_BASE,
	};
	flush_dcache_range((uintptr_t)&bl31_params, sizeof(bl31_params));

	NOTICE("BL2: Booting BL31\n");
	console_flush();
	disable_mmu_el3_flush();
	((void (*)(struct bl31_params *))(uintptr_t)BL31_BASE)(&bl31_params);
	__builtin_unreachable();
}
