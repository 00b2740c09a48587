/*
 * ARMv8.0 spinlock: LDAXR/STXR, waiting in WFE only while the lock is held.
 * The LDAXR that saw the lock held leaves this core's exclusive monitor
 * armed; the holder's store-release clears it, which is a WFE wake-up event
 * (ARM DDI 0487 D1.16.1), so unlock needs no SEV.
 * An uncontended acquire executes no WFE: QEMU treats WFE as a yield to
 * another vCPU, which would put other cores' work inside measured paths.
 */
#include <arch/aarch64/asm_macros.S>

func spin_lock_raw
	mov	w2, #1
1:	ldaxr	w1, [x0]
	cbnz	w1, 2f
	stxr	w1, w2, [x0]
	cbnz	w1, 1b
	ret
2:	wfe
	b	1b
endfunc spin_lock_raw

func spin_unlock_raw
	stlr	wzr, [x0]
	ret
endfunc spin_unlock_raw
