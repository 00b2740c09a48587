/*
 * Entry-code building blocks shared by BL1, BL2 and BL31.
 */
#ifndef EL3_COMMON_MACROS_S
#define EL3_COMMON_MACROS_S

#include <arch/aarch64/asm_macros.S>
#include <asm_offsets.h>

	/*
	 * Put EL3 in a known state with the MMU and caches off: only SP
	 * alignment checking on (ARM DDI 0487 D19.2.118); the secure state
	 * with AArch64 lower ELs; nothing the normal world uses trapped yet.
	 * The instruction cache goes on after (el3_icache_on), once a reset
	 * entry has run the CPU's reset rows (cpu_reset_handler): their
	 * instruction patches must be in place before any instruction is
	 * cached, as TF-A runs its reset handler before its
	 * el3_arch_init_common turns the cache on. Clobbers x0.
	 */
	.macro el3_arch_init vectors
	mov_imm	x0, (SCTLR_EL3_RES1 | SCTLR_SA_BIT)
	msr	sctlr_el3, x0
	isb
	adr_l	x0, \vectors
	msr	vbar_el3, x0
	mov_imm	x0, (SCR_RES1_BITS | SCR_RW_BIT)
	msr	scr_el3, x0
	msr	cptr_el3, xzr
	msr	mdcr_el3, xzr
	/* Asynchronous aborts are reported from here on; IRQ/FIQ stay masked. */
	msr	daifclr, #DAIF_ABT_BIT
	isb
	.endm

	/* The instruction cache on (SCTLR_EL3.I). Clobbers x1. */
	.macro el3_icache_on
	mrs	x1, sctlr_el3
	orr	x1, x1, #SCTLR_I_BIT
	msr	sctlr_el3, x1
	isb
	.endm

	/*
	 * Invalidate the image's read-write memory (.data, .bss, stacks) in
	 * the data caches, by address to the PoC, before the MMU-off code
	 * writes to it: the previous boot stage had it mapped cacheable.
	 * .data loses nothing: its loader cleaned it to the PoC.
	 * Clobbers x0-x3.
	 */
	.macro invalidate_rw
	adr_l	x0, __RW_START__
	adr_l	x1, __RW_END__
	sub	x1, x1, x0
	bl	inv_dcache_range
	.endm

	/*
	 * Copy .data from where the image file has it (__DATA_ROM_START__:
	 * ROM for BL1, packed after .rodata for BL2) to its place
	 * (__DATA_RAM_START__ .. __DATA_RAM_END__), 16 bytes at a time: the
	 * linker scripts align all three to 16. MMU off. Clobbers x0-x4.
	 */
	.macro copy_data
	adr_l	x0, __DATA_RAM_START__
	adr_l	x1, __DATA_ROM_START__
	adr_l	x2, __DATA_RAM_END__
1:	cmp	x0, x2
	b.hs	2f
	ldp	x3, x4, [x1], #16
	stp	x3, x4, [x0], #16
	b	1b
2:
	.endm

	/*
	 * Make x0 (a struct cpu_data *) this CPU's per-CPU data: TPIDR_EL3 and
	 * SP_EL3 point at it, and C runs on SP_EL0 = x1 (stack top).
	 * Clobbers nothing else.
	 */
	.macro set_cpu_data
	msr	tpidr_el3, x0
	msr	spsel, #1
	mov	sp, x0
	msr	spsel, #0
	mov	sp, x1
	str	x1, [x0, #CPU_DATA_RUNTIME_SP]
	.endm

	/*
	 * An unexpected-exception vector slot: save x0/x1 into this CPU's crash
	 * area (SP_EL3 = cpu_data) and report (common/aarch64/crash.S).
	 * \kind is the slot number, 0-15.
	 */
	.macro crash_slot kind
	str	x0, [sp, #CPU_DATA_CRASH_REGS + CRASH_X0]
	str	x1, [sp, #CPU_DATA_CRASH_REGS + CRASH_X1]
	mov	x0, #\kind
	b	el3_crash_entry
	.endm

#endif
