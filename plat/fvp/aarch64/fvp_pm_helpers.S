/*
 * Base FVP: the last step of a power-down (BL31 only).
 */
#include <arch/aarch64/asm_macros.S>

/*
 * fvp_power_down(w0 = 1 for CPU_OFF, x1 = warm-boot entry): never returns.
 * Data cache and MMU off (cpu_pwr_down_final wrote the caches back), out
 * of the cluster's coherency (cpu_leave_coherency), then WFI: the power
 * controller removes power (PPOFFR was written). A CPU_OFF core waits for
 * that; a suspending core whose WFI returns (its wake-up came first)
 * enters x1 with the MMU off, as a powered-up core would. Clobbers x0-x2,
 * x19, x20; nothing is returned to.
 */
func fvp_power_down
	mov	w19, w0
	mov	x20, x1
	mrs	x2, sctlr_el3
	mov_imm	x0, (SCTLR_M_BIT | SCTLR_C_BIT)
	bic	x2, x2, x0
	msr	sctlr_el3, x2
	isb
	bl	cpu_leave_coherency
	tlbi	alle3
	ic	iallu
	dsb	sy
	isb
1:	wfi
	cbnz	w19, 1b
	br	x20
endfunc fvp_power_down
