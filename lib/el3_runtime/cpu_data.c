/*
 * What the libraries keep per CPU in the image's struct cpu_data
 * (include/lib/el3_runtime/cpu_data.h): the lock ranks this CPU holds.
 */
#include <lib/el3_runtime/cpu_data.h>
#include <lib/spinlock.h>

uint64_t *lock_order_held(void)
{
	return &my_cpu_data()->locks_held;
}
