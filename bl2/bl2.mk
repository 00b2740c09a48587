BL2_SOURCES := bl2/aarch64/bl2_entrypoint.S bl2/bl2_main.c common/bl_common.c \
	common/crash.c common/aarch64/crash.S $(FIP_SOURCES) \
	common/version.c $(MEM_RANGES_SOURCES) $(DTB_SOURCES) $(LIBC_STACK_PROTECTOR_SOURCES)
