/*
 * The CPU units (include/lib/cpus/cpu_ops.h): the look-up in the cpu_ops
 * linker section, the generic unit for CPUs none claims, the choice of
 * cache levels and the PSCI power-down hooks.
 */
#include <arch/aarch64/arch_helpers.h>
#include <lib/cpus/cpu_ops.h>
#include <lib/el3_runtime/cpu_data.h>
#include <platform_def.h>

/* The units DECLARE_CPU_OPS placed, by rank (the images' linker scripts). */
extern const struct cpu_ops __start_cpu_ops[];
extern const struct cpu_ops __stop_cpu_ops[];

const struct cpu_ops *cpu_ops_first(void)
{
	return __start_cpu_ops;
}

const struct cpu_ops *cpu_ops_last(void)
{
	return __stop_cpu_ops;
}

const struct cpu_ops *cpu_ops_find(uint64_t midr)
{
	uint32_t model = (uint32_t)midr & MIDR_MODEL_MASK;

	/* Linker symbols are distinct objects to C: compare addresses. */
	for (const struct cpu_ops *ops = __start_cpu_ops;
	     (uintptr_t)ops < (uintptr_t)__stop_cpu_ops; ops++) {
		if (ops->midr == model)
			return ops;
	}
	return &cpu_ops_generic;
}

const struct cpu_ops *cpu_ops_mine(void)
{
	return my_cpu_data()->cpu_ops;
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
	const struct cpu_ops *ops = cpu_ops_mine();

	flush(ops, off_lvl);
	/* Where the platform lacks their registers, rows that need them cost no call. */
	if (ops->pwr_down.count != 0U &&
	    (PLAT_CPU_IMPDEF_REGS || (ops->pwr_down.row[0].flags & CPU_ROW_IMPDEF) == 0U))
		cpu_run_rows(ops->pwr_down.row, ops->pwr_down.count, read_midr_el1());
}

const struct cpu_ops *cpu_pwr_down_final(unsigned int off_lvl)
{
	const struct cpu_ops *ops = cpu_ops_mine();

	flush(ops, off_lvl);
	return ops;
}
