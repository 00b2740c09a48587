# The N1SDP port's libFuzzer harness (included by tests/fuzz/fuzz.mk): the
# SCP's SDS region, untrusted, into its NT_FW_CONFIG (plat/n1sdp/n1sdp_sds.c
# over drivers/arm/css/sds.c). Seed corpus: plat/n1sdp/tests/corpus/sds/.
FUZZ_SDS_SOURCES := drivers/arm/css/sds.c plat/n1sdp/n1sdp_sds.c
FUZZERS += $(FUZZ_DIR)/fuzz_sds
$(FUZZ_DIR)/fuzz_sds: plat/n1sdp/tests/fuzz_sds.c $(FUZZ_SDS_SOURCES) include/drivers/sds.h \
		plat/n1sdp/include/n1sdp_css.h plat/n1sdp/include/platform_def.h plat/n1sdp/tests/fuzz.mk
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -Iplat/n1sdp/include -Iplat/common/include $(UNIT_CONFIG) \
		plat/n1sdp/tests/fuzz_sds.c $(FUZZ_SDS_SOURCES) -lfdt -o $@
