/*
 * QEMU virt: the cold-boot hold pen of secondaries.
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
