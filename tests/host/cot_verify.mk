# cot_verify (tests/host/cot_verify.c): lib/auth's chain walk over files, on
# the host build of mbed TLS, for tests/host/cert_interop.sh. Included by the
# top-level Makefile after lib/auth/auth.mk.

COT_VERIFY	:= $(BUILD_BASE)/tests/host/cot_verify

$(COT_VERIFY): tests/host/cot_verify.c $(AUTH_SOURCES) lib/auth/auth_private.h \
		$(wildcard include/lib/auth/*.h) include/plat/plat_trusted_boot.h \
		tests/host/cot_verify.mk $(MBEDTLS_HOST_LIB) $(HOST_TOOLCHAIN_STAMP)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(HOSTCC) $(HOST_CFLAGS) -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(AUTH_CPPFLAGS) \
		tests/host/cot_verify.c $(AUTH_SOURCES) $(MBEDTLS_HOST_LIB) -o $@
