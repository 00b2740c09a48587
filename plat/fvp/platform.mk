# Arm Base FVP (see docs/plat/fvp.rst). Built and host-tested here; it runs
# in Arm's model (not a Debian package): make run FVP_BASE=<path to it>.
PLAT_TITLE := Arm Base FVP
PLAT_DOC := docs/plat/fvp.rst
# Its largest shape, then the default (plat/fvp/tests/ci_test.sh).
PLAT_CI_BUILDS := FVP_CLUSTERS=4,FVP_CORES_PER_CLUSTER=4 default

$(call int_option,FVP_CLUSTERS,2,Clusters of the Base FVP (1 to 4; the model's cluster<n> parameters must match))
$(call int_option,FVP_CORES_PER_CLUSTER,2,Cores per FVP cluster (1 to 4; the model's clusterN.NUM_CORES))
$(call str_option,FVP_BASE,,Path to the Base FVP model executable (e.g. FVP_Base_RevC-2xAEMvA): make run starts it)

# The Base FVP's GIC model may be a GIC-600 (GICR_IIDR says, at boot): as TF-A's FVP port.
$(call plat_constant,GICV3_SUPPORT_GIC600,1)

PLAT_DEFAULT_ENABLE_RUNTIME_INSTRUMENTATION := 1
# Neoverse N1 needs these mitigations (lib/cpus/units/neoverse_n1.c: the
# Spectre-BHB loop, PSTATE.SSBS at reset, CVE-2025-10263's extra TLBI, as
# TF-A's N1SDP port has them); each applies per CPU, so the AEM model
# (no unit) runs none but CVE-2025-10263's, which every core must run
# where any core is affected.
PLAT_DEFAULT_WORKAROUND_CVE_2022_23960 := 1
PLAT_DEFAULT_WORKAROUND_CVE_2018_3639 := 1
PLAT_DEFAULT_WORKAROUND_CVE_2025_10263 := 1

ifeq ($(shell [ $(FVP_CLUSTERS) -ge 1 -a $(FVP_CLUSTERS) -le 4 -a $(FVP_CORES_PER_CLUSTER) -ge 1 -a $(FVP_CORES_PER_CLUSTER) -le 4 ] && echo ok),)
$(error FVP_CLUSTERS=$(FVP_CLUSTERS) FVP_CORES_PER_CLUSTER=$(FVP_CORES_PER_CLUSTER): each must be 1 to 4)
endif

PLAT_COMMON_SOURCES := plat/fvp/aarch64/plat_helpers.S plat/fvp/fvp_common.c \
	plat/common/pl011_console.c plat/common/uniform_topology.c plat/common/aarch64/uniform_topology.S
PLAT_BL1_SOURCES := $(PLAT_COMMON_SOURCES) plat/fvp/fvp_bl1_setup.c \
	plat/common/aarch64/trusted_mailbox.S
PLAT_TBB_SOURCES := plat/common/plat_trusted_boot.c
PLAT_BL2_SOURCES := $(PLAT_COMMON_SOURCES) plat/fvp/fvp_bl2_setup.c
PLAT_BL31_SOURCES := $(PLAT_COMMON_SOURCES) plat/fvp/fvp_pm.c plat/common/trusted_mailbox.c plat/fvp/fvp_pwrc.c \
	services/optional/arm_sip_svc/arm_sip_svc.c \
	plat/common/aarch64/plat_pwr_down_wake.S
PLAT_IMAGES :=

# The model loads bl1.bin and fip.bin itself (bp.secureflashloader, bp.flashloader0).
plat_package =

# make run boots it in the model like QEMU (make_helpers/run.mk): a run
# directory of its own (tools/rt_report/runs.py), a time limit, the run
# ended when the boot stops or the model shuts down.
PLAT_RUNNER := fvp
PLAT_RUN_HELP := runs make run in Arm's Base FVP (FVP_BASE=<model>; docs/plat/fvp.rst)

# A LAVA lab runs it with LAVA's fvp device type: the model in a Docker
# image of the lab's, given BL1 and the FIP (docs/perf/lava.rst).
PLAT_LAVA_DEVICE_TYPE := fvp
PLAT_LAVA_IMAGES = $(BUILD_DIR)/bl1.bin $(FIP)
$(call target_variable,LAVA_FVP_DOCKER,lava-jobs,the lab's Docker image that holds the model in /opt/model (default fvp:base-revc))
PLAT_LAVA_JOBS_ARGS = $(if $(LAVA_FVP_DOCKER),--fvp-docker '$(LAVA_FVP_DOCKER)')
ifneq ($(FVP_BASE),)
ifeq ($(shell command -v '$(FVP_BASE)' 2>/dev/null),)
$(error FVP_BASE=$(FVP_BASE): no such model executable)
endif
endif
