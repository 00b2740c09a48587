/*
 * QEMU virt, BL2: QEMU's DTB (secure=on) says nothing of PSCI, so nobody
 * could start a secondary core or idle one. Describe what BL31 implements.
 */
#include <common/debug.h>
#include <common/fdt_fixup.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

/*
 * The power-down states of qemu_pm.c. Latencies are this firmware's own
 * Powerdown / Wakeup figures from docs/perf (about 1 us and 0.6 us of
 * emulated time per core, a little more for the last core of a cluster)
 * rounded up; the minimum residencies are a few times their sum. QEMU's
 * modelled power-down keeps the generic timer running, so the states carry
 * no local-timer-stop.
 */
static const struct dt_idle_state qemu_idle_states[] = {
	{ "cpu-power-down", PLAT_PSTATE_CORE_OFF, 2, 2, 10, 0 },
	{ "cluster-power-down", PLAT_PSTATE_CLUSTER_OFF, 3, 3, 20, 1 },
};

void plat_bl2_prepare_bl33(void)
{
	if (fdt_add_psci((void *)PLAT_DTB_BASE, PLAT_DTB_MAX_SIZE, qemu_idle_states,
			 sizeof(qemu_idle_states) / sizeof(qemu_idle_states[0])) != 0)
		ERROR("BL2: BL33 gets QEMU's DTB without PSCI\n");
}
