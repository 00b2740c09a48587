/*
 * What the boot images share (include/common/bl_common.h): the MMU set-up
 * from the image's own layout and the platform's regions, the checked
 * load of one image from the FIP, and CNTFRQ_EL0.
 */
#include <stdint.h>
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/bl_common.h>
#include <common/debug.h>
#include <lib/xlat.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <plat/plat_def.h>

/*
 * Level-2/3 tables per image: one level-2 table per GiB the map touches
 * below block granularity, one level-3 table per 2 MiB block with page-
 * granular edges. The platform sizes it for its memory map.
 */
#define XLAT_TABLES PLAT_XLAT_TABLES

uint64_t xlat_base_table[XLAT_BASE_ENTRIES] __attribute__((aligned(64)));
static uint64_t tables[XLAT_TABLES][XLAT_TABLE_ENTRIES]
	__attribute__((aligned(XLAT_PAGE_SIZE), section(".bss.xlat_tables")));

static struct xlat_ctx xlat_ctx = {
	.base_table = xlat_base_table,
	.tables = tables,
	.table_count = XLAT_TABLES,
};

static void add_region(struct mmap_region *map, unsigned int *n, struct mmap_region r)
{
	if (*n == BL_MAX_REGIONS)
		panic();
	map[(*n)++] = r;
}

/* Linker symbols are distinct objects to C: the size comes from addresses. */
static struct mmap_region span(const char *start, const char *end, unsigned int attr)
{
	return (struct mmap_region){ (uintptr_t)start, (uintptr_t)end - (uintptr_t)start, attr };
}

void bl_setup_mmu(const struct mmap_region *regions, unsigned int count,
                  const struct mmap_region *extra, unsigned int extra_count)
{
	struct mmap_region map[BL_MAX_REGIONS];
	unsigned int n = 0;

	add_region(map, &n, span(__TEXT_START__, __TEXT_END__, MT_CODE));
	add_region(map, &n, span(__RODATA_START__, __RODATA_END__, MT_RO_DATA));
	add_region(map, &n, span(__RW_START__, __RW_END__, MT_RW_DATA));
	for (unsigned int i = 0; i < plat_device_region_count; i++)
		add_region(map, &n, plat_device_regions[i]);
	for (unsigned int i = 0; i < count; i++)
		add_region(map, &n, regions[i]);
	for (unsigned int i = 0; i < extra_count; i++)
		add_region(map, &n, extra[i]);

	int rc = xlat_map_regions(&xlat_ctx, map, n);

	if (rc != XLAT_OK) {
		ERROR("Memory map rejected (%d)\n", rc);
		panic();
	}
	xlat_enable_mmu_el3(&xlat_ctx);
}

/* The FIP's ToC as this image validated it, once (bl_fip_toc()). */
static struct fip_toc fip_toc;
static uintptr_t fip_toc_base;
static size_t fip_toc_max;
static int fip_toc_rc = 1; /* not parsed yet */

const struct fip_toc *bl_fip_toc(uintptr_t fip_base, size_t max_size)
{
	if (fip_toc_rc > 0 || fip_base != fip_toc_base || max_size != fip_toc_max) {
		fip_toc_rc = fip_parse((const void *)fip_base, max_size, &fip_toc);
		fip_toc_base = fip_base;
		fip_toc_max = max_size;
	}
	if (fip_toc_rc != FIP_OK) {
		ERROR("FIP at 0x%lx is malformed: %s\n", (unsigned long)fip_base,
		      fip_strerror(fip_toc_rc));
		return NULL;
	}
	return &fip_toc;
}

long bl_find_fip_image(uintptr_t fip_base, size_t max_size, const struct fip_uuid *uuid,
                       const char *name, uintptr_t dest, uintptr_t limit, const void **data)
{
	const struct fip_toc *toc = bl_fip_toc(fip_base, max_size);
	size_t size;
	int rc;

	if (toc == NULL)
		return -1;
	rc = fip_find(toc, uuid, data, &size);
	if (rc != FIP_OK) {
		ERROR("FIP: %s: %s\n", name, fip_strerror(rc));
		return -1;
	}
	if (size == 0U) {
		ERROR("FIP: %s is empty\n", name);
		return -1;
	}
	if (size > limit - dest) {
		ERROR("FIP: %s is %zu bytes; its region 0x%lx-0x%lx holds %lu\n", name, size,
		      (unsigned long)dest, (unsigned long)limit, (unsigned long)(limit - dest));
		return -1;
	}
	return (long)size;
}

void bl_copy_image(const char *name, uintptr_t dest, const void *data, size_t size)
{
	INFO("Loading %s: %zu bytes to 0x%lx\n", name, size, (unsigned long)dest);
	memcpy((void *)dest, data, size);
	flush_dcache_range(dest, size);
}

#define STACK_PAINT 0x6b617473u /* "stak" */

void bl_stack_paint(void)
{
	/* Below this function's own frame, with room for what it calls. */
	uintptr_t limit = (uintptr_t)__builtin_frame_address(0) - 256U;

	for (volatile uint32_t *p = (uint32_t *)__STACKS_START__; (uintptr_t)p < limit; p++)
		*p = STACK_PAINT;
}

size_t bl_stack_used(void)
{
	const volatile uint32_t *p = (const uint32_t *)__STACKS_START__;

	while ((uintptr_t)p < (uintptr_t)__STACK_TOP__ && *p == STACK_PAINT)
		p++;
	return (size_t)((uintptr_t)__STACK_TOP__ - (uintptr_t)p);
}

size_t bl_stack_size(void)
{
	return (size_t)((uintptr_t)__STACK_TOP__ - (uintptr_t)__STACKS_START__);
}

void bl_program_cntfrq(void)
{
	uint32_t freq = plat_get_syscnt_freq();

	/* Every tick-to-time conversion divides by it (ARM DDI 0487 D11.1.2). */
	if (freq == 0U) {
		ERROR("The system counter reports a frequency of 0 Hz\n");
		panic();
	}
	write_cntfrq_el0(freq);
}
