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
 * Clean and invalidate one cache level by set/way (ARM DDI 0487 D7.5,
 * "Cache maintenance by set/way"; the DC CISW operand, C5.3: way in the top
 * A = ceil(log2(ways)) bits of 32, set from bit L = log2(line bytes),
 * level in bits 3:1). The geometry is decoded by the caller
 * (lib/cpus/cpu_dcsw.c, host-tested); this is the loop, with the way and
 * set counters in registers: per line one DC CISW and the add that makes
 * the next operand (the floor: each operation needs its own), and a
 * compare and branch per sixteen lines where the set count is a multiple
 * of sixteen (any power of two from 16; Cortex-A57's L1 data cache: 1088
 * instructions for its 512 lines, against 1280 unrolled four times).
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
	tst	w2, #15
	b.ne	3f
1:	mov	x10, x0			/* this way, set 0 */
	add	x12, x0, x8		/* past its last set */
2:	.rept	16
	DCSW_OP x10
	add	x10, x10, x7
	.endr
	cmp	x10, x12
	b.ne	2b
	add	x0, x0, x9
	subs	w11, w11, #1
	b.ne	1b
	DCSW_EXIT
	ret
	/* A set count that is not a multiple of sixteen: one line a step. */
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
