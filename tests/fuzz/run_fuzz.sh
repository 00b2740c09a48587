#!/usr/bin/env bash
# run_fuzz.sh WORKDIR SECONDS RUNS HARNESS...: run each libFuzzer harness
# for at most SECONDS (and at most RUNS inputs unless RUNS is 0), starting
# from its seed corpus tests/fuzz/corpus/<name>/, or a platform's
# plat/<platform>/tests/corpus/<name>/ (read only: new inputs go to
# WORKDIR/<name>/corpus). Reports executions, coverage and crashes per
# harness (a crash or leak leaves its input in WORKDIR/<name>/), and ends
# with "N passed, N failed". Exit status 0 only if no harness failed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
workdir=$1 secs=$2 runs=$3
shift 3
passed=0 failed=0

for harness in "$@"; do
	name=$(basename "$harness") short=${name#fuzz_}
	dir=$workdir/$short
	mkdir -p "$dir/corpus"
	log=$dir/fuzz.log
	# Longest input worth trying: a certificate above AUTH_CERT_MAX_LEN
	# (4096, include/lib/auth/auth.h), a key above AUTH_KEY_MAX_LEN (600)
	# fails the first check.
	case $short in
	cert) max_len=4160 ;;
	key) max_len=640 ;;
	*) max_len=65536 ;;
	esac
	args=(-max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
	      -artifact_prefix="$dir/" -max_len="$max_len")
	[ "$runs" -gt 0 ] && args+=(-runs="$runs")
	start=$(date +%s)
	# A hard bound on top of libFuzzer's own: its time limit plus a minute.
	# Its seeds: tests/fuzz/corpus/<name>/, or a platform's own harness's.
	seeds=$here/corpus/$short
	[ -d "$seeds" ] || seeds=$(find "$here/../../plat" -path "*/tests/corpus/$short" -type d | head -n 1)
	timeout $((secs + 60)) "$harness" "${args[@]}" "$dir/corpus" "$seeds" >"$log" 2>&1
	rc=$?
	took=$(($(date +%s) - start))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
	cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
	summary="${execs:-0} inputs in $took s, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
	if [ "$rc" -eq 0 ]; then
		passed=$((passed + 1))
		echo "PASS $name: $summary"
	else
		failed=$((failed + 1))
		echo "FAIL $name: exit $rc after $summary; input and log in $dir/"
		grep -E 'ERROR: |SUMMARY: |^    #[0-9]' "$log" | head -n 12 | sed 's/^/    /'
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
