BL1_SOURCES := bl1/aarch64/bl1_entrypoint.S $(CPUS_RESET_SOURCES) bl1/bl1_main.c common/bl_common.c \
	common/crash.c common/aarch64/crash.S $(FIP_SOURCES) \
	common/version.c
