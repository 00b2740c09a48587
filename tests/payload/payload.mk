# The normal-world test payload (BL33), run at NS-EL2. One program, six
# images: the report and conformance run (payload), make bench's micro-
# benchmarks (payload_bench), the MEM_PROTECT reset test
# (payload_mem_protect), make profile's calls (payload_profile), the
# PMF record scenario (payload_pmf_order) and the power paths' real-time
# stress (payload_stress). It
# links the firmware's libraries (libc, console framework and PL011 driver,
# translation-table building, locks, cache maintenance), never its
# platform code, CPU units or EL3 drivers: it learns the machine from the DTB at run time, and
# drives the GIC and its EL2 MMU with its own code (gic.c,
# aarch64/payload_mmu.S).
PAYLOAD_SOURCES := tests/payload/aarch64/payload_entry.S tests/payload/aarch64/smc_regs.S \
	tests/payload/aarch64/payload_mmu.S tests/payload/gic.c \
	tests/payload/payload_main.c tests/payload/topology.c tests/payload/cpus.c \
	tests/payload/rt_instr.c tests/payload/conformance.c tests/payload/bench.c \
	tests/payload/pmf_order.c tests/payload/stress.c \
	tests/payload/smc.c tests/payload/profile.c tests/payload/aarch64/profile_smc.S \
	$(LIBC_STACK_PROTECTOR_SOURCES) \
	$(LIBC_SOURCES) common/log.c drivers/console/console.c \
	drivers/arm/pl011/pl011.c \
	$(AARCH64_HELPER_SOURCES) $(LOCKS_SOURCES) \
	$(XLAT_TABLE_SOURCES)
PAYLOAD_IMAGES := payload payload_bench payload_mem_protect payload_profile payload_pmf_order \
	payload_stress
payload_bench_CPPFLAGS := -DPAYLOAD_MODE_BENCH=1
payload_mem_protect_CPPFLAGS := -DPAYLOAD_MODE_MEM_PROTECT=1
payload_profile_CPPFLAGS := -DPAYLOAD_MODE_PROFILE=1
payload_pmf_order_CPPFLAGS := -DPAYLOAD_MODE_PMF_ORDER=1
payload_stress_CPPFLAGS := -DPAYLOAD_MODE_STRESS=1
# make check's pmf-order and power-stress suites pack them into FIPs of
# their own (tests/integration/pmf_order_test.sh, power_stress_test.sh;
# their needs in tests/suites.toml).

# The scenario table, generated from tools/rt_report/scenarios.py (the
# report's side of it), remade when that file's content changes.
RT_SCENARIOS_H := $(BUILD_DIR)/include/rt_scenarios.h
$(RT_SCENARIOS_H): tools/rt_report/scenarios.py FORCE
	@$(call if_changed,GEN     $@,tools/rt_report/scenarios.py) \
		python3 -m tools.rt_report.scenarios --c-header $@
$(foreach p,$(PAYLOAD_IMAGES),$(BUILD_DIR)/$(p)/tests/payload/rt_instr.o): $(RT_SCENARIOS_H)
# ITERATIONS and the other options only the payload reads
# ($(PAYLOAD_OPTIONS)): changing one rebuilds the payload, not the firmware.
$(foreach p,$(PAYLOAD_IMAGES),$(eval $(p)_CPPFLAGS += -include $(PAYLOAD_CONFIG_H))\
	$(eval $(p)_CONFIG_H := $(PAYLOAD_CONFIG_H)))

# libfdt's headers, before the payload's objects compile.
$(foreach p,$(PAYLOAD_IMAGES),$(BUILD_DIR)/$(p)/tests/payload/topology.o): \
	CPPFLAGS_COMMON += -I$(LIBFDT_INC)
$(foreach p,$(PAYLOAD_IMAGES),$(BUILD_DIR)/$(p)/tests/payload/topology.o): | $(LIBFDT_A)
