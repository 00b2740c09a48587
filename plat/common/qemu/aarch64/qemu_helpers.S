/*
 * A QEMU machine (plat/common/qemu): the hold pen of secondaries at cold
 * boot, the warm-boot entry BL1 never has, and the wake-up hook of lib/psci's
 * power-down tail (BL31), which models a power controller.
 */
#include <arch/aarch64/asm_macros.S>
#include <hold_pen.h>
#include <platform_def.h>

/*
 * plat_secondary_cold_boot(x0 = core position): never returns. A known
 * secondary waits in its hold pen slot (plat/common/include/hold_pen.h) for PSCI
 * CPU_ON; an unknown CPU stops for good. MMU and caches are off.
 */
func plat_secondary_cold_boot
	cmp	x0, #PLATFORM_CORE_COUNT
	b.hs	3f
	mov_imm	x1, PLAT_SHARED_RAM_BASE
	add	x1, x1, x0, lsl #HOLD_PEN_SLOT_SHIFT
	mov_imm	x2, HOLD_PEN_GO
1:	ldr	x3, [x1, #HOLD_PEN_STATE]
	cmp	x3, x2
	b.eq	2f
	wfe
	b	1b
2:	ldr	x4, [x1, #HOLD_PEN_ENTRY]
	str	xzr, [x1, #HOLD_PEN_STATE]
	dsb	sy
	br	x4
3:	wfi
	b	3b
endfunc plat_secondary_cold_boot

/*
 * plat_get_my_entrypoint: always 0 on QEMU. Nothing resets a core for a
 * warm boot here: powered-down cores wait in the hold pen or in WFI and
 * enter BL31 from there.
 */
func plat_get_my_entrypoint
	mov	x0, #0
	ret
endfunc plat_get_my_entrypoint

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
