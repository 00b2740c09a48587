# The platforms, and the contract of a platform's platform.mk. A platform is
# a folder plat/<name>/ with a platform.mk: every list of platforms (make
# help, lint, make check's builds and boots, the unit tests, LAVA, the docs
# index) is found by looking at plat/*/, never kept by hand
# (docs/porting-guide.rst, "platform.mk").
#
# A platform.mk sets:
#
#   PLAT_TITLE        the platform's name, on one line (make help, the
#                     report's title, the boot's console: PLAT_TITLE in C)
#   PLAT_RUNNER       qemu | fvp | n1sdp-model | none: what runs the images
#                     (n1sdp-model: n1fw's QEMU model of the N1SDP,
#                     make_helpers/n1sdp_model.mk)
#                     (make_helpers/run.mk)
#   PLAT_RUN_HELP     how they run on it; with none, why nothing here can,
#                     and how they run on the board (a target that cannot
#                     run is refused saying so)
#   PLAT_DOC          its page, docs/plat/<name>.rst
#   PLAT_CI_BUILDS    the build shapes make check builds: default, or its
#                     options, VAR=VALUE joined by commas (make check's
#                     platforms suite; plat/<name>/tests/ci_test.sh, if
#                     there, checks each)
#   PLAT_BL1_SOURCES, PLAT_BL2_SOURCES, PLAT_BL31_SOURCES
#                     each image's platform sources
#
# and may set:
#
#   PLAT_TBB_SOURCES  trusted board boot's hooks (BL1, BL2 with TRUSTED_BOARD_BOOT=1)
#   PLAT_INCLUDES     more -I folders (a shared module's, plat/arm/css/css.mk)
#   PLAT_IMAGES       outputs beyond the images and the FIP (QEMU's flash.bin),
#                     and plat_package, $(call plat_package,DIR), their rules
#   PLAT_LINT_DEFINES more -D for cppcheck than the configuration's (tests/host/lint.sh)
#   PLAT_LAVA_DEVICE_TYPE  the LAVA device type its jobs ask for (qemu,
#                     fvp, n1sdp: tools/lava/lava_jobs.py); none: no job
#   PLAT_LAVA_IMAGES  the images its LAVA job deploys
#   PLAT_LAVA_JOBS_ARGS    more arguments of tools/lava/lava_jobs.py, and
#   PLAT_LAVA_PREREQUISITES  what they need built
#   PLAT_BOARD, PLAT_BOARD_CPU  the board a platform stands in for, and its
#                     CPU (the reports say where a build differs from it)
#   PLAT_DEFAULT_<OPTION>  its default of a generic option
#   PLAT_CONFIG_FACTS names of variables of its own written to config.mk
#                     (tools/qemu_run reads a QEMU machine's there)
#   PLAT_RUNTIME_ONLY options of its own that change how the images run,
#                     not what is built (no rebuild, kept out of the
#                     build options the reports list)
#   $(call plat_constant,NAME,VALUE)  a fact code, make and the tools read
#                     (config.h and config.mk)
#
# and what make derives from it, never set by hand (config.h):
#
#   PLAT_ARM_SIP_PMF  1 when its PLAT_BL31_SOURCES link the Arm SiP service
#                     (the deprecated Arm SiP PMF IDs are answered), else 0
#
# Its own tests live with it, in plat/<name>/tests/: unit.mk (host unit
# tests, $(call unit_test,...), included by tests/unit/unit.mk) and
# ci_test.sh (make check's platforms suite runs it after each build shape).

PLATS := $(sort $(patsubst plat/%/platform.mk,%,$(wildcard plat/*/platform.mk)))
# Each platform's title, read from its platform.mk (make help): "name (title)".
PLATFORM_TITLES = $(shell for p in $(PLATS); do printf '%s (%s); ' $$p \
	"$$(sed -n 's/^PLAT_TITLE := //p' plat/$$p/platform.mk)"; done | sed 's/; $$//')

PLATFORM_CONTRACT := PLAT_TITLE PLAT_RUNNER PLAT_RUN_HELP PLAT_DOC PLAT_CI_BUILDS \
	PLAT_BL1_SOURCES PLAT_BL2_SOURCES PLAT_BL31_SOURCES
# $(call platform_contract_check): after the platform.mk, what it must set.
platform_contract_check = $(foreach v,$(PLATFORM_CONTRACT),$(if $($(v)),,$(error $(PLATFORM_MAKEFILE): $(v) is not \
	set (make_helpers/plat.mk and docs/porting-guide.rst say what it is))))$(if $(filter qemu fvp \
	n1sdp-model none,$(PLAT_RUNNER)),,$(error $(PLATFORM_MAKEFILE): PLAT_RUNNER := qemu$(comma) fvp$(comma) n1sdp-model or none (it says \
	'$(PLAT_RUNNER)')))$(if $(wildcard $(PLAT_DOC)),,$(error $(PLATFORM_MAKEFILE): PLAT_DOC=$(PLAT_DOC): no such \
	page))

# What tools read of a platform from a build's config.mk.
PLATFORM_FACTS := PLAT_TITLE PLAT_RUNNER PLAT_DOC PLAT_LAVA_DEVICE_TYPE

# make plat-info [PLAT=<name>]: what the platform declares, as config.mk
# holds it (NAME := value: its options at their defaults, its constants,
# its facts), and the contract's: its CI build shapes, the sources it
# builds, and the -D and -I flags its code compiles with (tests/host/lint.sh
# lints with them; make check's platforms suite builds the shapes).
# tools/qemu_run takes it as a --config for a machine not yet built.
# Writes nothing.
PLAT_SOURCES = $(sort $(PLAT_BL1_SOURCES) $(PLAT_BL2_SOURCES) $(PLAT_BL31_SOURCES) $(PLAT_TBB_SOURCES))
PLAT_LINT_FLAGS = $(foreach o,$(filter-out $(CONFIG_RUNTIME_ONLY),$(CONFIG_MACROS) $(PAYLOAD_OPTIONS)),-D$(o)=$($(o))) \
	-DPLAT_$(PLAT)=1 -DPLAT_TITLE="$(subst $(space),_,$(PLAT_TITLE))" $(PLAT_INCLUDES) $(PLAT_LINT_DEFINES)
platform_info_text = $(config_mk_text)$(subst $(newline) ,$(newline),$(foreach v,PLAT_RUN_HELP PLAT_CI_BUILDS \
	PLAT_SOURCES PLAT_LINT_FLAGS,$(v) := $($(v))$(newline)))
.PHONY: plat-info
plat-info:
	@$(file >/dev/stdout,$(platform_info_text))
	@:
$(call user_target,plat-info,what PLAT's platform.mk declares (title$(comma) runner$(comma) docs page$(comma) CI builds$(comma) LAVA device type$(comma) sources$(comma) lint flags) as config.mk holds it; writes nothing)
