# The targets that run what the build made, in one place: make run, bench,
# test-mem-protect, profile, test-profile, scaling, compare, compare-tfa, docs, perf-docs
# and etm-decode. Each platform.mk says only which runner it has and how it
# is run otherwise (make_helpers/plat.mk checks both):
#
#   PLAT_RUNNER := qemu | fvp | none
#   PLAT_RUN_HELP := how the images are run on it (when its runner cannot
#                    run a target, make says this and refuses at once)
#
# qemu runs every target here (tools/qemu_run, the one description of the
# machine); fvp runs make run in Arm's Base FVP (tools/fvp_run,
# FVP_BASE=); none runs nothing. A target the platform's runner cannot run
# is refused before anything is built, with the reason.
#
# Each user target first installs what it needs (make_helpers/deps.sh, when
# root), then builds in a sub-make (_<target>) so that the toolchain it
# installed is the one used.

DEPS := bash make_helpers/deps.sh
# Debian's python3, which Debian's python3-matplotlib serves (a python3
# earlier on PATH, e.g. a virtualenv, may not have it).
PYTHON := $(firstword $(wildcard /usr/bin/python3) python3)

# The targets each runner runs; the others' are refused at parse time.
RUN_TARGETS := run bench test-mem-protect profile test-profile scaling mitigations compare compare-tfa perf-docs
RUN_TARGETS_qemu := $(RUN_TARGETS)
RUN_TARGETS_fvp := run
# The N1SDP model (make_helpers/n1sdp_model.mk): the report; the figures
# that measure QEMU's timing are QEMU virt's (PLAT=qemu).
RUN_TARGETS_n1sdp-model := run
RUN_TARGETS_none :=
# Why a target needs QEMU, when the platform's runner is not QEMU.
RUN_WHY_compare := on a board, compare two runs' directories with BASELINE=
RUN_WHY_compare-tfa := TF-A's side is its QEMU port
RUN_WHY_profile := on the board, profile ETM trace: docs/perf/etm-n1sdp.rst
RUN_WHY_test-profile := $(RUN_WHY_profile)
CANNOT_RUN := $(filter-out $(RUN_TARGETS_$(PLAT_RUNNER)),$(filter $(RUN_TARGETS),$(patsubst \
	_%,%,$(MAKECMDGOALS))))
ifneq ($(CANNOT_RUN),)
$(error $(call error_text,$(foreach t,$(CANNOT_RUN),make $(t) runs $(if $(RUN_TARGETS_$(PLAT_RUNNER)),under QEMU \
	only (a platform QEMU runs, as the default)$(if $(RUN_WHY_$(t)),; $(RUN_WHY_$(t))),nothing here): PLAT=$(PLAT) $(PLAT_RUN_HELP).)))
endif

.PHONY: run _run bench _bench test-mem-protect _test-mem-protect profile _profile compare _compare \
	docs _docs scaling mitigations test-profile etm-decode perf-docs
run bench test-mem-protect compare:
	@$(DEPS) run
	@$(MAKE) --no-print-directory _$@
profile:
	@$(DEPS) profile
	@$(MAKE) --no-print-directory _$@
docs:
	@$(DEPS) docs
	@$(MAKE) --no-print-directory _docs

# ---------------------------------------------------------------------------
# The report as a regression tool (docs/perf/psci-performance-methodology.rst):
# each make run and make bench writes a directory of its own under
# $(REPORT_DIR), named after the variant and the time, with a `latest`
# (`latest-bench`) link; BASELINE= compares with an earlier one; make
# compare REF= builds and runs another revision and compares with it.
# ---------------------------------------------------------------------------
REPORT_DIR := $(BUILD_BASE)/$(PLAT)/report
# A run's name stays short however many options it has: the build type,
# the toolchain and a hash of the options that are not at their default
# (RUN_OPTIONS, which its provenance lists in full; how it runs included,
# not where the build goes).
RUN_VARIANT_IGNORES := DEBUG PLAT RUN_TIMEOUT BL33
RUN_OPTIONS = $(strip $(foreach o,$(filter-out $(RUN_VARIANT_IGNORES),$(OPTIONS)),$(if \
	$(filter-out $(OPTION_DEFAULT_$(o)),$($(o))),$(o)=$(subst $(space),_,$($(o))))))
RUN_VARIANT = $(BUILD_TYPE)-$(TOOLCHAIN)$(if $(RUN_OPTIONS),-$(shell echo $(call shell_quote,$(RUN_OPTIONS)) | \
	sha256sum | cut -c1-8))
FAIL_ABOVE_PCT = $(subst %,,$(FAIL_ABOVE))
ifneq ($(FAIL_ABOVE),)
ifeq ($(shell echo '$(FAIL_ABOVE_PCT)' | grep -Eqx '[0-9]+(\.[0-9]+)?' && echo ok),)
$(error FAIL_ABOVE=$(FAIL_ABOVE): give a percentage, e.g. FAIL_ABOVE=5%)
endif
endif
ifneq ($(filter-out 0 1,$(COMPARE_ANYWAY)),)
$(error COMPARE_ANYWAY=$(COMPARE_ANYWAY) is not 0 or 1)
endif
# tools/rt_report/runs.py for this build: KIND (report|bench) and its arguments.
RUNS = $(PYTHON) -m tools.rt_report.runs $(1) --runs $(REPORT_DIR) --variant '$(RUN_VARIANT)' \
	--run-options $(call shell_quote,$(RUN_OPTIONS)) \
	--plat $(PLAT) --config $(BUILD_DIR)/config.mk --cc '$(CC)' \
	--runtime-only '$(CONFIG_RUNTIME_ONLY)' $(if $(BASELINE),--baseline '$(BASELINE)') \
	$(if $(filter 1,$(COMPARE_ANYWAY)),--force) $(if $(FAIL_ABOVE),--fail-above $(FAIL_ABOVE_PCT))

# The runners' command lines: each has one source, its tool (QEMU's
# machine: tools/qemu_run; the model's: tools/fvp_run, whose command line
# docs/plat/fvp.rst shows), which takes the topology, CPU, memory and
# timing from the build's resolved configuration.
QEMU_RUN = python3 -m tools.qemu_run.qemu_run --config $(BUILD_DIR)/config.mk
FVP_RUN = python3 -m tools.fvp_run.fvp_run --config $(BUILD_DIR)/config.mk

# make run: boot it. With the built-in payload, tools/rt_report/runs.py
# makes the run's directory under $(REPORT_DIR), the console goes to its
# console.log and rt_report writes the report there; the exit status is 0
# only if every check passed (and nothing regressed beyond FAIL_ABOVE). A
# BL33 of the user's boots with its console on the terminal (QEMU). In
# the FVP the run ends when the boot stops or the model shuts down
# (bp.ve_sysregs.exit_on_shutdown); without FVP_BASE= it says how to run it.
_run: all $(if $(filter n1sdp-model,$(PLAT_RUNNER)),n1sdp-model)
ifeq ($(PLAT_RUNNER)$(FVP_BASE),fvp)
	@echo "PLAT=fvp runs in Arm's Base FVP, which is not installed here. With the model:" >&2
	@echo "  make run PLAT=fvp FVP_BASE=<path to FVP_Base_RevC-2xAEMvA>" >&2
	@echo "which runs: $$($(FVP_RUN) --print-cmd)" >&2
	@false
else ifeq ($(filter qemu n1sdp-model,$(PLAT_RUNNER)):$(if $(BL33),bl33),$(PLAT_RUNNER):bl33)
	@$(QEMU_RUN) --show-cmd --timeout $(RUN_TIMEOUT) --extra=$(call shell_quote,$(QEMU_EXTRA))
else
	@$(call RUNS,report) --timeout $(RUN_TIMEOUT)$(if $(filter qemu n1sdp-model,$(PLAT_RUNNER)), --extra=$(call shell_quote,$(QEMU_EXTRA)))
endif

# make bench: the micro-benchmark payload, under -icount only; its figures
# go to a run directory of their own (bench-<variant>-<time>, latest-bench).
# make profile counts instructions under -icount too.
ifneq ($(filter bench _bench profile _profile,$(MAKECMDGOALS)),)
ifeq ($(REALTIME),1)
$(error make $(patsubst _%,%,$(firstword $(filter bench _bench profile _profile,$(MAKECMDGOALS)))) \
	counts instructions under -icount: REALTIME=1 would measure the host)
endif
endif
_bench: $(BUILD_DIR)/bench/flash.bin
	@$(call RUNS,bench) --flash $< --timeout 300

# make test-mem-protect: mark DRAM, MEM_PROTECT, reset, check the mark is gone.
_test-mem-protect: $(BUILD_DIR)/mem-protect/flash.bin
	@$(QEMU_RUN) --flash $< --reboot --timeout 120 --stop 'PAYLOAD: RESULT: ' \
		--log $(BUILD_DIR)/mem-protect/console.log >/dev/null; \
		grep 'MEM_PROTECT\|RESULT\|SKIPPED' $(BUILD_DIR)/mem-protect/console.log; \
		grep -q 'PAYLOAD: RESULT: PASS' $(BUILD_DIR)/mem-protect/console.log

# make profile: the profiling payload under QEMU with an instruction trace,
# and the profiler's tables for one path (tools/profile, docs/perf/profiling.rst).
_profile: $(BUILD_DIR)/profile/flash.bin $(BUILD_DIR)/bl1.elf $(BUILD_DIR)/bl2.elf \
		$(BUILD_DIR)/bl31.elf $(BUILD_DIR)/payload_profile.elf
ifeq ($(PROFILE_PATH)$(PROFILE_FROM)$(PROFILE_TO),)
	@echo "make profile: give PROFILE_PATH=<$(subst $(space),|,$(PROFILE_PATHS))>, or PROFILE_FROM=<point> PROFILE_TO=<point>" >&2
	@exit 1
endif
	@python3 -m tools.profile.profile --build $(BUILD_DIR) \
		$(if $(PROFILE_PATH),--path '$(PROFILE_PATH)') \
		$(if $(PROFILE_FROM),--from '$(PROFILE_FROM)') $(if $(PROFILE_TO),--to '$(PROFILE_TO)') \
		$(if $(PROFILE_VIA),--via '$(PROFILE_VIA)') $(if $(PROFILE_TOP),--top '$(PROFILE_TOP)') \
		$(if $(filter 1,$(PROFILE_KEEP)),--keep)

ifneq ($(filter profile _profile,$(MAKECMDGOALS)),)
ifneq ($(filter-out $(PROFILE_PATHS),$(subst $(comma),$(space),$(PROFILE_PATH))),)
$(error PROFILE_PATH=$(PROFILE_PATH): $(filter-out $(PROFILE_PATHS),$(subst $(comma),$(space),$(PROFILE_PATH))) \
	not a path make profile knows; give one or more of $(PROFILE_PATHS) (comma-separated)$(comma) or PROFILE_FROM= and PROFILE_TO=)
endif
ifneq ($(PROFILE_TOP),)
$(call check_count,PROFILE_TOP,1,a number of source lines$(comma) at least 1)
endif
endif

# make test-profile: make profile's test on this build tree (make check's
# profile suite).
test-profile:
	@$(DEPS) profile
	@bash tests/integration/profile_test.sh $(BUILD_BASE)

# make compare REF=<git ref>: that revision built in a worktree of its own
# under $(BUILD_BASE)/compare/, both run with this command line's options,
# the report and make bench compared (tools/rt_report/compare.py).
ifneq ($(filter compare _compare,$(MAKECMDGOALS)),)
ifeq ($(REF),)
$(error make compare: give REF=<git ref> (a commit, tag or branch, e.g. REF=HEAD~3))
endif
ifeq ($(shell git rev-parse -q --verify '$(subst ','\'',$(REF))^{commit}' 2>/dev/null),)
$(error REF=$(REF): not a commit of this repository (git rev-parse finds none))
endif
endif
_compare: all $(BUILD_DIR)/bench/flash.bin
	@$(PYTHON) -m tools.rt_report.compare --ref '$(REF)' --work $(BUILD_BASE)/compare \
		--current $(BUILD_DIR) --build-type $(BUILD_TYPE) --plat $(PLAT) \
		--runs $(REPORT_DIR) --variant '$(RUN_VARIANT)' --run-options $(call shell_quote,$(RUN_OPTIONS)) --cc '$(CC)' \
		--runtime-only '$(CONFIG_RUNTIME_ONLY)' --timeout $(RUN_TIMEOUT) --extra=$(call shell_quote,$(QEMU_EXTRA)) \
		--fail-above $(or $(FAIL_ABOVE_PCT),5) $(if $(filter 1,$(COMPARE_ANYWAY)),--force) \
		-- $(foreach v,$(filter-out $(COMPARE_OWN_VARIABLES) $(TFA_ACCEPTED),$(CMDLINE_VARIABLES)),$(call \
		shell_quote,$(v)=$($(v))))
COMPARE_OWN_VARIABLES := REF FAIL_ABOVE COMPARE_ANYWAY BASELINE BUILD_BASE MAKEFLAGS SUITES

# make compare-tfa: this firmware and Debian's TF-A 2.8 (TFA_SRC, built by
# make_helpers/tfa_build.sh with its QEMU port, runtime instrumentation
# and the build patch $(TFA_PMF_PATCH)) on the same QEMU, the same CPU
# and topology TF-A's port runs, the same payload images, measured the
# same way, every figure side by side with the ratio, in a run directory
# of its own under $(REPORT_DIR) (compare-tfa-<time>, latest-compare-tfa):
# tools/rt_report/compare_tfa.py. It builds both sides with the options
# it states in the report; a command line's other options would be on one
# side only, and are refused. COMPARE_TFA_REDUCED=1 is make check's form.
COMPARE_TFA_DIR := $(BUILD_BASE)/compare-tfa
# (SUITES: make check's, which a suite's make inherits.)
COMPARE_TFA_VARIABLES := PLAT QEMU_CPU QEMU_MEMORY_MB COMPARE_TFA_REDUCED BUILD_BASE DEPS_DIR V \
	RUN_TIMEOUT MAKEFLAGS SUITES
$(call target_variable,COMPARE_TFA_REDUCED,compare-tfa,1: make check's form (mitigations as ours$(comma) trusted boot off$(comma) no profile and no runs of what TF-A cannot do))
ifneq ($(filter compare-tfa _compare-tfa,$(MAKECMDGOALS)),)
ifneq ($(filter-out $(COMPARE_TFA_VARIABLES),$(CMDLINE_VARIABLES)),)
$(error make compare-tfa builds both firmwares with the options its report states; \
	$(filter-out $(COMPARE_TFA_VARIABLES),$(CMDLINE_VARIABLES)) would reach one side only (it takes \
	$(subst $(space),$(comma) ,$(filter-out BUILD_BASE DEPS_DIR V MAKEFLAGS SUITES,$(COMPARE_TFA_VARIABLES)))))
endif
ifneq ($(filter-out 0 1,$(COMPARE_TFA_REDUCED)),)
$(error COMPARE_TFA_REDUCED=$(COMPARE_TFA_REDUCED) is not 0 or 1)
endif
endif
.PHONY: compare-tfa _compare-tfa
compare-tfa:
	@$(DEPS) compare-tfa
	@$(MAKE) --no-print-directory _compare-tfa
_compare-tfa: $(TFA_SRC_STAMP) $(MBEDTLS_SRC_STAMP)
	@$(PYTHON) -m tools.rt_report.compare_tfa --plat $(PLAT) --work $(COMPARE_TFA_DIR) \
		--runs $(REPORT_DIR) --tfa-src $(TFA_SRC) --tfa-cache $(TFA_BUILD_CACHE) \
		--mbedtls-src $(MBEDTLS_SRC) --patch $(TFA_PMF_PATCH) --tbb-patch $(TFA_SNPRINTF_PATCH) \
		--timeout $(RUN_TIMEOUT) \
		$(if $(filter command line,$(origin QEMU_CPU)),--cpu $(QEMU_CPU)) \
		$(if $(filter command line,$(origin QEMU_MEMORY_MB)),--memory $(QEMU_MEMORY_MB)) \
		$(if $(filter 1,$(COMPARE_TFA_REDUCED)),--reduced)

# make scaling: make bench and the report at each topology of
# SCALING_TOPOLOGIES (clusters x cores per cluster), one after the other,
# each in a build tree of its own, $(SCALING_DIR)/build-<CxK>/, which
# starts as a copy of this one (only what the topology changes is rebuilt)
# and is kept for the next make scaling; this tree is left as it was. Then
# the two side by side (tools/rt_report/scaling.py; docs/perf/scaling.rst)
# in $(SCALING_DIR)/scaling.rst, $(SCALING_DIR)/<CxK>/ linking to the runs
# of each topology.
SCALING_TOPOLOGIES ?= 2x2 4x4
$(call target_variable,SCALING_TOPOLOGIES,scaling,the two topologies make scaling compares (default "2x2 4x4"))
SCALING_DIR := $(BUILD_BASE)/scaling
ifneq ($(filter scaling,$(MAKECMDGOALS)),)
ifneq ($(words $(SCALING_TOPOLOGIES)),2)
$(error SCALING_TOPOLOGIES="$(SCALING_TOPOLOGIES)": give two topologies, e.g. "2x2 4x4")
endif
endif
scaling:
	@mkdir -p $(SCALING_DIR)
	@set -e; for t in $(SCALING_TOPOLOGIES); do \
		echo "== $$t (log: $(SCALING_DIR)/$$t.log)"; \
		tree=$(SCALING_DIR)/build-$$t; \
		if [ ! -d $$tree/$(PLAT)/$(BUILD_TYPE) ] && [ -d $(BUILD_DIR) ]; then \
			mkdir -p $$tree/$(PLAT) && cp -a $(BUILD_DIR) $$tree/$(PLAT)/ && \
			{ [ ! -d $(BUILD_BASE)/tools ] || cp -a $(BUILD_BASE)/tools $$tree/; }; \
		fi; \
		$(MAKE) --no-print-directory BUILD_BASE=$$tree bench run QEMU_CLUSTERS=$${t%x*} \
			QEMU_CORES_PER_CLUSTER=$${t#*x} >$(SCALING_DIR)/$$t.log 2>&1 \
			|| { tail -n 20 $(SCALING_DIR)/$$t.log; exit 1; }; \
		rm -rf $(SCALING_DIR)/$$t && mkdir $(SCALING_DIR)/$$t; \
		ln -s "$$(readlink -f $$tree/$(PLAT)/report/latest)" $(SCALING_DIR)/$$t/report; \
		ln -s "$$(readlink -f $$tree/$(PLAT)/report/latest-bench)" $(SCALING_DIR)/$$t/bench; \
	done
	@$(PYTHON) -m tools.rt_report.scaling $(SCALING_DIR)/scaling.rst \
		$(foreach t,$(SCALING_TOPOLOGIES),$(t) $(SCALING_DIR)/$(t))

# make mitigations: make bench with each runtime mitigation of the CPUs
# (MITIGATION_OPTIONS) alone on, with none and with all, each variant in a
# build tree of its own, $(MITIGATIONS_DIR)/build-<variant>/, begun as a
# copy of this one (only what names the option is rebuilt) and kept for
# the next time; this tree is left as it was. Then the table of what each
# costs on each path (tools/rt_report/mitigations.py) in
# $(MITIGATIONS_DIR)/mitigations.rst, $(MITIGATIONS_DIR)/<variant> linking
# to each variant's make bench run (docs/perf/mitigations.rst).
MITIGATION_OPTIONS := WORKAROUND_CVE_2018_3639 WORKAROUND_CVE_2022_23960 WORKAROUND_CVE_2025_10263
MITIGATIONS_DIR := $(BUILD_BASE)/mitigations
# $(call mitigation_args,VARIANT): every option 0, or 1 where VARIANT (none, all or an option) says.
mitigation_args = $(foreach o,$(MITIGATION_OPTIONS),$(o)=$(if $(filter all $(o),$(1)),1,0))
MITIGATION_VARIANTS := none $(MITIGATION_OPTIONS) all
mitigations:
	@mkdir -p $(MITIGATIONS_DIR)
	@set -e; $(foreach v,$(MITIGATION_VARIANTS),\
		echo "== $(v) (log: $(MITIGATIONS_DIR)/$(v).log)"; \
		tree=$(MITIGATIONS_DIR)/build-$(v); \
		if [ ! -d $$tree/$(PLAT)/$(BUILD_TYPE) ] && [ -d $(BUILD_DIR) ]; then \
			mkdir -p $$tree/$(PLAT) && cp -a $(BUILD_DIR) $$tree/$(PLAT)/ && \
			{ [ ! -d $(BUILD_BASE)/tools ] || cp -a $(BUILD_BASE)/tools $$tree/; }; \
		fi; \
		$(MAKE) --no-print-directory BUILD_BASE=$$tree bench $(call mitigation_args,$(v)) \
			>$(MITIGATIONS_DIR)/$(v).log 2>&1 || { tail -n 20 $(MITIGATIONS_DIR)/$(v).log; exit 1; }; \
		rm -f $(MITIGATIONS_DIR)/$(v); \
		ln -s "$$(readlink -f $$tree/$(PLAT)/report/latest-bench)" $(MITIGATIONS_DIR)/$(v);)
	@$(PYTHON) -m tools.rt_report.mitigations $(MITIGATIONS_DIR)/mitigations.rst \
		$(foreach v,$(MITIGATION_VARIANTS),$(v) $(MITIGATIONS_DIR)/$(v))

# make docs: docs/ to HTML with Sphinx, warnings as errors, the latest
# passing report and its plots in place of the committed one. It publishes
# the latest run of this command line's variant that passed
# (tools/rt_report/runs.py latest-pass), running make run first when there
# is none (and the platform can run); never a failed run or another
# topology's.
LATEST_PASS = $(PYTHON) -m tools.rt_report.runs latest-pass --runs $(REPORT_DIR) --variant '$(RUN_VARIANT)'
_docs:
	@$(LATEST_PASS) >/dev/null || $(MAKE) --no-print-directory _run || true
	@bash make_helpers/docs.sh $(BUILD_BASE)/docs "$$($(LATEST_PASS))" $(PLAT) $(REPORT_DIR)/latest-bench

# make perf-docs: the committed QEMU report and make bench's table
# (docs/perf/bench-qemu.inc, tools/rt_report/bench_docs.py) must be what
# this firmware produces: the docs state these figures, none by hand.
perf-docs: _run _bench
	@cp $(REPORT_DIR)/latest/psci-performance-qemu.rst docs/perf/
	@rm -rf docs/perf/plots && mkdir -p docs/perf/plots && cp $(REPORT_DIR)/latest/plots/*.svg docs/perf/plots/
	@$(PYTHON) -m tools.rt_report.bench_docs $(REPORT_DIR)/latest-bench docs/perf/bench-qemu.inc
	@echo "Updated docs/perf/psci-performance-qemu.rst, its plots and docs/perf/bench-qemu.inc"

# make report LOG=<console log>: the latency report of a run this tree's
# make run did not start (a board's console, a copy of a QEMU run's), with
# the provenance of the build that made its firmware: the platform the log
# names, the build type and version its BL31 banner prints, under
# BUILD_BASE (tools/rt_report/provenance.py, find_build), or REPORT_CONFIG=<its
# config.mk> (none: without the build's provenance, for a lab's build).
# The log names its platform (the payload's line); PLAT= given says it for
# a log that stopped before the payload ran.
# LOG may be a LAVA job's directory or log.yaml. Into REPORT_OUT (default
# $(BUILD_BASE)/report/<log's name>/). It writes no build tree, so it takes
# no lock (NO_WRITE_GOALS).
$(call target_variable,LOG,report,the console log to make the report of (a board's$(comma) a QEMU run's$(comma) a LAVA job's))
$(call target_variable,REPORT_OUT,report,where make report writes (default BUILD_BASE/report/<log's name>))
$(call target_variable,REPORT_CONFIG,report,the config.mk of the build that made the log's firmware (default: found from the log; none: report without it))
ifneq ($(filter report,$(MAKECMDGOALS)),)
ifeq ($(LOG),)
$(error make report: give LOG=<console log> (a board's, docs/plat/n1sdp.rst; or a QEMU run's console.log))
endif
endif
REPORT_OUT ?= $(BUILD_BASE)/report/$(basename $(notdir $(patsubst %/,%,$(LOG))))
.PHONY: report
report:
	@$(DEPS) run
	@$(PYTHON) -m tools.rt_report.rt_report '$(LOG)' '$(REPORT_OUT)' \
		$(if $(filter command line,$(origin PLAT)),$(PLAT)) \
		$(if $(filter none,$(REPORT_CONFIG)),--without-build,$(if $(REPORT_CONFIG),--config \
		'$(REPORT_CONFIG)',--build-base '$(BUILD_BASE)'))

# make etm-decode: the ETM trace decoder alone (docs/perf/etm-n1sdp.rst).
etm-decode:
	@$(DEPS) etm
	@$(MAKE) --no-print-directory $(ETM_DECODE)
	@echo "Built $(ETM_DECODE)"

$(call user_target,run,build what is missing$(comma) boot it (QEMU; PLAT=fvp with FVP_BASE=)$(comma) print the latency report)
$(call user_target,bench,ns per SMC and PSCI round trip (QEMU$(comma) -icount shift=0: one ns an instruction); beside TF-A's: make compare-tfa)
$(call user_target,scaling,make bench and the report at two topologies side by side (docs/perf/scaling.rst))
$(call user_target,mitigations,make bench with each CPU mitigation (WORKAROUND_CVE_*) alone on$(comma) none and all: what each costs (docs/perf/mitigations.rst))
$(call user_target,compare,the report and make bench against the revision REF=)
$(call user_target,compare-tfa,this firmware and Debian's TF-A 2.8 on the same QEMU and payloads: every figure side by side with the ratio (docs/perf/tfa-comparison.rst))
$(call user_target,docs,docs/ to HTML with Sphinx$(comma) with the latest passing report)
$(call user_target,perf-docs,make run$(comma) then its report and plots into docs/perf/ (to commit))
$(call user_target,profile,where a path's instructions go: PROFILE_PATH=$$(subst $$(space),|,$$(PROFILE_PATHS)) or PROFILE_FROM=/PROFILE_TO= (docs/perf/profiling.rst))
$(call user_target,test-profile,make profile's test on this build tree)
$(call user_target,test-mem-protect,MEM_PROTECT across a reset)
$(call user_target,etm-decode,the ETM trace decoder (docs/perf/etm-n1sdp.rst))
$(call user_target,report,the latency report of a console log LOG= (a board's): the provenance from the build that made it)
