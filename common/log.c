/*
 * Console logging in TF-A's format (include/common/debug.h) and the stops
 * of the error policy: panic(), failed assertions, cpu_halt()
 * (docs/design/error-policy.rst).
 */
#include <stdarg.h>

#include <arch/aarch64/arch_helpers.h>
#include <assert.h>
#include <drivers/console.h>
#include <common/debug.h>
#include <lib/utils_def.h>

static const char *const level_prefix[] = {
	[LOG_LEVEL_ERROR / 10] = "ERROR:   ",   [LOG_LEVEL_NOTICE / 10] = "NOTICE:  ",
	[LOG_LEVEL_WARNING / 10] = "WARNING: ", [LOG_LEVEL_INFO / 10] = "INFO:    ",
	[LOG_LEVEL_VERBOSE / 10] = "VERBOSE: ",
};

void tf_log(int level, const char *fmt, ...)
{
	va_list ap;
	unsigned int idx = (unsigned int)level / 10U;

	console_lock();
	if (idx < ARRAY_SIZE(level_prefix) && level_prefix[idx] != NULL)
		printf("%s", level_prefix[idx]);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	console_unlock();
}

void __attribute__((noreturn)) cpu_halt(void)
{
	write_daif(SPSR_DAIF_MASK);
	for (;;)
		wfi();
}

void __panic(const char *file, int line)
{
	printf("PANIC at %s:%d (MPIDR 0x%llx)\n", file, line, (unsigned long long)read_mpidr_el1());
	console_flush();
	cpu_halt();
}

void __assert_fail(const char *expr, const char *file, int line)
{
	printf("ASSERT: %s:%d: %s\n", file, line, expr);
	console_flush();
	cpu_halt();
}
