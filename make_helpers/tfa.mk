# Debian's TF-A 2.8 (TFA_SRC, make_helpers/debian_sources.mk) built here:
# every build goes through make_helpers/tfa_build.sh, the one place that
# knows how (bookworm's binutils need --no-warn-rwx-segments; the build's
# folder is keyed by the content of everything that makes it), into a
# cache shared by every build tree, as the downloads are.
#
#   $(call tfa_build,PLAT,OPTIONS[,--patch FILE...]) is the command that
#   builds TF-A's PLAT with OPTIONS (TF-A's NAME=VALUE) and prints its
#   images' folder; --fip BL33 OUT in OPTIONS packs a FIP too. Its rule
#   needs $(TFA_SRC_STAMP) (and $(MBEDTLS_SRC_STAMP) for trusted boot).
TFA_BUILD_CACHE := $(DEPS_DIR)/tfa-builds
tfa_build = bash make_helpers/tfa_build.sh --src $(TFA_SRC) --cache $(TFA_BUILD_CACHE) --plat $(1) $(3) $(2)
# make compare-tfa's build patches (tests/tfa/): TF-A's QEMU ports answer
# the PMF calls; TF-A's snprintf() has the %c that Debian's mbed TLS 2.28.3
# names OIDs with (without it BL1 refuses every certificate: trusted boot).
TFA_PMF_PATCH := tests/tfa/qemu-pmf-sip.patch
TFA_SNPRINTF_PATCH := tests/tfa/tfa-snprintf-c.patch
