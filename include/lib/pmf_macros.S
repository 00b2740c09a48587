/*
 * Assembly access to the PMF timestamps (include/lib/pmf.h), for the paths
 * that run before C can: the layout of pmf_timestamps comes from the
 * compiler (lib/el3_runtime/asm_offsets.c), never from arithmetic here.
 */
#ifndef LIB_PMF_MACROS_S
#define LIB_PMF_MACROS_S

#include <asm_offsets.h>

	/*
	 * pmf_cpu_block block, pos: \block = the address of core \pos's
	 * block of slots (\pos a register, kept; another than \block).
	 */
	.macro pmf_cpu_block block, pos
	adr_l	\block, pmf_timestamps
	add	\block, \block, \pos, lsl #PMF_CPU_SHIFT
	.endm

	/*
	 * pmf_store_exit_hw_low_pwr pos, t0, t1: CNTPCT_EL0 into the
	 * EXIT_HW_LOW_PWR slot of core \pos (a register, kept). MMU off is
	 * fine: a plain store (docs/design/pmf.rst). Clobbers \t0 and \t1.
	 */
	.macro pmf_store_exit_hw_low_pwr pos, t0, t1
	pmf_cpu_block \t0, \pos
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

	/*
	 * pmf_commit_enter_psci block, ts: the ENTER_PSCI sample \ts into the
	 * CPU block at \block, its line cleaned and invalidated to the PoC,
	 * then DSB SY, as the C commit (include/lib/pmf.h: pmf_write with
	 * its cache maintenance). Both registers kept.
	 */
	.macro pmf_commit_enter_psci block, ts
	/* The line cleaned is the block's first: ENTER_PSCI's slot must be in it. */
	.if PMF_SLOT_ENTER_PSCI != 0
	.error "pmf_commit_enter_psci cleans the block's first line, not ENTER_PSCI's"
	.endif
	str	\ts, [\block, #PMF_SLOT_ENTER_PSCI]
	dc	civac, \block
	dsb	sy
	.endm

#endif
