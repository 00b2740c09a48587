/*
 * PMF timestamp storage and the runtime-instrumentation service's slot
 * maths (include/lib/pmf.h).
 */
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>

uint64_t pmf_timestamps[PLATFORM_CORE_COUNT][PMF_PERCPU_SIZE / PMF_TS_SIZE]
	__attribute__((aligned(PMF_PERCPU_SIZE)));

void pmf_write_slot(unsigned int index, uint64_t value, bool cmo)
{
	uint64_t *slot = pmf_slot(my_cpu_data()->core_pos, index);

	*slot = value;
	if (cmo)
		flush_dcache_range((uintptr_t)slot, PMF_TS_SIZE);
}

void pmf_capture_inv_first(unsigned int index)
{
	uint64_t *slot = pmf_slot(my_cpu_data()->core_pos, index);

	inv_dcache_range((uintptr_t)slot, PMF_TS_SIZE);
	*slot = read_cntpct_el0();
}
