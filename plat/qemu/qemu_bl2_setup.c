/*
 * QEMU virt, BL2: QEMU's DTB (secure=on) says nothing of PSCI, so nobody
 * could start a secondary core or idle one. Describe what BL31 implements.
 */
#include <string.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <common/fdt_fixup.h>
#include <lib/mmio.h>
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

/*
 * MEM_PROTECT (PSCI): if the normal world asked for it before the reset
 * that led here, nothing it left in DRAM may reach the next boot. The DTB
 * is spared: QEMU rewrites it at every reset.
 */
static void mem_protect_overwrite(void)
{
	if (mmio_read_64(PLAT_MEM_PROTECT_FLAG) == 0U)
		return;
	NOTICE("BL2: MEM_PROTECT: overwriting non-secure DRAM\n");
	memset((void *)(PLAT_DTB_BASE + PLAT_DTB_MAX_SIZE), 0,
	       PLAT_NS_DRAM_SIZE - PLAT_DTB_MAX_SIZE);
	flush_dcache_range(PLAT_DTB_BASE + PLAT_DTB_MAX_SIZE,
			   PLAT_NS_DRAM_SIZE - PLAT_DTB_MAX_SIZE);
}

void plat_bl2_prepare_bl33(void)
{
	mem_protect_overwrite();
	if (fdt_add_psci((void *)PLAT_DTB_BASE, PLAT_DTB_MAX_SIZE, qemu_idle_states,
			 sizeof(qemu_idle_states) / sizeof(qemu_idle_states[0])) != 0)
		ERROR("BL2: BL33 gets QEMU's DTB without PSCI\n");
}
