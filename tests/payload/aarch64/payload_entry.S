/*
 * Test payload entry points, at NS-EL2 (NS-EL1 is not supported: the QEMU
 * platform always provides EL2).
 *
 * payload_entry      cold boot on the primary, x0 = DTB address.
 * payload_cpu_entry  PSCI CPU_ON target, x0 = context ID (struct job *).
 * payload_resume     where a power-down CPU_SUSPEND comes back, x0 =
 *                    context ID (this core's struct suspend_ctx).
 * The last two start with the MMU off, as PSCI guarantees (DEN0022 6.4.3).
 */
#include <arch/aarch64/asm_macros.S>

#include "../payload_def.h"

/* struct suspend_ctx: x19-x30, sp, in that order (cpus.c). */
#define SUSPEND_CTX_SP	(12 * 8)

	/*
	 * x0 = stack slot (a core index, or PAYLOAD_MAX_CORES for the boot
	 * stack) -> sp = its top. Clobbers x1-x3.
	 */
	.macro set_stack
	adr_l	x1, __STACKS_START__
	add	x2, x0, #1
	mov_imm	x3, PAYLOAD_STACK_SIZE
	madd	x1, x2, x3, x1
	mov	sp, x1
	.endm

	/* MMU on with the tables the primary built; no stack use. */
	.macro mmu_on
	adr_l	x0, payload_ttbr0
	ldr	x0, [x0]
	bl	payload_enable_mmu_el2
	adr_l	x0, payload_vectors
	msr	vbar_el2, x0
	isb
	.endm

	.section .text.payload_entry, "ax"
	.global payload_entry
payload_entry:
	mov	x20, x0
	adr_l	x0, payload_vectors
	msr	vbar_el2, x0
	adr_l	x0, __BSS_START__
	adr_l	x1, __BSS_END__
	bl	zero_mem
	/* The booting core has a stack of its own: it learns its index later. */
	mov	x0, #PAYLOAD_MAX_CORES
	set_stack
	mov	x0, x20
	bl	payload_main
	b	.

/*
 * payload_core_index: x0 = the calling core's index in payload_core_mpidr
 * (written and cleaned to the PoC by the booting core), or
 * PAYLOAD_MAX_CORES if it is not there. MMU on or off; clobbers x0-x4.
 */
func payload_core_index
	mrs	x1, mpidr_el1
	mov_imm	x2, MPIDR_AFFINITY_MASK
	and	x1, x1, x2
	adr_l	x2, payload_core_mpidr
	adr_l	x3, payload_core_count
	ldr	x3, [x3]
	mov	x0, #0
1:	cmp	x0, x3
	b.hs	2f
	ldr	x4, [x2, x0, lsl #3]
	cmp	x4, x1
	b.eq	3f
	add	x0, x0, #1
	b	1b
2:	mov	x0, #PAYLOAD_MAX_CORES
3:	ret
endfunc payload_core_index

func payload_cpu_entry
	/* When the core got here: make bench's CPU_ON latency ends at this read. */
	mrs	x22, cntpct_el0
	mov	x20, x0
	bl	payload_core_index
	cmp	x0, #PAYLOAD_MAX_CORES
	b.hs	payload_park
	mov	x21, x0
	mmu_on
	mov	x0, x21
	set_stack
	mov	x0, x20
	mov	x1, x22
	bl	payload_secondary_main
	b	.
endfunc payload_cpu_entry

	/* Save x19-x30 and SP into the struct suspend_ctx at \reg. */
	.macro save_callee_saved reg
	stp	x19, x20, [\reg, #0]
	stp	x21, x22, [\reg, #16]
	stp	x23, x24, [\reg, #32]
	stp	x25, x26, [\reg, #48]
	stp	x27, x28, [\reg, #64]
	stp	x29, x30, [\reg, #80]
	mov	x9, sp
	str	x9, [\reg, #SUSPEND_CTX_SP]
	.endm

/*
 * int64_t payload_suspend_smc(x0 = power_state, x1 = struct suspend_ctx *):
 * save the callee-saved registers and SP, then CPU_SUSPEND (SMC64) with
 * entry = payload_resume and context ID = x1. Returns the SMC's x0 if the
 * call returns; after a power-down, payload_resume returns 0 in its stead.
 */
func payload_suspend_smc
	save_callee_saved x1
	mov	x3, x1
	mov	x1, x0
	adr_l	x2, payload_resume
	mov_imm	x0, 0xC4000001
	smc	#0
	ret
endfunc payload_suspend_smc

/*
 * int64_t payload_powerdown_smc(x0 = function ID, x1 = struct suspend_ctx *):
 * the same for calls taking (entry, context ID) in x1/x2:
 * CPU_DEFAULT_SUSPEND and SYSTEM_SUSPEND.
 */
func payload_powerdown_smc
	save_callee_saved x1
	mov	x2, x1
	adr_l	x1, payload_resume
	smc	#0
	ret
endfunc payload_powerdown_smc

/*
 * CPU_ON entry that records the context ID it received in
 * payload_ctxid_seen[core] (a store with the MMU off: straight to memory),
 * then runs payload_ctxid_job like payload_cpu_entry.
 */
func payload_ctxid_entry
	mov	x20, x0
	bl	payload_core_index
	cmp	x0, #PAYLOAD_MAX_CORES
	b.hs	payload_park
	adr_l	x1, payload_ctxid_seen
	str	x20, [x1, x0, lsl #3]
	dsb	sy
	adr_l	x0, payload_ctxid_job
	b	payload_cpu_entry
endfunc payload_ctxid_entry

/* A core the DTB does not list: it has no stack, so it stops here. */
func payload_park
1:	wfi
	b	1b
endfunc payload_park

func payload_resume
	mov	x19, x0
	mmu_on
	/*
	 * A power-down loses the CPU interface's Group 1 enable as a reset
	 * does (IHI 0069, ICC_IGRPEN1_EL1), and the firmware leaves it to the
	 * normal world: back on, as an OS's resume path sets it.
	 */
	mov	x0, #1
	msr	S3_0_C12_C12_7, x0	/* ICC_IGRPEN1_EL1 */
	isb
	mov	x1, x19
	ldr	x2, [x1, #SUSPEND_CTX_SP]
	mov	sp, x2
	ldp	x19, x20, [x1, #0]
	ldp	x21, x22, [x1, #16]
	ldp	x23, x24, [x1, #32]
	ldp	x25, x26, [x1, #48]
	ldp	x27, x28, [x1, #64]
	ldp	x29, x30, [x1, #80]
	mov	x0, #0
	ret
endfunc payload_resume

/*
 * The payload runs with every exception masked, so any vector taken is a
 * payload bug or an undefined instruction. A synchronous exception at EL2
 * (slot 4) may be one a test provoked on purpose: payload_sync_exception
 * decides; if it returns true, execution resumes after the instruction.
 * Everything else is reported and stops the core.
 */
	/* Slots are laid out in the order they are defined (D1.10.2). */
	vector_base payload_vectors
	.irp n, 0, 1, 2, 3
	vector_entry payload_vector_\n
	mov	x0, #\n
	b	payload_exception
	end_vector_entry payload_vector_\n
	.endr
	vector_entry payload_vector_4
	b	payload_sync_el2
	end_vector_entry payload_vector_4
	.irp n, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vector_entry payload_vector_\n
	mov	x0, #\n
	b	payload_exception
	end_vector_entry payload_vector_\n
	.endr

func payload_sync_el2
	stp	x0, x1, [sp, #-192]!
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x30, [sp, #144]
	mrs	x0, esr_el2
	bl	payload_sync_exception
	cbz	w0, 1f
	mrs	x0, elr_el2
	add	x0, x0, #4
	msr	elr_el2, x0
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x16, x17, [sp, #128]
	ldp	x18, x30, [sp, #144]
	ldp	x0, x1, [sp], #192
	eret
1:	mov	x0, #4
	b	payload_exception
endfunc payload_sync_el2
