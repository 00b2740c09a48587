# libFuzzer harness for the certificate parser (tests/fuzz/fuzz_cert.c):
#   make fuzz-cert [FUZZ_RUNS=10000000]
# builds $(FUZZ_CERT) with clang, libFuzzer, ASan and UBSan (mbed TLS too,
# in our configuration), then runs it from the seeds in
# tests/fuzz/corpus/cert/ for FUZZ_RUNS inputs; crashes land in
# $(FUZZ_DIR)/. Meant to merge with the other harnesses' `make fuzz`:
# `fuzz` depends on `fuzz-cert`, with no recipe of its own here.

FUZZ_CC		?= clang
FUZZ_RUNS	?= 10000000
FUZZ_DIR	:= $(BUILD_BASE)/tests/fuzz
FUZZ_CERT	:= $(FUZZ_DIR)/fuzz_cert
FUZZ_SAN	:= -fsanitize=address,undefined -fno-sanitize-recover=all
# The walker needs valid signatures to get anywhere: not fuzzed here.
FUZZ_CERT_SRCS	:= tests/fuzz/fuzz_cert.c \
		   $(filter-out lib/auth/auth_image.c,$(AUTH_SOURCES))
MBEDTLS_FUZZ_LIB := $(FUZZ_DIR)/mbedtls/libmbedtls.a
MBEDTLS_FUZZ_FLAGS := -O1 -g -std=gnu11 -Iinclude -fsanitize=fuzzer-no-link \
	$(FUZZ_SAN) -Wall -Wextra -Werror
$(eval $(call mbedtls_lib,$(MBEDTLS_FUZZ_LIB),$$(FUZZ_CC),$$(MBEDTLS_FUZZ_FLAGS),,))

$(FUZZ_CERT): $(FUZZ_CERT_SRCS) lib/auth/auth_private.h \
		$(wildcard include/lib/auth/*.h) tests/fuzz/fuzz_cert.mk \
		$(MBEDTLS_FUZZ_LIB)
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@"
	@$(FUZZ_CC) -O1 -g -std=gnu11 -Wall -Wextra -Werror -Iinclude \
		-fsanitize=fuzzer $(FUZZ_SAN) $(AUTH_CPPFLAGS) \
		$(FUZZ_CERT_SRCS) $(MBEDTLS_FUZZ_LIB) -o $@

.PHONY: fuzz fuzz-cert
fuzz: fuzz-cert
fuzz-cert:
	@$(DEPS) fuzz
	@$(MAKE) --no-print-directory $(FUZZ_CERT)
	@mkdir -p $(FUZZ_DIR)/corpus-cert
	$(FUZZ_CERT) -runs=$(FUZZ_RUNS) -max_len=$(shell echo $$((4096 + 64))) \
		-artifact_prefix=$(FUZZ_DIR)/ -print_final_stats=1 \
		$(FUZZ_DIR)/corpus-cert tests/fuzz/corpus/cert
