#!/usr/bin/env bash
# The runtime-instrumentation measurement, end to end in QEMU:
#  - every scenario (tools/rt_report/scenarios.py) runs on every core,
#    with ordered timestamps (the payload's checks) and every reported
#    value > 0;
#  - PSCI/PMF return codes for good and bad arguments (the payload's checks);
#  - two boots give identical reports, CSVs, JSON and plots (-icount);
#  - the report names its build and emulator, and has a plot per scenario;
#  - every figure of report.json and the CSVs names its unit (schema.py);
#  - make report on a copy of the console finds the build and writes the
#    same provenance as make run's report;
#  - rt_report fails, naming the problem, on a failed or incomplete run.
# (rt_report's parsing, statistics, deltas and refusals on made-up consoles:
# tests/host/rt_report_test.py.)
# (Other build options and topologies: options_test.sh, topology_test.sh.)
# Usage: rt_instr_test.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debian's python3, which has Debian's python3-matplotlib (the Makefile's PYTHON).
python=$(command -v /usr/bin/python3 || command -v python3)
# Both runs' reports carry the same date, so that they can be compared whole.
export SOURCE_DATE_EPOCH=1764590400
# The scenarios, as tools/rt_report/scenarios.py defines them (their TFTF
# names without test_rt_instr_).
mapfile -t tests < <(py tools.rt_report.scenarios --names | sed 's/^test_rt_instr_//')
n=${#tests[@]}

# Both boots boot one copy of the image: a suite that makes in the same
# tree meanwhile (another BUILD_BASE spelling re-signs the FIP, with fresh
# RSASSA-PSS salts) must not change the firmware between them.
cp "$build/flash.bin" "$work/flash.bin"
for run in 1 2; do
	qemu_boot "$work/run$run.log" 60 --config "$build/config.mk" --flash "$work/flash.bin"
	check "run $run: QEMU exits 0 through SYSTEM_OFF2" [ $? -eq 0 ]
	PYTHONPATH=$top "$python" -m tools.rt_report.rt_report "$work/run$run.log" "$work/report$run" qemu --config "$build/config.mk" \
		>"$work/report$run.out" 2>&1
	check "run $run: rt_report accepts the run" [ $? -eq 0 ]
done
log=$work/run1.log

for t in "${tests[@]}"; do
	check "$t: passed its checks on every core" has "$log" "PAYLOAD: test_rt_instr_$t: PASS"
	rows=$(grep -oP "<RT_INSTR:test_rt_instr_${t}\t\K[0-9]+\t[0-9]+" "$log" | tr '\t' . | paste -sd,)
	# A parallel scenario: nine samples, each a row per core.
	want=0.0,0.1,1.0,1.1
	[[ $t == *_parallel ]] && want=$(printf '0.0,0.1,1.0,1.1,%.0s' $(seq 9) | sed 's/,$//')
	check "$t: one row per core (per sample), real cluster.core labels in order" [ "$rows" = "$want" ]
	zero=$(grep -P "<RT_INSTR:test_rt_instr_${t}\t" "$log" |
		awk -F'\t' '{ for (i = 4; i <= NF; i++) { v = $i; sub("/>", "", v); if (v + 0 <= 0) print } }')
	check "$t: every value > 0" [ -z "$zero" ]
	check "$t: CSV written with TF-A's columns, each naming its unit" \
		grep -qE '^cluster,core,((powerdown|wakeup|cflush)_ns,?){3}$|^cluster,core,latency_ns$' \
		"$work/report1/test_rt_instr_$t.csv"
done
check "the report has a table per scenario ($n)" \
	[ "$(grep -c '^.. table::' "$work/report1/psci-performance-qemu.rst")" -eq "$n" ]
check "report rows carry real core numbers (not Core 0 everywhere)" \
	grep -qE '^   \| 1 +\| 1 +\|' "$work/report1/psci-performance-qemu.rst"
check "the report says the boot was authenticated" \
	grep -q '^Boot: authenticated (trusted board boot): BL1 spent [0-9]* µs' \
	"$work/report1/psci-performance-qemu.rst"
check "PSCI_VERSION is titled PSCI_VERSION" \
	grep -q '``PSCI_VERSION`` latency' "$work/report1/psci-performance-qemu.rst"
rst=$work/report1/psci-performance-qemu.rst
check "the report names the firmware and its build" \
	grep -qE '^:Firmware: v[0-9.]+-[0-9a-f]+(-dirty)? \((release|debug) build\)$' "$rst"
check "the report names the emulator and -icount" \
	grep -qE '^:Emulator: QEMU [0-9.]+.*, -icount shift=0' "$rst"
check "the report names compiler, CPU, MIDR and iterations" \
	bash -c "grep -q '^:Compiler: ' '$rst' && grep -q 'CPU neoverse-n1, MIDR 0x414fd0c1' '$rst' &&
		grep -q '^:Iterations: 1 per scenario' '$rst'"
check "report.json keeps every sample with min, median, max (ns)" \
	"$python" -c "import json, sys; j = json.load(open(sys.argv[1])); \
		f = j['scenarios'][0]['rows'][0]['figures']['Powerdown']; \
		g = j['scenarios'][1]['rows'][0]['figures']['Powerdown']; \
		sys.exit(not (j['verdict'] == 'PASS' and len(f['samples_ns']) == 9 and \
		0 < f['min_ns'] <= f['median_ns'] <= f['max_ns'] and \
		f['spread_ns'] == f['max_ns'] - f['min_ns'] and \
		len(g['samples_ns']) == 1 and g['min_ns'] == g['median_ns'] == g['max_ns'] > 0))" \
		"$work/report1/report.json"
py tools.rt_report.schema "$work/report1" >"$work/schema.out" 2>&1
rc=$?
check "every number of report.json and the CSVs names its unit; no title says µs over ns" [ $rc -eq 0 ]
[ $rc -eq 0 ] || head -n 5 "$work/schema.out"
check "the build options are the options (not config.mk's facts: FIP_PAYLOADS, VERSION)" \
	bash -c "grep -q '^:Build options: .*TRUSTED_BOARD_BOOT=1' '$rst' &&
		! grep -qE '^:Build options: .*(FIP_PAYLOADS|VERSION|CC_VERSION|QEMU_MAX_CORES)=' '$rst'"
check "the report says how the build stands to the board's (make PLAT=n1sdp): its options, not all its code" \
	grep -qx ":Board build: make PLAT=n1sdp's options: every option that changes the firmware's code has the board's value; CPU neoverse-n1, the board's model; not all of the board's code runs: this r4p1 skips the rows of 1946160, 3888013, 2743102 (no IMPLEMENTATION DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0)), which the board's cores run where their revision needs them (BL31's log says what each does); what else differs: docs/perf/qemu-and-board.rst" "$rst"
svg=$work/report1/plots/test_rt_instr_susp_deep_parallel.svg
check "the plots' axis says what a µs is under -icount, and the legend what the whiskers are" \
	bash -c "grep -q '1 µs = 1000 instructions' '$svg' && grep -q 'whisker: min to max of a core' '$svg'"
# make report: the console of a run, reported as a board's would be, the
# build found from the log's banner.
cp "$work/run1.log" "$work/copy.log"
make -C "$top" --no-print-directory BUILD_BASE="$(cd "$build/../.." && pwd)" report \
	LOG="$work/copy.log" REPORT_OUT="$work/made" >"$work/made.out" 2>&1
rc=$?
check "make report LOG=: the report of a console log" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 5 "$work/made.out"
check "make report: the provenance of the build that made it, nothing unknown" \
	bash -c "diff <(grep -E '^:(Firmware|Compiler|Build options|Board build|Emulator|Platform):' '$rst') \
		<(grep -E '^:(Firmware|Compiler|Build options|Board build|Emulator|Platform):' '$work/made/psci-performance-qemu.rst') &&
		! grep -qi unknown '$work/made/psci-performance-qemu.rst'"
check "a PNG and an SVG plot per scenario, each a figure of the report" \
	bash -c "[ \$(ls '$work/report1/plots/'*.png | wc -l) -eq $n ] &&
		[ \$(ls '$work/report1/plots/'*.svg | wc -l) -eq $n ] &&
		[ \$(grep -c '^.. figure:: plots/test_rt_instr_' '$rst') -eq $n ]"
check "conformance suite: 0 failed" grep -qE "^CONFORMANCE: [0-9]+ passed, 0 failed" "$log"
for fn in PSCI_VERSION PSCI_FEATURES CPU_SUSPEND CPU_OFF CPU_ON AFFINITY_INFO MIGRATE \
	MIGRATE_INFO_TYPE MIGRATE_INFO_UP_CPU SYSTEM_OFF2 CPU_FREEZE CPU_DEFAULT_SUSPEND \
	NODE_HW_STATE SYSTEM_SUSPEND PSCI_SET_SUSPEND_MODE PSCI_STAT_RESIDENCY PSCI_STAT_COUNT \
	SYSTEM_RESET2 MEM_PROTECT MEM_PROTECT_CHECK_RANGE SMCCC_VERSION SMCCC_ARCH_FEATURES \
	SMCCC_ARCH_WORKAROUND \
	PMF_GET_TIMESTAMP PMF_GET_VERSION; do
	check "conformance suite covers $fn" grep -qE "^CONFORMANCE: covers.* $fn( |\$)" "$log"
done
for s in "PSCI_VERSION and PSCI_FEATURES" "CPU_ON and AFFINITY_INFO arguments" "context IDs" \
	races CPU_SUSPEND "CPU_DEFAULT_SUSPEND and SYSTEM_SUSPEND" "OS-initiated mode" \
	"OS-initiated mode at every level" "recommended StateIDs" PSCI_STAT \
	NODE_HW_STATE "SYSTEM_RESET2 and MEM_PROTECT" SYSTEM_OFF2 SMCCC PMF CPU_FREEZE; do
	check "conformance section '$s' passed" has "$log" "CONFORMANCE: $s: PASS"
done
check "the payload's last act: SYSTEM_OFF2 (HIBERNATE_OFF) powers the machine off" \
	has "$log" "NOTICE:  PSCI: SYSTEM_OFF2 (HIBERNATE_OFF)"
check "no payload check failed" lacks "$log" "PAYLOAD: FAIL"
check "payload verdict PASS" has "$log" "PAYLOAD: RESULT: PASS"
check "identical reports, CSVs, JSON and plots across two runs" \
	diff -r "$work/report1" "$work/report2"
check "identical RT_INSTR lines across two runs" \
	diff <(grep RT_INSTR "$work/run1.log") <(grep RT_INSTR "$work/run2.log")

# rt_report on broken runs.
sed 's/^PAYLOAD: RESULT: PASS/PAYLOAD: RESULT: FAIL/' "$log" |
	sed 's/^PAYLOAD: test_rt_instr_cpu_susp_serial: PASS/PAYLOAD: FAIL test_rt_instr_cpu_susp_serial: core c1.0: ENTER_CFLUSH 9 > EXIT_CFLUSH 8/' \
	>"$work/failed.log"
py tools.rt_report.rt_report "$work/failed.log" "$work/rf" --no-plots --config "$build/config.mk" >"$work/rf.out" 2>&1
rc=$?
check "rt_report exits 1 on a failed check" [ "$rc" -eq 1 ]
check "rt_report names the scenario, core and check" \
	grep -q "test_rt_instr_cpu_susp_serial: core c1.0: ENTER_CFLUSH" "$work/rf.out"
grep -v "<RT_INSTR:test_rt_instr_cpu_off_serial	1	1" "$log" >"$work/short.log"
py tools.rt_report.rt_report "$work/short.log" "$work/rs" --no-plots --config "$build/config.mk" >"$work/rs.out" 2>&1
check "rt_report exits 1 on a missing row" [ $? -eq 1 ]
check "rt_report says which scenario is short" \
	grep -q "test_rt_instr_cpu_off_serial: 3 rows for 4 cores" "$work/rs.out"
sed 's/^\(<RT_INSTR:test_rt_instr_susp_deep_serial	1	\)1	/\10	/' "$log" >"$work/dup.log"
py tools.rt_report.rt_report "$work/dup.log" "$work/rd" --no-plots --config "$build/config.mk" >"$work/rd.out" 2>&1
check "rt_report exits 1 on a duplicated core row" [ $? -eq 1 ]
check "rt_report names the misnumbered rows" grep -q "test_rt_instr_susp_deep_serial: rows are cores" "$work/rd.out"
sed 's/^\(<RT_INSTR:test_rt_instr_cpu_susp_parallel	0	1	[0-9]*\)	[0-9]*	[0-9]*\/>/\1\/>/' "$log" >"$work/short-row.log"
py tools.rt_report.rt_report "$work/short-row.log" "$work/rw" --no-plots --config "$build/config.mk" >"$work/rw.out" 2>&1
check "rt_report exits 1 on a row with too few values" [ $? -eq 1 ]
check "rt_report says which row is short" grep -q "cpu_susp_parallel: core 0.1: 1 values, expected 3" "$work/rw.out"
grep -v "^PAYLOAD: RESULT: PASS" "$log" >"$work/unfinished.log"
py tools.rt_report.rt_report "$work/unfinished.log" "$work/rn" --no-plots --config "$build/config.mk" >"$work/rn.out" 2>&1
check "rt_report exits 1 on a run that never finished" [ $? -eq 1 ]
check "a failed run leaves its record: figures, verdict FAIL, the reason" \
	bash -c "grep -q '\"verdict\": \"FAIL\"' '$work/rn/report.json' &&
		grep -q 'it never finished' '$work/rn/psci-performance-qemu.rst' &&
		[ -f '$work/rn/test_rt_instr_cpu_off_serial.csv' ]"
py tools.rt_report.rt_report "$log" "$log" --no-plots --config "$build/config.mk" >"$work/rf2.out" 2>&1
check "rt_report exits 2 when OUT_DIR is a file" [ $? -eq 2 ]
head -n 5 "$log" >"$work/trunc.log"
py tools.rt_report.rt_report "$work/trunc.log" "$work/rt" --no-plots --config "$build/config.mk" >"$work/rt.out" 2>&1
check "rt_report exits 2 when the payload never ran" [ $? -eq 2 ]

summary
