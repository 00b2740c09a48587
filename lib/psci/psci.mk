# lib/psci (docs/design/psci.rst): its C, for BL31 and the host tests (the
# model test, its mutants), and BL31's power-down tail in assembly.
PSCI_SOURCES := lib/psci/psci_smc.c lib/psci/psci_system.c lib/psci/psci_suspend.c \
	lib/psci/psci_on_off.c lib/psci/psci_state.c lib/psci/psci_coord.c
PSCI_ASM_SOURCES := lib/psci/aarch64/psci_pwr_down.S
