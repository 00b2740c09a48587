#!/usr/bin/env bash
# The PMF record scenario (tests/payload/pmf_order.c; issue 17) on the
# build's firmware: every core's hundreds of CPU_SUSPENDs in parallel, to
# the deepest level, to core power-down and to core standby, a third of
# them abandoned on purpose, then the lead reading the others' records
# while they suspend; every call's six timestamps must be its own and in
# order (docs/design/pmf.rst); where the firmware has the call ring, each
# record's copy there too, the lead reading the rings with no SMC, and
# every core scribbling over every ring while the calls race. Booted twice
# from one FIP: under -icount, and in real time with the host made busy
# (background CPU hogs, each bounded by `timeout` and killed at the end),
# where vCPUs are preempted and some timers fire before their call reaches
# the firmware.
# Usage: pmf_order_test.sh BUILD_DIR [RUNS]   (RUNS real-time boots, default 1)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
build=$1
runs=${2:-1}
work=$(mktemp -d)
trap 'quiet_host; rm -rf "$work"' EXIT

if ! payload_flash "$build" payload_pmf_order.bin "$work" "a FIP with the scenario as BL33, signed with the build's keys"; then
	summary
	exit
fi

# boot NAME [QEMU_RUN-ARGS...]: one boot of the scenario, checked.
boot() {
	local name=$1 log=$work/$1.log
	shift
	qemu_boot "$log" 120 --config "$build/config.mk" --flash "$work/flash.bin" \
		--stop '^PAYLOAD: RESULT: ' "$@"
	check "$name: the scenario ran to its end" [ $? -eq 0 ]
	check "$name: every phase and core passed" has "$log" "PMF_ORDER: PASS"
	check "$name: no check failed" lacks "$log" "FAIL"
	check "$name: forced abandoned calls on every core" \
		bash -c "! grep -E '^PMF_ORDER: parallel.*: core .*\(0 forced' '$log'"
	check "$name: the lead took complete records of calls" \
		grep -qE '^PMF_ORDER: the lead reads.*: [1-9][0-9]* complete records' "$log"
	check "$name: every call's ring record is its PMF stamps, on every core" \
		bash -c "! grep -E '^PMF_ORDER: (parallel|targets).*, 0 ring records identical' '$log' &&
			grep -qE '^PMF_ORDER: parallel CPU_SUSPEND to the deepest.*[1-9][0-9]* ring records identical: PASS' '$log'"
	check "$name: the lead took every target's ring record, with no SMC, in order" \
		grep -qE "^PMF_ORDER: the lead's ring reader: [1-9][0-9]* records taken complete and in order .*, 0 bad: PASS" "$log"
	check "$name: scribbled rings: every core's next record is the firmware's own" \
		bash -c "[ \$(grep -cE '^PMF_ORDER: every core scribbles over every ring.*: core .*[1-9][0-9]* ring records identical: PASS' '$log') -ge 2 ]"
	check "$name: payload verdict PASS" has "$log" "PAYLOAD: RESULT: PASS"
	grep -E '^PMF_ORDER: (FAIL|the lead reads)' "$log" | head -n 8 | sed 's/^/    /'
}

# A REALTIME=1 build boots in real time whatever is asked.
if grep -qx 'REALTIME := 1' "$build/config.mk"; then boot "real time (as built)"; else boot icount; fi
for i in $(seq 1 "$runs"); do
	busy_host 3
	boot "real time, busy host, run $i" --realtime
	quiet_host
done
summary
