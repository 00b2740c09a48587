#!/usr/bin/env bash
# `make run` on topologies other than the default 2 x 2: the payload learns
# the machine from the DTB and skips, with the reason, what a shape cannot
# run. The full matrix (every shape of 1 to 16 cores) is
# `tests/integration/topology_test.sh --all`; make check runs the shapes
# that once broke and the extremes.
# Usage: topology_test.sh [--all]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

shapes="1x1 1x2 2x1 3x1 4x1 16x1 2x3 4x4"
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
done
summary
