/*
 * Base FVP, BL1: nothing to prepare; the secondaries powered themselves
 * off (plat_secondary_cold_boot) and wait for CPU_ON.
 */
#include <plat/plat_setup.h>

void plat_bl1_setup(void)
{
}
