/*
 * Console logging in TF-A's style ("NOTICE:  BL31: ...") and the error
 * policy (docs/design/error-policy.rst):
 *  - assert(): programming errors, only with ENABLE_ASSERTIONS=1;
 *  - panic(): a broken invariant the image cannot continue from; prints the
 *    file and line and stops this CPU;
 *  - untrusted input is never a panic: it is answered with an error code.
 */
#ifndef COMMON_DEBUG_H
#define COMMON_DEBUG_H

#include <stdio.h>

#define LOG_LEVEL_NONE    0
#define LOG_LEVEL_ERROR   10
#define LOG_LEVEL_NOTICE  20
#define LOG_LEVEL_WARNING 30
#define LOG_LEVEL_INFO    40
#define LOG_LEVEL_VERBOSE 50

/*
 * Print @fmt prefixed with @level's name ("ERROR:   ", ...) under the
 * console lock, so lines from different CPUs do not interleave. @level is
 * one of LOG_LEVEL_*; @fmt is printf's (conversions d i u x X o p c s,
 * flags '-' '0', width, precision, length h hh l ll z j t). Callers use
 * the macros below, which drop the call at compile time when @level
 * exceeds the build's LOG_LEVEL.
 */
void tf_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define LOG_AT(level, ...)                                                                         \
	do {                                                                                       \
		if ((level) <= LOG_LEVEL)                                                          \
			tf_log((level), __VA_ARGS__);                                              \
	} while (0)

#define ERROR(...)   LOG_AT(LOG_LEVEL_ERROR, __VA_ARGS__)
#define NOTICE(...)  LOG_AT(LOG_LEVEL_NOTICE, __VA_ARGS__)
#define WARN(...)    LOG_AT(LOG_LEVEL_WARNING, __VA_ARGS__)
#define INFO(...)    LOG_AT(LOG_LEVEL_INFO, __VA_ARGS__)
#define VERBOSE(...) LOG_AT(LOG_LEVEL_VERBOSE, __VA_ARGS__)

/*
 * Print "PANIC at <file>:<line>" and the CPU's MPIDR, then cpu_halt().
 * Use through panic(); never returns.
 */
void __panic(const char *file, int line) __attribute__((noreturn));
#define panic() __panic(__FILE__, __LINE__)

/* Stop this CPU for good: interrupts masked, WFI forever. */
void __attribute__((noreturn)) cpu_halt(void);

/* Version string printed in every image's banner. */
extern const char build_version_string[];
extern const char build_message[];

#endif
