/*
 * Arm PrimeCell UART (PL011) as a console, transmit only, polled.
 * Source: PrimeCell UART (PL011) Technical Reference Manual, ARM DDI 0183.
 */
#ifndef DRIVERS_PL011_H
#define DRIVERS_PL011_H

#include <stdint.h>

#include <drivers/console.h>

/*
 * Program the UART at @base (physical address) for 8N1 with FIFOs at @baud
 * from a @clk_hz reference clock (0: leave the divisor as a boot ROM or
 * QEMU left it), enable its transmitter and register it in @console (the
 * caller's storage, for the image's lifetime) as a console.
 */
void pl011_console_register(struct console *console, uintptr_t base, uint32_t clk_hz,
                            uint32_t baud);

#endif
