/*
 * The payload's SMC call (SMCCC v1.2: x0-x7 in, x0-x3 out).
 */
#include "smc.h"

struct smc_result smc(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3)
{
	register uint64_t r0 __asm__("x0") = x0;
	register uint64_t r1 __asm__("x1") = x1;
	register uint64_t r2 __asm__("x2") = x2;
	register uint64_t r3 __asm__("x3") = x3;

	/* SMCCC v1.2: x4-x17 are preserved, so only x0-x3 are outputs. */
	__asm__ volatile("smc #0" : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "memory");
	return (struct smc_result){ r0, r1, r2, r3 };
}
