/*
 * What the Cortex-A35/A53/A57/A72 units share (one file each in this
 * folder). The family's own steps (their TRMs): CPUECTLR_EL1.
 * SMPEN (bit 6) takes the core into the cluster's coherency; it is set at
 * reset before the caches and MMU go on, and cleared last when the core
 * leaves, with its data cache off (then ISB and DSB SY, the TRMs'
 * power-down sequence). Their data caches are flushed by set/way: L1 when
 * the core goes down, L1 and L2 when the cluster does. QEMU models the
 * register, so these rows are not marked IMPLEMENTATION DEFINED.
 */
#ifndef LIB_CPUS_UNITS_CORTEX_A5X_H
#define LIB_CPUS_UNITS_CORTEX_A5X_H

#include <lib/cpus/cpu_ops.h>

#define CPUECTLR_SMPEN (1ULL << 6)

/*
 * The reset rows' writes need no barrier of their own: cpu_reset_handler
 * ends with an ISB, before the caches and MMU go on (as TF-A's reset
 * functions for these cores end with one).
 */
static const struct cpu_reg_write smpen_on[] = {
	CPU_SET(A57_CPUECTLR_EL1, CPUECTLR_SMPEN, 0),
};
static const struct cpu_reg_write smpen_off[] = {
	CPU_CLEAR(A57_CPUECTLR_EL1, CPUECTLR_SMPEN, CPU_SYNC_ISB),
	CPU_BARRIER(CPU_SYNC_DSB_SY),
};

/* A unit's leave-coherency rows: SMPEN off. */
static const struct cpu_row smpen_leave[] = { CPU_STEP(CPU_AT_LEAVE, CPU_ROW_BUILT, smpen_off) };

/*
 * The out-of-order Cortex-A57 and A72: the speculation vulnerabilities
 * with an EL3 part, every revision:
 *  - CVE-2018-3639 (speculative store bypass): CPUACTLR_EL1[55], "disable
 *    load pass store", set at every reset mitigates every EL for good, so
 *    SMCCC_ARCH_WORKAROUND_2 is not required (Arm's advisory for the CVE;
 *    TF-A's TFV-7 does the same);
 *  - CVE-2022-23960 (Spectre-BHB): an 8-branch loop on entry to EL3 (Arm's
 *    Spectre-BHB whitepaper); each EL runs its own.
 * CVE-2017-5715 (Spectre variant 2) needs a branch-predictor invalidation
 * at EL3 entry that this firmware does not implement (TF-A's
 * CVE-2017-5715 vectors): their row says so, and SMCCC_ARCH_WORKAROUND_1
 * and _3 answer -1 on them. Their errata are not this firmware's yet (no
 * row without its fact).
 */
#define A57_CLASS_BHB_LOOPS 8

static const struct cpu_reg_write no_load_pass_store[] = {
	CPU_SET(A57_CPUACTLR_EL1, 1ULL << 55, 0), /* at reset only: as smpen_on */
};

/* Walked at reset only when the build carries WORKAROUND_CVE_2018_3639 (CPU_IF). */
#define A57_CLASS_SSBD_ROW                                                                         \
	CPU_ERRATUM(CVE_ID(2018, 3639), 0, 0xFF, CPU_AT_RESET,                                     \
	            CPU_BUILT_IF(WORKAROUND_CVE_2018_3639), CPU_EM_EL3, no_load_pass_store,        \
	            "CPUACTLR_EL1[55] set at reset: no load passes a store, at any EL")

static const struct cpu_row a57_class_reset[] = {
	CPU_STEP(CPU_AT_RESET, CPU_ROW_BUILT, smpen_on),
	CPU_IF(WORKAROUND_CVE_2018_3639,
	       A57_CLASS_SSBD_ROW, ) /* the rows with their comma, or none */
};

static const struct cpu_row a57_class_runtime[] = {
	CPU_ERRATUM_AT(CVE_ID(2017, 5715), 0, 0xFF, CPU_AT_UNMITIGATED, 0, CPU_EM_EACH_EL,
	               "no branch-predictor invalidation on entry to EL3 (TF-A's CVE-2017-5715 "
	               "vectors): SMCCC_ARCH_WORKAROUND_1 and _3 answer -1"),
	CPU_UNLESS(WORKAROUND_CVE_2018_3639,
	           A57_CLASS_SSBD_ROW, ) /* the rows with their comma, or none */
	CPU_ERRATUM_AT(CVE_ID(2022, 23960), 0, 0xFF, CPU_AT_ENTRY,
	               CPU_BUILT_IF(WORKAROUND_CVE_2022_23960), CPU_EM_EACH_EL,
	               "8-branch loop on each entry from a lower EL; each EL runs its own"),
};

#endif
