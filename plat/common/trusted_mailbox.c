/*
 * Writing side of the trusted mailbox (protocol in
 * plat/common/include/trusted_mailbox.h); BL1's reading side is
 * plat/common/aarch64/trusted_mailbox.S.
 */
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/mmio.h>
#include <trusted_mailbox.h>
#include <platform_def.h>

_Static_assert(PLAT_MAILBOX_BASE % TRUSTED_MAILBOX_SIZE == 0 &&
                       PLAT_MAILBOX_BASE + TRUSTED_MAILBOX_SIZE <=
                               PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE,
               "the trusted mailbox is aligned and inside the shared RAM page");

void trusted_mailbox_program(uintptr_t entry)
{
	mmio_write_64(PLAT_MAILBOX_BASE + TRUSTED_MAILBOX_ENTRY, entry);
	mmio_write_64(PLAT_MAILBOX_BASE + TRUSTED_MAILBOX_MAGIC, PLAT_MAILBOX_MAGIC);
	flush_dcache_range(PLAT_MAILBOX_BASE, TRUSTED_MAILBOX_SIZE);
}

void trusted_mailbox_clear(void)
{
	mmio_write_64(PLAT_MAILBOX_BASE + TRUSTED_MAILBOX_MAGIC, 0);
	flush_dcache_range(PLAT_MAILBOX_BASE, TRUSTED_MAILBOX_SIZE);
}
