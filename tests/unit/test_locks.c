/*
 * The lock-order check (lib/locks/lock_order.c, include/lib/spinlock.h):
 * locks taken in rank order pass; a lock whose rank is not above every
 * held one, or a lock with no rank, stops with a panic.
 */
#include <setjmp.h>
#include <stdbool.h>

#include "test.h"
#include "host_stubs.h"

#include <lib/spinlock.h>

static uint64_t held;

uint64_t *lock_order_held(void)
{
	return &held;
}

void spin_lock_raw(struct spinlock *lock)
{
	lock->lock = 1;
}

void spin_unlock_raw(struct spinlock *lock)
{
	lock->lock = 0;
}

/* Take @a then @b: true if the check panicked. */
static bool panics(struct spinlock *a, struct spinlock *b)
{
	jmp_buf jmp;
	volatile bool panicked = false;

	held = 0;
	host_panic_jmp = &jmp;
	if (setjmp(jmp) == 0) {
		spin_lock(a);
		spin_lock(b);
	} else {
		panicked = true;
	}
	host_panic_jmp = NULL;
	return panicked;
}

static void test_in_order(void)
{
	struct spinlock cpu = SPINLOCK_INIT(LOCK_RANK_PSCI_CPU);
	struct spinlock cluster = SPINLOCK_INIT(LOCK_RANK_PSCI_NODE);
	struct spinlock system = SPINLOCK_INIT(LOCK_RANK_PSCI_NODE + 1);
	struct spinlock scmi = SPINLOCK_INIT(LOCK_RANK_SCMI);
	struct spinlock console = SPINLOCK_INIT(LOCK_RANK_CONSOLE);

	held = 0;
	spin_lock(&cluster);
	spin_lock(&system);
	spin_lock(&scmi);
	spin_lock(&console);
	CHECK_EQ(held, 1ULL << LOCK_RANK_PSCI_NODE | 1ULL << (LOCK_RANK_PSCI_NODE + 1) |
	                       1ULL << LOCK_RANK_SCMI | 1ULL << LOCK_RANK_CONSOLE);
	spin_unlock(&console);
	spin_unlock(&scmi);
	spin_unlock(&system);
	spin_unlock(&cluster);
	CHECK_EQ(held, 0);
	spin_lock(&cpu);
	spin_lock(&scmi);
	spin_unlock(&scmi);
	spin_unlock(&cpu);
	CHECK_EQ(held, 0);
	CHECK(!panics(&cpu, &console));
}

static void test_out_of_order(void)
{
	struct spinlock cpu = SPINLOCK_INIT(LOCK_RANK_PSCI_CPU);
	struct spinlock cluster = SPINLOCK_INIT(LOCK_RANK_PSCI_NODE);
	struct spinlock system = SPINLOCK_INIT(LOCK_RANK_PSCI_NODE + 1);
	struct spinlock scmi = SPINLOCK_INIT(LOCK_RANK_SCMI);
	struct spinlock console = SPINLOCK_INIT(LOCK_RANK_CONSOLE);

	CHECK(panics(&console, &scmi));   /* printing while taking SCMI's */
	CHECK(panics(&system, &cluster)); /* top-down PSCI locks */
	CHECK(panics(&cluster, &cpu));    /* a core's lock under a node's */
}

static void test_same_rank_and_no_rank(void)
{
	struct spinlock a = SPINLOCK_INIT(LOCK_RANK_PSCI_CPU);
	struct spinlock b = SPINLOCK_INIT(LOCK_RANK_PSCI_CPU);
	struct spinlock none = SPINLOCK_INIT(0);
	struct spinlock console = SPINLOCK_INIT(LOCK_RANK_CONSOLE);

	CHECK(panics(&a, &b));          /* two cores' locks at once */
	CHECK(panics(&console, &none)); /* a lock nobody ranked */
}

int main(void)
{
	RUN_TEST(test_in_order);
	RUN_TEST(test_out_of_order);
	RUN_TEST(test_same_rank_and_no_rank);
	return test_summary();
}
