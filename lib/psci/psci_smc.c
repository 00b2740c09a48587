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
#include <lib/pmf.h>
#include <lib/psci/psci_lib.h>
#include <lib/smccc.h>
#include <plat/plat_topology.h>

#include "psci_private.h"

#define SMC64(fid) ((fid) | PSCI_FID_SMC64_BIT)

/*
 * Is @fid a PSCI function this firmware implements, in this form? The
 * rule, evaluated for every PSCI function ID once by psci_setup() into
 * decided.fids, which the SMC path reads.
 */
static bool implemented_rule(uint32_t fid)
{
	const struct plat_psci_ops *ops = psci_plat();

	switch (fid) {
	case PSCI_FID_VERSION:
	case PSCI_FID_CPU_SUSPEND:
	case SMC64(PSCI_FID_CPU_SUSPEND):
	case PSCI_FID_CPU_OFF:
	case PSCI_FID_CPU_ON:
	case SMC64(PSCI_FID_CPU_ON):
	case PSCI_FID_AFFINITY_INFO:
	case SMC64(PSCI_FID_AFFINITY_INFO):
	case PSCI_FID_MIGRATE_INFO_TYPE:
	case PSCI_FID_SYSTEM_OFF:
	/* HIBERNATE_OFF is a power-off: every platform can (system_off is mandatory). */
	case PSCI_FID_SYSTEM_OFF2:
	case SMC64(PSCI_FID_SYSTEM_OFF2):
	case PSCI_FID_SYSTEM_RESET:
	case PSCI_FID_FEATURES:
	case PSCI_FID_STAT_RESIDENCY:
	case SMC64(PSCI_FID_STAT_RESIDENCY):
	case PSCI_FID_STAT_COUNT:
	case SMC64(PSCI_FID_STAT_COUNT):
		return true;
	case PSCI_FID_CPU_FREEZE:
		return ops->cpu_freeze != NULL;
	case PSCI_FID_CPU_DEFAULT_SUSPEND:
	case SMC64(PSCI_FID_CPU_DEFAULT_SUSPEND):
		return ops->default_suspend_state != 0U;
	case PSCI_FID_NODE_HW_STATE:
	case SMC64(PSCI_FID_NODE_HW_STATE):
		return ops->node_hw_state != NULL;
	case PSCI_FID_SYSTEM_SUSPEND:
	case SMC64(PSCI_FID_SYSTEM_SUSPEND):
		return ops->system_suspend;
	case PSCI_FID_SET_SUSPEND_MODE:
		return PSCI_OS_INIT_MODE != 0;
	case PSCI_FID_SYSTEM_RESET2:
	case SMC64(PSCI_FID_SYSTEM_RESET2):
		return ops->system_reset_warm != NULL;
	case PSCI_FID_MEM_PROTECT:
		return ops->mem_protect_set != NULL;
	case PSCI_FID_MEM_PROTECT_CHECK_RANGE:
	case SMC64(PSCI_FID_MEM_PROTECT_CHECK_RANGE):
		return ops->mem_protect_check_range != NULL;
	/*
	 * CLEAN_INV_MEMREGION(_ATTRIBUTES), 1.3's optional cache maintenance
	 * by physical range, are not implemented: on every platform here a
	 * DC CIVAC to the PoC reaches every cache (docs/design/psci.rst).
	 */
	default:
		return false;
	}
}

/*
 * What cold boot decided (psci_setup), read by the SMC path:
 *  version: PSCI_VERSION's answer (read before the checks, as the constant
 *        was: a load beside the bitmap where 0x00010003 would take two
 *        instructions on the path to it);
 *  fids: bit n, SMC32 PSCI function number n (0-31) is implemented; bit
 *        32 + n, its SMC64 form.
 */
static struct {
	uint64_t version;
	uint64_t fids;
} decided;

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
	uint64_t half = decided.fids >> ((fid & PSCI_FID_SMC64_BIT) >> 25);

	return ((half >> (fid & 63U)) & 1U) != 0U;
}

static int32_t features(uint32_t fid)
{
	/* SMCCC discovery goes through PSCI_FEATURES (DEN0028 7.1). */
	if (fid == SMCCC_VERSION)
		return PSCI_E_SUCCESS;
	if (!implemented(fid))
		return PSCI_E_NOT_SUPPORTED;
	/*
	 * CPU_SUSPEND's answer is its flags: original power_state format
	 * (bit 1 clear), OS-initiated mode if built in (bit 0) (5.15.2).
	 */
	if (fid == PSCI_FID_CPU_SUSPEND || fid == SMC64(PSCI_FID_CPU_SUSPEND))
		return PSCI_OS_INIT_MODE != 0 ? (int32_t)PSCI_FEATURE_OSI : 0;
	/* SYSTEM_OFF2's answer is the bitmap of its types (DEN0022F). */
	if ((fid & ~PSCI_FID_SMC64_BIT) == PSCI_FID_SYSTEM_OFF2)
		return (int32_t)PSCI_OFF2_FEATURE_HIBERNATE_OFF;
	return PSCI_E_SUCCESS;
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
 * Fill @e for a power-up at @pc with x0 = @context_id, at the caller's
 * exception level (@caller_spsr), SP_ELx, every exception masked (6.4.3).
 * 0, or PSCI_E_INVALID_ADDRESS unless @pc is 4-byte aligned (A64; an odd
 * address would be T32) and in non-secure DRAM.
 */
static int ns_entry(struct psci_ns_entry *e, uint64_t pc, uint64_t context_id, uint64_t caller_spsr)
{
	unsigned int el = (unsigned int)(caller_spsr >> SPSR_M_EL_SHIFT) & SPSR_M_EL_MASK;

	if ((pc & 3U) != 0U || pc < PLAT_NS_DRAM_BASE ||
	    pc - PLAT_NS_DRAM_BASE >= PLAT_NS_DRAM_SIZE)
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
	pmf_capture_no_low_power();
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

/*
 * Every implemented function but PSCI_VERSION. Out of line, so that the
 * registers and stack its calls need cost nothing on the fast path.
 */
static __attribute__((noinline)) uint64_t psci_call(uint32_t fid, uint64_t x1, uint64_t x2,
                                                    uint64_t x3, uint64_t caller_spsr)
{
	int64_t rc;

	switch (fid & ~PSCI_FID_SMC64_BIT) {
	case PSCI_FID_CPU_SUSPEND:
		rc = cpu_suspend((uint32_t)x1, x2, x3, caller_spsr);
		break;
	case PSCI_FID_CPU_OFF:
		rc = psci_cpu_off();
		break;
	case PSCI_FID_CPU_ON:
		rc = cpu_on(x1, x2, x3, caller_spsr);
		break;
	case PSCI_FID_AFFINITY_INFO:
		rc = affinity_info(x1, x2);
		break;
	case PSCI_FID_MIGRATE_INFO_TYPE:
		/* No Trusted OS, so nothing needs migrating (5.9.1). */
		rc = PSCI_TOS_NOT_PRESENT_MP;
		break;
	case PSCI_FID_SYSTEM_OFF:
		psci_system_off();
	case PSCI_FID_SYSTEM_RESET:
		psci_system_reset();
	case PSCI_FID_SYSTEM_OFF2:
		rc = psci_system_off2(x1, x2);
		break;
	case PSCI_FID_FEATURES:
		rc = features((uint32_t)x1);
		break;
	case PSCI_FID_CPU_FREEZE:
		rc = psci_cpu_freeze();
		break;
	case PSCI_FID_CPU_DEFAULT_SUSPEND:
		rc = cpu_suspend(psci_plat()->default_suspend_state, x1, x2, caller_spsr);
		break;
	case PSCI_FID_NODE_HW_STATE:
		rc = node_hw_state(x1, x2);
		break;
	case PSCI_FID_SYSTEM_SUSPEND:
		rc = system_suspend(x1, x2, caller_spsr);
		break;
	case PSCI_FID_SET_SUSPEND_MODE:
		rc = psci_set_suspend_mode(x1);
		break;
	case PSCI_FID_STAT_RESIDENCY:
		return stat(x1, (uint32_t)x2, true);
	case PSCI_FID_STAT_COUNT:
		return stat(x1, (uint32_t)x2, false);
	case PSCI_FID_SYSTEM_RESET2:
		rc = psci_system_reset2(x1, x2);
		break;
	case PSCI_FID_MEM_PROTECT:
		rc = psci_mem_protect(x1);
		break;
	case PSCI_FID_MEM_PROTECT_CHECK_RANGE:
		rc = psci_mem_protect_check_range(x1, x2);
		break;
	default:
		rc = PSCI_E_NOT_SUPPORTED;
		break;
	}
	return (uint64_t)rc;
}

uint64_t psci_smc_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3, uint64_t caller_spsr)
{
	uint64_t version = decided.version;

	if (!implemented(fid))
		return (uint64_t)(int64_t)PSCI_E_NOT_SUPPORTED;
	if (fid == PSCI_FID_VERSION)
		return version;
	return psci_call(fid, x1, x2, x3, caller_spsr);
}

int psci_setup(uintptr_t warm_entrypoint)
{
	const struct plat_psci_ops *ops = plat_psci_setup(warm_entrypoint);

	psci_set_warm_entry(warm_entrypoint);

	if (psci_state_init(plat_get_power_domain_tree_desc(), ops, psci_my_pos()) != 0) {
		ERROR("PSCI: the platform's power-domain tree or power-state table is "
		      "inconsistent\n");
		return -1;
	}
	decided.version = PSCI_VERSION_VALUE;
	decided.fids = 0;
	for (uint32_t n = 0; n <= PSCI_FUNC_NUM_MASK; n++) {
		if (implemented_rule(PSCI_FID_VERSION | n))
			decided.fids |= 1ULL << n;
		if (implemented_rule(SMC64(PSCI_FID_VERSION | n)))
			decided.fids |= 1ULL << (32U + n);
	}
	INFO("PSCI: %u cores, %u power levels\n", PLATFORM_CORE_COUNT, PLAT_MAX_PWR_LVL + 1);
	return 0;
}
