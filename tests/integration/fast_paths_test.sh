#!/usr/bin/env bash
# BL31's vectors answer some SMCs themselves (reserved function IDs,
# SMCCC_VERSION, PSCI_VERSION with its PMF record: the fast paths of
# bl31/aarch64/runtime_exceptions.S); the C dispatcher answers the same
# IDs. The two must agree: the default build (fast paths) and one with
# SMC_FAST_PATHS=0 (every SMC through the C dispatcher) boot the same
# payload, whose conformance checks hold each answer to the specification's
# value, and print the same answers, x4-x29 preserved, the same PMF
# records and the same checks. A copy of the tree whose vector answers
# another SMCCC_VERSION must make the comparison fail.
# Usage: fast_paths_test.sh BUILD_BASE BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$(cd "${1:?usage: fast_paths_test.sh BUILD_BASE BUILD_DIR}" && pwd)
build=${2:?usage: fast_paths_test.sh BUILD_BASE BUILD_DIR}
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# The payload's lines that state an answer of the firmware (no timing).
ANSWERS='PAYLOAD: (PSCI_VERSION =|SMCCC_VERSION =|x4-x29|unknown SMC|checks:|RESULT:|PMF call ring: [0-9]+ records)'
answers() { grep -E "$ANSWERS" "$1"; }

# build_in TREE OUT OPTIONS...: the qemu images of TREE into OUT.
build_in() {
	local tree=$1 out=$2
	shift 2
	mkdir -p "$out" && cp -a "$base/tools" "$out/tools"
	timeout 600 make -C "$tree" -j2 PLAT=qemu BUILD_BASE="$out" DEPS_DIR="$base/deps" "$@" \
		>"$out.log" 2>&1
}

# boot NAME CONFIG: the payload's run in QEMU, its console in $work/NAME.log.
boot() {
	qemu_boot "$work/$1.log" 60 --config "$2"
	check "$1: the payload passes" has "$work/$1.log" "PAYLOAD: RESULT: PASS"
}

boot fast "$build/config.mk"
if build_in "$top" "$work/c-only" SMC_FAST_PATHS=0; then
	boot c-only "$work/c-only/qemu/release/config.mk"
	check "SMC_FAST_PATHS=0: the vectors answer nothing themselves" \
		bash -c "! aarch64-linux-gnu-objdump -d '$work/c-only/qemu/release/bl31.elf' |
			grep -q 'b.eq.*<version_call_aarch64>'"
	if diff <(answers "$work/fast.log") <(answers "$work/c-only.log") >"$work/answers.diff"; then
		pass "the vectors' answers are the C dispatcher's ($(answers "$work/fast.log" | wc -l) lines)"
	else
		fail "the vectors' answers are the C dispatcher's" "$(head -n 6 "$work/answers.diff")"
	fi
else
	fail "SMC_FAST_PATHS=0 builds" "$(tail -n 5 "$work/c-only.log")"
fi

# The comparison can fail: a vector that answers SMCCC_VERSION 1.6.
mkdir -p "$work/tree" && git -C "$top" ls-files -z | (cd "$top" && xargs -0 cp --parents -t "$work/tree")
sed -i 's/^\tmovk\tw0, #SMCCC_VERSION_MINOR$/\tmovk\tw0, #(SMCCC_VERSION_MINOR + 1)/' \
	"$work/tree/bl31/aarch64/runtime_exceptions.S"
if cmp -s "$top/bl31/aarch64/runtime_exceptions.S" "$work/tree/bl31/aarch64/runtime_exceptions.S"; then
	fail "the mutant: the pattern no longer matches bl31/aarch64/runtime_exceptions.S"
elif build_in "$work/tree" "$work/mutant"; then
	qemu_boot "$work/mutant.log" 60 --config "$work/mutant/qemu/release/config.mk"
	check "a vector answering SMCCC_VERSION 1.6 differs from the C dispatcher's answers" \
		bash -c "! diff -q <(grep -E '$ANSWERS' '$work/mutant.log') <(grep -E '$ANSWERS' '$work/c-only.log') >/dev/null"
else
	fail "the mutant builds" "$(tail -n 5 "$work/mutant.log")"
fi
summary
