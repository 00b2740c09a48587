#!/usr/bin/env bash
# tests/run_suites.py, make check's runner, on a manifest of its own: two
# suites at once, never two that hold one lock; a suite past its timeout is
# stopped and fails, named; a lock's chain of suites starts as one long
# suite would; one that exits non-zero with no failing check,
# or prints no count, fails; per-suite times (wall and CPU) and the total line; SUITES=
# and --tier select; a bad manifest or an unknown suite is refused (2).
# Usage: run_suites_test.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
m=$work/suites.toml
cat >"$m" <<'TOML'
[[suite]]
name = "ok"
about = "two checks"
command = "date +%s%N >{DIR}/ok.start; sleep 2; date +%s%N >{DIR}/ok.end; echo 'PASS a'; echo 'PASS b'; echo '2 passed, 0 failed'"
timeout = 30
tier = "quick"
locks = ["tree"]

[[suite]]
name = "beside"
about = "runs beside ok"
command = "date +%s%N >{DIR}/beside.start; sh -c 'ulimit -t 1; while :; do :; done'; echo 'PASS {WORD}'; echo '1 passed, 0 failed'"
timeout = 30
tier = "quick"

[[suite]]
name = "locked"
about = "holds ok's lock"
command = "date +%s%N >{DIR}/locked.start; sleep 2; echo '1 passed, 0 failed'"
timeout = 30
tier = "full"
locks = ["tree"]

[[suite]]
name = "slow"
about = "past its timeout"
command = "sleep 60 & echo $! >{DIR}/slow.pid; sleep 60; echo '1 passed, 0 failed'"
timeout = 1
tier = "full"

[[suite]]
name = "crash"
about = "exits 3 with nothing failed"
command = "echo 'PASS x'; echo '1 passed, 0 failed'; exit 3"
timeout = 30
tier = "full"
TOML
runner() { py tests.run_suites --manifest "$m" --var WORD=word --var DIR="$work" --log-dir "$work/logs" "$@"; }

runner >"$work/all.log" 2>&1
rc=$?
check "a failing suite fails the run (exit $rc)" [ "$rc" -eq 1 ]
check "the last line is the total: 5 passed, 2 failed" \
	bash -c "[ \"\$(tail -n 1 '$work/all.log')\" = '5 passed, 2 failed' ]"
check "each suite's count, time and CPU time" \
	bash -c "grep -qE '^--- ok: 2 passed, 0 failed \([0-9]+ s, [0-9]+ s CPU\)$' '$work/all.log' &&
		grep -qE '^--- beside: 1 passed, 0 failed \([0-9]+ s, [0-9]+ s CPU\)$' '$work/all.log'"
# beside's CPU time is its grandchild's busy loop, stopped by its CPU-time
# limit after 1 s however busy the machine is; ok only sleeps.
check "a suite's CPU time counts what it started: beside 1-2 s, ok 0 s" \
	bash -c "grep -qE '^--- beside: .*, [12] s CPU\)$' '$work/all.log' &&
		grep -qE '^--- ok: .*, 0 s CPU\)$' '$work/all.log'"
check "the total line before the count says the suites' CPU time" \
	grep -qE '^5 suites in [0-9]+ s, 2 at a time, [0-9]+ s CPU$' "$work/all.log"
check "a suite past its timeout is stopped and fails, named" \
	grep -q '^FAIL slow: still running at its timeout of 1 s, stopped' "$work/all.log"
check "... and what it started in the background is stopped too" \
	bash -c "[ -s '$work/slow.pid' ] && ! ps -o stat= -p \$(cat '$work/slow.pid') | grep -qv '^Z'"
check "a suite that exits non-zero with nothing failed fails" \
	grep -q '^FAIL crash: exited 3 without a failing check' "$work/all.log"
check "{NAME} is the variable given" grep -qx 'PASS word' "$work/logs/beside.log"
# ok and beside start together; locked, which holds ok's lock, after ok ended.
t() { cat "$work/$1"; }
check "two at a time: beside started while ok ran" \
	[ "$(t beside.start)" -lt "$(t ok.end)" ]
check "never two holding one lock: locked started after ok ended" \
	[ "$(t locked.start)" -ge "$(t ok.end)" ]

# One at a time: the chain of two suites that share a lock (30 + 30 s
# allowed) starts before the one longer suite (50 s), which then goes
# before the chain's second: the critical path first.
c=$work/chain.toml
for s in "long 50" "chain-a 30 chain" "chain-b 30 chain"; do
	# shellcheck disable=SC2086
	set -- $s
	printf '[[suite]]\nname = "%s"\nabout = "order"\ntimeout = %s\ntier = "full"\n' "$1" "$2"
	printf 'command = "echo %s >>%s/order; echo 1 passed, 0 failed"\n' "$1" "$work"
	[ -n "${3:-}" ] && printf 'locks = ["%s"]\n' "$3"
done >"$c"
py tests.run_suites --manifest "$c" --jobs 1 --log-dir "$work/chain-logs" >"$work/chain.log" 2>&1
check "a lock's chain counts as one: chain-a, then long, then chain-b" \
	bash -c "[ \"\$(tr '\n' ' ' <'$work/order')\" = 'chain-a long chain-b ' ]"

runner --suites beside,ok >"$work/some.log" 2>&1
rc=$?
check "--suites (make check SUITES=) runs those only" \
	bash -c "[ $rc -eq 0 ] && [ \"\$(grep -c '^--- ' '$work/some.log')\" -eq 2 ] &&
		[ \"\$(tail -n 1 '$work/some.log')\" = '3 passed, 0 failed' ]"
runner --tier quick --needs >"$work/needs.log" 2>&1
check "--tier quick --needs: the quick suites need nothing" bash -c "[ ! -s '$work/needs.log' ] ||
	[ -z \"\$(tr -d '[:space:]' <'$work/needs.log')\" ]"
runner --suites ok,nosuch >"$work/unknown.log" 2>&1
rc=$?
check "an unknown suite is refused ($rc), naming it and the suites there are" \
	bash -c "[ $rc -eq 2 ] && grep -q 'SUITES=ok,nosuch: no suite nosuch in tests/suites.toml (there are: ok, beside' '$work/unknown.log'"
printf '[[suite]]\nname = "x"\ncommand = "true"\ntimeout = 1\ntier = "slow"\nabout = "x"\n' >"$work/bad.toml"
py tests.run_suites --manifest "$work/bad.toml" >"$work/bad.log" 2>&1
rc=$?
check "a manifest with a bad tier is refused ($rc), saying why" \
	bash -c "[ $rc -eq 2 ] && grep -q \"tier 'slow' is not one of quick, full\" '$work/bad.log'"
py tests.run_suites --var X=1 --list >"$work/list.log" 2>&1
check "the tree's manifest loads and lists every suite the Makefile's old list had" \
	bash -c "for s in unit mutants lint layers paths format report-tools qemu-boot \
		fiptool-interop make-frontend fuzz-smoke cert-interop tbb dtb rt-instr pmf-order docs \
		profile profile-etm options second-run compare topologies toolchains linux; do
		grep -q \"^\$s \" '$work/list.log' || exit 1; done"
summary
