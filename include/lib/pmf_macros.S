/*
 * Assembly access to the PMF timestamps (include/lib/pmf.h), for the paths
 * that run before C can: the layout of pmf_timestamps comes from the
 * compiler (lib/el3_runtime/asm_offsets.c), never from arithmetic here.
 */
#ifndef LIB_PMF_MACROS_S
#define LIB_PMF_MACROS_S

#include <asm_offsets.h>

	/*
	 * pmf_store_exit_hw_low_pwr pos, t0, t1: CNTPCT_EL0 into the
	 * EXIT_HW_LOW_PWR slot of core \pos (a register, kept). MMU off is
	 * fine: a plain store (docs/design/pmf.rst). Clobbers \t0 and \t1.
	 */
	.macro pmf_store_exit_hw_low_pwr pos, t0, t1
	adr_l	\t0, pmf_timestamps
	add	\t0, \t0, \pos, lsl #PMF_CPU_SHIFT
	mrs	\t1, cntpct_el0
	str	\t1, [\t0, #PMF_SLOT_EXIT_HW_LOW_PWR]
	.endm

	/*
	 * pmf_store_exit_psci block, t: CNTPCT_EL0 into the EXIT_PSCI slot of
	 * the CPU block at \block (a register, kept), no cache maintenance,
	 * as the C capture (include/lib/pmf.h). Clobbers \t.
	 */
	.macro pmf_store_exit_psci block, t
	mrs	\t, cntpct_el0
	str	\t, [\block, #PMF_SLOT_EXIT_PSCI]
	.endm

#endif
