#include <lib/psci/psci_lib.h>

int psci_setup(void)
{
	return 0;
}

void psci_warmboot_entrypoint(void)
{
}
