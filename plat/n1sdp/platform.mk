# Arm N1SDP board (see docs/plat/n1sdp.rst). Built and host-tested here; it
# runs on the board (the SCP loads bl1.bin; fip.bin goes to QSPI 0x18200000).
PLAT_TITLE := Arm N1SDP
PLAT_DOC := docs/plat/n1sdp.rst
# The board's build, and its options off (plat/n1sdp/tests/ci_test.sh).
PLAT_CI_BUILDS := default N1SDP_DRAM_ECC=0,N1SDP_RUN_UART=0

# A GIC-600: each core powers its redistributor (drivers/arm/gic/gicv3.c).
$(call plat_constant,GICV3_SUPPORT_GIC600,1)

include plat/n1sdp/defaults.mk
$(call bool_option,N1SDP_RUN_UART,1,N1SDP: BL31's runtime and crash messages go to the IOFPGA's UART0 (0x1C090000) as TF-A's port's do: not to the AP's UART0 with the OS's (0: the AP's UART0 throughout))
$(call bool_option,N1SDP_DRAM_ECC,1,N1SDP: BL2 zeroes the chip's DDR (2 to 64 GiB; it prints the cost) and turns ECC on in both DMC-620s as TF-A's port does (0: DRAM and ECC as the SCP left them))

PLAT_COMMON_SOURCES := plat/n1sdp/aarch64/plat_helpers.S plat/n1sdp/n1sdp_common.c \
	plat/common/pl011_console.c plat/common/uniform_topology.c plat/common/aarch64/uniform_topology.S
# Power control is the Arm Compute Subsystem's (SCMI to the SCP).
include plat/arm/css/css.mk
PLAT_BL1_SOURCES := $(PLAT_COMMON_SOURCES) plat/n1sdp/n1sdp_bl1_setup.c $(CSS_BL1_SOURCES) \
	drivers/arm/sbsa/sbsa_wdog.c
# Trusted board boot's hooks, in BL1 and BL2 when TRUSTED_BOARD_BOOT=1: the
# ROTPK hash of the build's ROT_KEY, NV counters from platform_def.h.
PLAT_TBB_SOURCES := plat/common/plat_trusted_boot.c
PLAT_BL2_SOURCES := $(PLAT_COMMON_SOURCES) plat/n1sdp/n1sdp_bl2_setup.c plat/n1sdp/n1sdp_sds.c \
	$(CSS_BL2_SOURCES) drivers/arm/dmc620/dmc620.c
# libfdt for the NT_FW_CONFIG writer (its sequential-write calls): its
# headers, and BL2 links it (BL2 reads the normal world's DTB without it).
$(BUILD_DIR)/bl2/plat/n1sdp/n1sdp_sds.o: CPPFLAGS_COMMON += -I$(LIBFDT_INC)
$(BUILD_DIR)/bl2/plat/n1sdp/n1sdp_sds.o: | $(LIBFDT_A)
BL2_LIBS += $(LIBFDT_A)
PLAT_BL31_SOURCES := $(PLAT_COMMON_SOURCES) plat/n1sdp/n1sdp_bl31_setup.c $(CSS_BL31_SOURCES) \
	services/optional/arm_sip_svc/arm_sip_svc.c drivers/arm/sbsa/sbsa_wdog.c
PLAT_IMAGES :=

# The board boots bl1.bin and fip.bin as they are: nothing more to package.
plat_package =

# The board boots it as docs/plat/n1sdp.rst says. Here, make run boots it on
# n1fw's QEMU model of the board (make_helpers/n1sdp_model.mk,
# docs/plat/n1sdp-model.rst): bl1.bin where the SCP puts it, fip.bin in the
# QSPI, the report labelled as the model's, never the board's. The other
# run targets are refused, saying how.
PLAT_RUNNER := n1sdp-model
PLAT_RUN_HELP := runs on the N1SDP board (give the SCP bl1.bin, write $(BUILD_DIR)/fip.bin to QSPI at \
	0x18200000: docs/plat/n1sdp.rst) or, for make run, on the N1SDP model under QEMU
# How tools/qemu_run starts the model (the names plat/common/qemu/qemu.mk
# gives QEMU's machines): the machine, its four cores in two clusters, the
# DDR the SCP's SDS reports (3 GiB: DRAM1 and 1 GiB of DRAM2, the least the
# model takes), BL1 and the FIP as the board's flash holds them (QEMU_BOOT).
QEMU_MACHINE := n1sdp
QEMU_CPU := neoverse-n1
QEMU_SMP := 4
QEMU_TOPOLOGY := 2+2
QEMU_CORE_LIMIT := 4
QEMU_MEMORY_MB := 3072
QEMU_BOOT := bl1-fip
QEMU := $(N1SDP_MODEL_QEMU)
PLAT_CONFIG_FACTS += QEMU_MACHINE QEMU_CPU QEMU_SMP QEMU_TOPOLOGY QEMU_CORE_LIMIT QEMU_MEMORY_MB QEMU_BOOT QEMU

# A LAVA lab runs it with LAVA's n1sdp device type: a recovery image on the
# MCC's card, made from the board's firmware bundle with this build's BL1
# and FIP (docs/perf/lava.rst).
PLAT_LAVA_DEVICE_TYPE := n1sdp
PLAT_LAVA_IMAGES = $(BUILD_DIR)/bl1.bin $(FIP)
$(call target_variable,N1SDP_FIRMWARE,lava-jobs,the board's firmware bundle (zip) that n1sdp-recovery.zip is made from)
PLAT_LAVA_JOBS_ARGS = $(if $(N1SDP_FIRMWARE),--n1sdp-firmware '$(abspath $(N1SDP_FIRMWARE))' --fiptool $(FIPTOOL))
PLAT_LAVA_PREREQUISITES = $(if $(N1SDP_FIRMWARE),$(FIPTOOL))
