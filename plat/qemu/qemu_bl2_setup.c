/*
 * QEMU virt, BL2: QEMU's DTB (secure=on) says nothing of PSCI, so nobody
 * could start a secondary core or idle one. Describe what BL31 implements.
 */
#include <common/debug.h>
#include <common/fdt_fixup.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

/*
 * The power-down states of qemu_pm.c. Entry and exit latencies are this
 * firmware's own Powerdown / Wakeup figures from docs/perf (about 1 us and
 * 0.6 us of emulated time per core, a little more for the last core of a
 * cluster), rounded up. The core state's minimum residency is a few times
 * their sum; the cluster state's stands for the cost of refilling the
 * cluster caches that a real cluster power-down loses, which no latency
 * shows. QEMU's modelled power-down keeps the generic timer running, so
 * the states carry no local-timer-stop. Node names are Linux cpuidle state
 * names: at most 15 characters.
 */
static const struct dt_idle_state qemu_idle_states[] = {
	{ "cpu-power-down", PLAT_PSTATE_CORE_OFF, 2, 2, 10, 0 },
	{ "cluster-pwrdown", PLAT_PSTATE_CLUSTER_OFF, 3, 3, 5000, 1 },
};

void plat_bl2_prepare_bl33(void)
{
	if (fdt_add_psci((void *)PLAT_DTB_BASE, PLAT_DTB_MAX_SIZE, qemu_idle_states,
			 sizeof(qemu_idle_states) / sizeof(qemu_idle_states[0])) != 0)
		ERROR("BL2: BL33 gets QEMU's DTB without PSCI\n");
}
