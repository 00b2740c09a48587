# QEMU virt platform (see docs/plat/qemu.rst).
PLAT_TITLE := QEMU virt
PLAT_DOC := docs/plat/qemu.rst
# Every other suite of make check builds and boots it.
PLAT_CI_BUILDS := default

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
override QEMU_CPUS := neoverse-n1 cortex-a35 cortex-a53 cortex-a57 cortex-a72 cortex-a76 max


# The firmware's core limit on QEMU virt: with GICv3, QEMU numbers at most 16
# CPUs in Aff0.
$(call plat_constant,QEMU_MAX_CORES,16)
override QEMU_MAX_CORES_LIST := 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
# QEMU's GICv3 has no GICR_PWRR: the GIC-600 redistributor power code is left out.
$(call plat_constant,GICV3_SUPPORT_GIC600,0)
$(call int_option,QEMU_CLUSTERS,2,Clusters modelled on QEMU virt (cores = clusters x cores per cluster; 1 to $(QEMU_MAX_CORES) cores in all))
$(call int_option,QEMU_CORES_PER_CLUSTER,2,Cores per cluster modelled on QEMU virt)

QEMU_CORE_COUNT := $(shell echo $$(( $(QEMU_CLUSTERS) * $(QEMU_CORES_PER_CLUSTER) )))
ifeq ($(shell [ $(QEMU_CORE_COUNT) -ge 1 -a $(QEMU_CORE_COUNT) -le $(QEMU_MAX_CORES) ] && echo ok),)
$(error QEMU_CLUSTERS x QEMU_CORES_PER_CLUSTER = $(QEMU_CORE_COUNT): it must be 1 to $(QEMU_MAX_CORES) (QEMU virt with GICv3 numbers at most $(QEMU_MAX_CORES) CPUs in Aff0))
endif

# The machine (hw/arm/virt.c), for plat/common/qemu/qemu.mk: EL3 and EL2 on,
# GICv3; its CPUs in the modelled clusters (-smp clusters=, which shapes
# the DTB's cpu-map; the MPIDRs number every CPU in Aff0 whatever the
# shape); the build runs as many cores as it has, no more.
override QEMU_MACHINE := virt,secure=on,virtualization=on,gic-version=3
override QEMU_SMP := $(QEMU_CORE_COUNT),clusters=$(QEMU_CLUSTERS),cores=$(QEMU_CORES_PER_CLUSTER)
override QEMU_TOPOLOGY := $(subst $(space),+,$(patsubst %,$(QEMU_CORES_PER_CLUSTER),$(wordlist 1,$(QEMU_CLUSTERS),$(QEMU_MAX_CORES_LIST))))
override QEMU_SMP_TOPOLOGY := {cores},clusters={clusters},cores={per_cluster}
override QEMU_CORE_LIMIT := $(QEMU_CORE_COUNT)
override QEMU_MEMORY_MB_DEFAULT := 1024
override QEMU_MEMORY_MB_MIN := 1024
override QEMU_MEMORY_MB_MAX := 3072
override QEMU_MEMORY_MB_WHY := BL33 loads at 0x60000000$(comma) 512 MiB into DRAM; the translation tables cover 4 GiB
# QEMU virt's secure flash (hw/arm/virt.c: 64 MiB at 0): BL1 executes in
# place at offset 0, the FIP follows at QEMU_FLASH_FIP_OFFSET (platform_def.h's
# PLAT_FIP_BASE; tools/qemu_run and the tests read both from config.mk).
$(call plat_constant,QEMU_FLASH_SIZE,0x04000000)
$(call plat_constant,QEMU_FLASH_FIP_OFFSET,0x00040000)
# Its own devices, power lines and hooks, in every image with the module's.
QEMU_MACHINE_SOURCES := plat/qemu/qemu_virt.c
include plat/common/qemu/qemu.mk

