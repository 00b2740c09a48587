# fiptool: host tool that creates, lists, unpacks and edits FIPs
# (docs/tools/fiptool.rst). Included by the top-level Makefile, which
# defines HOSTCC, HOST_CFLAGS and BUILD_BASE. It shares lib/fip with the
# boot loaders, so host and firmware accept exactly the same FIPs.

FIPTOOL		:= $(BUILD_BASE)/tools/fiptool/fiptool
FIPTOOL_SRCS	:= $(wildcard tools/fiptool/*.c) $(FIP_SOURCES)
FIPTOOL_DEPS	:= $(FIPTOOL_SRCS) include/tools_share/fip.h \
		   tools/fiptool/fiptool.mk $(HOST_TOOLCHAIN_STAMP)

$(FIPTOOL): $(FIPTOOL_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_CFLAGS) $(FIPTOOL_SRCS) -o $@

.PHONY: fiptool
fiptool: $(FIPTOOL)
