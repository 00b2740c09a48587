/*
 * SCMI message encoding: pure, shared by the transport (scmi.c) and the
 * host unit tests.
 */
#include <drivers/scmi.h>

uint32_t scmi_css_power_state(const struct psci_power_state *state, int power_on)
{
	if (power_on != 0)
		return (PLAT_MAX_PWR_LVL << 16) | 0x111U;

	unsigned int top = psci_find_target_level(state);
	uint32_t v = top << 16;

	for (unsigned int lvl = 0; lvl <= top; lvl++) {
		if (state->pwr_domain_state[lvl] != PSCI_LOCAL_STATE_OFF)
			v |= 1U << (4U * lvl);
	}
	return v;
}

void scmi_write_command(volatile uint8_t *shmem, uint32_t header, const uint32_t *payload,
			unsigned int n)
{
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_FLAGS) = 0;	/* polled, no interrupt */
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_LENGTH) = 4U + 4U * n;
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_HEADER) = header;
	for (unsigned int i = 0; i < n; i++)
		*(volatile uint32_t *)(shmem + SCMI_SHMEM_PAYLOAD + 4U * i) = payload[i];
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_STATUS) = 0;	/* busy */
}

