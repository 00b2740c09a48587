#!/usr/bin/env bash
# make docs: docs/ builds to HTML with Sphinx with no warning (they are
# errors), the latency report of the latest run (made first when there is
# none) in place of the committed one, its provenance and plots shown.
# Usage: docs_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$1
html=$base/docs/html

make -C "$top" --no-print-directory BUILD_BASE="$base" docs >"$base/docs.log" 2>&1
rc=$?
check "make docs: Sphinx builds docs/ with warnings as errors" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/    /' "$base/docs.log" | tail -n 20
check "make docs: it says whose report it shows" grep -q "^docs: with the report of " "$base/docs.log"
check "every page of the tree is built" bash -c "[ -f '$html/index.html' ] &&
	[ -f '$html/perf/psci-performance-qemu.html' ] && [ -f '$html/plat/qemu.html' ] &&
	[ -f '$html/design/trusted-boot.html' ]"
# Each platform's page (its platform.mk's PLAT_DOC), found by the index's
# glob, as the platforms are found: by looking at plat/*/.
for mk in "$top"/plat/*/platform.mk; do
	doc=$(sed -n 's/^PLAT_DOC := docs\/\(.*\)\.rst$/\1/p' "$mk")
	check "$(basename "$(dirname "$mk")"): its page ${doc:-(none)} is built and in the index" \
		bash -c "[ -n '$doc' ] && [ -f '$html/$doc.html' ] && grep -q 'href=\"$doc.html\"' '$html/index.html'"
done
scenarios=$(py tools.rt_report.scenarios --names | wc -l)
page=$html/perf/psci-performance-qemu.html
check "the report page shows where its figures came from" \
	bash -c "grep -q 'Firmware' '$page' && grep -q 'icount' '$page' && grep -q 'MIDR' '$page'"
check "the report page shows a plot per scenario" \
	[ "$(grep -o '_images/test_rt_instr_[a-z_]*\.svg' "$page" | sort -u | wc -l)" -eq "$scenarios" ]
check "the plots are in the HTML tree" \
	[ "$(ls "$html/_images/"test_rt_instr_*.svg 2>/dev/null | wc -l)" -eq "$scenarios" ]
check "the tables of docs/plat/qemu.rst render" grep -q "0x08000000 / 0x080A0000" "$html/plat/qemu.html"
# docs/perf states make bench's figures as the build makes them
# (docs/perf/bench-qemu.inc): those of the latest make bench, where there is one.
bench=$(readlink -f "$base/qemu/report/latest-bench" 2>/dev/null)
if [ -n "$bench" ] && [ -f "$bench/bench.csv" ]; then
	check "the runtime-paths page shows the latest make bench's figures" \
		grep -q "run <code[^>]*><span class=\"pre\">$(basename "$bench")</span>" "$html/perf/runtime-paths.html"
else
	check "the runtime-paths page shows make bench's figures" \
		grep -q "floor: an SMC the vectors answer" "$html/perf/runtime-paths.html"
fi
summary
