#!/usr/bin/env bash
# QEMU sbsa-ref's checks of its build (PLAT_CI_BUILDS), run by make check's
# platforms suite, which also boots it at its defaults (make run, four
# cores): the machine QEMU starts is the platform's (tools/qemu_run, from
# config.mk); with nine cores, clusters of eight and one, the firmware
# learns them from the machine, nothing rebuilt, and every scenario runs
# on every core; make bench and make profile work on it as on QEMU virt.
# Usage: ci_test.sh BUILD_DIR SHAPE MAIN_BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$top/tests/lib/harness.sh"
d=$1
base=$(cd "$d/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

py tools.qemu_run.qemu_run --config "$d/config.mk" --print-cmd >"$work/cmd" 2>&1
check "qemu_run starts QEMU's sbsa-ref with the build's flash image" \
	grep -q -- "-machine sbsa-ref -cpu neoverse-n1 -smp 4 .*-bios $d/flash.bin" "$work/cmd"

make -C "$top" PLAT=sbsa BUILD_BASE="$base" SBSA_CORES=9 run >"$work/run9.log" 2>&1
rc=$?
check "make run SBSA_CORES=9: nothing rebuilt, the machine's 9 cores learnt (8+1), every scenario on each ($rc)" \
	bash -c "[ $rc -eq 0 ] && ! grep -qE '^  (CC|AS|LD) ' '$work/run9.log' &&
		grep -q 'BL31: QEMU sbsa-ref has 9 of the 16 cores this build runs: PSCI knows those' '$work/run9.log' &&
		grep -q '^PAYLOAD: machine: 9 cores in 2 clusters (8+1)' '$work/run9.log' &&
		grep -qE '^rt_report: [0-9]+ scenarios x 9 cores x 1 iteration\(s\) passed' '$work/run9.log'"
make -C "$top" PLAT=sbsa BUILD_BASE="$base" bench >"$work/bench.log" 2>&1
rc=$?
check "make bench ($rc)" bash -c "[ $rc -eq 0 ] && grep -qE '^BENCH: PSCI_VERSION +[0-9]+ ns/call' '$work/bench.log' &&
	grep -q '^bench_report: ' '$work/bench.log'"
make -C "$top" PLAT=sbsa BUILD_BASE="$base" profile PROFILE_PATH=psci_version >"$work/profile.log" 2>&1
rc=$?
check "make profile PROFILE_PATH=psci_version: every occurrence the same count ($rc)" \
	bash -c "[ $rc -eq 0 ] && [ \$(grep -cE '^   [0-9]+ occurrence\(s\), CPU 0: [0-9]+ instructions, ([0-9]+)\.0 per occurrence \(min \1, max \1\)' '$work/profile.log') -eq 2 ]"
summary
