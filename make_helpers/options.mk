# Build options: each is declared exactly once, here or in a platform.mk, with
# its type, default and help text. `make help` lists them; the resolved values
# are written to $(BUILD_DIR)/config.h and config.mk so that a build can be
# reproduced and inspected.
#
#   $(call bool_option,NAME,DEFAULT,HELP)    0 or 1; anything else fails.
#   $(call int_option,NAME,DEFAULT,HELP)     decimal or 0x-hex integer.
#   $(call str_option,NAME,DEFAULT,HELP)     free text (not put in config.h).
#
# A value given on the command line or in the environment overrides DEFAULT.

OPTIONS :=

define _declare
$(eval $(1) ?= $(2))
$(eval OPTIONS += $(1))
$(eval OPTION_TYPE_$(1) := $(3))
$(eval OPTION_DEFAULT_$(1) := $(2))
$(eval OPTION_HELP_$(1) := $(4))
endef

# (override: a command-line NAME= is then refused as no option, rather than
# silently changing the fact under everything that reads it.)

# Text helpers in make alone: every make of every test parses the options,
# and starting a shell is what that costs most.
#   $(call map_chars,TEXT,PAIRS): TEXT with each FROM:TO of PAIRS replaced
#   (TO may be empty); $(call upper,TEXT); $(call is_int,TEXT): 1 when TEXT
#   is one decimal or 0x-hex integer.
map_chars = $(if $(2),$(call map_chars,$(call map_pair,$(1),$(subst :, ,$(firstword $(2)))),$(wordlist \
	2,$(words $(2)),$(2))),$(1))
map_pair = $(subst $(word 1,$(2)),$(word 2,$(2)),$(1))
upper = $(call map_chars,$(1),a:A b:B c:C d:D e:E f:F g:G h:H i:I j:J k:K l:L m:M n:N o:O p:P q:Q r:R \
	s:S t:T u:U v:V w:W x:X y:Y z:Z)
decimal_digits := 0: 1: 2: 3: 4: 5: 6: 7: 8: 9:
hex_digits := $(decimal_digits) a: b: c: d: e: f: A: B: C: D: E: F:
is_int = $(if $(filter 1,$(words $(1))),$(if $(filter 0x%,$(1)),$(if $(patsubst 0x%,%,$(1)),$(if \
	$(call map_chars,$(patsubst 0x%,%,$(1)),$(hex_digits)),,1)),$(if $(call map_chars,$(1),$(decimal_digits)),,1)))

bool_option = $(call _declare,$(1),$(2),bool,$(3))$(if $(filter-out 0 1,$($(1))),$(error $(1)=$($(1)) is not 0 or 1))
int_option = $(call _declare,$(1),$(2),int,$(3))$(if $(call is_int,$($(1))),,$(error $(1)=$($(1)) is not an integer of 0 or more (decimal or 0x hex)))

str_option = $(call _declare,$(1),$(2),str,$(3))$(eval STR_OPTIONS += $(1))

# A fact of the platform that code, make and the tools all read (the flash
# layout, say): defined once, in its platform.mk, and written into config.h
# (a macro) and config.mk, where tools/qemu_run and the tests read it. Not
# an option: the command line cannot change it.
#
#   $(call plat_constant,NAME,VALUE)
plat_constant = $(eval override $(1) := $(2))$(eval PLATFORM_CONSTANTS += $(1))

# The targets a user types, each declared once with what it does: make
# help lists them, and make check runs each (tests/host/make_test.sh).
#
#   $(call user_target,NAME,HELP)
# (HELP is expanded when make help prints it: $$(VARIABLE) in it is read then.)
user_target = $(eval USER_TARGETS += $(1))$(eval USER_TARGET_HELP_$(1) = $(2))

# Command-line variables that are not build options: what a target reads
# (REF= for make compare, BASELINE= for make run...) or where things go.
#
#   $(call target_variable,NAME,TARGETS,HELP)
#
# TARGETS are the make targets that read NAME (empty: any); NAME given to
# a make of none of them is refused, naming them, rather than silently
# ignored. `make help` lists every one with its HELP.
# $(call check_count,NAME,MIN,WHAT): NAME's value is a whole number of MIN
# or more, or make stops, saying WHAT it must be (a target variable's
# check: its value reaches a script that would fail without saying why).
check_count = $(if $(and $(call is_int,$($(1))),$(filter-out 0x%,$($(1)))),$(if $(shell [ $($(1)) -ge $(2) ] \
	&& echo ok),,$(error $(1)=$($(1)): give $(3))),$(error $(1)=$($(1)): give $(3)))

target_variable = $(eval TARGET_VARIABLES += $(1))$(eval TARGET_VARIABLE_GOALS_$(1) := $(2))$(eval \
	TARGET_VARIABLE_HELP_$(1) := $(3))

# $(call shell_quote,TEXT): TEXT as one word of a shell command line,
# whatever quotes it holds (QEMU_EXTRA="-name 'n1 test'").
shell_quote = '$(subst ','\'',$(1))'

# $(call error_text,SENTENCES): SENTENCES for $(error), which ends them
# with ".  Stop." itself: without their last full stop.
error_text = $(strip $(wordlist 2,$(words $(1)),x $(1)) $(patsubst %.,%,$(lastword $(1))))

define newline


endef
hash := \#

# The C view of the configuration: every bool and int option as a macro;
# string options and $(CONFIG_EXTRA) (the compiler) as comments. Options
# that change no code ($(CONFIG_RUNTIME_ONLY)) are left out, and those only
# the test payload reads ($(PAYLOAD_OPTIONS)) have a header of their own,
# which only the payload's objects include: changing one rebuilds the
# payload alone.
CONFIG_MACROS = $(filter-out $(STR_OPTIONS) $(CONFIG_RUNTIME_ONLY) $(PAYLOAD_OPTIONS),$(OPTIONS)) $(PLATFORM_CONSTANTS)
# Text the code reads as a C string (#define NAME "value"): the platform's
# title (make_helpers/plat.mk).
CONFIG_STRINGS := PLAT_TITLE
CONFIG_COMMENTS = $(filter-out $(CONFIG_RUNTIME_ONLY),$(STR_OPTIONS)) $(CONFIG_EXTRA)
config_macro_text = $(hash)define $(1) $($(1))
config_comment_text = /* $(1) = $($(1)) */
config_string_text = $(hash)define $(1) "$(subst ",\",$($(1)))"
config_h_text = /* Generated by make: the resolved build configuration. */$(newline)$(subst $(newline) ,$(newline),$(foreach o,$(CONFIG_MACROS),$(call config_macro_text,$(o))$(newline))$(foreach o,$(CONFIG_STRINGS),$(call config_string_text,$(o))$(newline))$(foreach o,$(CONFIG_COMMENTS),$(call config_comment_text,$(o))$(newline)))

# What each object depends on of the configuration: every object reads
# config.h, but is remade only when an option its code names changes
# (make_helpers/fixdep.awk rewrites its dependency file so), or when any
# comment of config.h (the compiler, its flags, a string option) or the
# set of macros changes. Each macro has a stamp of its own,
# $(CONFIG_DIR)/NAME; so has each string option in $(CONFIG_FLAG_OPTIONS),
# which reaches the code only through compiler flags: the objects built
# with those flags depend on its stamp ($(call config_stamp,NAME)), the
# others not at all.
CONFIG_DIR = $(BUILD_DIR)/config
CONFIG_FLAG_OPTIONS :=
config_stamp = $(addprefix $(CONFIG_DIR)/,$(1))
config_global_text = $(foreach o,$(filter-out $(CONFIG_FLAG_OPTIONS),$(CONFIG_COMMENTS)),$(call config_comment_text,$(o)))
CONFIG_DEPS = $(CONFIG_DIR)/global $(CONFIG_DIR)/names
# Called once every option is declared, before write_stamp_files.
config_stamps = $(eval CONFIG_NAMES_TEXT := $(CONFIG_MACROS) $(CONFIG_STRINGS))$(call stamp_file,$(CONFIG_DIR)/names,CONFIG_NAMES_TEXT)$(call \
	stamp_file,$(CONFIG_DIR)/global,config_global_text)$(foreach o,$(CONFIG_MACROS) $(CONFIG_STRINGS) $(CONFIG_FLAG_OPTIONS),$(eval \
	CONFIG_STAMP_TEXT_$(o) = $(o) = $$($(o)))$(call stamp_file,$(CONFIG_DIR)/$(o),CONFIG_STAMP_TEXT_$(o)))
# $(call fixdep,DEPFILE): the recipe line that narrows DEPFILE's dependency
# on config.h to the stamps of the options named, and makes it name the
# build tree as $(BUILD_DIR), so that it holds in a copy of the tree too.
fixdep = awk -v config_h=$(CONFIG_H) -v build_dir=$(BUILD_DIR) -v 'build_var=$$(BUILD_DIR)' \
	-v 'stamps=$$(CONFIG_DIR)' -f make_helpers/fixdep.awk $(CONFIG_DIR)/names $(1)

payload_config_h_text = /* Generated by make: the options only the test payload reads. */$(newline)$(subst $(newline) ,$(newline),$(foreach o,$(PAYLOAD_OPTIONS),$(hash)define $(o) $($(o))$(newline)))
# config.mk: what the host tools read of a build (tools/common/config_mk.py):
# every option, the platform's constants and CONFIG_MK_FACTS, facts of the
# build's layout that are not options (the Makefile's).
config_mk_text = $(subst $(newline) ,$(newline),$(foreach o,$(OPTIONS) $(PLATFORM_CONSTANTS) $(CONFIG_MK_FACTS),$(o) := $($(o))$(newline)))

# $(call stamp_file,FILE,VARIABLE): the one way the build turns text it
# computes (the resolved configuration, a compiler's command line, the
# version) into a file that can be a prerequisite: FILE holds the text of
# VARIABLE and is rewritten only when that text changes, so that only what
# depends on it is remade. Declared next to what it stands for; every one
# is written at the end of the Makefile (write_stamp_files), once every
# option is declared and checked. `make help` writes none.
stamp_file = $(eval STAMP_FILES += $(1):$(2))
write_stamp_files = $(shell mkdir -p $(sort $(foreach s,$(STAMP_FILES),$(dir $(firstword $(subst :, ,$(s)))))))$(foreach \
	s,$(STAMP_FILES),$(call update_file,$(firstword $(subst :, ,$(s))),$(lastword $(subst :, ,$(s)))))

# $(call update_file,FILE,VARIABLE): FILE holds the value of VARIABLE (and
# a newline), rewritten only when that value changes, so that FILE's time
# says when its content last changed and FILE can be a prerequisite of what
# it configures. FILE's folder must exist. The texts are compared with
# their white space collapsed (as make reads a file back, without its last
# newline, they would otherwise never be equal).
streq = $(if $(subst x$(1),,x$(2))$(subst x$(2),,x$(1)),,1)
update_file = $(if $(call streq,$(strip $(file <$(1))),$(strip $($(2)))),,$(file >$(1),$($(2))))
