# Third-party source packages from Debian, each pinned once here and fetched
# into $(DEPS_DIR)/<package>/src on first use (make_helpers/fetch_src.sh:
# apt-get source from the machine's own mirrors, the .dsc's SHA-256 checked
# against the pin, every tarball against the .dsc); nothing is vendored.
#
# $(call debian_source,NAME,PACKAGE,VERSION,DSC_SHA256) defines
#   NAME_SRC        the unpacked source tree
#   NAME_SRC_STAMP  the file that stands for it (a rule's prerequisite)
# and the rule that fetches and unpacks it.
define debian_source
$(1)_SRC := $(DEPS_DIR)/$(2)/src
$(1)_SRC_STAMP := $(DEPS_DIR)/$(2)/src/.unpacked
$(DEPS_DIR)/$(2)/src/.unpacked:
	@bash make_helpers/fetch_src.sh $(2) $(3) $(4) $(DEPS_DIR)/$(2)
endef

# Debian 12's mbed TLS: lib/auth verifies certificates with it.
$(eval $(call debian_source,MBEDTLS,mbedtls,2.28.3-1,a8bf91b5ffb40654efb0ebe0c962ac1e87b8eed5e104880982eaa70dd4bb33e3))
# Debian 12's TF-A, the source of its fiptool and cert_create: the firmware
# measured beside ours and the oracle of the N1SDP model.
$(eval $(call debian_source,TFA,arm-trusted-firmware,2.8.0+dfsg-1,9724f19432f9e6565dc0d9a1a4a472596f342d3b8f85a9b78515143079fbf33d))
# Debian 12's QEMU, the version of its qemu-system-arm: the N1SDP model is
# built from it (make_helpers/n1sdp_model.mk, whose cache key takes the pin).
QEMU_DEB_VERSION := 1:7.2+dfsg-7+deb12u18
QEMU_DSC_SHA256 := 6b6bd27b947ec89e40a1d6b26d9c9f3c698ca691da13163e0483f6061bbb20b3
$(eval $(call debian_source,QEMU,qemu,$(QEMU_DEB_VERSION),$(QEMU_DSC_SHA256)))
