/*
 * A uniform clusters x cores topology (plat/common/include/uniform_topology.h):
 * the core positions of the platform's MPIDR layout and the power-domain
 * tree, from platform_def.h.
 */
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch.h>
#include <arch/aarch64/arch_helpers.h>
#include <plat/plat_psci.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <uniform_topology.h>

_Static_assert(PLATFORM_CORE_COUNT == PLAT_CLUSTER_COUNT * PLAT_CORES_PER_CLUSTER &&
                       PLAT_MAX_PWR_LVL == 2 &&
                       PLAT_NUM_PWR_DOMAINS == 1 + PLAT_CLUSTER_COUNT + PLATFORM_CORE_COUNT,
               "a uniform topology: one system of PLAT_CLUSTER_COUNT x PLAT_CORES_PER_CLUSTER");
_Static_assert(PLAT_MPIDR_LAYOUT != MPIDR_LAYOUT_LINEAR || PLATFORM_CORE_COUNT <= 16,
               "MPIDR_LAYOUT_LINEAR numbers at most 16 cores in Aff0");
_Static_assert(PLAT_CLUSTER_COUNT <= 256 && PLAT_CORES_PER_CLUSTER <= 256,
               "a cluster and a core number each fit an affinity field");

/* The cores the machine has: positions 0 .. present_cores - 1. */
static unsigned int present_cores = PLATFORM_CORE_COUNT;

void uniform_topology_set_present(unsigned int cores)
{
	if (cores <= PLATFORM_CORE_COUNT)
		present_cores = cores;
}

/* Positions from this one on name no core of the machine. */
static unsigned int core_limit(void)
{
	return PLAT_CORES_FROM_MACHINE ? present_cores : PLATFORM_CORE_COUNT;
}

/* The affinity level that numbers the cores: 1 when Aff0 numbers threads. */
static unsigned int core_level(void)
{
	if (PLAT_MPIDR_LAYOUT == MPIDR_LAYOUT_BY_MT)
		return (read_mpidr_el1() & MPIDR_MT_BIT) != 0U ? 1U : 0U;
	return PLAT_MPIDR_LAYOUT == MPIDR_LAYOUT_AFF1_CORE ? 1U : 0U;
}

int plat_core_pos_by_mpidr(uint64_t mpidr)
{
	mpidr &= MPIDR_AFFINITY_MASK;
	if (PLAT_MPIDR_LAYOUT == MPIDR_LAYOUT_LINEAR) {
		if ((mpidr & ~MPIDR_AFFLVL_MASK) != 0U || mpidr >= core_limit())
			return -1;
		return (int)mpidr;
	}
	if (core_level() == 1U) {
		if ((mpidr & MPIDR_AFFLVL_MASK) != 0U)
			return -1; /* a thread */
		/* Aff3..Aff1 down one level: Aff3 lands in Aff2, which must be 0. */
		mpidr = ((mpidr >> MPIDR_AFF1_SHIFT) & 0xFFFFU) |
		        ((mpidr >> MPIDR_AFF3_SHIFT) << MPIDR_AFF2_SHIFT);
	}

	uint64_t core = mpidr & MPIDR_AFFLVL_MASK;
	uint64_t cluster = (mpidr >> MPIDR_AFF1_SHIFT) & MPIDR_AFFLVL_MASK;

	uint64_t pos = cluster * PLAT_CORES_PER_CLUSTER + core;

	if (core >= PLAT_CORES_PER_CLUSTER || (mpidr >> MPIDR_AFF2_SHIFT) != 0U ||
	    pos >= core_limit())
		return -1;
	return (int)pos;
}

uint64_t plat_core_mpidr(unsigned int pos)
{
	if (PLAT_MPIDR_LAYOUT == MPIDR_LAYOUT_LINEAR)
		return pos;

	uint64_t v = (uint64_t)(pos / PLAT_CORES_PER_CLUSTER) << MPIDR_AFF1_SHIFT |
	             (uint64_t)(pos % PLAT_CORES_PER_CLUSTER);

	return v << (8U * core_level());
}

const uint8_t *plat_get_power_domain_tree_desc(void)
{
	static uint8_t desc[2 + PLAT_CLUSTER_COUNT];

	desc[0] = 1;                  /* one system */
	desc[1] = PLAT_CLUSTER_COUNT; /* its clusters */
	for (unsigned int c = 0; c < PLAT_CLUSTER_COUNT; c++)
		desc[2 + c] = PLAT_CORES_PER_CLUSTER;
	return desc;
}
