#!/usr/bin/env bash
# Static analysis: cppcheck (warning, portability and performance
# classes) of the firmware, tools and payload, once per platform with that
# platform's headers and a configuration of its own (generic code is
# analysed with each); shellcheck (warnings and errors) on every shell
# script of the tree; pyflakes3 on every Python file. Any finding fails.
# Usage: lint.sh
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
config="-DDEBUG=0 -DLOG_LEVEL=20 -DENABLE_ASSERTIONS=1 -DENABLE_RUNTIME_INSTRUMENTATION=1
	-DPSCI_OS_INIT_MODE=1 -DTRUSTED_BOARD_BOOT=1 -DPAYLOAD_MODE_BENCH=0 -DPAYLOAD_MODE_MEM_PROTECT=0 -DITERATIONS=1 -D__aarch64__"
passed=0 failed=0
# The payload's generated header (tools/rt_report/scenarios.py), as the build makes it.
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
python3 -m tools.rt_report.scenarios --c-header "$gen/rt_scenarios.h"

# finding TOOL WHAT COMMAND...: PASS when COMMAND succeeds and prints nothing.
finding() {
	local tool=$1 what=$2 out
	shift 2
	if out=$("$@" 2>&1) && [ -z "$out" ]; then
		passed=$((passed + 1))
		echo "PASS $tool, $what: no finding"
	else
		failed=$((failed + 1))
		echo "$out" | sed 's/^/    /'
		echo "FAIL $tool, $what: findings above"
	fi
}

# lint PLAT EXTRA-DEFINES DIRS...: cppcheck with PLAT's headers.
lint() {
	local plat=$1 defs=$2
	shift 2
	# shellcheck disable=SC2086
	finding cppcheck "$plat" cppcheck --quiet --enable=warning,portability,performance --std=c11 \
		--error-exitcode=1 --inline-suppr -Iinclude -Iinclude/lib/libc -I"$gen" \
		-Iplat/"$plat"/include -Iplat/common/include $config $defs -DPLAT_"$plat"=1 \
		--suppress=missingIncludeSystem --suppress=syntaxError:include/plat/plat_psci.h "$@"
}

generic="bl1 bl2 bl31 common lib drivers services plat/common tools tests/payload"
# The platform's constants as its platform.mk defines them (plat_constant).
qemu_constants=$(sed -n 's/^\$(call plat_constant,\([A-Z0-9_]*\),\([0-9a-fx]*\))$/-D\1=\2/p' plat/qemu/platform.mk)
[ -n "$qemu_constants" ] || { echo "FAIL lint: no plat_constant in plat/qemu/platform.mk"; exit 1; }
# shellcheck disable=SC2086
lint qemu "$qemu_constants -DQEMU_CLUSTERS=2 -DQEMU_CORES_PER_CLUSTER=2 -DQEMU_MEMORY_MB=1024 -DREALTIME=0
	-DQEMU_TFW_NVCTR=0 -DQEMU_NTFW_NVCTR=0 -DQEMU_SYSTEM_SUSPEND=1 -DWORKAROUND_CVE_2022_23960=0
	-DWORKAROUND_CVE_2018_3639=0 -DWORKAROUND_CVE_2025_10263=0" \
	$generic plat/qemu
# shellcheck disable=SC2086
lint n1sdp "-DWORKAROUND_CVE_2022_23960=1 -DWORKAROUND_CVE_2018_3639=1 -DWORKAROUND_CVE_2025_10263=1 -Iplat/arm/css/include" \
	$generic plat/n1sdp plat/arm
# shellcheck disable=SC2086
lint fvp "-DFVP_CLUSTERS=2 -DFVP_CORES_PER_CLUSTER=2 -DWORKAROUND_CVE_2022_23960=1
	-DWORKAROUND_CVE_2018_3639=1 -DWORKAROUND_CVE_2025_10263=1" $generic plat/fvp

mapfile -t shell < <(git ls-files '*.sh' .ci/run)
mapfile -t python < <(git ls-files '*.py')
finding shellcheck "${#shell[@]} shell scripts" shellcheck --severity=warning -f gcc "${shell[@]}"
finding pyflakes3 "${#python[@]} Python files" pyflakes3 "${python[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
