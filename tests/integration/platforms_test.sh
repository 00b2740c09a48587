#!/usr/bin/env bash
# Every platform make finds (plat/*/platform.mk) but the one the other
# suites build and boot (the build's own, BUILD_DIR's): each build shape its
# platform.mk names (PLAT_CI_BUILDS: default, or VAR=VALUE,...) builds, and
# its own checks pass (plat/<name>/tests/ci_test.sh BUILD_DIR SHAPE
# MAIN_BUILD_DIR, run after each shape); a platform QEMU runs
# (PLAT_RUNNER qemu) is booted too, at its defaults: make run passes, with
# every scenario of tools/rt_report/scenarios.py on every core. What the
# platforms share is tested once, by the other suites: a new platform costs
# its builds and one boot.
# Each platform builds in a tree of its own, which starts with make check's
# host tools (BUILD_BASE/tools), so that only the firmware is built.
# Usage: platforms_test.sh BUILD_BASE BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$1 main=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
main_plat=$(sed -n 's/^PLAT := //p' "$main/config.mk")
scenarios=$(py tools.rt_report.scenarios --names | wc -l)

for mk in "$top"/plat/*/platform.mk; do
	p=$(basename "$(dirname "$mk")")
	if [ "$p" = "$main_plat" ]; then
		skip "$p" "the platform every other suite builds and boots"
		continue
	fi
	info=$(make -s --no-print-directory -C "$top" PLAT="$p" plat-info 2>&1)
	check "$p: make plat-info states its contract" bash -c "[ \$? -eq 0 ] && for v in PLAT_TITLE PLAT_RUNNER PLAT_DOC PLAT_CI_BUILDS; do
		grep -qE \"^\$v := .+\" <<<'${info//\'/}' || exit 1; done"
	shapes=$(sed -n 's/^PLAT_CI_BUILDS := //p' <<<"$info")
	runner=$(sed -n 's/^PLAT_RUNNER := //p' <<<"$info")
	tree=$work/$p
	mkdir -p "$tree" && cp -a "$base/tools" "$tree/tools"
	for shape in $shapes; do
		vars=()
		[ "$shape" = default ] || IFS=, read -r -a vars <<<"$shape"
		if make -C "$top" -j2 PLAT="$p" BUILD_BASE="$tree" "${vars[@]}" all >"$work/$p-build.log" 2>&1; then
			pass "$p $shape: builds"
		else
			fail "$p $shape: builds" "$(tail -n 5 "$work/$p-build.log")"
			continue
		fi
		ci=$top/plat/$p/tests/ci_test.sh
		[ ! -f "$ci" ] || sub_suite "$p $shape" bash "$ci" "$tree/$p/release" "$shape" "$main"
	done
	[ "$runner" = qemu ] || continue
	make -C "$top" PLAT="$p" BUILD_BASE="$tree" run >"$work/$p-run.log" 2>&1
	rc=$?
	check "$p: make run boots it and passes, every scenario on every core ($rc)" \
		bash -c "[ $rc -eq 0 ] && grep -qE '^rt_report: $scenarios scenarios x [0-9]+ cores x 1 iteration\(s\) passed' \
			'$work/$p-run.log'" || tail -n 20 "$work/$p-run.log" | sed 's/^/    /'
done
summary
