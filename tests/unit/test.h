/*
 * Minimal host unit-test harness.
 *
 * Each test binary calls CHECK()/CHECK_EQ() inside functions registered with
 * RUN_TEST(), and ends main() with test_summary(), which prints the plain
 * "N passed, N failed" line and returns the process exit status (0 only when
 * nothing failed). A failing check prints the file, line, expression and the
 * values compared, so a red run names the problem without a debugger.
 */
#ifndef TEST_H
#define TEST_H

#include <inttypes.h>
#include <stdio.h>

static unsigned int test_passed_count;
static unsigned int test_failed_count;
static int test_current_failed;

#define CHECK(expr)                                                                                \
	do {                                                                                       \
		if (!(expr)) {                                                                     \
			printf("    %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #expr);        \
			test_current_failed = 1;                                                   \
		}                                                                                  \
	} while (0)

#define CHECK_EQ(a, b)                                                                             \
	do {                                                                                       \
		unsigned long long test_a_ = (unsigned long long)(a);                              \
		unsigned long long test_b_ = (unsigned long long)(b);                              \
		if (test_a_ != test_b_) {                                                          \
			printf("    %s:%d: %s == %s failed: 0x%llx != 0x%llx\n", __FILE__,         \
			       __LINE__, #a, #b, test_a_, test_b_);                                \
			test_current_failed = 1;                                                   \
		}                                                                                  \
	} while (0)

#define RUN_TEST(fn)                                                                               \
	do {                                                                                       \
		test_current_failed = 0;                                                           \
		fn();                                                                              \
		if (test_current_failed) {                                                         \
			test_failed_count++;                                                       \
			printf("FAIL %s\n", #fn);                                                  \
		} else {                                                                           \
			test_passed_count++;                                                       \
			printf("PASS %s\n", #fn);                                                  \
		}                                                                                  \
	} while (0)

static inline int test_summary(void)
{
	printf("%u passed, %u failed\n", test_passed_count, test_failed_count);
	return test_failed_count != 0;
}

#endif /* TEST_H */
