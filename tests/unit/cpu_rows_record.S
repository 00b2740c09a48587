/*
 * lib/cpus/aarch64/cpu_helpers.S for tests/unit/test_cpu_rows.c: the same
 * walk, at EL0 under qemu-aarch64, with what it reads of the CPU taken
 * from the test (cpu_test_midr, cpu_test_pfr1, the register file
 * cpu_test_regs) and what it writes, and each barrier, appended to the log
 * at cpu_test_log_pos as (what, value) pairs: a register's number and its
 * new value, or CPU_TEST_DSB / CPU_TEST_ISB and 0.
 */
#define CPU_TEST_DSB 0x100
#define CPU_TEST_ISB 0x101
#define CPU_READ_MIDR(reg) adrp reg, cpu_test_midr; ldr reg, [reg, :lo12:cpu_test_midr]
#define CPU_READ_PFR1(reg) adrp reg, cpu_test_pfr1; ldr reg, [reg, :lo12:cpu_test_pfr1]
#define CPU_REG_RMW(name, encoding)   b cpu_test_reg_rmw; nop; nop; nop; nop;
#define CPU_REG_WRITE(name, encoding) b cpu_test_reg_write; nop;
/* At the barriers x5, x9 and x10 are free (x8 holds the write's barriers). */
#define CPU_TEST_LOG(what)                                                                        \
	adrp x9, cpu_test_log_pos; ldr x10, [x9, :lo12:cpu_test_log_pos]; mov x5, #(what);       \
	stp x5, xzr, [x10], #16; str x10, [x9, :lo12:cpu_test_log_pos]
#define CPU_DSB_SY CPU_TEST_LOG(CPU_TEST_DSB)
#define CPU_ISB    CPU_TEST_LOG(CPU_TEST_ISB)
#include "../../lib/cpus/aarch64/cpu_helpers.S"

/*
 * x8 = the register's number, x9 the bits to set, x10 those to clear (the
 * rmw stub) or x9 the value (the write stub): the new value is logged and
 * kept; back to x4.
 */
cpu_test_reg_rmw:
	adrp	x5, cpu_test_regs
	add	x5, x5, :lo12:cpu_test_regs
	ldr	x5, [x5, x8, lsl #3]
	bic	x5, x5, x10
	orr	x5, x5, x9
	b	cpu_test_reg_log
cpu_test_reg_write:
	mov	x5, x9
cpu_test_reg_log:
	adrp	x9, cpu_test_log_pos
	ldr	x10, [x9, :lo12:cpu_test_log_pos]
	stp	x8, x5, [x10], #16
	str	x10, [x9, :lo12:cpu_test_log_pos]
	adrp	x9, cpu_test_regs
	add	x9, x9, :lo12:cpu_test_regs
	str	x5, [x9, x8, lsl #3]
	br	x4
