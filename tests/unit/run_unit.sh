#!/usr/bin/env bash
# The host unit tests as one suite: LIST (make check's, written by
# make_helpers/check.mk) names a test binary per line, with its arguments;
# each runs in turn, its PASS/FAIL lines prefixed with its name. Ends with
# the total, "N passed, N failed" (a binary that crashes, or ends without
# its own such line, is a FAIL).
# Usage: run_unit.sh LIST
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
[ -s "${1:-}" ] || { fail "run_unit.sh: no list of unit tests ('${1:-}')"; summary; exit; }
while read -r bin args; do
	[ -n "$bin" ] || continue
	# shellcheck disable=SC2086
	sub_suite "$(basename "$bin")" "$bin" $args
done <"$1"
summary
