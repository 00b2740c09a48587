#include <plat/plat_setup.h>

/*
 * Nothing to describe: on N1SDP the normal world (UEFI) carries its own
 * device tree and finds PSCI there.
 */
void plat_bl2_prepare_bl33(void)
{
}
