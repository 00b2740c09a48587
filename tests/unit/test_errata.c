/*
 * The CPU units' rows (lib/cpus/units) on the host, against the facts:
 *  - every unit keeps the rules the walker relies on (walked lists hold
 *    only built rows of their place, IMPLEMENTATION DEFINED rows last, the
 *    CPU's own steps before the errata, errata by number; registers that
 *    exist; one row per erratum);
 *  - Neoverse N1's rows are exactly the 19 errata TF-A has a workaround for (its
 *    list of 18 and 1043202, in its code only) and the three CVEs with an EL3 part, each with the
 *    revisions, place, registers, bits and barriers of Arm's notice as TF-A
 *    gives them (the table below, written from those documents);
 *  - each row applies on every MIDR variant/revision from r0p0 to r15p15
 *    exactly where its revisions say, and is skipped, with its reason,
 *    where the build, the platform or the PE lacks what it needs;
 *  - the Errata Management ABI's answer for each, per revision; the
 *    Spectre-BHB loop and CVE-2018-3639's state per model; erratum
 *    1542419's EL3 trap handler.
 * Built as on silicon (the registers, every mitigation) and as on QEMU
 * (neither).
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"

#include <lib/cpus/errata.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/smccc.h>
#include <platform_def.h>

#define N1  MIDR_ARM(0xD0CU)
#define A57 MIDR_ARM(0xD07U)
#define A72 MIDR_ARM(0xD08U)
#define A76 MIDR_ARM(0xD0BU)
#define A53 MIDR_ARM(0xD03U)
#define A35 MIDR_ARM(0xD04U)

#define PFR1_SSBS (2ULL << 4) /* N1's ID_AA64PFR1_EL1.SSBS */

/* The simulated CPU and what the trap handler does to it. */
static uint64_t sim_midr, sim_pfr1 = PFR1_SSBS;
static struct cpu_data sim_cpu;
static char ops_log[64];
static size_t ops_len;

uint64_t read_midr_el1(void)
{
	return sim_midr;
}
uint64_t read_id_aa64pfr1_el1(void)
{
	return sim_pfr1;
}
uint64_t read_tpidr_el3(void)
{
	return (uint64_t)(uintptr_t)&sim_cpu;
}
static void log_op(char c)
{
	if (ops_len + 1 < sizeof(ops_log))
		ops_log[ops_len++] = c;
	ops_log[ops_len] = '\0';
}
void dsb_sy(void)
{
	log_op('S');
}
void dsb_ish(void)
{
	log_op('I');
}
void tlbi_vae3is(uint64_t va_bits)
{
	CHECK_EQ(va_bits, 0);
	log_op('V');
}
void tlbi_vale3is(uint64_t va_bits)
{
	CHECK_EQ(va_bits, 0);
	log_op('L');
}
/* Nothing here powers down: lib/cpus/cpu_ops.c's hooks link to these. */
uint64_t read_clidr_el1(void)
{
	return 0;
}
void cpu_dcsw_clean_inv(unsigned int levels)
{
	(void)levels;
}
void cpu_run_rows(const struct cpu_row *rows, uint64_t count, uint64_t midr)
{
	(void)rows;
	(void)count;
	(void)midr;
}

static uint64_t midr(uint32_t model, unsigned int var, unsigned int rev)
{
	return model | (uint64_t)var << 20 | 0xFU << 16 | rev;
}

static const struct cpu_ops *unit(uint32_t model)
{
	return cpu_ops_find(model);
}

/* ---- the facts ---- */

struct write_fact {
	enum cpu_reg reg;
	uint64_t set, clear;
	uint32_t sync;
};

#define SET(r, bits)                                                                               \
	{                                                                                          \
		CPU_REG_##r, (bits), 0, 0                                                          \
	}
#define WRITE(r, value)                                                                            \
	{                                                                                          \
		CPU_REG_##r, (value), ~0ULL, 0                                                     \
	}
#define WRITE_ISB(r, v)                                                                            \
	{                                                                                          \
		CPU_REG_##r, (v), ~0ULL, CPU_SYNC_ISB                                              \
	}

enum list {
	RESET,
	PWR_DOWN,
	RUNTIME
};

struct fact {
	uint32_t id;
	uint8_t lo, hi;
	enum list list;
	uint8_t where;
	bool impdef, ssbs;
	uint8_t em;
	unsigned int nw;
	struct write_fact w[12];
};

#define R(v, p) CPU_REV(v, p)
#define ERRATUM_SET(n, lo, hi, reg, bits)                                                          \
	{                                                                                          \
		n, lo, hi, RESET, CPU_AT_RESET, true, false, CPU_EM_EL3, 1,                        \
		{                                                                                  \
			SET(reg, bits)                                                             \
		}                                                                                  \
	}
/* What the build puts at reset (or keeps aside) for CVE-2018-3639. */
#define SSBD_LIST (WORKAROUND_CVE_2018_3639 ? RESET : RUNTIME)

/*
 * Neoverse N1: TF-A's cpu-specific-build-macros.rst (revisions) and its
 * neoverse_n1.S (the workarounds), for Arm's SDEN-885747.
 */
static const struct fact n1_facts[] = {
	ERRATUM_SET(925373, R(0, 0), R(0, 0), CPUACTLR3_EL1, 3ULL << 33),
	{ 1043202,
	  R(0, 0),
	  R(1, 0),
	  RESET,
	  CPU_AT_RESET,
	  true,
	  false,
	  CPU_EM_EL3,
	  4,
	  { WRITE(CPUPSELR_EL3, 0), WRITE(CPUPOR_EL3, 0xF3BF8F2F), WRITE(CPUPMR_EL3, 0xFFFFFFFF),
	    WRITE_ISB(CPUPCR_EL3, 0x800200071) } },
	ERRATUM_SET(1073348, R(0, 0), R(1, 0), CPUACTLR_EL1, 1ULL << 6),
	ERRATUM_SET(1130799, R(0, 0), R(2, 0), CPUACTLR2_EL1, 1ULL << 59),
	ERRATUM_SET(1165347, R(0, 0), R(2, 0), CPUACTLR2_EL1, 1ULL << 0 | 1ULL << 15),
	ERRATUM_SET(1207823, R(0, 0), R(2, 0), CPUACTLR2_EL1, 1ULL << 11),
	ERRATUM_SET(1220197, R(0, 0), R(2, 0), CPUECTLR_EL1, 3ULL << 24),
	ERRATUM_SET(1257314, R(0, 0), R(3, 0), CPUACTLR3_EL1, 1ULL << 10),
	ERRATUM_SET(1262606, R(0, 0), R(3, 0), CPUACTLR_EL1, 1ULL << 13),
	ERRATUM_SET(1262888, R(0, 0), R(3, 0), CPUECTLR_EL1, 1ULL << 51),
	ERRATUM_SET(1275112, R(0, 0), R(3, 0), CPUACTLR_EL1, 1ULL << 13),
	ERRATUM_SET(1315703, R(0, 0), R(3, 0), CPUACTLR2_EL1, 1ULL << 16),
	{ 1542419,
	  R(3, 0),
	  R(4, 0),
	  RESET,
	  CPU_AT_RESET,
	  true,
	  false,
	  CPU_EM_SPLIT,
	  4,
	  { WRITE(CPUPSELR_EL3, 0), WRITE(CPUPOR_EL3, 0xEE670D35), WRITE(CPUPMR_EL3, 0xFFFF0FFF),
	    WRITE_ISB(CPUPCR_EL3, 0x08000020007D) } },
	ERRATUM_SET(1791580, R(0, 0), R(4, 0), CPUACTLR2_EL1, 1ULL << 2),
	ERRATUM_SET(1868343, R(0, 0), R(4, 0), CPUACTLR_EL1, 1ULL << 13),
	{ 1946160,
	  R(3, 0),
	  R(4, 1),
	  RESET,
	  CPU_AT_RESET,
	  true,
	  false,
	  CPU_EM_EL3,
	  12,
	  { WRITE(CPUPSELR_EL3, 3), WRITE(CPUPOR_EL3, 0x10E3900002),
	    WRITE(CPUPMR_EL3, 0x10FFF00083), WRITE(CPUPCR_EL3, 0x2001003FF), WRITE(CPUPSELR_EL3, 4),
	    WRITE(CPUPOR_EL3, 0x10E3800082), WRITE(CPUPMR_EL3, 0x10FFF00083),
	    WRITE(CPUPCR_EL3, 0x2001003FF), WRITE(CPUPSELR_EL3, 5), WRITE(CPUPOR_EL3, 0x10E3800200),
	    WRITE(CPUPMR_EL3, 0x10FFF003E0), WRITE_ISB(CPUPCR_EL3, 0x2001003FF) } },
	{ 2743102,
	  R(0, 0),
	  R(4, 1),
	  PWR_DOWN,
	  CPU_AT_PWR_DOWN,
	  true,
	  false,
	  CPU_EM_EL3,
	  1,
	  { { CPU_REG_NONE, 0, 0, CPU_SYNC_DSB_SY } } },
	{ 3324349,
	  R(0, 0),
	  R(4, 1),
	  SSBD_LIST,
	  CPU_AT_RESET,
	  false,
	  true,
	  CPU_EM_EACH_EL,
	  1,
	  { { CPU_REG_NONE, 0, 0, CPU_SYNC_ISB } } },
	ERRATUM_SET(3888013, R(0, 0), R(4, 1), CPUACTLR2_EL1, 1ULL << 22),
	{ CVE_ID(2018, 3639),
	  R(0, 0),
	  R(4, 1),
	  SSBD_LIST,
	  CPU_AT_RESET,
	  false,
	  true,
	  CPU_EM_EACH_EL,
	  1,
	  { WRITE(SSBS, 0) } }, /* PSTATE.SSBS (bit 12) cleared, as TF-A: MSR SSBS, XZR */
	{ CVE_ID(2022, 23960),
	  R(0, 0),
	  R(4, 1),
	  RUNTIME,
	  CPU_AT_ENTRY,
	  false,
	  false,
	  CPU_EM_EACH_EL,
	  0,
	  { { 0 } } },
	{ CVE_ID(2025, 10263),
	  R(0, 0),
	  R(4, 1),
	  RUNTIME,
	  CPU_AT_TLBI,
	  false,
	  false,
	  CPU_EM_EACH_EL,
	  0,
	  { { 0 } } },
};
#define N1_FACTS (sizeof(n1_facts) / sizeof(n1_facts[0]))

/* Whether a fact's build option carries it (errata: always). */
static bool fact_built(const struct fact *f)
{
	if (f->id == CVE_ID(2018, 3639) || f->id == 3324349)
		return WORKAROUND_CVE_2018_3639;
	if (f->id == CVE_ID(2022, 23960))
		return WORKAROUND_CVE_2022_23960;
	if (f->id == CVE_ID(2025, 10263))
		return WORKAROUND_CVE_2025_10263;
	return true;
}

static const struct cpu_rows *list_of(const struct cpu_ops *ops, enum list l)
{
	return l == RESET ? &ops->reset : l == PWR_DOWN ? &ops->pwr_down : &ops->runtime;
}

static bool in_list(const struct cpu_rows *rows, const struct cpu_row *row)
{
	return row >= rows->row && row < rows->row + rows->count;
}

/* ---- the rules every unit keeps ---- */

static void check_walked(const struct cpu_rows *rows, uint8_t where, const char *name)
{
	bool impdef_seen = false, erratum_seen = false;
	uint32_t last_id = 0;

	for (uint32_t i = 0; i < rows->count; i++) {
		const struct cpu_row *row = &rows->row[i];
		bool impdef = (row->flags & CPU_ROW_IMPDEF) != 0U;

		CHECK_EQ(row->where, where);
		CHECK(row->flags & CPU_ROW_BUILT); /* CPU_IF keeps the others aside */
		CHECK(row->nwrite > 0 && row->write != NULL);
		CHECK(row->rev_lo <= row->rev_hi);
		for (unsigned int w = 0; w < row->nwrite; w++)
			CHECK(row->write[w].reg < CPU_REG_COUNT);
		/* The walk stops at the first IMPLEMENTATION DEFINED row where there are none. */
		if (!impdef && impdef_seen)
			printf("    %s: an architectural row after an IMPDEF one\n", name);
		CHECK(impdef || !impdef_seen);
		/*
		 * Among the IMPLEMENTATION DEFINED rows (the architectural ones
		 * are the mitigations' and in the order their facts need), the
		 * CPU's own steps come first, then the errata by number, except
		 * the steps around an erratum of the power-down sequence.
		 */
		if (impdef && where == CPU_AT_RESET) {
			CHECK(row->id == 0U ? !erratum_seen : row->id > last_id);
			if (row->id != 0U) {
				erratum_seen = true;
				last_id = row->id;
			}
		}
		impdef_seen |= impdef;
	}
}

static void check_unit(const struct cpu_ops *ops)
{
	const struct cpu_rows *all[] = { &ops->reset, &ops->pwr_down, &ops->leave, &ops->runtime };
	unsigned int entry_rows = 0;

	CHECK(ops->name != NULL);
	check_walked(&ops->reset, CPU_AT_RESET, ops->name);
	check_walked(&ops->pwr_down, CPU_AT_PWR_DOWN, ops->name);
	check_walked(&ops->leave, CPU_AT_LEAVE, ops->name);
	for (uint32_t i = 0; i < ops->runtime.count; i++) {
		const struct cpu_row *row = &ops->runtime.row[i];

		/* Runtime rows, or rows of a walked place the build left out. */
		CHECK(row->where >= CPU_AT_ENTRY || (row->flags & CPU_ROW_BUILT) == 0U);
		CHECK(row->id != 0U);
		entry_rows += row->where == CPU_AT_ENTRY;
	}
	/* A loop count where a CVE-2022-23960 row is, and only there. */
	CHECK_EQ(entry_rows, ops->bhb_loops != 0U);
	for (unsigned int a = 0; a < 4; a++) {
		for (uint32_t i = 0; i < all[a]->count; i++) {
			const struct cpu_row *row = &all[a]->row[i];

			CHECK(row->rev_lo <= row->rev_hi);
			if (row->id == 0U) {
				/* The CPU's own steps: every revision. */
				CHECK_EQ(row->rev_lo, 0);
				CHECK_EQ(row->rev_hi, 0xFF);
				continue;
			}
			CHECK(row->what != NULL);
			/* One row per erratum: cpu_erratum_find finds this one. */
			CHECK(cpu_erratum_find(ops, row->id) == row);
		}
	}
}

static void test_unit_rules(void)
{
	for (const struct cpu_ops *ops = cpu_ops_first(); ops < cpu_ops_last(); ops++)
		check_unit(ops);
	check_unit(&cpu_ops_generic);
	CHECK(cpu_erratum_find(unit(N1), 0) == NULL);
}

/* ---- Neoverse N1 against the facts ---- */

static void test_n1_rows_are_the_facts(void)
{
	const struct cpu_ops *n1 = unit(N1);
	const struct cpu_rows *all[] = { &n1->reset, &n1->pwr_down, &n1->leave, &n1->runtime };
	unsigned int rows = 0;

	CHECK_EQ(n1->midr, N1);
	CHECK_EQ(n1->flush, CPU_FLUSH_NONE);
	CHECK_EQ(n1->bhb_loops, 24);
	CHECK_EQ(n1->leave.count, 0);
	for (unsigned int a = 0; a < 4; a++)
		for (uint32_t i = 0; i < all[a]->count; i++)
			rows += all[a]->row[i].id != 0U;
	CHECK_EQ(rows, N1_FACTS); /* 19 errata and 3 CVEs, nothing else */
	CHECK_EQ(N1_FACTS, 22);

	for (unsigned int i = 0; i < N1_FACTS; i++) {
		const struct fact *f = &n1_facts[i];
		const struct cpu_row *row = cpu_erratum_find(n1, f->id);

		if (row == NULL) {
			printf("    N1 has no row for %u\n", f->id);
			test_current_failed = 1;
			continue;
		}
		CHECK_EQ(row->rev_lo, f->lo);
		CHECK_EQ(row->rev_hi, f->hi);
		CHECK_EQ(row->where, f->where);
		CHECK(in_list(list_of(n1, f->list), row));
		CHECK_EQ((row->flags & CPU_ROW_IMPDEF) != 0U, f->impdef);
		CHECK_EQ((row->flags & CPU_ROW_SSBS) != 0U, f->ssbs);
		CHECK_EQ((row->flags & CPU_ROW_BUILT) != 0U, fact_built(f));
		CHECK_EQ(row->em, f->em);
		CHECK_EQ(row->nwrite, f->nw);
		for (unsigned int w = 0; w < f->nw && w < row->nwrite; w++) {
			if (row->write[w].reg != f->w[w].reg || row->write[w].set != f->w[w].set ||
			    row->write[w].clear != f->w[w].clear ||
			    row->write[w].sync != f->w[w].sync) {
				printf("    erratum %u: write %u differs from the facts\n", f->id,
				       w);
				test_current_failed = 1;
			}
		}
	}
}

/*
 * The reset rows in the order they run: the architectural ones the build
 * carries (CVE-2018-3639's SSBS write, then 3324349's ISB right after it),
 * the CPU's own steps (CORE_PWRDN_EN cleared; CPUECTLR_EL1.EXTLLC set on a
 * platform with an external last-level cache, as this test's N1SDP-like
 * build says), the errata by number; before a power-down: CORE_PWRDN_EN
 * set, 2743102's DSB, the ISB.
 */
static void test_n1_order(void)
{
	const struct cpu_ops *n1 = unit(N1);
	static const uint32_t reset_errata[] = { 925373,  1043202, 1073348, 1130799, 1165347,
		                                 1207823, 1220197, 1257314, 1262606, 1262888,
		                                 1275112, 1315703, 1542419, 1791580, 1868343,
		                                 1946160, 3888013 };
	uint32_t want[32];
	unsigned int n = 0, step;

	if (WORKAROUND_CVE_2018_3639) {
		want[n++] = CVE_ID(2018, 3639);
		want[n++] = 3324349;
	}
	step = n;
	want[n++] = 0;
	if (PLAT_CPU_EXTERNAL_LLC)
		want[n++] = 0;
	for (unsigned int i = 0; i < sizeof(reset_errata) / sizeof(reset_errata[0]); i++)
		want[n++] = reset_errata[i];
	CHECK_EQ(n1->reset.count, n);
	for (unsigned int i = 0; i < n && i < n1->reset.count; i++)
		CHECK_EQ(n1->reset.row[i].id, want[i]);
	/* CORE_PWRDN_EN cleared by the step, with no barrier of its own. */
	CHECK_EQ(n1->reset.row[step].write[0].reg, CPU_REG_CPUPWRCTLR_EL1);
	CHECK_EQ(n1->reset.row[step].write[0].clear, 1);
	/* EXTLLC, CPUECTLR_EL1 bit 0 (TF-A's NEOVERSE_Nx_EXTERNAL_LLC). */
	if (PLAT_CPU_EXTERNAL_LLC) {
		CHECK_EQ(n1->reset.row[step + 1].write[0].reg, CPU_REG_CPUECTLR_EL1);
		CHECK_EQ(n1->reset.row[step + 1].write[0].set, 1);
		CHECK(n1->reset.row[step + 1].flags & CPU_ROW_IMPDEF);
	}

	CHECK_EQ(n1->pwr_down.count, 3);
	if (n1->pwr_down.count == 3) {
		CHECK_EQ(n1->pwr_down.row[0].id, 0);
		CHECK_EQ(n1->pwr_down.row[0].write[0].reg, CPU_REG_CPUPWRCTLR_EL1);
		CHECK_EQ(n1->pwr_down.row[0].write[0].set, 1);
		CHECK_EQ(n1->pwr_down.row[1].id, 2743102);
		CHECK_EQ(n1->pwr_down.row[2].id, 0);
		CHECK_EQ(n1->pwr_down.row[2].write[0].sync, CPU_SYNC_ISB);
	}
}

/* Every variant/revision pair: applies exactly inside the range, with its reasons. */
static void test_n1_revision_gating(void)
{
	const struct cpu_ops *n1 = unit(N1);
	unsigned int applied_r3p1 = 0;

	for (unsigned int i = 0; i < N1_FACTS; i++) {
		const struct fact *f = &n1_facts[i];
		const struct cpu_row *row = cpu_erratum_find(n1, f->id);

		if (row == NULL)
			continue;
		for (unsigned int v = 0; v < 16; v++) {
			for (unsigned int r = 0; r < 16; r++) {
				uint64_t m = midr(N1, v, r);
				bool in = CPU_REV(v, r) >= f->lo && CPU_REV(v, r) <= f->hi;
				enum cpu_row_state want = !in              ? CPU_ROW_NOT_AFFECTED
				                          : !fact_built(f) ? CPU_ROW_NOT_BUILT
				                                           : CPU_ROW_APPLIED;

				CHECK_EQ(cpu_row_state_in(row, m, PFR1_SSBS, true), want);
				/* Without the registers: the IMPDEF rows are skipped, saying why. */
				CHECK_EQ(cpu_row_state_in(row, m, PFR1_SSBS, false),
				         want == CPU_ROW_APPLIED && f->impdef ? CPU_ROW_NO_IMPDEF
				                                              : want);
				/* Without FEAT_SSBS: nothing to write for the SSBS rows. */
				CHECK_EQ(cpu_row_state_in(row, m, 0, true),
				         want == CPU_ROW_APPLIED && f->ssbs ? CPU_ROW_NO_SSBS
				                                            : want);
				if (v == 3 && r == 1 && want == CPU_ROW_APPLIED)
					applied_r3p1++;
			}
		}
		/* The same number on other models: no row (their errata are not N1's). */
		CHECK(cpu_erratum_find(unit(A57), f->id) == NULL || f->id >= CVE_ID(2000, 0));
		CHECK(cpu_erratum_find(unit(A76), f->id) == NULL || f->id >= CVE_ID(2000, 0));
	}
	/* r3p1, by name: 1542419 1791580 1868343 1946160 2743102 3888013, and the built CVEs. */
	CHECK_EQ(applied_r3p1, 6 + (WORKAROUND_CVE_2018_3639 ? 2 : 0) + WORKAROUND_CVE_2022_23960 +
	                               WORKAROUND_CVE_2025_10263);
}

/* ---- the Errata Management ABI's answers ---- */

static int32_t em_want(const struct fact *f, unsigned int rev, bool impdef)
{
	bool applied = fact_built(f) && (!f->impdef || impdef);

	if (rev < f->lo || rev > f->hi)
		return EM_NOT_AFFECTED;
	if (f->em == CPU_EM_EL3)
		return applied ? EM_HIGHER_EL_MITIGATION : EM_AFFECTED;
	if (f->em == CPU_EM_SPLIT)
		return applied ? EM_AFFECTED : EM_UNKNOWN_ERRATUM;
	return EM_AFFECTED;
}

static void test_em_answers(void)
{
	const struct cpu_ops *n1 = unit(N1);

	for (unsigned int i = 0; i < N1_FACTS; i++) {
		const struct fact *f = &n1_facts[i];

		for (unsigned int v = 0; v < 16; v++) {
			for (unsigned int r = 0; r < 16; r++) {
				for (unsigned int impdef = 0; impdef < 2; impdef++)
					CHECK_EQ(cpu_em_answer_in(n1, f->id, midr(N1, v, r),
					                          PFR1_SSBS, impdef),
					         em_want(f, CPU_REV(v, r), impdef));
			}
		}
		/* Another model knows none of N1's errata. */
		if (f->id < CVE_ID(2000, 0)) {
			CHECK_EQ(cpu_em_answer_in(unit(A57), f->id, midr(A57, 1, 0), 0, true),
			         EM_UNKNOWN_ERRATUM);
			CHECK_EQ(cpu_em_answer_in(&cpu_ops_generic, f->id, 0x000F0510, 0, true),
			         EM_UNKNOWN_ERRATUM);
		}
	}
	/* Numbers no row has; 0 is the CPU's own steps, never an erratum. */
	CHECK_EQ(cpu_em_answer_in(n1, 0, midr(N1, 3, 0), PFR1_SSBS, true), EM_UNKNOWN_ERRATUM);
	CHECK_EQ(cpu_em_answer_in(n1, 1542418, midr(N1, 3, 0), PFR1_SSBS, true),
	         EM_UNKNOWN_ERRATUM);
	CHECK_EQ(cpu_em_answer_in(n1, 0xFFFFFFFFU, midr(N1, 3, 0), PFR1_SSBS, true),
	         EM_UNKNOWN_ERRATUM);
	/* The calling CPU: this platform and build (PLAT_CPU_IMPDEF_REGS). */
	sim_midr = midr(N1, 3, 0);
	sim_cpu.cpu_ops = n1;
	CHECK_EQ(cpu_em_answer(1542419), (PLAT_CPU_IMPDEF_REGS ? EM_AFFECTED : EM_UNKNOWN_ERRATUM));
	CHECK_EQ(cpu_em_answer(1946160),
	         (PLAT_CPU_IMPDEF_REGS ? EM_HIGHER_EL_MITIGATION : EM_AFFECTED));
	CHECK_EQ(cpu_em_answer(925373), EM_NOT_AFFECTED);
}

/* ---- the Spectre-BHB loop and CVE-2018-3639, per model ---- */

static void test_bhb_and_ssbd(void)
{
	static const struct {
		uint32_t model;
		unsigned int loops;
		bool ssbd_row; /* CVE-2018-3639 mitigated at reset for every EL where built */
	} models[] = {
		{ N1, 24, false }, { A76, 24, false }, { A57, 8, true },
		{ A72, 8, true },  { A53, 0, false },  { A35, 0, false },
	};

	for (unsigned int i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
		const struct cpu_ops *ops = unit(models[i].model);

		for (unsigned int v = 0; v < 5; v++) {
			uint64_t m = midr(models[i].model, v, v & 1U);

			CHECK_EQ(cpu_bhb_loops(ops, m),
			         WORKAROUND_CVE_2022_23960 ? models[i].loops : 0);
			/* FEAT_SSBS: each EL sets its own; without, the row decides. */
			CHECK(cpu_ssbd_not_required(ops, m, PFR1_SSBS));
			CHECK_EQ(cpu_ssbd_not_required(ops, m, 0),
			         models[i].ssbd_row && WORKAROUND_CVE_2018_3639);
		}
	}
	CHECK_EQ(cpu_bhb_loops(&cpu_ops_generic, 0x000F0510), 0);
	CHECK(!cpu_ssbd_not_required(&cpu_ops_generic, 0x000F0510, 0));
	CHECK(cpu_ssbd_not_required(&cpu_ops_generic, 0x000F0510, 1ULL << 4));
}

/* ---- 1542419's EL3 half ---- */

/* One trap on a CPU of @m: handled or not, and what it ran. */
static bool trap(uint64_t m, unsigned int ec, struct el3_context *ctx)
{
	sim_midr = m;
	sim_cpu.cpu_ops = cpu_ops_find(m);
	memset(ctx, 0x5A, sizeof(*ctx));
	ctx->elr_el3 = 0x40001000;
	ops_len = 0;
	ops_log[0] = '\0';
	return cpu_trap(ctx, (uint64_t)ec << ESR_EC_SHIFT | 0x1234);
}

static void test_n1_trap(void)
{
	struct el3_context ctx, untouched;
	/* Applied on r3p0-r4p0 where the registers exist (the patch that traps is there). */
	bool handles = PLAT_CPU_IMPDEF_REGS != 0;

	for (unsigned int v = 0; v <= 4; v++) {
		for (unsigned int r = 0; r <= 1; r++) {
			bool in = CPU_REV(v, r) >= 0x30 && CPU_REV(v, r) <= 0x40;

			CHECK_EQ(trap(midr(N1, v, r), EC_IMP_DEF_EL3, &ctx), in && handles);
			if (in && handles) {
				/* TLBI VAE3IS + DSB SY; CVE-2025-10263's TLBI VALE3IS + DSB ISH. */
				CHECK(strcmp(ops_log, WORKAROUND_CVE_2025_10263 ? "VSLI" : "VS") ==
				      0);
				CHECK_EQ(ctx.elr_el3, 0x40001004); /* the IC IVAU skipped */
				CHECK_EQ(ctx.x[0], 0x5A5A5A5A5A5A5A5AULL);
			} else {
				CHECK_EQ(ops_len, 0);
				CHECK_EQ(ctx.elr_el3, 0x40001000);
			}
		}
	}
	/* Any other class, or another model: not handled, nothing done. */
	CHECK(!trap(midr(N1, 3, 0), EC_AARCH64_SYS, &ctx));
	CHECK(!trap(midr(N1, 3, 0), EC_UNKNOWN, &ctx));
	CHECK(!trap(midr(A57, 1, 0), EC_IMP_DEF_EL3, &ctx));
	CHECK(!trap(0x000F0510, EC_IMP_DEF_EL3, &untouched));
	CHECK_EQ(ops_len, 0);
	CHECK_EQ(untouched.elr_el3, 0x40001000);
}

int main(void)
{
	RUN_TEST(test_unit_rules);
	RUN_TEST(test_n1_rows_are_the_facts);
	RUN_TEST(test_n1_order);
	RUN_TEST(test_n1_revision_gating);
	RUN_TEST(test_em_answers);
	RUN_TEST(test_bhb_and_ssbd);
	RUN_TEST(test_n1_trap);
	return test_summary();
}
