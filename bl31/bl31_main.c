/*
 * BL31, the EL3 runtime: cold-boot set-up on the primary CPU, the warm-boot
 * path of every other power-up, and the synchronous-exception handler.
 */
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <bl31/bl31.h>
#include <common/bl_common.h>
#include <drivers/console.h>
#include <common/debug.h>
#include <common/runtime_svc.h>
#include <drivers/gicv3.h>
#include <lib/cpus/cpu_entry.h>
#include <lib/cpus/errata.h>
#include <lib/el3_runtime/context.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/pmf.h>
#include <lib/pmf_ring.h>
#include <lib/utils_def.h>
#include <lib/psci/psci_lib.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>

void bl31_main(const struct bl31_params *from_bl2);
void bl31_warm_boot(void);
void el3_sync_handler(struct el3_context *ctx, uint64_t from_aarch32);

struct cpu_data cpu_data[PLATFORM_CORE_COUNT];

_Static_assert(offsetof(struct cpu_data, ctx) == 0,
               "SP_EL3 points at cpu_data and at its saved context alike");

/*
 * runtime_exceptions.S: the vectors with the branch-history loop (the boot
 * vectors themselves when the build leaves the workaround out).
 */
extern const char runtime_exceptions_bhb[];

/*
 * Per-CPU set-up shared by the cold and warm boot paths; the CPU-specific
 * part (the Spectre-BHB vectors) is lib/cpus' (cpu_bl31_entry).
 */
static void bl31_cpu_setup(void)
{
	cpu_bl31_entry((uintptr_t)runtime_exceptions_bhb);
	bl_program_cntfrq();
	if (gicv3_cpu_init() != 0) {
		ERROR("BL31: no GIC redistributor for MPIDR 0x%llx\n",
		      (unsigned long long)read_mpidr_el1());
		panic();
	}
	cm_prepare_el3_exit_ns();
}

/* The interrupts the platform's secure world owns (platform_def.h). */
static const struct gicv3_secure_irq gic_secure_irqs[] = { PLAT_GIC_SECURE_IRQS };

/* What BL2 passed (BL2's memory is free for reuse once BL31 runs). */
static struct bl31_params params;

const struct mem_ranges *bl31_ns_dram(void)
{
	return &params.ns_dram;
}

void bl31_main(const struct bl31_params *from_bl2)
{
	params = *from_bl2;

	plat_early_setup();
	plat_console_init();
	NOTICE("BL31: %s\n", build_version_string);
	NOTICE("BL31: %s\n", build_message);
	if (params.magic != BL31_PARAMS_MAGIC) {
		ERROR("BL31: no valid parameters from BL2 (magic 0x%llx)\n",
		      (unsigned long long)params.magic);
		panic();
	}

	/* The call ring's window too, if BL2 kept it from the normal world (lib/pmf). */
	if (ENABLE_RUNTIME_INSTRUMENTATION && PMF_RING && params.pmf_ring_kept == 0U)
		NOTICE("BL31: PMF call ring off: BL2 did not keep its memory from the normal world\n");
	bl_setup_mmu(pmf_ring_map, pmf_ring_use(params.pmf_ring_kept != 0U), plat_bl31_regions,
	             plat_bl31_region_count);
	/* Each CPU's position, once: the entry code indexes cpu_data with it. */
	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++)
		cpu_data[pos].core_pos = pos;
	console_lock_enable();
	gicv3_distributor_init(PLAT_GICD_BASE, PLAT_GICR_BASE, gic_secure_irqs,
	                       ARRAY_SIZE(gic_secure_irqs));
	/* The boot CPU's unit, and its rows on the console (lib/cpus). */
	cpu_bl31_entry_cold();
	bl31_cpu_setup();
	runtime_svc_init();
	plat_bl31_setup();

	cm_init_ns_context(&my_cpu_data()->ctx, params.bl33_entry, params.bl33_arg0);
	NOTICE("BL31: Preparing for EL3 exit to normal world\n");
	NOTICE("BL31: Entry point address = 0x%llx, x0 = 0x%llx\n",
	       (unsigned long long)params.bl33_entry, (unsigned long long)params.bl33_arg0);
	console_flush();
	plat_bl31_runtime_console();
}

void bl31_warm_boot(void)
{
	bl31_cpu_setup();
	psci_warmboot_entrypoint();
	/*
	 * EXIT_PSCI for a CPU coming back from power-down: last before el3_exit,
	 * and after invalidating the line EXIT_HW_LOW_PWR went to with the MMU
	 * off (docs/design/pmf.rst: storage and cache maintenance).
	 */
	pmf_capture_after_cache_off_write(RT_INSTR_EXIT_PSCI);
	/* The record of the call that took the core down, outside every figure. */
	pmf_ring_woken();
}

void el3_sync_handler(struct el3_context *ctx, uint64_t from_aarch32)
{
	uint64_t esr = read_esr_el3();
	unsigned int ec = (unsigned int)(esr >> ESR_EC_SHIFT) & ESR_EC_MASK;

	if (likely(ec == EC_AARCH64_SMC || ec == EC_AARCH32_SMC)) {
		runtime_svc_dispatch(ctx, from_aarch32 != 0U);
		return;
	}
	/* A trap an erratum's workaround set up (Neoverse N1 1542419's). */
	if (cpu_trap(ctx, esr))
		return;
	/*
	 * Anything else is an instruction the normal world may not execute
	 * (e.g. the secure timer's registers, SCR_EL3.ST = 0): the normal
	 * world's own bug, never a reason to stop EL3.
	 */
	VERBOSE("BL31: UNDEF for lower-EL trap, ESR 0x%llx ELR 0x%llx\n", (unsigned long long)esr,
	        (unsigned long long)ctx->elr_el3);
	cm_inject_undef(ctx);
}
