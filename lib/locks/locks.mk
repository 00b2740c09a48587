# lib/locks (docs/design/locking.rst): the spinlock and the lock-order
# check; its C is what the host tests build.
LOCKS_SOURCES := lib/locks/spinlock.S lib/locks/lock_order.c
