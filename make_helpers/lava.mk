# LAVA (docs/perf/lava.rst): the jobs a lab runs this build with, and the
# qemu job run here by Debian's lava-run without a server. Included by the
# top-level Makefile.
#
#   make lava-jobs [PLAT=<platform>]  build/<plat>/lava/rt-instr.yaml
#       (and linux-latency.yaml where make linux-latency exists), each
#       checked against LAVA's job schema (tools/lava/validate.py), for a
#       platform whose platform.mk names its LAVA device type
#       (PLAT_LAVA_DEVICE_TYPE) and the images its job deploys
#       (PLAT_LAVA_IMAGES)
#   make lava-run                     a job of LAVA's qemu device type under
#       lava-run: build/<plat>/lava/run/{log,results}.yaml
LAVA_DIR := $(BUILD_BASE)/$(PLAT)/lava
# LAVA's device-type templates, from Debian's lava-server package (only
# the templates: the server itself is not installed).
LAVA_SERVER_DIR := $(DEPS_DIR)/lava-server
LAVA_DEVICE_TYPES := $(LAVA_SERVER_DIR)/root/usr/share/lava-server/device-types
$(call target_variable,IMAGES_URL,lava-jobs lava-run,where the lab fetches the images from (the URL of a folder holding them; default: file:// paths of this build))
$(call target_variable,LAVA_DEVICE_TYPE,lava-jobs lava-run,the LAVA device type the jobs ask for (default: the platform's$(comma) PLAT_LAVA_DEVICE_TYPE))
$(call target_variable,LAVA_TAGS,lava-jobs lava-run,LAVA device tags the jobs ask for (space-separated))
$(call user_target,lava-jobs,LAVA job definitions for PLAT in build/<plat>/lava/ (docs/perf/lava.rst))
LAVA_JOB ?= rt-instr
$(call target_variable,LAVA_JOB,lava-run,the job make lava-run runs: rt-instr (default) or linux-latency (after make linux-latency))
$(call user_target,lava-run,a job of LAVA's qemu device type run by Debian's lava-run here$(comma) no server; passes when LAVA says every test case passed)

LAVA_JOBS_ARGS = --config $(BUILD_DIR)/config.mk --out $(LAVA_DIR) --version '$(VERSION)' \
	$(if $(IMAGES_URL),--images-url '$(IMAGES_URL)') \
	$(if $(LAVA_DEVICE_TYPE),--device-type '$(LAVA_DEVICE_TYPE)') \
	$(if $(LAVA_TAGS),--tags '$(LAVA_TAGS)') $(PLAT_LAVA_JOBS_ARGS) \
	$(if $(LAVA_LINUX_RECIPE),--linux $(LAVA_LINUX_RECIPE))
# The Linux job: make linux-latency's boot, from the recipe it writes
# (LINUX_LATENCY_BUILD/boot.env, where make linux-latency puts it), once it
# has run.
LAVA_LINUX_RECIPE = $(if $(filter qemu,$(PLAT_LAVA_DEVICE_TYPE)),$(wildcard $(LINUX_LATENCY_BUILD)/boot.env))

ifneq ($(filter lava-jobs _lava-jobs lava-run _lava-run,$(MAKECMDGOALS)),)
ifeq ($(PLAT_LAVA_DEVICE_TYPE),)
$(error make lava-jobs: PLAT=$(PLAT) names no LAVA device type (its platform.mk's PLAT_LAVA_DEVICE_TYPE))
endif
endif

.PHONY: lava-jobs _lava-jobs lava-run _lava-run
lava-jobs:
	@$(DEPS) lava-jobs
	@$(MAKE) --no-print-directory _lava-jobs
# With IMAGES_URL= the images are the lab's (a CI uploaded its build's):
# the jobs name them there, and nothing is built here.
_lava-jobs: $(if $(IMAGES_URL),,$(PLAT_LAVA_IMAGES)) $(PLAT_LAVA_PREREQUISITES)
	@$(PYTHON) -m tools.lava.lava_jobs $(LAVA_JOBS_ARGS)
	@$(if $(filter qemu,$(PLAT_LAVA_DEVICE_TYPE)),$(if $(LAVA_LINUX_RECIPE),,echo "lava-jobs: no Linux job:" \
		"$(if $(LINUX_LATENCY_BUILD),make linux-latency writes its boot recipe first,this tree has no make linux-latency)"))
	@$(PYTHON) -m tools.lava.validate $(LAVA_DIR)/*.yaml

lava-run:
	@$(DEPS) lava
	@$(MAKE) --no-print-directory _lava-run
ifneq ($(filter lava-run _lava-run,$(MAKECMDGOALS)),)
ifneq ($(PLAT_LAVA_DEVICE_TYPE),qemu)
$(error make lava-run runs a job of LAVA's qemu device type (PLAT=$(PLAT)'s is $(PLAT_LAVA_DEVICE_TYPE)); submit the $(PLAT) job to a lab: docs/perf/lava.rst)
endif
endif
_lava-run: _lava-jobs $(LAVA_DEVICE_TYPES)/qemu.jinja2
	@test -f $(LAVA_DIR)/$(LAVA_JOB).yaml || { echo "make lava-run: no $(LAVA_JOB) job" \
		"(rt-instr; linux-latency once make linux-latency has run)" >&2; exit 2; }
	@$(PYTHON) -m tools.lava.lava_run --job $(LAVA_DIR)/$(LAVA_JOB).yaml \
		--work $(LAVA_DIR)/$(if $(filter rt-instr,$(LAVA_JOB)),run,run-$(LAVA_JOB)) \
		--device-types $(LAVA_DEVICE_TYPES)

$(LAVA_DEVICE_TYPES)/qemu.jinja2:
	@bash make_helpers/fetch_deb.sh lava-server $(LAVA_SERVER_DIR) ./usr/share/lava-server/device-types
	@touch $@

# Each starts a make of its own in this build tree: one at a time with
# the other goals of the command line (as the Makefile's SUBMAKE_GOALS).
ifneq ($(and $(filter lava-jobs lava-run,$(MAKECMDGOALS)),$(word 2,$(MAKECMDGOALS))),)
.NOTPARALLEL:
endif
