/*
 * Base FVP: the last step of a power-down (BL31 only).
 */
#include <arch/aarch64/asm_macros.S>

/*
 * fvp_power_down(w0 = 1 for CPU_OFF, x1 = warm-boot entry): never returns.
 * Data cache and MMU off (disable_mmu_el3; cpu_pwr_down_final wrote the
 * caches back), out of the cluster's coherency (cpu_leave_coherency), then WFI: the power
 * controller removes power (PPOFFR was written). A CPU_OFF core waits for
 * that; a suspending core whose WFI returns (its wake-up came first)
 * enters x1 with the MMU off, as a powered-up core would. Clobbers x0, x1,
 * x19, x20, x30; nothing is returned to.
 */
func fvp_power_down
	mov	w19, w0
	mov	x20, x1
	bl	disable_mmu_el3
	bl	cpu_leave_coherency
1:	wfi
	cbnz	w19, 1b
	br	x20
endfunc fvp_power_down
