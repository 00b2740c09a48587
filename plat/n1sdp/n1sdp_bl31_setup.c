/*
 * N1SDP, BL31: the runtime console and the timer frames. Power control is
 * the Arm CSS module's (plat/arm/css/css_pm.c: SCMI to the SCP).
 */
#include <drivers/console.h>
#include <drivers/pl011.h>
#include <drivers/sbsa_wdog.h>
#include <n1sdp_css.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

/*
 * N1SDP_RUN_UART: BL31's runtime and crash messages on the IOFPGA's UART0
 * (PLAT_RUN_UART_BASE), TF-A's N1SDP run-time and crash console, so
 * that they do not interleave with the OS's on the AP's UART0; BL1, BL2
 * and BL31's boot messages stay there (docs/plat/n1sdp.rst).
 */
void plat_bl31_runtime_console(void)
{
	static struct console run_uart;

	if (!N1SDP_RUN_UART)
		return;
	pl011_console_register(&run_uart, PLAT_RUN_UART_BASE, PLAT_RUN_UART_CLK_HZ, PLAT_UART_BAUD);
	console_switch(&run_uart);
}

/* The boot is done: BL1's watchdog stops before the first exit to BL33. */
void plat_bl31_setup(void)
{
	n1sdp_timer_frames_init();
	sbsa_wdog_stop(PLAT_WDOG_BASE);
}
