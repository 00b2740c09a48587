# QEMU virt platform (see docs/plat/qemu.rst).

# QEMU virt here stands in for the N1SDP board, whose two clusters of two
# Neoverse N1 cores it models: every option a platform sets the default of
# (PLAT_DEFAULT_<NAME>) takes the board's default, read from the board's own
# file, so that what QEMU measures is the firmware the board runs. Where a
# build sets an option otherwise, the report and make bench say so
# (the Makefile's BOARD_DIFFERENCES; docs/perf/qemu-and-board.rst).
# PLAT_BOARD_CPU is the board's CPU as QEMU's -cpu names it.
PLAT_BOARD := n1sdp
PLAT_BOARD_CPU := neoverse-n1
include plat/$(PLAT_BOARD)/defaults.mk

# The AArch64 CPU models of QEMU 7.2 with EL2 and EL3, each booted by the
# cpus suite (tests/integration/cpus_test.sh, which reads this line);
# anything else cannot run this firmware.
QEMU_CPUS := neoverse-n1 cortex-a35 cortex-a53 cortex-a57 cortex-a72 cortex-a76 max


# The firmware's core limit on QEMU virt: with GICv3, QEMU numbers at most 16
# CPUs in Aff0 (tools/qemu_run reads it from config.mk).
$(call plat_constant,QEMU_MAX_CORES,16)
# QEMU's GICv3 has no GICR_PWRR: the GIC-600 redistributor power code is left out.
$(call plat_constant,GICV3_SUPPORT_GIC600,0)
$(call int_option,QEMU_CLUSTERS,2,Clusters modelled on QEMU virt (cores = clusters x cores per cluster; 1 to $(QEMU_MAX_CORES) cores in all))
$(call int_option,QEMU_CORES_PER_CLUSTER,2,Cores per cluster modelled on QEMU virt)
$(call int_option,QEMU_MEMORY_MB,1024,DRAM of the QEMU machine in MiB (1024 to 3072: BL33 loads at 0x60000000 and the map ends at 4 GiB))
$(call str_option,QEMU_CPU,$(PLAT_BOARD_CPU),QEMU -cpu model: $(QEMU_CPUS))
$(call bool_option,QEMU_SYSTEM_SUSPEND,1,0 leaves SYSTEM_SUSPEND out (PSCI_FEATURES says NOT_SUPPORTED; the payload then expects none, as on N1SDP))
$(call bool_option,REALTIME,0,1 runs QEMU without -icount (wall-clock time, figures not reproducible))
PAYLOAD_OPTIONS += REALTIME
$(call str_option,QEMU,qemu-system-aarch64,QEMU binary)
$(call int_option,QEMU_TFW_NVCTR,0,The board's trusted NV counter (its one-time-programmable anti-rollback value): trusted-world certificates below it are refused)
$(call int_option,QEMU_NTFW_NVCTR,0,The board's non-trusted NV counter: NT FW certificates below it are refused)
$(call str_option,QEMU_EXTRA,,More QEMU arguments for make run, e.g. "-s -S" to wait for gdb (docs/debugging.rst))

ifeq ($(filter $(QEMU_CPUS),$(QEMU_CPU)),)
$(error QEMU_CPU=$(QEMU_CPU): not a QEMU AArch64 model with EL2 and EL3; choose one of $(QEMU_CPUS))
endif

QEMU_CORE_COUNT := $(shell echo $$(( $(QEMU_CLUSTERS) * $(QEMU_CORES_PER_CLUSTER) )))
ifeq ($(shell [ $(QEMU_CORE_COUNT) -ge 1 -a $(QEMU_CORE_COUNT) -le $(QEMU_MAX_CORES) ] && echo ok),)
$(error QEMU_CLUSTERS x QEMU_CORES_PER_CLUSTER = $(QEMU_CORE_COUNT): it must be 1 to $(QEMU_MAX_CORES) (QEMU virt with GICv3 numbers at most $(QEMU_MAX_CORES) CPUs in Aff0))
endif
ifeq ($(shell [ $$(( $(QEMU_MEMORY_MB) )) -ge 1024 -a $$(( $(QEMU_MEMORY_MB) )) -le 3072 ] && echo ok),)
$(error QEMU_MEMORY_MB=$(QEMU_MEMORY_MB): it must be 1024 to 3072 (BL33 loads at 0x60000000, 512 MiB into DRAM; the translation tables cover 4 GiB))
endif

PLAT_COMMON_SOURCES := plat/qemu/aarch64/plat_helpers.S plat/qemu/qemu_common.c \
	plat/common/pl011_console.c plat/common/uniform_topology.c plat/common/aarch64/uniform_topology.S
PLAT_BL1_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_bl1_setup.c plat/common/hold_pen.c
# Trusted board boot's hooks, in BL1 and BL2 when TRUSTED_BOARD_BOOT=1: the
# ROTPK hash of the build's ROT_KEY, NV counters from platform_def.h.
PLAT_TBB_SOURCES := plat/common/plat_trusted_boot.c
PLAT_BL2_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_bl2_setup.c
PLAT_BL31_SOURCES := $(PLAT_COMMON_SOURCES) plat/qemu/qemu_pm.c plat/qemu/aarch64/qemu_pm_helpers.S \
	plat/common/hold_pen.c

# QEMU virt's secure flash (hw/arm/virt.c: 64 MiB at 0): BL1 executes in
# place at offset 0, the FIP follows at QEMU_FLASH_FIP_OFFSET (platform_def.h's
# PLAT_FIP_BASE; tools/qemu_run and the tests read both from config.mk).
$(call plat_constant,QEMU_FLASH_SIZE,0x04000000)
$(call plat_constant,QEMU_FLASH_FIP_OFFSET,0x00040000)

# $(call plat_package,DIR): DIR/flash.bin, what QEMU boots
# (tools/qemu_run --make-flash: the layout above).
define plat_package
$(1)/flash.bin: $(BUILD_DIR)/bl1.bin $(1)/fip.bin $(BUILD_DIR)/config.mk
	@echo "  FLASH   $$@"
	$$(Q)python3 -m tools.qemu_run.qemu_run --config $(BUILD_DIR)/config.mk \
		--make-flash $(BUILD_DIR)/bl1.bin $(1)/fip.bin $$@
endef
PLAT_IMAGES := $(BUILD_DIR)/flash.bin

# Every target of make_helpers/run.mk runs here, through tools/qemu_run.
PLAT_RUNNER := qemu
PLAT_RUN_HELP := runs in QEMU (make run)
