/*
 * The console framework: every image prints through the consoles its
 * platform registered (a PL011 UART on QEMU and N1SDP), the crash path
 * included. A console is a small ops structure a driver fills in and
 * registers once; printf() reaches them through putchar().
 */
#ifndef DRIVERS_CONSOLE_H
#define DRIVERS_CONSOLE_H

#include <stdint.h>

struct console {
	struct console *next; /* the framework's list */
	uintptr_t base;       /* the device, for the driver */
	/*
	 * Write one character, waiting a bounded time for room; a device
	 * that never makes room is given up (the driver says so once, if it
	 * can, and drops what follows), never waited on for ever.
	 */
	void (*putc)(struct console *console, char c);
	/* Wait (bounded) until every character written has left the device. */
	void (*flush)(struct console *console);
};

/*
 * Add @console (a driver's, initialised) to the consoles every character
 * goes to. Output before the first registration is dropped.
 */
void console_register(struct console *console);

/*
 * Wait until every console has written what it was given, then make
 * @console (a driver's, initialised, e.g. registered) the only one.
 */
void console_switch(struct console *console);

/* Write one character to every console; "\n" becomes "\r\n". */
void console_putc(char c);

/* Wait until every character written has left every console. */
void console_flush(void);

/*
 * Serialise whole lines between CPUs (the lock ranks last of all:
 * include/lib/spinlock.h). No-ops until console_lock_enable(), which an
 * image calls once exclusives work (MMU and data cache on: lib/locks).
 */
void console_lock(void);
void console_unlock(void);
void console_lock_enable(void);

#endif
