/*
 * The questions about a unit's rows (include/lib/cpus/errata.h): the rule
 * that decides whether a row runs (the one lib/cpus/aarch64/cpu_helpers.S
 * follows at reset and power-down), the Errata Management ABI's answers,
 * the Spectre-BHB loop count and the CVE-2018-3639 state, and the report
 * BL31 prints at cold boot.
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/cpus/errata.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/smccc.h>
#include <platform_def.h>

#ifndef PLAT_CPU_IMPDEF_REGS
#error "platform_def.h must say whether the CPUs' IMPLEMENTATION DEFINED registers exist"
#endif

enum cpu_row_state cpu_row_state_in(const struct cpu_row *row, uint64_t midr, uint64_t pfr1,
                                    bool impdef)
{
	unsigned int rev = cpu_rev(midr);

	if (rev < row->rev_lo || rev > row->rev_hi)
		return CPU_ROW_NOT_AFFECTED;
	if (row->where == CPU_AT_NONE)
		return CPU_ROW_NONE_NEEDED;
	if (row->where == CPU_AT_UNMITIGATED)
		return CPU_ROW_UNMITIGATED;
	if ((row->flags & CPU_ROW_BUILT) == 0U)
		return CPU_ROW_NOT_BUILT;
	if ((row->flags & CPU_ROW_IMPDEF) != 0U && !impdef)
		return CPU_ROW_NO_IMPDEF;
	if ((row->flags & CPU_ROW_SSBS) != 0U && ID_FIELD(pfr1, ID_AA64PFR1_SSBS_SHIFT) == 0U)
		return CPU_ROW_NO_SSBS;
	return CPU_ROW_APPLIED;
}

enum cpu_row_state cpu_row_state(const struct cpu_row *row, uint64_t midr)
{
	return cpu_row_state_in(row, midr, read_id_aa64pfr1_el1(), PLAT_CPU_IMPDEF_REGS != 0);
}

static const struct cpu_row *find_in(const struct cpu_rows *rows, uint32_t id)
{
	for (uint32_t i = 0; i < rows->count; i++) {
		if (rows->row[i].id == id)
			return &rows->row[i];
	}
	return NULL;
}

const struct cpu_row *cpu_erratum_find(const struct cpu_ops *ops, uint32_t id)
{
	const struct cpu_rows *places[] = { &ops->reset, &ops->pwr_down, &ops->leave,
		                            &ops->runtime };
	const struct cpu_row *row = NULL;

	if (id == 0U)
		return NULL; /* the unit's own steps are no erratum */
	for (unsigned int i = 0; i < sizeof(places) / sizeof(places[0]) && row == NULL; i++)
		row = find_in(places[i], id);
	return row;
}

int32_t cpu_em_answer_in(const struct cpu_ops *ops, uint32_t id, uint64_t midr, uint64_t pfr1,
                         bool impdef)
{
	const struct cpu_row *row = cpu_erratum_find(ops, id);

	if (row == NULL)
		return EM_UNKNOWN_ERRATUM;

	enum cpu_row_state state = cpu_row_state_in(row, midr, pfr1, impdef);

	if (state == CPU_ROW_NOT_AFFECTED)
		return EM_NOT_AFFECTED;
	switch (row->em) {
	case CPU_EM_EL3:
		return state == CPU_ROW_APPLIED ? EM_HIGHER_EL_MITIGATION : EM_AFFECTED;
	case CPU_EM_SPLIT:
		return state == CPU_ROW_APPLIED ? EM_AFFECTED : EM_UNKNOWN_ERRATUM;
	default:
		return EM_AFFECTED;
	}
}

int32_t cpu_em_answer(uint32_t id)
{
	return cpu_em_answer_in(cpu_ops_mine(), id, read_midr_el1(), read_id_aa64pfr1_el1(),
	                        PLAT_CPU_IMPDEF_REGS != 0);
}

unsigned int cpu_bhb_loops(const struct cpu_ops *ops, uint64_t midr)
{
	for (uint32_t i = 0; i < ops->runtime.count; i++) {
		const struct cpu_row *row = &ops->runtime.row[i];

		/* The loop is architectural: no IMPLEMENTATION DEFINED register, no SSBS. */
		if (row->where == CPU_AT_ENTRY &&
		    cpu_row_state_in(row, midr, 0, true) == CPU_ROW_APPLIED)
			return ops->bhb_loops;
	}
	return 0;
}

bool cpu_ssbd_not_required(const struct cpu_ops *ops, uint64_t midr, uint64_t pfr1)
{
	const struct cpu_row *row = cpu_erratum_find(ops, CVE_ID(2018, 3639));

	if (ID_FIELD(pfr1, ID_AA64PFR1_SSBS_SHIFT) != 0U)
		return true;
	return row != NULL &&
	       cpu_row_state_in(row, midr, pfr1, PLAT_CPU_IMPDEF_REGS != 0) == CPU_ROW_APPLIED;
}

bool cpu_trap(struct el3_context *ctx, uint64_t esr)
{
	const struct cpu_ops *ops = cpu_ops_mine();

	return ops->trap != NULL && ops->trap(ops, ctx, esr);
}

/* What a state means on the console, before the row's text. */
static const char *state_text(enum cpu_row_state state)
{
	switch (state) {
	case CPU_ROW_APPLIED:
		return "applied";
	case CPU_ROW_NOT_BUILT:
		return "skipped, not built";
	case CPU_ROW_NO_IMPDEF:
		return "skipped, no IMPLEMENTATION DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0)";
	case CPU_ROW_NO_SSBS:
		return "skipped, the PE has no FEAT_SSBS";
	case CPU_ROW_UNMITIGATED:
		return "affected, not mitigated here";
	default:
		return "none needed";
	}
}

#define REV(r) (r) >> 4, (r)&0xFU

/* One line per row that concerns this revision; @not_affected counts the others. */
static void report_place(const struct cpu_rows *rows, uint64_t midr, const char *cpu,
                         unsigned int *not_affected)
{
	for (uint32_t i = 0; i < rows->count; i++) {
		const struct cpu_row *row = &rows->row[i];
		enum cpu_row_state state = cpu_row_state(row, midr);
		unsigned int year = row->id / 100000U, number = row->id % 100000U;

		if (row->id == 0U)
			continue; /* the CPU's own steps */
		if (state == CPU_ROW_NOT_AFFECTED) {
			(*not_affected)++;
		} else if (row->id < CVE_ID(2000, 0)) {
			NOTICE("BL31: %s erratum %u (r%up%u-r%up%u): %s: %s\n", cpu, row->id,
			       REV(row->rev_lo), REV(row->rev_hi), state_text(state), row->what);
		} else if (state == CPU_ROW_NOT_BUILT) {
			NOTICE("BL31: %s CVE-%u-%u: skipped, built with WORKAROUND_CVE_%u_%u=0\n",
			       cpu, year, number, year, number);
		} else {
			NOTICE("BL31: %s CVE-%u-%u: %s: %s\n", cpu, year, number, state_text(state),
			       row->what);
		}
	}
}

/* The ids of the rows outside this revision, appended to @buf. */
static size_t list_not_affected(const struct cpu_rows *rows, uint64_t midr, char *buf, size_t len,
                                size_t used)
{
	for (uint32_t i = 0; i < rows->count && used < len; i++) {
		const struct cpu_row *row = &rows->row[i];

		if (row->id != 0U && cpu_row_state(row, midr) == CPU_ROW_NOT_AFFECTED)
			used += (size_t)snprintf(buf + used, len - used, " %u", row->id);
	}
	return used;
}

void cpu_errata_report(const struct cpu_ops *ops, uint64_t midr)
{
	const struct cpu_rows *places[] = { &ops->reset, &ops->pwr_down, &ops->leave,
		                            &ops->runtime };
	unsigned int not_affected = 0;
	char ids[200];
	size_t used = 0;

	NOTICE("BL31: CPU %s r%up%u (MIDR 0x%x)\n", ops->name, REV(cpu_rev(midr)),
	       (unsigned int)midr);
	for (unsigned int i = 0; i < sizeof(places) / sizeof(places[0]); i++)
		report_place(places[i], midr, ops->name, &not_affected);
	if (not_affected == 0U)
		return;
	ids[0] = '\0';
	for (unsigned int i = 0; i < sizeof(places) / sizeof(places[0]); i++)
		used = list_not_affected(places[i], midr, ids, sizeof(ids), used);
	NOTICE("BL31: %s r%up%u is not affected by%s\n", ops->name, REV(cpu_rev(midr)), ids);
}
