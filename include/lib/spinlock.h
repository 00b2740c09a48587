/*
 * Spinlocks for coherent CPUs (lib/locks/spinlock.S), and the lock order
 * every lock of the firmware obeys (docs/design/locking.rst): each lock has
 * a rank, and a CPU may take a lock only while every lock it holds has a
 * lower rank. ENABLE_ASSERTIONS builds (DEBUG=1) check that at every
 * acquire and stop with a PANIC naming both ranks.
 *
 * The locks use exclusive load/store, which needs the MMU and data cache
 * on (Normal cacheable memory, ARM DDI 0487 B2.9.5): never take one with
 * the MMU off.
 */
#ifndef LIB_SPINLOCK_H
#define LIB_SPINLOCK_H

#include <stdint.h>

/* Every lock of the firmware, outermost first. */
enum lock_rank {
	LOCK_RANK_PSCI_CPU = 1,  /* a CPU_ON target's own node (lib/psci) */
	LOCK_RANK_PSCI_NODE = 2, /* + power level - 1: cluster, then system */
	LOCK_RANK_PSCI_NODE_LAST = 9,
	LOCK_RANK_SCMI = 16,    /* an SCMI channel (drivers/arm/css) */
	LOCK_RANK_CONSOLE = 24, /* whole console lines (drivers/console/console.c) */
	LOCK_RANK_TEST = 32,    /* the test payload's own locks */
};

struct spinlock {
	volatile uint32_t lock;
	uint32_t rank; /* enum lock_rank */
};

#define SPINLOCK_INIT(r)                                                                           \
	{                                                                                          \
		.lock = 0, .rank = (r)                                                             \
	}

/* Acquire (load-acquire semantics); waits with WFE. Clobbers x0-x2. */
void spin_lock_raw(struct spinlock *lock);
/* Release (store-release); the release wakes WFE waiters (D1.16.1). */
void spin_unlock_raw(struct spinlock *lock);

/*
 * The lock-order bookkeeping (lib/locks/lock_order.c): panics if this CPU
 * holds a lock of rank >= @lock's; records and forgets @lock's rank.
 */
void lock_order_acquire(const struct spinlock *lock);
void lock_order_release(const struct spinlock *lock);
/*
 * This CPU's set of held ranks (bit n: a lock of rank n is held). Provided
 * by each image: the firmware keeps it in its per-CPU data.
 */
uint64_t *lock_order_held(void);

static inline void spin_lock(struct spinlock *lock)
{
	if (ENABLE_ASSERTIONS)
		lock_order_acquire(lock);
	spin_lock_raw(lock);
}

static inline void spin_unlock(struct spinlock *lock)
{
	spin_unlock_raw(lock);
	if (ENABLE_ASSERTIONS)
		lock_order_release(lock);
}

#endif
