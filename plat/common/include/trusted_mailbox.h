/*
 * The trusted mailbox: how a core that comes out of reset into BL1 learns
 * whether this is a warm boot, on platforms whose cores always reset into
 * BL1 (n1sdp: the SCP powers cores up; fvp: the power controller does).
 *
 * Sixteen bytes at the top of the platform's shared trusted RAM page
 * (PLAT_MAILBOX_BASE): BL31's warm-boot entry point (u64, physical) at
 * +0, then the platform's magic (PLAT_MAILBOX_MAGIC, u64) at +8, which
 * validates it. Uninitialised SRAM holds no valid magic, so the first reset
 * is a cold boot; the magic is cleared before a system reset, so none of
 * the cores reset with the system acts on a stale entry.
 */
#ifndef PLAT_TRUSTED_MAILBOX_H
#define PLAT_TRUSTED_MAILBOX_H

#define TRUSTED_MAILBOX_ENTRY 0
#define TRUSTED_MAILBOX_MAGIC 8
#define TRUSTED_MAILBOX_SIZE  16

#ifndef __ASSEMBLY__
#include <stdint.h>

/*
 * BL31: every core reset from now on warm-boots into @entry (physical
 * address, entered at EL3 with the MMU off). Cleans the mailbox to the
 * Point of Coherency: BL1 reads it with its data cache off.
 */
void trusted_mailbox_program(uintptr_t entry);

/* BL31, before a system reset or shut-down: the next reset is a cold boot. */
void trusted_mailbox_clear(void);
#endif

#endif
