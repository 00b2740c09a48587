# make auth-size: link lib/auth, mbed TLS and the libc they use into a
# throwaway AArch64 ELF with the images' compiler and flags, to report what
# trusted boot costs BL1/BL2 (tests/size/auth_size.sh prints the figures).

AUTH_SIZE_DIR	:= $(BUILD_DIR)/auth_size
AUTH_SIZE_ELF	:= $(AUTH_SIZE_DIR)/auth_size.elf
AUTH_SIZE_SRCS	:= tests/size/auth_size_main.c $(AUTH_SOURCES) lib/libc/string.c \
		   lib/libc/printf.c
AUTH_SIZE_OBJS	:= $(addprefix $(AUTH_SIZE_DIR)/,$(AUTH_SIZE_SRCS:.c=.o))

$(AUTH_SIZE_DIR)/%.o: %.c $(CONFIG_H) $(MBEDTLS_STAMP)
	@echo "  CC      $<"
	@mkdir -p $(@D)
	@$(CC) $(TF_CFLAGS) $(CPPFLAGS_COMMON) $(AUTH_CPPFLAGS) -MMD -MP -c $< -o $@

$(AUTH_SIZE_ELF): $(AUTH_SIZE_OBJS) $(MBEDTLS_LIB)
	@echo "  LD      $@"
	@$(LD) $(TF_LDFLAGS) -e auth_size_entry -Map=$(AUTH_SIZE_DIR)/auth_size.map \
		-o $@ $(AUTH_SIZE_OBJS) $(MBEDTLS_LIB)

-include $(AUTH_SIZE_OBJS:.o=.d)

.PHONY: auth-size
auth-size: $(AUTH_SIZE_ELF)
	@bash tests/size/auth_size.sh $(AUTH_SIZE_ELF) $(AUTH_SIZE_DIR)/auth_size.map
