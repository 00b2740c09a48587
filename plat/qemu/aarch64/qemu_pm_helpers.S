/*
 * QEMU virt: the wake-up hook of lib/psci's power-down tail (BL31 only).
 */
#include <arch/aarch64/asm_macros.S>

/*
 * plat_psci_pwr_down_wake(w0 = 1 for CPU_OFF, w1 = a WFI returned): the
 * contract is include/plat/plat_psci.h's. QEMU has no power controller, so
 * the hook models one as software sees it (docs/plat/qemu.rst): a
 * suspended core resumes once an interrupt is pending for it (ISR_EL1
 * shows it whatever PSTATE masks; its CPU interface keeps signalling,
 * qemu_pm.c), so the WFI before goes on until one is; an off core waits
 * in its hold pen like a core that never started, and CPU_ON's release
 * sends it to the warm-boot entry. MMU and caches are off, no stack;
 * clobbers x0-x4 and x30.
 */
func plat_psci_pwr_down_wake
	cbnz	w0, 1f
	mrs	x0, isr_el1
	ret
1:	bl	plat_my_core_pos
	b	plat_secondary_cold_boot
endfunc plat_psci_pwr_down_wake
