BL31_SOURCES := bl31/aarch64/bl31_entrypoint.S bl31/aarch64/runtime_exceptions.S \
	$(CPUS_SOURCES) \
	bl31/bl31_main.c common/bl_common.c common/crash.c common/aarch64/crash.S \
	common/runtime_svc.c common/version.c \
	$(EL3_CONTEXT_SOURCES) $(PMF_SOURCES) $(PSCI_SOURCES) $(PSCI_ASM_SOURCES) \
	services/std_svc/std_svc.c services/std_svc/errata_abi.c services/arm_arch_svc/arm_arch_svc.c \
	services/ven_el3/ven_el3_svc.c \
	drivers/arm/gic/gicv3.c
