# cert_create: host tool that makes the TBBR chain-of-trust certificates
# (docs/tools/cert_create.rst), on OpenSSL 3's libcrypto (Debian's
# libssl-dev), checking every key with lib/auth's own reader and checks
# (auth_key_usable, on mbed TLS as the firmware is: $(MBEDTLS_TOOL_LIB)).
# Included by the top-level Makefile after lib/auth/auth.mk, which defines
# HOSTCC, HOST_CFLAGS and BUILD_BASE.

CERT_CREATE		:= $(BUILD_BASE)/tools/cert_create/cert_create
CERT_CREATE_SRCS	:= tools/cert_create/cert_create.c $(AUTH_KEY_SOURCES)
CERT_CREATE_DEPS	:= $(CERT_CREATE_SRCS) include/lib/auth/tbbr_oid.h lib/auth/auth_private.h \
			   $(wildcard include/lib/auth/*.h) $(MBEDTLS_TOOL_LIB) \
			   tools/cert_create/cert_create.mk $(HOST_TOOLCHAIN_STAMP)

$(CERT_CREATE): $(CERT_CREATE_DEPS)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(AUTH_CPPFLAGS) $(CERT_CREATE_SRCS) $(MBEDTLS_TOOL_LIB) -lcrypto -o $@

.PHONY: cert_create
cert_create: $(CERT_CREATE)
