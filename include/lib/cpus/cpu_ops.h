/*
 * A CPU model is one unit: one file of lib/cpus/units/ declares, with
 * DECLARE_CPU_OPS, its MIDR_EL1 model, how its caches go down, the
 * branch-history loop it needs and its rows. lib/cpus finds the unit of
 * the running CPU by MIDR_EL1 in the cpu_ops linker section (the way
 * DECLARE_RT_SVC registers an SMC service); nothing else names a CPU.
 * CPUs no unit claims (QEMU's "max", the FVP's AEM) get the generic unit:
 * cache levels from CLIDR_EL1, no rows.
 *
 * A row is one thing a CPU needs done: one of its own reset, power-down
 * or leave-coherency steps (id 0), or the workaround of an erratum or
 * vulnerability (id: the erratum number, or CVE_ID(year, number)) with
 * the revisions it affects, where it runs and what it is. Rows that write
 * registers carry their writes as data (struct cpu_reg_write: a register
 * of include/lib/cpus/cpu_regs.h, the bits to clear and to set, a barrier
 * after), which one assembly routine (lib/cpus/aarch64/cpu_helpers.S)
 * applies with no stack and the MMU off, in table order, so a unit is
 * data alone. The same rows answer the boot log, the Errata Management
 * ABI (services/std_svc/errata_abi.c) and the host tests.
 *
 * Revisions are encoded from MIDR_EL1 as 0xVR: Variant (bits 23:20, the
 * "r" of rNpM) in bits 7:4, Revision (bits 3:0, the "p") in bits 3:0; so
 * r0p0 = 0x00, r3p1 = 0x31, r4p1 = 0x41 (ARM DDI 0487 D19.2, MIDR_EL1).
 */
#ifndef LIB_CPUS_CPU_OPS_H
#define LIB_CPUS_CPU_OPS_H

/* MIDR_EL1 fields (ARM DDI 0487 D19.2, MIDR_EL1). */
#define MIDR_IMPL_SHIFT      24
#define MIDR_PARTNUM_SHIFT   4
#define MIDR_VARIANT_SHIFT   20
#define MIDR_REVISION_MASK   0xF
#define MIDR_MODEL_MASK      0xFF00FFF0 /* implementer and part number */
#define MIDR_ARM(part)       ((0x41 << MIDR_IMPL_SHIFT) | ((part) << MIDR_PARTNUM_SHIFT))
#define CPU_REV(var, rev)    (((var) << 4) | (rev))
#define CVE_ID(year, number) (100000U * (year) + (number))

/* Where a row runs (struct cpu_row.where). */
#define CPU_AT_RESET       0 /* every reset and warm boot, no stack, MMU off: cpu_reset_handler */
#define CPU_AT_PWR_DOWN    1 /* each PSCI power-down, in the Cache Flush interval */
#define CPU_AT_LEAVE       2 /* after the last flush, data cache off: cpu_leave_coherency */
#define CPU_AT_ENTRY       3 /* each entry to EL3 from a lower EL (BL31's vectors) */
#define CPU_AT_TLBI        4 /* after each broadcast TLBI and its DSB that EL3 executes */
#define CPU_AT_TRAP        5 /* a trap to EL3: the unit's trap handler */
#define CPU_AT_NONE        6 /* nothing runs: the row says why none is needed here */
#define CPU_AT_UNMITIGATED 7 /* nothing runs: affected, and this firmware has no mitigation */

/* struct cpu_row.flags */
#define CPU_ROW_BUILT_BIT  0 /* the build carries it (a mitigation's WORKAROUND_CVE_* option) */
#define CPU_ROW_IMPDEF_BIT 1 /* writes IMPLEMENTATION DEFINED registers QEMU lacks */
#define CPU_ROW_SSBS_BIT   2 /* only where ID_AA64PFR1_EL1.SSBS says FEAT_SSBS */
#define CPU_ROW_BUILT      (1 << CPU_ROW_BUILT_BIT)
#define CPU_ROW_IMPDEF     (1 << CPU_ROW_IMPDEF_BIT)
#define CPU_ROW_SSBS       (1 << CPU_ROW_SSBS_BIT)

/* struct cpu_reg_write.sync: barriers after the write, in this order. */
#define CPU_SYNC_DSB_SY_BIT 0
#define CPU_SYNC_ISB_BIT    1
#define CPU_SYNC_DSB_SY     (1 << CPU_SYNC_DSB_SY_BIT)
#define CPU_SYNC_ISB        (1 << CPU_SYNC_ISB_BIT)

/*
 * Who mitigates an erratum, for the Errata Management ABI (Arm DEN0100;
 * struct cpu_row.em). When the calling CPU's revision is affected:
 *  CPU_EM_EL3:     EL3's workaround covers every EL: HIGHER_EL_MITIGATION
 *                  where it is applied, AFFECTED where it is not;
 *  CPU_EM_EACH_EL: each EL mitigates what it does itself (EL3's row covers
 *                  EL3 only): AFFECTED;
 *  CPU_EM_SPLIT:   EL3 does one half, the caller the other: AFFECTED where
 *                  EL3's half is applied, UNKNOWN_ERRATUM where it is not
 *                  (the caller's half alone mitigates nothing).
 */
#define CPU_EM_EL3     0
#define CPU_EM_EACH_EL 1
#define CPU_EM_SPLIT   2

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lib/cpus/cpu_regs.h>

/* CLIDR_EL1 fields: Ctype<n> (3 bits each from bit 0), LoUIS, LoC. */
#define CLIDR_CTYPE_BITS  3
#define CLIDR_LOUIS_SHIFT 21
#define CLIDR_MAX_LEVELS  7
#define CLIDR_CTYPE_DATA  2 /* Ctype >= 2: a data or unified cache */

/* The registers of include/lib/cpus/cpu_regs.h by number; 0: a barrier alone. */
#define CPU_REG_ENUM(name, encoding) CPU_REG_##name,
enum cpu_reg {
	CPU_REG_NONE,
	CPU_REGS(CPU_REG_ENUM) CPU_REG_COUNT
};
#undef CPU_REG_ENUM
_Static_assert(CPU_REG_COUNT == CPU_REG_TOTAL, "cpu_regs.h's count is the enum's");

/*
 * reg = (reg & ~clear) | set, then the barriers of @sync. A @clear of all
 * ones writes @set without reading the register first (the write-only use
 * of the patch registers).
 */
struct cpu_reg_write {
	uint64_t set;
	uint64_t clear;
	uint32_t reg;  /* enum cpu_reg */
	uint32_t sync; /* CPU_SYNC_* */
};

struct cpu_row {
	const struct cpu_reg_write *write; /* the writes, in order (nwrite of them) */
	/* The workaround, or why none is needed; BL31 only (NULL in BL1's copy). */
	const char *what;
	uint32_t id; /* erratum number, CVE_ID(), or 0 for a step of the CPU itself */
	uint8_t nwrite;
	uint8_t rev_lo; /* first affected revision, CPU_REV() */
	uint8_t rev_hi; /* last affected revision, inclusive */
	uint8_t where;  /* CPU_AT_* */
	uint8_t flags;  /* CPU_ROW_* */
	uint8_t em;     /* CPU_EM_* (ignored for id 0) */
};

struct cpu_rows {
	const struct cpu_row *row;
	uint32_t count;
};

/* How a CPU model prepares its caches for power-down. */
enum cpu_flush {
	CPU_FLUSH_NONE,  /* hardware does it (a DynamIQ core: Neoverse N1, Cortex-A76) */
	CPU_FLUSH_L1_L2, /* Cortex-A53/A57 class: L1 for a core, L1+L2 for a cluster */
	CPU_FLUSH_CLIDR, /* from CLIDR_EL1: LoUIS for a core, LoC for a cluster */
};

struct el3_context;

struct cpu_ops {
	uint32_t midr;     /* MIDR_EL1 & MIDR_MODEL_MASK; 0 for the generic unit */
	uint8_t flush;     /* enum cpu_flush */
	uint8_t bhb_loops; /* the Spectre-BHB loop's taken branches (CVE-2022-23960); 0: none */
	/*
	 * Rows walked by cpu_helpers.S at reset, power-down and leaving
	 * coherency, in table order: only rows the build carries
	 * (CPU_ROW_BUILT; see CPU_IF), the ones marked CPU_ROW_IMPDEF last
	 * (where the platform has no such registers the walk stops at the
	 * first). The host tests check these rules on every unit.
	 */
	struct cpu_rows reset, pwr_down, leave;
	struct cpu_rows runtime; /* CPU_AT_ENTRY, _TLBI, _TRAP and _NONE rows */
	const char *name;
	/*
	 * BL31: an exception to EL3 that is no SMC, on this CPU (@esr its
	 * ESR_EL3): true if the unit handled it (a CPU_AT_TRAP row's
	 * workaround) and the lower EL resumes at ctx's ELR_EL3; NULL if
	 * the model traps nothing.
	 */
	bool (*trap)(const struct cpu_ops *ops, struct el3_context *ctx, uint64_t esr);
};

/* What only BL31 needs of a unit: the text and the handlers; BL1 links none of it. */
#ifdef IMAGE_BL31
#define CPU_BL31(x) (x)
#else
#define CPU_BL31(x) NULL
#endif

/*
 * Register the unit @name (an identifier). @rank orders the look-up (0
 * first: the model this firmware is made for, so that its warm boot and
 * power-down pay one comparison; 1 for the others).
 */
#define DECLARE_CPU_OPS(name, rank, ...)                                                           \
	static const struct cpu_ops cpu_ops_##name                                                 \
		__attribute__((section("cpu_ops." #rank "." #name), used,                          \
	                       aligned(8))) = { __VA_ARGS__ }
#define CPU_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define CPU_ROWS(array)                                                                            \
	{                                                                                          \
		(array), CPU_ARRAY_LEN(array)                                                      \
	}

/*
 * The rows of a unit's tables, so that a unit reads as data: an erratum or
 * CVE @id (CPU_ERRATUM) affecting revisions [@lo, @hi], that runs at
 * @where (CPU_AT_*), with flags @flags (CPU_ROW_*), whose lower ELs' state
 * is @em (CPU_EM_*), writing @writes (an array of struct cpu_reg_write),
 * which @what says on the boot log; one with nothing to write
 * (CPU_ERRATUM_AT: its place's code applies it, as the vectors run the
 * branch-history loop, or none is needed); a step of the CPU itself, every
 * revision (CPU_STEP).
 */
#define CPU_ERRATUM(_id, _lo, _hi, _where, _flags, _em, _writes, _what)                            \
	{                                                                                          \
		.write = (_writes), .nwrite = CPU_ARRAY_LEN(_writes), .what = CPU_BL31(_what),     \
		.id = (_id), .rev_lo = (_lo), .rev_hi = (_hi), .where = (_where),                  \
		.flags = (_flags), .em = (_em),                                                    \
	}
#define CPU_ERRATUM_AT(_id, _lo, _hi, _where, _flags, _em, _what)                                  \
	{                                                                                          \
		.write = NULL, .nwrite = 0, .what = CPU_BL31(_what), .id = (_id), .rev_lo = (_lo), \
		.rev_hi = (_hi), .where = (_where), .flags = (_flags), .em = (_em),                \
	}
#define CPU_STEP(_where, _flags, _writes)                                                          \
	{                                                                                          \
		.write = (_writes), .nwrite = CPU_ARRAY_LEN(_writes), .rev_lo = 0, .rev_hi = 0xFF, \
		.where = (_where), .flags = (_flags),                                              \
	}

/*
 * Rows whose build option @opt (a 0/1 configuration macro) is off: a walked
 * list (reset, pwr_down, leave) holds only rows the build carries, so an
 * option that is off costs its place's walk nothing; the unit keeps such
 * rows in its runtime list instead (CPU_IF there, CPU_UNLESS in the walked
 * one), where the boot log and the Errata Management ABI still find them.
 */
#define CPU_IF(opt, ...)            CPU_IF_EXPAND(opt, __VA_ARGS__)
#define CPU_UNLESS(opt, ...)        CPU_UNLESS_EXPAND(opt, __VA_ARGS__)
#define CPU_IF_EXPAND(opt, ...)     CPU_IF_##opt(__VA_ARGS__)
#define CPU_UNLESS_EXPAND(opt, ...) CPU_UNLESS_##opt(__VA_ARGS__)
#define CPU_IF_1(...)               __VA_ARGS__
#define CPU_IF_0(...)
#define CPU_UNLESS_1(...)
#define CPU_UNLESS_0(...) __VA_ARGS__
#define CPU_BUILT_IF(opt) ((opt) ? CPU_ROW_BUILT : 0)

/* One register write (struct cpu_reg_write) of a row, and a barrier alone. */
#define CPU_SET(reg, bits, sync)                                                                   \
	{                                                                                          \
		(bits), 0, CPU_REG_##reg, (sync)                                                   \
	}
#define CPU_CLEAR(reg, bits, sync)                                                                 \
	{                                                                                          \
		0, (bits), CPU_REG_##reg, (sync)                                                   \
	}
#define CPU_WRITE(reg, value, sync)                                                                \
	{                                                                                          \
		(value), ~0ULL, CPU_REG_##reg, (sync)                                              \
	}
#define CPU_BARRIER(sync)                                                                          \
	{                                                                                          \
		0, 0, CPU_REG_NONE, (sync)                                                         \
	}

/* The revision of @midr, CPU_REV(Variant, Revision). Pure. */
static inline unsigned int cpu_rev(uint64_t midr)
{
	return (unsigned int)(((midr >> MIDR_VARIANT_SHIFT) & 0xFU) << 4 |
	                      (midr & MIDR_REVISION_MASK));
}

/* The unit of MIDR_EL1 @midr (never NULL: the generic unit). */
const struct cpu_ops *cpu_ops_find(uint64_t midr);

/* The registered units, [first, last), and the generic one (for reports and tests). */
const struct cpu_ops *cpu_ops_first(void);
const struct cpu_ops *cpu_ops_last(void);
extern const struct cpu_ops cpu_ops_generic;

/*
 * This CPU's unit, found at its cold or warm boot (BL31, once the entry
 * code has set up its per-CPU data).
 */
const struct cpu_ops *cpu_ops_mine(void);

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
 * off: the flush above, then its CPU_AT_PWR_DOWN rows (Neoverse N1:
 * CORE_PWRDN_EN, and erratum 2743102's DSB).
 */
void cpu_pwr_down_prep(unsigned int off_lvl);

/*
 * The first step of lib/psci's power-down tail (psci_pwr_down_wfi), no
 * lock held and nothing shared written after it: clean and invalidate
 * again what PSCI's bookkeeping dirtied since cpu_pwr_down_prep (the same
 * levels). Returns this CPU's unit, which the tail keeps in a register for
 * cpu_leave_coherency once the data cache is off.
 */
const struct cpu_ops *cpu_pwr_down_final(unsigned int off_lvl);

/*
 * Assembly, no stack, MMU and data cache on or off; clobber x0-x12 only.
 * cpu_reset_handler(x0 = @known): every reset and warm boot, before
 * caches and MMU go on: finds this CPU's unit (or takes @known, the unit
 * this CPU found before, if not NULL) and runs its CPU_AT_RESET rows;
 * returns the unit in x0.
 * cpu_leave_coherency(x0 = the unit): after the final flush with the data
 * cache off, its CPU_AT_LEAVE rows (Cortex-A53/A57 class: clear SMPEN).
 * cpu_run_rows(x0 = rows, x1 = count, x2 = MIDR_EL1): the rows of one
 * place (a walked list) that apply to the revision of @x2, with their
 * barriers.
 */
const struct cpu_ops *cpu_reset_handler(const struct cpu_ops *known);
void cpu_leave_coherency(const struct cpu_ops *ops);
void cpu_run_rows(const struct cpu_row *rows, uint64_t count, uint64_t midr);

#endif /* __ASSEMBLY__ */
#endif
