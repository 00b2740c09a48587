/*
 * The SMC dispatcher (include/common/runtime_svc.h): SMCCC checks of the
 * function ID (DEN0028 2.5), routing by owning entity number to the
 * services DECLARE_RT_SVC placed in the rt_svc_descs section.
 */
#include <stddef.h>

#include <common/debug.h>
#include <common/runtime_svc.h>
#include <lib/utils_def.h>

extern const struct rt_svc_desc __start_rt_svc_descs[];
extern const struct rt_svc_desc __stop_rt_svc_descs[];

static const struct rt_svc_desc *svc_by_oen[OEN_LIMIT];

int smccc_route_oen(uint64_t x0, bool from_aarch32)
{
	uint32_t fid = (uint32_t)x0;

	if (!smccc_is_fast(fid))
		return -1; /* no yielding services */
	if ((fid & FUNCID_RESERVED_MASK) != 0U)
		return -1; /* DEN0028 2.5: must be zero */
	if (from_aarch32 && smccc_is_64(fid))
		return -1; /* SMC64 from AArch32 is unknown (5.3) */
	return (int)smccc_oen(fid);
}

void runtime_svc_init(void)
{
	/* Linker symbols are distinct objects to C: count on addresses. */
	size_t count = ((uintptr_t)__stop_rt_svc_descs - (uintptr_t)__start_rt_svc_descs) /
	               sizeof(struct rt_svc_desc);

	for (size_t i = 0; i < count; i++) {
		const struct rt_svc_desc *d = &__start_rt_svc_descs[i];

		if (d->oen_start > d->oen_end || d->oen_end >= OEN_LIMIT || d->handle == NULL) {
			ERROR("Runtime service %s has a bad descriptor\n", d->name);
			panic();
		}
		if (d->init != NULL && d->init() != 0) {
			ERROR("Runtime service %s failed to initialise; disabled\n", d->name);
			continue;
		}
		for (unsigned int oen = d->oen_start; oen <= d->oen_end; oen++) {
			if (svc_by_oen[oen] != NULL) {
				ERROR("Runtime services %s and %s both claim OEN %u\n",
				      svc_by_oen[oen]->name, d->name, oen);
				panic();
			}
			svc_by_oen[oen] = d;
		}
	}
}

void runtime_svc_dispatch(struct el3_context *ctx, bool from_aarch32)
{
	uint64_t x0 = ctx->x[0];
	int oen = smccc_route_oen(x0, from_aarch32);
	const struct rt_svc_desc *svc = oen < 0 ? NULL : svc_by_oen[oen];

	if (unlikely(svc == NULL)) {
		smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
		return;
	}

	uint32_t fid = (uint32_t)x0 & ~FUNCID_SVE_HINT_BIT;
	uint64_t mask = smccc_is_64(fid) ? ~0ULL : 0xffffffffULL;

	svc->handle(fid, ctx->x[1] & mask, ctx->x[2] & mask, ctx->x[3] & mask, ctx);
}
