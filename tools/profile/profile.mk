# etm_decode: the ETM trace front end of the profiler, built on the host
# against Debian's OpenCSD (libopencsd-dev: C API and libraries).
ETM_DECODE := $(BUILD_BASE)/tools/profile/etm_decode
$(ETM_DECODE): tools/profile/etm_decode.c $(HOST_TOOLCHAIN_STAMP)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(HOSTCC) -O2 -g -std=c11 -Wall -Wextra -Werror -Wundef $< -o $@ \
		-lopencsd_c_api -lopencsd
