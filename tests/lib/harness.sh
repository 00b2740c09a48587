# Shared helpers for the shell test suites: PASS/FAIL bookkeeping and
# booting QEMU. Source it; end the suite with `summary`.

passed=0
failed=0
harness_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }
skip() { echo "SKIP $1${2:+: $2}"; }

# check NAME CONDITION-COMMAND...: PASS if the command succeeds.
check() {
	local name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "$*"; fi
}

# has LOG TEXT / lacks LOG TEXT: fixed-string search in a console log.
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }

summary() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}

# qemu_boot LOG SECONDS [QEMU_RUN-ARGS...]: boot through tools/qemu_run (the
# one description of the machine; give it --config BUILD/config.mk and/or
# --flash, --cpu, --stop ...), console to LOG only. Returns its status: QEMU's,
# 0 when a --stop line was seen, 124 after SECONDS.
qemu_boot() {
	local log=$1 secs=$2
	shift 2
	python3 "$harness_top/tools/qemu_run/qemu_run.py" --quiet --log "$log" \
		--timeout "$secs" "$@"
}
