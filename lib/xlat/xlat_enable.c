#include <arch/aarch64/arch_helpers.h>
#include <lib/xlat.h>

/*
 * TCR for the EL2 regime (enable_mmu_direct_el3 in misc_helpers.S builds
 * the same value for EL3): T0SZ = 32 (4 GiB), 4 KiB granule, inner-shareable
 * write-back walks, 32-bit physical addresses (PS = 0), RES1 bits 31 and 23.
 * ARM DDI 0487 D19.2.142 (TCR_EL3) / D19.2.141 (TCR_EL2, E2H == 0).
 */
#define TCR_VALUE	(TCR_EL3_RES1 | TCR_TG0_4K | TCR_SH0_INNER | TCR_ORGN0_WBWA | \
			 TCR_IRGN0_WBWA | (64U - XLAT_VA_BITS))

void xlat_enable_mmu_el3(const struct xlat_ctx *ctx)
{
	/* The DSB inside orders the table writes before the first walk. */
	enable_mmu_direct_el3((uintptr_t)ctx->base_table);
}

void xlat_enable_mmu_el2(const struct xlat_ctx *ctx)
{
	__asm__ volatile("msr mair_el2, %0" : : "r"((uint64_t)MAIR_EL3_VALUE));
	__asm__ volatile("msr tcr_el2, %0" : : "r"((uint64_t)TCR_VALUE));
	__asm__ volatile("msr ttbr0_el2, %0" : : "r"((uint64_t)(uintptr_t)ctx->base_table));
	dsb_ish();
	__asm__ volatile("tlbi alle2" : : : "memory");
	dsb_ish();
	isb();
	write_sctlr_el2(read_sctlr_el2() | SCTLR_M_BIT | SCTLR_C_BIT | SCTLR_I_BIT |
			SCTLR_WXN_BIT);
	isb();
}
