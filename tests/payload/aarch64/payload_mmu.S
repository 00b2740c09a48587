/*
 * The payload's EL2 translation regime (E2H = 0), the normal world's own:
 * the same memory attributes and table format as the firmware's EL3
 * tables (lib/xlat builds both), programmed into the EL2 registers.
 */
#include <arch/aarch64/asm_macros.S>
#include <lib/xlat.h>

/*
 * payload_enable_mmu_el2(x0 = TTBR0_EL2 value): program MAIR/TCR/TTBR0 of
 * EL2 and turn on the MMU, caches and WXN. No stack or memory use, so a
 * core coming up with its MMU off can run it first. Clobbers x0-x1.
 */
func payload_enable_mmu_el2
	mov_imm	x1, MAIR_EL3_VALUE
	msr	mair_el2, x1
	mov_imm	x1, (TCR_EL3_RES1 | TCR_TG0_4K | TCR_SH0_INNER | TCR_ORGN0_WBWA | TCR_IRGN0_WBWA | XLAT_TCR_FIELDS)
	msr	tcr_el2, x1
	msr	ttbr0_el2, x0
	dsb	ish
	tlbi	alle2
	dsb	ish
	isb
	mrs	x0, sctlr_el2
	mov_imm	x1, (SCTLR_M_BIT | SCTLR_C_BIT | SCTLR_I_BIT | SCTLR_WXN_BIT)
	orr	x0, x0, x1
	msr	sctlr_el2, x0
	isb
	ret
endfunc payload_enable_mmu_el2
