/*
 * The wake-up hook of lib/psci's power-down tail for a power controller
 * that removes power at the core's WFI (Base FVP, N1SDP; BL31 only).
 */
#include <arch/aarch64/asm_macros.S>

/*
 * plat_psci_pwr_down_wake(w0 = 1 for CPU_OFF, w1 = a WFI returned): the
 * contract is include/plat/plat_psci.h's. The first WFI is where power
 * goes. A suspend whose WFI returns was abandoned (its wake-up came
 * before the power controller acted): resume. A CPU_OFF core's WFI that
 * returns waits again: only the power controller ends a CPU_OFF.
 * Returns w1 AND NOT w0; clobbers x0 only.
 */
func plat_psci_pwr_down_wake
	bic	w0, w1, w0
	ret
endfunc plat_psci_pwr_down_wake
