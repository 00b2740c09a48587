/*
 * Arm PrimeCell UART (PL011), polled transmit only.
 * Source: PrimeCell UART (PL011) Technical Reference Manual, ARM DDI 0183.
 */
#ifndef DRIVERS_PL011_H
#define DRIVERS_PL011_H

#include <stdint.h>

/*
 * Program 8N1 with FIFOs at @baud from a @clk_hz reference clock and enable
 * the transmitter and receiver. @clk_hz == 0 leaves the divisor untouched
 * (QEMU ignores it; a boot ROM may have set it).
 */
void pl011_init(uintptr_t base, uint32_t clk_hz, uint32_t baud);
/* Queue one byte, waiting while the transmit FIFO is full. */
void pl011_putc(uintptr_t base, char c);
/* Wait until the transmitter is idle (FR.BUSY clear). */
void pl011_flush(uintptr_t base);

#endif
