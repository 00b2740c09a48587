/* Test payload: loaded by BL2 at PLAT_BL33_BASE in non-secure DRAM. */
#include <common/bl_common.ld.h>
#include <platform_def.h>

#include "payload_def.h"

#define PAYLOAD_LIMIT	(PLAT_BL33_BASE + 0x200000)

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(payload_entry)

SECTIONS {
	. = PLAT_BL33_BASE;
	TEXT_SECTION(payload_entry.o)
	RODATA_SECTION()
	/* One stack per core, and the booting core's own. */
	RW_SECTIONS_STACKS(PAYLOAD_MAX_CORES + 1, PAYLOAD_STACK_SIZE)
	IMAGE_DISCARD
	IMAGE_BUDGET(PAYLOAD_LIMIT, "the test payload exceeds its memory budget")
}

__IMAGE_BASE__ = PLAT_BL33_BASE;
__IMAGE_END__ = __RW_END__;
__IMAGE_LIMIT__ = PAYLOAD_LIMIT;
