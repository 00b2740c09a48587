/*
 * plat_my_core_pos of a uniform topology (plat/common/include/uniform_topology.h),
 * for the platform's MPIDR layout: the calling CPU's position, or
 * PLATFORM_CORE_COUNT for one the layout does not describe. MMU on or off,
 * no stack; clobbers x0-x2.
 */
#include <arch/aarch64/asm_macros.S>
#include <platform_def.h>
#include <uniform_topology.h>

/*
 * \dst += \cluster * PLAT_CORES_PER_CLUSTER: one shifted add for a power
 * of two (N1SDP's 2), else a multiply-add. Clobbers x1.
 */
	.macro add_cluster_base dst, cluster
	.if PLAT_CORES_PER_CLUSTER == 1
	add	\dst, \dst, \cluster
	.elseif PLAT_CORES_PER_CLUSTER == 2
	add	\dst, \dst, \cluster, lsl #1
	.elseif PLAT_CORES_PER_CLUSTER == 4
	add	\dst, \dst, \cluster, lsl #2
	.elseif PLAT_CORES_PER_CLUSTER == 8
	add	\dst, \dst, \cluster, lsl #3
	.elseif PLAT_CORES_PER_CLUSTER == 16
	add	\dst, \dst, \cluster, lsl #4
	.else
	mov	x1, #PLAT_CORES_PER_CLUSTER
	madd	\dst, \cluster, x1, \dst
	.endif
	.endm

func plat_my_core_pos
	mrs	x1, mpidr_el1
#if PLAT_MPIDR_LAYOUT == MPIDR_LAYOUT_LINEAR
	/* Aff1 * 16 + Aff0 (Aff1 is 0 with 16 cores or fewer); Aff2/3 set: unknown. */
	ubfx	x0, x1, #MPIDR_AFF0_SHIFT, #8
	ubfx	x2, x1, #MPIDR_AFF1_SHIFT, #8
	add	x0, x0, x2, lsl #4
	mov_imm	x2, (MPIDR_AFFINITY_MASK & ~0xffff)
	tst	x1, x2
	mov	x2, #PLATFORM_CORE_COUNT
	csel	x0, x2, x0, ne
	cmp	x0, x2
	csel	x0, x2, x0, hi
	ret
#elif PLAT_MPIDR_LAYOUT == MPIDR_LAYOUT_AFF1_CORE
	/* cluster * PLAT_CORES_PER_CLUSTER + core, from Aff2 and Aff1; thread 0. */
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
	add_cluster_base x0, x2
	ret
1:	mov	x0, #PLATFORM_CORE_COUNT
	ret
#else
#if PLAT_MPIDR_LAYOUT == MPIDR_LAYOUT_BY_MT
	/* MPIDR.MT: Aff0 is the thread (0); the rest down one level. */
	tbz	x1, #24, 1f
	tst	x1, #0xff
	b.ne	2f
	lsr	x1, x1, #8
	and	x1, x1, #0xffff
1:
#endif
	/* cluster * PLAT_CORES_PER_CLUSTER + core, from Aff1 and Aff0. */
	ubfx	x2, x1, #MPIDR_AFF2_SHIFT, #8	/* above the cluster */
	cbnz	x2, 2f
	ubfx	x0, x1, #MPIDR_AFF0_SHIFT, #8
	ubfx	x2, x1, #MPIDR_AFF1_SHIFT, #8
	cmp	x0, #PLAT_CORES_PER_CLUSTER
	ccmp	x2, #PLAT_CLUSTER_COUNT, #2, lo
	b.hs	2f
	add_cluster_base x0, x2
	ret
2:	mov	x0, #PLATFORM_CORE_COUNT
	ret
#endif
endfunc plat_my_core_pos
