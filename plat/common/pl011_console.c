/*
 * The console every image registers first, as a helper a port opts into:
 * the PL011 at PLAT_UART_BASE (PLAT_UART_CLK_HZ, PLAT_UART_BAUD), the
 * platform's plat_console_init (include/plat/plat_setup.h).
 */
#include <drivers/console.h>
#include <drivers/pl011.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

void plat_console_init(void)
{
	static struct console uart0;

	pl011_console_register(&uart0, PLAT_UART_BASE, PLAT_UART_CLK_HZ, PLAT_UART_BAUD);
}
