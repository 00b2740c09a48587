/*
 * Test payload entry points, at NS-EL2 (or NS-EL1 on a PE without EL2).
 *
 * payload_entry: cold boot on the primary, x0 = DTB address from BL31.
 * payload_cpu_entry: where PSCI CPU_ON and power-down CPU_SUSPEND return,
 *   x0 = context ID, MMU off.
 */
#include <arch/aarch64/asm_macros.S>
#include <platform_def.h>

	/* x0 = core position -> sp = its stack top. Clobbers x1-x2. */
	.macro set_stack
	adr_l	x1, __STACKS_START__
	add	x2, x0, #1
	mov_imm	x3, PLAT_STACK_SIZE
	madd	x1, x2, x3, x1
	mov	sp, x1
	.endm

	.section .text.payload_entry, "ax"
	.global payload_entry
payload_entry:
	mov	x20, x0
	adr_l	x0, __BSS_START__
	adr_l	x1, __BSS_END__
	bl	zero_mem
	mrs	x0, mpidr_el1
	and	x0, x0, #0xff
	set_stack
	mov	x0, x20
	bl	payload_main
	b	.
