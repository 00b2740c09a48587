# Trusted board boot in the build (docs/design/trusted-boot.rst): the
# options, the keys, the ROTPK hash compiled into BL1 and BL2, lib/auth and
# mbed TLS linked into them, and the certificates packed into each FIP.
# Included by the top-level Makefile after lib/auth/auth.mk and
# tools/cert_create/cert_create.mk.

$(call bool_option,TRUSTED_BOARD_BOOT,1,BL1 and BL2 authenticate every image against the X.509 chain of trust (0: none; the banner says so))
$(call str_option,KEY_ALG,rsa,Algorithm of the keys the build generates: rsa (RSASSA-PSS signatures) or ecdsa)
$(call int_option,KEY_SIZE,$(if $(filter ecdsa,$(KEY_ALG)),256,2048),Size of the generated keys in bits: rsa 2048$(comma) 3072 or 4096; ecdsa 256 or 384)
$(call str_option,HASH_ALG,sha256,Hash of the signatures and image hashes: sha256$(comma) sha384 or sha512)
$(call bool_option,SHA2_CRYPTO_EXT,1,SHA-256/SHA-512 on the Armv8 crypto extension where ID_AA64ISAR0_EL1 has it (0: the C code of mbed TLS on every CPU))
$(call int_option,TFW_NVCTR_VAL,0,Trusted NV counter written into the trusted-world certificates)
$(call int_option,NTFW_NVCTR_VAL,0,Non-trusted NV counter written into the NT FW certificates)

# The keys: TF-A's option names; each defaults to a key the build generates
# once into $(COT_KEY_DIR) (kept by `make clean`'s siblings, gone with it).
COT_KEY_DIR := $(BUILD_DIR)/keys/$(KEY_ALG)-$(KEY_SIZE)
# option -> cert_create's option for it
COT_KEY_OPTIONS := ROT_KEY:rot-key TRUSTED_WORLD_KEY:trusted-world-key \
	NON_TRUSTED_WORLD_KEY:non-trusted-world-key SOC_FW_KEY:soc-fw-key NT_FW_KEY:nt-fw-key
cot_key_option = $(word 1,$(subst :, ,$(1)))
cot_key_flag = $(word 2,$(subst :, ,$(1)))
$(foreach k,$(COT_KEY_OPTIONS),$(eval $(call str_option,$(call cot_key_option,$(k)),,PEM private key for cert_create --$(call cot_key_flag,$(k)) (default: generated into $(COT_KEY_DIR)/))))
# The key file each certificate is made with.
$(foreach k,$(COT_KEY_OPTIONS),$(eval COT_KEY_$(call cot_key_option,$(k)) := \
	$(or $($(call cot_key_option,$(k))),$(COT_KEY_DIR)/$(call cot_key_flag,$(k)).pem)))

# The certificates, named by their cert_create and fiptool option (the same).
COT_CERTS := tb-fw-cert trusted-key-cert soc-fw-key-cert soc-fw-cert nt-fw-key-cert nt-fw-cert

# None of these change what is compiled, except the ROT key (through the
# generated rotpk_hash.h), KEY_ALG and HASH_ALG (below): they are not in
# config.h.
CONFIG_RUNTIME_ONLY += KEY_SIZE TFW_NVCTR_VAL NTFW_NVCTR_VAL \
	$(foreach k,$(COT_KEY_OPTIONS),$(call cot_key_option,$(k)))

# The firmware's mbed TLS and lib/auth hold only the algorithms the build
# selects (include/lib/auth/mbedtls_config.h): RSA or ECDSA, and SHA-512
# (for SHA-384 and SHA-512) only where HASH_ALG wants it. The host's copies
# (tests, fuzzers) hold all. KEY_ALG and HASH_ALG reach the code only
# through these flags: changing them rebuilds lib/auth alone
# (CONFIG_FLAG_OPTIONS, make_helpers/options.mk); each choice has a
# library of its own.
CONFIG_FLAG_OPTIONS += KEY_ALG HASH_ALG
AUTH_ALG_FLAGS := -DAUTH_CFG_$(if $(filter ecdsa,$(KEY_ALG)),ECDSA,RSA)=1 \
	$(if $(filter sha384 sha512,$(HASH_ALG)),-DAUTH_CFG_SHA512=1)
AUTH_ALG_NAME := $(KEY_ALG)-$(if $(filter sha384 sha512,$(HASH_ALG)),sha512,sha256)
MBEDTLS_LIB := $(BUILD_DIR)/lib/mbedtls-$(AUTH_ALG_NAME)/libmbedtls.a
MBEDTLS_FLAGS_STAMP := $(BUILD_DIR)/lib/mbedtls-flags.stamp
$(call stamp_file,$(MBEDTLS_FLAGS_STAMP),MBEDTLS_TF_FLAGS_TEXT)
$(eval $(call mbedtls_lib,$(MBEDTLS_LIB),$$(CC),$$(MBEDTLS_TF_FLAGS) $(AUTH_ALG_FLAGS),$$(MBEDTLS_AR_PREFIX),$(TOOLCHAIN_STAMP) $(MBEDTLS_FLAGS_STAMP)))

.PHONY: mbedtls
mbedtls: $(MBEDTLS_LIB)

ifeq ($(TRUSTED_BOARD_BOOT),1)

ifeq ($(filter rsa ecdsa,$(KEY_ALG)),)
$(error KEY_ALG=$(KEY_ALG): choose rsa or ecdsa)
endif
ifeq ($(filter rsa:2048 rsa:3072 rsa:4096 ecdsa:256 ecdsa:384,$(KEY_ALG):$(KEY_SIZE)),)
$(error KEY_ALG=$(KEY_ALG) KEY_SIZE=$(KEY_SIZE): the firmware verifies rsa keys of 2048$(comma) 3072 or 4096 bits and ecdsa keys of 256 or 384 bits (P-256$(comma) P-384))
endif
ifeq ($(filter sha256 sha384 sha512,$(HASH_ALG)),)
$(error HASH_ALG=$(HASH_ALG): choose sha256$(comma) sha384 or sha512)
endif
$(foreach k,$(COT_KEY_OPTIONS),$(if $($(call cot_key_option,$(k))),$(if $(filter-out 1,$(words $($(call \
	cot_key_option,$(k))))),$(error $(call cot_key_option,$(k))='$($(call cot_key_option,$(k)))': a path with a space \
	in it, which make cannot handle: move or link the key to a path without one))$(if $(wildcard $($(call \
	cot_key_option,$(k)))),,$(error $(call cot_key_option,$(k))=$($(call cot_key_option,$(k))): no such file \
	(leave it unset and the build generates a key)))))

# A generated key: made once, then kept (cert_create -n -k with no
# certificate writes just the key named).
$(COT_KEY_DIR)/%.pem: | $(CERT_CREATE)
	@echo "  KEY     $@"
	@mkdir -p $(@D)
	$(Q)$(CERT_CREATE) -n -k --key-alg $(KEY_ALG) --key-size $(KEY_SIZE) --$* $@

# Every key the build is given is one its own BL1 and BL2 can verify, or
# the build stops here, naming it, before the ROTPK hash is made or
# anything is signed: cert_create reads and checks each (lib/auth's rules
# for KEY_ALG: docs/tools/cert_create.rst). A FIP signed with a key the
# firmware refuses does not boot; on N1SDP it is a board to recover.
# Checked again whenever a key's content changes (make_helpers/if_changed.sh).
# The keys the build generates are made by cert_create to KEY_ALG and
# KEY_SIZE, so they need no check.
COT_GIVEN_KEYS := $(foreach k,$(COT_KEY_OPTIONS),$(if $($(call cot_key_option,$(k))),$(k)))
COT_KEYS_CHECKED := $(if $(COT_GIVEN_KEYS),$(BUILD_DIR)/keys/given.checked)
$(BUILD_DIR)/keys/given.checked: $(CERT_CREATE) FORCE
	@mkdir -p $(@D)
	$(Q)$(call if_changed,KEYS    $(foreach k,$(COT_GIVEN_KEYS),$(call cot_key_option,$(k))): checked for KEY_ALG=$(KEY_ALG),\
		$(CERT_CREATE) $(foreach k,$(COT_GIVEN_KEYS),$($(call cot_key_option,$(k))))) sh -c '$(foreach \
		k,$(COT_GIVEN_KEYS),$(CERT_CREATE) --key-alg $(KEY_ALG) --$(call cot_key_flag,$(k)) \
		$($(call cot_key_option,$(k))) || { echo "make: $(call cot_key_option,$(k))=$($(call \
		cot_key_option,$(k))): refused$(comma) nothing signed: the firmware (KEY_ALG=$(KEY_ALG)) could not verify it" >&2; \
		exit 1; };) :'

# The ROTPK hash BL1 and BL2 hold (plat/common/plat_trusted_boot.c) and, for
# an RSA ROT key, its modulus and R^2 mod N (common/bl_auth.c), remade
# whenever the ROT key's content changes, whatever its file's time
# (make_helpers/if_changed.sh): a stale hash is a BL1 that refuses every FIP.
ROTPK_HASH_H := $(BUILD_DIR)/include/rotpk_hash.h
$(ROTPK_HASH_H): $(COT_KEY_ROT_KEY) make_helpers/rotpk_hash.sh $(COT_KEYS_CHECKED) FORCE
	$(Q)$(call if_changed,GEN     $@,$(COT_KEY_ROT_KEY) make_helpers/rotpk_hash.sh) \
		bash make_helpers/rotpk_hash.sh $(COT_KEY_ROT_KEY) $@

# The platform's trusted-boot hooks: PLAT_TBB_SOURCES (platform.mk).
TBB_SOURCES := common/bl_auth.c $(PLAT_TBB_SOURCES) $(AUTH_SOURCES) $(AUTH_ASM_SOURCES)
BL1_SOURCES += $(TBB_SOURCES)
BL2_SOURCES += $(TBB_SOURCES)
BL1_LIBS += $(MBEDTLS_LIB)
BL2_LIBS += $(MBEDTLS_LIB)
$(foreach i,bl1 bl2,$(eval $(BUILD_DIR)/$(i)/plat/common/plat_trusted_boot.o \
	$(BUILD_DIR)/$(i)/common/bl_auth.o: $(ROTPK_HASH_H)))
# lib/auth compiles against mbed TLS's headers, fetched with its source.
$(foreach i,bl1 bl2,$(eval $(addprefix $(BUILD_DIR)/$(i)/,$(AUTH_SOURCES:.c=.o)): \
	CPPFLAGS_COMMON += $(AUTH_CPPFLAGS) $(AUTH_ALG_FLAGS)))
$(foreach i,bl1 bl2,$(eval $(addprefix $(BUILD_DIR)/$(i)/,$(AUTH_SOURCES:.c=.o)): \
	$(call config_stamp,KEY_ALG HASH_ALG) | $(MBEDTLS_SRC_STAMP)))

# cert_create's arguments besides the images and certificates: a stamp
# file (stamp_file, make_helpers/options.mk: rewritten only when they
# change), for the build and for tests that sign images of their own.
COT_ARGS := $(BUILD_DIR)/cot.args
COT_ARGS_TEXT := --key-alg $(KEY_ALG) --hash-alg $(HASH_ALG) --tfw-nvctr $(TFW_NVCTR_VAL) --ntfw-nvctr $(NTFW_NVCTR_VAL) \
	$(foreach k,$(COT_KEY_OPTIONS),--$(call cot_key_flag,$(k)) $(abspath $(COT_KEY_$(call cot_key_option,$(k)))))
$(if $(filter 1,$(TRUSTED_BOARD_BOOT)),$(call stamp_file,$(COT_ARGS),COT_ARGS_TEXT))

# $(call cot_certs,DIR,BL33): the chain of trust for BL2, BL31 and BL33,
# into DIR/certs/<cert>.crt, remade whenever an image, a key or an argument
# (the NV counters, the hash algorithm) changes, by content
# (make_helpers/if_changed.sh): a BL33 of the user's may be older than the
# certificates; $(call cot_fip_args,DIR) packs them.
COT_KEY_FILES = $(foreach k,$(COT_KEY_OPTIONS),$(COT_KEY_$(call cot_key_option,$(k))))
define cot_certs
$(1)/certs/.made: $(BUILD_DIR)/bl2.bin $(BUILD_DIR)/bl31.bin $(2) $(CERT_CREATE) $(COT_KEY_FILES) \
		$(COT_KEYS_CHECKED) FORCE
	@mkdir -p $(1)/certs
	$$(Q)$$(call if_changed,CERT    $(1)/certs/,$(BUILD_DIR)/bl2.bin $(BUILD_DIR)/bl31.bin $(2) \
		$(CERT_CREATE) $(COT_KEY_FILES)) \
		$(CERT_CREATE) $(COT_ARGS_TEXT) --tb-fw $(BUILD_DIR)/bl2.bin --soc-fw $(BUILD_DIR)/bl31.bin \
		--nt-fw $(2) $(foreach c,$(COT_CERTS),--$(c) $(1)/certs/$(c).crt)
endef
cot_fip_prereqs = $(1)/certs/.made
cot_fip_args = $(foreach c,$(COT_CERTS),--$(c) $(1)/certs/$(c).crt)
cot_fip_files = $(foreach c,$(COT_CERTS),$(1)/certs/$(c).crt)

else

ROTPK_HASH_H :=
cot_certs =
cot_fip_prereqs =
cot_fip_args =
cot_fip_files =

endif
