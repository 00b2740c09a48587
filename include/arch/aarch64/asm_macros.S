/*
 * Assembler helpers shared by every image.
 */
#ifndef ASM_MACROS_S
#define ASM_MACROS_S

#include <arch/aarch64/arch.h>

	/* A global function in its own section, so --gc-sections can drop it. */
	.macro func name
	.section .text.asm.\name, "ax"
	.type \name, %function
	.global \name
	.p2align 2
\name:
	.endm

	.macro endfunc name
	.size \name, . - \name
	.endm

	/*
	 * One slot of an exception vector table. end_vector_entry fails the
	 * build when a slot outgrows its 32 instructions (ARM DDI 0487 D1.10.2),
	 * instead of silently spilling into the next slot.
	 */
	.macro vector_base label
	.section .vectors, "ax"
	.global \label
	.p2align 11
\label:
	.endm

	.macro vector_entry label
	.section .vectors, "ax"
	.p2align 7
\label:
	.endm

	.macro end_vector_entry label
	.if (. - \label) > VECTOR_SLOT_SIZE
	.error "vector slot \label is larger than 32 instructions"
	.endif
	.endm

	/* Load a 64-bit immediate without a literal pool. */
	.macro mov_imm reg, val
	movz	\reg, #((\val) & 0xffff)
	.if ((\val) >> 16) & 0xffff
	movk	\reg, #(((\val) >> 16) & 0xffff), lsl #16
	.endif
	.if ((\val) >> 32) & 0xffff
	movk	\reg, #(((\val) >> 32) & 0xffff), lsl #32
	.endif
	.if ((\val) >> 48) & 0xffff
	movk	\reg, #(((\val) >> 48) & 0xffff), lsl #48
	.endif
	.endm

	/* Address of a symbol, PC-relative (works with the MMU on or off). */
	.macro adr_l reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
	.endm

#endif /* ASM_MACROS_S */
