# Host unit tests of the firmware's pure logic, built with ASan and UBSan
# against the same sources the images use (plus tests/unit/host_stubs.h).
UNIT_CFLAGS := $(HOST_CFLAGS) -Iplat/$(PLAT)/include -include $(CONFIG_H) \
	-fsanitize=address,undefined -fno-sanitize-recover=all

# $(call unit_test,name,sources under test)
define unit_test
UNIT_TESTS += $(BUILD_BASE)/tests/unit/test_$(1)
$(BUILD_BASE)/tests/unit/test_$(1): tests/unit/test_$(1).c $(2) tests/unit/test.h \
		tests/unit/host_stubs.h $(CONFIG_H)
	@mkdir -p $$(@D)
	@echo "  HOSTCC  $$@"
	@$$(HOSTCC) $$(UNIT_CFLAGS) tests/unit/test_$(1).c $(2) -o $$@
endef

$(eval $(call unit_test,smccc,common/runtime_svc.c))
$(eval $(call unit_test,xlat,lib/xlat/xlat.c))
$(eval $(call unit_test,psci,lib/psci/psci_coord.c))

# N1SDP logic, whatever PLAT is being built: its own platform headers.
UNIT_TESTS += $(BUILD_BASE)/tests/unit/test_n1sdp
$(BUILD_BASE)/tests/unit/test_n1sdp: tests/unit/test_n1sdp.c plat/n1sdp/n1sdp_common.c \
		plat/n1sdp/n1sdp_css.c drivers/arm/css/scmi_msg.c lib/psci/psci_coord.c tests/unit/test.h
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(HOSTCC) $(HOST_CFLAGS) -Iplat/n1sdp/include -fsanitize=address,undefined \
		-fno-sanitize-recover=all -DLOG_LEVEL=0 -DENABLE_ASSERTIONS=1 \
		tests/unit/test_n1sdp.c plat/n1sdp/n1sdp_common.c plat/n1sdp/n1sdp_css.c \
		drivers/arm/css/scmi_msg.c lib/psci/psci_coord.c -o $@
