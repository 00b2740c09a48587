# The SHA-2 block functions of lib/auth (tests/unit/test_sha2.c): on the
# host, with ASan and UBSan, against the host build of mbed TLS (the C
# path); and for AArch64 Linux, static, run under qemu-aarch64 (Debian's
# qemu-user) on a CPU with FEAT_SHA512 (max), with FEAT_SHA256 only
# (cortex-a57, neoverse-n1), each required to use the paths it has.

TEST_SHA2 := $(UNIT_DIR)/test_sha2
TEST_SHA2_A64 := $(UNIT_DIR)/test_sha2_a64
UNIT_TESTS += $(TEST_SHA2) $(TEST_SHA2_A64)
UNIT_TEST_MAINS += tests/unit/test_sha2.c

SHA2_TEST_DEPS := tests/unit/test_sha2.c lib/auth/auth_sha2.c include/lib/auth/auth_sha2.h \
	$(MBEDTLS_CONFIG) tests/unit/test.h tests/unit/sha2.mk

$(eval $(call host_test,$(TEST_SHA2),tests/unit/test_sha2.c lib/auth/auth_sha2.c,,$(AUTH_CPPFLAGS),\
	$(MBEDTLS_HOST_LIB),$(MBEDTLS_HOST_LIB) $(MBEDTLS_CONFIG) tests/unit/sha2.mk))

# The AArch64 build: our two files, the assembly, and the four mbed TLS
# files hashing needs (the C fallback twice, as lib/auth/auth.mk builds it).
SHA2_A64_CC := aarch64-linux-gnu-gcc
SHA2_A64_DIR := $(UNIT_DIR)/sha2_a64
SHA2_A64_FLAGS := -O2 -g -std=gnu11 -Wall -Wextra -Werror -Iinclude $(AUTH_CPPFLAGS)
SHA2_A64_OBJS := $(addprefix $(SHA2_A64_DIR)/,sha256.o sha512.o sha256_c.o sha512_c.o platform_util.o)
$(SHA2_A64_DIR)/sha256.o $(SHA2_A64_DIR)/sha512.o $(SHA2_A64_DIR)/platform_util.o: \
		$(SHA2_A64_DIR)/%.o: $(MBEDTLS_SRC_STAMP) $(MBEDTLS_CONFIG) tests/unit/sha2.mk
	@mkdir -p $(@D)
	@$(SHA2_A64_CC) $(SHA2_A64_FLAGS) -c $(MBEDTLS_SRC)/library/$*.c -o $@
$(SHA2_A64_DIR)/sha256_c.o $(SHA2_A64_DIR)/sha512_c.o: \
		$(SHA2_A64_DIR)/%_c.o: $(MBEDTLS_SRC_STAMP) $(MBEDTLS_CONFIG) tests/unit/sha2.mk
	@mkdir -p $(@D)
	@$(SHA2_A64_CC) $(SHA2_A64_FLAGS) -DAUTH_SHA2_C_FALLBACK -c $(MBEDTLS_SRC)/library/$*.c -o $@

$(TEST_SHA2_A64).elf: $(SHA2_TEST_DEPS) lib/auth/aarch64/sha2_ce.S $(SHA2_A64_OBJS)
	@echo "  A64CC   $@"
	@$(SHA2_A64_CC) $(SHA2_A64_FLAGS) -static tests/unit/test_sha2.c lib/auth/auth_sha2.c \
		-D__ASSEMBLY__=1 -x assembler-with-cpp lib/auth/aarch64/sha2_ce.S -x none \
		$(SHA2_A64_OBJS) -o $@

# The runner runs this: each CPU with the paths it must use (1 SHA-256,
# 3 SHA-256 and SHA-512).
$(TEST_SHA2_A64): $(TEST_SHA2_A64).elf tests/unit/sha2.mk
	@printf '%s\n' '#!/bin/sh' 'set -e' \
		'for c in max:3 cortex-a57:1 neoverse-n1:1; do' \
		'	echo "== qemu-aarch64 -cpu $${c%%:*}"' \
		'	timeout 120 qemu-aarch64 -cpu "$${c%%:*}" $(abspath $<) --expect-paths "$${c#*:}"' \
		'done' >$@
	@chmod +x $@

# The set/way loop of lib/aarch64/cache_helpers.S, recording its DC CISW
# operands (tests/unit/test_dcsw_asm.c), on the same qemu-aarch64.
TEST_DCSW_ASM := $(UNIT_DIR)/test_dcsw_asm
UNIT_TESTS += $(TEST_DCSW_ASM)
UNIT_TEST_MAINS += tests/unit/test_dcsw_asm.c
$(TEST_DCSW_ASM).elf: tests/unit/test_dcsw_asm.c tests/unit/dcsw_record.S \
		lib/aarch64/cache_helpers.S include/arch/aarch64/asm_macros.S tests/unit/test.h tests/unit/sha2.mk
	@mkdir -p $(@D)
	@echo "  A64CC   $@"
	@$(SHA2_A64_CC) -O2 -g -std=gnu11 -Wall -Wextra -Werror -Iinclude -static tests/unit/test_dcsw_asm.c \
		-D__ASSEMBLY__=1 -x assembler-with-cpp tests/unit/dcsw_record.S -x none -o $@
$(TEST_DCSW_ASM): $(TEST_DCSW_ASM).elf tests/unit/sha2.mk
	@printf '%s\n' '#!/bin/sh' 'exec timeout 60 qemu-aarch64 -cpu cortex-a57 $(abspath $<)' >$@
	@chmod +x $@
