# Host unit tests of the DTB code BL2 runs on untrusted input (lib/dtb) and
# of the address-range sets it checks images against (lib/mem_ranges/mem_ranges.c),
# under ASan and UBSan. test_dtb_check is pure C; test_dtb links Debian's
# host libfdt (libfdt-dev, amd64), the same library version BL2 links for
# arm64, and reads the DTB QEMU gives QEMU virt (made by tools/qemu_run).
DTB_LIB_SOURCES := $(DTB_SOURCES) $(MEM_RANGES_SOURCES)
DTB_LIB_HEADERS := include/lib/dtb.h include/lib/mem_ranges.h lib/dtb/dtb_private.h
$(eval $(call unit_test,dtb_check,lib/dtb/dtb_check.c $(MEM_RANGES_SOURCES),))
$(eval $(call unit_test,dtb,$(DTB_LIB_SOURCES),,-lfdt))
QEMU_DTB := $(UNIT_DIR)/qemu.dtb
UNIT_TEST_ARGS_test_dtb := $(QEMU_DTB)
UNIT_TEST_INPUTS += $(QEMU_DTB)

# QEMU virt's, at the platform's defaults (make plat-info: the machine
# qemu_run starts, as a build's config.mk would say it), whatever this
# make's command line.
$(QEMU_DTB): tools/qemu_run/qemu_run.py plat/qemu/platform.mk plat/common/qemu/qemu.mk
	@mkdir -p $(@D)
	@MAKEFLAGS= $(MAKE) -s --no-print-directory -C $(CURDIR) PLAT=qemu plat-info >$@.config.mk
	@python3 -m tools.qemu_run.qemu_run --config $@.config.mk --dump-dtb $@

# dtb_edit: derives test DTBs from QEMU's (tests/integration/dtb_test.sh).
DTB_EDIT := $(BUILD_BASE)/tests/tools/dtb_edit
$(DTB_EDIT): tests/tools/dtb_edit.c $(HOST_TOOLCHAIN_STAMP)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(HOSTCC) $(HOST_CFLAGS) $< -lfdt -o $@
