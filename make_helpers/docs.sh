#!/usr/bin/env bash
# docs.sh OUT RUN_DIR PLAT [BENCH_DIR]: docs/ to OUT/html with Sphinx, warnings as
# errors. Sphinx reads a staging copy, OUT/src, in which
# perf/psci-performance-PLAT.rst and its plots are those of RUN_DIR (the
# latest make run of this variant that passed; empty when there is none),
# so the HTML shows the current report; so is perf/bench-PLAT.inc, make
# bench's table, from BENCH_DIR (the latest make bench, when there is one);
# docs/ itself is left as committed (make perf-docs updates it). It says
# which runs it used.
set -euo pipefail
out=$1 run=$2 plat=$3 bench=${4:-}
src=$out/src
rm -rf "$src"
mkdir -p "$src"
cp -r docs/. "$src/"
# What the pages include from outside docs/, at the same place relative to
# them (docs/tfa-users.rst's table is the build's own).
mkdir -p "$out/make_helpers"
cp make_helpers/tfa_options.csv "$out/make_helpers/"
report=$run/psci-performance-$plat.rst
if [ -n "$run" ] && [ -f "$report" ] && [ -f "$src/perf/psci-performance-$plat.rst" ]; then
	cp "$report" "$src/perf/"
	rm -rf "$src/perf/plots"
	if [ -d "$run/plots" ]; then cp -r "$run/plots" "$src/perf/plots"; fi
	echo "docs: with the report of $(readlink -f "$run") (the latest run of this build that passed)"
else
	echo "docs: no passing $plat run of this build (make run makes one); the committed report is used"
fi
if [ -n "$bench" ] && [ -f "$bench/bench.csv" ] && [ -f "$src/perf/bench-$plat.inc" ]; then
	python3 -m tools.rt_report.bench_docs "$bench" "$src/perf/bench-$plat.inc"
	echo "docs: with the make bench figures of $(readlink -f "$bench")"
fi
sphinx-build -W --keep-going -q -b html "$src" "$out/html"
echo "Built $out/html/index.html"
