/*
 * BL1: code and read-only data execute in place from the boot ROM; .data is
 * copied to and .bss zeroed in BL1's RW region of secure SRAM.
 */
#include <common/bl_common.ld.h>
#include <platform_def.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(bl1_entrypoint)

MEMORY {
	ROM (rx): ORIGIN = PLAT_BL1_RO_BASE, LENGTH = PLAT_BL1_RO_LIMIT - PLAT_BL1_RO_BASE
	RAM (rwx): ORIGIN = BL1_RW_BASE, LENGTH = BL1_RW_LIMIT - BL1_RW_BASE
}

SECTIONS {
	. = PLAT_BL1_RO_BASE;
	__TEXT_START__ = .;
	.text : {
		*bl1_entrypoint.o(.text*)
		*(.vectors)
		*(SORT_BY_ALIGNMENT(.text*))
		. = ALIGN(4096);
	} >ROM
	__TEXT_END__ = .;

	__RODATA_START__ = .;
	.rodata : {
		*(SORT_BY_ALIGNMENT(.rodata*))
		CPU_OPS_DESCS
		. = ALIGN(8);
	} >ROM

	.data : ALIGN(16) {
		__RW_START__ = .;
		__DATA_RAM_START__ = .;
		*(SORT_BY_ALIGNMENT(.data*))
		. = ALIGN(16);
		__DATA_RAM_END__ = .;
	} >RAM AT>ROM
	__RODATA_END__ = ALIGN(LOADADDR(.data) + SIZEOF(.data), 4096);
	__DATA_ROM_START__ = LOADADDR(.data);
	__BL1_ROM_END__ = LOADADDR(.data) + SIZEOF(.data);

	.bss (NOLOAD) : ALIGN(16) {
		__BSS_START__ = .;
		*(SORT_BY_ALIGNMENT(.bss*))
		*(COMMON)
		. = ALIGN(16);
		__BSS_END__ = .;
	} >RAM

	.stacks (NOLOAD) : ALIGN(16) {
		__STACKS_START__ = .;
		. += BL_BOOT_STACK_SIZE;
		__STACK_TOP__ = .;
		. = ALIGN(4096);
		__RW_END__ = .;
	} >RAM

	/DISCARD/ : { *(.note*) *(.comment) *(.eh_frame*) }

	ASSERT(__stop_cpu_ops > __start_cpu_ops, "BL1 has no CPU unit")
	ASSERT(__BL1_ROM_END__ <= PLAT_BL1_RO_LIMIT, "BL1 ROM image exceeds its budget")
	ASSERT(__RW_END__ <= BL1_RW_LIMIT, "BL1 RW data exceeds its budget")
}

__IMAGE_BASE__ = PLAT_BL1_RO_BASE;
__IMAGE_END__ = __BL1_ROM_END__;
__IMAGE_LIMIT__ = PLAT_BL1_RO_LIMIT;
__RAM_BASE__ = BL1_RW_BASE;
__RAM_END__ = __RW_END__;
__RAM_LIMIT__ = BL1_RW_LIMIT;
