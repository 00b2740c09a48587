/*
 * DMC-620 ECC enable (include/drivers/dmc620.h).
 */
#include <errno.h>
#include <stdbool.h>

#include <drivers/dmc620.h>
#include <lib/mmio.h>

/*
 * A state change takes the controller microseconds (SCP-firmware waits
 * for each without a bound); one not done after this many reads, seconds
 * of them, will not come.
 */
#define DMC620_POLL_LIMIT 10000000U

static bool go_to(uintptr_t base, uint32_t state)
{
	mmio_write_32(base + DMC620_MEMC_CMD, state);
	for (uint32_t i = 0; i < DMC620_POLL_LIMIT; i++) {
		if ((mmio_read_32(base + DMC620_MEMC_STATUS) & DMC620_STATE_MASK) == state)
			return true;
	}
	return false;
}

int dmc620_ecc_enable(uintptr_t base)
{
	if (!go_to(base, DMC620_CMD_CONFIG))
		return -ETIMEDOUT;
	mmio_setbits_32(base + DMC620_ERR0CTLR0, DMC620_ERR0CTLR0_ED);
	return go_to(base, DMC620_CMD_GO) ? 0 : -ETIMEDOUT;
}
