/* BL2: loaded by BL1 into secure SRAM and run there at EL3. */
#include <common/bl_common.ld.h>
#include <platform_def.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(bl2_entrypoint)

SECTIONS {
	. = BL2_BASE;
	/*
	 * TEXT_SECTION (bl_common.ld.h), but with the assembly helpers
	 * between the entry code and the 2 KiB-aligned vector table, in the
	 * space its alignment would otherwise leave empty (docs/perf/boot.rst,
	 * Memory); the assert below says if they outgrow it.
	 */
	__TEXT_START__ = .;
	.text : {
		*bl2_entrypoint.o(.text*)
		*(.text.asm.*)
		*(.vectors)
		*(SORT_BY_ALIGNMENT(.text*))
		. = ALIGN(4096);
	}
	__TEXT_END__ = .;
	ASSERT(early_vectors == __TEXT_START__ + 0x800,
	       "BL2: the assembly before the vector table no longer fits its first 2 KiB")
	RODATA_DATA_PACKED_SECTIONS
	BSS_STACKS_SECTIONS(1, BL_BOOT_STACK_SIZE)
	IMAGE_DISCARD
	IMAGE_BUDGET(BL2_LIMIT, "BL2 exceeds its memory budget")
}

__IMAGE_BASE__ = BL2_BASE;
__IMAGE_END__ = __RW_END__;
__IMAGE_LIMIT__ = BL2_LIMIT;
