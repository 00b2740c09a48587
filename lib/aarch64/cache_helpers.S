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

/*
 * Clean and invalidate one cache level by set/way (ARM DDI 0487 D7.5,
 * "Cache maintenance by set/way"; the DC CISW operand, C5.3: way in the top
 * A = ceil(log2(ways)) bits of 32, set from bit L = log2(line bytes),
 * level in bits 3:1). The geometry is decoded by the caller
 * (lib/cpus/cpu_dcsw.c, host-tested); this is the loop, with the way and
 * set counters in registers: per line one DC CISW and one add, and a
 * compare and branch per four lines where the set count is a multiple of
 * four (always for a power of two of at least 4).
 *   x0 = level << 1, w1 = ways (>= 1), w2 = sets (>= 1),
 *   w3 = L, w4 = 32 - A (32 for one way)
 * Clobbers x0-x2, x5-x12 and flags; no stack, no barrier (the caller
 * brackets the levels with DSB SY).
 * DCSW_OP: the operation (DC CISW); the set/way unit test builds this file
 * with its own, which records each operand instead.
 */
#ifndef DCSW_OP
	.macro DCSW_OP reg
	dc	cisw, \reg
	.endm
#define DCSW_ENTRY
#define DCSW_EXIT
#endif

func dcsw_level_clean_inv
	DCSW_ENTRY
	mov	x5, #1
	lsl	x7, x5, x3		/* one set */
	lsl	x9, x5, x4		/* one way (2^32 for one way: never added) */
	lsl	x8, x2, x3		/* all the sets */
	mov	w11, w1			/* ways left */
	tst	w2, #3
	b.ne	3f
1:	mov	x10, x0			/* this way, set 0 */
	add	x12, x0, x8		/* past its last set */
2:	DCSW_OP x10
	add	x10, x10, x7
	DCSW_OP x10
	add	x10, x10, x7
	DCSW_OP x10
	add	x10, x10, x7
	DCSW_OP x10
	add	x10, x10, x7
	cmp	x10, x12
	b.ne	2b
	add	x0, x0, x9
	subs	w11, w11, #1
	b.ne	1b
	DCSW_EXIT
	ret
	/* A set count that is not a multiple of four: one line a step. */
3:	mov	x10, x0
	add	x12, x0, x8
4:	DCSW_OP x10
	add	x10, x10, x7
	cmp	x10, x12
	b.ne	4b
	add	x0, x0, x9
	subs	w11, w11, #1
	b.ne	3b
	DCSW_EXIT
	ret
endfunc dcsw_level_clean_inv
