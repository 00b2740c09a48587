/*
 * EL3 runtime services: one descriptor per range of owning entity numbers
 * (OENs), placed in the rt_svc_descs linker section by DECLARE_RT_SVC and
 * indexed by OEN at boot. Only fast calls exist; yielding calls are unknown.
 */
#ifndef COMMON_RUNTIME_SVC_H
#define COMMON_RUNTIME_SVC_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/el3_runtime/cpu_data.h>
#include <lib/smccc.h>

/*
 * A service handler. @fid is the function ID (w0, the SVE hint bit 16
 * cleared); @x1-@x3 are the caller's first three arguments, zero-extended
 * from 32 bits for an SMC32 call (DEN0028 2.6: the upper halves of SMC32
 * arguments are ignored). Every service here takes at most three; one that
 * takes more reads them from @ctx itself, zero-extending for SMC32. The
 * handler writes its results with smc_ret*() into @ctx (the caller's saved
 * registers); everything it does not write is returned to the caller
 * unchanged, so x4-x17 are preserved (DEN0028 2.7).
 */
typedef void (*rt_svc_handle_t)(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                                struct el3_context *ctx);

struct rt_svc_desc {
	uint8_t oen_start;
	uint8_t oen_end; /* inclusive */
	const char *name;
	/* Cold-boot initialisation, primary CPU; 0 or a negative error. */
	int (*init)(void);
	rt_svc_handle_t handle;
};

#define DECLARE_RT_SVC(_name, _start, _end, _init, _handle)                                        \
	static const struct rt_svc_desc __rt_svc_desc_##_name                                      \
		__attribute__((section("rt_svc_descs"), used, aligned(8))) = {                     \
			.oen_start = (_start),                                                     \
			.oen_end = (_end),                                                         \
			.name = #_name,                                                            \
			.init = (_init),                                                           \
			.handle = (_handle),                                                       \
		}

static inline void smc_ret1(struct el3_context *ctx, uint64_t x0)
{
	ctx->x[0] = x0;
}

static inline void smc_ret2(struct el3_context *ctx, uint64_t x0, uint64_t x1)
{
	ctx->x[0] = x0;
	ctx->x[1] = x1;
}

static inline void smc_ret3(struct el3_context *ctx, uint64_t x0, uint64_t x1, uint64_t x2)
{
	ctx->x[0] = x0;
	ctx->x[1] = x1;
	ctx->x[2] = x2;
}

static inline void smc_ret4(struct el3_context *ctx, uint64_t x0, uint64_t x1, uint64_t x2,
                            uint64_t x3)
{
	ctx->x[0] = x0;
	ctx->x[1] = x1;
	ctx->x[2] = x2;
	ctx->x[3] = x3;
}

/* Index the descriptors and run each service's init (cold boot). */
void runtime_svc_init(void);

/*
 * Route the SMC saved in @ctx (SMCCC checks, OEN lookup, handler). Unknown
 * or malformed function IDs get SMC_UNK in x0. @from_aarch32: the SMC came
 * from AArch32 state.
 */
void runtime_svc_dispatch(struct el3_context *ctx, bool from_aarch32);

/*
 * The pure part of the dispatch, for unit tests: decode @x0 (and the
 * caller's state) into the OEN to route to, or -1 when the call must get
 * SMC_UNK without reaching any service (yielding call, reserved bits set,
 * SMC64 from AArch32).
 */
int smccc_route_oen(uint64_t x0, bool from_aarch32);

#endif
