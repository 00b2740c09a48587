/*
 * The Arm architecture service (services/arm_arch_svc) on the host, on
 * simulated CPUs with the firmware's units: its SMCCC_ARCH_FEATURES answers
 * for the workaround calls as fixed facts rather than from the firmware's
 * own rule: TF-A master's answers (its arm_arch_svc_setup.c, from the
 * CPU's errata entries): WORKAROUND_1 and _3 -1 on every model here, the
 * firmware having no mitigation for the normal world to call (TF-A's 0 on
 * Cortex-A57/A72 comes with vectors this firmware does not have); on
 * Neoverse N1 WORKAROUND_2 -2 whatever the build's mitigations;
 * -2 for WORKAROUND_2 with ID_AA64PFR1_EL1.SSBS (bits 7:4), or
 * on a Cortex-A57/A72 built with WORKAROUND_CVE_2018_3639 (load-pass-store
 * off at reset) (ARM DDI 0487, DEN0028 7.5-7.7). The calls themselves,
 * which return x0-x3 as passed. SMCCC_ARCH_SOC_ID (7.4) from what the
 * platform states, its name in x1-x17 by SMC64 only, and the errors.
 * Built with every mitigation and with none.
 */
#include <string.h>

#include "test.h"

#include <common/runtime_svc.h>
#include <lib/cpus/cpu_ops.h>
#include <lib/el3_runtime/cpu_data.h>
#include <plat/plat_setup.h>

static uint64_t midr, pfr0, pfr1, mmfr1;
static struct cpu_data sim_cpu;
/* What the platform states (plat_soc_id): the test's SoC, or none. */
static struct plat_soc_id soc = { 0x043B0123U, 5, "Test SoC r5" };
static int soc_rc;

uint64_t read_tpidr_el3(void)
{
	return (uint64_t)(uintptr_t)&sim_cpu;
}
int plat_soc_id(struct plat_soc_id *id)
{
	*id = soc;
	return soc_rc;
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
void cpu_run_rows(const struct cpu_row *rows, uint64_t count, uint64_t m)
{
	(void)rows;
	(void)count;
	(void)m;
}

uint64_t read_midr_el1(void)
{
	return midr;
}
uint64_t read_id_aa64pfr0_el1(void)
{
	return pfr0;
}
uint64_t read_id_aa64pfr1_el1(void)
{
	return pfr1;
}
uint64_t read_id_aa64mmfr1_el1(void)
{
	return mmfr1;
}

/* The linker's bounds of the descriptors DECLARE_RT_SVC placed. */
extern const struct rt_svc_desc __start_rt_svc_descs[], __stop_rt_svc_descs[];

static const struct rt_svc_desc *arch_svc(void)
{
	for (const struct rt_svc_desc *d = __start_rt_svc_descs; d < __stop_rt_svc_descs; d++)
		if (d->oen_start == 0)
			return d;
	return NULL;
}

/* Boot a CPU with these registers, then make one call: x0 after it. */
static int64_t call(uint32_t fid, uint64_t x1)
{
	const struct rt_svc_desc *d = arch_svc();
	struct el3_context ctx;

	memset(&ctx, 0, sizeof(ctx));
	ctx.x[0] = fid;
	ctx.x[1] = x1;
	d->handle(fid, x1, 0, 0, &ctx);
	return (int64_t)ctx.x[0];
}

static int64_t features(uint32_t wa)
{
	return call(SMCCC_ARCH_FEATURES, wa);
}

static void boot(uint64_t m, unsigned int csv2, unsigned int ssbs, unsigned int ecbhb)
{
	midr = m;
	pfr0 = (uint64_t)csv2 << 56;
	pfr1 = (uint64_t)ssbs << 4;
	mmfr1 = (uint64_t)ecbhb << 60;
	sim_cpu.cpu_ops = cpu_ops_find(m); /* as BL31's entry keeps it */
	CHECK_EQ(arch_svc()->init(), 0);
}

#define WA1 0x80008000U
#define WA2 0x80007FFFU
#define WA3 0x80003FFFU

static void test_neoverse_n1(void)
{
	/* Every published revision; N1 has CSV2 = 1 and SSBS = 2, no ECBHB. */
	static const uint8_t revs[] = { 0x00, 0x10, 0x20, 0x30, 0x31, 0x40, 0x41 };

	CHECK(arch_svc() != NULL);
	for (unsigned int i = 0; i < sizeof(revs); i++) {
		boot(0x410FD0C0 | (uint64_t)(revs[i] >> 4) << 20 | (revs[i] & 0xFU), 1, 2, 0);
		CHECK_EQ(features(WA1), -1);
		CHECK_EQ(features(WA2), -2);
		CHECK_EQ(features(WA3), -1);
	}
}

static void test_id_registers(void)
{
	/* A model no unit knows (QEMU's max): its ID registers decide. */
	boot(0x000F0510, 3, 0, 0); /* CSV2_3: not affected by Spectre-BHB, nothing to call */
	CHECK_EQ(features(WA3), -1);
	CHECK_EQ(features(WA1), -1);
	CHECK_EQ(features(WA2), -1); /* no SSBS */
	boot(0x000F0510, 2, 1, 1);   /* ECBHB */
	CHECK_EQ(features(WA3), -1);
	CHECK_EQ(features(WA2), -2);
	boot(0x000F0510, 2, 1, 0); /* CSV2_2 alone proves nothing for BHB */
	CHECK_EQ(features(WA3), -1);
	CHECK_EQ(features(WA1), -1);
	boot(0x000F0510, 0, 0, 1); /* no CSV2: Spectre v2 may reach it */
	CHECK_EQ(features(WA1), -1);
	CHECK_EQ(features(WA3), -1);
	/* Cortex-A57 r1p0, A72 r0p3: load-pass-store off at reset where the build says. */
	static const uint64_t a57_class[] = { 0x411FD070, 0x410FD083 };
	for (unsigned int i = 0; i < 2; i++) {
		boot(a57_class[i], 0, 0, 0);
		CHECK_EQ(features(WA1), -1);
		CHECK_EQ(features(WA2), WORKAROUND_CVE_2018_3639 ? -2 : -1);
		CHECK_EQ(features(WA3), -1);
	}
	boot(0x410FD034, 0, 0, 0); /* Cortex-A53 r0p4: in order, no SSBS, no row */
	CHECK_EQ(features(WA2), -1);
	CHECK_EQ(features(WA1), -1);
	CHECK_EQ(features(WA3), -1);
	boot(0x410FD041, 0, 0, 0); /* Cortex-A35 r0p1: the same */
	CHECK_EQ(features(WA1), -1);
	CHECK_EQ(features(WA3), -1);
	boot(0x414FD0B1, 1, 1, 0); /* Cortex-A76 r4p1, QEMU's */
	CHECK_EQ(features(WA1), -1);
	CHECK_EQ(features(WA2), -2);
	CHECK_EQ(features(WA3), -1);
}

/* SMCCC_ARCH_SOC_ID by @fid with SoC_ID_type @type: x0-x17 after it. */
static void soc_call(uint32_t fid, uint64_t type, struct el3_context *ctx)
{
	memset(ctx, 0x5A, sizeof(*ctx));
	ctx->x[0] = fid;
	ctx->x[1] = type;
	arch_svc()->handle(fid, fid == 0x80000002U ? type & 0xFFFFFFFFU : type, 0, 0, ctx);
}

static void test_soc_id(void)
{
	struct el3_context ctx;
	char name[136];

	soc_rc = 0;
	boot(0x414FD0C1, 1, 2, 0);
	CHECK_EQ(features(0x80000002U), 0);
	CHECK_EQ(features(0xC0000002U), 0);
	soc_call(0x80000002U, 0, &ctx);
	CHECK_EQ(ctx.x[0], 0x043B0123U);
	CHECK_EQ(ctx.x[1], 0); /* type 0 */
	soc_call(0x80000002U, 1, &ctx);
	CHECK_EQ(ctx.x[0], 5);
	soc_call(0xC0000002U, 0, &ctx); /* SMC64 too */
	CHECK_EQ(ctx.x[0], 0x043B0123U);
	/* The name: SMC64 only, x1-x17 little-endian, NUL-padded. */
	soc_call(0x80000002U, 2, &ctx);
	CHECK_EQ(ctx.x[0], (uint64_t)-3);
	soc_call(0xC0000002U, 2, &ctx);
	CHECK_EQ(ctx.x[0], 0);
	memcpy(name, &ctx.x[1], sizeof(name));
	CHECK(strcmp(name, "Test SoC r5") == 0);
	for (size_t i = strlen("Test SoC r5"); i < sizeof(name); i++)
		CHECK_EQ(name[i], 0);
	CHECK_EQ(ctx.x[18], 0x5A5A5A5A5A5A5A5AULL); /* nothing past x17 */
	/* A name of 136 characters or more is cut to 135 and its NUL. */
	static char long_name[200];
	memset(long_name, 'n', sizeof(long_name) - 1);
	soc.name = long_name;
	boot(0x414FD0C1, 1, 2, 0);
	soc_call(0xC0000002U, 2, &ctx);
	memcpy(name, &ctx.x[1], sizeof(name));
	CHECK_EQ(strnlen(name, sizeof(name)), 135);
	soc.name = "Test SoC r5";
	/* Other types, and an SMC32 type's upper half: INVALID_PARAMETER (-3). */
	soc_call(0x80000002U, 3, &ctx);
	CHECK_EQ(ctx.x[0], (uint64_t)-3);
	soc_call(0xC0000002U, 1ULL << 32, &ctx);
	CHECK_EQ(ctx.x[0], (uint64_t)-3);
	soc_call(0x80000002U, 1ULL << 32, &ctx); /* SMC32: upper half ignored: type 0 */
	CHECK_EQ(ctx.x[0], 0x043B0123U);
	/* A platform with no identity, or one that breaks the encoding: NOT_SUPPORTED. */
	soc_rc = -1;
	boot(0x414FD0C1, 1, 2, 0);
	CHECK_EQ(features(0x80000002U), -1);
	soc_call(0x80000002U, 0, &ctx);
	CHECK_EQ(ctx.x[0], (uint64_t)-1);
	soc_rc = 0;
	soc.version = 0x80000000U;
	boot(0x414FD0C1, 1, 2, 0);
	CHECK_EQ(features(0x80000002U), -1);
	soc.version = 0x043B0123U;
}

static void test_other_calls(void)
{
	boot(0x414FD0C1, 1, 2, 0);
	CHECK_EQ(call(0x80000000U, 0), 0x10005); /* SMCCC_VERSION 1.5 */
	CHECK_EQ(features(0x80000000U), 0);
	CHECK_EQ(features(0x80000001U), 0);
	CHECK_EQ(features(0x80000099U), -1);
	CHECK_EQ(features(0x80000004U), -1); /* WORKAROUND_4: not offered */
	CHECK_EQ(call(0x80000099U, 0), -1);
	/* The workaround calls return nothing: x0-x3 as passed, on any CPU. */
	static const uint32_t was[] = { WA1, WA2, WA3 };
	for (unsigned int i = 0; i < 3; i++) {
		struct el3_context ctx;

		memset(&ctx, 0x5A, sizeof(ctx));
		ctx.x[0] = was[i];
		arch_svc()->handle(was[i], 0x5A5A5A5A5A5A5A5AULL, 0x5A5A5A5A5A5A5A5AULL,
		                   0x5A5A5A5A5A5A5A5AULL, &ctx);
		CHECK_EQ(ctx.x[0], was[i]);
		CHECK_EQ(ctx.x[1], 0x5A5A5A5A5A5A5A5AULL);
		CHECK_EQ(ctx.x[2], 0x5A5A5A5A5A5A5A5AULL);
		CHECK_EQ(ctx.x[3], 0x5A5A5A5A5A5A5A5AULL);
	}
}

int main(void)
{
	RUN_TEST(test_neoverse_n1);
	RUN_TEST(test_id_registers);
	RUN_TEST(test_other_calls);
	RUN_TEST(test_soc_id);
	return test_summary();
}
