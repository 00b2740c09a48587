# QEMU's sbsa-ref machine (see docs/plat/sbsa.rst): Linaro's server-class
# reference platform, which Debian's QEMU 7.2 runs. Everything a QEMU
# machine needs beyond its devices is the QEMU module's (plat/common/qemu).
PLAT_TITLE := QEMU sbsa-ref
PLAT_DOC := docs/plat/sbsa.rst
PLAT_CI_BUILDS := default

# It runs the N1SDP board's firmware on the board's CPU, as QEMU virt does:
# the board's defaults, the reports naming any option a build sets otherwise.
PLAT_BOARD := n1sdp
PLAT_BOARD_CPU := neoverse-n1
include plat/$(PLAT_BOARD)/defaults.mk

# QEMU has no GIC-600: its redistributors have no GICR_PWRR.
$(call plat_constant,GICV3_SUPPORT_GIC600,0)

# The machine (hw/arm/sbsa-ref.c): its CPUs in clusters of eight whatever
# -smp says, at most 16 here (platform_def.h); the build runs up to that and
# learns from the machine how many there are, so the number a run gets is a
# run's option, which rebuilds nothing.
override SBSA_MAX_CORES := 16
$(call int_option,SBSA_CORES,4,Cores of the sbsa-ref machine a run has (its -smp: 1 to $(SBSA_MAX_CORES)$(comma) in clusters of 8; the firmware learns them at boot$(comma) nothing is rebuilt))
PLAT_RUNTIME_ONLY += SBSA_CORES
ifeq ($(shell [ $$(( $(SBSA_CORES) )) -ge 1 -a $$(( $(SBSA_CORES) )) -le $(SBSA_MAX_CORES) ] && echo ok),)
$(error SBSA_CORES=$(SBSA_CORES): it must be 1 to $(SBSA_MAX_CORES))
endif
override QEMU_MACHINE := sbsa-ref
# The -cpu models sbsa-ref takes (its valid_cpus).
override QEMU_CPUS := neoverse-n1 cortex-a57 cortex-a72 max
override QEMU_SMP := $(SBSA_CORES)
override QEMU_TOPOLOGY := $(if $(filter-out 1 2 3 4 5 6 7 8,$(SBSA_CORES)),8+$(shell echo $$(($(SBSA_CORES) - 8))),$(SBSA_CORES))
override QEMU_SMP_TOPOLOGY := {cores}
override QEMU_CORE_LIMIT := $(SBSA_MAX_CORES)
override QEMU_MEMORY_MB_DEFAULT := 1024
override QEMU_MEMORY_MB_MIN := 1024
override QEMU_MEMORY_MB_MAX := 4096
override QEMU_MEMORY_MB_WHY := BL33 loads 512 MiB into DRAM at 1 TiB; the firmware maps 4 GiB of it
# The secure flash, -bios (hw/arm/sbsa-ref.c: the first of two 256 MiB
# flash devices, secure only): BL1 at 0, the FIP at QEMU_FLASH_FIP_OFFSET.
$(call plat_constant,QEMU_FLASH_SIZE,0x10000000)
$(call plat_constant,QEMU_FLASH_FIP_OFFSET,0x00040000)
# Its own devices, power lines and hooks, in every image with the module's.
QEMU_MACHINE_SOURCES := plat/sbsa/qemu_sbsa.c
include plat/common/qemu/qemu.mk

