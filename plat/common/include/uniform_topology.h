/*
 * A uniform topology, as a helper a port opts into: PLAT_CLUSTER_COUNT
 * clusters of PLAT_CORES_PER_CLUSTER cores under one system node (three
 * power levels, PLAT_MAX_PWR_LVL 2), core positions cluster by cluster.
 * A port that names plat/common/uniform_topology.c and
 * plat/common/aarch64/uniform_topology.S in its sources gets the four
 * topology hooks (include/plat/plat_topology.h: plat_my_core_pos,
 * plat_core_pos_by_mpidr, plat_core_mpidr) and the power-domain tree
 * (include/plat/plat_psci.h: plat_get_power_domain_tree_desc) from its
 * platform_def.h, which says how its MPIDRs number the cores in
 * PLAT_MPIDR_LAYOUT, one of:
 *
 *  MPIDR_LAYOUT_AFF0_CORE  core in Aff0, cluster in Aff1, Aff2 and Aff3
 *                          zero (the AEM Base FVP);
 *  MPIDR_LAYOUT_AFF1_CORE  MPIDR_EL1.MT set: thread in Aff0 (0), core in
 *                          Aff1, cluster in Aff2, Aff3 zero (Neoverse N1:
 *                          N1SDP); an MPIDR without MT names the same core
 *                          (a device tree lists them so);
 *  MPIDR_LAYOUT_BY_MT      either of the two, as MPIDR_EL1.MT says at run
 *                          time (the Base FVP runs the AEM or an N1 model);
 *  MPIDR_LAYOUT_LINEAR     the position itself in Aff0 (QEMU's virt numbers
 *                          its CPUs so, 16 at most with GICv3): the
 *                          clusters are the power-domain tree's alone.
 *
 * A core the layout does not describe, or beyond PLATFORM_CORE_COUNT, has
 * no position (plat_my_core_pos: PLATFORM_CORE_COUNT; plat_core_pos_by_mpidr:
 * -1); nor, for plat_core_pos_by_mpidr, one beyond the cores the machine
 * has, where the port's platform_def.h defines PLAT_CORES_FROM_MACHINE as
 * 1: the machine may have fewer cores than the build, which the port
 * learns at boot (uniform_topology_set_present). (As 0, the build's cores
 * are the machine's, and no instruction is spent on the check.) Usable
 * from C and assembly.
 */
#ifndef PLAT_COMMON_UNIFORM_TOPOLOGY_H
#define PLAT_COMMON_UNIFORM_TOPOLOGY_H

#define MPIDR_LAYOUT_AFF0_CORE 0
#define MPIDR_LAYOUT_AFF1_CORE 1
#define MPIDR_LAYOUT_BY_MT     2
#define MPIDR_LAYOUT_LINEAR    3

#ifndef __ASSEMBLY__
/*
 * The machine has the cores of positions 0 .. @cores - 1 only (at most
 * PLATFORM_CORE_COUNT, the default): with PLAT_CORES_FROM_MACHINE,
 * plat_core_pos_by_mpidr finds no other from then on. BL31, cold boot,
 * before the first SMC (a QEMU machine's -smp, learnt from its GIC:
 * plat/common/qemu).
 */
void uniform_topology_set_present(unsigned int cores);
#endif

#endif
