# n1fw's QEMU model of the Arm N1SDP (tools/n1sdp_model: the machine's
# source and its build patch; docs/plat/n1sdp-model.rst), built from
# Debian's qemu source (QEMU_SRC, make_helpers/debian_sources.mk) by
# make_helpers/n1sdp_model_build.sh, the one place that knows how, into a
# cache shared by every build tree, as the downloads are: the binary's
# folder is keyed by the content of what makes it (that script, the
# source's pin, the patch, the machine's source, the host compiler), so a
# second build, or a fresh build tree, reuses it.
#
#   N1SDP_MODEL_QEMU   the binary (built or not yet), PLAT=n1sdp's QEMU
#   make n1sdp-model   builds it (minutes, once), installing what QEMU's
#                      build needs (make_helpers/deps.sh n1sdp-model)
N1SDP_MODEL_CACHE := $(DEPS_DIR)/n1sdp-model
N1SDP_MODEL_BUILD := bash make_helpers/n1sdp_model_build.sh --src $(QEMU_SRC) --cache $(N1SDP_MODEL_CACHE) \
	--pin 'qemu $(QEMU_DEB_VERSION) $(QEMU_DSC_SHA256)'
N1SDP_MODEL_QEMU := $(shell $(N1SDP_MODEL_BUILD) --print-path)

# N1SDP_MODEL_QEMU= on the command line: a QEMU with the model built by
# other means (a developer's tree), used as it is.
.PHONY: n1sdp-model
ifeq ($(origin N1SDP_MODEL_QEMU),command line)
n1sdp-model:
	@test -x '$(N1SDP_MODEL_QEMU)' || { echo "N1SDP_MODEL_QEMU=$(N1SDP_MODEL_QEMU): no such program" >&2; false; }
else
n1sdp-model: $(QEMU_SRC_STAMP)
	@bash make_helpers/deps.sh n1sdp-model
	@$(N1SDP_MODEL_BUILD) >/dev/null
endif
$(call user_target,n1sdp-model,build QEMU with the N1SDP model from Debian's qemu source (cached in DEPS_DIR))
$(call target_variable,N1SDP_MODEL_QEMU,,PLAT=n1sdp: a QEMU with the N1SDP model built by other means (default: make n1sdp-model's$(comma) cached))
