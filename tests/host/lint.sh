#!/usr/bin/env bash
# Static analysis of the firmware, tools and payload with cppcheck
# (warning, portability and performance classes). Any finding fails.
# Usage: lint.sh BUILD_DIR
set -uo pipefail
build=$1
out=$(cppcheck --quiet --enable=warning,portability,performance --std=c11 \
	--error-exitcode=1 --inline-suppr -Iinclude -Iinclude/lib/libc \
	-Iplat/qemu/include -I"$build/include" --include="$build/include/config.h" \
	-DPLAT_qemu=1 -D__aarch64__ --suppress=missingIncludeSystem \
	--suppress=syntaxError:include/plat/plat_psci.h \
	bl1 bl2 bl31 common lib drivers services plat/qemu plat/common tools tests/payload 2>&1)
rc=$?
if [ "$rc" -eq 0 ] && [ -z "$out" ]; then
	echo "PASS cppcheck: no finding"
	echo "1 passed, 0 failed"
else
	echo "$out" | sed 's/^/    /'
	echo "FAIL cppcheck: findings above"
	echo "0 passed, 1 failed"
	exit 1
fi
