/*
 * BL2: lets the platform prepare the normal world (on QEMU: the DTB and
 * the DRAM it describes), checks BL31 and BL33 against their regions and
 * BL33 against that DRAM, loads both from the FIP and, with trusted board
 * boot, authenticates them (the Trusted key certificate, then the key and
 * content certificates of each, then each image where it was loaded), and
 * runs BL31, passing it BL33's entry point, the DTB address, the
 * non-secure DRAM and whether the PMF call ring's window is kept from it
 * (struct bl31_params).
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/bl_auth.h>
#include <common/bl_common.h>
#include <drivers/console.h>
#include <common/debug.h>
#include <lib/mem_ranges.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>
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
	/*
	 * Non-cacheable: BL33 clears its .bss with its MMU off, so a line that
	 * BL2 left in the cache (a speculative fill, say) would be stale once
	 * BL33 turns its MMU on; this way BL2 leaves none.
	 */
	{ PLAT_BL33_BASE, PLAT_BL33_LIMIT - PLAT_BL33_BASE, MT_NON_CACHEABLE | MT_RW | MT_NS },
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

/*
 * Whether the PMF call ring's window is kept from the normal world: the
 * platform reserved it in what it gave BL33, or none of the DRAM BL33 may
 * use holds it. Otherwise it is the normal world's memory and BL31 leaves
 * it alone (struct bl31_params).
 */
static bool pmf_ring_kept(const struct plat_ns_dram *dram)
{
	struct mem_range shared;

	if (!ENABLE_RUNTIME_INSTRUMENTATION || !PMF_RING)
		return false;
	if (dram->pmf_ring_reserved)
		return true;
	for (unsigned int i = 0; i < dram->ranges.count; i++) {
		if (mem_ranges_intersect(&dram->ranges, i, PLAT_PMF_RING_BASE, PMF_RING_SIZE,
		                         &shared))
			return false;
	}
	return true;
}

/* The certificates BL2 checks, parents first (include/lib/auth/auth_cot.h). */
static const enum auth_image_id bl2_certs[] = {
	AUTH_IMG_TRUSTED_KEY_CERT, AUTH_IMG_SOC_FW_KEY_CERT, AUTH_IMG_SOC_FW_CERT,
	AUTH_IMG_NT_FW_KEY_CERT,   AUTH_IMG_NT_FW_CERT,
};

/* Copy an image to where it runs, authenticating the copy as it is written. */
static void load_and_authenticate(enum auth_image_id id, const char *name, uintptr_t base,
                                  const void *data, size_t size)
{
	if (bl_auth_load_image(id, name, base, data, size) != AUTH_OK)
		halt_not_loaded(name);
}

void bl2_main(void)
{
	static const struct fip_uuid bl31_uuid = FIP_UUID_SOC_FW;
	static const struct fip_uuid bl33_uuid = FIP_UUID_NT_FW;
	struct plat_ns_dram dram = { 0 };
	const void *bl31, *bl33;
	size_t bl31_size, bl33_size;
	uint64_t start;

	bl_stack_paint();
	plat_early_setup();
	plat_console_init();
	NOTICE("BL2: %s\n", build_version_string);
	NOTICE("BL2: %s\n", build_message);
	if (!TRUSTED_BOARD_BOOT)
		NOTICE("BL2: Trusted board boot is off (TRUSTED_BOARD_BOOT=0): BL31 and BL33 run unauthenticated\n");
	bl_setup_mmu(bl2_regions, ARRAY_SIZE(bl2_regions), plat_bl2_regions, plat_bl2_region_count);

	/* Its cost grows with the DTB; INFO shows it (counter ticks to us). */
	start = read_cntpct_el0();
	plat_bl2_prepare_bl33(&dram);
	INFO("BL2: preparing BL33's DTB and memory took %llu us\n",
	     (unsigned long long)((read_cntpct_el0() - start) * 1000000U / plat_get_syscnt_freq()));
	bl_auth_init("BL2");
	for (unsigned int i = 0; i < ARRAY_SIZE(bl2_certs); i++) {
		if (bl_auth_cert(bl2_certs[i], PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE) != AUTH_OK)
			halt_not_loaded(auth_cot_image(bl2_certs[i])->name);
	}
	/* Both images are found and checked before either is copied. */
	bl31_size = find_or_halt(&bl31_uuid, "BL31", BL31_BASE, BL31_LIMIT, &bl31);
	bl33_size = find_or_halt(&bl33_uuid, "BL33", PLAT_BL33_BASE, PLAT_BL33_LIMIT, &bl33);
	check_dram_or_halt("BL33", PLAT_BL33_BASE, bl33_size, &dram);
	load_and_authenticate(AUTH_IMG_BL31, "BL31", BL31_BASE, bl31, bl31_size);
	load_and_authenticate(AUTH_IMG_BL33, "BL33", PLAT_BL33_BASE, bl33, bl33_size);
	if (TRUSTED_BOARD_BOOT)
		NOTICE("BL2: BL31 and BL33 authenticated in %llu us\n",
		       (unsigned long long)(bl_auth_ticks() * 1000000U / plat_get_syscnt_freq()));

	bl31_params = (struct bl31_params){
		.magic = BL31_PARAMS_MAGIC,
		.bl33_entry = PLAT_BL33_BASE,
		.bl33_arg0 = PLAT_DTB_BASE,
		.pmf_ring_kept = pmf_ring_kept(&dram),
		.ns_dram = dram.ranges,
	};
	flush_dcache_range((uintptr_t)&bl31_params, sizeof(bl31_params));

	/* The decisions again, from the context's own record (fault injection). */
	if (!bl_auth_passed(AUTH_IMG_BL31))
		halt_not_loaded("BL31");
	if (!bl_auth_passed(AUTH_IMG_BL33))
		halt_not_loaded("BL33");
	INFO("BL2: stack: %zu of %zu bytes used\n", bl_stack_used(), bl_stack_size());
	NOTICE("BL2: Booting BL31\n");
	console_flush();
	/*
	 * BL31, BL33, the DTB and bl31_params are cleaned to the PoC; BL33's
	 * window is mapped non-cacheable, so no line of it is left behind.
	 */
	disable_mmu_el3();
	((void (*)(struct bl31_params *))(uintptr_t)BL31_BASE)(&bl31_params);
	__builtin_unreachable();
}
