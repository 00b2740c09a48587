# make check and make check-quick: the suites of tests/suites.toml, run by
# tests/run_suites.py (two at a time; docs/design/architecture.rst,
# "Tests"). What the selected suites need (their `needs`) is built first,
# once, in this build tree; SUITES=a,b runs those suites only.
#
# The make variables a suite's command or needs may name as {NAME}:
SUITE_VARIABLES := BUILD_BASE BUILD_DIR PLAT BUILD_TYPE CURDIR PYTHON FIPTOOL CERT_CREATE COT_VERIFY DTB_EDIT \
	ETM_DECODE FUZZERS UNIT_MUTANTS UNIT_TEST_LIST UNIT_TEST_INPUTS
RUN_SUITES = $(PYTHON) -m tests.run_suites $(foreach v,$(SUITE_VARIABLES),'--var=$(v)=$($(v))') \
	$(if $(SUITES),--suites '$(SUITES)',$(if $(filter %check-quick,$(MAKECMDGOALS)),--tier quick))

# The unit tests to run, each with its arguments, a line each
# (tests/unit/run_unit.sh): a stamp file, so that it is always this
# build's list.
UNIT_TEST_LIST := $(UNIT_DIR)/unit-tests.list
UNIT_TEST_LIST_TEXT = $(subst $(newline) ,$(newline),$(foreach t,$(UNIT_TESTS),$(t) $(UNIT_TEST_ARGS_$(notdir $(t)))$(newline)))
$(call stamp_file,$(UNIT_TEST_LIST),UNIT_TEST_LIST_TEXT)

.PHONY: check _check check-quick _check-quick
# (What the suites need is built two jobs at a time, as the suites build.)
check check-quick:
	@$(DEPS) check
	@$(MAKE) --no-print-directory -j2 _$@
# (Read by make check itself too, so that a bad SUITES= is refused before
# anything is installed or written; on a machine without Python yet, which
# `deps.sh check` installs, by the make it starts.)
ifneq ($(or $(filter _check _check-quick,$(MAKECMDGOALS)),$(and $(filter check check-quick,$(MAKECMDGOALS)),\
	$(shell command -v $(PYTHON)))),)
CHECK_NEEDS := $(shell $(RUN_SUITES) --needs 2>&1 || echo CHECK_NEEDS_FAILED)
ifneq ($(filter CHECK_NEEDS_FAILED,$(CHECK_NEEDS)),)
$(error make check: $(filter-out CHECK_NEEDS_FAILED,$(CHECK_NEEDS)))
endif
endif
_check _check-quick: $(CHECK_NEEDS)
	@$(RUN_SUITES) --log-dir $(BUILD_BASE)/test-logs

$(call user_target,check,every test suite of tests/suites.toml$(comma) two at a time; its last line is "N passed$(comma) N failed")
$(call user_target,check-quick,the quick suites (unit$(comma) host and one QEMU boot$(comma) about 3 minutes) for the edit loop)
$(call target_variable,SUITES,check check-quick,the suites to run$(comma) comma-separated (names: tests/suites.toml))
