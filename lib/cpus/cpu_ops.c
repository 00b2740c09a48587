/*
 * CPU operations per CPU model (include/lib/cpus/cpu_ops.h): the table,
 * the choice of cache levels and the PSCI power-down hooks.
 */
#include <arch/aarch64/arch_helpers.h>
#include <lib/cpus/cpu_ops.h>
#include <platform_def.h>

void n1_core_pwrdn_enable(void);

/*
 * Neoverse N1's IMPLEMENTATION DEFINED registers exist only on real N1s
 * (and Arm's N1 FVP), not in QEMU's model: the platform says which.
 */
#ifndef PLAT_CPU_IMPDEF_REGS
#error "platform_def.h must say whether the CPUs' IMPLEMENTATION DEFINED registers exist"
#endif

static const struct cpu_ops cpu_table[] = {
	{ MIDR_NEOVERSE_N1, "Neoverse N1", CPU_FLUSH_NONE, PLAT_CPU_IMPDEF_REGS != 0 },
	{ MIDR_CORTEX_A57, "Cortex-A57", CPU_FLUSH_L1_L2, false },
	{ MIDR_CORTEX_A53, "Cortex-A53", CPU_FLUSH_L1_L2, false },
	{ MIDR_CORTEX_A72, "Cortex-A72", CPU_FLUSH_L1_L2, false },
	{ MIDR_CORTEX_A35, "Cortex-A35", CPU_FLUSH_L1_L2, false },
	{ 0, "generic (CLIDR_EL1)", CPU_FLUSH_CLIDR, false },
};

const struct cpu_ops *cpu_ops_find(uint64_t midr)
{
	const struct cpu_ops *ops = cpu_table;

	while (ops->midr != 0U && ops->midr != ((uint32_t)midr & MIDR_MODEL_MASK))
		ops++;
	return ops;
}

unsigned int cpu_flush_levels(const struct cpu_ops *ops, unsigned int off_lvl, uint64_t clidr)
{
	switch (ops->flush) {
	case CPU_FLUSH_L1_L2:
		return off_lvl == 0U ? 1U : 2U;
	case CPU_FLUSH_CLIDR:
		return (unsigned int)(clidr >>
		                      (off_lvl == 0U ? CLIDR_LOUIS_SHIFT : CLIDR_LOC_SHIFT)) &
		       7U;
	default:
		return 0;
	}
}

static void flush(const struct cpu_ops *ops, unsigned int off_lvl)
{
	unsigned int levels = cpu_flush_levels(ops, off_lvl, read_clidr_el1());

	if (levels != 0U)
		cpu_dcsw_clean_inv(levels);
}

void cpu_pwr_down_prep(unsigned int off_lvl)
{
	const struct cpu_ops *ops = cpu_ops_find(read_midr_el1());

	flush(ops, off_lvl);
#if PLAT_CPU_IMPDEF_REGS
	if (ops->core_pwrdn_en)
		n1_core_pwrdn_enable();
#endif
}

void cpu_pwr_down_final(unsigned int off_lvl)
{
	flush(cpu_ops_find(read_midr_el1()), off_lvl);
}
