/*
 * Releasing side of the hold pen (protocol in plat/common/include/hold_pen.h).
 */
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/mmio.h>
#include <hold_pen.h>
#include <platform_def.h>

_Static_assert(PLATFORM_CORE_COUNT *HOLD_PEN_SLOT_SIZE <= PLAT_SHARED_RAM_SIZE,
               "hold pen slots must fit in the shared RAM page");
_Static_assert(HOLD_PEN_SLOT_SIZE >= CACHE_WRITEBACK_GRANULE,
               "each slot needs a cache line of its own");

static uintptr_t slot(unsigned int pos)
{
	return PLAT_SHARED_RAM_BASE + (uintptr_t)pos * HOLD_PEN_SLOT_SIZE;
}

void hold_pen_release(unsigned int pos, uintptr_t entry)
{
	mmio_write_64(slot(pos) + HOLD_PEN_ENTRY, entry);
	/* The entry must reach memory no later than GO does. */
	clean_dcache_range(slot(pos), HOLD_PEN_SLOT_SIZE);
	mmio_write_64(slot(pos) + HOLD_PEN_STATE, HOLD_PEN_GO);
	flush_dcache_range(slot(pos), HOLD_PEN_SLOT_SIZE);
	sev();
}

void hold_pen_init(void)
{
	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++) {
		mmio_write_64(slot(pos) + HOLD_PEN_STATE, HOLD_PEN_WAIT);
		mmio_write_64(slot(pos) + HOLD_PEN_ENTRY, 0);
	}
	flush_dcache_range(PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE);
}
