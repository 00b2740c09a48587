/*
 * BL31 exception vectors, the SMC entry path and el3_exit.
 *
 * On any exception SP_EL3 points at this CPU's struct cpu_data, whose first
 * member is the lower EL's saved context (struct el3_context). The entry
 * path saves there only what the C handler may clobber and the return must
 * give back, then runs C on this CPU's EL3 stack (SP_EL0); the same path
 * restores it and returns with ERET. el3_exit restores a whole context: the
 * one cm_init_ns_context() wrote for a core's first entry into the normal
 * world (cold boot, CPU_ON, power-down wake-up). Nothing but saving,
 * restoring and calling C happens here, except the answers to SMCs that
 * need no C: a reserved function ID (reserved_fid_aarch64) and the two
 * version calls (version_call_aarch64), which change no state.
 */
#include <common/aarch64/el3_common_macros.S>
#include <lib/pmf_macros.S>
#include <lib/psci/psci.h>
#include <lib/smccc.h>

/*
 * The version calls' bits below the owning entity number: both are function
 * number 0, with the SVE hint (bit 16) and every reserved bit clear.
 */
#define VERSION_CALL_ZERO_BITS 0x00ffffff
#if (SMCCC_VERSION & VERSION_CALL_ZERO_BITS) != 0 || (PSCI_FID_VERSION & VERSION_CALL_ZERO_BITS) != 0
#error "a version call's function ID has a bit below the OEN"
#endif

	/*
	 * CVE-2022-23960 (Spectre-BHB): overwrite the branch history a lower
	 * EL may have trained with as many taken branches as this CPU's unit
	 * says (lib/cpus: cpu_data's bhb_loops, set at its boot; these vectors
	 * are installed only where it is not 0), then stop speculation (DSB +
	 * ISB: Neoverse N1 has no FEAT_SB), before any indirect branch EL3
	 * makes (Arm, "Spectre-BHB" whitepaper, the branch-loop mitigation).
	 * SP_EL3 points at cpu_data. Clobbers \reg and the flags.
	 */
	.macro bhb_loop reg
	ldr	\reg, [sp, #CPU_DATA_BHB_LOOPS]
1:	b	2f
2:	subs	\reg, \reg, #1
	b.ne	1b
	dsb	sy
	isb
	.endm

	/*
	 * Synchronous exception from a lower EL: take the ENTER_PSCI raw
	 * counter sample as early as possible (docs/design/pmf.rst), before the
	 * context save; on a CPU that needs it, after the branch-history loop,
	 * as TF-A's figures are. \aarch32: 1 if the caller was in AArch32
	 * state; \bhb: 1 to run the loop. From AArch64, a function ID with
	 * its top reserved bit set goes to reserved_fid_aarch64 first, and one
	 * with bits 23:0 clear (function number 0: the version calls) to
	 * version_call_aarch64 (one untaken branch, and two instructions, for
	 * every other call). Their answers must be the C dispatcher's: with
	 * SMC_FAST_PATHS=0 neither branch is built, every SMC takes the C
	 * path, and make check's fast-paths suite compares the two builds'.
	 */
	.macro sync_lower_el aarch32, bhb
	str	x30, [sp, #CTX_X30]
	.if \bhb
	bhb_loop x30
	.endif
	.if !\aarch32 && SMC_FAST_PATHS
	tbnz	w0, #FUNCID_RESERVED_TOP_SHIFT, reserved_fid_aarch64
	.endif
	mrs	x30, cntpct_el0
	str	x30, [sp, #CPU_DATA_PMF_ENTER_TS]
	stp	x0, x1, [sp, #CTX_X0]
	.if !\aarch32 && SMC_FAST_PATHS
	tst	w0, #VERSION_CALL_ZERO_BITS
	b.eq	version_call_aarch64
	.endif
	mov	x1, #\aarch32
	b	sync_lower_el_entry
	.endm

	/*
	 * An unexpected lower-EL exception: crash_slot, with the loop once x0
	 * and x1 are saved if \bhb.
	 */
	.macro lower_crash_slot kind, bhb
	.if \bhb
	str	x0, [sp, #CPU_DATA_CRASH_REGS + CRASH_X0]
	str	x1, [sp, #CPU_DATA_CRASH_REGS + CRASH_X1]
	bhb_loop x0
	mov	x0, #\kind
	b	el3_crash_entry
	.else
	crash_slot \kind
	.endif
	.endm

	/*
	 * A whole vector table: \pfx names its slots; \bhb: 1 if its
	 * lower-EL slots run the branch-history loop first.
	 */
	.macro el3_vectors name, pfx, bhb
	vector_base \name
	/* Current EL with SP_EL0, then with SP_EL3: EL3 takes no exception. */
	vector_entry \pfx\()sync_sp_el0
	crash_slot 0
	end_vector_entry \pfx\()sync_sp_el0
	vector_entry \pfx\()irq_sp_el0
	crash_slot 1
	end_vector_entry \pfx\()irq_sp_el0
	vector_entry \pfx\()fiq_sp_el0
	crash_slot 2
	end_vector_entry \pfx\()fiq_sp_el0
	vector_entry \pfx\()serror_sp_el0
	crash_slot 3
	end_vector_entry \pfx\()serror_sp_el0
	vector_entry \pfx\()sync_sp_elx
	crash_slot 4
	end_vector_entry \pfx\()sync_sp_elx
	vector_entry \pfx\()irq_sp_elx
	crash_slot 5
	end_vector_entry \pfx\()irq_sp_elx
	vector_entry \pfx\()fiq_sp_elx
	crash_slot 6
	end_vector_entry \pfx\()fiq_sp_elx
	vector_entry \pfx\()serror_sp_elx
	crash_slot 7
	end_vector_entry \pfx\()serror_sp_elx

	/*
	 * Lower EL. SCR_EL3 routes no interrupt and no SError here, so only
	 * the synchronous slots are expected.
	 */
	vector_entry \pfx\()sync_aarch64
	sync_lower_el 0, \bhb
	end_vector_entry \pfx\()sync_aarch64
	vector_entry \pfx\()irq_aarch64
	lower_crash_slot 9, \bhb
	end_vector_entry \pfx\()irq_aarch64
	vector_entry \pfx\()fiq_aarch64
	lower_crash_slot 10, \bhb
	end_vector_entry \pfx\()fiq_aarch64
	vector_entry \pfx\()serror_aarch64
	lower_crash_slot 11, \bhb
	end_vector_entry \pfx\()serror_aarch64
	vector_entry \pfx\()sync_aarch32
	sync_lower_el 1, \bhb
	end_vector_entry \pfx\()sync_aarch32
	vector_entry \pfx\()irq_aarch32
	lower_crash_slot 13, \bhb
	end_vector_entry \pfx\()irq_aarch32
	vector_entry \pfx\()fiq_aarch32
	lower_crash_slot 14, \bhb
	end_vector_entry \pfx\()fiq_aarch32
	vector_entry \pfx\()serror_aarch32
	lower_crash_slot 15, \bhb
	end_vector_entry \pfx\()serror_aarch32
	.endm

	/* Every CPU starts on these (el3_arch_init). */
	el3_vectors runtime_exceptions, , 0

#if WORKAROUND_CVE_2022_23960
	/*
	 * The same with the branch-history loop, for the CPUs whose unit's
	 * CVE-2022-23960 row applies (lib/cpus/cpu_entry.c installs it per
	 * CPU at cold and warm boot, with that CPU's loop count).
	 */
	el3_vectors runtime_exceptions_bhb, bhb_, 1
#else
	/* Never installed (lib/cpus/cpu_entry.c); named for bl31_main.c alike. */
	.global	runtime_exceptions_bhb
	.set	runtime_exceptions_bhb, runtime_exceptions
#endif

/*
 * The two ways back to a lower EL share their last steps: x0-x17 from the
 * context at SP_EL3 (the registers both restore) ...
 */
	.macro ldp_x0_x17
	ldp	x0, x1, [sp, #CTX_X0]
	ldp	x2, x3, [sp, #CTX_X2]
	ldp	x4, x5, [sp, #CTX_X4]
	ldp	x6, x7, [sp, #CTX_X6]
	ldp	x8, x9, [sp, #CTX_X8]
	ldp	x10, x11, [sp, #CTX_X10]
	ldp	x12, x13, [sp, #CTX_X12]
	ldp	x14, x15, [sp, #CTX_X14]
	ldp	x16, x17, [sp, #CTX_X16]
	.endm

/* ... and an ERET that nothing runs past speculatively (straight-line speculation). */
	.macro eret_no_sls
	eret
	dsb	nsh
	isb
	.endm

/*
 * A synchronous exception from AArch64 with bit 23 of w0 set; x30 saved,
 * after the branch-history loop where the vectors run it. A fast SMC with
 * that reserved bit set is no function (DEN0028 2.5, Table 2-1: bits 23:17
 * must be zero): answer SMC_UNK here, as runtime_svc_dispatch would, with
 * every other register as the caller left it, saving nothing and branching
 * nowhere indirectly. The floor of an SMC round trip on these vectors
 * (SMC_FLOOR_FID, make bench). Anything else (a yielding call, which the
 * dispatcher decides; a trapped instruction whose x0 happens to have the
 * bit) takes the ordinary path.
 */
func reserved_fid_aarch64
	tbz	w0, #FUNCID_TYPE_SHIFT, 1f
	mrs	x30, esr_el3
	ubfx	x30, x30, #ESR_EC_SHIFT, #6
	cmp	x30, #EC_AARCH64_SMC
	b.ne	1f
	mov	x0, #SMC_UNK
	ldr	x30, [sp, #CTX_X30]
	eret_no_sls
1:	mrs	x30, cntpct_el0
	str	x30, [sp, #CPU_DATA_PMF_ENTER_TS]
	stp	x0, x1, [sp, #CTX_X0]
	mov	x1, #0
	b	sync_lower_el_entry
endfunc reserved_fid_aarch64

/*
 * A synchronous exception from AArch64 with bits 23:0 of w0 clear; x0, x1
 * and x30 saved, ENTER_PSCI's counter sample in cpu_data.
 * The two version calls change no state and answer a constant, so they
 * are answered here, with every other register as the caller left it (the
 * dispatcher's answer: smc_ret1 writes x0 alone), and nothing saved:
 *  SMCCC_VERSION: SMCCC_VERSION_VALUE (DEN0028 7.2);
 *  PSCI_VERSION: psci_decided.version (DEN0022 5.1.1), with its record as
 *    the Standard Service writes it (services/std_svc/std_svc.c): the
 *    ENTER_PSCI sample committed with its line cleaned to the PoC, then
 *    EXIT_PSCI; no call-ring record (it is no power call). A version of 0
 *    means PSCI is not set up: the dispatcher answers, as it would.
 * Only an SMC: anything else (a yielding call first, for one instruction;
 * a trapped instruction whose x0 happens to be such an ID; an SMC64 or
 * another owner's function 0) takes the ordinary path with x0 and x1 as
 * it expects. AArch32 callers always take it (their IDs reach the same
 * answers there).
 */
func version_call_aarch64
	tbz	w0, #FUNCID_TYPE_SHIFT, 3f
	mrs	x1, esr_el3
	ubfx	x1, x1, #ESR_EC_SHIFT, #6
	cmp	x1, #EC_AARCH64_SMC
	b.ne	3f
	lsr	w1, w0, #FUNCID_OEN_SHIFT
	cmp	w1, #(PSCI_FID_VERSION >> FUNCID_OEN_SHIFT)
	b.eq	1f
	cmp	w1, #(SMCCC_VERSION >> FUNCID_OEN_SHIFT)
	b.ne	3f
	movz	w0, #SMCCC_VERSION_MAJOR, lsl #16 /* SMCCC_VERSION_VALUE */
	movk	w0, #SMCCC_VERSION_MINOR
	ldr	x1, [sp, #CTX_X1]
	ldr	x30, [sp, #CTX_X30]
	eret_no_sls

1:	adrp	x1, psci_decided
	ldr	x0, [x1, #:lo12:psci_decided + PSCI_DECIDED_VERSION]
	cbz	x0, 2f
#if ENABLE_RUNTIME_INSTRUMENTATION
	ldr	w1, [sp, #CPU_DATA_CORE_POS]
	pmf_cpu_block x30, x1
	ldr	x1, [sp, #CPU_DATA_PMF_ENTER_TS]
	pmf_commit_enter_psci x30, x1
	pmf_store_exit_psci x30, x1
#endif
	ldr	x1, [sp, #CTX_X1]
	ldr	x30, [sp, #CTX_X30]
	eret_no_sls

2:	ldr	x0, [sp, #CTX_X0]
3:	mov	x1, #0
	b	sync_lower_el_entry
endfunc version_call_aarch64

/*
 * x0, x1 and x30 are saved, x1 = 1 for an AArch32 caller. Call
 * el3_sync_handler(ctx, aarch32) on the EL3 stack, then return to the
 * caller.
 *
 * Saved: x0-x18 and x30, which the C code may clobber (AAPCS64 6.1.1:
 * x19-x29 are callee-saved, so the handler gives them back itself), SP_EL0
 * (the C stack), ELR_EL3 and SPSR_EL3 (handlers read the caller's state
 * there and may redirect it: cm_inject_undef). The caller gets every one
 * back except what a handler wrote into the context (results in x0-x3),
 * as SMCCC requires of x4-x30 (DEN0028 2.6, 2.7). SCR_EL3 is not touched:
 * no handler changes it. A call that does not return to its caller (a
 * power-down) comes back through el3_exit with a fresh context.
 */
func sync_lower_el_entry
	stp	x2, x3, [sp, #CTX_X2]
	stp	x4, x5, [sp, #CTX_X4]
	stp	x6, x7, [sp, #CTX_X6]
	stp	x8, x9, [sp, #CTX_X8]
	stp	x10, x11, [sp, #CTX_X10]
	stp	x12, x13, [sp, #CTX_X12]
	stp	x14, x15, [sp, #CTX_X14]
	stp	x16, x17, [sp, #CTX_X16]
	str	x18, [sp, #CTX_X18]
	mrs	x2, sp_el0
	mrs	x3, elr_el3
	mrs	x4, spsr_el3
	str	x2, [sp, #CTX_SP_EL0]
	stp	x3, x4, [sp, #CTX_ELR_EL3]

	mov	x0, sp
	ldr	x2, [sp, #CPU_DATA_RUNTIME_SP]
	msr	spsel, #0
	mov	sp, x2
	bl	el3_sync_handler

	msr	spsel, #1
	ldr	x2, [sp, #CTX_SP_EL0]
	ldp	x0, x1, [sp, #CTX_ELR_EL3]
	msr	sp_el0, x2
	msr	elr_el3, x0
	msr	spsr_el3, x1
	ldp_x0_x17
	ldr	x18, [sp, #CTX_X18]
	ldr	x30, [sp, #CTX_X30]
	eret_no_sls
endfunc sync_lower_el_entry

/*
 * el3_exit: enter the lower EL with the whole context this CPU's
 * cpu_data holds (every general-purpose register, SP_EL0, ELR, SPSR and
 * SCR_EL3). Called on the EL3 stack (SP_EL0) with nothing to preserve.
 */
func el3_exit
	msr	spsel, #1
	ldr	x0, [sp, #CTX_SCR_EL3]
	msr	scr_el3, x0
	ldp	x0, x1, [sp, #CTX_ELR_EL3]
	msr	elr_el3, x0
	msr	spsr_el3, x1
	ldr	x0, [sp, #CTX_SP_EL0]
	msr	sp_el0, x0
	ldp_x0_x17
	ldp	x18, x19, [sp, #CTX_X18]
	ldp	x20, x21, [sp, #CTX_X20]
	ldp	x22, x23, [sp, #CTX_X22]
	ldp	x24, x25, [sp, #CTX_X24]
	ldp	x26, x27, [sp, #CTX_X26]
	ldp	x28, x29, [sp, #CTX_X28]
	ldr	x30, [sp, #CTX_X30]
	eret_no_sls
endfunc el3_exit
