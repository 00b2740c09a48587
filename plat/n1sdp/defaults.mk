# The N1SDP board's defaults of the options every platform has
# (PLAT_DEFAULT_<NAME>, read where the Makefile declares each option).
# PLAT=qemu takes them too (plat/qemu/platform.mk): what QEMU measures is
# the firmware the board runs (docs/perf/qemu-and-board.rst).

PLAT_DEFAULT_ENABLE_RUNTIME_INSTRUMENTATION := 1
# Neoverse N1 needs these mitigations, as TF-A's N1SDP port has them
# (lib/cpus/units/neoverse_n1.c): the Spectre-BHB loop, PSTATE.SSBS = 0 at
# reset (CVE-2018-3639) and CVE-2025-10263's second TLBI (Arm notice 112137).
PLAT_DEFAULT_WORKAROUND_CVE_2022_23960 := 1
PLAT_DEFAULT_WORKAROUND_CVE_2018_3639 := 1
PLAT_DEFAULT_WORKAROUND_CVE_2025_10263 := 1
# OS-initiated mode: PSCI_SET_SUSPEND_MODE is offered and PSCI_FEATURES says
# so. TF-A's N1SDP leaves it off; here it only makes the call available
# (lib/psci/psci_smc.c): the platform-coordinated paths run the same
# instructions either way (docs/perf/qemu-and-board.rst), and QEMU's
# conformance suite then tests the mode the board ships.
PLAT_DEFAULT_PSCI_OS_INIT_MODE := 1
