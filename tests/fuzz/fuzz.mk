# libFuzzer harnesses (clang -fsanitize=fuzzer,address,undefined; Debian's
# clang needs libclang-rt-<version>-dev for the fuzzer runtime) for the
# parsers of untrusted input: the FIP (lib/fip), the DTB (lib/dtb, against
# Debian's host libfdt), X.509 certificates and the public keys they carry
# (lib/auth's parsers, on mbed TLS built with the same sanitizers); a
# platform's own parsers are fuzzed by its plat/<name>/tests/fuzz.mk (N1SDP's:
# the SCP's SDS region into its NT_FW_CONFIG), which adds to FUZZERS. Seed
# corpora: tests/fuzz/corpus/<name>/, or plat/<platform>/tests/corpus/<name>/.
# Included after lib/auth/auth.mk.
#
#   make fuzz [FUZZ_SECONDS=300] [FUZZ_RUNS=0]   each harness, bounded
#
# make check runs each for a few seconds (the fuzz-smoke suite).

# Not build options: they change how long make fuzz runs, nothing it builds.
FUZZ_SECONDS ?= 300
FUZZ_RUNS ?= 0
$(call target_variable,FUZZ_SECONDS,fuzz,seconds each harness runs (default 300))
$(call target_variable,FUZZ_RUNS,fuzz,inputs each harness runs (0: no limit))
ifneq ($(filter fuzz,$(MAKECMDGOALS)),)
$(call check_count,FUZZ_SECONDS,1,a whole number of seconds$(comma) at least 1)
$(call check_count,FUZZ_RUNS,0,a whole number of inputs (0: no limit))
endif

FUZZ_CC := clang
FUZZ_CFLAGS := -g -O1 -std=gnu11 -Wall -Wextra -Werror -Iinclude \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_DIR := $(BUILD_BASE)/tests/fuzz
FUZZERS := $(FUZZ_DIR)/fuzz_fip $(FUZZ_DIR)/fuzz_dtb $(FUZZ_DIR)/fuzz_cert $(FUZZ_DIR)/fuzz_key

$(FUZZ_DIR)/fuzz_fip: tests/fuzz/fuzz_fip.c $(FIP_SOURCES) include/tools_share/fip.h
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) tests/fuzz/fuzz_fip.c $(FIP_SOURCES) -o $@

$(FUZZ_DIR)/fuzz_dtb: tests/fuzz/fuzz_dtb.c $(DTB_LIB_SOURCES) $(DTB_LIB_HEADERS)
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) tests/fuzz/fuzz_dtb.c $(DTB_LIB_SOURCES) -lfdt -o $@

# The chain walker needs valid signatures to get anywhere: not fuzzed here
# (tests/unit/test_auth.c covers its refusals).
FUZZ_CERT_SOURCES := $(filter-out lib/auth/auth_image.c,$(AUTH_SOURCES))
MBEDTLS_FUZZ_LIB := $(FUZZ_DIR)/mbedtls/libmbedtls.a
MBEDTLS_FUZZ_FLAGS := -O1 -g -std=gnu11 -Iinclude -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -Wall -Wextra -Werror
$(eval $(call mbedtls_lib,$(MBEDTLS_FUZZ_LIB),$$(FUZZ_CC),$$(MBEDTLS_FUZZ_FLAGS),,))

$(FUZZ_DIR)/fuzz_cert $(FUZZ_DIR)/fuzz_key: $(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c \
		$(FUZZ_CERT_SOURCES) lib/auth/auth_private.h $(wildcard include/lib/auth/*.h) \
		$(MBEDTLS_FUZZ_LIB)
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(AUTH_CPPFLAGS) $< $(FUZZ_CERT_SOURCES) $(MBEDTLS_FUZZ_LIB) -o $@

.PHONY: fuzz _fuzz
fuzz:
	@$(DEPS) check
	@$(MAKE) --no-print-directory _fuzz

# Each platform's own harnesses.
include $(wildcard plat/*/tests/fuzz.mk)

_fuzz: $(FUZZERS)
	@bash tests/fuzz/run_fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_RUNS) $(FUZZERS)
