# Host unit tests: tests/unit/test_<name>.c compiled with the firmware
# sources it tests, under ASan and UBSan (any report aborts the run, so it
# counts as a failure), each by the one rule below (host_test), the
# mutants' and the other unit .mk files' tests too. A test does not depend
# on the PLAT or options being built: it says which platform headers and
# configuration it compiles against.
#
#   $(call unit_test,NAME,SOURCES,FLAGS[,LIBS[,MAIN[,PREREQS]]])
#
# MAIN is the test's own file, tests/unit/test_NAME.c unless given; LIBS
# are linked after the sources; PREREQS are more files it is remade after
# (a library, generated test data).
#
# make check's unit suite (tests/suites.toml) runs every $(UNIT_TESTS)
# binary, with $(UNIT_TEST_ARGS_test_<name>) as its arguments.
#
# Unit tests are discovered, not listed: every tests/unit/test_<name>.c and
# plat/<p>/tests/test_<name>.c is one. A rule here says what firmware
# sources and flags a test compiles with (its MAIN recorded in
# UNIT_TEST_MAINS; a rule of its own adds its file there too); a test file
# no rule names is built alone, with the qemu platform's headers
# (tests/unit/discovered.mk, included last), and runs, or fails to link naming
# what it needs: a forgotten line never drops a test silently
# (tests/host/discovery_test.sh).

UNIT_DIR := $(BUILD_BASE)/tests/unit
# The generated PMF ABI header (tools/common/pmf.py), as the firmware has it.
UNIT_PMF_ABI_H := $(UNIT_DIR)/include/pmf_abi.h
$(UNIT_PMF_ABI_H): tools/common/pmf.py tools/common/generated.py include/lib/psci/psci.h FORCE
	@$(call if_changed,GEN     $@,tools/common/pmf.py tools/common/generated.py include/lib/psci/psci.h) python3 -m tools.common.pmf --c-header $@
UNIT_CFLAGS := $(HOST_CFLAGS) -I$(UNIT_DIR)/include -fsanitize=address,undefined -fno-sanitize-recover=all
# The firmware configuration the tests compile against (fixed, not the build's).
# (The platform's title, config.h's string, is a stand-in: no test
# depends on the words.)
UNIT_OPTIONS := -DENABLE_ASSERTIONS=1 -DENABLE_RUNTIME_INSTRUMENTATION=1 -DPMF_RING=1 -DPSCI_OS_INIT_MODE=1 \
	-DPLAT_TITLE='"unit test"'
UNIT_CONFIG := -DLOG_LEVEL=0 $(UNIT_OPTIONS)
UNIT_QEMU := -Iplat/qemu/include -Iplat/common/qemu/include -Iplat/common/include -DQEMU_CLUSTERS=2 -DQEMU_CORES_PER_CLUSTER=2 \
	-DQEMU_MEMORY_MB=1024 $(UNIT_CONFIG)
# Stateful firmware code on a fake architecture and platform (tests/unit/fake).
UNIT_FAKE := -Itests/unit/fake $(UNIT_CONFIG)
# Drivers and the N1SDP port on register models of the board's devices
# (tests/unit/models), through a fake register layer (tests/unit/fake/board)
# and the fake architecture layer (tests/unit/fake, after N1SDP's
# platform_def.h); the log is kept (LOG_LEVEL 40) so that the tests see
# what the code reports.
UNIT_BOARD := -Itests/unit/fake/board -Iplat/n1sdp/include -Iplat/arm/css/include -Iplat/common/include -Itests/unit/fake \
	-Itests/unit \
	-DLOG_LEVEL=40 -DGICV3_SUPPORT_GIC600=1 -DN1SDP_DRAM_ECC=1 -DN1SDP_RUN_UART=1 -DFAKE_BOARD $(UNIT_OPTIONS)
LOCKS_C_SOURCES := $(filter %.c,$(LOCKS_SOURCES))
MODEL_SOURCES := tests/unit/models/board.c $(LOCKS_C_SOURCES)
BOARD_MODELS := $(addprefix tests/unit/models/,gic600.c scp.c counter.c dmc620.c sbsa_wdog.c)

# $(call host_test,OUT,MAIN,SOURCES,FLAGS,LIBS,PREREQS): the one rule.
define host_test
$(1): $(2) $(3) $(6) tests/unit/unit.mk $(HOST_TOOLCHAIN_STAMP) | $(UNIT_PMF_ABI_H)
	@mkdir -p $$(@D)
	@echo "  HOSTCC  $$@"
	@$$(HOSTCC) $(4) $$(UNIT_CFLAGS) -MMD -MP -MF $$@.d $(2) $(3) $(5) -o $$@
-include $(1).d
endef
define unit_test
UNIT_TESTS += $(UNIT_DIR)/test_$(1)
UNIT_TEST_MAINS += $(or $(5),tests/unit/test_$(1).c)
$(call host_test,$(UNIT_DIR)/test_$(1),$(or $(5),tests/unit/test_$(1).c),$(2),$(3),$(4),$(6))
endef

# lib/psci whole (lib/psci/psci.mk), on PMF and the lock-order check.
PSCI_MODEL_SOURCES := $(PSCI_SOURCES) $(PMF_SOURCES) $(LOCKS_C_SOURCES) $(MEM_RANGES_SOURCES)

$(eval $(call unit_test,fip,$(FIP_SOURCES),))
$(eval $(call unit_test,smccc,common/runtime_svc.c,$(UNIT_QEMU)))
$(eval $(call unit_test,xlat,$(XLAT_TABLE_SOURCES),$(UNIT_QEMU)))
# And with N1SDP's 40-bit address space, whose walks start at level 0.
$(eval $(call unit_test,xlat_40,$(XLAT_TABLE_SOURCES),$(UNIT_QEMU) -DPLAT_XLAT_VA_BITS=40,,tests/unit/test_xlat.c))
$(eval $(call unit_test,psci,lib/psci/psci_coord.c,$(UNIT_QEMU)))
$(eval $(call unit_test,locks,$(LOCKS_C_SOURCES),$(UNIT_FAKE)))
$(eval $(call unit_test,gic600,drivers/arm/gic/gicv3.c tests/unit/models/gic600.c $(MODEL_SOURCES),$(UNIT_BOARD)))

# The randomized model test of lib/psci (tests/unit/test_psci_model.c):
# 10^5 steps on 16 cores (4 x 4), and on the shapes where a cluster or the
# machine has one core, one cluster of four (1 x 4) and N1SDP's 2 x 2; its
# directed OS-initiated test runs on each. Each shape is its own binary
# (the topology is compile-time, as in the firmware).
define psci_model
$(eval $(call unit_test,psci_model$(1),$(PSCI_MODEL_SOURCES),$(UNIT_FAKE) \
	-Ilib/psci $(2),,tests/unit/test_psci_model.c))
endef
$(eval $(call psci_model,,))
$(eval $(call psci_model,_1x1,-DSIM_CLUSTERS=1 -DSIM_CORES_PER_CLUSTER=1))
$(eval $(call psci_model,_3x1,-DSIM_CLUSTERS=3 -DSIM_CORES_PER_CLUSTER=1))
$(eval $(call psci_model,_2x3,-DSIM_CLUSTERS=2 -DSIM_CORES_PER_CLUSTER=3))
$(eval $(call psci_model,_1x4,-DSIM_CLUSTERS=1 -DSIM_CORES_PER_CLUSTER=4))
$(eval $(call psci_model,_2x2,-DSIM_CLUSTERS=2 -DSIM_CORES_PER_CLUSTER=2))
UNIT_TEST_ARGS_test_psci_model_1x1 := 1 20000
UNIT_TEST_ARGS_test_psci_model_3x1 := 1 20000
UNIT_TEST_ARGS_test_psci_model_2x3 := 1 20000
UNIT_TEST_ARGS_test_psci_model_1x4 := 1 20000
UNIT_TEST_ARGS_test_psci_model_2x2 := 1 20000

# Mutants: lib/psci with one rule broken on purpose, which the model test
# must catch (the mutants suite passes only if each fails):
#  coord:     platform coordination takes the deepest vote, not the shallowest;
#  first-up:  a waking core does not bring up the domains others took down;
#  sys-stat:  SYSTEM_SUSPEND counts for no PSCI_STAT entry (the rule of
#             docs/design/psci.rst, PSCI_STAT after SYSTEM_SUSPEND, dropped);
#  record:    a suspend abandoned or denied leaves the previous call's PMF
#             stamps (docs/design/pmf.rst, one call, one record);
#  osi-level: OS-initiated validation asks each other core only to be as
#             deep as the state asked of the level they share (the old
#             check: a level asked to stay RUN let a running core through;
#             docs/design/psci.rst);
#  osi-granted: OS-initiated validation judges the states the platform
#             grants, not the StateID's ask (the check before issue 42: a
#             system asked down but granted as a cluster state let a
#             running cluster stay under it);
#  cold-run:  cold boot leaves every domain RUN, not only the boot core's
#             (a cluster no core ever ran in then looks running).
MUTANTS_DIR := $(UNIT_DIR)/mutants
UNIT_MUTANTS := $(MUTANTS_DIR)/test_psci_model_coord $(MUTANTS_DIR)/test_psci_model_first_up \
	$(MUTANTS_DIR)/test_psci_model_sys_stat $(MUTANTS_DIR)/test_psci_model_record \
	$(MUTANTS_DIR)/test_psci_model_osi_level $(MUTANTS_DIR)/test_psci_model_osi_granted \
	$(MUTANTS_DIR)/test_psci_model_cold_run
$(MUTANTS_DIR)/coord/psci_coord.c: lib/psci/psci_coord.c
	@mkdir -p $(@D)
	@sed 's/if (req\[lvl - 1\]\[c\] < target)/if (req[lvl - 1][c] > target)/' $< > $@
	@! cmp -s $< $@ || { echo "mutant coord: the pattern no longer matches $<" >&2; exit 1; }
$(MUTANTS_DIR)/first_up/psci_state.c: lib/psci/psci_state.c
	@mkdir -p $(@D)
	@sed 's/if (suspend_mode != PSCI_MODE_OS_INIT)/if (true)/' $< > $@
	@! cmp -s $< $@ || { echo "mutant first_up: the pattern no longer matches $<" >&2; exit 1; }
$(MUTANTS_DIR)/sys_stat/psci_suspend.c: lib/psci/psci_suspend.c
	@mkdir -p $(@D)
	@sed 's/psci_system_suspend_index()/PSCI_STAT_NONE/' $< > $@
	@! cmp -s $< $@ || { echo "mutant sys_stat: the pattern no longer matches $<" >&2; exit 1; }
$(MUTANTS_DIR)/record/psci_suspend.c: lib/psci/psci_suspend.c
	@mkdir -p $(@D)
	@sed 's/psci_pmf_no_low_power();//' $< > $@
	@! cmp -s $< $@ || { echo "mutant record: the pattern no longer matches $<" >&2; exit 1; }
$(MUTANTS_DIR)/osi_level/psci_state.c: lib/psci/psci_state.c
	@mkdir -p $(@D)
	@sed 's/cpu_nodes\[c\]\.local_state == PSCI_LOCAL_STATE_RUN)/cpu_nodes[c].local_state < want)/' $< > $@
	@! cmp -s $< $@ || { echo "mutant osi_level: the pattern no longer matches $<" >&2; exit 1; }
$(MUTANTS_DIR)/osi_granted/psci_suspend.c: lib/psci/psci_suspend.c
	@mkdir -p $(@D)
	@sed 's/psci_asked_state(f->power_state, psci_takes_last_at(), &asked);//' $< > $@
	@! cmp -s $< $@ || { echo "mutant osi_granted: the pattern no longer matches $<" >&2; exit 1; }
$(MUTANTS_DIR)/cold_run/psci_state.c: lib/psci/psci_state.c
	@mkdir -p $(@D)
	@sed 's/\.local_state = PSCI_LOCAL_STATE_OFF,/.local_state = PSCI_LOCAL_STATE_RUN,/' $< > $@
	@! cmp -s $< $@ || { echo "mutant cold_run: the pattern no longer matches $<" >&2; exit 1; }
# $(call psci_mutant,NAME,FILE): the model test on lib/psci with FILE
# (lib/psci/FILE) replaced by the mutant's.
psci_mutant = $(eval $(call host_test,$(MUTANTS_DIR)/test_psci_model_$(1),tests/unit/test_psci_model.c,\
	$(MUTANTS_DIR)/$(1)/$(2) $(filter-out lib/psci/$(2),$(PSCI_MODEL_SOURCES)),\
	$(UNIT_FAKE) -Ilib/psci))
$(call psci_mutant,coord,psci_coord.c)
$(call psci_mutant,first_up,psci_state.c)
$(call psci_mutant,sys_stat,psci_suspend.c)
$(call psci_mutant,record,psci_suspend.c)
$(call psci_mutant,osi_level,psci_state.c)
$(call psci_mutant,osi_granted,psci_suspend.c)
$(call psci_mutant,cold_run,psci_state.c)

# And the GICv3 driver with a step of a redistributor's sleep dropped,
# which the GIC-600 model test must catch (its ChildrenAsleep never sets):
#  no-dsb:  no DSB between disabling the CPU interface's groups and
#           ProcessorSleep (IHI 0069 12.11.43);
#  no-dpg:  no GICR_CTLR.DPG toggle on a GIC-600 with erratum 2384374.
UNIT_MUTANTS += $(MUTANTS_DIR)/test_gic600_no_dsb $(MUTANTS_DIR)/test_gic600_no_dpg
$(MUTANTS_DIR)/no_dsb/gicv3.c: drivers/arm/gic/gicv3.c
	@mkdir -p $(@D)
	@sed '/^static void redistributor_sleep/,/^}/s/^\tdsb_sy();$$//' $< > $@
	@! cmp -s $< $@ || { echo "mutant no_dsb: the pattern no longer matches $<" >&2; exit 1; }
$(MUTANTS_DIR)/no_dpg/gicv3.c: drivers/arm/gic/gicv3.c
	@mkdir -p $(@D)
	@sed 's/if (GICV3_SUPPORT_GIC600 && erratum_2384374) {/if (false) {/' $< > $@
	@! cmp -s $< $@ || { echo "mutant no_dpg: the pattern no longer matches $<" >&2; exit 1; }
gic_mutant = $(eval $(call host_test,$(MUTANTS_DIR)/test_gic600_$(1),tests/unit/test_gic600.c,\
	$(MUTANTS_DIR)/$(2)/gicv3.c tests/unit/models/gic600.c $(MODEL_SOURCES),$(UNIT_BOARD)))
$(call gic_mutant,no_dsb,no_dsb)
$(call gic_mutant,no_dpg,no_dpg)

# Each platform's own unit tests live with it (plat/<name>/tests/unit.mk).
include $(wildcard plat/*/tests/unit.mk)
