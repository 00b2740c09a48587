/*
 * The run-time check of the lock order (include/lib/spinlock.h,
 * docs/design/locking.rst), compiled into ENABLE_ASSERTIONS builds: each
 * CPU keeps the set of lock ranks it holds, and taking a lock whose rank
 * is not above all of them is a programming error.
 */
#include <stdio.h>

#include <common/debug.h>
#include <lib/spinlock.h>

/*
 * Reported with printf, not ERROR(): ERROR takes the console lock, which
 * may be the very lock in question.
 */
void lock_order_acquire(const struct spinlock *lock)
{
	uint64_t *held = lock_order_held();
	uint64_t at_or_above = ~0ULL << lock->rank;

	if (lock->rank == 0U || lock->rank > 63U) {
		printf("ERROR:   lock order: a lock with no rank (%u)\n", lock->rank);
		panic();
	}
	if ((*held & at_or_above) != 0U) {
		printf("ERROR:   lock order: taking a lock of rank %u while holding rank %u\n",
		       lock->rank, 63U - (unsigned int)__builtin_clzll(*held));
		panic();
	}
	*held |= 1ULL << lock->rank;
}

void lock_order_release(const struct spinlock *lock)
{
	*lock_order_held() &= ~(1ULL << lock->rank);
}
