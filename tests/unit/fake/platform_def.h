/*
 * The platform the host model test of lib/psci simulates: SIM_CLUSTERS x
 * SIM_CORES_PER_CLUSTER cores (set on the compiler's command line, default
 * 4 x 4), a system level above the clusters, MPIDR Aff1 = cluster and
 * Aff0 = core, non-secure DRAM at 2 GiB.
 */
#ifndef PLATFORM_DEF_H
#define PLATFORM_DEF_H

#include <arch/aarch64/arch.h>

#ifndef SIM_CLUSTERS
#define SIM_CLUSTERS 4
#endif
#ifndef SIM_CORES_PER_CLUSTER
#define SIM_CORES_PER_CLUSTER 4
#endif
#define PLAT_CLUSTER_COUNT      SIM_CLUSTERS
#define PLAT_CORES_PER_CLUSTER  SIM_CORES_PER_CLUSTER
#define PLATFORM_CORE_COUNT     (PLAT_CLUSTER_COUNT * PLAT_CORES_PER_CLUSTER)
#define PLAT_MPIDR_MT           0
#define CACHE_WRITEBACK_GRANULE 64
/* tests/unit/test_cpus.c builds both ways. */
#ifndef PLAT_CPU_EXTERNAL_LLC
#define PLAT_CPU_EXTERNAL_LLC 0
#endif
#ifndef PLAT_CPU_IMPDEF_REGS
#define PLAT_CPU_IMPDEF_REGS 0
#endif
#define PLAT_MAX_PWR_LVL       2
#define PLAT_NUM_PWR_DOMAINS   (1 + PLAT_CLUSTER_COUNT + PLATFORM_CORE_COUNT)
#define PLAT_NS_DRAM_BASE      ULL(0x80000000)
#define PLAT_NS_DRAM_SIZE      ULL(0x80000000)
/* The call ring's window (lib/pmf): the tests that write it map it there. */
#define PLAT_PMF_RING_BASE     0x5FF00000
#define PLAT_PMF_RING_MAX_SIZE 0x00100000

#endif
