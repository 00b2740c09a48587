/*
 * Generates build/.../include/asm_offsets.h: the Makefile compiles this file
 * to assembly and turns each "@@ASM_OFFSET NAME value" marker into a #define.
 * The static assertions in the C files that use the structures keep both
 * views in step, so no offset is ever written by hand.
 */
#include <stddef.h>

#include <lib/cpus/cpu_ops.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>
#include <lib/psci/psci_lib.h>

#define DEFINE(sym, val) __asm__ volatile(".ascii \"@@ASM_OFFSET " #sym " %c0\"" : : "i"(val))

void asm_offsets(void);

void asm_offsets(void)
{
	DEFINE(CTX_X0, offsetof(struct el3_context, x[0]));
	DEFINE(CTX_X1, offsetof(struct el3_context, x[1]));
	DEFINE(CTX_X2, offsetof(struct el3_context, x[2]));
	DEFINE(CTX_X4, offsetof(struct el3_context, x[4]));
	DEFINE(CTX_X6, offsetof(struct el3_context, x[6]));
	DEFINE(CTX_X8, offsetof(struct el3_context, x[8]));
	DEFINE(CTX_X10, offsetof(struct el3_context, x[10]));
	DEFINE(CTX_X12, offsetof(struct el3_context, x[12]));
	DEFINE(CTX_X14, offsetof(struct el3_context, x[14]));
	DEFINE(CTX_X16, offsetof(struct el3_context, x[16]));
	DEFINE(CTX_X18, offsetof(struct el3_context, x[18]));
	DEFINE(CTX_X20, offsetof(struct el3_context, x[20]));
	DEFINE(CTX_X22, offsetof(struct el3_context, x[22]));
	DEFINE(CTX_X24, offsetof(struct el3_context, x[24]));
	DEFINE(CTX_X26, offsetof(struct el3_context, x[26]));
	DEFINE(CTX_X28, offsetof(struct el3_context, x[28]));
	DEFINE(CTX_X30, offsetof(struct el3_context, x[30]));
	DEFINE(CTX_SP_EL0, offsetof(struct el3_context, sp_el0));
	DEFINE(CTX_ELR_EL3, offsetof(struct el3_context, elr_el3));
	DEFINE(CTX_SPSR_EL3, offsetof(struct el3_context, spsr_el3));
	DEFINE(CTX_SCR_EL3, offsetof(struct el3_context, scr_el3));
	DEFINE(CPU_DATA_CTX, offsetof(struct cpu_data, ctx));
	DEFINE(CPU_DATA_RUNTIME_SP, offsetof(struct cpu_data, runtime_sp));
	DEFINE(CPU_DATA_PMF_ENTER_TS, offsetof(struct cpu_data, pmf_enter_ts));
	DEFINE(CPU_DATA_CORE_POS, offsetof(struct cpu_data, core_pos));
	DEFINE(CPU_DATA_CRASH_REGS, offsetof(struct cpu_data, crash));
	DEFINE(CPU_DATA_CRASH_SP, offsetof(struct cpu_data, crash.sp));
	DEFINE(CPU_DATA_CRASH_STACK_TOP, offsetof(struct cpu_data, crash_stack) + CRASH_STACK_SIZE);
	DEFINE(CPU_DATA_SIZE, sizeof(struct cpu_data));
	DEFINE(CPU_DATA_CPU_OPS, offsetof(struct cpu_data, cpu_ops));
	DEFINE(CPU_DATA_BHB_LOOPS, offsetof(struct cpu_data, bhb_loops));
	/* The CPU units (include/lib/cpus/cpu_ops.h), for lib/cpus/aarch64/cpu_helpers.S. */
	DEFINE(CPU_OPS_SIZE, sizeof(struct cpu_ops));
	DEFINE(CPU_OPS_MIDR, offsetof(struct cpu_ops, midr));
	DEFINE(CPU_OPS_RESET_ROW, offsetof(struct cpu_ops, reset.row));
	DEFINE(CPU_OPS_RESET_COUNT, offsetof(struct cpu_ops, reset.count));
	DEFINE(CPU_OPS_LEAVE_ROW, offsetof(struct cpu_ops, leave.row));
	DEFINE(CPU_OPS_LEAVE_COUNT, offsetof(struct cpu_ops, leave.count));
	DEFINE(CPU_ROW_SIZE, sizeof(struct cpu_row));
	DEFINE(CPU_ROW_WRITE, offsetof(struct cpu_row, write));
	DEFINE(CPU_ROW_NWRITE, offsetof(struct cpu_row, nwrite));
	DEFINE(CPU_ROW_REV_LO, offsetof(struct cpu_row, rev_lo));
	DEFINE(CPU_ROW_REV_HI, offsetof(struct cpu_row, rev_hi));
	DEFINE(CPU_ROW_FLAGS, offsetof(struct cpu_row, flags));
	DEFINE(CPU_REG_WRITE_SIZE, sizeof(struct cpu_reg_write));
	DEFINE(CPU_REG_WRITE_SET, offsetof(struct cpu_reg_write, set));
	DEFINE(CPU_REG_WRITE_REG, offsetof(struct cpu_reg_write, reg));
	DEFINE(CPU_REG_WRITE_SYNC, offsetof(struct cpu_reg_write, sync));
	/* struct crash_regs, relative to cpu_data.crash (common/aarch64/crash.S). */
	DEFINE(CRASH_X0, offsetof(struct crash_regs, x[0]));
	DEFINE(CRASH_X1, offsetof(struct crash_regs, x[1]));
	DEFINE(CRASH_X2, offsetof(struct crash_regs, x[2]));
	DEFINE(CRASH_X4, offsetof(struct crash_regs, x[4]));
	DEFINE(CRASH_X6, offsetof(struct crash_regs, x[6]));
	DEFINE(CRASH_X8, offsetof(struct crash_regs, x[8]));
	DEFINE(CRASH_X10, offsetof(struct crash_regs, x[10]));
	DEFINE(CRASH_X12, offsetof(struct crash_regs, x[12]));
	DEFINE(CRASH_X14, offsetof(struct crash_regs, x[14]));
	DEFINE(CRASH_X16, offsetof(struct crash_regs, x[16]));
	DEFINE(CRASH_X18, offsetof(struct crash_regs, x[18]));
	DEFINE(CRASH_X20, offsetof(struct crash_regs, x[20]));
	DEFINE(CRASH_X22, offsetof(struct crash_regs, x[22]));
	DEFINE(CRASH_X24, offsetof(struct crash_regs, x[24]));
	DEFINE(CRASH_X26, offsetof(struct crash_regs, x[26]));
	DEFINE(CRASH_X28, offsetof(struct crash_regs, x[28]));
	DEFINE(CRASH_X30, offsetof(struct crash_regs, x[30]));
	DEFINE(CRASH_SP, offsetof(struct crash_regs, sp));
	/*
	 * pmf_timestamps (include/lib/pmf.h): a CPU's block is 1 << PMF_CPU_SHIFT
	 * bytes, and each slot's offset in it (include/lib/pmf_macros.S).
	 */
	DEFINE(PMF_CPU_SHIFT, __builtin_ctz(sizeof(pmf_timestamps[0])));
	DEFINE(PMF_SLOT_EXIT_HW_LOW_PWR, sizeof(pmf_timestamps[0][0]) * RT_INSTR_EXIT_HW_LOW_PWR);
	DEFINE(PMF_SLOT_ENTER_PSCI, sizeof(pmf_timestamps[0][0]) * RT_INSTR_ENTER_PSCI);
	DEFINE(PMF_SLOT_EXIT_PSCI, sizeof(pmf_timestamps[0][0]) * RT_INSTR_EXIT_PSCI);
	/* PSCI_VERSION's answer, for the vectors (include/lib/psci/psci_lib.h). */
	DEFINE(PSCI_DECIDED_VERSION, offsetof(struct psci_decided, version));
}

/* cpu_helpers.S loads a write's set and clear masks with one LDP. */
_Static_assert(offsetof(struct cpu_reg_write, clear) == offsetof(struct cpu_reg_write, set) + 8,
               "struct cpu_reg_write: clear follows set");

_Static_assert((sizeof(pmf_timestamps[0]) & (sizeof(pmf_timestamps[0]) - 1)) == 0,
               "a CPU's PMF block is addressed with a shift");
