/*
 * The SBSA Generic Watchdog (include/drivers/sbsa_wdog.h).
 */
#include <drivers/sbsa_wdog.h>
#include <lib/mmio.h>

uint64_t sbsa_wdog_start(uintptr_t control, uint64_t freq_hz, uint64_t seconds)
{
	uint32_t arch = (mmio_read_32(control + SBSA_WDOG_W_IIDR) >> SBSA_WDOG_ARCH_SHIFT) &
	                SBSA_WDOG_ARCH_MASK;
	uint64_t max = arch == 0U ? UINT32_MAX : (1ULL << 48) - 1U;
	uint64_t ticks = freq_hz != 0U && seconds > max / freq_hz ? max : seconds * freq_hz;

	mmio_write_32(control + SBSA_WDOG_WOR_LOW, (uint32_t)ticks);
	if (arch != 0U)
		mmio_write_32(control + SBSA_WDOG_WOR_HIGH, (uint32_t)(ticks >> 32));
	mmio_write_32(control + SBSA_WDOG_WCS, SBSA_WDOG_WCS_EN);
	return freq_hz != 0U ? ticks / freq_hz : 0U;
}

void sbsa_wdog_stop(uintptr_t control)
{
	mmio_write_32(control + SBSA_WDOG_WCS, 0);
}
