#!/usr/bin/env bash
# make profile: every named path is found (boot once, the others as often
# as the profiling payload calls them); a second QEMU run gives the same
# trace and the same tables, byte for byte; the PMF capture points are the
# code the firmware's timestamps come from (under -icount an instruction
# takes 1 ns, so each PMF interval the payload printed is the instruction
# count between them, within one counter tick); explicit windows and bad
# requests; the profiler's host tests.
# Usage: profile_test.sh BUILD_BASE   (make test-profile; make check's build)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
all=psci_version,cpu_suspend,cpu_on,cpu_off,boot
# The first profile as a user types it; the others through make's own
# _profile (the lock is this suite's caller's).
what="make profile"
target=profile
build=$base/qemu/release
if make -C "$top" -j2 BUILD_BASE="$base" PROFILE_PATH=$all PROFILE_KEEP=1 $target >"$work/first.log" 2>&1; then
	pass "$what"
else
	fail "$what" "$(grep -E 'rror|profile:' "$work/first.log" | head -n 3)"
fi
# The same run again, from the recording on.
mkdir -p "$work/first"
cp "$build"/profile/*.txt "$build"/profile/*.csv "$build"/profile/*.json "$work/first/"
# The trace up to SYSTEM_OFF (after it, QEMU stops the other cores at a
# moment the host decides), without the host addresses of QEMU's
# translated code, which differ from run to run.
off=$(aarch64-linux-gnu-nm "$build/bl31.elf" | awk '$3 == "plat_system_off" { print $1 }')
until_off() {
	local n
	n=$(grep -n -m1 "/$off/" "$1" | cut -d: -f1)
	head -n "${n:-0}" "$1" | sed -E 's/0x[0-9a-f]+ //'
}
until_off "$build/profile/trace.log" >"$work/first.trace"
py tools.profile.profile --build "$build" --path $all --record --keep \
	>"$work/second.log" 2>&1
until_off "$build/profile/trace.log" >"$work/second.trace"
check "a second QEMU run records the same trace up to SYSTEM_OFF ($(wc -l <"$work/first.trace") lines)" \
	bash -c "[ -n '$off' ] && [ -s '$work/first.trace' ] &&
		cmp -s '$work/first.trace' '$work/second.trace'"
for p in ${all//,/ }; do
	check "$p: the same tables from both runs" \
		bash -c "cmp -s '$work/first/$p.txt' '$build/profile/$p.txt' &&
			cmp -s '$work/first/$p.json' '$build/profile/$p.json' &&
			cmp -s '$work/first/$p.csv' '$build/profile/$p.csv'"
done

t=$build/profile
check "boot: found once, BL1, BL2 and BL31 in it" \
	bash -c "grep -q '^   1 occurrence(s), CPU 0:' '$t/boot.txt' &&
		grep -q 'by image: .*bl1 .*' '$t/boot.txt' && grep -q 'by image: .*bl2 ' '$t/boot.txt' &&
		grep -q 'by image: .*bl31 ' '$t/boot.txt'"
for w in psci_version/smc psci_version/pmf cpu_suspend/powerdown cpu_suspend/wakeup \
	cpu_off/powerdown cpu_off/smc; do
	same='^   3 occurrence\(s\), CPU [0-9]+: [0-9]+ instructions, ([0-9]+)\.0 per occurrence'
	check "$w: 3 occurrences, all the same length" \
		bash -c "grep -A1 '^== $w:' '$t/${w%/*}.txt' | grep -qE '$same \(min \1, max \1\)'"
done
check "cpu_on: 3 calls, on the caller and the target core" \
	grep -qE '^   3 occurrence\(s\), CPU 0, 1: ' "$t/cpu_on.txt"
check "psci_version: the SMC path ends in the vectors' own answer, no C" \
	bash -c "grep -q 'version_call_aarch64' '$t/psci_version.txt' &&
		! grep -qE 'sync_lower_el_entry|std_svc_handle' '$t/psci_version.txt'"
check "inlined frames are named with their caller" \
	grep -q 'psci_smc_handler  (in std_svc_handle)' "$t/cpu_suspend.txt"
check "source lines are listed" \
	grep -qE '^ +[0-9]+ +[0-9.]+ +[0-9.]+  lib/psci/psci_suspend.c:[0-9]+' "$t/cpu_suspend.txt"

# The PMF intervals the payload printed, against the instructions counted.
pmf_matches() {    # PATH WINDOW "PMF NAME"
	local n ns ok=0 bad=0
	n=$(python3 -c "import json; print(json.load(open('$t/$1.json'))[$2]['per_occurrence']['max'])")
	for ns in $(grep "PROFILE: $1 call [0-9]: PMF $3 = " "$t/console.log" | awk '{print $(NF-1)}'); do
		# One tick of the 62.5 MHz counter is 16 ns.
		if [ $((ns - n)) -le 16 ] && [ $((n - ns)) -le 16 ]; then
			ok=$((ok + 1))
		else
			bad=$((bad + 1))
		fi
	done
	echo "$1 $3: $n instructions; PMF, call 0: $(grep "PROFILE: $1 call 0: PMF $3" \
		"$t/console.log" | awk '{print $(NF-1)}') ns"
	[ "$ok" -eq 3 ] && [ "$bad" -eq 0 ]
}
check "PSCI_VERSION: ENTER_PSCI->EXIT_PSCI is what PMF measured" \
	pmf_matches psci_version 1 "ENTER_PSCI->EXIT_PSCI"
check "CPU_SUSPEND: ENTER_PSCI->ENTER_HW_LOW_PWR is what PMF measured" \
	pmf_matches cpu_suspend 0 "ENTER_PSCI->ENTER_HW_LOW_PWR"
check "CPU_SUSPEND: EXIT_HW_LOW_PWR->EXIT_PSCI is what PMF measured" \
	pmf_matches cpu_suspend 1 "EXIT_HW_LOW_PWR->EXIT_PSCI"

# Explicit windows reuse the trace.
make -C "$top" BUILD_BASE="$base" PROFILE_FROM=std_svc_handle PROFILE_TO=insn:eret PROFILE_KEEP=1 \
	_profile >"$work/range.log" 2>&1
check "PROFILE_FROM/PROFILE_TO: every standard-service call to its ERET" \
	grep -qE '^   [0-9]+ occurrence\(s\)' "$work/range.log"
rec=$(grep 'profile: recording' "$work/range.log")
check "PROFILE_FROM/PROFILE_TO: no new QEMU run${rec:+ (${rec#profile: })}" [ -z "$rec" ]

# Bad requests name the problem.
make -C "$top" BUILD_BASE="$base" _profile >"$work/none.log" 2>&1
check "no PROFILE_PATH: refused, listing the paths" \
	grep -q "make profile: give PROFILE_PATH=<psci_version|cpu_suspend|cpu_on|cpu_off|boot>" \
	"$work/none.log"
make -C "$top" BUILD_BASE="$base" PROFILE_PATH=nosuch _profile >"$work/nosuch.log" 2>&1
check "an unknown path: refused by name, before anything runs" \
	grep -q "PROFILE_PATH=nosuch: nosuch not a path make profile knows" "$work/nosuch.log"
make -C "$top" BUILD_BASE="$base" PROFILE_FROM=nosuch PROFILE_TO=insn:eret PROFILE_KEEP=1 _profile \
	>"$work/nosym.log" 2>&1
check "an unknown symbol: refused by name" grep -q "^profile: no symbol 'nosuch'" "$work/nosym.log"
check "PROFILE_PATH misspelt: make says which variable was meant" \
	bash -c "make -C '$top' BUILD_BASE='$base' PROFILE_PAHT=boot _profile 2>&1 |
		grep -q 'PROFILE_PAHT is not an option (did you mean PROFILE_PATH?)'"

# Without PROFILE_KEEP=1 the raw trace is read (the one kept, no new
# recording) and deleted.
make -C "$top" BUILD_BASE="$base" PROFILE_PATH=psci_version _profile >"$work/nokeep.log" 2>&1
check "without PROFILE_KEEP=1 the raw trace is deleted once read" \
	bash -c "[ ! -e '$build/profile/trace.log' ] && [ ! -e '$build/profile/trace.log.meta' ] &&
		[ ! -e '$build/profile/trace.log.streams' ] && grep -q 'occurrence' '$work/nokeep.log' &&
		! grep -q 'profile: recording' '$work/nokeep.log'"

# The host tests of the profiler.
py tests.profile.test_profile >"$work/unit.log" 2>&1
check "host tests of the profiler ($(tail -n 1 "$work/unit.log"))" [ $? -eq 0 ]
summary
