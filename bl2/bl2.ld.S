/* BL2: loaded by BL1 into secure SRAM and run there at EL3. */
#include <common/bl_common.ld.h>
#include <platform_def.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(bl2_entrypoint)

SECTIONS {
	. = BL2_BASE;
	TEXT_SECTION(bl2_entrypoint.o)
	RODATA_DATA_PACKED_SECTIONS
	BSS_STACKS_SECTIONS(1, BL_BOOT_STACK_SIZE)
	IMAGE_DISCARD
	IMAGE_BUDGET(BL2_LIMIT, "BL2 exceeds its memory budget")
}

__IMAGE_BASE__ = BL2_BASE;
__IMAGE_END__ = __RW_END__;
__IMAGE_LIMIT__ = BL2_LIMIT;
