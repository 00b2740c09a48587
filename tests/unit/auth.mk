# Host unit tests for lib/auth (tests/unit/test_auth.c), with ASan and UBSan,
# linked with the host build of mbed TLS in our configuration
# ($(MBEDTLS_HOST_LIB), lib/auth/auth.mk). Their certificates are made by our
# cert_create from fresh keys (tests/unit/auth_data.sh).

AUTH_TEST_DATA	:= $(BUILD_BASE)/tests/unit/auth_data

$(AUTH_TEST_DATA)/.stamp: tests/unit/auth_data.sh make_helpers/rotpk_hash.sh $(CERT_CREATE)
	@echo "  GEN     $(AUTH_TEST_DATA)"
	@bash tests/unit/auth_data.sh $(AUTH_TEST_DATA) $(CERT_CREATE)
	@touch $@

$(eval $(call unit_test,auth,$(AUTH_SOURCES),$(AUTH_CPPFLAGS) \
	-DAUTH_TEST_DATA='"$(abspath $(AUTH_TEST_DATA))"',$(MBEDTLS_HOST_LIB),,\
	$(MBEDTLS_HOST_LIB) $(AUTH_TEST_DATA)/.stamp tests/unit/auth.mk))
