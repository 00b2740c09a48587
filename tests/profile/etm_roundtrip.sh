#!/usr/bin/env bash
# The profiler on CoreSight ETM trace, end to end: a QEMU instruction trace
# of the firmware (make profile's, recorded if missing) is encoded as the
# ETMv4 trace an N1 trace unit would emit (etm_encode.py), OpenCSD decodes
# it (etm_decode), and the profiler's tables from the decoded trace must be
# the tables from the QEMU trace, byte for byte. Twice: with the normal
# world's SMC call sites traced (every named path but boot), and traced at
# EL3 only, as on the board (windows that need no normal-world code).
# Usage: etm_roundtrip.sh BUILD_DIR ETM_DECODE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
build=$1
decode=$2
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
profile() { py tools.profile.profile --build "$build" "$@"; }
fw=(--elf "$build/bl1.elf" --elf "$build/bl2.elf" --elf "$build/bl31.elf")

if profile --path psci_version --keep >"$work/record.log" 2>&1; then
	pass "make profile's QEMU trace is there"
else
	fail "make profile's QEMU trace is there" "$(tail -n 3 "$work/record.log")"
	summary
	exit
fi
# The boot is long (BL2 copies the images) and needs no second proof here.
py tests.profile.trace_slice --after-eret "$build/bl31.elf" "$build/profile/trace.log" \
	"$work/nw.trace"
py tests.profile.trace_slice --keep "$build/bl1.elf" --keep "$build/bl2.elf" \
	--keep "$build/bl31.elf" "$work/nw.trace" "$work/el3.trace"

# roundtrip NAME ENCODE-OPTIONS -- PROFILE-RUNS...: encode, decode, compare.
roundtrip() {
	local name=$1 trace=$2 opts=$3
	shift 3
	check "$name: encoded as ETMv4" py tests.profile.etm_encode "${fw[@]}" $opts \
		"$trace" "$work/$name.etm" "$work/$name.cfg"
	if "$decode" --config "$work/$name.cfg" --formatted "${fw[@]}" \
		--elf "$build/payload_profile.elf" "$work/$name.etm" >"$work/$name.dec" \
		2>"$work/$name.err"; then
		pass "$name: OpenCSD decodes it ($(grep -c ' range ' "$work/$name.dec") ranges)"
	else
		fail "$name: OpenCSD decodes it" "$(head -n 3 "$work/$name.err")"
	fi
	local i=0
	while [ $# -gt 0 ]; do
		local args=$1
		shift
		i=$((i + 1))
		mkdir -p "$work/$name-q$i" "$work/$name-e$i"
		profile $args --trace "$trace" --out "$work/$name-q$i" >"$work/$name-q$i.txt" \
			2>"$work/$name-q$i.err"
		local rq=$?
		profile $args --etm "$work/$name.dec" --out "$work/$name-e$i" >"$work/$name-e$i.txt" \
			2>"$work/$name-e$i.err"
		local re=$?
		local n
		n=$(grep -oE '[0-9]+ occurrence\(' "$work/$name-q$i.txt" | cut -d' ' -f1 | sort -n | head -n 1)
		check "$name: $args: every window found in the QEMU trace (at least ${n:-0} times)" \
			[ "$rq" -eq 0 -a "${n:-0}" -gt 0 ]
		check "$name: $args: the ETM profile is the QEMU profile" \
			cmp -s "$work/$name-q$i.txt" "$work/$name-e$i.txt"
		check "$name: $args: ... and so are its CSV and JSON" \
			bash -c "[ $re -eq 0 ] && diff -r '$work/$name-q$i' '$work/$name-e$i' >/dev/null"
	done
}

roundtrip nw "$work/nw.trace" "--ns-elf $build/payload_profile.elf" \
	"--path psci_version,cpu_suspend,cpu_on,cpu_off"
roundtrip el3 "$work/el3.trace" "--el3-only" \
	"--from capture:ENTER_PSCI --to capture:EXIT_PSCI" \
	"--from smc-entry --to insn:eret" \
	"--from bl31_warm_entrypoint --to insn:eret"
check "el3: every exception entry is a Trace On, as with an EL3 filter" \
	bash -c "! grep -q ' exception ' '$work/el3.dec' && grep -q ' trace-on' '$work/el3.dec'"
check "nw: the SMCs are Exception packets" grep -q ' exception 2' "$work/nw.dec"

# One trace unit's raw stream (no formatter) decodes to the same ranges.
py tests.profile.etm_encode "${fw[@]}" --el3-only --raw 1 "$work/el3.trace" \
	"$work/raw.etm" "$work/raw.cfg"
"$decode" --config "$work/raw.cfg" "${fw[@]}" "$work/raw.etm" >"$work/raw.dec" 2>&1
check "raw stream of CPU 1: the ranges of the formatted trace's CPU 1" \
	cmp -s <(grep '^cpu 1 range' "$work/raw.dec") <(grep '^cpu 1 range' "$work/el3.dec")

# Bad input is refused, naming the problem.
"$decode" --config "$work/raw.cfg" --elf "$build/bl1.elf" "$work/raw.etm" >/dev/null \
	2>"$work/nomem.err"
check "etm_decode: a missing image is an error naming the address" \
	grep -q "etm_decode: .* in no memory image, the first 0xe06" "$work/nomem.err"
grep -v TRCIDR8 "$work/raw.cfg" >"$work/bad.cfg"
"$decode" --config "$work/bad.cfg" "${fw[@]}" "$work/raw.etm" >/dev/null 2>"$work/badcfg.err"
check "etm_decode: a missing register is an error naming it" \
	grep -q "etm_decode: .*cpu 1: TRCIDR8 missing" "$work/badcfg.err"
printf 'cpu 0 range 0x10 0x14 2\n' >"$work/bad.dec"
profile --path psci_version --etm "$work/bad.dec" --out "$work" >/dev/null 2>"$work/baddec.err"
check "profile: a bad etm_decode line is an error naming it" \
	grep -q "^profile: .*line 1: range 0x10-0x14 does not hold 2 A64 instructions" \
	"$work/baddec.err"
# The raw trace was kept for this suite only (--keep above).
rm -f "$build"/profile/trace.log "$build"/profile/trace.log.streams "$build"/profile/trace.log.meta
summary
