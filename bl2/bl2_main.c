/*
 * BL2: lets the platform prepare the normal world (on QEMU: the DTB and
 * the DRAM it describes), checks BL31 and BL33 against their regions and
 * BL33 against that DRAM, loads both from the FIP and runs BL31, passing
 * it BL33's entry point and the DTB address (struct bl31_params).
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/bl_common.h>
#include <drivers/console.h>
#include <common/debug.h>
#include <common/mem_ranges.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <lib/utils_def.h>

void bl2_main(void) __attribute__((noreturn));

struct cpu_data boot_cpu_data;
static struct bl31_params bl31_params;

static const struct mmap_region bl2_regions[] = {
	{ PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, MT_RO_DATA },
	{ BL31_BASE, BL31_LIMIT - BL31_BASE, MT_RW_DATA },
	{ PLAT_BL33_BASE, PLAT_BL33_LIMIT - PLAT_BL33_BASE, MT_RW_DATA | MT_NS },
};

static void __attribute__((noreturn)) halt_not_loaded(const char *name)
{
	ERROR("BL2: Failed to load %s: nothing was run from the FIP\n", name);
	console_flush();
	cpu_halt();
}

/* Find the image in the FIP and check it fits its region; no copy yet. */
static size_t find_or_halt(const struct fip_uuid *uuid, const char *name, uintptr_t base,
                           uintptr_t limit, const void **data)
{
	long size = bl_find_fip_image(PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, uuid, name, base, limit,
	                              data);

	if (size < 0)
		halt_not_loaded(name);
	return (size_t)size;
}

/*
 * An image for the normal world must also lie in DRAM that exists: the
 * region is the platform's build-time choice, the DRAM is what this
 * machine has (QEMU's -m). Copying past it would take an external abort.
 */
static void check_dram_or_halt(const char *name, uintptr_t base, size_t size,
                               const struct plat_ns_dram *dram)
{
	char list[128];
	size_t used = 0;

	if (mem_ranges_contain(&dram->ranges, base, size))
		return;
	list[0] = '\0';
	for (unsigned int i = 0; i < dram->ranges.count && used < sizeof(list); i++) {
		const struct mem_range *r = &dram->ranges.range[i];
		int n = snprintf(list + used, sizeof(list) - used, "%s0x%llx-0x%llx",
		                 i == 0U ? "" : ", ", (unsigned long long)r->base,
		                 (unsigned long long)(r->base + (r->size - 1U)));

		used += n > 0 ? (size_t)n : 0U;
	}
	ERROR("BL2: %s (%zu bytes at 0x%lx) does not fit the DRAM %s describes (%s)\n", name, size,
	      (unsigned long)base, dram->source, list);
	halt_not_loaded(name);
}

void bl2_main(void)
{
	static const struct fip_uuid bl31_uuid = FIP_UUID_SOC_FW;
	static const struct fip_uuid bl33_uuid = FIP_UUID_NT_FW;
	struct plat_ns_dram dram;
	const void *bl31, *bl33;
	size_t bl31_size, bl33_size;
	uint64_t start;

	plat_early_setup();
	plat_console_init();
	NOTICE("BL2: %s\n", build_version_string);
	NOTICE("BL2: %s\n", build_message);
	bl_setup_mmu(bl2_regions, ARRAY_SIZE(bl2_regions), plat_bl2_regions, plat_bl2_region_count);

	/* Its cost grows with the DTB; INFO shows it (counter ticks to us). */
	start = read_cntpct_el0();
	plat_bl2_prepare_bl33(&dram);
	INFO("BL2: preparing BL33's DTB and memory took %llu us\n",
	     (unsigned long long)((read_cntpct_el0() - start) * 1000000U / plat_get_syscnt_freq()));
	/* Both images are found and checked before either is copied. */
	bl31_size = find_or_halt(&bl31_uuid, "BL31", BL31_BASE, BL31_LIMIT, &bl31);
	bl33_size = find_or_halt(&bl33_uuid, "BL33", PLAT_BL33_BASE, PLAT_BL33_LIMIT, &bl33);
	check_dram_or_halt("BL33", PLAT_BL33_BASE, bl33_size, &dram);
	bl_copy_image("BL31", BL31_BASE, bl31, bl31_size);
	bl_copy_image("BL33", PLAT_BL33_BASE, bl33, bl33_size);

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
