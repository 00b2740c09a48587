/*
 * N1SDP, BL1: nothing to prepare before BL2 runs.
 */
#include <plat/plat_setup.h>

/* Nothing to prepare: the SCP holds the secondaries until CPU_ON. */
void plat_bl1_setup(void)
{
}
