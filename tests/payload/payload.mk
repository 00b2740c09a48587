# The normal-world test payload (BL33), run at NS-EL2.
PAYLOAD_SOURCES := tests/payload/aarch64/payload_entry.S tests/payload/aarch64/smc_regs.S \
	tests/payload/payload_main.c tests/payload/cpus.c tests/payload/rt_instr.c \
	tests/payload/conformance.c tests/payload/bench.c tests/payload/smc.c \
	lib/libc/printf.c lib/libc/string.c common/log.c common/console.c \
	drivers/arm/pl011/pl011.c drivers/arm/gic/gicv3.c \
	lib/aarch64/cache_helpers.S lib/aarch64/misc_helpers.S lib/locks/spinlock.S \
	lib/xlat/xlat.c lib/xlat/xlat_enable.c \
	plat/$(PLAT)/aarch64/plat_helpers.S plat/$(PLAT)/$(PLAT)_common.c
