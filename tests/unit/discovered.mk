# Unit-test discovery (tests/unit/unit.mk): included after every other
# unit .mk, so that UNIT_TEST_MAINS names each test file a rule builds.
# Every other tests/unit/test_<name>.c and plat/<p>/tests/test_<name>.c is
# built alone as test_<name>, with the qemu platform's headers: it runs, or
# its link fails naming what it needs, but is never left out.
UNIT_TEST_FILES := $(wildcard tests/unit/test_*.c plat/*/tests/test_*.c)
UNIT_TESTS_UNNAMED := $(filter-out $(UNIT_TEST_MAINS),$(UNIT_TEST_FILES))
discovered_unit_test = $(eval $(call unit_test,$(patsubst test_%,%,$(basename $(notdir $(1)))),,$(UNIT_QEMU),,$(1)))
$(foreach f,$(UNIT_TESTS_UNNAMED),$(call discovered_unit_test,$(f)))
