/*
 * Host stand-ins for the few firmware services that library code calls
 * (logging, panic). Include once per test binary, after test.h.
 */
#ifndef HOST_STUBS_H
#define HOST_STUBS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf *host_panic_jmp;

void tf_log(int level, const char *fmt, ...);
void tf_log(int level, const char *fmt, ...)
{
	va_list ap;

	(void)level;
	va_start(ap, fmt);
	printf("    [log] ");
	vprintf(fmt, ap);
	va_end(ap);
}

void __panic(const char *file, int line);
void __panic(const char *file, int line)
{
	printf("    [panic at %s:%d]\n", file, line);
	if (host_panic_jmp != NULL)
		longjmp(*host_panic_jmp, 1);
	abort();
}

#endif
