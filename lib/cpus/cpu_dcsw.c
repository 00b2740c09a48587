/*
 * Data cache clean and invalidate by set/way (include/lib/cpus/cpu_ops.h).
 * Host-tested against simulated CLIDR/CCSIDR values (tests/unit/test_cpus.c).
 */
#include <arch/aarch64/arch_helpers.h>
#include <lib/cpus/cpu_ops.h>

/* ID_AA64MMFR2_EL1.CCIDX: CCSIDR_EL1 in its 64-bit format (FEAT_CCIDX). */
#define ID_AA64MMFR2_CCIDX_SHIFT 20

/* ceil(log2(n)), n >= 1 */
static unsigned int log2_ceil(uint32_t n)
{
	return n <= 1U ? 0U : 32U - (unsigned int)__builtin_clz(n - 1U);
}

void cpu_dcsw_clean_inv(unsigned int levels)
{
	uint64_t clidr = read_clidr_el1();
	bool ccidx = ID_FIELD(read_id_aa64mmfr2_el1(), ID_AA64MMFR2_CCIDX_SHIFT) != 0U;

	dsb_sy();
	for (unsigned int lvl = 0; lvl < levels && lvl < CLIDR_MAX_LEVELS; lvl++) {
		unsigned int ctype = (unsigned int)(clidr >> (CLIDR_CTYPE_BITS * lvl)) & 7U;

		if (ctype == 0U)
			break; /* no cache here, nor further out */
		if (ctype < CLIDR_CTYPE_DATA)
			continue; /* instruction cache only */
		/*
		 * CCSIDR_EL1 (D19.2): LineSize = log2(bytes) - 4 in bits 2:0;
		 * Associativity - 1 and NumSets - 1 above it, in 10 and 15
		 * bits, or with FEAT_CCIDX 21 bits from bit 3 and 24 bits
		 * from bit 32.
		 */
		write_csselr_el1((uint64_t)lvl << 1);
		isb();
		uint64_t ccsidr = read_ccsidr_el1();
		unsigned int line_shift = (unsigned int)(ccsidr & 7U) + 4U;
		uint32_t ways = (uint32_t)((ccsidr >> 3) & (ccidx ? 0x1FFFFFU : 0x3FFU)) + 1U;
		uint32_t sets = (uint32_t)(ccidx ? (ccsidr >> 32) & 0xFFFFFFU
		                                 : (ccsidr >> 13) & 0x7FFFU) +
		                1U;
		/* DC CISW: way in the top log2(ways) bits of 32, set from L,
		 * level in 3:1; the loop is lib/aarch64/cache_helpers.S's. */
		dcsw_level_clean_inv((uint64_t)lvl << 1, ways, sets, line_shift,
		                     32U - log2_ceil(ways));
	}
	write_csselr_el1(0);
	dsb_sy();
	isb();
}
