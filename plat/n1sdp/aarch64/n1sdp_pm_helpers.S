/*
 * Neoverse N1 power-down control (BL31).
 * CPUPWRCTLR_EL1 (S3_0_C15_C2_7) bit 0, CORE_PWRDN_EN: on the next WFI the
 * core asks its power controller to remove power (Neoverse N1 TRM,
 * CPUPWRCTLR_EL1). The DSU and the PPU then do the rest: no SCMI message is
 * needed for CPU_SUSPEND (docs/plat/n1sdp.rst).
 */
#include <arch/aarch64/asm_macros.S>

func n1_core_pwrdn_enable
	mrs	x0, S3_0_C15_C2_7
	orr	x0, x0, #1
	msr	S3_0_C15_C2_7, x0
	isb
	ret
endfunc n1_core_pwrdn_enable

func n1_core_pwrdn_disable
	mrs	x0, S3_0_C15_C2_7
	bic	x0, x0, #1
	msr	S3_0_C15_C2_7, x0
	isb
	ret
endfunc n1_core_pwrdn_disable
