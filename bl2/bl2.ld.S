/* BL2: loaded by BL1 into secure SRAM and run there at EL3. */
#include <platform_def.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(bl2_entrypoint)

SECTIONS {
	. = BL2_BASE;
	__TEXT_START__ = .;
	.text : {
		*bl2_entrypoint.o(.text*)
		*(.vectors)
		*(SORT_BY_ALIGNMENT(.text*))
		. = ALIGN(4096);
	}
	__TEXT_END__ = .;

	__RODATA_START__ = .;
	.rodata : {
		*(SORT_BY_ALIGNMENT(.rodata*))
		. = ALIGN(4096);
	}
	__RODATA_END__ = .;

	__RW_START__ = .;
	.data : {
		*(SORT_BY_ALIGNMENT(.data*))
		. = ALIGN(16);
	}
	__IMAGE_FILE_END__ = .;

	.bss (NOLOAD) : ALIGN(16) {
		__BSS_START__ = .;
		*(SORT_BY_ALIGNMENT(.bss*))
		*(COMMON)
		. = ALIGN(16);
		__BSS_END__ = .;
	}

	.stacks (NOLOAD) : ALIGN(16) {
		. += PLAT_STACK_SIZE;
		__STACK_TOP__ = .;
		. = ALIGN(4096);
	}
	__RW_END__ = .;

	/DISCARD/ : { *(.note*) *(.comment) *(.eh_frame*) }

	ASSERT(__RW_END__ <= BL2_LIMIT, "BL2 exceeds its memory budget")
}

__IMAGE_BASE__ = BL2_BASE;
__IMAGE_END__ = __RW_END__;
__IMAGE_LIMIT__ = BL2_LIMIT;
