# Trusted board boot: lib/auth (certificate parsing and the chain-of-trust
# walk, docs/design/trusted-boot.rst) and the mbed TLS it verifies with.
# Included by the top-level Makefile, which defines BUILD_BASE, BUILD_DIR,
# CC, TF_CFLAGS, HOSTCC, HOST_CFLAGS and TOOLCHAIN_STAMP.
#
# mbed TLS is Debian's source package, fetched into $(DEPS_DIR)/mbedtls
# on first use (make_helpers/debian_sources.mk) and never committed. It is built
# with our configuration header (include/lib/auth/mbedtls_config.h) into one
# static library per compiler and flags:
#   $(MBEDTLS_LIB)       the firmware's: $(CC) and $(TF_CFLAGS), in $(BUILD_DIR)
#   $(MBEDTLS_HOST_LIB)  the host unit tests': $(HOSTCC), ASan and UBSan
#   (and the fuzzer's, tests/fuzz/fuzz.mk)

# Files that use lib/auth: these sources, plus $(AUTH_CPPFLAGS) and a
# dependency on $(MBEDTLS_LIB) for the headers and the library.
AUTH_SOURCES := lib/auth/auth_der.c lib/auth/auth_cert.c lib/auth/auth_pk.c \
	lib/auth/auth_crypto.c lib/auth/auth_image.c lib/auth/auth_error.c lib/auth/tbbr_cot.c lib/auth/auth_sha2.c
# The SHA-2 block functions on the crypto extension (AArch64 builds only).
AUTH_ASM_SOURCES := lib/auth/aarch64/sha2_ce.S

# The source (MBEDTLS_SRC, MBEDTLS_SRC_STAMP) is pinned in
# make_helpers/debian_sources.mk.
MBEDTLS_CONFIG := include/lib/auth/mbedtls_config.h

# Only the modules verification needs (the config header says why each;
# a module the build's algorithms do not need compiles to nothing).
MBEDTLS_MODULES := asn1parse asn1write bignum constant_time ecdsa ecp ecp_curves \
	md memory_buffer_alloc oid platform platform_util rsa rsa_internal sha256 sha512

AUTH_CPPFLAGS := -I$(MBEDTLS_SRC)/include \
	'-DMBEDTLS_CONFIG_FILE=<lib/auth/mbedtls_config.h>'

# $(call mbedtls_lib,LIB,COMPILER,FLAGS,AR-PREFIX,EXTRA-PREREQUISITES): build
# the modules into LIB (a .a) with that compiler and those flags, objects
# beside it. mbed TLS 2.28.3 compiles cleanly with the firmware's full
# warning set (-Werror included), with GCC 12 and clang 14, at -O2 and -Og,
# so no warning is relaxed for it.
define mbedtls_lib
$(1)_OBJS := $$(addprefix $(dir $(1))obj/,$$(addsuffix .o,$(MBEDTLS_MODULES)))

$(dir $(1))obj/%.o: $(MBEDTLS_SRC_STAMP) $(MBEDTLS_CONFIG) $(5)
	$$(Q)echo "  CC      mbedtls/library/$$*.c"; $$(make_target_dir) \
	$(2) $(3) $(AUTH_CPPFLAGS) -c $(MBEDTLS_SRC)/library/$$*.c -o $$@

# mbed TLS's C SHA-2 block functions under names of their own, for
# lib/auth/auth_sha2.c to fall back on (include/lib/auth/mbedtls_config.h).
$(1)_OBJS += $(dir $(1))obj/sha256_c.o $(dir $(1))obj/sha512_c.o
$(dir $(1))obj/sha256_c.o $(dir $(1))obj/sha512_c.o: $(dir $(1))obj/%_c.o: $(MBEDTLS_SRC_STAMP) $(MBEDTLS_CONFIG) $(5)
	$$(Q)echo "  CC      mbedtls/library/$$*.c (C fallback)"; $$(make_target_dir) \
	$(2) $(3) $(AUTH_CPPFLAGS) -DAUTH_SHA2_C_FALLBACK -c $(MBEDTLS_SRC)/library/$$*.c -o $$@

$(1): $$($(1)_OBJS)
	@echo "  AR      $$@"
	@rm -f $$@
	$$(Q)$(4)ar rcs $$@ $$^
endef

# The firmware's copy ($(MBEDTLS_LIB)) is made in make_helpers/trusted_boot.mk,
# with the algorithms the build selects (KEY_ALG, HASH_ALG), which are
# declared there. The images' compiler and flags, our libc's headers.
# Its common.h includes <assert.h> for static_assert only: mbed TLS calls
# assert() solely under MBEDTLS_CHECK_PARAMS, which our configuration
# leaves off.
# Like the boot loaders it is linked into, it is optimised at link time
# (LTO_CFLAGS: with lib/auth's constant arguments, what lib/auth never
# asks for goes, RSA's private-key path behind the verifier's mode
# argument included) and, in a release build, for size, but for the
# modules in MBEDTLS_SPEED_MODULES: bignum.c's Montgomery multiplication
# and long division are the RSA and ECDSA time, 5% of the boot slower at
# -Os; ecp.c and ecp_curves.c's point arithmetic and P-256/P-384 fast
# reduction are the rest of ECDSA's, whose boot -Os made 21% slower
# (cortex-a57, P-256: 75.0 -> 90.8 ms) for 4 KiB less in each of its
# images (docs/perf/boot.rst; an RSA build compiles them to nothing).
# Expanded in the recipe, where $* is the module.
MBEDTLS_SPEED_MODULES := bignum ecp ecp_curves
MBEDTLS_TF_FLAGS = $(TF_CFLAGS) $(LTO_CFLAGS) $(if $(filter 1,$(DEBUG)),,$(if $(filter \
	$(MBEDTLS_SPEED_MODULES),$*),,-Os)) -Iinclude -Iinclude/lib/libc -DENABLE_ASSERTIONS=0
# The archive's index must list the LTO objects' symbols: GCC's gcc-ar (its
# LTO plugin), LLVM's llvm-ar.
MBEDTLS_AR_PREFIX = $(if $(filter llvm,$(TOOLCHAIN)),llvm-,$(CROSS_COMPILE)gcc-)
# What MBEDTLS_TF_FLAGS adds to the images' compiler and flags
# (TOOLCHAIN_STAMP): a change rebuilds the library.
MBEDTLS_TF_FLAGS_TEXT = $(LTO_CFLAGS) DEBUG=$(DEBUG) -Os but $(MBEDTLS_SPEED_MODULES)

# The host tools' copy (cert_create checks every key with lib/auth's own
# reader and mbed TLS's checks, auth_key_usable): same sources and
# configuration header, the host's flags.
MBEDTLS_TOOL_LIB := $(BUILD_BASE)/tools/mbedtls/libmbedtls.a
$(eval $(call mbedtls_lib,$(MBEDTLS_TOOL_LIB),$$(HOSTCC),$$(HOST_CFLAGS),,$(HOST_TOOLCHAIN_STAMP)))
# lib/auth's sources a host tool links for auth_key_usable().
AUTH_KEY_SOURCES := lib/auth/auth_der.c lib/auth/auth_cert.c lib/auth/auth_pk.c \
	lib/auth/auth_crypto.c lib/auth/auth_error.c lib/auth/auth_sha2.c

# The host's copy for unit tests: same sources and configuration header,
# with the sanitizers the tests run under.
MBEDTLS_HOST_LIB := $(BUILD_BASE)/tests/mbedtls/libmbedtls.a
MBEDTLS_HOST_FLAGS := -O1 -g -std=gnu11 -Iinclude -fsanitize=address,undefined \
	-fno-sanitize-recover=all -Wall -Wextra -Werror
$(eval $(call mbedtls_lib,$(MBEDTLS_HOST_LIB),$$(HOSTCC),$$(MBEDTLS_HOST_FLAGS),,$(HOST_TOOLCHAIN_STAMP)))

