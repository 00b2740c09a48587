# n1fw: EL3 secure firmware for Arm Neoverse N1 systems.
#
#   make [PLAT=qemu] [DEBUG=0] [CROSS_COMPILE=aarch64-linux-gnu-] [CC=clang]
#   make run        build what is missing and boot it in QEMU
#   make compare REF=<git ref>   the report and make bench against that revision
#   make docs       the documentation, with the latest report, to HTML
#   make check      host unit tests + QEMU integration tests
#   make help       list the build options
#
# Every option is declared once (make_helpers/options.mk explains how); the
# resolved configuration lands in $(BUILD_DIR)/config.{h,mk}.

.DEFAULT_GOAL := all
MAKEFLAGS += --no-builtin-rules
SHELL := /bin/bash

# ---------------------------------------------------------------------------
# Every make of this tree runs in the tree's top folder (`make -f
# path/Makefile` from anywhere works) and holds its build tree's lock
# (make_helpers/locked.sh): two makes writing one build/ at once would mix
# their configurations. A make that does not yet run there, or does not hold
# the lock, starts the one that does and does nothing else; a path on its
# command line that is relative to where it was started is passed on whole.
# Nothing is written before the paths are known to be usable: make's words
# are split at spaces, so a checkout or BUILD_BASE with one is refused.
# ---------------------------------------------------------------------------
TOP := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
ifneq ($(origin BUILD_BASE),command line)
BUILD_BASE := build
endif
ifneq ($(words $(TOP)),1)
$(error This checkout's path, '$(TOP)', has a space in it, which make cannot handle: move or link it to a path without one)
endif
ifneq ($(words $(BUILD_BASE) $(DEPS_DIR)),$(if $(DEPS_DIR),2,1))
$(error BUILD_BASE='$(BUILD_BASE)' DEPS_DIR='$(DEPS_DIR)': a path with a space in it, which make cannot handle: choose one without)
endif
LOCK_KEY := $(if $(filter command line,$(origin BUILD_BASE)),$(abspath $(BUILD_BASE)),$(TOP)/$(BUILD_BASE))
# Goals that write nothing: no lock, no configuration written (make report
# reads a build and writes only its report, outside the build trees).
NO_WRITE_GOALS := help report plat-info
ifneq ($(CURDIR)$(if $(filter-out $(NO_WRITE_GOALS),$(or $(MAKECMDGOALS),all)),$(filter $(LOCK_KEY),$(N1FW_LOCKED)),$(LOCK_KEY)),$(TOP)$(LOCK_KEY))
GOALS := $(or $(MAKECMDGOALS),all)
# Command-line values naming an existing relative path (BL33=, ROT_KEY=,
# BASELINE=...) and the build tree itself, as absolute paths.
abs_cmdline = $(foreach v,$(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v))),\
	$(if $(filter BUILD_BASE DEPS_DIR,$(v))$(and $(filter 1,$(words $($(v)))),$(filter-out /%,$($(v))),\
	$(wildcard $($(v)))),$(v)=$(abspath $($(v)))))
.PHONY: $(GOALS)
$(firstword $(GOALS)):
	@$(if $(filter-out $(NO_WRITE_GOALS),$(GOALS)),bash $(TOP)/make_helpers/locked.sh $(LOCK_KEY)) \
		$(MAKE) --no-print-directory -C $(TOP) $(if $(filter-out $(TOP),$(CURDIR)),$(abs_cmdline)) \
		$(MAKECMDGOALS)
$(wordlist 2,$(words $(GOALS)),$(GOALS)): $(firstword $(GOALS))
	@:
else

# The variables the command line sets, taken before any makefile's
# `override` (a platform's facts, plat_constant) hides where they came
# from: each must be an option or a target variable (checked at the end).
CMDLINE_VARIABLES := $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v)))

include make_helpers/options.mk

# V=1 prints each command the build runs (TF-A's V), not only its
# "  CC  file" line.
$(call target_variable,V,,1 prints each command the build runs (TF-A's V=1))
ifneq ($(filter-out 0 1,$(V)),)
$(error V=$(V) is not 0 or 1)
endif
Q := $(if $(filter 1,$(V)),,@)

empty :=
space := $(empty) $(empty)
comma := ,
# make profile's named paths: the keys of tools/profile/paths.py's PATHS
# (read when needed: make help, make profile).
PROFILE_PATHS = $(shell sed -n '/^PATHS = {/,/^}/s/^    "\([a-z_0-9]*\)": \[$$/\1/p' tools/profile/paths.py)

# ---------------------------------------------------------------------------
# Generic options
# ---------------------------------------------------------------------------
include make_helpers/plat.mk
$(call str_option,PLAT,qemu,Target platform)
# (The platforms' titles, read when make help prints them.)
OPTION_HELP_PLAT = Target platform: $(PLATFORM_TITLES)
$(call bool_option,DEBUG,0,1 builds with assertions and -Og into build/<plat>/debug)
$(call str_option,CROSS_COMPILE,aarch64-linux-gnu-,Prefix of the AArch64 GNU toolchain (any triplet: aarch64-none-elf- works too))
$(call int_option,LOG_LEVEL,$(if $(filter 1,$(DEBUG)),40,20),Console verbosity: 10 error; 20 notice; 30 warning; 40 info; 50 verbose)

BUILD_TYPE := $(if $(filter 1,$(DEBUG)),debug,release)
BUILD_DIR := $(BUILD_BASE)/$(PLAT)/$(BUILD_TYPE)

# Third-party code from Debian is fetched into DEPS_DIR, never vendored
# (defined before the platform's makefile, which may use it): a
# cache shared by every build, including the test suites' own builds under
# other BUILD_BASEs (they inherit it from the environment).
DEPS_DIR ?= $(abspath $(BUILD_BASE))/deps
export DEPS_DIR
$(call target_variable,DEPS_DIR,,where fetched Debian packages are cached (default: BUILD_BASE/deps))

# libfdt: Debian's libfdt-dev arm64 static library (make_helpers/fetch_deb.sh).
LIBFDT_DIR := $(DEPS_DIR)/libfdt-dev
LIBFDT_A := $(LIBFDT_DIR)/root/usr/lib/aarch64-linux-gnu/libfdt.a
LIBFDT_INC := $(LIBFDT_DIR)/root/usr/include
$(LIBFDT_A):
	@bash make_helpers/fetch_deb.sh libfdt-dev:arm64 $(LIBFDT_DIR)
	@touch $@

include make_helpers/debian_sources.mk
include make_helpers/tfa.mk
include make_helpers/n1sdp_model.mk

PLATFORM_MAKEFILE := plat/$(PLAT)/platform.mk
ifeq ($(filter $(PLAT),$(PLATS)),)
$(error PLAT=$(PLAT) is not a platform: choose one of $(PLATS))
endif
# The options the platform.mk declares are its own; every other option,
# every platform has.
OPTIONS_BEFORE_PLAT := $(OPTIONS)
include $(PLATFORM_MAKEFILE)
$(call platform_contract_check)
# The deprecated Arm SiP PMF IDs are answered where the platform links the
# Arm SiP service (services/optional/arm_sip_svc): the code and the payload's
# expectations follow from that one line of its platform.mk.
$(call plat_constant,PLAT_ARM_SIP_PMF,$(if $(filter services/optional/arm_sip_svc/%,$(PLAT_BL31_SOURCES)),1,0))
PLATFORM_OPTIONS := $(filter-out $(OPTIONS_BEFORE_PLAT),$(OPTIONS))

# Options whose default the platform may set through PLAT_DEFAULT_<NAME>.
$(call bool_option,ENABLE_RUNTIME_INSTRUMENTATION,$(or $(PLAT_DEFAULT_ENABLE_RUNTIME_INSTRUMENTATION),0),Time-stamp PSCI powerdown/wakeup/cache-flush points into PMF buffers readable by SMC)
$(call bool_option,PMF_RING,$(ENABLE_RUNTIME_INSTRUMENTATION),Every PSCI power call's record (its six timestamps, power_state, outcome) in per-CPU rings in non-secure DRAM the normal world reads without an SMC (docs/design/pmf.rst; needs ENABLE_RUNTIME_INSTRUMENTATION=1))
ifeq ($(ENABLE_RUNTIME_INSTRUMENTATION)$(PMF_RING),01)
$(error PMF_RING=1 needs ENABLE_RUNTIME_INSTRUMENTATION=1: the ring holds the runtime-instrumentation timestamps)
endif
$(call bool_option,ENABLE_ASSERTIONS,$(DEBUG),Keep assert() checks in the images)
$(call bool_option,SMC_FAST_PATHS,1,BL31's vectors answer reserved function IDs$(comma) SMCCC_VERSION and PSCI_VERSION themselves; 0: every SMC takes the C dispatcher$(comma) whose answers they must equal (make check's fast-paths suite boots both and compares; docs/design/architecture.rst))
$(call bool_option,WORKAROUND_CVE_2022_23960,$(or $(PLAT_DEFAULT_WORKAROUND_CVE_2022_23960),0),Spectre-BHB (CVE-2022-23960): BL31 runs the branch-history loop on every lower-EL entry of the CPUs whose unit has the row (Neoverse N1 and Cortex-A76: 24 branches; Cortex-A57/A72: 8; docs/plat/n1sdp.rst))
$(call bool_option,WORKAROUND_CVE_2018_3639,$(or $(PLAT_DEFAULT_WORKAROUND_CVE_2018_3639),0),Speculative store bypass (CVE-2018-3639) at reset: PSTATE.SSBS = 0 where FEAT_SSBS (Neoverse N1; with erratum 3324349's ISB); load-pass-store off on Cortex-A57/A72)
$(call bool_option,WORKAROUND_CVE_2025_10263,$(or $(PLAT_DEFAULT_WORKAROUND_CVE_2025_10263),0),CVE-2025-10263 (Arm notice 112137): a TLBI VALE3IS and DSB ISH after every broadcast TLBI and its DSB EL3 runs; on by default where the platform's cores are affected)
$(call bool_option,PSCI_OS_INIT_MODE,$(or $(PLAT_DEFAULT_PSCI_OS_INIT_MODE),0),PSCI OS-initiated mode: PSCI_SET_SUSPEND_MODE and OSI CPU_SUSPEND)
$(call str_option,BL33,,Normal-world image to pack as BL33 (default: the built-in test payload))
$(call int_option,ITERATIONS,1,make run: how many times the payload runs each runtime-instrumentation scenario in one boot (1 to 100); the tables show the median per core)
PAYLOAD_OPTIONS += ITERATIONS
$(call bool_option,PAYLOAD_POWERDOWN_SUSPEND,1,0: the payloads make no CPU_SUSPEND that powers a core down (the report's four CPU_SUSPEND scenarios and the lead's row of CPU_OFF_SERIAL$(comma) make profile's cpu_suspend: SKIPPED with the reason)$(comma) for a firmware that does not come back from one on QEMU: TF-A 2.8's QEMU port (make compare-tfa))
PAYLOAD_OPTIONS += PAYLOAD_POWERDOWN_SUSPEND
$(call int_option,RUN_TIMEOUT,300,make run: wall-clock limit in seconds (0: none, e.g. for an interactive BL33); on expiry it prints where each CPU is and fails)

ifeq ($(shell [ $$(( $(ITERATIONS) )) -ge 1 -a $$(( $(ITERATIONS) )) -le 100 ] && echo ok),)
$(error ITERATIONS=$(ITERATIONS): it must be 1 to 100)
endif

# BL33= must be an image: a readable, non-empty file (packed as it is; the
# FIP cannot hold an empty one). A file of a Debian package not installed
# is named with its package.
ifneq ($(BL33),)
ifneq ($(words $(BL33)),1)
$(error BL33='$(BL33)': a path with a space in it, which make cannot handle)
endif
BL33_PROBLEM := $(shell f='$(BL33)'; if [ -d "$$f" ]; then echo 'is a directory, not an image'; \
	elif [ ! -e "$$f" ]; then echo 'no such file'; elif [ ! -f "$$f" ]; then echo 'is not a regular file'; \
	elif [ ! -r "$$f" ]; then echo 'cannot be read'; elif [ ! -s "$$f" ]; then echo 'is empty'; fi)
ifneq ($(BL33_PROBLEM),)
$(error BL33=$(BL33): $(BL33_PROBLEM)$(if $(and $(filter no,$(firstword $(BL33_PROBLEM))),$(filter /usr/lib/u-boot/%,$(BL33))), \
	(Debian's U-Boot: install it with apt-get install --no-install-recommends u-boot-qemu)))
endif
endif

# ---------------------------------------------------------------------------
# Toolchain. GCC by default; `make CC=clang` uses LLVM throughout (lld,
# llvm-objcopy, llvm-nm). Nothing depends on the toolchain's OS triplet.
# ---------------------------------------------------------------------------
ifeq ($(origin CC),default)
CC := $(CROSS_COMPILE)gcc
endif
ifneq ($(findstring clang,$(notdir $(CC))),)
TOOLCHAIN := llvm
TARGET_FLAGS := --target=aarch64-none-elf
LD := ld.lld
OBJCOPY := llvm-objcopy
NM := llvm-nm
else
TOOLCHAIN := gnu
TARGET_FLAGS :=
LD := $(CROSS_COMPILE)ld
OBJCOPY := $(CROSS_COMPILE)objcopy
NM := $(CROSS_COMPILE)nm
endif

# The compiler's own freestanding headers (stdint.h, stddef.h, stdarg.h) only:
# -nostdinc keeps the toolchain's C library headers out of the firmware.
COMPILER_INCLUDE := $(shell $(CC) $(TARGET_FLAGS) -print-file-name=include 2>/dev/null)

# Goals that start a make of their own in this build tree (run, bench, docs,
# check...), after installing what they need (make_helpers/deps.sh).
SUBMAKE_GOALS := run bench test-mem-protect compare compare-tfa docs etm-decode profile check check-quick scaling mitigations test-profile linux-latency lava-jobs lava-run
# A compiler that cannot run is named before anything is built, by every
# goal that compiles the firmware itself (the others install it first, or
# build host tools only).
NO_CC_GOALS := $(NO_WRITE_GOALS) clean realclean distclean fiptool cert_create format format-check \
	unit-tests fuzz $(SUBMAKE_GOALS)
ifeq ($(COMPILER_INCLUDE),)
ifneq ($(filter-out $(NO_CC_GOALS),$(or $(MAKECMDGOALS),all)),)
$(error CC=$(CC): no such compiler$(if $(filter $(CROSS_COMPILE)gcc,$(CC)), (CROSS_COMPILE=$(CROSS_COMPILE))): \
	$(if $(filter aarch64-linux-gnu-gcc,$(CC)),install Debian's with apt-get install --no-install-recommends \
	gcc-aarch64-linux-gnu (make run and make check install what they need),give a compiler on PATH))
endif
endif

HOSTCC ?= cc
HOST_CFLAGS := -O2 -g -std=gnu11 -Wall -Wextra -Werror -Wundef -Iinclude
# The host compiler and its flags: every host tool and test depends on it,
# so that HOSTCC= rebuilds them.
HOST_TOOLCHAIN_STAMP := $(BUILD_BASE)/tools/host-toolchain.stamp
HOST_TOOLCHAIN_TEXT = $(HOSTCC) $(HOST_CFLAGS)
$(call stamp_file,$(HOST_TOOLCHAIN_STAMP),HOST_TOOLCHAIN_TEXT)

WARNINGS := -Wall -Wextra -Werror -Wundef -Wmissing-prototypes -Wstrict-prototypes \
	-Wshadow -Wpointer-arith -Wvla

# -mgeneral-regs-only: EL3 never touches FP/SIMD registers, so the normal
# world's FP state survives every SMC without being saved.
# -mstrict-align: code that runs with the MMU off sees Device memory, where an
# unaligned access faults (ARM DDI 0487 B2.5.2).
# -mno-outline-atomics: no calls into a libgcc we do not link.
TF_CFLAGS := $(TARGET_FLAGS) -march=armv8-a -mgeneral-regs-only -mstrict-align \
	-mno-outline-atomics -ffreestanding -fno-common -nostdinc \
	-isystem $(COMPILER_INCLUDE) \
	-fno-pic -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
	-ffunction-sections -fdata-sections -std=gnu11 -g \
	$(if $(filter 1,$(DEBUG)),-Og,-O2) $(WARNINGS)
TF_ASFLAGS := $(TARGET_FLAGS) -march=armv8-a -g -D__ASSEMBLY__ -nostdinc \
	-isystem $(COMPILER_INCLUDE)
TF_LDFLAGS := --gc-sections --fatal-warnings -nostdlib -static --no-dynamic-linker \
	-z noexecstack -z norelro --build-id=none
# GNU ld warns about a segment with RWX permissions: our images are flat
# binaries whose permissions come from our own page tables, not ELF segments.
ifeq ($(TOOLCHAIN),gnu)
TF_LDFLAGS += --no-warn-rwx-segments
# Keep GCC from turning the loops inside memcpy/memset into calls to themselves.
TF_CFLAGS += -fno-tree-loop-distribute-patterns
endif

# The firmware images are optimised at link time: each library keeps its
# own files and interfaces (lib/psci's state behind accessors, say) while
# the SMC and PSCI paths lose the calls between them. GCC's LTO runs in its
# driver, so GNU links go through it; lld does LTO itself. The test payload
# is built without, so make bench's loop around each call stays the same.
# lib/libc/string.c stays out of it: the compiler emits calls to memcpy
# and memset of its own while optimising, after LTO may have dropped them.
FIRMWARE_IMAGES := bl1 bl2 bl31
NO_LTO_SOURCES := lib/libc/string.c
LTO_CFLAGS := -flto
LTO_LINK_FLAGS := $(if $(filter gnu,$(TOOLCHAIN)),-flto-partition=one)
# The boot loaders are optimised for size: they run once, from a budget of
# ROM and SRAM, and their hot loops are mbed TLS's big numbers (-O2,
# lib/auth/auth.mk) and lib/libc/string.c's (-O2 here too: it is the one
# that moves the images). BL31's runtime paths stay at
# -O2. An image is one LTO partition (-flto-partition=one): the smallest
# code, and no "serial compilation" warning from GCC's LTO wrapper when a
# large one (BL2 with mbed TLS's ECDSA) would be split in two.
SIZE_IMAGES := bl1 bl2
IMAGE_OPT = $(if $(filter 1,$(DEBUG)),,$(if $(filter $(1),$(SIZE_IMAGES)),-Os))
ifeq ($(TOOLCHAIN),gnu)
LINK_IMAGE = $(CC) $(TF_CFLAGS) $(if $(filter $(1),$(FIRMWARE_IMAGES)),$(LTO_CFLAGS) $(LTO_LINK_FLAGS)) \
	$(call IMAGE_OPT,$(1)) -nostdlib -static -no-pie $(addprefix -Wl$(comma),$(TF_LDFLAGS))
else
LINK_IMAGE = $(LD) $(TF_LDFLAGS) --lto-O2
endif

INCLUDES := -Iinclude -Iinclude/lib/libc -Iplat/$(PLAT)/include $(PLAT_INCLUDES) -Iplat/common/include \
	-I$(BUILD_DIR)/include
VERSION := 0.1$(shell git describe --always --dirty --match none 2>/dev/null | sed 's/^/-/')
# The banner's version (git describe) changes with every commit: its stamp
# recompiles the one file that prints it, nothing else.
VERSION_STAMP := $(BUILD_DIR)/version.stamp
$(call stamp_file,$(VERSION_STAMP),VERSION)
CPPFLAGS_COMMON := $(INCLUDES) -include $(BUILD_DIR)/include/config.h \
	-DPLAT_$(PLAT)=1 -DPLAT_NAME='"$(PLAT)"' -DBUILD_VERSION='"$(VERSION)"' -DBUILD_TYPE_STRING='"$(BUILD_TYPE)"'

# ---------------------------------------------------------------------------
# Resolved configuration, rewritten only when it changes; each object
# depends on the options it names (CONFIG_DEPS, make_helpers/options.mk).
# ---------------------------------------------------------------------------
CONFIG_H := $(BUILD_DIR)/include/config.h
# A stamp an old dependency file names but this build no longer writes: the
# object is remade, never left stale.
$(CONFIG_DIR)/%: ;
# The compiler and its flags are part of it too: changing them rebuilds.
CONFIG_EXTRA := CC TOOLCHAIN BUILD_FLAGS
BUILD_FLAGS = $(TF_CFLAGS) $(LTO_CFLAGS) $(LTO_LINK_FLAGS) $(NO_LTO_SOURCES) -Os:$(SIZE_IMAGES) $(TF_ASFLAGS) $(TF_LDFLAGS)
# The compiler and its flags alone, for third-party code that reads none of
# our configuration (mbed TLS): a topology change does not recompile it.
TOOLCHAIN_STAMP := $(BUILD_DIR)/toolchain.stamp
TOOLCHAIN_TEXT = $(CC) $(TF_CFLAGS)
$(call stamp_file,$(TOOLCHAIN_STAMP),TOOLCHAIN_TEXT)
$(call stamp_file,$(CONFIG_H),config_h_text)
$(call stamp_file,$(BUILD_DIR)/config.mk,config_mk_text)
# Options that only change how the images are run or packed, not built.
CONFIG_RUNTIME_ONLY := BL33 RUN_TIMEOUT $(PLAT_RUNTIME_ONLY)

# The PMF ABI the normal world reads (timestamp indices and names, SMC
# IDs, the call ring's layout), generated from tools/common/pmf.py, its one
# source: include/lib/pmf.h, the payload and tools/pmf_idle include it.
# Remade when that file's content changes; every object waits for it
# (through asm_offsets.h, which includes pmf.h).
PMF_ABI_H := $(BUILD_DIR)/include/pmf_abi.h
$(PMF_ABI_H): tools/common/pmf.py tools/common/generated.py include/lib/psci/psci.h FORCE
	@$(call if_changed,GEN     $@,tools/common/pmf.py tools/common/generated.py include/lib/psci/psci.h) python3 -m tools.common.pmf --c-header $@

# Offsets that assembly uses are generated from the C structures: the
# compiler's assembly of lib/el3_runtime/asm_offsets.c ($@.s), turned into
# #defines by $(asm_offsets_from_s) (also the A64 unit tests', unit.mk).
ASM_OFFSETS_H := $(BUILD_DIR)/include/asm_offsets.h
asm_offsets_from_s = { echo "/* Generated from $<: do not edit. */"; \
	sed -n 's/.*@@ASM_OFFSET \([A-Z0-9_]*\) \#\{0,1\}\(-\{0,1\}[0-9]*\).*/\#define \1 \2/p' $@.s; } > $@
$(ASM_OFFSETS_H): lib/el3_runtime/asm_offsets.c $(CONFIG_DEPS) | $(PMF_ABI_H)
	@echo "  GEN     $@"
	$(Q)$(CC) $(TF_CFLAGS) $(CPPFLAGS_COMMON) -MMD -MP -MT $@ -MF $@.d -S $< -o $@.s
	$(Q)$(call fixdep,$@.d)
	$(Q)$(asm_offsets_from_s)
-include $(ASM_OFFSETS_H).d

# The options only the test payload reads (make_helpers/options.mk).
PAYLOAD_CONFIG_H := $(BUILD_DIR)/include/payload_config.h
$(call stamp_file,$(PAYLOAD_CONFIG_H),payload_config_h_text)

# ---------------------------------------------------------------------------
# Image rules: $(call make_image,name,sources,linker-script[,libraries])
# Each object is one shell, its folder made only when missing: a rebuild's
# time is mostly processes started, two or three fewer per object.
# Each image compiles its own copy of shared sources with -DIMAGE_<NAME>=1
# and $(<name>_CPPFLAGS); $(<name>_CONFIG_H), a configuration header of its
# own, is a prerequisite of each of its objects.
# ---------------------------------------------------------------------------
make_target_dir = [ -d $(@D) ] || mkdir -p $(@D);
define make_image
$(1)_OBJS := $$(addprefix $(BUILD_DIR)/$(1)/,$$(addsuffix .o,$$(basename $(2))))
$(1)_DEFS := -DIMAGE_$(call upper,$(1))=1 $$($(1)_CPPFLAGS)

$(BUILD_DIR)/$(1)/%.o: %.c $(CONFIG_DEPS) $($(1)_CONFIG_H) | $(ASM_OFFSETS_H)
	$$(Q)echo "  CC      $$<"; $$(make_target_dir) \
	$$(CC) $$(TF_CFLAGS) $(if $(filter $(1),$(FIRMWARE_IMAGES)),$$(if $$(filter $$<,$$(NO_LTO_SOURCES)),,$$(LTO_CFLAGS) $(call IMAGE_OPT,$(1)))) \
		$$(CPPFLAGS_COMMON) $$($(1)_DEFS) -MMD -MP -c $$< -o $$@ && $$(call fixdep,$$(@:.o=.d))

$(BUILD_DIR)/$(1)/%.o: %.S $(CONFIG_DEPS) $($(1)_CONFIG_H) | $(ASM_OFFSETS_H)
	$$(Q)echo "  AS      $$<"; $$(make_target_dir) \
	$$(CC) $$(TF_ASFLAGS) $$(CPPFLAGS_COMMON) $$($(1)_DEFS) -MMD -MP -c $$< -o $$@ && \
		$$(call fixdep,$$(@:.o=.d))

$(BUILD_DIR)/$(1)/$(1).ld: $(3) $(CONFIG_DEPS)
	$$(Q)echo "  LDS     $$<"; $$(make_target_dir) \
	$$(CC) $$(TF_ASFLAGS) $$(CPPFLAGS_COMMON) $$($(1)_DEFS) -E -P -x assembler-with-cpp \
		-MMD -MP -MT $$@ -MF $$@.d $$< -o $$@ && $$(call fixdep,$$@.d)

# What is linked: an option that only adds or drops a source (in a .mk)
# relinks the image, though no object left is recompiled. (Paths in the
# tree are named from it, so that a copy of the tree does not relink.)
$(1)_LINK_TEXT = $$(patsubst $(BUILD_DIR)/%,%,$$($(1)_OBJS) $(4))
$$(call stamp_file,$(BUILD_DIR)/$(1)/link.stamp,$(1)_LINK_TEXT)
$(BUILD_DIR)/$(1).elf: $$($(1)_OBJS) $(4) $(BUILD_DIR)/$(1)/$(1).ld $(BUILD_DIR)/$(1)/link.stamp
	@echo "  LD      $$@"
	$$(Q)$$(call LINK_IMAGE,$(1)) -T $(BUILD_DIR)/$(1)/$(1).ld \
		$$(if $$(filter gnu,$$(TOOLCHAIN)),-Wl$$(comma))-Map=$(BUILD_DIR)/$(1)/$(1).map \
		-o $$@ $$($(1)_OBJS) $(4)

$(BUILD_DIR)/$(1).bin: $(BUILD_DIR)/$(1).elf
	$$(Q)echo "  BIN     $$@"; $$(OBJCOPY) -O binary $$< $$@ && NM=$$(NM) bash make_helpers/size_report.sh $$< $(1)

-include $$($(1)_OBJS:.o=.d) $(BUILD_DIR)/$(1)/$(1).ld.d
endef

# Each library lists its sources once, in lib/<name>/<name>.mk, for the
# images, the payload and the host tests.
include $(sort $(wildcard lib/*/*.mk))

COMMON_SOURCES := $(LIBC_SOURCES) \
	common/log.c drivers/console/console.c drivers/arm/pl011/pl011.c \
	$(AARCH64_HELPER_SOURCES) $(LOCKS_SOURCES) $(CPU_DATA_SOURCES) $(XLAT_SOURCES)

include bl1/bl1.mk
include bl2/bl2.mk
include bl31/bl31.mk
include tests/payload/payload.mk
include tools/fiptool/fiptool.mk
include tools/cert_create/cert_create.mk
include make_helpers/trusted_boot.mk
include tests/host/cot_verify.mk
include tests/unit/unit.mk
include $(filter-out tests/unit/unit.mk tests/unit/discovered.mk,$(wildcard tests/unit/*.mk))
# Last: the unit-test files no rule above named (discovered, not listed).
include tests/unit/discovered.mk
include tests/fuzz/fuzz.mk
include tools/profile/profile.mk
include make_helpers/linux_latency.mk

$(eval $(call make_image,bl1,$(COMMON_SOURCES) $(BL1_SOURCES) $(PLAT_BL1_SOURCES),bl1/bl1.ld.S,$(BL1_LIBS)))
$(eval $(call make_image,bl2,$(COMMON_SOURCES) $(BL2_SOURCES) $(PLAT_BL2_SOURCES),bl2/bl2.ld.S,$(BL2_LIBS)))
$(eval $(call make_image,bl31,$(COMMON_SOURCES) $(BL31_SOURCES) $(PLAT_BL31_SOURCES),bl31/bl31.ld.S))
$(foreach p,$(PAYLOAD_IMAGES),$(eval $(call make_image,$(p),$(PAYLOAD_SOURCES),tests/payload/payload.ld.S,$(LIBFDT_A))))

# ---------------------------------------------------------------------------
# FIPs: $(call make_fip,DIR,bl33) packs BL2, BL31, the BL33 image and, with
# trusted board boot, their certificates (made in DIR/certs/) into
# DIR/fip.bin (the platform's flash rules put it where its boot ROM looks).
# The main FIP carries BL33= or the report payload; make bench and the
# MEM_PROTECT test have FIPs of their own under $(BUILD_DIR)/<variant>/.
# ---------------------------------------------------------------------------
# Like the certificates, a FIP is repacked when what it holds changes, by
# content (make_helpers/if_changed.sh), not by time.
define make_fip
$(call cot_certs,$(1),$(2))
$(1)/fip.bin: $(BUILD_DIR)/bl2.bin $(BUILD_DIR)/bl31.bin $(2) $(FIPTOOL) $(call cot_fip_prereqs,$(1)) FORCE
	@mkdir -p $$(@D)
	$$(Q)$$(call if_changed,FIP     $$@,$(BUILD_DIR)/bl2.bin $(BUILD_DIR)/bl31.bin $(2) $(FIPTOOL) \
		$(call cot_fip_files,$(1))) sh -c '$(FIPTOOL) create --tb-fw $(BUILD_DIR)/bl2.bin \
		--soc-fw $(BUILD_DIR)/bl31.bin --nt-fw $(2) $(call cot_fip_args,$(1)) $$@ && \
		$(FIPTOOL) info $$@ | sed "s/^/          /"'
endef

BL33_IMAGE := $(if $(BL33),$(BL33),$(BUILD_DIR)/payload.bin)
FIP := $(BUILD_DIR)/fip.bin

# The FIPs, DIR:PAYLOAD each: DIR under BUILD_DIR (. the main one), the
# payload image it holds as BL33 (the main one holds BL33= when given).
# config.mk carries the list, so that tools/qemu_run knows which payload's
# symbols go with each flash image.
FIP_PAYLOADS := .:payload bench:payload_bench mem-protect:payload_mem_protect profile:payload_profile

# What the host tools read of a build besides its options (config.mk): the
# FIPs; the firmware version the banner prints (a console log finds the
# build that made it by it: tools/rt_report), the compiler and its
# version; which of config.mk's entries are the build options that change
# code (the reports' build options); and, for a platform that stands in
# for a board (PLAT_BOARD, its platform.mk), the board and where this build
# differs from the board's.
CC_VERSION = $(shell $(CC) --version 2>/dev/null | head -n 1)
BUILD_OPTIONS = $(filter-out $(CONFIG_RUNTIME_ONLY),$(OPTIONS))
# The options both platforms have that change the firmware's code (not
# where the build goes or which toolchain builds it: the reports give the
# build type and compiler), NAME=VALUE:BOARD'S VALUE each where this build
# is not at the default: the platform takes the board's defaults, so a
# default here is the board's (tests/host/make_test.sh compares make help
# of both platforms).
BOARD_DIFFERENCES = $(strip $(foreach o,$(filter-out PLAT DEBUG CROSS_COMPILE $(PLATFORM_OPTIONS) \
	$(CONFIG_RUNTIME_ONLY) $(PAYLOAD_OPTIONS),$(OPTIONS)),$(if $(call \
	streq,$($(o)),$(OPTION_DEFAULT_$(o))),,$(o)=$($(o)):$(OPTION_DEFAULT_$(o)))))
CONFIG_MK_FACTS := FIP_PAYLOADS VERSION CC CC_VERSION BUILD_OPTIONS $(PLATFORM_FACTS) $(PLAT_CONFIG_FACTS) \
	$(if $(PLAT_BOARD),PLAT_BOARD PLAT_BOARD_CPU BOARD_DIFFERENCES)
# $(call fip_dir,DIR:PAYLOAD) and $(call fip_bl33,DIR:PAYLOAD): where that
# FIP goes and the image it packs as BL33.
fip_dir = $(patsubst %/.,%,$(BUILD_DIR)/$(firstword $(subst :, ,$(1))))
fip_bl33 = $(if $(filter .:%,$(1)),$(BL33_IMAGE),$(BUILD_DIR)/$(lastword $(subst :, ,$(1))).bin)
$(foreach f,$(FIP_PAYLOADS),$(eval $(call make_fip,$(call fip_dir,$(f)),$(call fip_bl33,$(f))))$(eval \
	$(call plat_package,$(call fip_dir,$(f)))))

# The banner also names the options the images were built with: the first
# 8 hex digits of config.h's SHA-256 (the resolved options, the compiler and
# its flags), which a console log's report matches against its build's
# (tools/rt_report/provenance.py): two builds of one commit print one
# version. Remade, and the images relinked, when config.h changes.
OPTIONS_ID_H := $(BUILD_DIR)/include/options_id.h
$(OPTIONS_ID_H): $(CONFIG_H)
	@echo "  GEN     $@"; { printf '/* Generated from config.h: do not edit. */\n#define BUILD_OPTIONS_ID "'; \
		sha256sum $< | cut -c1-8 | tr -d '\n'; echo '"'; } >$@
$(foreach i,$(FIRMWARE_IMAGES),$(BUILD_DIR)/$(i)/common/version.o): $(VERSION_STAMP) $(OPTIONS_ID_H)

IMAGES := $(BUILD_DIR)/bl1.bin $(BUILD_DIR)/bl2.bin $(BUILD_DIR)/bl31.bin $(FIP) \
	$(PLAT_IMAGES)

# $(call if_changed,MESSAGE,INPUT FILES) COMMAND...: a recipe line that runs
# COMMAND, printing MESSAGE, only when the content of an input or COMMAND
# itself changed since the target was last made (make_helpers/if_changed.sh);
# the target's rule has FORCE among its prerequisites.
if_changed = bash make_helpers/if_changed.sh -m '  $(1)' $@ $(2) --
.PHONY: FORCE
FORCE:

.PHONY: all help clean realclean distclean unit-tests fip bl1 bl2 bl31 certificates certtool
all: $(IMAGES)
	@echo "Built $(PLAT) $(BUILD_TYPE) with $(TOOLCHAIN) into $(BUILD_DIR)/"

# TF-A's targets, as a TF-A user types them (`make PLAT=n1sdp all fip`;
# docs/tfa-users.rst): each image alone, the FIP, the certificates.
$(FIRMWARE_IMAGES): %: $(BUILD_DIR)/%.bin
	@echo "Built $<"
fip: $(FIP)
	@echo "Built $(FIP)"
certtool: cert_create
certificates: $(call cot_fip_prereqs,$(BUILD_DIR))
ifeq ($(TRUSTED_BOARD_BOOT),1)
	@echo "Built $(BUILD_DIR)/certs/"
else
	@echo "make certificates: TRUSTED_BOARD_BOOT=0 makes none" >&2; false
endif

$(call user_target,all,the images$(comma) the FIP and the flash image (the default))
$(call user_target,fip,the FIP alone (TF-A's make fip): build/<plat>/<type>/fip.bin)
$(call user_target,bl1,BL1 alone (TF-A's make bl1); likewise make bl2 and make bl31)
$(call user_target,certificates,the chain of trust's certificates (TF-A's make certificates) into build/<plat>/<type>/certs/)
include make_helpers/run.mk
include make_helpers/check.mk
include make_helpers/lava.mk
$(call user_target,fuzz,libFuzzer on the FIP$(comma) DTB$(comma) SDS and certificate parsers (docs/tools/fuzzing.rst))
$(call user_target,fiptool,the FIP tool (docs/tools/fiptool.rst))
$(call user_target,cert_create,the certificate tool (docs/tools/cert_create.rst); make certtool as in TF-A)
$(call user_target,mbedtls,Debian's mbed TLS built for the firmware)
$(call user_target,unit-tests,the host unit tests' binaries)
$(call user_target,format,clang-format every C file in place)
$(call user_target,format-check,fail when a C file is not as clang-format leaves it)
$(call user_target,clean,remove this build (build/<plat>/<type>))
$(call user_target,realclean,remove every build and the host tools; keep the downloads (build/deps))
$(call user_target,distclean,remove build/ whole$(comma) downloads too)
$(call user_target,help,this list)
help:
	@echo "Targets:"
	@$(foreach t,$(USER_TARGETS),printf '  %-18s %s\n' '$(t)' '$(subst ','\'',$(USER_TARGET_HELP_$(t)))';)
	@echo
	@echo "Other variables (read by the targets named, or by any):"
	@$(foreach v,$(TARGET_VARIABLES),printf '  %-32s %s\n      %s\n' '$(v)=' \
		'$(if $(TARGET_VARIABLE_GOALS_$(v)),make $(subst $(space),$(comma) make ,$(TARGET_VARIABLE_GOALS_$(v))),any)' \
		'$(subst ','\'',$(TARGET_VARIABLE_HELP_$(v)))';)
	@echo
	@echo "Build options (current value; default in brackets):"
	@$(foreach o,$(OPTIONS),printf '  %-32s %-s\n      %s\n' '$(o)=$($(o))' '[$(OPTION_DEFAULT_$(o))]' '$(subst ','\'',$(OPTION_HELP_$(o)))';)

# The tree's C is as clang-format leaves it (.clang-format).
.PHONY: format-check format
format-check:
	@bash tests/host/format_check.sh
format:
	@bash tests/host/format_check.sh --list | xargs clang-format -i

unit-tests: $(UNIT_TESTS)

# TF-A's three: this build; every build and the host tools, keeping the
# downloads (BUILD_BASE/deps: Debian's packages, hundreds of MB); all of it.
clean:
	rm -rf $(BUILD_DIR)
realclean:
	@echo "  RM      $(BUILD_BASE)/* but $(if $(filter $(abspath $(BUILD_BASE))/%,$(DEPS_DIR)),the downloads ($(DEPS_DIR)) and )the lock"
	@find $(BUILD_BASE) -mindepth 1 -maxdepth 1 ! -name '.lock*' \
		$(if $(filter $(abspath $(BUILD_BASE))/%,$(DEPS_DIR)),! -path '$(BUILD_BASE)/$(notdir $(DEPS_DIR))') \
		-exec rm -rf {} +
distclean:
	rm -rf $(BUILD_BASE)

# ---------------------------------------------------------------------------
# Command-line variables that are not build options, and the check that a
# variable given on the command line is one of them or a declared option:
# a misspelt option must not silently build the defaults.
# ---------------------------------------------------------------------------
$(call target_variable,BASELINE,run bench linux-latency,an earlier run's directory (build/<plat>/report/...) to compare with)
$(call target_variable,FAIL_ABOVE,run bench compare,fail when a figure got worse by more than this (e.g. 5%; compare's default); only a difference larger than both runs' spread and one counter tick counts)
$(call target_variable,COMPARE_ANYWAY,run bench compare linux-latency,1 compares runs of different platforms$(comma) topologies or timing (-icount))
$(call target_variable,REF,compare,the git revision to compare with)
$(call target_variable,BUILD_BASE,,where build/ goes (default build))
$(call target_variable,CC,,the compiler$(comma) e.g. clang)
$(call target_variable,HOSTCC,,the host compiler for tools and tests (default cc))
$(call target_variable,PROFILE_PATH,profile,the path to profile)
$(call target_variable,PROFILE_FROM,profile,start point (symbol[+offset]$(comma) 0xaddress$(comma) capture:NAME))
$(call target_variable,PROFILE_TO,profile,end point)
$(call target_variable,PROFILE_VIA,profile,count only starts reached from this function's SMC)
$(call target_variable,PROFILE_TOP,profile,source lines listed (default 20))
$(call target_variable,PROFILE_KEEP,profile,1 keeps the raw instruction trace (hundreds of MB) for a second make profile)
UNKNOWN_VARIABLES := $(filter-out $(OPTIONS) $(TARGET_VARIABLES) MAKEFLAGS,$(CMDLINE_VARIABLES))
# A variable of other targets than these goals (their _internal forms too),
# or than those of the makes that started this one (N1FW_GOALS: make
# scaling's SCALING_TOPOLOGIES reaches the make bench it starts).
N1FW_GOALS := $(strip $(N1FW_GOALS) $(or $(MAKECMDGOALS),all))
export N1FW_GOALS
MISPLACED_VARIABLES := $(strip $(foreach v,$(filter $(TARGET_VARIABLES),$(CMDLINE_VARIABLES)),$(if $(TARGET_VARIABLE_GOALS_$(v)),\
	$(if $(filter $(TARGET_VARIABLE_GOALS_$(v)) $(addprefix _,$(TARGET_VARIABLE_GOALS_$(v))),$(N1FW_GOALS)),,$(v)))))
ifneq ($(MISPLACED_VARIABLES),)
$(error $(foreach v,$(MISPLACED_VARIABLES),$(v)= is read by make $(subst $(space), and make ,$(TARGET_VARIABLE_GOALS_$(v))) only, not by make $(or $(MAKECMDGOALS),all).) See make help)
endif
# Another platform's option (NAME:plat pairs, read from its platform.mk,
# only when a variable is unknown) is named as such rather than matched to
# a look-alike of this platform's.
lparen := (
# (A platform's options include those of the files under plat/ its
# platform.mk includes: a module's, plat/common/qemu/qemu.mk.)
OTHER_PLAT_OPTIONS = $(foreach f,$(filter-out $(PLATFORM_MAKEFILE),$(wildcard plat/*/platform.mk)),\
	$(addprefix :$(patsubst plat/%/platform.mk,%,$(f)):,$(shell sed -n \
	's/^\$$$(lparen)call \([a-z]*_option\|target_variable\),\([A-Za-z0-9_]*\),.*/\2/p' $(f) $$(sed -n \
	's/^include \(plat\/[^ $$]*\.mk\)$$/\1/p' $(f)))))
closest_name = $(shell printf '%s\n' $(OPTIONS) $(TARGET_VARIABLES) | awk -v word=$(1) -f make_helpers/closest.awk)
other_plats_of = $(patsubst :%:$(1),PLAT=%,$(filter :%:$(1),$(OTHER_PLAT_OPTIONS)))
unknown_variable_why = $(if $(call other_plats_of,$(1)),$(1) is an option of $(subst $(space),$(comma)$(space),$(call \
	other_plats_of,$(1))) only (this is PLAT=$(PLAT)),$(1) is not an option$(if $(call \
	closest_name,$(1)), (did you mean $(call closest_name,$(1))?), of this build or of TF-A's that it knows))
# TF-A's options, as a TF-A user types them (make_helpers/tfa_options.csv,
# the table of docs/tfa-users.rst): accepted with a line on what they mean
# here, or refused saying why; read only when a variable is unknown.
ifneq ($(UNKNOWN_VARIABLES),)
tfa_options = $(shell awk -v 'vars=$(foreach v,$(UNKNOWN_VARIABLES),$(v)=$($(v)))' \
	-v 'options=$(foreach o,$(OPTIONS),$(o)=$($(o)))' -v mode=$(1) \
	-f make_helpers/tfa_options.awk make_helpers/tfa_options.csv$(if $(N1FW_TFA_SAID), 2>/dev/null))
TFA_ACCEPTED := $(call tfa_options,accepted)
TFA_KNOWN := $(call tfa_options,known)
TFA_REFUSED := $(call tfa_options,refused)
# (Said once: the makes this one starts take the same command line.)
export N1FW_TFA_SAID := 1
UNKNOWN_VARIABLES := $(filter-out $(TFA_ACCEPTED),$(UNKNOWN_VARIABLES))
endif
ifneq ($(UNKNOWN_VARIABLES),)
$(error $(strip $(TFA_REFUSED) $(foreach v,$(filter-out $(TFA_KNOWN),$(UNKNOWN_VARIABLES)),$(call \
	unknown_variable_why,$(v)).)) See make help$(if $(TFA_KNOWN), and docs/tfa-users.rst))
endif

# The resolved configuration and the stamps that stand for the other
# inputs named by options, each rewritten only when its text changes
# (stamp_file, make_helpers/options.mk). `make help` writes nothing.
ifneq ($(filter-out $(NO_WRITE_GOALS),$(or $(MAKECMDGOALS),all)),)
$(call config_stamps)
$(call write_stamp_files)
endif

# Goals that start a make of their own in this build tree (SUBMAKE_GOALS):
# two of them at once under -j would build the same files side by
# side with each other or with a goal of this make, so a command line naming
# one of them and another goal runs its goals one after another (each
# sub-make still builds with -j).
ifneq ($(and $(filter $(SUBMAKE_GOALS),$(MAKECMDGOALS)),$(word 2,$(MAKECMDGOALS))),)
.NOTPARALLEL:
endif

endif # the build tree's own make
