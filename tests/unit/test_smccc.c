/*
 * SMC function-ID decoding and dispatch (common/runtime_svc.c) on the host,
 * with fake services registered through the same linker section.
 */
#include <string.h>

#include "test.h"
#include "host_stubs.h"

#include <common/runtime_svc.h>

/* What the last handler call received. */
static struct {
	uint32_t fid;
	uint64_t x[4]; /* x[1..3] */
} last_call;
static unsigned int calls;

static void fake_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                        struct el3_context *ctx)
{
	last_call.fid = fid;
	last_call.x[1] = x1;
	last_call.x[2] = x2;
	last_call.x[3] = x3;
	calls++;
	smc_ret4(ctx, 0x1234, 0xa1, 0xa2, 0xa3);
}

static int fake_init(void)
{
	return 0;
}

static int failing_init(void)
{
	return -1;
}

DECLARE_RT_SVC(fake_std, OEN_STD_START, OEN_STD_START, fake_init, fake_handle);
DECLARE_RT_SVC(fake_tos, OEN_TOS_START, OEN_LIMIT - 1, NULL, fake_handle);
DECLARE_RT_SVC(fake_broken, OEN_SIP_START, OEN_SIP_START, failing_init, fake_handle);

static struct el3_context ctx_for(uint64_t x0)
{
	struct el3_context ctx;

	memset(&ctx, 0, sizeof(ctx));
	ctx.x[0] = x0;
	for (unsigned int i = 1; i < 31; i++)
		ctx.x[i] = 0xdead000000000000ULL | (i << 8) | 0xffffffffULL;
	return ctx;
}

static void test_route_oen(void)
{
	CHECK_EQ(smccc_route_oen(0x84000000, false), OEN_STD_START);
	CHECK_EQ(smccc_route_oen(0xC4000003, false), OEN_STD_START);
	CHECK_EQ(smccc_route_oen(0x80000000, false), OEN_ARM_START);
	CHECK_EQ(smccc_route_oen(0xC7000020, false), OEN_VEN_EL3_START);
	CHECK_EQ(smccc_route_oen(0xBF00FF01, false), 63);
	/* Upper 32 bits of x0 are not part of the function ID. */
	CHECK_EQ(smccc_route_oen(0xffffffff84000000ULL, false), OEN_STD_START);
	/* Yielding calls, reserved bits 23:17, SMC64 from AArch32: unknown. */
	CHECK_EQ(smccc_route_oen(0x04000000, false), -1);
	CHECK_EQ(smccc_route_oen(0x84020000, false), -1);
	CHECK_EQ(smccc_route_oen(0x84800000, false), -1);
	CHECK_EQ(smccc_route_oen(0xC4000001, true), -1);
	CHECK_EQ(smccc_route_oen(0x84000001, true), OEN_STD_START);
	/* The SVE hint bit (16) is not reserved. */
	CHECK_EQ(smccc_route_oen(0x84010000, false), OEN_STD_START);
}

static void test_dispatch_known(void)
{
	struct el3_context ctx = ctx_for(0xC4000003);
	struct el3_context before = ctx;

	calls = 0;
	runtime_svc_dispatch(&ctx, false);
	CHECK_EQ(calls, 1);
	CHECK_EQ(last_call.fid, 0xC4000003);
	for (unsigned int i = 1; i <= 3; i++)
		CHECK_EQ(last_call.x[i], before.x[i]); /* SMC64: full width */
	CHECK_EQ(ctx.x[0], 0x1234);
	CHECK_EQ(ctx.x[3], 0xa3);
	for (unsigned int i = 4; i < 31; i++)
		CHECK_EQ(ctx.x[i], before.x[i]);
	CHECK_EQ(ctx.sp_el0, before.sp_el0);
	CHECK_EQ(ctx.elr_el3, before.elr_el3);
	CHECK_EQ(ctx.spsr_el3, before.spsr_el3);
}

static void test_dispatch_smc32_truncates(void)
{
	struct el3_context ctx = ctx_for(0x84000003);

	runtime_svc_dispatch(&ctx, false);
	for (unsigned int i = 1; i <= 3; i++)
		CHECK_EQ(last_call.x[i], 0xffffffffU);
}

static void test_dispatch_sve_hint_masked(void)
{
	struct el3_context ctx = ctx_for(0xC4010003);

	runtime_svc_dispatch(&ctx, false);
	CHECK_EQ(last_call.fid, 0xC4000003);
}

static void test_dispatch_unknown(void)
{
	const uint64_t fids[] = {
		0x86000000, /* vendor hyp: no service */
		0x04000000, /* yielding */
		0x84fe0000, /* reserved bits */
		0xC2000010, /* SiP: its init failed, so it is disabled */
	};

	for (unsigned int i = 0; i < sizeof(fids) / sizeof(fids[0]); i++) {
		struct el3_context ctx = ctx_for(fids[i]);
		struct el3_context before = ctx;

		calls = 0;
		runtime_svc_dispatch(&ctx, false);
		CHECK_EQ(calls, 0);
		CHECK_EQ(ctx.x[0], 0xffffffffffffffffULL);
		for (unsigned int r = 1; r < 31; r++)
			CHECK_EQ(ctx.x[r], before.x[r]);
	}
}

static void test_dispatch_range(void)
{
	for (uint64_t oen = OEN_TOS_START; oen < OEN_LIMIT; oen++) {
		struct el3_context ctx = ctx_for(0xB0000000ULL | (oen - 48) << 24 | 0x80000000ULL);
		calls = 0;
		runtime_svc_dispatch(&ctx, false);
		CHECK_EQ(calls, 1);
	}
}

int main(void)
{
	runtime_svc_init();
	RUN_TEST(test_route_oen);
	RUN_TEST(test_dispatch_known);
	RUN_TEST(test_dispatch_smc32_truncates);
	RUN_TEST(test_dispatch_sve_hint_masked);
	RUN_TEST(test_dispatch_unknown);
	RUN_TEST(test_dispatch_range);
	return test_summary();
}
