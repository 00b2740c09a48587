/*
 * Base FVP: core position from MPIDR_EL1 (AEM or MT-style, read at run
 * time) and the secondaries' cold boot: every core starts at reset (Base_PowerController
 * "startup" parameter), the secondaries power themselves off until CPU_ON.
 */
#include <arch/aarch64/asm_macros.S>
#include <platform_def.h>

/*
 * plat_my_core_pos: cluster * FVP_CORES_PER_CLUSTER + core. With MPIDR.MT
 * set (Neoverse N1) Aff0 is the thread (must be 0), Aff1 the core, Aff2
 * the cluster; else Aff0 is the core and Aff1 the cluster (Aff2 must be 0).
 * Anything else: PLATFORM_CORE_COUNT. Clobbers x0-x2.
 */
func plat_my_core_pos
	mrs	x1, mpidr_el1
	tbz	x1, #24, 1f			/* MPIDR.MT */
	tst	x1, #0xff			/* thread */
	b.ne	2f
	lsr	x1, x1, #8
	and	x1, x1, #0xffff
1:	ubfx	x2, x1, #16, #8			/* above the cluster */
	cbnz	x2, 2f
	ubfx	x0, x1, #0, #8			/* core */
	ubfx	x2, x1, #8, #8			/* cluster */
	cmp	x0, #PLAT_CORES_PER_CLUSTER
	ccmp	x2, #PLAT_CLUSTER_COUNT, #2, lo
	b.hs	2f
	mov	x1, #PLAT_CORES_PER_CLUSTER
	madd	x0, x2, x1, x0
	ret
2:	mov	x0, #PLATFORM_CORE_COUNT
	ret
endfunc plat_my_core_pos

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
