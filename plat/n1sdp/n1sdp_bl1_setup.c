/*
 * N1SDP, BL1: the boot watchdog, as TF-A's BL1 starts it on Arm's CSS
 * boards: a boot that hangs before BL33 resets the board (BL31 stops it,
 * n1sdp_bl31_setup.c).
 */
#include <common/debug.h>
#include <drivers/sbsa_wdog.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>

/* The SCP holds the secondaries until CPU_ON: only the watchdog to start. */
void plat_bl1_setup(void)
{
	uint64_t s = sbsa_wdog_start(PLAT_WDOG_BASE, plat_get_syscnt_freq(), PLAT_BOOT_WDOG_S);

	NOTICE("N1SDP: boot watchdog on: %llu s to BL33, or the board resets\n",
	       (unsigned long long)s);
}
