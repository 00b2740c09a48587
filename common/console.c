#include <stdbool.h>

#include <common/console.h>
#include <drivers/pl011.h>
#include <lib/spinlock.h>

static uintptr_t console_base;
static bool console_locking;
static struct spinlock console_spinlock = SPINLOCK_INIT(LOCK_RANK_CONSOLE);

void console_init(uintptr_t base, uint32_t clk_hz, uint32_t baud)
{
	pl011_init(base, clk_hz, baud);
	console_base = base;
}

void console_putc(char c)
{
	if (console_base == 0U)
		return;
	if (c == '\n')
		pl011_putc(console_base, '\r');
	pl011_putc(console_base, c);
}

void console_flush(void)
{
	if (console_base != 0U)
		pl011_flush(console_base);
}

void console_lock_enable(void)
{
	console_locking = true;
}

void console_lock(void)
{
	if (console_locking)
		spin_lock(&console_spinlock);
}

void console_unlock(void)
{
	if (console_locking)
		spin_unlock(&console_spinlock);
}
