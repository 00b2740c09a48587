#!/usr/bin/env bash
# expect_fail.sh TEST...: each TEST (a mutant of the firmware under a host
# test) must fail: PASS when it does, naming the check that caught it; FAIL
# when a broken rule went unnoticed. Ends "N passed, N failed".
passed=0 failed=0
for t in "$@"; do
	out=$("$t" 2>&1)
	if [ $? -ne 0 ]; then
		passed=$((passed + 1))
		echo "PASS $(basename "$t") is caught: $(grep -m1 'step [0-9]* (' <<<"$out" | sed 's/^ *//')"
	else
		failed=$((failed + 1))
		echo "FAIL $(basename "$t") went unnoticed"
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
