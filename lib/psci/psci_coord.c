/*
 * The pure rules of PSCI power states: power_state decoding and checks,
 * the platform table lookup, platform coordination (DEN0022 4.4.3) and the
 * PSCI_STAT entry a coordinated state counts for. No state of its own.
 */
#include <string.h>

#include <lib/psci/psci.h>
#include <lib/psci/psci_coord.h>

/* The recommended encoding's last-at-level field: above the levels' fields. */
#define LAST_AT_SHIFT (PSTATE_ID_LEVEL_BITS * (PLAT_MAX_PWR_LVL + 1U))

int psci_decode_power_state(uint32_t power_state, struct psci_pstate_fields *f)
{
	f->power_state = power_state;
	if ((power_state & PSTATE_SBZ_MASK) != 0U)
		return PSCI_E_INVALID_PARAMS;
	f->powerdown = ((power_state >> PSTATE_TYPE_SHIFT) & 1U) == PSTATE_TYPE_POWERDOWN;
	f->level = (power_state >> PSTATE_PWR_LVL_SHIFT) & PSTATE_PWR_LVL_MASK;
	if (f->level > PLAT_MAX_PWR_LVL)
		return PSCI_E_INVALID_PARAMS;
	return 0;
}

static unsigned int pstate_level(uint32_t power_state)
{
	return (power_state >> PSTATE_PWR_LVL_SHIFT) & PSTATE_PWR_LVL_MASK;
}

bool psci_last_at_ids(const struct psci_pstate_desc *table, unsigned int count)
{
	if (LAST_AT_SHIFT + PSTATE_ID_LEVEL_BITS > 16U || count == 0U)
		return false;
	for (unsigned int i = 0; i < count; i++) {
		uint32_t id = table[i].power_state & PSTATE_ID_MASK;
		unsigned int level = pstate_level(table[i].power_state);

		if ((id >> LAST_AT_SHIFT) != 0U)
			return false;

		uint32_t below = PSCI_LOCAL_STATE_OFF; /* asked of the level below */

		for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
			uint32_t asked = (id >> (PSTATE_ID_LEVEL_BITS * lvl)) &
			                 PSTATE_ID_LEVEL_MASK;
			uint8_t granted = table[i].state.pwr_domain_state[lvl];
			/*
			 * Below the highest level the grant is the ask: OS-
			 * initiated requests are judged against the states
			 * the tree records there (psci_osi_validate). No
			 * request reads the highest level's, which may be
			 * granted shallower (psci_coord.h), but is never
			 * asked deeper than the level below it.
			 */
			bool top = lvl == PLAT_MAX_PWR_LVL && lvl != PSCI_CPU_PWR_LVL;

			if (asked > below || asked < granted || (!top && asked != granted) ||
			    (lvl > level && asked != PSCI_LOCAL_STATE_RUN))
				return false;
			below = asked;
		}
	}
	return true;
}

int psci_match_power_state(uint32_t power_state, const struct psci_pstate_desc *table,
                           unsigned int count, struct psci_power_state *state)
{
	for (unsigned int i = 0; i < count; i++) {
		if (table[i].power_state == power_state) {
			*state = table[i].state;
			return (int)i;
		}
	}
	return PSCI_E_INVALID_PARAMS;
}

uint32_t psci_split_last_at(uint32_t power_state, unsigned int *last_at)
{
	*last_at = (power_state >> LAST_AT_SHIFT) & PSTATE_ID_LEVEL_MASK;
	return power_state & ~(PSTATE_ID_LEVEL_MASK << LAST_AT_SHIFT);
}

void psci_asked_state(uint32_t power_state, bool last_at_ids, struct psci_power_state *state)
{
	if (!last_at_ids)
		return;
	for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
		uint32_t field = power_state >> (PSTATE_ID_LEVEL_BITS * lvl);

		state->pwr_domain_state[lvl] = (uint8_t)(field & PSTATE_ID_LEVEL_MASK);
	}
}

unsigned int psci_last_at_level(const struct psci_pstate_fields *f, bool last_at_ids)
{
	unsigned int last_at;

	(void)psci_split_last_at(f->power_state, &last_at);
	return last_at_ids && last_at != 0U ? last_at : f->level;
}

static bool same_states(const struct psci_power_state *a, const struct psci_power_state *b)
{
	return memcmp(a->pwr_domain_state, b->pwr_domain_state, sizeof(a->pwr_domain_state)) == 0;
}

unsigned int psci_state_key(const struct psci_power_state *state)
{
	unsigned int key = 0;

	for (unsigned int lvl = PLAT_MAX_PWR_LVL + 1U; lvl-- > 0U;)
		key = key * (PSCI_LOCAL_STATE_OFF + 1U) + state->pwr_domain_state[lvl];
	return key;
}

int psci_stat_index(const struct psci_pstate_desc *table, unsigned int count, int requested,
                    const struct psci_power_state *state)
{
	if (requested >= 0 && (unsigned int)requested < count &&
	    same_states(&table[requested].state, state))
		return requested;
	for (unsigned int i = 0; i < count; i++) {
		if (same_states(&table[i].state, state))
			return (int)i;
	}
	return -1;
}

/* >0 if @a is deeper than @b, <0 if shallower, 0 if the same (levels from the top down). */
static int compare_depth(const struct psci_power_state *a, const struct psci_power_state *b)
{
	for (unsigned int lvl = PLAT_MAX_PWR_LVL + 1U; lvl-- > 0U;) {
		if (a->pwr_domain_state[lvl] != b->pwr_domain_state[lvl])
			return (int)a->pwr_domain_state[lvl] - (int)b->pwr_domain_state[lvl];
	}
	return 0;
}

int psci_deepest_index(const struct psci_pstate_desc *table, unsigned int count)
{
	int best = -1;

	for (unsigned int i = 0; i < count; i++) {
		if (table[i].state.pwr_domain_state[PSCI_CPU_PWR_LVL] != PSCI_LOCAL_STATE_OFF)
			continue;
		if (best < 0) {
			best = (int)i;
			continue;
		}
		int depth = compare_depth(&table[i].state, &table[best].state);

		if (depth > 0 || (depth == 0 && pstate_level(table[i].power_state) >
		                                        pstate_level(table[best].power_state)))
			best = (int)i;
	}
	return best;
}

unsigned int psci_find_target_level(const struct psci_power_state *state)
{
	unsigned int target = 0;

	for (unsigned int lvl = 0; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
		if (state->pwr_domain_state[lvl] != PSCI_LOCAL_STATE_RUN)
			target = lvl;
	}
	return target;
}

unsigned int psci_find_off_level(const struct psci_power_state *state)
{
	unsigned int lvl = 0;

	while (lvl < PLAT_MAX_PWR_LVL && state->pwr_domain_state[lvl + 1U] == PSCI_LOCAL_STATE_OFF)
		lvl++;
	return lvl;
}

int psci_check_request(const struct psci_pstate_fields *f, const struct psci_power_state *state)
{
	uint8_t cpu = state->pwr_domain_state[PSCI_CPU_PWR_LVL];

	if (cpu == PSCI_LOCAL_STATE_RUN || cpu > PSCI_LOCAL_STATE_OFF)
		return PSCI_E_INVALID_PARAMS;
	if (f->powerdown != (cpu == PSCI_LOCAL_STATE_OFF))
		return PSCI_E_INVALID_PARAMS;
	for (unsigned int lvl = 1; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
		if (state->pwr_domain_state[lvl] > state->pwr_domain_state[lvl - 1])
			return PSCI_E_INVALID_PARAMS;
	}
	/*
	 * The platform may grant a shallower state than asked at the top
	 * (psci_last_at_ids), never a deeper one.
	 */
	if (psci_find_target_level(state) > f->level)
		return PSCI_E_INVALID_PARAMS;
	return 0;
}

void psci_coordinate(uint8_t req[][PLATFORM_CORE_COUNT], unsigned int pos,
                     const struct psci_cpu_span *span, unsigned int end_lvl,
                     struct psci_power_state *state)
{
	bool run_above = false;

	for (unsigned int lvl = 1; lvl <= PLAT_MAX_PWR_LVL; lvl++) {
		if (lvl > end_lvl) {
			state->pwr_domain_state[lvl] = PSCI_LOCAL_STATE_RUN;
			continue;
		}
		req[lvl - 1][pos] = state->pwr_domain_state[lvl];
		if (run_above) {
			state->pwr_domain_state[lvl] = PSCI_LOCAL_STATE_RUN;
			continue;
		}

		/*
		 * The shallowest request of the domain's cores. This core's own
		 * is among them: when it asks for RUN the answer is RUN without
		 * a look at the others, so a core that keeps a domain running
		 * (the system level of CPU_OFF) pays nothing for its size.
		 */
		uint8_t target = PSCI_LOCAL_STATE_OFF;

		if (state->pwr_domain_state[lvl] == PSCI_LOCAL_STATE_RUN)
			target = PSCI_LOCAL_STATE_RUN;
		for (unsigned int c = span->first[lvl];
		     target != PSCI_LOCAL_STATE_RUN &&
		     c < (unsigned int)span->first[lvl] + span->count[lvl];
		     c++) {
			if (req[lvl - 1][c] < target)
				target = req[lvl - 1][c];
		}
		state->pwr_domain_state[lvl] = target;
		run_above = target == PSCI_LOCAL_STATE_RUN;
	}
}
