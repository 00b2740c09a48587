/*
 * The boot/runtime console: one PL011 UART per image, registered once.
 */
#ifndef COMMON_CONSOLE_H
#define COMMON_CONSOLE_H

#include <stdint.h>

/*
 * Register and initialise the console UART at @base (physical address),
 * @clk_hz the UART reference clock in Hz, @baud the line rate. Output before
 * this call is dropped.
 */
void console_init(uintptr_t base, uint32_t clk_hz, uint32_t baud);

/* Write one character; "\n" becomes "\r\n". Waits for FIFO space. */
void console_putc(char c);

/* Wait until every character written has left the UART. */
void console_flush(void);

/* Serialise whole lines between CPUs. No-ops until console_lock_enable(). */
void console_lock(void);
void console_unlock(void);
/* Call once exclusives work (MMU and data cache on): see lib/locks. */
void console_lock_enable(void);

#endif
