/*
 * PMF timestamp storage (include/lib/pmf.h).
 */
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>

uint64_t pmf_timestamps[PLATFORM_CORE_COUNT][PMF_PERCPU_SIZE / PMF_TS_SIZE]
	__attribute__((aligned(PMF_PERCPU_SIZE)));
