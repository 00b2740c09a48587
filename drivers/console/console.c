/*
 * The console framework (include/drivers/console.h): the registered
 * consoles, line endings, the console lock, and putchar() for printf().
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <drivers/console.h>
#include <lib/spinlock.h>

static struct console *consoles;
static bool locking;
static struct spinlock console_spinlock = SPINLOCK_INIT(LOCK_RANK_CONSOLE);

void console_register(struct console *console)
{
	struct console **tail = &consoles;

	while (*tail != NULL)
		tail = &(*tail)->next;
	console->next = NULL;
	*tail = console;
}

void console_switch(struct console *console)
{
	console_flush();
	console->next = NULL;
	consoles = console;
}

static void put(char c)
{
	for (struct console *con = consoles; con != NULL; con = con->next)
		con->putc(con, c);
}

void console_putc(char c)
{
	if (c == '\n')
		put('\r');
	put(c);
}

int putchar(int c)
{
	console_putc((char)c);
	return (unsigned char)c;
}

void console_flush(void)
{
	for (struct console *con = consoles; con != NULL; con = con->next)
		con->flush(con);
}

void console_lock_enable(void)
{
	locking = true;
}

void console_lock(void)
{
	if (locking)
		spin_lock(&console_spinlock);
}

void console_unlock(void)
{
	if (locking)
		spin_unlock(&console_spinlock);
}
