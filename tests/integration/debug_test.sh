#!/usr/bin/env bash
# docs/debugging.rst's "Attaching gdb", as printed: `make run DEBUG=1
# QEMU_EXTRA="-s -S"`, then gdb-multiarch with the (gdb) commands of the
# section, in order; the breakpoint is hit and the backtrace is the one
# the page shows. Only build/ in the page's paths becomes BUILD_BASE.
# Usage: debug_test.sh BUILD_BASE [MAKE OPTIONS...]   (a DEBUG=1 build there)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$(cd "$1" && pwd)
shift
work=$(mktemp -d)
page=$top/docs/debugging.rst
qemu_pid=
cleanup() {
	[ -n "$qemu_pid" ] && kill -- -"$qemu_pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

# The section's shell and gdb lines, as the page prints them.
section=$(sed -n '/^Attaching gdb$/,/^When a run hangs$/p' "$page")
run_line=$(echo "$section" | sed -n 's/^ *\(make run DEBUG=1 QEMU_EXTRA=.*\)$/\1/p')
gdb_line=$(echo "$section" | sed -n 's/^ *\(gdb-multiarch .*\)$/\1/p')
mapfile -t gdb_cmds < <(echo "$section" | sed -n 's/^ *(gdb) \(.*\)$/\1/p')
check "the page prints the make command, the gdb command and ${#gdb_cmds[@]} gdb commands" \
	bash -c "[ '$run_line' = 'make run DEBUG=1 QEMU_EXTRA=\"-s -S\"' ] && [ -n '$gdb_line' ] &&
		[ ${#gdb_cmds[@]} -ge 6 ]"

# Step 1 (make's internal _run: this suite's caller holds the build's lock).
# QEMU waits for gdb with no time limit: this suite bounds it.
setsid timeout 180 make -C "$top" BUILD_BASE="$base" "$@" DEBUG=1 QEMU_EXTRA="-s -S" _run \
	>"$work/run.log" 2>&1 &
qemu_pid=$!
for _ in $(seq 1 600); do
	grep -q ':04D2 00000000:0000 0A' /proc/net/tcp /proc/net/tcp6 2>/dev/null && break
	sleep 0.2
done
check "step 1: QEMU waits for gdb on TCP port 1234" \
	grep -q ':04D2 00000000:0000 0A' /proc/net/tcp /proc/net/tcp6

# Steps 2 and 3: the page's gdb, in the page's folder layout.
args=()
for c in "${gdb_cmds[@]}"; do
	args+=(-ex "${c//build\//$base/}")
done
read -r -a gdb <<<"${gdb_line//build\//$base/}"
(cd "$top" && timeout 120 "${gdb[@]}" -q -batch -ex 'set confirm off' "${args[@]}" -ex kill) \
	>"$work/gdb.log" 2>&1
check "step 3: the breakpoint is hit in psci_cpu_on" \
	grep -qE '^Thread 1 hit Breakpoint 1, psci_cpu_on \(pos=pos@entry=1, entry=' "$work/gdb.log"
check "step 3: the backtrace is the page's" \
	bash -c "grep -qE '^#0  psci_cpu_on .* at lib/psci/psci_on_off.c:' '$work/gdb.log' &&
		grep -qE '^#1  .* in cpu_on \(target=.* at lib/psci/psci_smc.c:' '$work/gdb.log' &&
		grep -qE '^#2  .* in psci_call_CPU_ON \(.* at lib/psci/psci_smc.c:' '$work/gdb.log' &&
		grep -qE '^#3  .* in psci_smc_handler \(fid=.* at lib/psci/psci_smc.c:' '$work/gdb.log'"
for _ in $(seq 1 50); do
	kill -0 "$qemu_pid" 2>/dev/null || break
	sleep 0.2
done
check "step 3: gdb's kill ends QEMU (and the run)" bash -c "! kill -0 $qemu_pid 2>/dev/null"
# shellcheck disable=SC2154  # (harness.sh counts the failures)
[ "$failed" -eq 0 ] || sed 's/^/    /' "$work/gdb.log" | tail -n 20
summary
