/*
 * The CPU errata table (lib/cpus/errata.c) on the host: the revision
 * encoding from MIDR_EL1, and for every Neoverse N1 revision r0p0 to r4p1
 * (and every other variant/revision pair, and other CPU models) whether each
 * row applies, is missing from the build, or does not apply; the Spectre-BHB
 * loop count BL31's vectors must cover; the reset workarounds run exactly
 * for the rows that apply. The firmware's table and synthetic ones alike.
 * Built with WORKAROUND_CVE_2022_23960 = 1 and = 0.
 */
#include <stdbool.h>

#include "test.h"

#include <lib/cpus/errata.h>
#include <lib/smccc.h>

static uint64_t sim_midr;

uint64_t read_midr_el1(void)
{
	return sim_midr;
}

/* MIDR_EL1 of an Arm part @part at rVpR. */
static uint64_t midr(uint32_t part, unsigned int var, unsigned int rev)
{
	return (uint64_t)(0x41U << 24 | var << 20 | 0xFU << 16 | part << 4 | rev);
}

#define N1      0xD0CU
#define CVE_BHB CVE_ID(2022, 23960)

static void test_rev_encoding(void)
{
	CHECK_EQ(cpu_rev(0x410FD0C0), CPU_REV(0, 0));
	CHECK_EQ(cpu_rev(0x413FD0C1), CPU_REV(3, 1));
	CHECK_EQ(cpu_rev(0x414FD0C1), 0x41); /* r4p1, QEMU's neoverse-n1 */
	CHECK_EQ(cpu_rev(0x412FD0C0), 0x20);
	CHECK_EQ(cpu_rev(0xFFFFFFFF), 0xFF);
	for (unsigned int v = 0; v < 16; v++)
		for (unsigned int r = 0; r < 16; r++)
			CHECK_EQ(cpu_rev(midr(N1, v, r)), CPU_REV(v, r));
	CHECK_EQ(CVE_BHB, 202223960U);
}

/* Every row is well formed. */
static void test_rows(void)
{
	CHECK(cpu_errata_count >= 1);
	for (unsigned int i = 0; i < cpu_errata_count; i++) {
		const struct cpu_erratum *e = &cpu_errata[i];

		CHECK(e->rev_lo <= e->rev_hi);
		CHECK_EQ(e->midr & ~(uint32_t)MIDR_MODEL_MASK, 0);
		if (e->kind == CPU_WA_RESET)
			CHECK(e->apply != NULL);
		if (e->kind == CPU_WA_BHB_LOOP) {
			CHECK(e->loops > 0);
			/* BL31's runtime_exceptions_bhb runs this many: it must cover every row. */
			CHECK(e->loops <= BHB_LOOP_COUNT_NEOVERSE_N1);
			CHECK(e->apply == NULL);
		}
		/* One row per (model, kind, id). */
		for (unsigned int j = i + 1; j < cpu_errata_count; j++)
			CHECK(!(cpu_errata[j].midr == e->midr && cpu_errata[j].id == e->id &&
			        cpu_errata[j].kind == e->kind));
	}
}

/* CVE-2022-23960 on every N1 revision (and beyond r4p1: none exists, no row covers it). */
static void test_n1_bhb_every_revision(void)
{
	enum cpu_erratum_state built = WORKAROUND_CVE_2022_23960 ? ERRATUM_APPLIES
	                                                         : ERRATUM_MISSING;
	unsigned int seen = 0;

	for (unsigned int v = 0; v < 16; v++) {
		for (unsigned int r = 0; r < 16; r++) {
			uint64_t m = midr(N1, v, r);
			bool in = CPU_REV(v, r) <= CPU_REV(4, 1);

			CHECK_EQ(cpu_erratum_check(CPU_WA_BHB_LOOP, CVE_BHB, m),
			         in ? built : ERRATUM_NOT_APPLIES);
			CHECK_EQ(cpu_bhb_loop_count(m),
			         in && WORKAROUND_CVE_2022_23960 ? BHB_LOOP_COUNT_NEOVERSE_N1 : 0);
			/*
			 * The loop guards EL3 only: no SMCCC_ARCH_WORKAROUND call
			 * is N1's mitigation, so ARCH_FEATURES answers -1 for
			 * WORKAROUND_1 and _3 on every revision, as TF-A does.
			 */
			CHECK(!cpu_smccc_wa(SMCCC_ARCH_WORKAROUND_3, m));
			CHECK(!cpu_smccc_wa(SMCCC_ARCH_WORKAROUND_1, m));
			/* The same id under another kind is another question. */
			CHECK_EQ(cpu_erratum_check(CPU_WA_RESET, CVE_BHB, m), ERRATUM_NOT_APPLIES);
			seen += in;
		}
	}
	CHECK_EQ(seen, 4 * 16 + 2); /* r0p0..r3p15, r4p0, r4p1 */
	/* The published revisions, by name. */
	static const uint8_t revs[] = { 0x00, 0x10, 0x20, 0x30, 0x31, 0x40, 0x41 };
	for (unsigned int i = 0; i < sizeof(revs); i++)
		CHECK_EQ(cpu_bhb_loop_count(midr(N1, revs[i] >> 4, revs[i] & 0xFU)),
		         WORKAROUND_CVE_2022_23960 ? 24 : 0);
}

/* Other CPUs: no row (the Cortex-A76 and N2 are not in the table: no fact cited). */
static void test_other_models(void)
{
	static const uint64_t others[] = {
		0x000F0510, /* QEMU "max", the FVP's AEM */
		0x411FD070, /* Cortex-A57 r1p0 */
		0x410FD034, /* Cortex-A53 r0p4 */
		0x414FD0B1, /* Cortex-A76 r4p1 */
		0x410FD490, /* Neoverse N2 r0p0 */
		0x420FD0C0, /* implementer 0x42 with N1's part number */
		0,
	};

	for (unsigned int i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		CHECK_EQ(cpu_erratum_check(CPU_WA_BHB_LOOP, CVE_BHB, others[i]),
		         ERRATUM_NOT_APPLIES);
		CHECK_EQ(cpu_bhb_loop_count(others[i]), 0);
	}
}

/* A synthetic table: ranges, build options and reset workarounds. */
static int wa_a_calls, wa_b_calls, wa_c_calls;
static void wa_a(void)
{
	wa_a_calls++;
}
static void wa_b(void)
{
	wa_b_calls++;
}
static void wa_c(void)
{
	wa_c_calls++;
}

static const struct cpu_erratum fake_table[] = {
	/* r1p0..r3p0 built */
	{ MIDR_NEOVERSE_N1, 1000001, CPU_REV(1, 0), CPU_REV(3, 0), true, CPU_WA_RESET, 0, wa_a, 0 },
	/* r0p0..r4p1 not built */
	{ MIDR_NEOVERSE_N1, 1000002, CPU_REV(0, 0), CPU_REV(4, 1), false, CPU_WA_RESET, 0, wa_b,
	  0 },
	/* r3p1 only */
	{ MIDR_NEOVERSE_N1, 1000003, CPU_REV(3, 1), CPU_REV(3, 1), true, CPU_WA_RESET, 0, wa_c, 0 },
	/* another model with the same number */
	{ MIDR_CORTEX_A57, 1000001, CPU_REV(0, 0), CPU_REV(15, 15), true, CPU_WA_RESET, 0, wa_b,
	  0 },
	/* a loop whose SMCCC call is the lower EL's mitigation: r2p0..r4p1, built */
	{ MIDR_NEOVERSE_N1, 1000004, CPU_REV(2, 0), CPU_REV(4, 1), true, CPU_WA_BHB_LOOP, 8, NULL,
	  SMCCC_ARCH_WORKAROUND_3 },
	/* the same for WORKAROUND_1, not built */
	{ MIDR_NEOVERSE_N1, 1000005, CPU_REV(0, 0), CPU_REV(4, 1), false, CPU_WA_BHB_LOOP, 8, NULL,
	  SMCCC_ARCH_WORKAROUND_1 },
};
#define FAKE_COUNT (sizeof(fake_table) / sizeof(fake_table[0]))

static void test_synthetic_ranges(void)
{
	for (unsigned int v = 0; v <= 4; v++) {
		for (unsigned int r = 0; r <= 1; r++) {
			uint64_t m = midr(N1, v, r);
			unsigned int rev = CPU_REV(v, r);
			bool a = rev >= 0x10 && rev <= 0x30, c = rev == 0x31;

			CHECK_EQ(cpu_erratum_check_in(fake_table, FAKE_COUNT, CPU_WA_RESET, 1000001,
			                              m),
			         a ? ERRATUM_APPLIES : ERRATUM_NOT_APPLIES);
			CHECK_EQ(cpu_erratum_check_in(fake_table, FAKE_COUNT, CPU_WA_RESET, 1000002,
			                              m),
			         ERRATUM_MISSING);
			CHECK_EQ(cpu_erratum_check_in(fake_table, FAKE_COUNT, CPU_WA_RESET, 1000003,
			                              m),
			         c ? ERRATUM_APPLIES : ERRATUM_NOT_APPLIES);
			CHECK_EQ(cpu_erratum_check_in(fake_table, FAKE_COUNT, CPU_WA_RESET, 4242,
			                              m),
			         ERRATUM_NOT_APPLIES);

			CHECK_EQ(cpu_smccc_wa_in(fake_table, FAKE_COUNT, SMCCC_ARCH_WORKAROUND_3,
			                         m),
			         rev >= 0x20);
			CHECK(!cpu_smccc_wa_in(fake_table, FAKE_COUNT, SMCCC_ARCH_WORKAROUND_1, m));
			CHECK(!cpu_smccc_wa_in(fake_table, FAKE_COUNT, SMCCC_ARCH_WORKAROUND_2, m));
			/* 0 means "no call": never a match, even against rows without one. */
			CHECK(!cpu_smccc_wa_in(fake_table, FAKE_COUNT, 0, m));

			wa_a_calls = wa_b_calls = wa_c_calls = 0;
			CHECK_EQ(cpu_errata_apply_reset_in(fake_table, FAKE_COUNT, m), a + c);
			CHECK_EQ(wa_a_calls, a);
			CHECK_EQ(wa_b_calls, 0); /* not built, and the A57 row is another model */
			CHECK_EQ(wa_c_calls, c);
		}
	}
	/* The A57 row by its own model. */
	CHECK_EQ(cpu_erratum_check_in(fake_table, FAKE_COUNT, CPU_WA_RESET, 1000001, 0x411FD070),
	         ERRATUM_APPLIES);
	CHECK_EQ(cpu_erratum_check_in(fake_table, 0, CPU_WA_RESET, 1000001, 0x411FD070),
	         ERRATUM_NOT_APPLIES);
	CHECK(!cpu_smccc_wa_in(fake_table, FAKE_COUNT, SMCCC_ARCH_WORKAROUND_3, 0x411FD070));
}

/*
 * The firmware's table has no reset rows yet (no ERRATA_N1_<n>: see
 * lib/cpus/errata.c), so nothing runs at reset on any N1 revision. A row
 * that lands changes these fixed counts on purpose, with its revisions.
 */
static void test_firmware_reset_rows(void)
{
	unsigned int reset_rows = 0;

	for (unsigned int i = 0; i < cpu_errata_count; i++)
		reset_rows += cpu_errata[i].kind == CPU_WA_RESET;
	CHECK_EQ(reset_rows, 0);
	for (unsigned int v = 0; v <= 4; v++) {
		for (unsigned int r = 0; r <= 1; r++) {
			sim_midr = midr(N1, v, r);
			CHECK_EQ(cpu_errata_apply_reset_in(cpu_errata, cpu_errata_count, sim_midr),
			         0);
		}
	}
}

int main(void)
{
	RUN_TEST(test_rev_encoding);
	RUN_TEST(test_rows);
	RUN_TEST(test_n1_bhb_every_revision);
	RUN_TEST(test_other_models);
	RUN_TEST(test_synthetic_ranges);
	RUN_TEST(test_firmware_reset_rows);
	return test_summary();
}
