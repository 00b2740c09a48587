/*
 * N1SDP: core position from an MT-style MPIDR, and the trusted mailbox BL1
 * consults at every reset (plat/common/aarch64/trusted_mailbox.S).
 */
#include <arch/aarch64/asm_macros.S>
#include <platform_def.h>

/*
 * plat_my_core_pos: cluster * 2 + core, from Aff2 (cluster) and Aff1
 * (core); Aff0 is the thread and must be 0. Anything else is unknown
 * (PLATFORM_CORE_COUNT). Clobbers x0-x2.
 */
func plat_my_core_pos
	mrs	x1, mpidr_el1
	ubfx	x0, x1, #MPIDR_AFF1_SHIFT, #8
	ubfx	x2, x1, #MPIDR_AFF2_SHIFT, #8
	cmp	x0, #PLAT_CORES_PER_CLUSTER
	ccmp	x2, #PLAT_CLUSTER_COUNT, #2, lo	/* lo: keep C clear only if both fit */
	b.hs	1f
	tst	x1, #0xff			/* thread */
	b.ne	1f
	ubfx	x2, x1, #MPIDR_AFF3_SHIFT, #8
	cbnz	x2, 1f
	ubfx	x2, x1, #MPIDR_AFF2_SHIFT, #8
	add	x0, x0, x2, lsl #1
	ret
1:	mov	x0, #PLATFORM_CORE_COUNT
	ret
endfunc plat_my_core_pos

/*
 * plat_secondary_cold_boot: the SCP holds secondaries in reset until
 * CPU_ON, so a secondary here with no warm-boot entry is unexpected: park.
 */
func plat_secondary_cold_boot
1:	wfi
	b	1b
endfunc plat_secondary_cold_boot
