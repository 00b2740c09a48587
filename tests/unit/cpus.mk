# The tests of lib/cpus (the CPU units, include/lib/cpus/cpu_ops.h) and of
# what answers from them (the Arm architecture service's SMCCC_ARCH_FEATURES
# and SOC_ID, the Errata Management ABI): on the host under ASan and UBSan,
# with the firmware's units linked in their section as the images link
# them (tests/unit/cpu_ops.ld.S); and the assembly walk of their rows on
# AArch64 under qemu-aarch64, every register access recorded
# (tests/unit/test_cpu_rows.c).

UNIT_CPU_OPS_LD := $(UNIT_DIR)/cpu_ops.ld
$(UNIT_CPU_OPS_LD): tests/unit/cpu_ops.ld.S include/common/bl_common.ld.h tests/unit/cpus.mk
	@mkdir -p $(@D)
	@$(HOSTCC) -E -P -x assembler-with-cpp -Iinclude $< -o $@
# Every mitigation built (as on N1SDP), or none (as on QEMU).
CPUS_MIT_1 := -DWORKAROUND_CVE_2018_3639=1 -DWORKAROUND_CVE_2022_23960=1 \
	-DWORKAROUND_CVE_2025_10263=1
CPUS_MIT_0 := $(subst =1,=0,$(CPUS_MIT_1))
CPUS_FLAGS := $(UNIT_FAKE) -DIMAGE_BL31=1
CPUS_LIB := lib/cpus/cpu_ops.c lib/cpus/errata.c $(CPU_UNIT_SOURCES)
# $(call cpus_test,NAME,SOURCES,FLAGS[,MAIN]): a host test linking units.
cpus_test = $(eval $(call unit_test,$(1),$(2),$(3),-Wl$(comma)-T$(comma)$(UNIT_CPU_OPS_LD),$(4),\
	$(UNIT_CPU_OPS_LD)))

# The units' look-up and cache levels, without and with the IMPLEMENTATION
# DEFINED registers.
$(call cpus_test,cpus,$(CPUS_LIB) lib/cpus/cpu_dcsw.c,$(CPUS_FLAGS) $(CPUS_MIT_0))
$(call cpus_test,cpus_n1,$(CPUS_LIB) lib/cpus/cpu_dcsw.c,$(CPUS_FLAGS) $(CPUS_MIT_0) \
	-DPLAT_CPU_IMPDEF_REGS=1,tests/unit/test_cpus.c)
# The rows against the facts: as on silicon (the registers, every mitigation) and on QEMU.
$(call cpus_test,errata,$(CPUS_LIB),$(CPUS_FLAGS) $(CPUS_MIT_1) -DPLAT_CPU_IMPDEF_REGS=1 -DPLAT_CPU_EXTERNAL_LLC=1 \
	-DFAKE_RECORD_TLBI)
$(call cpus_test,errata_qemu,$(CPUS_LIB),$(CPUS_FLAGS) $(CPUS_MIT_0) -DFAKE_RECORD_TLBI,\
	tests/unit/test_errata.c)
# SMCCC_ARCH_FEATURES, SOC_ID and the workaround calls on simulated CPUs.
$(foreach m,0 1,$(call cpus_test,arm_arch_svc_mit$(m),services/arm_arch_svc/arm_arch_svc.c \
	$(CPUS_LIB),$(CPUS_FLAGS) $(CPUS_MIT_$(m)),tests/unit/test_arm_arch_svc.c))
# The Errata Management ABI, without and with the registers.
$(foreach i,0 1,$(call cpus_test,errata_abi_impdef$(i),services/std_svc/errata_abi.c \
	$(CPUS_LIB),$(CPUS_FLAGS) $(CPUS_MIT_$(i)) -DPLAT_CPU_IMPDEF_REGS=$(i),\
	tests/unit/test_errata_abi.c))

# The assembly walk: an AArch64 Linux static binary of the firmware's
# units, lib/cpus' C and cpu_helpers.S (recording, tests/unit/
# cpu_rows_record.S), with its own asm_offsets.h from the same source (the
# layout is LP64's as in the firmware); run under qemu-aarch64, built as on
# QEMU (no registers, no mitigation) and as on silicon (both).
CPU_ROWS_DIR := $(UNIT_DIR)/cpu_rows
CPU_ROWS_FLAGS := -O2 -g -std=gnu11 -Wall -Wextra -Werror $(CPUS_FLAGS) -Iinclude \
	-I$(CPU_ROWS_DIR)/include -I$(UNIT_DIR)/include
$(CPU_ROWS_DIR)/include/asm_offsets.h: lib/el3_runtime/asm_offsets.c tests/unit/cpus.mk | $(UNIT_PMF_ABI_H)
	@mkdir -p $(@D)
	@$(SHA2_A64_CC) $(CPU_ROWS_FLAGS) -S $< -o $@.s
	@$(asm_offsets_from_s)
UNIT_TEST_MAINS += tests/unit/test_cpu_rows.c
define cpu_rows_test
UNIT_TESTS += $(UNIT_DIR)/test_cpu_rows_$(1)
$(CPU_ROWS_DIR)/$(1)/record.o: tests/unit/cpu_rows_record.S lib/cpus/aarch64/cpu_helpers.S \
		include/lib/cpus/cpu_ops.h include/lib/cpus/cpu_regs.h \
		$(CPU_ROWS_DIR)/include/asm_offsets.h tests/unit/cpus.mk
	@mkdir -p $$(@D)
	@$$(SHA2_A64_CC) $(CPU_ROWS_FLAGS) $(2) -D__ASSEMBLY__=1 -c $$< -o $$@
$(UNIT_DIR)/test_cpu_rows_$(1).elf: tests/unit/test_cpu_rows.c $(CPUS_LIB) \
		$(CPU_ROWS_DIR)/$(1)/record.o $(UNIT_CPU_OPS_LD) tests/unit/test.h tests/unit/cpus.mk
	@echo "  A64CC   $$@"
	@$$(SHA2_A64_CC) $(CPU_ROWS_FLAGS) $(2) -static tests/unit/test_cpu_rows.c $(CPUS_LIB) \
		$(CPU_ROWS_DIR)/$(1)/record.o -Wl,-T,$(UNIT_CPU_OPS_LD) -Wl,--no-warn-rwx-segments -o $$@
$(UNIT_DIR)/test_cpu_rows_$(1): $(UNIT_DIR)/test_cpu_rows_$(1).elf tests/unit/cpus.mk
	@printf '%s\n' '#!/bin/sh' 'exec timeout 60 qemu-aarch64 -cpu cortex-a57 $$(abspath $$<)' >$$@
	@chmod +x $$@
endef
$(eval $(call cpu_rows_test,qemu,$(CPUS_MIT_0) -DPLAT_CPU_IMPDEF_REGS=0))
$(eval $(call cpu_rows_test,silicon,$(CPUS_MIT_1) -DPLAT_CPU_IMPDEF_REGS=1 -DPLAT_CPU_EXTERNAL_LLC=1))
