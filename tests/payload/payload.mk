# The normal-world test payload (BL33), run at NS-EL2.
PAYLOAD_SOURCES := tests/payload/aarch64/payload_entry.S tests/payload/payload_main.c \
	tests/payload/smc.c tests/payload/aarch64/smc_regs.S \
	lib/libc/printf.c lib/libc/string.c common/log.c \
	common/console.c drivers/arm/pl011/pl011.c lib/aarch64/cache_helpers.S \
	lib/locks/spinlock.S lib/aarch64/misc_helpers.S
