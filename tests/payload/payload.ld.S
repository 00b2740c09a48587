/* Test payload: loaded by BL2 at PLAT_BL33_BASE in non-secure DRAM. */
#include <platform_def.h>

#define PAYLOAD_LIMIT	(PLAT_BL33_BASE + 0x200000)

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(payload_entry)

SECTIONS {
	. = PLAT_BL33_BASE;
	__TEXT_START__ = .;
	.text : {
		*payload_entry.o(.text*)
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
	.bss (NOLOAD) : ALIGN(64) {
		__BSS_START__ = .;
		*(SORT_BY_ALIGNMENT(.bss*))
		*(COMMON)
		. = ALIGN(16);
		__BSS_END__ = .;
	}
	.stacks (NOLOAD) : ALIGN(64) {
		__STACKS_START__ = .;
		. += PLAT_STACK_SIZE * PLATFORM_CORE_COUNT;
		. = ALIGN(4096);
	}
	__RW_END__ = .;

	/DISCARD/ : { *(.note*) *(.comment) *(.eh_frame*) }
	ASSERT(__RW_END__ <= PAYLOAD_LIMIT, "the test payload exceeds its memory budget")
}

__IMAGE_BASE__ = PLAT_BL33_BASE;
__IMAGE_END__ = __RW_END__;
__IMAGE_LIMIT__ = PAYLOAD_LIMIT;
