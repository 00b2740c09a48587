# Shared helpers for the shell test suites: PASS/FAIL bookkeeping and
# booting QEMU. Source it; end the suite with `summary`.

passed=0
failed=0

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }

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

# qemu_boot FLASH CPU SMP LOG SECONDS [STOP-PATTERN]: boot FLASH, console to
# LOG (line ends made \n once QEMU is done). Returns QEMU's exit status, or 124 if it had to be stopped: after
# SECONDS, or as soon as LOG shows STOP-PATTERN (an extended regex), for
# runs that are expected to halt rather than power off. QEMU_NO_REBOOT= (set
# and empty) lets a reset reboot the machine instead of ending QEMU.
qemu_boot() {
	local flash=$1 cpu=$2 smp=$3 log=$4 secs=$5 stop=${6:-}
	"${QEMU:-qemu-system-aarch64}" -nographic ${QEMU_NO_REBOOT--no-reboot} \
		-machine virt,secure=on,virtualization=on,gic-version=3 \
		-cpu "$cpu" -smp "$smp" -m 1024 -nic none -bios "$flash" \
		-icount shift=0,align=off,sleep=off ${QEMU_EXTRA_ARGS:-} \
		</dev/null >"$log" 2>&1 &
	local pid=$! waited=0
	while kill -0 "$pid" 2>/dev/null; do
		if [ -n "$stop" ] && grep -qE -- "$stop" "$log"; then
			sleep 0.2
			kill "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			sed -i 's/\r$//' "$log"
			return 124
		fi
		if [ "$waited" -ge $((secs * 10)) ]; then
			kill "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			sed -i 's/\r$//' "$log"
			return 124
		fi
		sleep 0.1
		waited=$((waited + 1))
	done
	wait "$pid"
	local rc=$?
	sed -i 's/\r$//' "$log"
	return $rc
}
