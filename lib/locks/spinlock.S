/*
 * ARMv8.0 spinlock: LDAXR/STXR with WFE back-off. A store-release to the
 * lock clears every waiter's exclusive monitor, which is a WFE wake-up event
 * (ARM DDI 0487 D1.16.1), so no SEV is needed on unlock.
 */
#include <arch/aarch64/asm_macros.S>

func spin_lock
	mov	w2, #1
	sevl
1:	wfe
2:	ldaxr	w1, [x0]
	cbnz	w1, 1b
	stxr	w1, w2, [x0]
	cbnz	w1, 2b
	ret
endfunc spin_lock

func spin_unlock
	stlr	wzr, [x0]
	ret
endfunc spin_unlock
