# QEMU virt platform (see docs/plat/qemu.rst).

$(call int_option,QEMU_CLUSTERS,2,Clusters modelled on QEMU virt (cores = clusters x cores per cluster; at most 16 cores))
$(call int_option,QEMU_CORES_PER_CLUSTER,2,Cores per cluster modelled on QEMU virt)
$(call str_option,QEMU_CPU,neoverse-n1,QEMU -cpu model for make run (neoverse-n1, cortex-a57, max, ...))
$(call bool_option,REALTIME,0,1 runs QEMU without -icount (wall-clock time, figures not reproducible))
$(call str_option,QEMU,qemu-system-aarch64,QEMU binary)

PLAT_DEFAULT_ENABLE_RUNTIME_INSTRUMENTATION := 1
PLAT_DEFAULT_PSCI_OS_INIT_MODE := 1

QEMU_CORE_COUNT := $(shell echo $$(( $(QEMU_CLUSTERS) * $(QEMU_CORES_PER_CLUSTER) )))
ifeq ($(shell [ $(QEMU_CORE_COUNT) -ge 1 -a $(QEMU_CORE_COUNT) -le 16 ] && echo ok),)
$(error QEMU_CLUSTERS x QEMU_CORES_PER_CLUSTER = $(QEMU_CORE_COUNT): it must be 1 to 16 (QEMU virt with GICv3 numbers at most 16 CPUs in Aff0))
endif

PLAT_COMMON_SOURCES := plat/qemu/aarch64/plat_helpers.S plat/qemu/qemu_common.c
PLAT_BL1_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_bl1_setup.c plat/common/hold_pen.c
PLAT_BL2_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_bl2_setup.c
PLAT_BL31_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_pm.c plat/qemu/aarch64/qemu_pm_helpers.S \
	plat/common/hold_pen.c

# flash.bin: BL1 at offset 0 of secure flash, the FIP at PLAT_FIP_BASE.
FLASH := $(BUILD_DIR)/flash.bin
PLAT_IMAGES := $(FLASH)
$(FLASH): $(BUILD_DIR)/bl1.bin $(BUILD_DIR)/fip.bin
	@echo "  FLASH   $@"
	@fip=$$(stat -c %s $(BUILD_DIR)/fip.bin); max=$$(( 0x4000000 - 0x40000 )); \
	if [ $$fip -gt $$max ]; then \
		echo "error: $(BUILD_DIR)/fip.bin is $$fip bytes; QEMU's 64 MiB flash holds $$max from offset 0x40000" >&2; \
		exit 1; fi
	@cp $(BUILD_DIR)/bl1.bin $@.tmp
	@truncate -s 256K $@.tmp
	@cat $(BUILD_DIR)/fip.bin >> $@.tmp
	@mv $@.tmp $@

QEMU_ARGS := -nographic -no-reboot \
	-machine virt,secure=on,virtualization=on,gic-version=3 \
	-cpu $(QEMU_CPU) -smp $(QEMU_CORE_COUNT) -m 1024 -bios $(FLASH) \
	$(if $(filter 1,$(REALTIME)),,-icount shift=0,align=off,sleep=off)
export QEMU QEMU_ARGS

# Boot it. With the built-in payload, the console also goes to
# $(REPORT_DIR)/console.log and rt_report writes the report there; the exit
# status is QEMU's, or 1 if the payload reported a failed check.
REPORT_DIR := $(BUILD_BASE)/$(PLAT)/report
.PHONY: _run
_run: all
	@echo "  QEMU    $(QEMU) $(QEMU_ARGS)"
ifeq ($(BL33),)
	@mkdir -p $(REPORT_DIR)
	@set -o pipefail; $(QEMU) $(QEMU_ARGS) | tee $(REPORT_DIR)/console.log; rc=$$?; \
		python3 tools/rt_report/rt_report.py $(REPORT_DIR)/console.log $(REPORT_DIR) $(PLAT) \
		|| exit 1; exit $$rc
else
	@$(QEMU) $(QEMU_ARGS)
endif
