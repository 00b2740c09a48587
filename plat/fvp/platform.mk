# Arm Base FVP (see docs/plat/fvp.rst). Built and host-tested here; it runs
# in Arm's model (not a Debian package): make run FVP_BASE=<path to it>.

$(call int_option,FVP_CLUSTERS,2,Clusters of the Base FVP (1 to 4; the model's cluster<n> parameters must match))
$(call int_option,FVP_CORES_PER_CLUSTER,2,Cores per FVP cluster (1 to 4; the model's clusterN.NUM_CORES))
$(call str_option,FVP_BASE,,Path to the Base FVP model executable (e.g. FVP_Base_RevC-2xAEMvA): make run starts it)

PLAT_DEFAULT_ENABLE_RUNTIME_INSTRUMENTATION := 1
# Neoverse N1 needs the Spectre-BHB loop (lib/cpus/errata.c); the AEM model does not.
PLAT_DEFAULT_WORKAROUND_CVE_2022_23960 := 1

ifeq ($(shell [ $(FVP_CLUSTERS) -ge 1 -a $(FVP_CLUSTERS) -le 4 -a $(FVP_CORES_PER_CLUSTER) -ge 1 -a $(FVP_CORES_PER_CLUSTER) -le 4 ] && echo ok),)
$(error FVP_CLUSTERS=$(FVP_CLUSTERS) FVP_CORES_PER_CLUSTER=$(FVP_CORES_PER_CLUSTER): each must be 1 to 4)
endif

PLAT_COMMON_SOURCES := plat/fvp/aarch64/plat_helpers.S plat/fvp/fvp_common.c
PLAT_BL1_SOURCES := $(PLAT_COMMON_SOURCES) plat/fvp/fvp_bl1_setup.c \
	plat/common/aarch64/trusted_mailbox.S
PLAT_TBB_SOURCES := plat/common/plat_trusted_boot.c
PLAT_BL2_SOURCES := $(PLAT_COMMON_SOURCES) plat/fvp/fvp_bl2_setup.c
PLAT_BL31_SOURCES := $(PLAT_COMMON_SOURCES) plat/fvp/fvp_pm.c plat/common/trusted_mailbox.c plat/fvp/fvp_pwrc.c \
	services/arm_sip_svc/arm_sip_svc.c \
	plat/fvp/aarch64/fvp_pm_helpers.S
PLAT_IMAGES :=

# The model loads bl1.bin and fip.bin itself (bp.secureflashloader, bp.flashloader0).
plat_package =

# The model's command line, one source: docs/plat/fvp.rst shows the same.
FVP_ARGS = -C bp.secureflashloader.fname=$(BUILD_DIR)/bl1.bin \
	-C bp.flashloader0.fname=$(BUILD_DIR)/fip.bin \
	$(foreach c,$(wordlist 1,$(FVP_CLUSTERS),0 1 2 3),-C cluster$(c).NUM_CORES=$(FVP_CORES_PER_CLUSTER)) \
	-C bp.secure_memory=0 -C cache_state_modelled=1 \
	-C bp.pl011_uart0.out_file=$(BUILD_BASE)/$(PLAT)/report/console.log \
	-C bp.pl011_uart0.unbuffered_output=1 -C bp.terminal_0.start_telnet=0 \
	-C bp.vis.disable_visualisation=1 -C pctl.startup=0.0.*.*

REPORT_DIR := $(BUILD_BASE)/$(PLAT)/report
.PHONY: _run _bench _test-mem-protect
_run: all
ifeq ($(FVP_BASE),)
	@echo "PLAT=fvp runs in Arm's Base FVP, which is not installed here. With the model:" >&2
	@echo "  make run PLAT=fvp FVP_BASE=<path to FVP_Base_RevC-2xAEMvA>" >&2
	@echo "which runs: <model> $(strip $(FVP_ARGS))" >&2
	@false
else
	@mkdir -p $(REPORT_DIR)
	@echo "$(FVP_BASE) $(strip $(FVP_ARGS))"
	@$(FVP_BASE) $(FVP_ARGS); rc=$$?; \
		python3 tools/rt_report/rt_report.py $(REPORT_DIR)/console.log $(REPORT_DIR) \
		|| exit 1; exit $$rc
endif
_bench _test-mem-protect: all
	@echo "make $(subst _,,$@) runs under QEMU only (PLAT=qemu)." >&2
	@false
