/*
 * PSCI's SMC-facing entry (Arm DEN0022F, PSCI 1.3): every argument is
 * decoded and checked here, with the error the specification gives for it,
 * before one operation of psci_on_off.c, psci_suspend.c or psci_system.c
 * runs with checked arguments; PSCI_FEATURES answers for exactly what this
 * build and platform implement. Also the library's set-up.
 */
#include <stdint.h>

#include <common/debug.h>
#include <lib/psci/psci.h>
#include <lib/psci/psci_lib.h>
#include <lib/smccc.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

/* What cold boot decided (psci_lib.h): the SMC path reads nothing else. */
struct psci_decided psci_decided;

static bool implemented(uint32_t fid)
{
	if ((fid & ~(PSCI_FID_SMC64_BIT | PSCI_FUNC_NUM_MASK)) != PSCI_FID_VERSION)
		return false;

	/*
	 * The half of the bitmap for the form (bit 30 of @fid down to 32),
	 * then the function's bit: past the check above, bits 5-29 of @fid
	 * are clear, so @fid & 63 (the shift the A64 instruction takes) is
	 * the function number.
	 */
	uint64_t half = psci_decided.fids >> ((fid & PSCI_FID_SMC64_BIT) >> 25);

	return ((half >> (fid & 63U)) & 1U) != 0U;
}

/*
 * The core position a target_cpu names, or -1 if it names no core or has a
 * non-affinity bit set: bits [63:40] and [31:24] are SBZ (5.1.4), but on a
 * platform whose MPIDRs carry MT, TF-A accepts MT (TFTF passes it), so the
 * same ABI does.
 */
static int mpidr_to_pos(uint64_t mpidr)
{
	uint64_t ignored = PLAT_MPIDR_MT != 0 ? MPIDR_MT_BIT : 0U;

	if ((mpidr & ~(MPIDR_AFFINITY_MASK | ignored)) != 0U)
		return -1;
	return plat_core_pos_by_mpidr(mpidr);
}

/*
 * @pc lies in the non-secure DRAM (psci_setup's ranges: N1SDP's DRAM1
 * below the firmware's carve-outs and its DRAM2, QEMU's /memory). The
 * first range is the usual answer, asked first (an empty set's first
 * range has size 0: no answer); the unsigned difference takes care of @pc
 * below a range's base. Out of the way of the first: the others.
 */
static __attribute__((noinline)) bool in_other_ns_dram(uint64_t pc)
{
	const struct mem_ranges *d = &psci_decided.ns_dram;

	for (unsigned int i = 1; i < d->count; i++) {
		if (pc - d->range[i].base < d->range[i].size)
			return true;
	}
	return false;
}

static bool in_ns_dram(uint64_t pc)
{
	const struct mem_range *first = &psci_decided.ns_dram.range[0];

	return pc - first->base < first->size || in_other_ns_dram(pc);
}

/*
 * Fill @e for a power-up at @pc with x0 = @context_id, at the caller's
 * exception level (@caller_spsr), SP_ELx, every exception masked (6.4.3).
 * 0, or PSCI_E_INVALID_ADDRESS unless @pc is 4-byte aligned (A64; an odd
 * address would be T32) and in non-secure DRAM.
 */
static inline __attribute__((always_inline)) int ns_entry(struct psci_ns_entry *e, uint64_t pc,
                                                          uint64_t context_id, uint64_t caller_spsr)
{
	unsigned int el = (unsigned int)(caller_spsr >> SPSR_M_EL_SHIFT) & SPSR_M_EL_MASK;

	if ((pc & 3U) != 0U || !in_ns_dram(pc))
		return PSCI_E_INVALID_ADDRESS;
	e->pc = pc;
	e->context_id = context_id;
	e->spsr = SPSR_DAIF_MASK | (el == 2U ? SPSR_M_EL2H : SPSR_M_EL1H);
	return 0;
}

static int last_at_index(struct psci_pstate_fields *f);

/*
 * Decode @power_state, look it up in the platform's table (its own value,
 * else last_at_index) and check it is consistent: its table index, or
 * PSCI_E_INVALID_PARAMS.
 */
static int power_state_index(uint32_t power_state, struct psci_pstate_fields *f)
{
	struct psci_power_state state;
	int idx = psci_decode_power_state(power_state, f);

	if (idx == 0)
		idx = psci_match_power_state(power_state, psci_plat()->power_states,
		                             psci_plat()->power_state_count, &state);
	if (idx < 0)
		return PSCI_E_INVALID_PARAMS;
	return psci_check_request(f, &state) == 0 ? idx : PSCI_E_INVALID_PARAMS;
}

/*
 * power_state_index for a power_state (in f->power_state) that is not the
 * table's own value: where the table allows it (psci_takes_last_at), an
 * entry's value in DEN0022's recommended spelling with a last-at-level
 * field (one state, two spellings; psci_last_at_level reads the field).
 * The field must name a level from the PowerLevel up (a caller cannot be
 * the last core of a domain below the one it asks a state for) to
 * PLAT_MAX_PWR_LVL. Out of line and only reached on a miss, so that the
 * table's own spelling costs nothing more.
 */
static __attribute__((noinline)) int last_at_index(struct psci_pstate_fields *f)
{
	uint32_t power_state = f->power_state;
	unsigned int last_at;
	uint32_t own = psci_split_last_at(power_state, &last_at);
	int idx;

	if (!psci_takes_last_at() || last_at == 0U)
		return PSCI_E_INVALID_PARAMS;
	idx = power_state_index(own, f);
	if (idx < 0 || last_at < f->level || last_at > PLAT_MAX_PWR_LVL)
		return PSCI_E_INVALID_PARAMS;
	f->power_state = power_state;
	return idx;
}

/*
 * A power call refused before it reached its operation: its record says
 * so (no low power, no flush; docs/design/pmf.rst), then @rc.
 */
static int refused(int rc)
{
	psci_pmf_no_low_power();
	return rc;
}

static int cpu_suspend(uint32_t power_state, uint64_t pc, uint64_t context_id, uint64_t caller_spsr)
{
	struct psci_pstate_fields f;
	struct psci_ns_entry e;
	int idx = power_state_index(power_state, &f);

	if (idx < 0)
		idx = last_at_index(&f);

	if (idx < 0)
		return refused(idx);
	if (f.powerdown) {
		int rc = ns_entry(&e, pc, context_id, caller_spsr);

		if (rc != 0)
			return refused(rc);
	}
	return psci_cpu_suspend((unsigned int)idx, &f, &e);
}

static int cpu_on(uint64_t target, uint64_t pc, uint64_t context_id, uint64_t caller_spsr)
{
	struct psci_ns_entry e;
	int pos = mpidr_to_pos(target);
	int rc = pos < 0 ? PSCI_E_INVALID_PARAMS : ns_entry(&e, pc, context_id, caller_spsr);

	return rc != 0 ? rc : psci_cpu_on((unsigned int)pos, &e);
}

static int affinity_info(uint64_t target, uint64_t lowest_level)
{
	int pos = mpidr_to_pos(target);

	/* Only level 0 is supported (PSCI 1.0 deprecates the others). */
	if (lowest_level != PSCI_CPU_PWR_LVL || pos < 0)
		return PSCI_E_INVALID_PARAMS;
	return psci_affinity_info((unsigned int)pos);
}

static int node_hw_state(uint64_t target, uint64_t level)
{
	int pos = mpidr_to_pos(target);

	if (pos < 0 || level > PLAT_MAX_PWR_LVL)
		return PSCI_E_INVALID_PARAMS;
	return psci_node_hw_state((unsigned int)pos, (unsigned int)level);
}

static int system_suspend(uint64_t pc, uint64_t context_id, uint64_t caller_spsr)
{
	struct psci_ns_entry e;
	int rc = ns_entry(&e, pc, context_id, caller_spsr);

	return rc != 0 ? refused(rc) : psci_system_suspend(&e);
}

/* Errors read as 0 (5.21, 5.22). */
static uint64_t stat(uint64_t target, uint32_t power_state, bool residency)
{
	struct psci_pstate_fields f;
	int pos = mpidr_to_pos(target);
	int idx = power_state_index(power_state, &f);

	if (idx < 0)
		idx = last_at_index(&f);

	if (pos < 0 || idx < 0)
		return 0;
	return psci_stat_read((unsigned int)pos, (unsigned int)idx, residency);
}

static uint64_t stat_residency(uint64_t target, uint64_t power_state)
{
	return stat(target, (uint32_t)power_state, true);
}

static uint64_t stat_count(uint64_t target, uint64_t power_state)
{
	return stat(target, (uint32_t)power_state, false);
}

static uint64_t version(void)
{
	return psci_decided.version;
}

/* No Trusted OS, so nothing needs migrating (5.9.1). */
static int migrate_info_type(void)
{
	return PSCI_TOS_NOT_PRESENT_MP;
}

static int cpu_default_suspend(uint64_t pc, uint64_t context_id, uint64_t caller_spsr)
{
	return cpu_suspend(psci_plat()->default_suspend_state, pc, context_id, caller_spsr);
}

static int32_t features(uint32_t fid);

/* The availability rules of the optional functions: what the platform gives. */
static bool has_cpu_freeze(const struct plat_psci_ops *ops)
{
	return ops->cpu_freeze != NULL;
}

static bool has_default_suspend(const struct plat_psci_ops *ops)
{
	return ops->default_suspend_state != 0U;
}

static bool has_node_hw_state(const struct plat_psci_ops *ops)
{
	return ops->node_hw_state != NULL;
}

static bool has_system_suspend(const struct plat_psci_ops *ops)
{
	return ops->system_suspend;
}

static bool has_os_init_mode(const struct plat_psci_ops *ops)
{
	(void)ops;
	return PSCI_OS_INIT_MODE != 0;
}

static bool has_warm_reset(const struct plat_psci_ops *ops)
{
	return ops->system_reset_warm != NULL;
}

static bool has_mem_protect(const struct plat_psci_ops *ops)
{
	return ops->mem_protect_set != NULL;
}

static bool has_mem_protect_range(const struct plat_psci_ops *ops)
{
	return ops->mem_protect_check_range != NULL;
}

/*
 * The PSCI functions: one row each, at its function number (bits 4:0 of
 * its function ID PSCI_FID_<name>, DEN0022F 5.1), with
 *  forms:     the calling conventions it has: SMC32, SMC64 (DEN0028 2.5);
 *  available: the rule that offers it, given the platform's operations
 *             (NULL: always), evaluated once at cold boot (psci_setup);
 *  features:  what PSCI_FEATURES answers for an offered function: 0, or
 *             the function's feature flags (5.15.2);
 *  handler:   the typed function the call runs, what it returns (INT: a
 *             PSCI status, sign-extended into x0 (5.2.2); U64: x0 as it
 *             is; NORETURN) and which of the caller's registers it takes
 *             (ARGS_*: x1, x2, x3 as their types say, SMC32 ones
 *             zero-extended, and the caller's SPSR_EL3).
 * Dispatch (psci_smc_handler) and PSCI_FEATURES read nothing else, so
 * they cannot disagree. A row left out is NOT_SUPPORTED: MIGRATE and
 * MIGRATE_INFO_UP_CPU (no Trusted OS); CLEAN_INV_MEMREGION(_ATTRIBUTES),
 * 1.3's optional cache maintenance by physical range, as on every platform
 * here a DC CIVAC to the PoC reaches every cache (docs/design/psci.rst).
 * A new function is one row and its typed function (docs/design/psci.rst).
 */
#define SMC32 1U
#define SMC64 2U
#define PSCI_FUNCTIONS(X)                                                                          \
	X(VERSION, SMC32, NULL, 0, U64, version, ARGS_0)                                           \
	/* Original power_state format (bit 1 clear), OS-initiated mode if built in (bit 0). */    \
	X(CPU_SUSPEND, SMC32 | SMC64, NULL, PSCI_OS_INIT_MODE != 0 ? PSCI_FEATURE_OSI : 0, INT,    \
	  cpu_suspend, ARGS_3S)                                                                    \
	X(CPU_OFF, SMC32, NULL, 0, INT, psci_cpu_off, ARGS_0)                                      \
	X(CPU_ON, SMC32 | SMC64, NULL, 0, INT, cpu_on, ARGS_3S)                                    \
	X(AFFINITY_INFO, SMC32 | SMC64, NULL, 0, INT, affinity_info, ARGS_2)                       \
	X(MIGRATE_INFO_TYPE, SMC32, NULL, 0, INT, migrate_info_type, ARGS_0)                       \
	X(SYSTEM_OFF, SMC32, NULL, 0, NORETURN, psci_system_off, ARGS_0)                           \
	X(SYSTEM_RESET, SMC32, NULL, 0, NORETURN, psci_system_reset, ARGS_0)                       \
	X(FEATURES, SMC32, NULL, 0, INT, features, ARGS_1)                                         \
	X(CPU_FREEZE, SMC32, has_cpu_freeze, 0, INT, psci_cpu_freeze, ARGS_0)                      \
	X(CPU_DEFAULT_SUSPEND, SMC32 | SMC64, has_default_suspend, 0, INT, cpu_default_suspend,    \
	  ARGS_2S)                                                                                 \
	X(NODE_HW_STATE, SMC32 | SMC64, has_node_hw_state, 0, INT, node_hw_state, ARGS_2)          \
	X(SYSTEM_SUSPEND, SMC32 | SMC64, has_system_suspend, 0, INT, system_suspend, ARGS_2S)      \
	X(SET_SUSPEND_MODE, SMC32, has_os_init_mode, 0, INT, psci_set_suspend_mode, ARGS_1)        \
	X(STAT_RESIDENCY, SMC32 | SMC64, NULL, 0, U64, stat_residency, ARGS_2)                     \
	X(STAT_COUNT, SMC32 | SMC64, NULL, 0, U64, stat_count, ARGS_2)                             \
	X(SYSTEM_RESET2, SMC32 | SMC64, has_warm_reset, 0, INT, psci_system_reset2, ARGS_2)        \
	X(MEM_PROTECT, SMC32, has_mem_protect, 0, INT, psci_mem_protect, ARGS_1)                   \
	X(MEM_PROTECT_CHECK_RANGE, SMC32 | SMC64, has_mem_protect_range, 0, INT,                   \
	  psci_mem_protect_check_range, ARGS_2)                                                    \
	/* HIBERNATE_OFF is a power-off; its answer is the bitmap of the types it takes. */        \
	X(SYSTEM_OFF2, SMC32 | SMC64, NULL, PSCI_OFF2_FEATURE_HIBERNATE_OFF, INT,                  \
	  psci_system_off2, ARGS_2)

/*
 * What the dispatcher calls for each row: the caller's registers, in the
 * registers psci_smc_handler has them in (no move on the path to the
 * call), handed to the row's typed function as it takes them; generated,
 * one a row, from the row.
 */
typedef uint64_t (*psci_fn_handler)(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                                    uint64_t caller_spsr);
#define ARGS_0(x1, x2, x3, spsr)
#define ARGS_1(x1, x2, x3, spsr)  x1
#define ARGS_2(x1, x2, x3, spsr)  x1, x2
#define ARGS_2S(x1, x2, x3, spsr) x1, x2, spsr
#define ARGS_3S(x1, x2, x3, spsr) x1, x2, x3, spsr
#define RETURN_INT(call)          return (uint64_t)(int64_t)(call)
#define RETURN_U64(call)          return (call)
#define RETURN_NORETURN(call)     call
#define UNUSED                    __attribute__((unused))
#define PSCI_CALL(name, forms_, available_, features_, result_, fn_, args_)                        \
	static uint64_t psci_call_##name(UNUSED uint32_t fid, UNUSED uint64_t x1,                  \
	                                 UNUSED uint64_t x2, UNUSED uint64_t x3,                   \
	                                 UNUSED uint64_t spsr)                                     \
	{                                                                                          \
		RETURN_##result_(fn_(args_(x1, x2, x3, spsr)));                                    \
	}
PSCI_FUNCTIONS(PSCI_CALL)

#define ROW(name) (PSCI_FID_##name & PSCI_FUNC_NUM_MASK)
#define PSCI_ROW(name, forms_, available_, features_, result_, fn_, args_)                         \
	[ROW(name)] = { (forms_), (available_), (features_), psci_call_##name },
static const struct psci_fn {
	uint8_t forms;
	bool (*available)(const struct plat_psci_ops *ops);
	uint32_t features;
	psci_fn_handler handler;
} psci_functions[PSCI_FUNC_NUM_MASK + 1] = { PSCI_FUNCTIONS(PSCI_ROW) };

static int32_t features(uint32_t fid)
{
	/* SMCCC discovery goes through PSCI_FEATURES (DEN0028 7.1). */
	if (fid == SMCCC_VERSION)
		return PSCI_E_SUCCESS;
	if (!implemented(fid))
		return PSCI_E_NOT_SUPPORTED;
	return (int32_t)psci_functions[fid & PSCI_FUNC_NUM_MASK].features;
}

void psci_pmf_returned(uint32_t fid, uint64_t x1, uint64_t ret)
{
	pmf_ring_commit(fid & PSCI_FUNC_NUM_MASK, (fid & PSCI_FID_SMC64_BIT) != 0U,
	                psci_pmf_power_state(fid, x1), (int64_t)ret);
}

uint64_t psci_smc_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3, uint64_t caller_spsr)
{
	if (!implemented(fid))
		return (uint64_t)(int64_t)PSCI_E_NOT_SUPPORTED;
	return psci_functions[fid & PSCI_FUNC_NUM_MASK].handler(fid, x1, x2, x3, caller_spsr);
}

int psci_setup(uintptr_t warm_entrypoint, const struct mem_ranges *ns_dram)
{
	const struct plat_psci_ops *ops = plat_psci_setup(warm_entrypoint);

	psci_decided.ns_dram = *ns_dram;
	psci_set_warm_entry(warm_entrypoint);

	if (psci_state_init(plat_get_power_domain_tree_desc(), ops, psci_my_pos()) != 0) {
		ERROR("PSCI: the platform's power-domain tree or power-state table is "
		      "inconsistent\n");
		return -1;
	}
	psci_decided.version = PSCI_VERSION_VALUE;
	psci_decided.fids = 0;
	for (uint32_t n = 0; n <= PSCI_FUNC_NUM_MASK; n++) {
		const struct psci_fn *row = &psci_functions[n];

		if (row->handler == NULL || (row->available != NULL && !row->available(ops)))
			continue;
		if ((row->forms & SMC32) != 0U)
			psci_decided.fids |= 1ULL << n;
		if ((row->forms & SMC64) != 0U)
			psci_decided.fids |= 1ULL << (32U + n);
	}
	INFO("PSCI: %u cores, %u power levels\n", PLATFORM_CORE_COUNT, PLAT_MAX_PWR_LVL + 1);
	return 0;
}
