/*
 * Spinlocks for coherent CPUs (lib/locks/spinlock.S). They use exclusive
 * load/store, which needs the MMU and data cache on (Normal cacheable
 * memory, ARM DDI 0487 B2.9.5): never take one with the MMU off.
 */
#ifndef LIB_SPINLOCK_H
#define LIB_SPINLOCK_H

#include <stdint.h>

struct spinlock {
	volatile uint32_t lock;
};

/* Acquire (load-acquire semantics); waits with WFE. Clobbers x0-x2. */
void spin_lock(struct spinlock *lock);
/* Release (store-release); the release wakes WFE waiters (D1.16.1). */
void spin_unlock(struct spinlock *lock);

#endif
