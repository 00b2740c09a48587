/*
 * Base FVP: the secondaries' cold boot: every core starts at reset
 * (Base_PowerController "startup" parameter), the secondaries power
 * themselves off until CPU_ON.
 */
#include <arch/aarch64/asm_macros.S>
#include <platform_def.h>

/*
 * plat_secondary_cold_boot: ask the power controller to turn this core off
 * (PPOFFR, its MPIDR affinity) with no wake-up enable, and WFI: CPU_ON's
 * PPONR restarts it at the reset vector, where BL1 finds the mailbox.
 */
func plat_secondary_cold_boot
	mrs	x0, mpidr_el1
	and	x0, x0, #0xffffff
	mov_imm	x1, PLAT_PWRC_BASE
	str	w0, [x1, #0xc]			/* PWKUPR: WEN clear */
	str	w0, [x1, #0x0]			/* PPOFFR */
	dsb	sy
1:	wfi
	b	1b
endfunc plat_secondary_cold_boot
