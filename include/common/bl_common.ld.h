/*
 * Linker-script building blocks shared by the images, so that every image
 * lays out code, read-only data and read-write data the same way (and the
 * MMU set-up in bl_common.c can map them from the same symbols):
 *   __TEXT_START__..__TEXT_END__       code, page aligned: read-only, executable
 *   __RODATA_START__..__RODATA_END__   read-only data, page aligned: execute-never
 *   __RW_START__..__RW_END__           data, .bss, stacks: read-write, execute-never
 * Images that run from where they are loaded use all of them; BL1 keeps
 * its own layout (code in ROM, data copied to RAM).
 */
#ifndef BL_COMMON_LD_H
#define BL_COMMON_LD_H

#define IMAGE_DISCARD	/DISCARD/ : { *(.note*) *(.comment) *(.eh_frame*) }

/* The entry object first, so the image's first byte is its entry point. */
#define TEXT_SECTION(entry_object)			\
	__TEXT_START__ = .;				\
	.text : {					\
		*entry_object(.text*)			\
		*(.vectors)				\
		*(SORT_BY_ALIGNMENT(.text*))		\
		. = ALIGN(4096);			\
	}						\
	__TEXT_END__ = .;

/* extra: more input sections for .rodata (e.g. the runtime-service table). */
#define RODATA_SECTION(extra)				\
	__RODATA_START__ = .;				\
	.rodata : {					\
		*(SORT_BY_ALIGNMENT(.rodata*))		\
		extra					\
		. = ALIGN(4096);			\
	}						\
	__RODATA_END__ = .;

/*
 * Read-only data and .data packed in the image file: .rodata's pages, then
 * .data's, but .data loaded right after .rodata's last byte (16-byte
 * aligned, __DATA_ROM_START__), where the entry code copies it from
 * (copy_data, el3_common_macros.S). The file is then .rodata's page
 * padding shorter. .got is the linker's (libfdt is built -fPIC).
 */
#define RODATA_DATA_PACKED_SECTIONS			\
	__RODATA_START__ = .;				\
	.rodata : {					\
		*(SORT_BY_ALIGNMENT(.rodata*))		\
		. = ALIGN(16);				\
	}						\
	__DATA_ROM_START__ = .;				\
	. = ALIGN(4096);				\
	__RODATA_END__ = .;				\
	__RW_START__ = .;				\
	.data : AT(__DATA_ROM_START__) {		\
		__DATA_RAM_START__ = .;			\
		*(SORT_BY_ALIGNMENT(.data*))		\
		*(.got) *(.got.plt)			\
		. = ALIGN(16);				\
		__DATA_RAM_END__ = .;			\
	}

/*
 * The CPU units DECLARE_CPU_OPS placed (include/lib/cpus/cpu_ops.h),
 * sorted by rank then name: the look-up walks them in that order.
 */
#define CPU_OPS_DESCS					\
	. = ALIGN(8);					\
	__start_cpu_ops = .;				\
	KEEP(*(SORT_BY_NAME(cpu_ops.*)))		\
	__stop_cpu_ops = .;

/* .bss (zeroed by the entry code) and @stack_count stacks of @stack_size. */
#define BSS_STACKS_SECTIONS(stack_count, stack_size)	\
	.bss (NOLOAD) : ALIGN(64) {			\
		__BSS_START__ = .;			\
		*(SORT_BY_ALIGNMENT(.bss*))		\
		*(COMMON)				\
		. = ALIGN(16);				\
		__BSS_END__ = .;			\
	}						\
	.stacks (NOLOAD) : ALIGN(64) {			\
		__STACKS_START__ = .;			\
		. += (stack_size) * (stack_count);	\
		__STACK_TOP__ = .;			\
		__STACKS_END__ = .;			\
		. = ALIGN(4096);			\
	}						\
	__RW_END__ = .;

/* .data, .bss (zeroed by the entry code) and @stack_count stacks of @stack_size. */
#define RW_SECTIONS_STACKS(stack_count, stack_size)	\
	__RW_START__ = .;				\
	.data : {					\
		*(SORT_BY_ALIGNMENT(.data*))		\
		. = ALIGN(16);				\
	}						\
	BSS_STACKS_SECTIONS(stack_count, stack_size)

/*
 * BL1 and BL2 run on one CPU with one stack; trusted board boot's signature
 * checks (mbed TLS) need more of it than anything else in the firmware.
 * Measured high-water marks: docs/design/trusted-boot.rst.
 */
#define BL_BOOT_STACK_SIZE 0x2000

/* BL31: a stack of PLAT_STACK_SIZE per CPU. */
#define RW_SECTIONS(stack_count)	RW_SECTIONS_STACKS(stack_count, PLAT_STACK_SIZE)

/* The budget check; message is a whole string (ld does not join them). */
#define IMAGE_BUDGET(limit, message)			\
	ASSERT(__RW_END__ <= (limit), message)

#endif
