/* Issue an SMC from the normal world (SMCCC v1.2: x0-x7 in, x0-x3 out). */
#ifndef PAYLOAD_SMC_H
#define PAYLOAD_SMC_H

#include <stdint.h>

struct smc_result {
	uint64_t x0, x1, x2, x3;
};

struct smc_result smc(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3);

/* x0 only, for calls that return one value. */
static inline int64_t smc1(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	return (int64_t)smc(fid, a1, a2, a3).x0;
}

/* x0-x17 after an SMC of @fid with x1 = @a1, into @out (calls that return more). */
void smc_x0_x17(uint64_t fid, uint64_t a1, uint64_t out[18]);

/* Bit n set: xn (4 <= n <= 17) changed across an SMC with function ID @fid. */
uint64_t smc_clobber_mask(uint64_t fid);

#endif
