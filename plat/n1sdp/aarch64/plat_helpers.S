/*
 * N1SDP: the secondaries' cold boot (the trusted mailbox BL1 consults at
 * every reset is plat/common/aarch64/trusted_mailbox.S).
 */
#include <arch/aarch64/asm_macros.S>
#include <platform_def.h>

/*
 * plat_secondary_cold_boot: the SCP holds secondaries in reset until
 * CPU_ON, so a secondary here with no warm-boot entry is unexpected: park.
 */
func plat_secondary_cold_boot
1:	wfi
	b	1b
endfunc plat_secondary_cold_boot
