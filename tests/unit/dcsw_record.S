/*
 * lib/aarch64/cache_helpers.S for tests/unit/test_dcsw_asm.c: the same
 * loops, with each DC CISW replaced by a store of its operand to the log
 * at dcsw_log_pos (which EL0 code can run, under qemu-aarch64).
 */
#define DCSW_OP DCSW_OP
#define DCSW_ENTRY adrp x6, dcsw_log_pos ; ldr x13, [x6, :lo12:dcsw_log_pos]
#define DCSW_EXIT  adrp x6, dcsw_log_pos ; str x13, [x6, :lo12:dcsw_log_pos]
	.macro DCSW_OP reg
	str	\reg, [x13], #8
	.endm
#include "../../lib/aarch64/cache_helpers.S"
