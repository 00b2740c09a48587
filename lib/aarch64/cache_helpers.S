/*
 * Data-cache maintenance. Register contract (AAPCS64): arguments in x0/x1,
 * clobbers x0-x5 and flags only, no stack use, so these are safe with the
 * MMU off and before a stack exists. Each operation finishes with DSB SY.
 * Source: ARM DDI 0487 D7.5 "Cache support" (DC CIVAC/CVAC/IVAC, DC CISW).
 */
#include <arch/aarch64/asm_macros.S>

	/* x0 = start address, x1 = size in bytes; \op is the DC operation. */
	.macro dcache_by_line op
	cbz	x1, 2f
	mrs	x3, ctr_el0
	ubfx	x3, x3, #CTR_DMINLINE_SHIFT, #4
	mov	x2, #4
	lsl	x2, x2, x3		/* smallest D-cache line, bytes */
	add	x1, x0, x1		/* end */
	sub	x3, x2, #1
	bic	x0, x0, x3		/* align start down to a line */
1:	dc	\op, x0
	add	x0, x0, x2
	cmp	x0, x1
	b.lo	1b
2:	dsb	sy
	ret
	.endm

func flush_dcache_range
	dcache_by_line civac
endfunc flush_dcache_range

func clean_dcache_range
	dcache_by_line cvac
endfunc clean_dcache_range

func inv_dcache_range
	dcache_by_line ivac
endfunc inv_dcache_range

/*
 * Clean and invalidate every data/unified cache level up to the Level of
 * Coherency, by set/way. Clobbers x0-x11, no stack. Only for a single CPU
 * turning its caches off; set/way operations are not coherent broadcasts.
 */
func dcsw_op_all_clean_inv
	dsb	sy
	mrs	x0, clidr_el1
	ubfx	x3, x0, #CLIDR_LOC_SHIFT, #3	/* LoC */
	cbz	x3, 5f
	mov	x10, #0				/* cache level << 1 */
1:	add	x2, x10, x10, lsr #1		/* level * 3 */
	lsr	x1, x0, x2
	and	x1, x1, #7			/* Ctype of this level */
	cmp	x1, #2
	b.lt	4f				/* no data cache here */
	msr	csselr_el1, x10
	isb
	mrs	x1, ccsidr_el1
	and	x2, x1, #7
	add	x2, x2, #4			/* log2(line bytes) */
	/* FEAT_CCIDX (ID_AA64MMFR2_EL1.CCIDX) widens CCSIDR_EL1's fields. */
	mrs	x6, id_aa64mmfr2_el1
	ubfx	x6, x6, #20, #4
	cbnz	x6, 6f
	ubfx	x4, x1, #3, #10			/* ways - 1 */
	ubfx	x7, x1, #13, #15		/* sets - 1 */
	b	7f
6:	ubfx	x4, x1, #3, #21
	ubfx	x7, x1, #32, #24
7:	clz	w5, w4				/* way field shift */
2:	mov	x9, x4				/* way */
3:	lsl	x6, x9, x5
	orr	x11, x10, x6
	lsl	x6, x7, x2
	orr	x11, x11, x6
	dc	cisw, x11
	subs	x9, x9, #1
	b.ge	3b
	subs	x7, x7, #1
	b.ge	2b
4:	add	x10, x10, #2
	cmp	x3, x10, lsr #1
	b.gt	1b
5:	msr	csselr_el1, xzr
	dsb	sy
	isb
	ret
endfunc dcsw_op_all_clean_inv
