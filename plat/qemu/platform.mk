# QEMU virt platform (see docs/plat/qemu.rst).

# The AArch64 CPU models of QEMU 7.2 with EL2 and EL3, each booted by the
# toolchain test; anything else cannot run this firmware.
QEMU_CPUS := neoverse-n1 cortex-a35 cortex-a53 cortex-a57 cortex-a72 cortex-a76 max


$(call int_option,QEMU_CLUSTERS,2,Clusters modelled on QEMU virt (cores = clusters x cores per cluster; 1 to 16 cores in all))
$(call int_option,QEMU_CORES_PER_CLUSTER,2,Cores per cluster modelled on QEMU virt)
$(call int_option,QEMU_MEMORY_MB,1024,DRAM of the QEMU machine in MiB (1024 to 3072: BL33 loads at 0x60000000 and the map ends at 4 GiB))
$(call str_option,QEMU_CPU,neoverse-n1,QEMU -cpu model: $(QEMU_CPUS))
$(call bool_option,QEMU_SYSTEM_SUSPEND,1,0 leaves SYSTEM_SUSPEND out (PSCI_FEATURES says NOT_SUPPORTED; the payload then expects none, as on N1SDP))
$(call bool_option,REALTIME,0,1 runs QEMU without -icount (wall-clock time, figures not reproducible))
PAYLOAD_OPTIONS += REALTIME
$(call str_option,QEMU,qemu-system-aarch64,QEMU binary)
$(call int_option,QEMU_TFW_NVCTR,0,The board's trusted NV counter (its one-time-programmable anti-rollback value): trusted-world certificates below it are refused)
$(call int_option,QEMU_NTFW_NVCTR,0,The board's non-trusted NV counter: NT FW certificates below it are refused)
$(call str_option,QEMU_EXTRA,,More QEMU arguments for make run, e.g. "-s -S" to wait for gdb (docs/debugging.rst))

PLAT_DEFAULT_ENABLE_RUNTIME_INSTRUMENTATION := 1
PLAT_DEFAULT_PSCI_OS_INIT_MODE := 1

ifeq ($(filter $(QEMU_CPUS),$(QEMU_CPU)),)
$(error QEMU_CPU=$(QEMU_CPU): not a QEMU AArch64 model with EL2 and EL3; choose one of $(QEMU_CPUS))
endif

QEMU_CORE_COUNT := $(shell echo $$(( $(QEMU_CLUSTERS) * $(QEMU_CORES_PER_CLUSTER) )))
ifeq ($(shell [ $(QEMU_CORE_COUNT) -ge 1 -a $(QEMU_CORE_COUNT) -le 16 ] && echo ok),)
$(error QEMU_CLUSTERS x QEMU_CORES_PER_CLUSTER = $(QEMU_CORE_COUNT): it must be 1 to 16 (QEMU virt with GICv3 numbers at most 16 CPUs in Aff0))
endif
ifeq ($(shell [ $$(( $(QEMU_MEMORY_MB) )) -ge 1024 -a $$(( $(QEMU_MEMORY_MB) )) -le 3072 ] && echo ok),)
$(error QEMU_MEMORY_MB=$(QEMU_MEMORY_MB): it must be 1024 to 3072 (BL33 loads at 0x60000000, 512 MiB into DRAM; the translation tables cover 4 GiB))
endif

PLAT_COMMON_SOURCES := plat/qemu/aarch64/plat_helpers.S plat/qemu/qemu_common.c
PLAT_BL1_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_bl1_setup.c plat/common/hold_pen.c
# Trusted board boot's hooks, in BL1 and BL2 when TRUSTED_BOARD_BOOT=1: the
# ROTPK hash of the build's ROT_KEY, NV counters from platform_def.h.
PLAT_TBB_SOURCES := plat/common/plat_trusted_boot.c
PLAT_BL2_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_bl2_setup.c
PLAT_BL31_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_pm.c plat/qemu/aarch64/qemu_pm_helpers.S \
	plat/common/hold_pen.c

# $(call plat_package,DIR): DIR/flash.bin, what QEMU boots: BL1 at offset 0
# of secure flash, DIR/fip.bin at PLAT_FIP_BASE (0x40000).
define plat_package
$(1)/flash.bin: $(BUILD_DIR)/bl1.bin $(1)/fip.bin
	@echo "  FLASH   $$@"
	@fip=$$$$(stat -c %s $(1)/fip.bin); max=$$$$(( 0x4000000 - 0x40000 )); \
	if [ $$$$fip -gt $$$$max ]; then \
		echo "error: $(1)/fip.bin is $$$$fip bytes; QEMU's 64 MiB flash holds $$$$max from offset 0x40000" >&2; \
		exit 1; fi
	@cp $(BUILD_DIR)/bl1.bin $$@.tmp
	@truncate -s 256K $$@.tmp
	@cat $(1)/fip.bin >> $$@.tmp
	@mv $$@.tmp $$@
endef
PLAT_IMAGES := $(BUILD_DIR)/flash.bin

# Every QEMU run goes through tools/qemu_run (the one description of the
# machine); it takes the topology, CPU, memory and icount setting from the
# build's resolved configuration.
QEMU_RUN = python3 tools/qemu_run/qemu_run.py --config $(BUILD_DIR)/config.mk

# Boot it. With the built-in payload, tools/rt_report/runs.py makes the
# run's directory under $(REPORT_DIR) (Makefile), the console goes to its
# console.log and rt_report writes the report there; the exit status is 0
# only if every check passed (and nothing regressed beyond FAIL_ABOVE).
.PHONY: _run
_run: all
ifeq ($(BL33),)
	@$(call RUNS,report) --timeout $(RUN_TIMEOUT) --extra='$(QEMU_EXTRA)'
else
	@$(QEMU_RUN) --show-cmd --timeout $(RUN_TIMEOUT) --extra='$(QEMU_EXTRA)'
endif

# make bench: the micro-benchmark payload, under -icount only; its figures
# go to a run directory of their own (bench-<variant>-<time>, latest-bench).
ifneq ($(filter bench _bench,$(MAKECMDGOALS)),)
ifeq ($(REALTIME),1)
$(error make bench counts instructions under -icount: REALTIME=1 would measure the host)
endif
endif
.PHONY: _bench
_bench: $(BUILD_DIR)/bench/flash.bin
	@$(call RUNS,bench) --flash $< --timeout 300

# make profile: the profiling payload under QEMU with an instruction trace,
# and the profiler's tables for one path (tools/profile, docs/perf/profiling.rst).
ifneq ($(filter profile _profile,$(MAKECMDGOALS)),)
ifeq ($(REALTIME),1)
$(error make profile counts instructions under -icount: REALTIME=1 would not be reproducible)
endif
endif
.PHONY: _profile
_profile: $(BUILD_DIR)/profile/flash.bin $(BUILD_DIR)/bl1.elf $(BUILD_DIR)/bl2.elf \
		$(BUILD_DIR)/bl31.elf $(BUILD_DIR)/payload_profile.elf
ifeq ($(PROFILE_PATH)$(PROFILE_FROM)$(PROFILE_TO),)
	@echo "make profile: give PROFILE_PATH=<$(subst $(space),|,$(PROFILE_PATHS))>, or PROFILE_FROM=<point> PROFILE_TO=<point>" >&2
	@exit 1
endif
	@python3 tools/profile/profile.py --build $(BUILD_DIR) \
		$(if $(PROFILE_PATH),--path '$(PROFILE_PATH)') \
		$(if $(PROFILE_FROM),--from '$(PROFILE_FROM)') $(if $(PROFILE_TO),--to '$(PROFILE_TO)') \
		$(if $(PROFILE_VIA),--via '$(PROFILE_VIA)') $(if $(PROFILE_TOP),--top '$(PROFILE_TOP)') \
		$(if $(filter 1,$(PROFILE_KEEP)),--keep)

# make test-mem-protect: mark DRAM, MEM_PROTECT, reset, check the mark is gone.
.PHONY: _test-mem-protect
_test-mem-protect: $(BUILD_DIR)/mem-protect/flash.bin
	@$(QEMU_RUN) --flash $< --reboot --timeout 120 --stop 'PAYLOAD: RESULT: ' \
		--log $(BUILD_DIR)/mem-protect/console.log >/dev/null; \
		grep 'MEM_PROTECT\|RESULT\|SKIPPED' $(BUILD_DIR)/mem-protect/console.log; \
		grep -q 'PAYLOAD: RESULT: PASS' $(BUILD_DIR)/mem-protect/console.log
