/*
 * The PL011 console driver (include/drivers/pl011.h): polled transmit with
 * every wait bounded.
 */
#include <stdbool.h>

#include <drivers/pl011.h>
#include <lib/mmio.h>

/* Register offsets and bits: ARM DDI 0183, 3.2 "Summary of registers". */
#define UARTDR    0x000
#define UARTFR    0x018
#define UARTIBRD  0x024
#define UARTFBRD  0x028
#define UARTLCR_H 0x02c
#define UARTCR    0x030
#define UARTIMSC  0x038
#define UARTICR   0x044

#define FR_BUSY      (1U << 3)
#define FR_TXFF      (1U << 5)
#define LCR_H_FEN    (1U << 4)
#define LCR_H_WLEN_8 (3U << 5)
#define CR_UARTEN    (1U << 0)
#define CR_TXE       (1U << 8)
#define CR_RXE       (1U << 9)
#define ICR_ALL      0x7ffU

/*
 * A character at 115200 baud leaves in 87 us and the FIFO holds 32: a
 * UART still full after this many status reads (far longer than the FIFO
 * takes to drain at any baud rate a console uses) is stuck or absent. It
 * is then given up: a console never stops the firmware, and nothing could
 * report the panic through it anyway.
 */
#define PL011_POLL_LIMIT 10000000U

static bool wait_clear(struct console *console, uint32_t bits)
{
	for (uint32_t i = 0; i < PL011_POLL_LIMIT; i++) {
		if ((mmio_read_32(console->base + UARTFR) & bits) == 0U)
			return true;
	}
	console->base = 0; /* given up: silent from now on */
	return false;
}

static void pl011_putc(struct console *console, char c)
{
	if (console->base == 0U || !wait_clear(console, FR_TXFF))
		return;
	mmio_write_32(console->base + UARTDR, (uint32_t)(unsigned char)c);
}

static void pl011_flush(struct console *console)
{
	if (console->base != 0U)
		(void)wait_clear(console, FR_BUSY);
}

void pl011_console_register(struct console *console, uintptr_t base, uint32_t clk_hz, uint32_t baud)
{
	/* The UART must be disabled while LCR_H and the divisor change (3.3.8). */
	mmio_write_32(base + UARTCR, 0);
	if (clk_hz != 0U && baud != 0U) {
		/* Divisor = clk / (16 * baud) in 16.6 fixed point (3.3.6). */
		uint32_t div64 = (uint32_t)(((uint64_t)clk_hz * 4U + baud / 2U) / baud);

		mmio_write_32(base + UARTIBRD, div64 >> 6);
		mmio_write_32(base + UARTFBRD, div64 & 0x3fU);
	}
	mmio_write_32(base + UARTLCR_H, LCR_H_WLEN_8 | LCR_H_FEN);
	mmio_write_32(base + UARTIMSC, 0);
	mmio_write_32(base + UARTICR, ICR_ALL);
	mmio_write_32(base + UARTCR, CR_UARTEN | CR_TXE | CR_RXE);
	*console = (struct console){ .base = base, .putc = pl011_putc, .flush = pl011_flush };
	console_register(console);
}
