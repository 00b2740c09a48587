#!/usr/bin/env bash
# format_check.sh [--list | FILE...]: every C file of the tree (or those given) is as
# clang-format leaves it (.clang-format, Debian's clang-format 14). Linker-
# script headers (*.ld.h) are not C and are left alone, and so is the Linux
# module tools/pmf_idle, which is in the kernel's style (checkpatch.pl, in
# make check's linux-latency suite), and the QEMU machine
# tools/n1sdp_model/n1sdp.c, which is in QEMU's style (built by QEMU's build,
# a warning there failing it: make_helpers/n1sdp_model_build.sh). Prints the files
# that differ with their diff; ends "N passed, N failed". --list prints the
# tree's files that clang-format owns, one a line (make format formats them).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
owned() { git ls-files '*.c' '*.h' | grep -v -e '\.ld\.h$' -e '^tools/pmf_idle/' -e '^tools/n1sdp_model/'; }
if [ "${1:-}" = --list ]; then
	owned
	exit
fi
files=("$@")
[ ${#files[@]} -eq 0 ] && mapfile -t files < <(owned)
bad=0
# One clang-format for the tree names the files that differ; each of those
# is shown with its diff.
mapfile -t differ < <(clang-format --style=file --dry-run -Werror "${files[@]}" 2>&1 |
	sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if ! clang-format --style=file --dry-run -Werror "${files[@]}" >/dev/null 2>&1 && [ ${#differ[@]} -eq 0 ]; then
	echo "FAIL clang-format could not check the files:"
	clang-format --style=file --dry-run -Werror "${files[@]}" 2>&1 | head -n 20 | sed 's/^/    /'
	bad=1
fi
for f in "${differ[@]}"; do
	if ! out=$(clang-format --style=file "$f" | diff -u "$f" - 2>&1); then
		bad=$((bad + 1))
		echo "FAIL $f is not formatted (clang-format -i $f):"
		echo "$out" | head -n 20 | sed 's/^/    /'
	fi
done
if [ "$bad" -eq 0 ]; then
	echo "PASS ${#files[@]} files formatted"
	echo "1 passed, 0 failed"
else
	echo "0 passed, 1 failed"
	exit 1
fi
