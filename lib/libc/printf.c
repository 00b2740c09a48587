/*
 * printf family over one formatter that emits through a callback, so the
 * console and string outputs share all of the parsing.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct out {
	void (*emit)(struct out *o, char c);
	char *buf;
	size_t size;
	size_t len; /* characters produced, including those not stored */
};

/* putchar() is the console's (drivers/console): libc knows no device. */
static void emit_console(struct out *o, char c)
{
	putchar(c);
	o->len++;
}

static void emit_buffer(struct out *o, char c)
{
	if (o->len + 1U < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void pad(struct out *o, char c, int n)
{
	while (n-- > 0)
		o->emit(o, c);
}

static void put_number(struct out *o, uint64_t v, unsigned int base, bool upper, bool negative,
                       int width, bool left, char padc)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0;

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v != 0U);

	int len = n + (negative ? 1 : 0);

	if (negative && padc == '0')
		o->emit(o, '-');
	if (!left)
		pad(o, padc, width - len);
	if (negative && padc != '0')
		o->emit(o, '-');
	while (n > 0)
		o->emit(o, tmp[--n]);
	if (left)
		pad(o, ' ', width - len);
}

static void format(struct out *o, const char *fmt, va_list ap)
{
	for (; *fmt != '\0'; fmt++) {
		if (*fmt != '%') {
			o->emit(o, *fmt);
			continue;
		}
		fmt++;

		bool left = false;
		char padc = ' ';
		int width = 0;
		int prec = -1;
		int lng = 0; /* 0 int, 1 long, 2 long long, -1 short, -2 char */

		for (;; fmt++) {
			if (*fmt == '-')
				left = true;
			else if (*fmt == '0')
				padc = '0';
			else
				break;
		}
		if (*fmt == '*') {
			width = va_arg(ap, int);
			fmt++;
		} else {
			while (*fmt >= '0' && *fmt <= '9')
				width = width * 10 + (*fmt++ - '0');
		}
		if (*fmt == '.') {
			prec = 0;
			fmt++;
			if (*fmt == '*') {
				prec = va_arg(ap, int);
				fmt++;
			} else {
				while (*fmt >= '0' && *fmt <= '9')
					prec = prec * 10 + (*fmt++ - '0');
			}
		}
		for (;; fmt++) {
			if (*fmt == 'l')
				lng = lng < 2 ? lng + 1 : 2;
			else if (*fmt == 'h')
				lng = lng > -2 ? lng - 1 : -2;
			else if (*fmt == 'z' || *fmt == 'j' || *fmt == 't')
				lng = 2;
			else
				break;
		}
		if (left)
			padc = ' ';

		int64_t sv;
		uint64_t uv;

		switch (*fmt) {
		case 'd':
		case 'i':
			if (lng >= 1)
				sv = lng == 1 ? va_arg(ap, long) : va_arg(ap, long long);
			else
				sv = va_arg(ap, int);
			if (lng == -1)
				sv = (short)sv;
			else if (lng == -2)
				sv = (signed char)sv;
			uv = sv < 0 ? (uint64_t)0 - (uint64_t)sv : (uint64_t)sv;
			put_number(o, uv, 10, false, sv < 0, width, left, padc);
			break;
		case 'u':
		case 'x':
		case 'X':
		case 'o':
			if (lng >= 1)
				uv = lng == 1 ? va_arg(ap, unsigned long)
				              : va_arg(ap, unsigned long long);
			else
				uv = va_arg(ap, unsigned int);
			if (lng == -1)
				uv = (unsigned short)uv;
			else if (lng == -2)
				uv = (unsigned char)uv;
			put_number(o, uv,
			           *fmt == 'u'   ? 10
			           : *fmt == 'o' ? 8
			                         : 16,
			           *fmt == 'X', false, width, left, padc);
			break;
		case 'p':
			o->emit(o, '0');
			o->emit(o, 'x');
			put_number(o, (uintptr_t)va_arg(ap, void *), 16, false, false, width - 2,
			           left, padc);
			break;
		case 'c':
			if (!left)
				pad(o, ' ', width - 1);
			o->emit(o, (char)va_arg(ap, int));
			if (left)
				pad(o, ' ', width - 1);
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);

			if (s == NULL)
				s = "(null)";
			int len = (int)(prec >= 0 ? strnlen(s, (size_t)prec) : strlen(s));

			if (!left)
				pad(o, ' ', width - len);
			for (int i = 0; i < len; i++)
				o->emit(o, s[i]);
			if (left)
				pad(o, ' ', width - len);
			break;
		}
		case '%':
			o->emit(o, '%');
			break;
		case '\0':
			return;
		default:
			/* Unknown conversion: show it rather than guess. */
			o->emit(o, '%');
			o->emit(o, *fmt);
			break;
		}
	}
}

int vprintf(const char *fmt, va_list ap)
{
	struct out o = { .emit = emit_console };

	format(&o, fmt, ap);
	return (int)o.len;
}

int printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { .emit = emit_buffer, .buf = buf, .size = size };

	format(&o, fmt, ap);
	if (size != 0U)
		buf[o.len < size ? o.len : size - 1U] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int puts(const char *s)
{
	while (*s != '\0')
		putchar(*s++);
	putchar('\n');
	return 0;
}
