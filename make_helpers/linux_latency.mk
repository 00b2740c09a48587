# make linux-latency: PSCI idle latency under Debian's arm64 Linux, from the
# firmware's PMF timestamps (tools/pmf_idle, docs/linux.rst): the firmware
# with Debian's U-Boot as BL33, the module built against Debian's headers
# of the kernel tests/linux boots, an initramfs, one boot, the report
# (tools/rt_report/linux_report.py) in its own run directory.
#
# The firmware is built in $(LINUX_FW_BASE), the build the Linux suite
# (tests/linux/linux_test.sh) boots too, with this command line's options;
# the module, initramfs and boot.env (the boot for a LAVA job: kernel,
# initramfs, flash image, command line, QEMU command) in $(LINUX_LATENCY_BUILD).
LINUX_SECONDS ?= 20
$(call target_variable,LINUX_SECONDS,linux-latency,how long make linux-latency's workload idles the CPUs (default 20 s; at least 2))
$(call user_target,linux-latency,PSCI idle latency under Debian's Linux from the PMF timestamps (docs/linux.rst; QEMU))
LINUX_FW_BASE := $(BUILD_BASE)/linux-test
LINUX_FW_DIR := $(LINUX_FW_BASE)/$(PLAT)/$(BUILD_TYPE)
LINUX_LATENCY_BUILD := $(BUILD_DIR)/linux-latency
LINUX_REPORT_DIR := $(BUILD_BASE)/$(PLAT)/linux-report
UBOOT_QEMU := /usr/lib/u-boot/qemu_arm64/u-boot.bin

.PHONY: linux-latency _linux-latency
linux-latency:
	@$(DEPS) linux
	@$(MAKE) --no-print-directory _linux-latency
ifneq ($(filter linux-latency _linux-latency,$(MAKECMDGOALS)),)
ifneq ($(PLAT),qemu)
$(error make linux-latency runs on QEMU (PLAT=qemu); on a board, build and load tools/pmf_idle and report its samples (docs/plat/n1sdp.rst))
endif
ifeq ($(shell printf %s "$(LINUX_SECONDS)" | grep -qE "^[1-9][0-9]{0,5}$$" && [ "$(LINUX_SECONDS)" -ge 2 ] && echo ok),)
$(error LINUX_SECONDS=$(LINUX_SECONDS): give a whole number of seconds in decimal, 2 to 999999, no leading zero)
endif
endif
_linux-latency:
	@$(MAKE) --no-print-directory BUILD_BASE=$(LINUX_FW_BASE) BL33=$(UBOOT_QEMU) all
	@echo "  KMOD    $(LINUX_LATENCY_BUILD)/module/pmf_idle.ko for Linux" \
		"$$(bash tools/pmf_idle/build.sh $(DEPS_DIR) $(LINUX_LATENCY_BUILD)/module)"
	@bash tools/linux_latency/run.sh $(LINUX_FW_DIR) $(LINUX_LATENCY_BUILD)/module \
		$(LINUX_LATENCY_BUILD) $(LINUX_REPORT_DIR) '$(RUN_VARIANT)' $(LINUX_SECONDS) \
		--runtime-only '$(CONFIG_RUNTIME_ONLY)' --cc '$(CC)' --run-options '$(RUN_OPTIONS)' \
		$(if $(BASELINE),--baseline '$(BASELINE)') $(if $(filter 1,$(COMPARE_ANYWAY)),--force)
