/*
 * BL31 entry points.
 *
 * bl31_entrypoint: cold boot, primary CPU, jumped to by BL2 with
 *   x0 = struct bl31_params *, MMU and caches off.
 * bl31_warm_entrypoint: a CPU coming back from CPU_OFF/CPU_ON or a
 *   power-down CPU_SUSPEND, MMU and caches off, any register content.
 */
#include <common/aarch64/el3_common_macros.S>
#include <lib/pmf_macros.S>
#include <platform_def.h>

	/* x0 = core position -> x0 = &cpu_data[pos], x1 = its stack top. */
	.macro cpu_data_and_stack
	mov	x2, x0
	adr_l	x0, cpu_data
	mov_imm	x1, CPU_DATA_SIZE
	madd	x0, x2, x1, x0
	adr_l	x1, __STACKS_START__
	add	x2, x2, #1
	mov_imm	x3, PLAT_STACK_SIZE
	madd	x1, x2, x3, x1
	.endm

	.section .text.bl31_entrypoint, "ax"
	.global bl31_entrypoint
bl31_entrypoint:
	mov	x20, x0
	el3_arch_init runtime_exceptions
	el3_icache_on
	/* BL2 had this memory mapped cacheable: forget its lines (bl2_entrypoint.S). */
	invalidate_rw
	adr_l	x0, __BSS_START__
	adr_l	x1, __BSS_END__
	bl	zero_mem
	bl	plat_my_core_pos
	cpu_data_and_stack
	set_cpu_data
	mov	x0, x20
	bl	bl31_main
	b	el3_exit

func bl31_warm_entrypoint
	/* The core position, kept in x19 across the MMU set-up (which uses x0-x1). */
	bl	plat_my_core_pos
	mov	x19, x0
#if ENABLE_RUNTIME_INSTRUMENTATION
	/*
	 * EXIT_HW_LOW_PWR is the first thing a waking CPU does (docs/design/pmf.rst), so it
	 * is stored with the MMU off: straight to memory.
	 */
	pmf_store_exit_hw_low_pwr x0, x1, x2
#endif
	el3_arch_init runtime_exceptions
	/* This core's data and stack, kept in x21 and x22 (pure arithmetic). */
	mov	x0, x19
	cpu_data_and_stack
	mov	x21, x0
	mov	x22, x1
	/*
	 * The reset rows of this core's unit, the one it found at its first
	 * boot if it has booted before: read with the MMU off, from memory,
	 * where it was cleaned when first stored (below; cpu_bl31_entry_cold
	 * for the boot core), or 0 (.bss): look it up. On QEMU a powered-down
	 * core comes back here without a reset. The unit comes back in x0,
	 * kept in x20.
	 */
	ldr	x0, [x21, #CPU_DATA_CPU_OPS]
	bl	cpu_reset_handler
	mov	x20, x0
	el3_icache_on
	/* The MMU goes on before the stack is used (enable_mmu_direct_el3). */
	adr_l	x0, xlat_base_table
	bl	enable_mmu_direct_el3
	mov	x0, x21
	mov	x1, x22
	set_cpu_data
	ldr	x1, [x0, #CPU_DATA_CPU_OPS]
	cmp	x1, x20
	b.eq	1f
	str	x20, [x0, #CPU_DATA_CPU_OPS]
	add	x1, x0, #CPU_DATA_CPU_OPS
	dc	cvac, x1
1:	bl	bl31_warm_boot
	b	el3_exit
endfunc bl31_warm_entrypoint
