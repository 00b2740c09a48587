/*
 * N1SDP, BL31: the runtime console and the timer frames. Power control is
 * the Arm CSS module's (plat/arm/css/css_pm.c: SCMI to the SCP).
 */
#include <drivers/console.h>
#include <drivers/pl011.h>
#include <n1sdp_css.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

/*
 * N1SDP_RUN_UART: BL31's runtime messages on the AP's second UART
 * (PLAT_RUN_UART_BASE), TF-A's N1SDP run-time (and crash) console, so
 * that they do not interleave with the OS's on UART0; BL1, BL2 and BL31's
 * boot messages stay on UART0 (docs/plat/n1sdp.rst).
 */
void plat_bl31_runtime_console(void)
{
	static struct console run_uart;

	if (!N1SDP_RUN_UART)
		return;
	pl011_console_register(&run_uart, PLAT_RUN_UART_BASE, PLAT_UART_CLK_HZ, PLAT_UART_BAUD);
	console_switch(&run_uart);
}

void plat_bl31_setup(void)
{
	n1sdp_timer_frames_init();
}
