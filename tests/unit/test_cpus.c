/*
 * lib/cpus on the host: the unit each MIDR selects (the firmware's units,
 * linked in their section), the cache levels each power-down flushes,
 * the power-down rows it hands the walker, and the set/way walk of
 * cpu_dcsw_clean_inv against simulated CLIDR_EL1/CCSIDR_EL1 values: every
 * line of every selected level exactly once, encoded as DC CISW wants it
 * (ARM DDI 0487 C5.3). Built twice: with the IMPLEMENTATION DEFINED
 * registers (Neoverse N1 hardware) and without (QEMU).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include <lib/cpus/cpu_ops.h>
#include <lib/el3_runtime/cpu_data.h>
#include <platform_def.h>

/* The simulated core. */
static uint64_t sim_midr, sim_clidr, sim_mmfr2, sim_csselr;
static uint64_t sim_ccsidr[8];
static uint64_t *sim_ops;
static size_t sim_nops, sim_cap;
static int run_rows_calls;
static const struct cpu_row *run_rows_rows;
static struct cpu_data sim_cpu_data;

uint64_t read_tpidr_el3(void)
{
	return (uint64_t)(uintptr_t)&sim_cpu_data;
}
uint64_t read_id_aa64pfr1_el1(void)
{
	return 0;
}

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
/* The assembly walker (its own run: tests/unit/test_cpu_rows.c): what it is given. */
void cpu_run_rows(const struct cpu_row *rows, uint64_t count, uint64_t midr)
{
	CHECK_EQ(midr, sim_midr);
	CHECK(count > 0);
	run_rows_rows = rows;
	run_rows_calls++;
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
	run_rows_calls = 0;
	run_rows_rows = NULL;
	/* As BL31's entry does: this CPU's unit in its data. */
	sim_cpu_data.cpu_ops = cpu_ops_find(midr);
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
	/* Every revision of each model; the look-up ignores variant and revision. */
	CHECK_EQ(cpu_ops_find(0x411FD070)->midr, MIDR_ARM(0xD07U));
	CHECK_EQ(cpu_ops_find(0x410FD034)->midr, MIDR_ARM(0xD03U));
	CHECK_EQ(cpu_ops_find(0x413FD0C1)->midr, MIDR_ARM(0xD0CU)); /* N1 r3p1 */
	CHECK_EQ(cpu_ops_find(0x410FD083)->midr, MIDR_ARM(0xD08U));
	CHECK_EQ(cpu_ops_find(0x410FD040)->midr, MIDR_ARM(0xD04U));
	CHECK_EQ(cpu_ops_find(0x414FD0B1)->midr, MIDR_ARM(0xD0BU)); /* A76 r4p1, QEMU's */
	CHECK_EQ(cpu_ops_find(0x414FD0B1)->flush, CPU_FLUSH_NONE);
	/* QEMU's "max", the FVP's AEM, an N2, N1's part from another implementer. */
	CHECK(cpu_ops_find(0x000F0510) == &cpu_ops_generic);
	CHECK(cpu_ops_find(0x410FD490) == &cpu_ops_generic);
	CHECK(cpu_ops_find(0x420FD0C0) == &cpu_ops_generic);
	CHECK_EQ(cpu_ops_generic.flush, CPU_FLUSH_CLIDR);
	/* The units in look-up order: Neoverse N1 first (rank 0), each model once. */
	CHECK_EQ(cpu_ops_first()->midr, MIDR_ARM(0xD0CU));
	CHECK(cpu_ops_last() - cpu_ops_first() == 6);
	for (const struct cpu_ops *a = cpu_ops_first(); a < cpu_ops_last(); a++) {
		CHECK(a->midr != 0 && (a->midr & ~(uint32_t)MIDR_MODEL_MASK) == 0);
		CHECK(cpu_ops_find(a->midr) == a);
		for (const struct cpu_ops *b = a + 1; b < cpu_ops_last(); b++)
			CHECK(a->midr != b->midr);
	}
}

static void test_levels(void)
{
	const struct cpu_ops *a57 = cpu_ops_find(A57_MIDR);
	const struct cpu_ops *n1 = cpu_ops_find(0x414FD0C0);
	const struct cpu_ops *gen = &cpu_ops_generic;

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
	CHECK_EQ(run_rows_calls, 0); /* the A57 has no power-down rows: SMPEN goes last */
	/* The final pass walks the same levels again, and hands back the unit. */
	sim_a57();
	CHECK(cpu_pwr_down_final(1) == cpu_ops_find(A57_MIDR));
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

/*
 * Neoverse N1: no set/way flush (the DSU writes the caches back), and its
 * power-down rows (CORE_PWRDN_EN, 2743102's DSB, the ISB) go to the walker
 * only where the registers exist: elsewhere not even a call.
 */
static void test_n1(void)
{
	sim_reset(0x414FD0C0, 0x82000023);
	cpu_pwr_down_prep(1);
	CHECK_EQ(sim_nops, 0);
	CHECK_EQ(run_rows_calls, PLAT_CPU_IMPDEF_REGS ? 1 : 0);
	if (PLAT_CPU_IMPDEF_REGS)
		CHECK(run_rows_rows == cpu_ops_find(0x414FD0C0)->pwr_down.row);
	sim_reset(0x414FD0C0, 0x82000023);
	CHECK(cpu_pwr_down_final(0) == cpu_ops_find(0x414FD0C0));
	CHECK_EQ(sim_nops, 0);
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
