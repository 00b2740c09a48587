/*
 * Per-CPU EL3 data, reached through TPIDR_EL3 (and SP_EL3 on exception
 * entry, which points at the same structure: the saved lower-EL context is
 * its first member). Assembly uses the offsets generated from these
 * structures by lib/el3_runtime/asm_offsets.c; nothing is kept by hand.
 */
#ifndef LIB_EL3_RUNTIME_CPU_DATA_H
#define LIB_EL3_RUNTIME_CPU_DATA_H

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <platform_def.h>

struct cpu_ops;

/* The lower EL's state saved on every EL3 entry and restored by el3_exit. */
struct el3_context {
	uint64_t x[31];    /* x0-x30 */
	uint64_t sp_el0;   /* the lower EL's SP_EL0: EL3 runs C on SP_EL0 */
	uint64_t elr_el3;  /* return address */
	uint64_t spsr_el3; /* return PSTATE */
	uint64_t scr_el3;  /* security state/routing for the return */
	uint64_t pad;
};

/* Registers of an unexpected EL3 exception, saved by the crash path. */
struct crash_regs {
	uint64_t x[31];
	uint64_t sp;
};

#define CRASH_STACK_SIZE 1024

struct cpu_data {
	struct el3_context ctx; /* first: SP_EL3 == &cpu_data */
	uint64_t runtime_sp;    /* top of this CPU's EL3 C stack */
	/* Raw CNTPCT_EL0 read in the SMC vector, committed as ENTER_PSCI. */
	uint64_t pmf_enter_ts;
	/*
	 * The call ring (lib/pmf, docs/design/pmf.rst): the records this CPU
	 * has written, how the power call in progress ends (PMF_RING_*, 0 for
	 * none) and what PSCI told of it (pmf_ring_call: the record's function
	 * and power_state), kept for the record its wake-up writes. EL3's own:
	 * never read from the ring.
	 */
	uint64_t pmf_ring_seq;
	uint32_t pmf_ring_power_state;
	uint8_t pmf_ring_function;
	uint8_t pmf_ring_pending;
	unsigned int core_pos; /* this CPU's position (written at cold boot) */
	/* This CPU's unit (lib/cpus), from its cold or warm boot's look-up. */
	const struct cpu_ops *cpu_ops;
	/*
	 * The Spectre-BHB loop's taken branches for this CPU (its unit's, where
	 * the CVE-2022-23960 row applies), read by BL31's lower-EL vectors;
	 * decided at its first boot (bhb_known).
	 */
	uint64_t bhb_loops;
	bool bhb_known;
	/*
	 * This CPU's GIC redistributor frame once found, else 0, and whether
	 * it holds the firmware's SGI/PPI configuration: set up, and powered
	 * since (drivers/arm/gic).
	 */
	uintptr_t gicr_frame;
	bool gicr_configured;
	uint64_t locks_held; /* lock ranks held (include/lib/spinlock.h) */
	struct crash_regs crash;
	uint8_t crash_stack[CRASH_STACK_SIZE] __attribute__((aligned(16)));
} __attribute__((aligned(CACHE_WRITEBACK_GRANULE)));

/* This CPU's data. Valid once the entry code has set TPIDR_EL3. */
static inline struct cpu_data *my_cpu_data(void)
{
	return (struct cpu_data *)(uintptr_t)read_tpidr_el3();
}

#endif /* __ASSEMBLY__ */
#endif
