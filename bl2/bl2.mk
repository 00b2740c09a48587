BL2_SOURCES := bl2/aarch64/bl2_entrypoint.S bl2/bl2_main.c common/bl_common.c \
	common/crash.c common/aarch64/crash.S lib/fip/fip.c lib/fip/fip_uuids.c \
	common/version.c lib/mem_ranges/mem_ranges.c \
	lib/dtb/dtb_check.c lib/dtb/dtb_walk.c lib/dtb/dtb_psci.c lib/dtb/dtb_memory.c \
	lib/dtb/dtb_reserved.c \
	lib/libc/stack_protector.c

# libfdt's headers; its objects need them before they compile.
$(BUILD_DIR)/bl2/lib/dtb/dtb_walk.o $(BUILD_DIR)/bl2/lib/dtb/dtb_reserved.o: \
	CPPFLAGS_COMMON += -I$(LIBFDT_INC)
$(BUILD_DIR)/bl2/lib/dtb/dtb_walk.o $(BUILD_DIR)/bl2/lib/dtb/dtb_reserved.o: | $(LIBFDT_A)
