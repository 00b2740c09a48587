# lib/cpus: one unit per CPU model in lib/cpus/units/ (found here: a new
# core is one new file there), the walker of their rows that runs with no
# stack (BL1 and BL31 reset, power-down) and the rest BL31 and the host
# tests use. include/lib/cpus/cpu_ops.h describes a unit.
CPU_UNIT_SOURCES := $(sort $(wildcard lib/cpus/units/*.c))
# What every reset runs (BL1, and BL31's warm boot).
CPUS_RESET_SOURCES := lib/cpus/aarch64/cpu_helpers.S $(CPU_UNIT_SOURCES)
# BL31's whole library, and the C of it the host tests build.
CPUS_C_SOURCES := lib/cpus/cpu_ops.c lib/cpus/cpu_dcsw.c lib/cpus/errata.c lib/cpus/cpu_entry.c \
	$(CPU_UNIT_SOURCES)
CPUS_SOURCES := lib/cpus/aarch64/cpu_helpers.S $(CPUS_C_SOURCES)
