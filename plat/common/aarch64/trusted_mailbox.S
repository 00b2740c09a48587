/*
 * Reading side of the trusted mailbox (protocol in
 * plat/common/include/trusted_mailbox.h), for platforms whose cores reset into
 * BL1 on every power-up.
 */
#include <arch/aarch64/asm_macros.S>
#include <trusted_mailbox.h>
#include <platform_def.h>

.if TRUSTED_MAILBOX_MAGIC != TRUSTED_MAILBOX_ENTRY + 8
.error "one LDP reads the entry and the magic beside it"
.endif

/*
 * plat_get_my_entrypoint: the entry BL31 left in the trusted mailbox, if
 * the magic beside it is valid; else 0 (a cold boot). MMU and data cache
 * off. Clobbers x0-x2.
 */
func plat_get_my_entrypoint
	mov_imm	x1, PLAT_MAILBOX_BASE
	ldp	x0, x2, [x1, #TRUSTED_MAILBOX_ENTRY]
	mov_imm	x1, PLAT_MAILBOX_MAGIC
	cmp	x2, x1
	csel	x0, x0, xzr, eq
	ret
endfunc plat_get_my_entrypoint
