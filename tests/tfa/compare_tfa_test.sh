#!/usr/bin/env bash
# make compare-tfa, make check's form (COMPARE_TFA_REDUCED=1), in a build
# tree of its own beside make check's (the downloads and the TF-A builds are
# the shared cache, DEPS_DIR): both firmwares booted, every row of the
# issue's table measured on both sides and in the report, TF-A's consoles
# TF-A's, the records' units; what the target refuses; and the TF-A build
# script's cache, keyed by content. The patch beside this file is the
# compare's build patch of TF-A (tests/tfa/qemu-pmf-sip.patch).
# Usage: compare_tfa_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$1/suites/compare-tfa
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: "${DEPS_DIR:=$(cd "$1" && pwd)/deps}"
export DEPS_DIR

# What it refuses, before it builds anything.
make -C "$top" BUILD_BASE="$base" compare-tfa WORKAROUND_CVE_2018_3639=0 >"$work/refused.log" 2>&1
check "an option of one side only is refused, named" \
	bash -c "[ $? -ne 0 ] && grep -q 'WORKAROUND_CVE_2018_3639 would reach one side only' '$work/refused.log'"
make -C "$top" BUILD_BASE="$base" compare-tfa QEMU_CPU=neoverse-n1 >"$work/n1.log" 2>&1
check "a CPU TF-A's QEMU port has no library for is refused, naming those it has" \
	bash -c "[ $? -ne 0 ] && grep -q 'QEMU_CPU=neoverse-n1: TF-A 2.8.0+dfsg-1.s qemu port has CPU libraries for cortex-a53, cortex-a57, cortex-a72, max only' '$work/n1.log'"
make -C "$top" BUILD_BASE="$base" PLAT=fvp compare-tfa >"$work/fvp.log" 2>&1
check "PLAT=fvp: refused, TF-A's side being its QEMU port" \
	bash -c "[ $? -ne 0 ] && grep -q 'make compare-tfa runs under QEMU only.*its QEMU port' '$work/fvp.log'"

# The reduced compare.
make -C "$top" BUILD_BASE="$base" compare-tfa COMPARE_TFA_REDUCED=1 >"$work/compare.log" 2>&1
rc=$?
check "make compare-tfa COMPARE_TFA_REDUCED=1 passes ($rc)" [ "$rc" -eq 0 ]
run=$(readlink -f "$base/qemu/report/latest-compare-tfa")
report=$run/compare-tfa-qemu.rst
check "its run directory has the report, the JSON and the CSV" \
	bash -c "[ -s '$report' ] && [ -s '$run/comparison.json' ] && [ -s '$run/comparison.csv' ]"
check "the report names its run" grep -qF "\`\`$(basename "$run")\`\`" "$report"

# Every row of the issue's table, a figure on both sides and their ratio.
py tools.rt_report.compare_tfa --check-rows "$run/comparison.json" >"$work/rows.log" 2>&1
check "every row of the issue's table: both figures and n1fw/TF-A as the ratio" [ $? -eq 0 ]
for row in "PSCI_VERSION round trip" "PSCI_VERSION ENTER_PSCI → EXIT_PSCI" \
	"warm boot EXIT_HW_LOW_PWR → EXIT_PSCI" "CPU_OFF power-down ENTER_PSCI → ENTER_HW_LOW_PWR" \
	"CPU_OFF set/way flush ENTER_CFLUSH → EXIT_CFLUSH" "CPU_ON call → secondary at its entry"; do
	check "the report's row: $row" grep -qE "^   $row +ns(/call)? +[0-9]+ +[0-9]+ +[0-9.]+×" "$report"
done
check "the report's boot row, trusted boot off: both in µs" \
	grep -qE "^   trusted boot off, mitigations as ours +µs +[0-9]+ +[0-9]+ +[0-9.]+×" "$report"
check "every figure it records names its unit" py tools.rt_report.schema "$run"

# The consoles are the firmware each side says.
v=$run/ours-tbb0
check "TF-A's console: TF-A 2.8's BL31, Debian's version, PSCI 1.1" \
	bash -c "grep -q '^NOTICE:  BL31: v2.8(release):debian-2.8.0' '$v/tfa-report.log' &&
		grep -qx 'PAYLOAD: PSCI_VERSION = 1.1' '$v/tfa-report.log'"
check "TF-A answered PMF through the build patch's SiP service (0xc2000010)" \
	grep -q '^PAYLOAD: PMF GET_TIMESTAMP: 0xc7000020 is unknown, the SiP 0xc2000010' "$v/tfa-report.log"
check "our console: our BL31, PSCI $(psci_version), PMF at 0xc7000020" \
	bash -c "grep -q '^NOTICE:  BL31: v0.1' '$v/n1fw-report.log' &&
		grep -qx 'PAYLOAD: PSCI_VERSION = $(psci_version)' '$v/n1fw-report.log' &&
		! grep -q 'PMF GET_TIMESTAMP: 0xc7000020 is unknown' '$v/n1fw-report.log'"
check "the same machine for both: the same -cpu and -smp in each console's run" \
	bash -c "grep -q 'cortex-a57' '$report' && grep -q -- '-smp 4,clusters=1,cores=4' '$report'"

# Ours with PAYLOAD_POWERDOWN_SUSPEND=0 as make run reports it: the
# compare's own tree, the whole report payload (conformance too).
mapfile -t ours < <(sed -n 's/^compare-tfa: n1fw: BUILD_BASE=\([^ ]*\) \(.*\) all .*/\1\n\2/p' \
	"$work/compare.log" | head -n 2)
# (The options are words without spaces: split them.)
# shellcheck disable=SC2086
make -C "$top" BUILD_BASE="${ours[0]}" ${ours[1]} run >"$work/run.log" 2>&1
check "make run PAYLOAD_POWERDOWN_SUSPEND=0: passes, the suspend scenarios and the lead's CPU_OFF row said left out" \
	bash -c "[ $? -eq 0 ] && grep -q 'No row of the lead core, cluster 0 core 0: PAYLOAD_POWERDOWN_SUSPEND=0' '$work/run.log' &&
		[ \$(grep -c '^- ..test_rt_instr_.*PAYLOAD_POWERDOWN_SUSPEND=0: no CPU_SUSPEND that powers a core down' '$work/run.log') -eq 4 ]"

# PLAT=sbsa: TF-A's qemu_sbsa cannot run the payload; the report says why,
# with TF-A's own output, and compares nothing.
make -C "$top" BUILD_BASE="$base" PLAT=sbsa compare-tfa >"$work/sbsa.log" 2>&1
rc=$?
sbsa=$(readlink -f "$base/sbsa/report/latest-compare-tfa")/compare-tfa-sbsa.rst
check "PLAT=sbsa: runs ($rc), no figure compared, and why: qemu_sbsa's link with runtime instrumentation, its BL2's refusal of BL33" \
	bash -c "[ $rc -eq 0 ] && grep -q '^No figure could be compared' '$sbsa' &&
		grep -q 'relocation truncated to fit: R_AARCH64_ADR_PREL_LO21' '$sbsa' &&
		grep -q 'ERROR:   BL2: Failed to load image id 5 (-27)' '$sbsa' &&
		! grep -q '^Runtime paths' '$sbsa'"

# tfa_build.sh: one folder per content, the same for the same inputs, the
# compare's build found again (nothing rebuilt).
tfa=$DEPS_DIR/arm-trusted-firmware/src
build=$(py tools.rt_report.compare_tfa --json-get "$run/comparison.json" builds.ours-tbb0.tfa)
mapfile -t opts < <(py tools.rt_report.compare_tfa --json-get "$run/comparison.json" \
	builds.ours-tbb0.tfa_options)
tfa_build() { bash "$top/make_helpers/tfa_build.sh" --src "$tfa" --cache "$DEPS_DIR/tfa-builds" \
	--plat qemu "$@"; }
again=$(tfa_build --patch "$here/qemu-pmf-sip.patch" "${opts[@]}" 2>"$work/again.log")
check "tfa_build.sh with the compare's inputs: its folder, nothing rebuilt" \
	bash -c "[ -n '$build' ] && [ '$again' = '$build' ] && [ ! -s '$work/again.log' ] &&
		[ -s '$build/bl31.bin' ]"
cp "$here/qemu-pmf-sip.patch" "$work/changed.patch"
printf '\n' >>"$work/changed.patch"
other=$(tfa_build --patch "$work/changed.patch" --print-dir "${opts[@]}")
check "... a patch's content changed: another folder" bash -c "[ -n '$other' ] && [ '$other' != '$build' ]"
other=$(tfa_build --patch "$here/qemu-pmf-sip.patch" --print-dir "${opts[@]}" DEBUG=1)
check "... an option more: another folder" bash -c "[ -n '$other' ] && [ '$other' != '$build' ]"
tfa_build --patch "$here/qemu-pmf-sip.patch" QEMU_USE_GIC_DRIVER=QEMU_NO_SUCH_GIC >"$work/bad.out" 2>"$work/bad.log"
check "... a TF-A build that fails: exit 1, TF-A's own error quoted, no folder printed" \
	bash -c "[ $? -eq 1 ] && grep -q 'Incorrect GIC driver chosen for QEMU platform' '$work/bad.log' &&
		[ ! -s '$work/bad.out' ]"
summary
