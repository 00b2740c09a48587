# The Arm Compute Subsystem module (plat/arm/css/include/css_pm.h): what a
# CSS board's platform.mk adds, after including this file, to its images'
# sources: CSS_BL31_SOURCES (power control through the SCP over SCMI and the
# MHU, the trusted mailbox BL1 sends woken cores on with, the power-down
# hook of a power controller that removes power at WFI) and
# CSS_BL2_SOURCES (the SCP's Shared Data Structures, drivers/arm/css/sds.c,
# which the board reads its own structures from); CSS_BL1_SOURCES (the
# mailbox's reader); its header's folder is on PLAT_INCLUDES.
PLAT_INCLUDES += -Iplat/arm/css/include
CSS_BL1_SOURCES := plat/common/aarch64/trusted_mailbox.S
CSS_BL2_SOURCES := drivers/arm/css/sds.c
CSS_BL31_SOURCES := plat/arm/css/css_pm.c plat/arm/css/css_power_state.c \
	drivers/arm/css/scmi.c drivers/arm/css/scmi_msg.c plat/common/trusted_mailbox.c \
	plat/common/aarch64/plat_pwr_down_wake.S
