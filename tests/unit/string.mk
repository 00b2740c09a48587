# lib/libc's string routines on the host (tests/unit/test_string.c): built
# as an object of their own against the firmware's string.h, under the
# names fw_*, so that the test can compare them with the host's. No
# builtins, and no loop turned back into a call to the host's memcpy.
STRING_FW_NAMES := memcpy memmove memset memcmp memchr strlen strnlen strcmp strncmp strchr strrchr
$(UNIT_DIR)/libc_string.o: lib/libc/string.c include/lib/libc/string.h tests/unit/string.mk \
		$(HOST_TOOLCHAIN_STAMP)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(HOSTCC) $(UNIT_CFLAGS) -Iinclude/lib/libc -fno-builtin -fno-tree-loop-distribute-patterns \
		$(foreach f,$(STRING_FW_NAMES),-D$(f)=fw_$(f)) -c $< -o $@
$(eval $(call unit_test,string,$(UNIT_DIR)/libc_string.o,,,,tests/unit/string.mk))
