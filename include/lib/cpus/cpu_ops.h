/*
 * CPU operations per CPU model, chosen by MIDR_EL1 (implementer and part
 * number) each time they run: what each core needs at reset and before it
 * loses power, from its Technical Reference Manual.
 *
 *  - Neoverse N1 (Arm 0xD0C): hardware-coherent; the DSU writes the core's
 *    caches back on power-down. At reset CPUPWRCTLR_EL1.CORE_PWRDN_EN is
 *    cleared; before power-down it is set (Neoverse N1 TRM, CPUPWRCTLR_EL1).
 *    Only where the platform says the CPU's IMPLEMENTATION DEFINED registers
 *    exist (PLAT_CPU_IMPDEF_REGS: not QEMU's model).
 *  - Cortex-A35/A53/A57/A72 (Arm 0xD04/0xD03/0xD07/0xD08): at reset
 *    CPUECTLR_EL1.SMPEN is set (before caches and MMU, as their TRMs
 *    require); before power-down the data cache is cleaned and invalidated
 *    by set/way: L1 when the core goes down, L1 and L2 when the cluster
 *    does (the TRMs' core and cluster power-down sequences); last,
 *    SMPEN is cleared with the data cache off.
 *  - Anything else (QEMU's "max", the FVP's AEM): what CLIDR_EL1 says:
 *    the levels below the Level of Unification Inner Shareable when a core
 *    goes down (its private caches), below the Level of Coherency when its
 *    cluster does (ARM DDI 0487 D7.5, CLIDR_EL1).
 */
#ifndef CPU_OPS_H
#define CPU_OPS_H

/* MIDR_EL1 fields (ARM DDI 0487 D19.2, MIDR_EL1). */
#define MIDR_IMPL_SHIFT    24
#define MIDR_PARTNUM_SHIFT 4
#define MIDR_MODEL_MASK    0xFF00FFF0 /* implementer and part number */
#define MIDR_ARM(part)     ((0x41 << MIDR_IMPL_SHIFT) | ((part) << MIDR_PARTNUM_SHIFT))
#define MIDR_CORTEX_A35    MIDR_ARM(0xD04)
#define MIDR_CORTEX_A53    MIDR_ARM(0xD03)
#define MIDR_CORTEX_A57    MIDR_ARM(0xD07)
#define MIDR_CORTEX_A72    MIDR_ARM(0xD08)
#define MIDR_NEOVERSE_N1   MIDR_ARM(0xD0C)

/*
 * IMPLEMENTATION DEFINED registers, by encoding. CPUECTLR_EL1 (Cortex-A35,
 * A53, A57, A72 TRMs): SMPEN, bit 6, takes the core into the cluster's
 * coherency. CPUPWRCTLR_EL1 (Neoverse N1 TRM): CORE_PWRDN_EN, bit 0.
 */
#define CPUECTLR_EL1         S3_1_C15_C2_1
#define CPUECTLR_SMPEN_BIT   (1 << 6)
#define CPUPWRCTLR_EL1       S3_0_C15_C2_7
#define CPUPWRCTLR_PWRDN_BIT (1 << 0)

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stdint.h>

/* CLIDR_EL1 fields: Ctype<n> (3 bits each from bit 0), LoUIS, LoC. */
#define CLIDR_CTYPE_BITS  3
#define CLIDR_LOUIS_SHIFT 21
#define CLIDR_MAX_LEVELS  7
#define CLIDR_CTYPE_DATA  2 /* Ctype >= 2: a data or unified cache */

/* How a CPU model prepares its caches for power-down. */
enum cpu_flush {
	CPU_FLUSH_NONE,  /* hardware does it (Neoverse N1's DSU) */
	CPU_FLUSH_L1_L2, /* Cortex-A53/A57 class: L1 for a core, L1+L2 for a cluster */
	CPU_FLUSH_CLIDR, /* from CLIDR_EL1: LoUIS for a core, LoC for a cluster */
};

struct cpu_ops {
	uint32_t midr; /* MIDR_EL1 & MIDR_MODEL_MASK; 0 ends the table (the fallback) */
	const char *name;
	enum cpu_flush flush;
	bool core_pwrdn_en; /* Neoverse N1's CPUPWRCTLR_EL1.CORE_PWRDN_EN */
};

/* The operations of the CPU model @midr (never NULL: the fallback). */
const struct cpu_ops *cpu_ops_find(uint64_t midr);

/*
 * Data cache levels to clean and invalidate, as [0, return value), when the
 * power domains up to @off_lvl (0 core, 1 cluster, 2 system) go off on a
 * CPU of model @ops whose CLIDR_EL1 is @clidr. Pure.
 */
unsigned int cpu_flush_levels(const struct cpu_ops *ops, unsigned int off_lvl, uint64_t clidr);

/*
 * Clean and invalidate by set/way every data or unified cache at levels
 * [0, @levels) (0 = L1), from CLIDR_EL1 and each level's CCSIDR_EL1 (with
 * FEAT_CCIDX's wide format when ID_AA64MMFR2_EL1.CCIDX says so); ends with
 * DSB SY. ARM DDI 0487 D7.5 and C5.3 "DC CISW". Set/way operations reach
 * only this core's caches: for a core leaving the coherent world.
 */
void cpu_dcsw_clean_inv(unsigned int levels);

/*
 * PSCI power-down, in the Cache Flush interval (locks held, MMU and data
 * cache on): this core's preparation when the domains up to @off_lvl go
 * off (the flush above; Neoverse N1: CORE_PWRDN_EN).
 */
void cpu_pwr_down_prep(unsigned int off_lvl);

/*
 * The first step of lib/psci's power-down tail (psci_pwr_down_wfi), no
 * lock held and nothing shared written after it: clean and invalidate
 * again what PSCI's bookkeeping dirtied since cpu_pwr_down_prep (the same
 * levels). The tail then turns the data cache off and calls
 * cpu_leave_coherency.
 */
void cpu_pwr_down_final(unsigned int off_lvl);

/*
 * Assembly, no stack, MMU and data cache off; clobber x0-x2 only.
 * cpu_reset_handler: every reset and warm boot, before caches and MMU go on
 * (Cortex-A53/A57 class: set SMPEN; Neoverse N1: clear CORE_PWRDN_EN).
 * cpu_leave_coherency: after the final flush with the data cache off
 * (Cortex-A53/A57 class: clear SMPEN).
 */
void cpu_reset_handler(void);
void cpu_leave_coherency(void);

#endif /* __ASSEMBLY__ */
#endif
