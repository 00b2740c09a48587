/*
 * The model's GIC-600 redistributor power (tests/n1sdp_model/model_test.sh):
 * loaded as BL1 (-bios), core 0 reads its redistributor's GICR_WAKER while
 * GICR_PWRR.RDPD says powered down (the model answers zero: only the ID and
 * power registers answer then, GIC-600 TRM), powers it up with
 * GICR_PWRR = 0 as TF-A's gic-x00.c gic600_pwr_on does, and reads it
 * again (QEMU's reset value: ProcessorSleep | ChildrenAsleep, 0x6). It
 * prints "GICR: WAKER off 0x<v> PWRR 0x<v> WAKER on 0x<v>" on the AP's
 * UART0 and waits.
 */
#define UART      0x2A400000
#define GICR0     0x300C0000
#define GICR_WAKER 0x14
#define GICR_PWRR 0x24

	.globl _start
_start:
	ldr	x20, =GICR0
	ldr	w21, [x20, #GICR_WAKER]
	ldr	w22, [x20, #GICR_PWRR]
	str	wzr, [x20, #GICR_PWRR]
	dsb	sy
	ldr	w23, [x20, #GICR_WAKER]
	adr	x0, m1
	bl	puts
	mov	x0, x21
	bl	puthex
	adr	x0, m2
	bl	puts
	mov	x0, x22
	bl	puthex
	adr	x0, m3
	bl	puts
	mov	x0, x23
	bl	puthex
	mov	w0, #'\n'
	bl	putc
1:	wfi
	b	1b

puts:
	mov	x9, x0
	mov	x10, x30
2:	ldrb	w0, [x9], #1
	cbz	w0, 3f
	bl	putc
	b	2b
3:	ret	x10
putc:
	ldr	x1, =UART
4:	ldr	w2, [x1, #0x18]
	tbnz	w2, #5, 4b
	str	w0, [x1]
	ret
/* puthex(x0): 0x and the low 32 bits, hexadecimal */
puthex:
	mov	x11, x0
	mov	x12, x30
	mov	w0, #'0'
	bl	putc
	mov	w0, #'x'
	bl	putc
	mov	x13, #28
5:	lsr	x0, x11, x13
	and	x0, x0, #0xf
	cmp	x0, #10
	add	x14, x0, #'0'
	add	x15, x0, #('a' - 10)
	csel	x0, x14, x15, lo
	bl	putc
	subs	x13, x13, #4
	b.pl	5b
	ret	x12
	.ltorg
m1:	.asciz	"GICR: WAKER off "
m2:	.asciz	" PWRR "
m3:	.asciz	" WAKER on "
