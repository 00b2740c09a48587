#!/usr/bin/env bash
# Static analysis: cppcheck (warning, portability and performance
# classes) of the firmware, tools and payload, once per platform (every
# plat/*/ with a platform.mk) with that platform's headers and
# configuration as make plat-info states them (its options at their
# defaults, its constants, its -I folders and PLAT_LINT_DEFINES): the
# generic code, and the platform sources the platform builds; shellcheck
# (warnings and errors) on every shell script of the tree; pyflakes3 on
# every Python file. Any finding fails.
# Usage: lint.sh
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
# What no option says: each payload image's mode (tests/payload/payload.mk).
config="-DPAYLOAD_MODE_BENCH=0 -DPAYLOAD_MODE_MEM_PROTECT=0 -D__aarch64__ -D__attribute__(x)="
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

generic="bl1 bl2 bl31 common lib drivers services tools tests/payload"
for mk in plat/*/platform.mk; do
	plat=$(basename "$(dirname "$mk")")
	info=$(make -s --no-print-directory PLAT="$plat" plat-info 2>&1) || {
		failed=$((failed + 1))
		echo "$info" | sed 's/^/    /'
		echo "FAIL make plat-info PLAT=$plat"
		continue
	}
	flags=$(sed -n 's/^PLAT_LINT_FLAGS := //p' <<<"$info")
	# Its C (cppcheck reads no assembly).
	sources=$(sed -n 's/^PLAT_SOURCES := //p' <<<"$info" | tr ' ' '\n' | grep '\.c$')
	# shellcheck disable=SC2086  # (the flags and sources are words)
	finding cppcheck "$plat" cppcheck --quiet --enable=warning,portability,performance --std=c11 \
		--error-exitcode=1 --inline-suppr -Iinclude -Iinclude/lib/libc -I"$gen" \
		-Iplat/"$plat"/include -Iplat/common/include $config $flags \
		--suppress=missingIncludeSystem \
		$generic $sources
done

mapfile -t shell < <(git ls-files '*.sh' .ci/run)
mapfile -t python < <(git ls-files '*.py')
finding shellcheck "${#shell[@]} shell scripts" shellcheck --severity=warning -f gcc "${shell[@]}"
finding pyflakes3 "${#python[@]} Python files" pyflakes3 "${python[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
