#!/usr/bin/env bash
# `make run` on topologies other than the default 2 x 2: the payload learns
# the machine from the DTB and skips, with the reason, what a shape cannot
# run. The full matrix (every shape of 1 to 16 cores) is
# `tests/integration/topology_test.sh build --all`; make check runs the shapes
# that once broke and the extremes, 2x3 and 4x4 through make scaling.
# The shapes build one after the other in one tree, begun as a copy of
# make check's (BUILD_BASE): each recompiles only what names the topology.
# Usage: topology_test.sh BUILD_BASE [--all]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
from=$1
shift
bash "$here/../lib/copy_build.sh" "$from/qemu/release" "$work/b"

shapes="1x1 1x2 2x1 3x1 4x1 16x1"
if [ "${1:-}" = --all ]; then
	shapes=$(for c in $(seq 1 16); do for k in $(seq 1 16); do
		[ $((c * k)) -le 16 ] && echo "${c}x${k}"; done; done)
fi
for shape in $shapes; do
	c=${shape%x*} k=${shape#*x}
	log=$work/$shape.log
	if make -C "$top" -j2 BUILD_BASE="$work/b" QEMU_CLUSTERS="$c" QEMU_CORES_PER_CLUSTER="$k" \
		_run >"$log" 2>&1; then
		pass "$shape: make run passes"
	else
		fail "$shape: make run passes" "$(grep -E 'FAIL|rt_report|time limit' "$log" | head -n 3)"
	fi
	check "$shape: the payload found $((c * k)) cores in $c clusters" \
		grep -q "PAYLOAD: machine: $((c * k)) cores in $c clusters" "$log"
	check "$shape: report for $((c * k)) cores" \
		grep -q "rt_report: 6 scenarios x $((c * k)) cores x 1 iteration(s) passed" "$log"
	# The build tree is the last shape's: only the objects whose code names
	# the topology are recompiled (make_helpers/fixdep.awk).
	if [ -n "${last:-}" ]; then
		check "$shape after $last: lib/psci recompiled, lib/libc/printf.c not" \
			bash -c "grep -q '^  CC      lib/psci/psci_coord.c' '$log' &&
				! grep -q '^  CC      lib/libc/printf.c' '$log'"
	fi
	last=$shape
done
# 2x3 and 4x4 through make scaling: make bench and make run at each, side by side.
if [ "${1:-}" != --all ]; then
	make -C "$top" -j2 BUILD_BASE="$work/b" scaling SCALING_TOPOLOGIES="2x3 4x4" >"$work/scaling.log" 2>&1
	rc=$?
	check "make scaling leaves the tree at its own command line's shape, not 4x4 (the shapes build in build/scaling/build-*)" \
		bash -c "grep -qx 'QEMU_CLUSTERS := 2' '$work/b/qemu/release/config.mk' &&
			grep -qx 'QEMU_CORES_PER_CLUSTER := 2' '$work/b/qemu/release/config.mk' &&
			grep -qx 'QEMU_CLUSTERS := 4' '$work/b/scaling/build-4x4/qemu/release/config.mk'"
	check "make scaling SCALING_TOPOLOGIES=\"2x3 4x4\" passes" [ $rc -eq 0 ]
	[ $rc -eq 0 ] || tail -n 20 "$work/scaling.log" | sed 's/^/    /'
	for shape in 2x3 4x4; do
		c=${shape%x*} k=${shape#*x}
		check "$shape (make scaling): the payload found $((c * k)) cores in $c clusters, report passed" \
			bash -c "grep -q 'PAYLOAD: machine: $((c * k)) cores in $c clusters' '$work/b/scaling/$shape/report/console.log' &&
				grep -q '\"verdict\": \"PASS\"' '$work/b/scaling/$shape/report/report.json' &&
				grep -q '\"verdict\": \"PASS\"' '$work/b/scaling/$shape/bench/bench.json'"
	done
	check "make scaling: the two side by side, with their ratios" \
		bash -c "grep -q '^make bench (ns per call' '$work/b/scaling/scaling.rst' &&
			grep -qE '^PSCI_VERSION +[0-9]+ +[0-9]+ +[0-9.]+$' '$work/b/scaling/scaling.rst' &&
			grep -q '^Largest ratios' '$work/b/scaling/scaling.rst'"
fi
summary
