/*
 * The assembly walk of the CPU units' rows (lib/cpus/aarch64/cpu_helpers.S:
 * cpu_reset_handler, cpu_run_rows, cpu_leave_coherency), run on AArch64
 * under qemu-aarch64 with every register read and write and every barrier
 * recorded (tests/unit/cpu_rows_record.S), over the firmware's own units:
 * for every unit and every revision (r0p0..r15p15), with and without
 * FEAT_SSBS, the walk finds the unit, and writes exactly what the C rule
 * of lib/cpus/errata.c (cpu_row_state_in) says applies, in table order,
 * each write the row's clear-then-set of the register's previous value,
 * each barrier after its write. Built twice: with the IMPLEMENTATION
 * DEFINED registers (silicon) and without (QEMU), and with every
 * mitigation built or none.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include <lib/cpus/errata.h>
#include <platform_def.h>

#define CPU_TEST_DSB 0x100
#define CPU_TEST_ISB 0x101

uint64_t cpu_test_midr, cpu_test_pfr1;
uint64_t cpu_test_regs[CPU_REG_COUNT];
uint64_t *cpu_test_log_pos;

static uint64_t log_buf[2 * 256];
static uint64_t regs0[CPU_REG_COUNT];

/* lib/cpus' C, linked beside the walk, reads these; the walk itself does not. */
uint64_t read_midr_el1(void)
{
	return cpu_test_midr;
}
uint64_t read_id_aa64pfr1_el1(void)
{
	return cpu_test_pfr1;
}
uint64_t read_tpidr_el3(void)
{
	return 0;
}
uint64_t read_clidr_el1(void)
{
	return 0;
}
void cpu_dcsw_clean_inv(unsigned int levels)
{
	(void)levels;
}

/* What the C rule expects of @rows on this CPU: the log and the final registers. */
static size_t expect_log(const struct cpu_rows *rows, uint64_t *out, uint64_t *regs)
{
	size_t n = 0;

	for (uint32_t i = 0; i < rows->count; i++) {
		const struct cpu_row *row = &rows->row[i];
		enum cpu_row_state state = cpu_row_state_in(row, cpu_test_midr, cpu_test_pfr1,
		                                            PLAT_CPU_IMPDEF_REGS != 0);

		if (state == CPU_ROW_NO_IMPDEF)
			break; /* the walk stops at the first such row */
		if (state != CPU_ROW_APPLIED)
			continue;
		for (unsigned int w = 0; w < row->nwrite; w++) {
			const struct cpu_reg_write *wr = &row->write[w];

			if (wr->reg != CPU_REG_NONE) {
				uint64_t old = wr->clear == ~0ULL ? 0 : regs[wr->reg];

				regs[wr->reg] = (old & ~wr->clear) | wr->set;
				out[n++] = wr->reg;
				out[n++] = regs[wr->reg];
			}
			if (wr->sync & CPU_SYNC_DSB_SY) {
				out[n++] = CPU_TEST_DSB;
				out[n++] = 0;
			}
			if (wr->sync & CPU_SYNC_ISB) {
				out[n++] = CPU_TEST_ISB;
				out[n++] = 0;
			}
		}
	}
	return n;
}

static void start(uint64_t midr, uint64_t pfr1)
{
	cpu_test_midr = midr;
	cpu_test_pfr1 = pfr1;
	/* Each register starts with a pattern of its own, so a read is checked too. */
	for (unsigned int r = 0; r < CPU_REG_COUNT; r++)
		regs0[r] = cpu_test_regs[r] = 0x5A5A000000000000ULL ^ (0x0101010101010101ULL * r);
	memset(log_buf, 0xEE, sizeof(log_buf));
	cpu_test_log_pos = log_buf;
}

/*
 * The walk's log and registers equal the rule's, for @rows; with
 * @final_isb, the reset handler's ISB after the last row.
 */
static void compare(const struct cpu_rows *rows, const char *what, bool final_isb)
{
	static uint64_t want[2 * 256];
	uint64_t regs[CPU_REG_COUNT];
	size_t n, got = (size_t)(cpu_test_log_pos - log_buf);

	memcpy(regs, regs0, sizeof(regs));
	n = expect_log(rows, want, regs);
	if (final_isb) {
		want[n++] = CPU_TEST_ISB;
		want[n++] = 0;
	}
	if (got != n || memcmp(log_buf, want, n * sizeof(want[0])) != 0 ||
	    memcmp(regs, cpu_test_regs, sizeof(regs)) != 0) {
		printf("    %s, MIDR 0x%llx, PFR1 0x%llx: %zu logged, %zu expected\n", what,
		       (unsigned long long)cpu_test_midr, (unsigned long long)cpu_test_pfr1,
		       got / 2, n / 2);
		test_current_failed = 1;
	}
}

static void walk_unit(const struct cpu_ops *ops, uint32_t model)
{
	for (unsigned int v = 0; v < 16; v++) {
		for (unsigned int r = 0; r < 16; r++) {
			for (unsigned int ssbs = 0; ssbs < 3; ssbs += 2) {
				uint64_t midr = model | (uint64_t)v << 20 | 0xFU << 16 | r;
				uint64_t pfr1 = (uint64_t)ssbs << 4;

				start(midr, pfr1);
				CHECK(cpu_reset_handler(NULL) == ops);
				compare(&ops->reset, ops->name, true);

				/* The warm entry's form: the unit known, the same rows. */
				start(midr, pfr1);
				CHECK(cpu_reset_handler(ops) == ops);
				compare(&ops->reset, ops->name, true);

				start(midr, pfr1);
				cpu_run_rows(ops->pwr_down.row, ops->pwr_down.count, midr);
				compare(&ops->pwr_down, ops->name, false);

				start(midr, pfr1);
				cpu_leave_coherency(ops);
				compare(&ops->leave, ops->name, false);
			}
		}
	}
}

static void test_every_unit(void)
{
	unsigned int units = 0;

	for (const struct cpu_ops *ops = cpu_ops_first(); ops < cpu_ops_last(); ops++, units++)
		walk_unit(ops, ops->midr);
	CHECK(units >= 6);
	/* A part number no unit claims, and QEMU's "max": the generic unit, no rows. */
	walk_unit(&cpu_ops_generic, 0x410FD490);
	walk_unit(&cpu_ops_generic, 0x000F0510);
}

/*
 * The walk on Neoverse N1 r3p0 with FEAT_SSBS, by hand: what this build
 * writes at reset, before and after its power-down step (a sample of the
 * facts; tests/unit/test_errata.c checks every row's).
 */
static void test_n1_r3p0(void)
{
	start(0x413FD0C0, 2U << 4);
	cpu_reset_handler(NULL);
	size_t n = (size_t)(cpu_test_log_pos - log_buf) / 2;
	unsigned int ssbs = WORKAROUND_CVE_2018_3639 ? 2 : 0; /* the SSBS write and its ISB */

	if (!PLAT_CPU_IMPDEF_REGS) {
		CHECK_EQ(n, ssbs + 1); /* and the handler's ISB */
	} else {
		/*
		 * CORE_PWRDN_EN cleared; 1257314 1262606 1262888 1275112
		 * 1315703 (one write each); 1542419 (4 + ISB); 1791580,
		 * 1868343 (1 each); 1946160 (12 + ISB); 3888013 (1).
		 */
		unsigned int extllc = PLAT_CPU_EXTERNAL_LLC ? 1 : 0;

		/* ... EXTLLC where set, ...; then the handler's own ISB. */
		CHECK_EQ(n, ssbs + 1 + extllc + 5 + 5 + 2 + 13 + 1 + 1);
		CHECK_EQ(log_buf[2 * (n - 1)], CPU_TEST_ISB);
		/* 1542419's patch: slot 0, its opcode, mask and control, then an ISB. */
		uint64_t *p = log_buf + 2 * (ssbs + extllc + 6);

		CHECK_EQ(p[0], CPU_REG_CPUPSELR_EL3);
		CHECK_EQ(p[1], 0);
		CHECK_EQ(p[2], CPU_REG_CPUPOR_EL3);
		CHECK_EQ(p[3], 0xEE670D35ULL);
		CHECK_EQ(p[4], CPU_REG_CPUPMR_EL3);
		CHECK_EQ(p[5], 0xFFFF0FFFULL);
		CHECK_EQ(p[6], CPU_REG_CPUPCR_EL3);
		CHECK_EQ(p[7], 0x08000020007DULL);
		CHECK_EQ(p[8], CPU_TEST_ISB);
	}
	if (ssbs) {
		CHECK_EQ(log_buf[0], CPU_REG_SSBS);
		CHECK_EQ(log_buf[1], 0);            /* PSTATE.SSBS (bit 12) and the RES0 bits */
		CHECK_EQ(log_buf[2], CPU_TEST_ISB); /* 3324349 */
	}
}

int main(void)
{
	RUN_TEST(test_every_unit);
	RUN_TEST(test_n1_r3p0);
	return test_summary();
}
