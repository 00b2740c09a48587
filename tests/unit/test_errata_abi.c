/*
 * The Errata Management ABI (services/std_svc/errata_abi.c, Arm DEN0100
 * 1.0) on the host, with the firmware's units, as the Standard Service
 * dispatcher calls it: EM_VERSION 1.0; EM_FEATURES from the same table as
 * the dispatch (SUCCESS for its three functions, NOT_SUPPORTED for any
 * other number, its SMC64 forms included); EM_CPU_ERRATUM_FEATURES for the
 * calling CPU (its MIDR and unit) and the caller's EL: forward_flag only
 * from EL2 (INVALID_PARAMETERS from EL1, AArch64 or AArch32), the same
 * answer for EL1 and EL2 callers, the unused argument registers ignored,
 * unknown errata and other models' UNKNOWN_ERRATUM, the firmware's own CVE
 * ids unknown too; and no other Standard Service number answered. Built
 * without and with the IMPLEMENTATION DEFINED registers.
 */
#include <string.h>

#include "test.h"

#include <lib/cpus/cpu_ops.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/smccc.h>
#include <platform_def.h>
#include <services/errata_abi.h>

static uint64_t sim_midr;
static struct cpu_data sim_cpu;

uint64_t read_midr_el1(void)
{
	return sim_midr;
}
uint64_t read_id_aa64pfr1_el1(void)
{
	return 2ULL << 4;
}
uint64_t read_tpidr_el3(void)
{
	return (uint64_t)(uintptr_t)&sim_cpu;
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

#define SPSR_EL1H_64 0x3C5ULL
#define SPSR_EL2H_64 0x3C9ULL
#define SPSR_SVC_32  0x1D3ULL /* AArch32 Supervisor: EL1 */
#define SPSR_HYP_32  0x1DAULL /* AArch32 Hyp: EL2 */

/* One call on a CPU of MIDR @m from a caller with SPSR @spsr: x0, or -99 if unanswered. */
static int64_t call(uint64_t m, uint64_t spsr, uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	struct el3_context ctx;

	sim_midr = m;
	sim_cpu.cpu_ops = cpu_ops_find(m);
	memset(&ctx, 0xA5, sizeof(ctx));
	ctx.spsr_el3 = spsr;
	ctx.x[0] = fid;
	ctx.x[1] = x1;
	ctx.x[2] = x2;
	ctx.x[3] = x3;
	if (!errata_abi_handle(fid, x1, x2, x3, &ctx))
		return -99;
	/* Nothing but x0 is written. */
	CHECK_EQ(ctx.x[1], x1);
	CHECK_EQ(ctx.x[2], x2);
	CHECK_EQ(ctx.x[4], 0xA5A5A5A5A5A5A5A5ULL);
	return (int64_t)ctx.x[0];
}

#define N1_R3P0 0x413FD0C0ULL
#define N1_R4P1 0x414FD0C1ULL
#define A57     0x411FD070ULL

static int64_t features(uint32_t id, uint64_t m, uint64_t spsr, uint64_t fwd)
{
	return call(m, spsr, EM_CPU_ERRATUM_FEATURES, id, fwd, 0);
}

static void test_version_and_features(void)
{
	CHECK_EQ(call(N1_R4P1, SPSR_EL2H_64, EM_VERSION, 0, 0, 0), 0x10000);
	CHECK_EQ(call(N1_R4P1, SPSR_EL2H_64, EM_FEATURES, EM_VERSION, 0, 0), 0);
	CHECK_EQ(call(N1_R4P1, SPSR_EL1H_64, EM_FEATURES, EM_FEATURES, 0, 0), 0);
	CHECK_EQ(call(N1_R4P1, SPSR_EL1H_64, EM_FEATURES, EM_CPU_ERRATUM_FEATURES, 0, 0), 0);
	static const uint32_t others[] = { 0x840000F3U, 0x840000EFU, 0xC40000F0U,
		                           0xC40000F2U, 0x84000000U, 0 };
	for (unsigned int i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		CHECK_EQ(call(N1_R4P1, SPSR_EL1H_64, EM_FEATURES, others[i], 0, 0), -1);
	/* Only the three are answered: other numbers, and the SMC64 forms, are not. */
	CHECK_EQ(call(N1_R4P1, SPSR_EL1H_64, 0x840000F3U, 0, 0, 0), -99);
	CHECK_EQ(call(N1_R4P1, SPSR_EL1H_64, 0xC40000F2U, 1542419, 0, 0), -99);
	CHECK_EQ(call(N1_R4P1, SPSR_EL1H_64, 0x84000020U, 0, 0, 0), -99);
}

static void test_answers(void)
{
	bool impdef = PLAT_CPU_IMPDEF_REGS != 0;
	static const uint64_t callers[] = { SPSR_EL1H_64, SPSR_EL2H_64, SPSR_SVC_32, SPSR_HYP_32 };

	for (unsigned int c = 0; c < 4; c++) {
		uint64_t s = callers[c];

		/* 1542419, split: AFFECTED where EL3's half runs, else UNKNOWN; r4p1 fixed. */
		CHECK_EQ(features(1542419, N1_R3P0, s, 0), impdef ? 1 : -3);
		CHECK_EQ(features(1542419, N1_R4P1, s, 0), 2);
		/* 1946160, EL3's: HIGHER_EL_MITIGATION where it runs, else AFFECTED. */
		CHECK_EQ(features(1946160, N1_R3P0, s, 0), impdef ? 3 : 1);
		CHECK_EQ(features(925373, N1_R3P0, s, 0), 2);
		/* 3324349: each EL its own. */
		CHECK_EQ(features(3324349, N1_R4P1, s, 0), 1);
		/* Unknown numbers, N1's errata on another model, the firmware's CVE ids. */
		CHECK_EQ(features(4242, N1_R3P0, s, 0), -3);
		CHECK_EQ(features(1542419, A57, s, 0), -3);
		CHECK_EQ(features(CVE_ID(2022, 23960), N1_R3P0, s, 0), -3);
		CHECK_EQ(features(CVE_ID(2018, 3639), A57, s, 0), -3);
		CHECK_EQ(features(0, N1_R3P0, s, 0), -3);
	}
}

static void test_forward_flag(void)
{
	/* From EL2 (AArch64 or Hyp): the question about its EL1 gets the same answer. */
	CHECK_EQ(features(1946160, N1_R3P0, SPSR_EL2H_64, 1), PLAT_CPU_IMPDEF_REGS ? 3 : 1);
	CHECK_EQ(features(1542419, N1_R4P1, SPSR_HYP_32, 1), 2);
	CHECK_EQ(features(4242, N1_R3P0, SPSR_EL2H_64, 0xFFFFFFFFU), -3);
	/* From EL1: forward_flag is invalid, whatever the erratum. */
	CHECK_EQ(features(1946160, N1_R3P0, SPSR_EL1H_64, 1), -2);
	CHECK_EQ(features(4242, N1_R3P0, SPSR_SVC_32, 1), -2);
	/* Only the low 32 bits of an SMC32 argument count (the dispatcher masks them). */
	CHECK_EQ(features(1946160, N1_R3P0, SPSR_EL1H_64, 0), PLAT_CPU_IMPDEF_REGS ? 3 : 1);
	/* x3 and the registers above are not arguments: ignored. */
	CHECK_EQ(call(N1_R4P1, SPSR_EL1H_64, EM_CPU_ERRATUM_FEATURES, 1542419, 0, 77), 2);
}

int main(void)
{
	RUN_TEST(test_version_and_features);
	RUN_TEST(test_answers);
	RUN_TEST(test_forward_flag);
	return test_summary();
}
