# A machine of QEMU's that this firmware runs on (plat/common/qemu: the
# module QEMU virt and any other QEMU machine share): how tools/qemu_run
# starts it, the options of running it, the flash image it boots, and the
# sources of the power model QEMU's machines need (they have no power
# controller: plat/common/qemu/include/qemu_machine.h). A platform.mk sets,
# before including this file:
#
#   QEMU_MACHINE        QEMU's -machine value (secure=on where the machine
#                       has the option: EL3 must exist)
#   QEMU_CPUS           the -cpu models the machine takes that have EL2 and
#                       EL3 (QEMU_CPU is one of them; its default is
#                       PLAT_BOARD_CPU, else the first)
#   QEMU_SMP            the -smp value of a run (from its own options)
#   QEMU_TOPOLOGY       that run's clusters as the payload prints them
#                       (cores per cluster joined by +, e.g. 2+2)
#   QEMU_SMP_TOPOLOGY   -smp for tools/qemu_run --topology CxK: {cores},
#                       {clusters}, {per_cluster} replaced
#   QEMU_CORE_LIMIT     the most cores the build runs (qemu_run refuses more)
#   QEMU_MEMORY_MB_DEFAULT, QEMU_MEMORY_MB_MIN, QEMU_MEMORY_MB_MAX,
#   QEMU_MEMORY_MB_WHY  the DRAM a run may have, in MiB, and why those limits
#
# (each with `override`: a fact of the platform, which the command line
# cannot change; given there, it is refused as no option)
# and, with plat_constant (platform_def.h reads them: the boot ROM),
# QEMU_FLASH_SIZE and QEMU_FLASH_FIP_OFFSET: the secure flash -bios fills,
# BL1 at 0, the FIP at the offset; and QEMU_MACHINE_SOURCES, its own
# sources, which implement the machine's hooks (qemu_machine.h) and go
# into every image with the module's. tools/qemu_run reads all of it from the build's
# config.mk: no machine is described anywhere else.

$(foreach v,QEMU_MACHINE QEMU_CPUS QEMU_SMP QEMU_TOPOLOGY QEMU_SMP_TOPOLOGY QEMU_CORE_LIMIT \
	QEMU_MEMORY_MB_DEFAULT QEMU_MEMORY_MB_MIN QEMU_MEMORY_MB_MAX QEMU_MEMORY_MB_WHY,$(if $($(v)),,$(error \
	$(PLATFORM_MAKEFILE): $(v) is not set before plat/common/qemu/qemu.mk (which says what it is))))

$(call int_option,QEMU_MEMORY_MB,$(QEMU_MEMORY_MB_DEFAULT),DRAM of the QEMU machine in MiB ($(QEMU_MEMORY_MB_MIN) to $(QEMU_MEMORY_MB_MAX): $(QEMU_MEMORY_MB_WHY)))
$(call str_option,QEMU_CPU,$(or $(PLAT_BOARD_CPU),$(firstword $(QEMU_CPUS))),QEMU -cpu model: $(QEMU_CPUS); QEMU's properties may follow (neoverse-n1$(comma)midr=0x413fd0c0: another revision))
$(call bool_option,QEMU_SYSTEM_SUSPEND,1,0 leaves SYSTEM_SUSPEND out (PSCI_FEATURES says NOT_SUPPORTED; the payload then expects none, as on N1SDP))
$(call bool_option,REALTIME,0,1 runs QEMU without -icount (wall-clock time, figures not reproducible))
PAYLOAD_OPTIONS += REALTIME
$(call str_option,QEMU,qemu-system-aarch64,QEMU binary)
$(call int_option,QEMU_TFW_NVCTR,0,The board's trusted NV counter (its one-time-programmable anti-rollback value): trusted-world certificates below it are refused)
$(call int_option,QEMU_NTFW_NVCTR,0,The board's non-trusted NV counter: NT FW certificates below it are refused)
$(call str_option,QEMU_EXTRA,,More QEMU arguments for make run, e.g. "-s -S" to wait for gdb (docs/debugging.rst))

ifeq ($(filter $(QEMU_CPUS),$(firstword $(subst $(comma), ,$(QEMU_CPU)))),)
$(error QEMU_CPU=$(QEMU_CPU): not a model of QEMU's $(firstword $(subst $(comma), ,$(QEMU_MACHINE))) machine with EL2 and EL3; choose one of $(QEMU_CPUS))
endif
ifeq ($(shell [ $$(( $(QEMU_MEMORY_MB) )) -ge $(QEMU_MEMORY_MB_MIN) -a $$(( $(QEMU_MEMORY_MB) )) -le $(QEMU_MEMORY_MB_MAX) ] && echo ok),)
$(error QEMU_MEMORY_MB=$(QEMU_MEMORY_MB): it must be $(QEMU_MEMORY_MB_MIN) to $(QEMU_MEMORY_MB_MAX) ($(QEMU_MEMORY_MB_WHY)))
endif

# How a run starts, in config.mk for tools/qemu_run and the LAVA jobs; the
# options that change how the images run, not what is built.
PLAT_CONFIG_FACTS += QEMU_MACHINE QEMU_CPUS QEMU_SMP QEMU_TOPOLOGY QEMU_SMP_TOPOLOGY QEMU_CORE_LIMIT
PLAT_RUNTIME_ONLY += QEMU QEMU_CPU QEMU_EXTRA

PLAT_INCLUDES += -Iplat/common/qemu/include
# Each image: the module's sources and the machine's own (QEMU_MACHINE_SOURCES:
# its devices, power lines and qemu_machine.h's hooks).
ifeq ($(QEMU_MACHINE_SOURCES),)
$(error plat/$(PLAT)/platform.mk: QEMU_MACHINE_SOURCES (the machine's own hooks, plat/common/qemu/qemu.mk) is not set)
endif
QEMU_COMMON_SOURCES := plat/common/qemu/qemu_common.c plat/common/qemu/aarch64/qemu_helpers.S \
	plat/common/pl011_console.c plat/common/uniform_topology.c plat/common/aarch64/uniform_topology.S
PLAT_BL1_SOURCES := $(QEMU_COMMON_SOURCES) plat/common/qemu/qemu_bl1_setup.c plat/common/hold_pen.c \
	$(QEMU_MACHINE_SOURCES)
PLAT_BL2_SOURCES := $(QEMU_COMMON_SOURCES) plat/common/qemu/qemu_bl2_setup.c $(QEMU_MACHINE_SOURCES)
PLAT_BL31_SOURCES := $(QEMU_COMMON_SOURCES) plat/common/qemu/qemu_pm.c plat/common/hold_pen.c \
	$(QEMU_MACHINE_SOURCES)
# Trusted board boot's hooks, in BL1 and BL2 when TRUSTED_BOARD_BOOT=1: the
# ROTPK hash of the build's ROT_KEY, NV counters from platform_def.h.
PLAT_TBB_SOURCES := plat/common/plat_trusted_boot.c

# $(call plat_package,DIR): DIR/flash.bin, what QEMU boots
# (tools/qemu_run --make-flash: the layout of QEMU_FLASH_*).
define plat_package
$(1)/flash.bin: $(BUILD_DIR)/bl1.bin $(1)/fip.bin $(BUILD_DIR)/config.mk
	@echo "  FLASH   $$@"
	$$(Q)python3 -m tools.qemu_run.qemu_run --config $(BUILD_DIR)/config.mk \
		--make-flash $(BUILD_DIR)/bl1.bin $(1)/fip.bin $$@
endef
PLAT_IMAGES := $(BUILD_DIR)/flash.bin

# Every target of make_helpers/run.mk runs here, through tools/qemu_run; a
# LAVA lab runs the same machine with its qemu device type.
PLAT_RUNNER := qemu
PLAT_RUN_HELP := runs in QEMU (make run)
PLAT_LAVA_DEVICE_TYPE := qemu
PLAT_LAVA_IMAGES := $(BUILD_DIR)/flash.bin
