/*
 * Arm Cortex-A76 (MIDR 0x410FD0B0), which QEMU boots: a DynamIQ core like
 * the Neoverse N1, whose design it shares: hardware-coherent (no set/way
 * flush), CPUPWRCTLR_EL1.CORE_PWRDN_EN cleared at reset and set before a
 * power-down (Cortex-A76 TRM; QEMU's model has no such register), and the
 * vulnerabilities with an EL3 part, every revision: the 24-branch
 * Spectre-BHB loop (CVE-2022-23960, Arm's whitepaper) and CVE-2025-10263
 * (Arm security notice 112137, which lists the Cortex-A76). Its errata are
 * not this firmware's yet (no row without its fact).
 */
#include <lib/cpus/cpu_ops.h>

#define CORE_PWRDN_EN (1ULL << 0)

static const struct cpu_reg_write pwrdn_off[] = { CPU_CLEAR(CPUPWRCTLR_EL1, CORE_PWRDN_EN, 0) };
static const struct cpu_reg_write pwrdn_on[] = {
	CPU_SET(CPUPWRCTLR_EL1, CORE_PWRDN_EN, CPU_SYNC_ISB),
};

#define IMPDEF_STEP (CPU_ROW_BUILT | CPU_ROW_IMPDEF)

static const struct cpu_row a76_reset[] = { CPU_STEP(CPU_AT_RESET, IMPDEF_STEP, pwrdn_off) };
static const struct cpu_row a76_pwr_down[] = { CPU_STEP(CPU_AT_PWR_DOWN, IMPDEF_STEP, pwrdn_on) };

static const struct cpu_row a76_runtime[] = {
	CPU_ERRATUM_AT(CVE_ID(2022, 23960), 0, 0xFF, CPU_AT_ENTRY,
	               CPU_BUILT_IF(WORKAROUND_CVE_2022_23960), CPU_EM_EACH_EL,
	               "24-branch loop on each entry from a lower EL; each EL runs its own"),
	CPU_ERRATUM_AT(CVE_ID(2025, 10263), 0, 0xFF, CPU_AT_TLBI,
	               CPU_BUILT_IF(WORKAROUND_CVE_2025_10263), CPU_EM_EACH_EL,
	               "TLBI VALE3IS + DSB ISH after each broadcast TLBI + DSB in EL3"),
};

DECLARE_CPU_OPS(cortex_a76, 1, .midr = MIDR_ARM(0xD0B), .flush = CPU_FLUSH_NONE, .bhb_loops = 24,
                .reset = CPU_ROWS(a76_reset), .pwr_down = CPU_ROWS(a76_pwr_down),
                .runtime = CPU_ROWS(a76_runtime), .name = "Cortex-A76");
