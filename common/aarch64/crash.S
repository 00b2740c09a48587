/*
 * Unexpected exceptions at EL3. The vector saves x0-x30 and SP into this
 * CPU's cpu_data.crash (SP_EL3 always points at cpu_data on exception entry),
 * switches to the CPU's crash stack and calls el3_crash_report(), which
 * prints ESR/ELR/FAR and the registers and stops the CPU.
 */
#include <common/aarch64/el3_common_macros.S>

	/* \kind: index into the crash-kind names in common/crash.c. */
	/* x0 = kind; x0 and x1 are saved already; SP = this CPU's cpu_data. */
func el3_crash_entry
	add	x1, sp, #CPU_DATA_CRASH_REGS
	stp	x2, x3, [x1, #16]
	stp	x4, x5, [x1, #32]
	stp	x6, x7, [x1, #48]
	stp	x8, x9, [x1, #64]
	stp	x10, x11, [x1, #80]
	stp	x12, x13, [x1, #96]
	stp	x14, x15, [x1, #112]
	stp	x16, x17, [x1, #128]
	stp	x18, x19, [x1, #144]
	stp	x20, x21, [x1, #160]
	stp	x22, x23, [x1, #176]
	stp	x24, x25, [x1, #192]
	stp	x26, x27, [x1, #208]
	stp	x28, x29, [x1, #224]
	mrs	x2, sp_el0
	stp	x30, x2, [x1, #240]
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
