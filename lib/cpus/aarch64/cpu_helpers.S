/*
 * The CPU units' rows that run with no stack and the MMU off
 * (include/lib/cpus/cpu_ops.h): one walker for every unit's reset,
 * power-down and leave-coherency rows, and the one place that knows the
 * encodings of the registers they write (include/lib/cpus/cpu_regs.h).
 */
#include <arch/aarch64/asm_macros.S>
#include <asm_offsets.h>
#include <lib/cpus/cpu_ops.h>
#include <lib/cpus/cpu_regs.h>
#include <platform_def.h>

#ifndef PLAT_CPU_IMPDEF_REGS
#error "platform_def.h must say whether the CPUs' IMPLEMENTATION DEFINED registers exist"
#endif

/*
 * What the walk reads and writes of the CPU, each one instruction here:
 * tests/unit/cpu_rows_record.S defines them to record instead, to run the
 * walk at EL0 under qemu-aarch64 (tests/unit/test_cpu_rows.c).
 */
#ifndef CPU_READ_MIDR
#define CPU_READ_MIDR(reg)            mrs reg, midr_el1
#define CPU_READ_PFR1(reg)            mrs reg, id_aa64pfr1_el1
#define CPU_REG_RMW(name, encoding)   mrs x5, encoding; bic x5, x5, x10; orr x5, x5, x9; \
                                      msr encoding, x5; br x4;
#define CPU_REG_WRITE(name, encoding) msr encoding, x9; br x4;
#define CPU_DSB_SY                    dsb sy
#define CPU_ISB                       isb
#endif

/*
 * Per register, in enum cpu_reg's order (CPU_REG_NONE first, never
 * branched to: the walker takes a barrier alone before), a stub that
 * writes it and returns to x4: cpu_reg_rmw's five instructions (MRS,
 * clear x10's bits, set x9's, MSR) and cpu_reg_write's two (MSR of x9),
 * for a write that clears every bit. A row names its register by number;
 * the walker branches to that number's stub, as an MRS/MSR needs its
 * register in the instruction. The walker is a macro expanded in each
 * entry point, so the stubs return through x4.
 */
	.section .text.asm.cpu_reg_stubs, "ax"
	.p2align 2
cpu_reg_rmw:
	br	x4
	nop
	nop
	nop
	nop
	CPU_REGS(CPU_REG_RMW)
cpu_reg_rmw_end:
cpu_reg_write:
	br	x4
	nop
	CPU_REGS(CPU_REG_WRITE)
cpu_reg_write_end:
	/* One 20-byte and one 8-byte stub per register (enum cpu_reg). */
	.if (cpu_reg_rmw_end - cpu_reg_rmw) != 20 * CPU_REG_TOTAL
	.error "cpu_reg_rmw holds not one stub per register"
	.endif
	.if (cpu_reg_write_end - cpu_reg_write) != 8 * CPU_REG_TOTAL
	.error "cpu_reg_write holds not one stub per register"
	.endif

/*
 * Walk a place's rows: x3 = the first, x1 = how many (not 0), x2 =
 * MIDR_EL1. Each row that affects the revision of x2 and (CPU_ROW_SSBS)
 * whose PE has FEAT_SSBS: its register writes in order, each with its
 * barriers. A walked list holds only rows the build carries; where the
 * platform has no IMPLEMENTATION DEFINED registers the walk ends at the
 * first row that needs them (they come last), before any other work, so
 * that such a platform pays two loads for a list of those alone. No stack;
 * clobbers x1-x10 (x0 is the caller's). \done is the label right after
 * the macro: it ends there, by a branch or by falling through.
 */
	.macro run_rows done
	ubfx	x5, x2, #MIDR_VARIANT_SHIFT, #4
	and	x2, x2, #MIDR_REVISION_MASK
	orr	x2, x2, x5, lsl #4		/* x2 = CPU_REV(variant, revision) */
	mov	x5, #CPU_ROW_SIZE
	madd	x1, x1, x5, x3			/* x1 = the end of the rows */
1:	ldrb	w4, [x3, #CPU_ROW_FLAGS]
#if !PLAT_CPU_IMPDEF_REGS
	tbnz	w4, #CPU_ROW_IMPDEF_BIT, \done
#endif
	ldrb	w5, [x3, #CPU_ROW_REV_LO]
	ldrb	w9, [x3, #CPU_ROW_REV_HI]
	cmp	x2, x5
	ccmp	x2, x9, #2, hs			/* below rev_lo: C set, Z clear, "hi" */
	b.hi	8f
	tbz	w4, #CPU_ROW_SSBS_BIT, 3f
	CPU_READ_PFR1(x5)
	ubfx	x5, x5, #ID_AA64PFR1_SSBS_SHIFT, #4
	cbz	x5, 8f
3:	ldr	x6, [x3, #CPU_ROW_WRITE]
	ldrb	w7, [x3, #CPU_ROW_NWRITE]
	cbz	w7, 8f
4:	ldr	w8, [x6, #CPU_REG_WRITE_REG]
	cbz	w8, 6f				/* CPU_REG_NONE: its barriers alone */
	ldp	x9, x10, [x6, #CPU_REG_WRITE_SET]
	adr	x4, 6f				/* where the stubs come back */
	cmn	x10, #1				/* every bit cleared: no read */
	b.eq	5f
	adr	x5, cpu_reg_rmw			/* + 20 bytes a stub */
	add	x5, x5, x8, lsl #4
	add	x5, x5, x8, lsl #2
	br	x5
5:	adr	x5, cpu_reg_write
	add	x5, x5, x8, lsl #3
	br	x5
6:	ldr	w8, [x6, #CPU_REG_WRITE_SYNC]
	tbz	w8, #CPU_SYNC_DSB_SY_BIT, 61f
	CPU_DSB_SY
61:	tbz	w8, #CPU_SYNC_ISB_BIT, 7f
	CPU_ISB
7:	add	x6, x6, #CPU_REG_WRITE_SIZE
	subs	w7, w7, #1
	b.ne	4b
8:	add	x3, x3, #CPU_ROW_SIZE
	cmp	x3, x1
	b.lo	1b
	.endm

/* cpu_run_rows(x0 = rows, x1 = count, x2 = MIDR_EL1), for C (power-down). */
func cpu_run_rows
	mov	x3, x0
	cbz	x1, 9f
	run_rows 9f
9:	ret
endfunc cpu_run_rows

/*
 * cpu_reset_handler(x0 = this CPU's unit if the caller knows it, else 0):
 * the unit, found by MIDR_EL1 among the registered ones in rank order (the
 * generic unit if none claims it) when x0 is 0, returned in x0 after its
 * CPU_AT_RESET rows ran and an ISB made every write of theirs take effect
 * (TF-A ends its reset handlers so). BL31's warm entry passes the unit the
 * core found at its first boot. No stack, MMU and caches off (the entry
 * turns the instruction cache on after it: el3_icache_on); clobbers x0-x10.
 */
func cpu_reset_handler
	CPU_READ_MIDR(x2)
	cbnz	x0, .Lreset_found
	mov_imm	x1, MIDR_MODEL_MASK
	and	x1, x2, x1
	adr_l	x0, __start_cpu_ops
	adr_l	x3, __stop_cpu_ops
	/* Each unit in turn, or the generic one after the last. */
.Lreset_compare:
	ldr	w4, [x0, #CPU_OPS_MIDR]
	cmp	w4, w1
	b.eq	.Lreset_found
	add	x0, x0, #CPU_OPS_SIZE
	cmp	x0, x3
	b.lo	.Lreset_compare
	adr_l	x0, cpu_ops_generic
.Lreset_found:
	ldr	w1, [x0, #CPU_OPS_RESET_COUNT]
	ldr	x3, [x0, #CPU_OPS_RESET_ROW]
	cbz	w1, 9f
	run_rows 9f
9:	CPU_ISB
	ret
endfunc cpu_reset_handler

/*
 * cpu_leave_coherency(x0 = this CPU's unit): its CPU_AT_LEAVE rows, with
 * the data cache off after the final flush. No stack; clobbers x0-x10.
 */
func cpu_leave_coherency
	ldr	w1, [x0, #CPU_OPS_LEAVE_COUNT]
	ldr	x3, [x0, #CPU_OPS_LEAVE_ROW]
	cbz	w1, 9f
	CPU_READ_MIDR(x2)
	run_rows 9f
9:	ret
endfunc cpu_leave_coherency
