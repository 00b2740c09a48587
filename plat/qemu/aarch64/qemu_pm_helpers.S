/*
 * QEMU virt: the last step of a modelled power-down (BL31 only).
 */
#include <arch/aarch64/asm_macros.S>

/*
 * qemu_power_down(x0 = core position, w1 = 1: wait for a wake-up interrupt,
 * 0: wait in the hold pen for CPU_ON): never returns.
 * The core leaves the coherent world the way it will come back, MMU and
 * data cache off, then either WFIs until an interrupt is pending for it
 * (ISR_EL1 shows it whatever PSTATE masks) and re-enters BL31's warm-boot
 * entry, or waits in its hold pen like a core that never started.
 */
func qemu_power_down
	mov	x19, x0
	mov	w20, w1
	mrs	x2, sctlr_el3
	mov_imm	x3, (SCTLR_M_BIT | SCTLR_C_BIT)
	bic	x2, x2, x3
	msr	sctlr_el3, x2
	isb
	tlbi	alle3
	ic	iallu
	dsb	sy
	isb
	mov	x0, x19
	cbz	w20, plat_secondary_cold_boot
1:	wfi
	mrs	x2, isr_el1
	cbz	x2, 1b
	b	bl31_warm_entrypoint
endfunc qemu_power_down
