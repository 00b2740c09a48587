# The runtime services are found, not listed: every services/<name>/*.c is
# linked, and each registers itself with DECLARE_RT_SVC in the section
# common/runtime_svc.c walks (include/common/runtime_svc.h). A service only
# some platforms have lives in services/optional/<name>/ and is linked
# where the platform's PLAT_BL31_SOURCES names it (Arm's SiP service:
# PLAT_ARM_SIP_PMF follows, Makefile).
BL31_SERVICE_SOURCES := $(sort $(wildcard services/*/*.c))

BL31_SOURCES := bl31/aarch64/bl31_entrypoint.S bl31/aarch64/runtime_exceptions.S \
	$(CPUS_SOURCES) \
	bl31/bl31_main.c common/bl_common.c common/crash.c common/aarch64/crash.S \
	common/runtime_svc.c common/version.c \
	$(EL3_CONTEXT_SOURCES) $(PMF_SOURCES) $(PSCI_SOURCES) $(PSCI_ASM_SOURCES) \
	$(BL31_SERVICE_SOURCES) \
	drivers/arm/gic/gicv3.c
