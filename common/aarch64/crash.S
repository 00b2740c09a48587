/*
 * Unexpected exceptions at EL3. The vector saves x0-x30 and SP into this
 * CPU's cpu_data.crash (SP_EL3 always points at cpu_data on exception entry),
 * switches to the CPU's crash stack and calls el3_crash_report(), which
 * prints ESR/ELR/FAR and the registers and stops the CPU.
 */
#include <common/aarch64/el3_common_macros.S>

/*
 * el3_crash_entry(x0 = kind, an index into common/crash.c's names): the
 * crash slot saved x0 and x1 already; SP = this CPU's cpu_data. Offsets
 * into struct crash_regs are generated (asm_offsets.c).
 */
func el3_crash_entry
	add	x1, sp, #CPU_DATA_CRASH_REGS
	stp	x2, x3, [x1, #CRASH_X2]
	stp	x4, x5, [x1, #CRASH_X4]
	stp	x6, x7, [x1, #CRASH_X6]
	stp	x8, x9, [x1, #CRASH_X8]
	stp	x10, x11, [x1, #CRASH_X10]
	stp	x12, x13, [x1, #CRASH_X12]
	stp	x14, x15, [x1, #CRASH_X14]
	stp	x16, x17, [x1, #CRASH_X16]
	stp	x18, x19, [x1, #CRASH_X18]
	stp	x20, x21, [x1, #CRASH_X20]
	stp	x22, x23, [x1, #CRASH_X22]
	stp	x24, x25, [x1, #CRASH_X24]
	stp	x26, x27, [x1, #CRASH_X26]
	stp	x28, x29, [x1, #CRASH_X28]
	mrs	x2, sp_el0
	str	x30, [x1, #CRASH_X30]
	str	x2, [x1, #CRASH_SP]
	add	x2, sp, #CPU_DATA_CRASH_STACK_TOP
	mov	sp, x2
	bl	el3_crash_report
	b	.
endfunc el3_crash_entry

/*
 * Vectors for images that take no exception on purpose (BL1, BL2): every
 * slot is a crash.
 */
	vector_base early_vectors
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vector_entry early_vector_\n
	crash_slot \n
	end_vector_entry early_vector_\n
	.endr
