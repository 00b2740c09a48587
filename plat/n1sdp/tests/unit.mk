# The N1SDP port's host unit tests (included by tests/unit/unit.mk, whose
# unit_test rule builds them under ASan and UBSan):
#  n1sdp        its pure logic: the MPIDR layout, the CSS power_state, the
#               SCP's SDS platform information, NT_FW_CONFIG, each image's
#               translation tables (plat/n1sdp/tests/test_n1sdp.c);
#  n1sdp_board  the port with the drivers it runs on, on register models of
#               the board's devices (tests/unit/models: GIC-600, the SCP
#               behind the MHU, the counter, the DMC-620s).
UNIT_N1SDP := -Iplat/n1sdp/include -Iplat/arm/css/include -Iplat/common/include -Itests/unit \
	-DN1SDP_DRAM_ECC=1 $(UNIT_CONFIG)
$(eval $(call unit_test,n1sdp,plat/n1sdp/n1sdp_common.c plat/common/uniform_topology.c \
	plat/common/pl011_console.c plat/arm/css/css_power_state.c plat/n1sdp/n1sdp_sds.c \
	drivers/arm/css/sds.c drivers/arm/css/scmi_msg.c lib/psci/psci_coord.c $(XLAT_TABLE_SOURCES),$(UNIT_N1SDP),\
	-lfdt,plat/n1sdp/tests/test_n1sdp.c,plat/n1sdp/tests/unit.mk))
N1SDP_BOARD_SOURCES := plat/n1sdp/n1sdp_common.c plat/common/uniform_topology.c plat/n1sdp/n1sdp_bl31_setup.c \
	plat/n1sdp/n1sdp_bl1_setup.c drivers/arm/sbsa/sbsa_wdog.c \
	plat/arm/css/css_pm.c plat/arm/css/css_power_state.c \
	plat/n1sdp/n1sdp_bl2_setup.c plat/common/trusted_mailbox.c lib/psci/psci_coord.c \
	$(MEM_RANGES_SOURCES) drivers/arm/css/scmi.c drivers/arm/css/scmi_msg.c \
	drivers/arm/gic/gicv3.c drivers/arm/dmc620/dmc620.c
$(eval $(call unit_test,n1sdp_board,$(N1SDP_BOARD_SOURCES) $(BOARD_MODELS) $(MODEL_SOURCES),$(UNIT_BOARD),,\
	plat/n1sdp/tests/test_n1sdp_board.c,plat/n1sdp/tests/unit.mk))

# A mutant of the SCMI transport that never polls: it reads the reply at
# once, which the SCP model, answering only after being polled, counts as
# a protocol violation (the mutants suite passes only if the board test
# fails on it).
UNIT_MUTANTS += $(MUTANTS_DIR)/test_n1sdp_board_scmi_no_poll
$(MUTANTS_DIR)/scmi_no_poll/scmi.c: drivers/arm/css/scmi.c plat/n1sdp/tests/unit.mk
	@mkdir -p $(@D)
	@sed 's/if (wait_reply(ch)) {/if ((void)wait_reply, true) {/' $< > $@
	@! cmp -s $< $@ || { echo "mutant scmi_no_poll: the pattern no longer matches $<" >&2; exit 1; }
$(eval $(call host_test,$(MUTANTS_DIR)/test_n1sdp_board_scmi_no_poll,plat/n1sdp/tests/test_n1sdp_board.c,\
	$(MUTANTS_DIR)/scmi_no_poll/scmi.c $(filter-out drivers/arm/css/scmi.c,$(N1SDP_BOARD_SOURCES)) \
	$(BOARD_MODELS) $(MODEL_SOURCES),$(UNIT_BOARD),,plat/n1sdp/tests/unit.mk))
