/*
 * Formatted output (lib/libc/printf.c).
 *
 * Conversions: %d %i %u %x %X %o %c %s %p %%, flags '-' '0', a field width
 * (number or '*'), '.' precision for strings, length modifiers h hh l ll z j t.
 * No floating point: EL3 code never touches FP registers.
 */
#ifndef STDIO_H
#define STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF (-1)

int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int putchar(int c);
int puts(const char *s);

#endif
