/*
 * The normal-world test payload: reports the state BL31 handed over, checks
 * the basic SMC interfaces and powers the system off through PSCI.
 * Lines starting "PAYLOAD:" are what tests/integration asserts on.
 */
#include <stdint.h>
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/console.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>
#include <platform_def.h>

#include "smc.h"

void payload_main(uint64_t x0);

void payload_main(uint64_t x0)
{
	console_init(PLAT_UART_BASE, PLAT_UART_CLK_HZ, PLAT_UART_BAUD);
	printf("PAYLOAD: entered at EL%u, x0 = 0x%llx, MPIDR = 0x%llx, CNTFRQ = %llu Hz\n",
	       get_current_el(), (unsigned long long)x0,
	       (unsigned long long)read_mpidr_el1(),
	       (unsigned long long)read_cntfrq_el0());

	int64_t psci = smc1(PSCI_FID_VERSION, 0, 0, 0);

	printf("PAYLOAD: PSCI_VERSION = %lld.%lld\n", (long long)(psci >> 16),
	       (long long)(psci & 0xffff));

	int64_t smccc = smc1(SMCCC_VERSION, 0, 0, 0);

	printf("PAYLOAD: SMCCC_VERSION = %lld.%lld\n", (long long)(smccc >> 16),
	       (long long)(smccc & 0xffff));
	printf("PAYLOAD: unknown SMC 0x%x returns %lld\n", 0xc2ffff00U,
	       (long long)smc1(0xc2ffff00U, 0, 0, 0));

	printf("PAYLOAD: x4-x17 changed by a known SMC: mask 0x%llx, by an unknown SMC: mask 0x%llx\n",
	       (unsigned long long)smc_clobber_mask(PSCI_FID_VERSION),
	       (unsigned long long)smc_clobber_mask(0xc2ffff00U));

	printf("PAYLOAD: calling SYSTEM_OFF\n");
	console_flush();
	smc1(PSCI_FID_SYSTEM_OFF, 0, 0, 0);
	printf("PAYLOAD: ERROR: SYSTEM_OFF returned\n");
	for (;;)
		wfi();
}
