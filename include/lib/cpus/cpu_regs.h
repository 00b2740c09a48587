/*
 * The system registers a CPU unit's rows may write (include/lib/cpus/
 * cpu_ops.h, struct cpu_reg_write), each by its encoding, listed once:
 * C numbers them (enum cpu_reg) and lib/cpus/aarch64/cpu_helpers.S expands
 * the same list into its MRS/MSR stubs, so a row names a register by
 * number and one small assembly routine writes any of them with no stack
 * and the MMU off. A CPU whose rows need a register not listed adds one
 * line here.
 *
 * X(name, encoding): the encodings are S<op0>_<op1>_C<n>_C<m>_<op2>, as
 * the CPUs' Technical Reference Manuals give them; the IMPLEMENTATION
 * DEFINED ones exist only on the CPUs named (a row that writes one is
 * marked CPU_ROW_IMPDEF unless QEMU's models have it too).
 */
#ifndef LIB_CPUS_CPU_REGS_H
#define LIB_CPUS_CPU_REGS_H

#define CPU_REGS(X)                                                                                \
	/* PSTATE.SSBS as a register, bit 12 (FEAT_SSBS; ARM DDI 0487 C5.2.23). */                 \
	X(SSBS, S3_3_C4_C2_6)                                                                      \
	/* Cortex-A35/A53/A57/A72: CPUACTLR_EL1, CPUECTLR_EL1 (their TRMs). */                     \
	X(A57_CPUACTLR_EL1, S3_1_C15_C2_0)                                                         \
	X(A57_CPUECTLR_EL1, S3_1_C15_C2_1)                                                         \
	/* Cortex-A76 and Neoverse N1 (Neoverse N1 TRM, 100616). */                                \
	X(CPUACTLR_EL1, S3_0_C15_C1_0)                                                             \
	X(CPUACTLR2_EL1, S3_0_C15_C1_1)                                                            \
	X(CPUACTLR3_EL1, S3_0_C15_C1_2)                                                            \
	X(CPUECTLR_EL1, S3_0_C15_C1_4)                                                             \
	X(CPUPWRCTLR_EL1, S3_0_C15_C2_7)                                                           \
	/* Neoverse N1's instruction-patching registers (select, control, opcode, mask). */        \
	X(CPUPSELR_EL3, S3_6_C15_C8_0)                                                             \
	X(CPUPCR_EL3, S3_6_C15_C8_1)                                                               \
	X(CPUPOR_EL3, S3_6_C15_C8_2)                                                               \
	X(CPUPMR_EL3, S3_6_C15_C8_3)

/*
 * How many registers a row may name, CPU_REG_NONE (a barrier alone)
 * included: C's enum cpu_reg's CPU_REG_COUNT, as a constant expression the
 * assembler evaluates too.
 */
#define CPU_REG_PLUS_ONE(name, encoding) +1
#define CPU_REG_TOTAL                    (1 CPU_REGS(CPU_REG_PLUS_ONE))

#endif
