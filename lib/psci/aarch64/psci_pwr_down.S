/*
 * The end of every PSCI power-down (CPU_OFF, a power-down CPU_SUSPEND,
 * SYSTEM_SUSPEND), one sequence for every platform and CPU
 * (docs/design/psci.rst, "The power-down tail").
 */
#include <arch/aarch64/asm_macros.S>

/*
 * psci_pwr_down_wfi(x0 = highest power level going off, w1 = 1 for
 * CPU_OFF, 0 for a suspend, x2 = warm-boot entry point): never returns.
 * Called with no lock held, MMU and data cache on, after the last store to
 * shared data:
 *  1. cpu_pwr_down_final (lib/cpus): the CPU model's last cache
 *     maintenance for the domains going off; it returns the CPU's unit;
 *  2. disable_mmu_el3: MMU and data cache off (nothing after this step
 *     uses the stack or memory that might be dirty in a cache);
 *  3. cpu_leave_coherency (lib/cpus), given that unit: out of the
 *     cluster's coherency;
 *  4. WFI, where the power controller the platform armed (its
 *     pwr_domain_off / pwr_domain_suspend hook) removes power. Before the
 *     first WFI and after each one that returns, plat_psci_pwr_down_wake
 *     (include/plat/plat_psci.h) says whether to WFI again or to resume:
 *     a power-down abandoned because a wake-up came first leaves through
 *     the warm-boot entry with the MMU off, as a powered-up core does.
 * The hook may also not return (QEMU: a CPU_OFF core waits in the hold
 * pen). Keeps its state in x19-x21 (the unit, needed once, in x21 first).
 */
func psci_pwr_down_wfi
	mov	w19, w1
	mov	x20, x2
	bl	cpu_pwr_down_final
	mov	x21, x0
	bl	disable_mmu_el3
	mov	x0, x21
	bl	cpu_leave_coherency
	mov	w21, #0
1:	mov	w0, w19
	mov	w1, w21
	bl	plat_psci_pwr_down_wake
	cbnz	x0, 2f
	dsb	sy
	wfi
	mov	w21, #1
	b	1b
2:	br	x20
endfunc psci_pwr_down_wfi
