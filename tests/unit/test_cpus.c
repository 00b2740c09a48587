/*
 * lib/cpus on the host: the CPU model each MIDR selects, the cache levels
 * each power-down flushes, and the set/way walk of cpu_dcsw_clean_inv
 * against simulated CLIDR_EL1/CCSIDR_EL1 values: every line of every
 * selected level exactly once, encoded as DC CISW wants it (ARM DDI 0487
 * C5.3). Built twice: with the IMPLEMENTATION DEFINED registers (Neoverse
 * N1 hardware) and without (QEMU).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include <lib/cpus/cpu_ops.h>
#include <platform_def.h>

/* The simulated core. */
static uint64_t sim_midr, sim_clidr, sim_mmfr2, sim_csselr;
static uint64_t sim_ccsidr[8];
static uint64_t *sim_ops;
static size_t sim_nops, sim_cap;
static int n1_pwrdn_calls;

uint64_t read_midr_el1(void)
{
	return sim_midr;
}
uint64_t read_clidr_el1(void)
{
	return sim_clidr;
}
uint64_t read_id_aa64mmfr2_el1(void)
{
	return sim_mmfr2;
}
void write_csselr_el1(uint64_t v)
{
	sim_csselr = v;
}
uint64_t read_ccsidr_el1(void)
{
	/* Data/unified caches only: CSSELR.InD (bit 0) must be 0. */
	CHECK_EQ(sim_csselr & 1U, 0);
	return sim_ccsidr[(sim_csselr >> 1) & 7U];
}
void dc_cisw(uint64_t setway)
{
	if (sim_nops == sim_cap) {
		sim_cap = sim_cap ? 2 * sim_cap : 4096;
		sim_ops = realloc(sim_ops, sim_cap * sizeof(*sim_ops));
	}
	sim_ops[sim_nops++] = setway;
}
/* The assembly loop's contract (lib/aarch64/cache_helpers.S), in C: its
 * own run is tests/unit/test_dcsw_asm.c's, under qemu-aarch64. */
void dcsw_level_clean_inv(uint64_t level_bits, uint32_t ways, uint32_t sets,
                          unsigned int line_shift, unsigned int way_shift)
{
	for (uint32_t way = 0; way < ways; way++)
		for (uint32_t set = 0; set < sets; set++)
			dc_cisw(level_bits | (way_shift < 32U ? (uint64_t)way << way_shift : 0U) |
			        (uint64_t)set << line_shift);
}
void n1_core_pwrdn_enable(void)
{
	n1_pwrdn_calls++;
}

/* CCSIDR_EL1 for a cache of @sets x @ways lines of @line bytes. */
static uint64_t ccsidr(uint32_t sets, uint32_t ways, uint32_t line, bool ccidx)
{
	uint64_t l = (uint64_t)__builtin_ctz(line) - 4U;

	if (ccidx)
		return (uint64_t)(sets - 1U) << 32 | (uint64_t)(ways - 1U) << 3 | l;
	return (uint64_t)(sets - 1U) << 13 | (uint64_t)(ways - 1U) << 3 | l;
}

static void sim_reset(uint64_t midr, uint64_t clidr)
{
	sim_midr = midr;
	sim_clidr = clidr;
	sim_mmfr2 = 0;
	sim_csselr = 0x5a; /* must end 0 */
	memset(sim_ccsidr, 0, sizeof(sim_ccsidr));
	sim_nops = 0;
	n1_pwrdn_calls = 0;
}

/*
 * The walk covered exactly levels [0, @levels) of data caches, each line
 * (set, way) once: decode each operation with the field positions the
 * architecture gives for the expected geometry.
 */
static void check_walk(unsigned int levels, const uint32_t *sets, const uint32_t *ways,
                       const unsigned int *set_shift, const unsigned int *way_shift)
{
	size_t expect = 0;

	for (unsigned int l = 0; l < levels; l++)
		expect += (size_t)sets[l] * ways[l];
	CHECK_EQ(sim_nops, expect);
	for (unsigned int l = 0; l < levels; l++) {
		uint8_t *seen = calloc((size_t)sets[l] * ways[l], 1);
		size_t n = 0;

		for (size_t i = 0; i < sim_nops; i++) {
			uint64_t op = sim_ops[i];

			if (((op >> 1) & 7U) != l)
				continue;
			uint64_t way = way_shift[l] < 32 ? (op >> way_shift[l]) : 0;
			uint64_t set = (op >> set_shift[l]) &
			               ((1ULL << ((way_shift[l] < 32 ? way_shift[l] : 32) -
			                          set_shift[l])) -
			                1U);
			CHECK(way < ways[l] && set < sets[l]);
			CHECK_EQ(op & 1U, 0);  /* bit 0 RES0 */
			CHECK_EQ(op >> 32, 0); /* SetWay is 32 bits */
			if (way < ways[l] && set < sets[l]) {
				CHECK_EQ(seen[way * sets[l] + set], 0);
				seen[way * sets[l] + set] = 1;
			}
			n++;
		}
		CHECK_EQ(n, (size_t)sets[l] * ways[l]);
		free(seen);
	}
	CHECK_EQ(sim_csselr, 0);
}

/* Cortex-A57 (QEMU's model): L1D 32 KiB 2-way, L2 2 MiB 16-way, 64-byte lines. */
#define A57_MIDR  0x411FD070ULL /* r1p0 */
#define A57_CLIDR 0x0A200023ULL /* L1 I+D, L2 unified; LoUIS 1, LoC 2 */

static void sim_a57(void)
{
	sim_reset(A57_MIDR, A57_CLIDR);
	sim_ccsidr[0] = ccsidr(256, 2, 64, false);
	sim_ccsidr[1] = ccsidr(2048, 16, 64, false);
}

static void test_models(void)
{
	CHECK_EQ(cpu_ops_find(0x411FD070)->midr, MIDR_CORTEX_A57);
	CHECK_EQ(cpu_ops_find(0x410FD034)->midr, MIDR_CORTEX_A53);
	CHECK_EQ(cpu_ops_find(0x413FD0C1)->midr, MIDR_NEOVERSE_N1); /* r3p1 */
	CHECK_EQ(cpu_ops_find(0x410FD083)->midr, MIDR_CORTEX_A72);
	CHECK_EQ(cpu_ops_find(0x410FD040)->midr, MIDR_CORTEX_A35);
	/* QEMU's "max", the FVP's AEM, a Cortex-A76: the CLIDR fallback. */
	CHECK_EQ(cpu_ops_find(0x000F0510)->flush, CPU_FLUSH_CLIDR);
	CHECK_EQ(cpu_ops_find(0x410FD0F0)->flush, CPU_FLUSH_CLIDR);
	CHECK_EQ(cpu_ops_find(0x414FD0B0)->flush, CPU_FLUSH_CLIDR);
	CHECK_EQ(cpu_ops_find(0x410FD0C0)->core_pwrdn_en, PLAT_CPU_IMPDEF_REGS != 0);
}

static void test_levels(void)
{
	const struct cpu_ops *a57 = cpu_ops_find(A57_MIDR);
	const struct cpu_ops *n1 = cpu_ops_find(0x414FD0C0);
	const struct cpu_ops *gen = cpu_ops_find(0);

	CHECK_EQ(cpu_flush_levels(a57, 0, A57_CLIDR), 1); /* core: L1 */
	CHECK_EQ(cpu_flush_levels(a57, 1, A57_CLIDR), 2); /* cluster: L1, L2 */
	CHECK_EQ(cpu_flush_levels(a57, 2, A57_CLIDR), 2);
	CHECK_EQ(cpu_flush_levels(n1, 0, 0x82000023), 0);
	CHECK_EQ(cpu_flush_levels(n1, 1, 0x82000023), 0);
	CHECK_EQ(cpu_flush_levels(gen, 0, A57_CLIDR), 1); /* LoUIS */
	CHECK_EQ(cpu_flush_levels(gen, 1, A57_CLIDR), 2); /* LoC */
	/* LoUIS 0 (no private level needs cleaning), LoC 3. */
	CHECK_EQ(cpu_flush_levels(gen, 0, 0x03000123), 0);
	CHECK_EQ(cpu_flush_levels(gen, 1, 0x03000123), 3);
}

static void test_a57_core_and_cluster(void)
{
	static const uint32_t sets[] = { 256, 2048 }, ways[] = { 2, 16 };
	static const unsigned int set_shift[] = { 6, 6 }, way_shift[] = { 31, 28 };

	sim_a57();
	cpu_pwr_down_prep(0);
	check_walk(1, sets, ways, set_shift, way_shift);
	sim_a57();
	cpu_pwr_down_prep(1);
	check_walk(2, sets, ways, set_shift, way_shift);
	CHECK_EQ(n1_pwrdn_calls, 0);
	/* The final pass walks the same levels again. */
	sim_a57();
	cpu_pwr_down_final(1);
	check_walk(2, sets, ways, set_shift, way_shift);
}

static void test_generic_clidr(void)
{
	/*
	 * An instruction-only L1 is skipped, a 12-way (not a power of two)
	 * unified L2 with 128-byte lines gets a 4-bit way field, a
	 * direct-mapped L3 none; levels past a "no cache" Ctype are not walked
	 * even if LoC says more. CCIDX format.
	 */
	static const uint32_t sets[] = { 0, 512, 4096 }, ways[] = { 0, 12, 1 };
	static const unsigned int set_shift[] = { 0, 7, 6 }, way_shift[] = { 32, 28, 32 };

	sim_reset(0x000F0510, 0x04000000ULL | 4U << 6 | 4U << 3 | 1U); /* L1 I, L2 U, L3 U, LoC 4 */
	sim_mmfr2 = 1ULL << 20;
	sim_ccsidr[1] = ccsidr(512, 12, 128, true);
	sim_ccsidr[2] = ccsidr(4096, 1, 64, true);
	cpu_dcsw_clean_inv(4);
	CHECK_EQ(sim_nops, 512 * 12 + 4096);
	check_walk(3, sets, ways, set_shift, way_shift);
}

static void test_n1(void)
{
	sim_reset(0x414FD0C0, 0x82000023);
	cpu_pwr_down_prep(1);
	CHECK_EQ(sim_nops, 0); /* the DSU writes the caches back */
	CHECK_EQ(n1_pwrdn_calls, PLAT_CPU_IMPDEF_REGS ? 1 : 0);
}

int main(void)
{
	RUN_TEST(test_models);
	RUN_TEST(test_levels);
	RUN_TEST(test_a57_core_and_cluster);
	RUN_TEST(test_generic_clidr);
	RUN_TEST(test_n1);
	free(sim_ops);
	return test_summary();
}
