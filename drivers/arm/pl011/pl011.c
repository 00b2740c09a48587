#include <drivers/pl011.h>
#include <lib/mmio.h>

/* Register offsets and bits: ARM DDI 0183, 3.2 "Summary of registers". */
#define UARTDR		0x000
#define UARTFR		0x018
#define UARTIBRD	0x024
#define UARTFBRD	0x028
#define UARTLCR_H	0x02c
#define UARTCR		0x030
#define UARTIMSC	0x038
#define UARTICR		0x044

#define FR_BUSY		(1U << 3)
#define FR_TXFF		(1U << 5)
#define LCR_H_FEN	(1U << 4)
#define LCR_H_WLEN_8	(3U << 5)
#define CR_UARTEN	(1U << 0)
#define CR_TXE		(1U << 8)
#define CR_RXE		(1U << 9)

void pl011_init(uintptr_t base, uint32_t clk_hz, uint32_t baud)
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
	mmio_write_32(base + UARTICR, 0x7ff);
	mmio_write_32(base + UARTCR, CR_UARTEN | CR_TXE | CR_RXE);
}

void pl011_putc(uintptr_t base, char c)
{
	while ((mmio_read_32(base + UARTFR) & FR_TXFF) != 0U)
		;
	mmio_write_32(base + UARTDR, (uint32_t)(unsigned char)c);
}

void pl011_flush(uintptr_t base)
{
	while ((mmio_read_32(base + UARTFR) & FR_BUSY) != 0U)
		;
}
