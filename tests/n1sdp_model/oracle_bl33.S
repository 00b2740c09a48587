/*
 * The oracle's BL33 (tests/n1sdp_model/oracle_test.sh): booted by TF-A 2.8's
 * N1SDP port on the N1SDP model, it drives every core through the PSCI
 * calls the model's power control must carry (DEN0022): CPU_ON of cores
 * 1-3, each of which arms its EL2 timer, CPU_SUSPENDs to core power-down
 * (0x00010000: TF-A's Arm platforms, ARM_RECOM_STATE_ID_ENC=0, take the
 * original format with StateID 0: TFA_SRC/plat/arm/common/arm_pm.c),
 * resumes when the timer's interrupt wakes it, and CPU_OFFs;
 * core 0 waits for AFFINITY_INFO to say each is off, suspends the same
 * way, then calls SYSTEM_OFF. It prints on the AP's UART0 ("ORACLE: ...");
 * "ORACLE: PASS" before SYSTEM_OFF only if every call did what PSCI says.
 *
 * ORACLE_CYCLE=0 stops after CPU_ON: each core reports from BL33 and
 * waits; core 0 calls SYSTEM_OFF. That is what make check runs while
 * TF-A's CPU_OFF and CPU_SUSPEND do not complete on the model
 * (docs/plat/n1sdp-model.rst: open).
 *
 * Position-independent, MMU and caches off (every access Device or
 * non-cacheable: the cores see each other's flags). Only core 0 prints.
 * Each wait is bounded. Registers: x19-x28 kept across calls by SMCCC.
 */
#define UART         0x2A400000
#define UART_FR      0x18
#define UART_FR_TXFF (1 << 5)
#define GICR_BASE    0x300C0000 /* redistributor of core position n: + n * 0x20000 */
#define GICR_SGI     0x10000    /* its SGI/PPI frame */
#define ISENABLER0   0x100
#define IPRIORITYR   0x400
#define PPI_HYP_TIMER 26        /* the EL2 physical timer's PPI (fdts/n1sdp.dtsi) */

#define PSCI_VERSION    0x84000000
#define CPU_SUSPEND     0xC4000001
#define CPU_OFF         0x84000002
#define CPU_ON          0xC4000003
#define AFFINITY_INFO   0xC4000004
#define SYSTEM_OFF      0x84000008
#define PSTATE_CORE_OFF 0x00010000
#define TIMER_TICKS     200000      /* 2 ms at 100 MHz */
#define WAIT_LOOPS      400000000
#ifndef ORACLE_CYCLE
#define ORACLE_CYCLE 1
#endif

	.text
	.globl _start
_start:
	adr	x0, msg_hello
	bl	puts
	mov	x0, #0
	movk	x0, #0x8400, lsl #16
	smc	#0
	mov	x20, x0
	adr	x0, msg_version
	bl	puts
	mov	x0, x20
	bl	puthex
	lsr	x1, x20, #16
	cmp	x1, #1
	b.lo	fail

	/* CPU_ON cores 1-3, context = core position */
	mov	x21, #1
1:	adr	x0, mpidrs
	ldr	x1, [x0, x21, lsl #3]
	ldr	x0, =CPU_ON
	adr	x2, secondary
	mov	x3, x21
	smc	#0
	mov	x22, x0
	adr	x0, msg_on
	bl	puts
	mov	x0, x21
	bl	puthex
	mov	x0, x22
	bl	puthex
	cbnz	x22, fail
	add	x21, x21, #1
	cmp	x21, #4
	b.lo	1b

	/* Each reaches stage 3 (resumed from suspend), then AFFINITY_INFO OFF */
	mov	x21, #1
2:	adr	x23, stage
	ldr	x24, =WAIT_LOOPS
3:	ldr	x0, [x23, x21, lsl #3]
	cmp	x0, #3
	b.eq	4f
	subs	x24, x24, #1
	b.ne	3b
	adr	x0, msg_stuck
	bl	puts
	mov	x0, x21
	bl	puthex
	ldr	x0, [x23, x21, lsl #3]
	bl	puthex
	b	fail
4:
#if !ORACLE_CYCLE
	adr	x0, msg_running
	bl	puts
	mov	x0, x21
	bl	puthex
	b	6f
#endif
	ldr	x24, =WAIT_LOOPS
5:	ldr	x0, =AFFINITY_INFO
	adr	x1, mpidrs
	ldr	x1, [x1, x21, lsl #3]
	mov	x2, #0
	smc	#0
	cmp	x0, #1
	b.eq	6f
	subs	x24, x24, #1
	b.ne	5b
	adr	x0, msg_not_off
	bl	puts
	mov	x0, x21
	bl	puthex
	b	fail
	adr	x0, msg_cycle
	bl	puts
	mov	x0, x21
	bl	puthex
6:	add	x21, x21, #1
	cmp	x21, #4
	b.lo	2b

	/* Core 0 suspends too, woken by its timer */
#if !ORACLE_CYCLE
	mov	x0, #0x55
	b	primary_resume
#endif
	mov	x0, #0
	bl	arm_timer
	ldr	x0, =CPU_SUSPEND
	ldr	x1, =PSTATE_CORE_OFF
	adr	x2, primary_resume
	mov	x3, #0x55
	smc	#0
	adr	x0, msg_susp_failed
	bl	puts
	b	fail
primary_resume:
	mov	x20, x0
	msr	cnthp_ctl_el2, xzr
	isb
	adr	x0, msg_resumed
	bl	puts
	mov	x0, x20
	bl	puthex
	cmp	x20, #0x55
	b.ne	fail
	adr	x0, msg_pass
	bl	puts
	ldr	x0, =SYSTEM_OFF
	smc	#0
	adr	x0, msg_off_returned
	bl	puts
fail:
	adr	x0, msg_fail
	bl	puts
	ldr	x0, =SYSTEM_OFF	/* the run ends at once */
	smc	#0
9:	wfi
	b	9b

/* Cores 1-3, x0 = their position */
secondary:
	mov	x19, x0
	adr	x1, stage
	mov	x2, #1
	str	x2, [x1, x19, lsl #3]
#if !ORACLE_CYCLE
	adr	x1, stage
	mov	x2, #3
	str	x2, [x1, x19, lsl #3]
6:	wfi
	b	6b
#endif
	bl	arm_timer
	adr	x1, stage
	mov	x2, #2
	str	x2, [x1, x19, lsl #3]
	ldr	x0, =CPU_SUSPEND
	ldr	x1, =PSTATE_CORE_OFF
	adr	x2, secondary_resume
	mov	x3, x19
	smc	#0
	/* returned: the suspend was refused; its error as the stage */
	adr	x1, stage
	orr	x0, x0, #0x100
	str	x0, [x1, x19, lsl #3]
8:	wfi
	b	8b
secondary_resume:
	mov	x19, x0
	msr	cnthp_ctl_el2, xzr
	isb
	adr	x1, stage
	mov	x2, #3
	str	x2, [x1, x19, lsl #3]
	ldr	x0, =CPU_OFF
	smc	#0
	orr	x0, x0, #0x200
	adr	x1, stage
	str	x0, [x1, x19, lsl #3]
7:	wfi
	b	7b

/* arm_timer(x0 = core position): the EL2 timer's PPI enabled in this
 * core's redistributor, the timer to fire TIMER_TICKS from now. */
arm_timer:
	ldr	x1, =GICR_BASE + GICR_SGI
	mov	x2, #0x20000
	madd	x1, x0, x2, x1
	mov	w2, #0x80
	strb	w2, [x1, #IPRIORITYR + PPI_HYP_TIMER]
	mov	w2, #(1 << PPI_HYP_TIMER)
	str	w2, [x1, #ISENABLER0]
	ldr	x2, =TIMER_TICKS
	msr	cnthp_tval_el2, x2
	mov	x2, #1
	msr	cnthp_ctl_el2, x2
	isb
	ret

/* puts(x0 = NUL-terminated string), putc(w0), puthex(x0): " 0x%x\n" */
puts:
	mov	x9, x0
	mov	x10, x30
1:	ldrb	w0, [x9], #1
	cbz	w0, 2f
	bl	putc
	b	1b
2:	ret	x10
putc:
	ldr	x1, =UART
1:	ldr	w2, [x1, #UART_FR]
	tbnz	w2, #5, 1b
	str	w0, [x1]
	ret
puthex:
	mov	x11, x0
	mov	x12, x30
	mov	w0, #' '
	bl	putc
	mov	w0, #'0'
	bl	putc
	mov	w0, #'x'
	bl	putc
	mov	x13, #60
1:	lsr	x0, x11, x13
	and	x0, x0, #0xf
	cmp	x0, #10
	add	x14, x0, #'0'
	add	x15, x0, #('a' - 10)
	csel	x0, x14, x15, lo
	bl	putc
	subs	x13, x13, #4
	b.pl	1b
	mov	w0, #'\n'
	bl	putc
	ret	x12

	.align	3
/* The board's MPIDRs by core position (Aff1 core, Aff2 cluster; TF-A's
 * fdts/n1sdp.dtsi cpu reg values). */
mpidrs:	.quad	0x0, 0x100, 0x10000, 0x10100
stage:	.quad	0, 0, 0, 0
	.ltorg
msg_hello:	.asciz	"ORACLE: BL33 at EL2 on core 0\n"
msg_version:	.asciz	"ORACLE: PSCI_VERSION"
msg_on:		.asciz	"ORACLE: CPU_ON of core, returned"
msg_stuck:	.asciz	"ORACLE: FAIL core never resumed from CPU_SUSPEND; its stage"
msg_not_off:	.asciz	"ORACLE: FAIL AFFINITY_INFO never said OFF for core"
msg_cycle:	.asciz	"ORACLE: on, suspended, resumed and off: core"
msg_running:	.asciz	"ORACLE: running in BL33 after CPU_ON: core"
msg_susp_failed: .asciz	"ORACLE: FAIL CPU_SUSPEND of core 0 returned\n"
msg_resumed:	.asciz	"ORACLE: core 0 resumed from CPU_SUSPEND, context"
msg_pass:	.asciz	"ORACLE: PASS\n"
msg_off_returned: .asciz "ORACLE: FAIL SYSTEM_OFF returned\n"
msg_fail:	.asciz	"ORACLE: FAIL\n"
