/*
 * SMC helpers of the test payload that need exact register control: the
 * x4-x29 preservation check, and an instruction EL3 reflects as UNDEF.
 */
#include <arch/aarch64/asm_macros.S>

/*
 * smc_clobber_mask(x0 = function ID): issue the SMC with x4-x29 holding
 * known patterns and return a bit mask of those registers (bit n = xn) whose
 * value the call changed. SMCCC v1.2+ requires all of them preserved
 * (DEN0028 2.7): x4-x17 as arguments no call here returns, x18-x30 always.
 * The callee-saved x19-x29 and the return address go on the stack.
 */
func smc_clobber_mask
	stp	x29, x30, [sp, #-96]!
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	.irp n, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	mov_imm	x\n, (0x5a5a000000000000 + \n)
	.endr
	smc	#0
	mov	x0, #0
	.irp n, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	mov_imm	x1, (0x5a5a000000000000 + \n)
	cmp	x\n, x1
	mov	x2, #(1 << \n)
	orr	x3, x0, x2
	csel	x0, x0, x3, eq
	.endr
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret
endfunc smc_clobber_mask

/*
 * smc_x0_x17(x0 = function ID, x1 = argument, x2 = out): issue the SMC and
 * store x0-x17 after it at out[0..17], for the calls that return more than
 * four registers (SMCCC_ARCH_SOC_ID's name, DEN0028 7.4.2).
 */
func smc_x0_x17
	stp	x19, x30, [sp, #-16]!
	mov	x19, x2
	smc	#0
	stp	x0, x1, [x19]
	stp	x2, x3, [x19, #16]
	stp	x4, x5, [x19, #32]
	stp	x6, x7, [x19, #48]
	stp	x8, x9, [x19, #64]
	stp	x10, x11, [x19, #80]
	stp	x12, x13, [x19, #96]
	stp	x14, x15, [x19, #112]
	stp	x16, x17, [x19, #128]
	ldp	x19, x30, [sp], #16
	ret
endfunc smc_x0_x17
