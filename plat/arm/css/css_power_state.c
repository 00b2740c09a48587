/*
 * The Arm Compute Subsystem's encoding of a power-domain state for SCMI
 * POWER_STATE_SET (plat/arm/css/include/css_pm.h). Pure, host-tested
 * (plat/n1sdp/tests/test_n1sdp.c).
 */
#include <css_pm.h>
#include <platform_def.h>

uint32_t css_power_state(const struct psci_power_state *state, bool power_on)
{
	if (power_on)
		return (PLAT_MAX_PWR_LVL << CSS_PSTATE_LEVEL_SHIFT) | CSS_PSTATE_ALL_ON;

	unsigned int top = psci_find_target_level(state);
	uint32_t v = top << CSS_PSTATE_LEVEL_SHIFT;

	for (unsigned int lvl = 0; lvl <= top; lvl++) {
		if (state->pwr_domain_state[lvl] != PSCI_LOCAL_STATE_OFF)
			v |= CSS_PSTATE_ON << (CSS_PSTATE_LEVEL_BITS * lvl);
	}
	return v;
}
