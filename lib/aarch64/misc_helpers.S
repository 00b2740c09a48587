/*
 * Assembly helpers for paths with no usable stack or memory: zeroing
 * memory, and turning the EL3 MMU on or off.
 */
#include <arch/aarch64/asm_macros.S>
#include <lib/xlat.h>

/*
 * zero_mem(x0 = start, x1 = end): zero [start, end), both 8-byte aligned.
 * No stack use: this is how the entry code clears .bss, stacks included.
 * 64 bytes per iteration (STP pairs, aligned as the MMU-off Device memory
 * requires), then 8 at a time. Clobbers x0.
 */
func zero_mem
1:	add	x0, x0, #64
	cmp	x0, x1
	b.hi	2f
	stp	xzr, xzr, [x0, #-64]
	stp	xzr, xzr, [x0, #-48]
	stp	xzr, xzr, [x0, #-32]
	stp	xzr, xzr, [x0, #-16]
	b	1b
2:	sub	x0, x0, #64
3:	cmp	x0, x1
	b.hs	4f
	str	xzr, [x0], #8
	b	3b
4:	ret
endfunc zero_mem

/*
 * zero_normal_mem(x0 = base, x1 = size): zero [base, base + size) of
 * Normal memory (any cacheability; MMU on), base and size multiples of
 * 4 KiB, with DC ZVA: one block of DCZID_EL0.BS (4 << BS bytes, 64 on
 * Neoverse N1) per 4-instruction iteration (DDI 0487: DC ZVA, DCZID_EL0); 64
 * bytes per STP iteration where DC ZVA is prohibited (DCZID_EL0.DZP).
 * Ends with DSB SY: every write is complete when it returns. Clobbers x0-x3.
 */
func zero_normal_mem
	cbz	x1, 3f
	add	x1, x0, x1
	mrs	x2, dczid_el0
	tbnz	x2, #4, 2f
	and	x2, x2, #0xf
	mov	x3, #4
	lsl	x3, x3, x2
1:	dc	zva, x0
	add	x0, x0, x3
	cmp	x0, x1
	b.lo	1b
	b	3f
2:	stp	xzr, xzr, [x0]
	stp	xzr, xzr, [x0, #16]
	stp	xzr, xzr, [x0, #32]
	stp	xzr, xzr, [x0, #48]
	add	x0, x0, #64
	cmp	x0, x1
	b.lo	2b
3:	dsb	sy
	ret
endfunc zero_normal_mem

/*
 * Turn the EL3 MMU and data cache off and forget the old translations and
 * instructions, for a jump into the next boot image. No cache is cleaned:
 * the caller has cleaned to the PoC, by address, everything the next image
 * reads (the images it loaded, their parameters), and the next image
 * invalidates its own read-write memory before it writes to it with the
 * MMU off (bl2_entrypoint, bl31_entrypoint). Cleaning every cache by set/way
 * instead costs the whole cache (129,000 instructions per call for QEMU's
 * neoverse-n1: 1 MiB of L2) and reaches no system cache anyway (ARM DDI 0487
 * D7.5.9: set/way operations act on the PE's caches only). Clobbers x0.
 */
func disable_mmu_el3
	mrs	x0, sctlr_el3
	bic	x0, x0, #SCTLR_M_BIT
	bic	x0, x0, #SCTLR_C_BIT
	msr	sctlr_el3, x0
	isb
	tlbi	alle3
	ic	iallu
	dsb	sy
	isb
	ret
endfunc disable_mmu_el3

/*
 * enable_mmu_direct_el3(x0 = TTBR0_EL3 value): program MAIR/TCR/TTBR0 and
 * turn on the MMU, caches and WXN. Uses no stack and no memory, so a CPU
 * coming out of power-down can run it before its stack is coherent.
 * Clobbers x0-x1. TCR: see xlat_enable.c.
 */
func enable_mmu_direct_el3
	mov_imm	x1, MAIR_EL3_VALUE
	msr	mair_el3, x1
	mov_imm	x1, (TCR_EL3_RES1 | TCR_TG0_4K | TCR_SH0_INNER | TCR_ORGN0_WBWA | TCR_IRGN0_WBWA | XLAT_TCR_FIELDS)
	msr	tcr_el3, x1
	msr	ttbr0_el3, x0
	dsb	ish
	tlbi	alle3
	dsb	ish
	isb
	mrs	x0, sctlr_el3
	mov_imm	x1, (SCTLR_M_BIT | SCTLR_C_BIT | SCTLR_I_BIT | SCTLR_WXN_BIT)
	orr	x0, x0, x1
	msr	sctlr_el3, x0
	isb
	ret
endfunc enable_mmu_direct_el3
