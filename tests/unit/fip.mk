# Host unit tests for lib/fip (tests/unit/test_fip.c), run with ASan and
# UBSan; any sanitizer report aborts the run so it counts as a failure.
# Included by the top-level Makefile, which runs every $(UNIT_TESTS) binary.

TEST_FIP	:= $(BUILD_BASE)/tests/unit/test_fip
TEST_FIP_SRCS	:= tests/unit/test_fip.c $(wildcard lib/fip/*.c)

UNIT_TESTS	+= $(TEST_FIP)

$(TEST_FIP): $(TEST_FIP_SRCS) tests/unit/test.h include/tools_share/fip.h \
	     tests/unit/fip.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_CFLAGS) -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(TEST_FIP_SRCS) -o $@
