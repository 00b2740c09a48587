#!/usr/bin/env bash
# Run every test suite, each of which ends with an "N passed, N failed" line,
# and print the total as the last line. Exit status 0 only if all passed.
# Usage: run_tests.sh SUITE-NAME=COMMAND...   (COMMAND is run with bash -c)
set -uo pipefail
logdir=${TEST_LOG_DIR:-build/test-logs}
mkdir -p "$logdir"
total_pass=0 total_fail=0 bad_suites=()

for spec in "$@"; do
	name=${spec%%=*} cmd=${spec#*=}
	echo "=== $name"
	start=$(date +%s)
	bash -c "$cmd" >"$logdir/$name.log" 2>&1
	rc=$?
	grep -E '^(PASS|FAIL|SKIP) |^    ' "$logdir/$name.log" | grep -v '^PASS' || true
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$logdir/$name.log" | tail -n 1)
	p=$(echo "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
	f=$(echo "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	p=${p:-0} f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $name: exited $rc without a failing check (see $logdir/$name.log)"
		tail -n 20 "$logdir/$name.log" | sed 's/^/    /'
		f=1
	fi
	[ "$f" -ne 0 ] && bad_suites+=("$name")
	echo "--- $name: $p passed, $f failed ($(($(date +%s) - start)) s)"
	total_pass=$((total_pass + p)) total_fail=$((total_fail + f))
done

[ ${#bad_suites[@]} -ne 0 ] && echo "Failing suites: ${bad_suites[*]} (logs in $logdir/)"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
