/*
 * The set/way loop of lib/aarch64/cache_helpers.S (dcsw_level_clean_inv),
 * run on AArch64 (under qemu-aarch64, tests/unit/sha2.mk) with each DC CISW
 * recorded instead of executed (tests/unit/dcsw_record.S): for cache shapes
 * of real CPUs and awkward ones, every (way, set) of the level exactly once,
 * with the level in bits 3:1 and nothing else set. The geometry decoding
 * in front of it is tests/unit/test_cpus.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"

void dcsw_level_clean_inv(uint64_t level_bits, uint32_t ways, uint32_t sets,
                          unsigned int line_shift, unsigned int way_shift);

uint64_t *dcsw_log_pos;

static unsigned int log2_ceil(uint32_t n)
{
	return n <= 1U ? 0U : 32U - (unsigned int)__builtin_clz(n - 1U);
}

static void walk(unsigned int level, uint32_t sets, uint32_t ways, unsigned int line_shift)
{
	size_t n = (size_t)sets * ways;
	uint64_t *log = calloc(n + 1, sizeof(*log));
	uint8_t *seen = calloc(n, 1);
	unsigned int way_shift = 32U - log2_ceil(ways);
	size_t bad = 0;

	log[n] = 0xdeadbeefu; /* one past the end: must stay */
	dcsw_log_pos = log;
	dcsw_level_clean_inv((uint64_t)level << 1, ways, sets, line_shift, way_shift);
	CHECK_EQ(dcsw_log_pos - log, n);
	CHECK_EQ(log[n], 0xdeadbeefu);
	for (size_t i = 0; i < n && dcsw_log_pos - log == (long)n; i++) {
		uint64_t op = log[i];
		uint64_t way = way_shift < 32U ? op >> way_shift : 0;
		uint64_t set = (op >> line_shift) & ((1ull << (way_shift - line_shift)) - 1U);
		uint64_t rebuilt = (way_shift < 32U ? way << way_shift : 0) | set << line_shift |
		                   (uint64_t)level << 1;

		if (op != rebuilt || way >= ways || set >= sets || seen[way * sets + set]) {
			bad++;
			continue;
		}
		seen[way * sets + set] = 1;
	}
	if (bad != 0)
		printf("    level %u, %u sets x %u ways: %zu bad operands\n", level, sets, ways,
		       bad);
	CHECK_EQ(bad, 0);
	free(seen);
	free(log);
}

static void test_shapes(void)
{
	walk(0, 256, 2, 6);   /* Cortex-A57 L1D, 32 KiB */
	walk(1, 2048, 16, 6); /* Cortex-A57 L2, 2 MiB */
	walk(0, 256, 4, 6);   /* Neoverse N1 L1D, 64 KiB */
	walk(1, 1024, 8, 6);  /* Neoverse N1 L2, 512 KiB */
	walk(1, 512, 12, 7);  /* 12 ways, 128-byte lines */
	walk(2, 4096, 1, 6);  /* direct-mapped */
	walk(3, 3, 5, 4);     /* sets not a multiple of 16 */
	walk(0, 8, 4, 6);     /* 8 sets: one line a step */
	walk(1, 16, 2, 6);    /* 16 sets: one unrolled pass per way */
	walk(2, 48, 3, 6);    /* a multiple of 16, not a power of two */
	walk(0, 1, 1, 4);     /* one line */
	walk(6, 6, 3, 6);
}

int main(void)
{
	RUN_TEST(test_shapes);
	return test_summary();
}
