# cert_create: host tool that makes the TBBR chain-of-trust certificates
# (docs/tools/cert_create.rst), on OpenSSL 3's libcrypto (Debian's
# libssl-dev). Included by the top-level Makefile, which defines HOSTCC,
# HOST_CFLAGS and BUILD_BASE.

CERT_CREATE		:= $(BUILD_BASE)/tools/cert_create/cert_create
CERT_CREATE_SRCS	:= tools/cert_create/cert_create.c
CERT_CREATE_DEPS	:= $(CERT_CREATE_SRCS) include/lib/auth/tbbr_oid.h \
			   tools/cert_create/cert_create.mk $(HOST_TOOLCHAIN_STAMP)

$(CERT_CREATE): $(CERT_CREATE_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_CFLAGS) $(CERT_CREATE_SRCS) -lcrypto -o $@

.PHONY: cert_create
cert_create: $(CERT_CREATE)
