#!/usr/bin/env bash
# The CPU units (lib/cpus/units) on every CPU model QEMU boots, and what
# the CPUs' mitigations cost:
#  - each model of plat/qemu/platform.mk's QEMU_CPUS boots the default
#    build (the board's mitigations on) to SYSTEM_OFF: BL31 names the unit
#    that claims it and the revision, the payload's conformance suite (its
#    SMCCC answers, the Errata Management ABI on every core, SOC_ID) passes;
#  - Neoverse N1 at other revisions, QEMU's MIDR_EL1 overridden
#    (-cpu neoverse-n1,midr=...): the errata rows each revision has, skipped
#    on QEMU for want of the IMPLEMENTATION DEFINED registers, and the
#    Errata Management ABI's answers for them;
#  - make mitigations on a copy of the build: each mitigation's cost is
#    where it should be, and BL31's broadcast TLBI keeps CVE-2025-10263's
#    rule with the option on (tests/host/check_tlbi.py).
# Usage: cpus_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$1
build=$base/qemu/release
cfg=$build/config.mk
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The unit each QEMU model must find (its name on BL31's "CPU" line).
declare -A unit=([neoverse-n1]="Neoverse N1" [cortex-a35]="Cortex-A35" [cortex-a53]="Cortex-A53"
	[cortex-a57]="Cortex-A57" [cortex-a72]="Cortex-A72" [cortex-a76]="Cortex-A76"
	[max]="generic (CLIDR_EL1)")
cpus=$(sed -n 's/^\(override \)\{0,1\}QEMU_CPUS := //p' "$top/plat/qemu/platform.mk")
check "plat/qemu/platform.mk lists QEMU's models" [ -n "$cpus" ]

# boot NAME CPU: the default build on -cpu CPU; its console in $work/NAME.log.
boot() {
	qemu_boot "$work/$1.log" 30 --config "$cfg" --cpu "$2"
	check "$1: QEMU exits 0 through SYSTEM_OFF" [ $? -eq 0 ]
	check "$1: the payload's conformance suite passes" \
		grep -qE "^CONFORMANCE: [0-9]+ passed, 0 failed" "$work/$1.log"
	check "$1: no error on the console" lacks "$work/$1.log" "ERROR"
}

for cpu in $cpus; do
	boot "$cpu" "$cpu"
	check "$cpu: a unit claims it (${unit[$cpu]:-none listed here})" \
		grep -q "^NOTICE:  BL31: CPU ${unit[$cpu]:-?} r[0-9]*p[0-9]* (MIDR 0x[0-9a-f]*)$" "$work/$cpu.log"
	check "$cpu: the Errata Management ABI answered on every core" \
		has "$work/$cpu.log" "CONFORMANCE: Errata Management ABI: PASS"
done
# The board's CPU, QEMU's r4p1: every N1 mitigation row applied (the
# board's defaults), the rows that need the registers skipped and why.
log=$work/neoverse-n1.log
for row in "CVE-2018-3639: applied" "erratum 3324349 (r0p0-r4p1): applied" \
	"CVE-2022-23960: applied" "CVE-2025-10263: applied" \
	"erratum 3888013 (r0p0-r4p1): skipped, no IMPLEMENTATION DEFINED registers here"; do
	check "neoverse-n1 r4p1: $row" has "$log" "NOTICE:  BL31: Neoverse N1 $row"
done
check "neoverse-n1 r4p1: the other errata named, not affected" \
	has "$log" "NOTICE:  BL31: Neoverse N1 r4p1 is not affected by 925373 1043202 1073348 1130799"
# Cortex-A57/A72: CVE-2018-3639's bit set at reset (QEMU's models have the
# register, ignoring what is written) and their 8-branch loop.
for cpu in cortex-a57 cortex-a72; do
	check "$cpu: CVE-2018-3639's bit and the 8-branch loop applied" \
		bash -c "grep -q 'BL31: ${unit[$cpu]} CVE-2018-3639: applied: CPUACTLR_EL1\[55\] set at reset' '$work/$cpu.log' &&
			grep -q 'BL31: ${unit[$cpu]} CVE-2022-23960: applied: 8-branch loop' '$work/$cpu.log'"
done

# Other revisions of Neoverse N1: QEMU reports the MIDR_EL1 it is given.
boot n1-r3p0 neoverse-n1,midr=0x413fd0c0
check "n1 r3p0: BL31 sees r3p0" has "$work/n1-r3p0.log" "BL31: CPU Neoverse N1 r3p0 (MIDR 0x413fd0c0)"
check "n1 r3p0: 1542419 is this revision's, its patch skipped on QEMU" \
	has "$work/n1-r3p0.log" "BL31: Neoverse N1 erratum 1542419 (r3p0-r4p0): skipped, no IMPLEMENTATION DEFINED"
boot n1-r0p0 neoverse-n1,midr=0x410fd0c0
check "n1 r0p0: 925373 is this revision's" \
	has "$work/n1-r0p0.log" "BL31: Neoverse N1 erratum 925373 (r0p0-r0p0): skipped"
check "n1 r0p0: 1542419 and 1946160 are not" \
	grep -q "BL31: Neoverse N1 r0p0 is not affected by 1542419 1946160$" "$work/n1-r0p0.log"

# make mitigations on a copy of the build: make bench with each mitigation
# alone, none and all.
bash "$top/tests/lib/copy_build.sh" "$build" "$work/m"
if make -C "$top" --no-print-directory BUILD_BASE="$work/m" mitigations >"$work/mit.log" 2>&1; then
	pass "make mitigations"
else
	fail "make mitigations" "$(tail -n 5 "$work/mit.log")"
fi
rst=$work/m/mitigations/mitigations.rst
# figure PATH COLUMN: that path's figure in that column (3 none, 4-6 each alone, 7 all).
figure() { awk -v p="$1" -v c="$2" -F'  +' '$1 == p { split($c, f, " "); print f[1] }' "$rst"; }
# tlbi ELF on|off: tests/host/check_tlbi.py, its lines indented.
tlbi() {
	local out rc
	out=$(py tests.host.check_tlbi aarch64-linux-gnu-objdump "$1" "$2")
	rc=$?
	sed 's/^/    /' <<<"$out"
	return $rc
}
# adds COLUMN DELTA PATH...: in COLUMN each path's figure is none's plus
# DELTA; exactly, but for the CPU_ON-to-entry row, within 15 ns: it is the
# mean of 200 intervals each read to a 16 ns tick, and where in a tick they
# fall moves with how long the boot before took (each build's own keys;
# fresh-ci saw 904 and 907 for one code). The cycle row, two reads around
# 200 cycles, holds the warm boot exactly.
adds() {
	local c=$1 d=$2 p none got slack
	shift 2
	for p in "$@"; do
		none=$(figure "$p" 3) got=$(figure "$p" "$c") slack=0
		[ "$p" != "$on_entry" ] || slack=15
		[ -z "$none" ] || [ -z "$got" ] || [ $((got - none)) -eq "$d" ] ||
			echo "    $p: none $none, column $c $got (want +$d, within $slack)"
		[ -n "$none" ] && [ -n "$got" ] && [ $((got - none - d)) -le $slack ] &&
			[ $((got - none - d)) -ge $((-slack)) ] ||
			return 1
	done
}
smc=(SMCCC_VERSION PSCI_VERSION "PMF GET_TIMESTAMP (SMC64)" "CPU_SUSPEND core standby (wake-up pending)")
on_entry="CPU_ON call -> target at its entry point"
cycle="CPU_ON + warm boot + CPU_OFF of another core"
check "the Spectre-BHB loop: 75 instructions on every SMC round trip (24 branches, DSB, ISB)" \
	adds 5 75 "${smc[@]}"
check "CVE-2018-3639 (SSBS at reset): nothing on the SMC round trip" adds 4 0 "${smc[@]}"
check "CVE-2018-3639: its rows on every warm boot" \
	bash -c "[ $(($(figure "$on_entry" 4) - $(figure "$on_entry" 3))) -gt 0 ]"
check "CVE-2025-10263 costs QEMU nothing (EL3's one broadcast TLBI is 1542419's trap's)" \
	adds 6 0 "${smc[@]}" "$on_entry" "$cycle"
check "CVE-2025-10263: with the option, a TLBI VALE3IS and DSB ISH after BL31's broadcast TLBI" \
	tlbi "$work/m/mitigations/build-all/qemu/release/bl31.elf" on
check "CVE-2025-10263: without it, none" \
	tlbi "$work/m/mitigations/build-none/qemu/release/bl31.elf" off
summary
