/*
 * CPU operations that run with no stack (include/lib/cpus/cpu_ops.h):
 * reset, leaving coherency, Neoverse N1's power-down request. Each reads
 * MIDR_EL1 itself; clobbers x0-x2 only.
 */
#include <arch/aarch64/asm_macros.S>
#include <lib/cpus/cpu_ops.h>
#include <platform_def.h>

	/* x0 = MIDR_EL1's implementer and part number. */
	.macro midr_model
	mrs	x0, midr_el1
	mov_imm	x1, MIDR_MODEL_MASK
	and	x0, x0, x1
	.endm

	/* Branch to \no unless x0 is a Cortex-A35/A53/A57/A72 (CPUECTLR_EL1.SMPEN). */
	.macro if_smpen_core no
	mov_imm	x1, MIDR_CORTEX_A57
	cmp	x0, x1
	mov_imm	x1, MIDR_CORTEX_A53
	ccmp	x0, x1, #4, ne		/* Z stays set once a model matched */
	mov_imm	x1, MIDR_CORTEX_A72
	ccmp	x0, x1, #4, ne
	mov_imm	x1, MIDR_CORTEX_A35
	ccmp	x0, x1, #4, ne
	b.ne	\no
	.endm

func cpu_reset_handler
	midr_model
#if PLAT_CPU_IMPDEF_REGS
	/* Neoverse N1: no power-down request left over from before the reset. */
	mov_imm	x1, MIDR_NEOVERSE_N1
	cmp	x0, x1
	b.ne	1f
	mrs	x1, CPUPWRCTLR_EL1
	bic	x1, x1, #CPUPWRCTLR_PWRDN_BIT
	msr	CPUPWRCTLR_EL1, x1
	isb
	ret
1:
#endif
	/* Cortex-A53/A57 class: SMPEN before the caches and MMU go on. */
	if_smpen_core 2f
	mrs	x1, CPUECTLR_EL1
	orr	x1, x1, #CPUECTLR_SMPEN_BIT
	msr	CPUECTLR_EL1, x1
	isb
2:	ret
endfunc cpu_reset_handler

func cpu_leave_coherency
	midr_model
	if_smpen_core 1f
	mrs	x1, CPUECTLR_EL1
	bic	x1, x1, #CPUECTLR_SMPEN_BIT
	msr	CPUECTLR_EL1, x1
	isb
	dsb	sy
1:	ret
endfunc cpu_leave_coherency

#if PLAT_CPU_IMPDEF_REGS
/* Neoverse N1: power down at the next WFI (cpu_ops.c, in the Cache Flush interval). */
func n1_core_pwrdn_enable
	mrs	x0, CPUPWRCTLR_EL1
	orr	x0, x0, #CPUPWRCTLR_PWRDN_BIT
	msr	CPUPWRCTLR_EL1, x0
	isb
	ret
endfunc n1_core_pwrdn_enable
#endif
