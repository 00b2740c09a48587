/* BL31: the EL3 runtime, loaded by BL2 into secure SRAM. */
#include <platform_def.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(bl31_entrypoint)

SECTIONS {
	. = BL31_BASE;
	__TEXT_START__ = .;
	.text : {
		*bl31_entrypoint.o(.text*)
		*(.vectors)
		*(SORT_BY_ALIGNMENT(.text*))
		. = ALIGN(4096);
	}
	__TEXT_END__ = .;

	__RODATA_START__ = .;
	.rodata : {
		*(SORT_BY_ALIGNMENT(.rodata*))
		. = ALIGN(8);
		__start_rt_svc_descs = .;
		KEEP(*(rt_svc_descs))
		__stop_rt_svc_descs = .;
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
		__STACKS_END__ = .;
		. = ALIGN(4096);
	}
	__RW_END__ = .;

	/DISCARD/ : { *(.note*) *(.comment) *(.eh_frame*) }

	ASSERT(__RW_END__ <= BL31_LIMIT, "BL31 exceeds its memory budget")
	ASSERT(__stop_rt_svc_descs > __start_rt_svc_descs, "BL31 has no runtime service")
}

__IMAGE_BASE__ = BL31_BASE;
__IMAGE_END__ = __RW_END__;
__IMAGE_LIMIT__ = BL31_LIMIT;
