/*
 * Stack-protector support for code built with -fstack-protector (Debian's
 * libfdt.a is). The canary is constant: it catches overflows, which is what
 * boot code needs; it is no defence against an attacker who can read it.
 */
#include <stdint.h>

#include <common/debug.h>

void __stack_chk_fail(void) __attribute__((noreturn));

uintptr_t __stack_chk_guard = 0x2d5f3a1cd4e6b79aULL;

void __stack_chk_fail(void)
{
	ERROR("Stack corruption detected\n");
	panic();
}
