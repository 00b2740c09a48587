/*
 * QEMU virt: the last step of a modelled power-down (BL31 only).
 */
#include <arch/aarch64/asm_macros.S>

/*
 * qemu_power_down(x0 = core position, w1 = 1: wait for a wake-up interrupt,
 * 0: wait in the hold pen for CPU_ON, x2 = warm-boot entry point): never
 * returns. The core leaves the coherent world the way it will come back,
 * MMU and data cache off (disable_mmu_el3; its caches written back by
 * cpu_pwr_down_final), out of the cluster's coherency (cpu_leave_coherency),
 * then either WFIs until an interrupt is pending
 * for it (ISR_EL1 shows it whatever PSTATE masks) and enters x2, or waits
 * in its hold pen like a core that never started (CPU_ON gives it x2
 * there). Clobbers everything: nothing is returned to.
 */
func qemu_power_down
	mov	x19, x0
	mov	w20, w1
	mov	x21, x2
	bl	disable_mmu_el3
	bl	cpu_leave_coherency
	mov	x0, x19
	cbz	w20, plat_secondary_cold_boot
1:	wfi
	mrs	x2, isr_el1
	cbz	x2, 1b
	br	x21
endfunc qemu_power_down
