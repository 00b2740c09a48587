# Host unit tests for lib/auth (tests/unit/test_auth.c), with ASan and UBSan,
# linked with the host build of mbed TLS in our configuration
# ($(MBEDTLS_HOST_LIB), lib/auth/auth.mk). Their certificates are made by our
# cert_create from fresh keys (tests/unit/auth_data.sh).

AUTH_TEST_DATA	:= $(BUILD_BASE)/tests/unit/auth_data
TEST_AUTH	:= $(BUILD_BASE)/tests/unit/test_auth

UNIT_TESTS	+= $(TEST_AUTH)

$(AUTH_TEST_DATA)/.stamp: tests/unit/auth_data.sh $(CERT_CREATE)
	@echo "  GEN     $(AUTH_TEST_DATA)"
	@bash tests/unit/auth_data.sh $(AUTH_TEST_DATA) $(CERT_CREATE)
	@touch $@

$(TEST_AUTH): tests/unit/test_auth.c $(AUTH_SOURCES) lib/auth/auth_private.h \
		$(wildcard include/lib/auth/*.h) include/plat/plat_trusted_boot.h \
		tests/unit/test.h tests/unit/host_stubs.h tests/unit/auth.mk \
		$(MBEDTLS_HOST_LIB) $(AUTH_TEST_DATA)/.stamp $(HOST_TOOLCHAIN_STAMP)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(HOSTCC) $(HOST_CFLAGS) -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(AUTH_CPPFLAGS) \
		-DAUTH_TEST_DATA='"$(abspath $(AUTH_TEST_DATA))"' \
		tests/unit/test_auth.c $(AUTH_SOURCES) $(MBEDTLS_HOST_LIB) -o $@
