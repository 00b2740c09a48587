#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
# collect.sh [PREFIX]: what tools/rt_report/linux_report.py reads, on
# stdout: pmf_idle's summary and samples (debugfs), and from sysfs each
# CPU's cluster and core and cpuidle's own count and time of each of its
# idle states, each line after PREFIX.
# Run as root where the module is loaded (docs/tools/pmf_idle.rst):
#   sh collect.sh "" base >base.txt; echo 1 >/sys/kernel/debug/pmf_idle/reset
#   ... (the load to measure) ...
#   sh collect.sh >pmf-idle.txt; cat base.txt >>pmf-idle.txt
prefix=${1:-}
# collect.sh PREFIX base: only cpuidle's counts, as cpuidle_base lines
# (taken at the module's reset: the report then counts from there).
kind=cpuidle
[ "${2:-}" = base ] && kind=cpuidle_base
dbg=/sys/kernel/debug/pmf_idle
if [ ! -r "$dbg/summary" ]; then
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
fi
if [ ! -r "$dbg/summary" ]; then
	echo "collect.sh: no $dbg/summary: is pmf_idle loaded (and are you root)?" >&2
	exit 1
fi
# The samples the summary counts are held until they are listed (a
# module of format 2 has no hold: the write fails, harmlessly).
[ $kind = cpuidle ] && { echo 1 >"$dbg/hold"; } 2>/dev/null
[ $kind = cpuidle ] && sed "s/^/$prefix/" "$dbg/summary"
for d in /sys/devices/system/cpu/cpu[0-9]*; do
	cpu=${d##*/cpu}
	t=$d/topology
	[ -r "$t/core_id" ] && [ $kind = cpuidle ] && echo "${prefix}topology cpu=$cpu cluster=$(cat "$t/cluster_id" 2>/dev/null ||
		cat "$t/physical_package_id") core=$(cat "$t/core_id")"
	for s in "$d"/cpuidle/state*; do
		[ -r "$s/usage" ] || continue
		echo "${prefix}$kind cpu=$cpu idx=${s##*/state} state=$(cat "$s/name")" \
			"usage=$(cat "$s/usage") time=$(cat "$s/time")us"
	done
done
[ $kind = cpuidle ] || exit 0
sed "s/^/$prefix/" "$dbg/samples"
{ echo 0 >"$dbg/hold"; } 2>/dev/null
echo "${prefix}end"
