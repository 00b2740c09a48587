/*
 * Performance Measurement Framework: per-CPU CNTPCT_EL0 timestamps that the
 * normal world reads through the PMF SMC (docs/design/pmf.rst).
 *
 * Only the runtime-instrumentation service (service id 1, six timestamps)
 * exists. Each CPU's six 64-bit slots fill one 64-byte cache line of their
 * own, so cache maintenance on one CPU's slots never touches another's
 * (docs/design/pmf.rst).
 */
#ifndef LIB_PMF_H
#define LIB_PMF_H

#include <arch/aarch64/arch.h>
/*
 * What the normal world reads (timestamp indices and names, SMC IDs, result
 * codes, the call ring's layout): generated from tools/common/pmf.py, its
 * one source, into the build tree.
 */
#include <pmf_abi.h>

/*
 * The deprecated Arm SiP IDs of GET_TIMESTAMP (OEN 2, function 0x10) that
 * older TFTF builds call; answered, with the same arguments and results,
 * where the platform links services/optional/arm_sip_svc (N1SDP, FVP; make derives
 * PLAT_ARM_SIP_PMF from that).
 */
#define PMF_SMC_GET_TIMESTAMP_32_DEP U(0x82000010)
#define PMF_SMC_GET_TIMESTAMP_64_DEP U(0xC2000010)
/* Function numbers 0x20-0x2f of OEN 7 belong to PMF. */
#define PMF_FUNC_RANGE_MASK          U(0xfff0)
#define PMF_FUNC_RANGE               U(0x20)

#define PMF_TS_SIZE      8 /* bytes per timestamp */
#define PMF_PERCPU_SHIFT 6 /* one 64-byte line per CPU */
#define PMF_PERCPU_SIZE  (1 << PMF_PERCPU_SHIFT)

/*
 * The call ring (docs/design/pmf.rst): PMF_RING (a build option; it needs
 * ENABLE_RUNTIME_INSTRUMENTATION) puts one in the platform's window of
 * non-secure DRAM, PLAT_PMF_RING_BASE (PLAT_PMF_RING_MAX_SIZE bytes, 64 KiB
 * aligned): a ring of PMF_RING_CPU_BYTES per core, by core position, the
 * whole PMF_RING_SIZE bytes (a multiple of 64 KiB, the largest page a
 * normal world maps it with).
 */
#define PMF_RING_CPU_BYTES (PMF_RING_LINE * (1 + PMF_RING_RECORDS))
#define PMF_RING_GRANULE   0x10000
#define PMF_RING_SIZE                                                                              \
	((PLATFORM_CORE_COUNT * PMF_RING_CPU_BYTES + PMF_RING_GRANULE - 1) &                       \
	 ~(PMF_RING_GRANULE - 1))

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/el3_runtime/cpu_data.h>
#include <platform_def.h>

_Static_assert(RT_INSTR_TOTAL_IDS *PMF_TS_SIZE <= PMF_PERCPU_SIZE,
               "the runtime-instrumentation slots must fit in one line");
_Static_assert(PMF_PERCPU_SIZE >= CACHE_WRITEBACK_GRANULE,
               "per-CPU PMF blocks must not share a cache line");

/* PMF timestamp memory: [core position][index], in BL31's .bss. */
extern uint64_t pmf_timestamps[PLATFORM_CORE_COUNT][PMF_PERCPU_SIZE / PMF_TS_SIZE];

/*
 * Decode @tid into a runtime-instrumentation slot index. Returns the index
 * (0 .. RT_INSTR_TOTAL_IDS-1), or PMF_E_INVAL for another service id or an
 * index past the service's last timestamp. The implementation-id bits are
 * ignored, so 0x41000400 + i and 0x400 + i name the same slot.
 */
static inline int pmf_tid_to_index(uint64_t tid)
{
	unsigned int svc = ((uint32_t)tid >> PMF_TID_SVC_SHIFT) & PMF_TID_SVC_MASK;
	unsigned int index = (uint32_t)tid & PMF_TID_INDEX_MASK;

	if (svc != PMF_RT_INSTR_SVC_ID || index >= RT_INSTR_TOTAL_IDS)
		return PMF_E_INVAL;
	return (int)index;
}

/*
 * Address of CPU @pos's slot @index (the maths the capture macros and the
 * SMC reader share). @pos < PLATFORM_CORE_COUNT, @index < RT_INSTR_TOTAL_IDS.
 */
static inline uint64_t *pmf_slot(unsigned int pos, unsigned int index)
{
	return &pmf_timestamps[pos][index];
}

/*
 * Capture points (docs/design/pmf.rst), inline: each is a counter read, a
 * store into this CPU's slot and, where the cache rules need one, one
 * line's maintenance. Each compiles to nothing when
 * ENABLE_RUNTIME_INSTRUMENTATION is 0, so call sites need no #if.
 *
 * pmf_capture(index, cmo): store CNTPCT_EL0 into this CPU's slot; with
 *   @cmo, clean+invalidate the line to the PoC afterwards (for stamps
 *   written with the cache on that precede cache-off writes, and
 *   ENTER_HW_LOW_PWR of a power-down: the line is clean when the MMU goes
 *   off), then DSB SY.
 * pmf_write(index, value, cmo): the same with a value read earlier.
 * pmf_capture_after_cache_off_write(index): EXIT_PSCI on the warm-boot
 *   path: invalidate the line first, because EXIT_HW_LOW_PWR was written
 *   to memory with the MMU off.
 * @index < RT_INSTR_TOTAL_IDS; @value in CNTPCT_EL0 ticks. This CPU is
 * my_cpu_data()->core_pos.
 */
static inline uint64_t *pmf_my_slot(unsigned int index)
{
	return pmf_slot(my_cpu_data()->core_pos, index);
}

static inline void pmf_write(unsigned int index, uint64_t value, bool cmo)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *slot = pmf_my_slot(index);

		*slot = value;
		if (cmo)
			flush_dcache_line((uintptr_t)slot);
	}
}

static inline void pmf_capture(unsigned int index, bool cmo)
{
	/* A plain MRS, no ISB, as TF-A samples (docs/perf). */
	pmf_write(index, read_cntpct_el0(), cmo);
}

static inline void pmf_capture_after_cache_off_write(unsigned int index)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *slot = pmf_my_slot(index);

		inv_dcache_line((uintptr_t)slot);
		*slot = read_cntpct_el0();
	}
}

/*
 * The calls that write neither the power-down preparation's pair nor both
 * low-power stamps the usual way (docs/design/pmf.rst: one call, one
 * record), so that no slot keeps a previous call's value:
 *
 * pmf_capture_no_low_power(): the call returns without entering low
 *   power (refused, or abandoned because a wake-up is pending):
 *   ENTER_CFLUSH = EXIT_CFLUSH = ENTER_HW_LOW_PWR = EXIT_HW_LOW_PWR = now.
 * pmf_capture_enter_no_flush(): the call enters low power with no
 *   preparation (standby, retention, CPU_FREEZE): ENTER_CFLUSH =
 *   EXIT_CFLUSH = ENTER_HW_LOW_PWR = now.
 * pmf_capture_exit_to_caller(): EXIT_HW_LOW_PWR of a low-power state the
 *   call returns from (standby, retention).
 *
 * The two that end a returning call's middle stamps finish with DSB ISH:
 * the EXIT_PSCI that follows is neither observed by another core before
 * them nor read from the counter before them (docs/design/pmf.rst: reading
 * another core's record).
 */
static inline void pmf_capture_no_low_power(void)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *line = pmf_my_slot(0);
		uint64_t now = read_cntpct_el0();

		line[RT_INSTR_ENTER_HW_LOW_PWR] = now;
		line[RT_INSTR_EXIT_HW_LOW_PWR] = now;
		line[RT_INSTR_ENTER_CFLUSH] = now;
		line[RT_INSTR_EXIT_CFLUSH] = now;
		dsb_ish();
	}
}

static inline void pmf_capture_enter_no_flush(void)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		uint64_t *line = pmf_my_slot(0);
		uint64_t now = read_cntpct_el0();

		line[RT_INSTR_ENTER_CFLUSH] = now;
		line[RT_INSTR_EXIT_CFLUSH] = now;
		line[RT_INSTR_ENTER_HW_LOW_PWR] = now;
	}
}

static inline void pmf_capture_exit_to_caller(void)
{
	if (ENABLE_RUNTIME_INSTRUMENTATION) {
		*pmf_my_slot(RT_INSTR_EXIT_HW_LOW_PWR) = read_cntpct_el0();
		dsb_ish();
	}
}

/*
 * ENTER_HW_LOW_PWR of a power-down (CPU_SUSPEND to a power-down state,
 * SYSTEM_SUSPEND, CPU_OFF), cleaned to the PoC as pmf_capture does for it.
 */
static inline void pmf_capture_power_down(void)
{
	pmf_capture(RT_INSTR_ENTER_HW_LOW_PWR, true);
}

#endif /* __ASSEMBLY__ */
#endif
