BL2_SOURCES := bl2/aarch64/bl2_entrypoint.S bl2/bl2_main.c common/bl_common.c \
	common/crash.c common/aarch64/crash.S $(FIP_SOURCES) \
	common/version.c $(MEM_RANGES_SOURCES) $(DTB_SOURCES) $(LIBC_STACK_PROTECTOR_SOURCES)

# libfdt's headers; its objects need them before they compile.
$(patsubst %.c,$(BUILD_DIR)/bl2/%.o,$(DTB_LIBFDT_SOURCES)): CPPFLAGS_COMMON += -I$(LIBFDT_INC)
$(patsubst %.c,$(BUILD_DIR)/bl2/%.o,$(DTB_LIBFDT_SOURCES)): | $(LIBFDT_A)
