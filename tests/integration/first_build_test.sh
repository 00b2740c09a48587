#!/usr/bin/env bash
# Every platform plat/ declares builds as the first command of a fresh
# clone: the tree's files alone (tracked and new, nothing ignored: no
# build/, no downloads), an empty build tree and an empty deps cache
# (DEPS_DIR unset, so build/deps). The default platform's clone (the
# Makefile's PLAT option) takes TF-A's form first,
#   make PLAT=<p> all fip BL33=<file>      the FIP packing that file;
# every other platform's takes
#   make PLAT=<p>                           its images and FIP,
# then TF-A's form as its second command (only the FIP is packed again).
# make PLAT=<default> as a fresh clone's first command is make check's own
# start (.ci/run on a clean clone). A platform.mk that names a variable the
# Makefile defines later (libfdt's on n1sdp, once) fails here first. The
# clones build two at a time.
# Usage: first_build_test.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A clone of the working tree (what git would check out, and new files).
clone() {
	mkdir -p "$1"
	git -C "$top" ls-files -z --cached --others --exclude-standard |
		(cd "$top" && tar --null -T - -cf -) | tar -xf - -C "$1"
}

# An image for BL33 no build makes: its bytes must come back out of the FIP.
head -c 8192 /dev/urandom >"$work/bl33.bin"

# first PLAT FORM: PLAT's clone and its commands (FORM "bl33": TF-A's form
# alone; "make": make PLAT=p, then TF-A's form); logs in $work/PLAT-*.log.
first() {
	local p=$1 form=$2
	clone "$work/$p"
	if [ "$form" = make ]; then
		env -u DEPS_DIR -u MAKEFLAGS make -C "$work/$p" PLAT="$p" >"$work/$p-make.log" 2>&1
		echo $? >"$work/$p-make.rc"
	fi
	env -u DEPS_DIR -u MAKEFLAGS make -C "$work/$p" PLAT="$p" all fip BL33="$work/bl33.bin" \
		>"$work/$p-fip.log" 2>&1
	echo $? >"$work/$p-fip.rc"
}

plats=()
for mk in "$top"/plat/*/platform.mk; do
	plats+=("$(basename "$(dirname "$mk")")")
done
check "plat/ declares platforms" [ ${#plats[@]} -ge 1 ]
default=$(sed -n 's/^\$(call str_option,PLAT,\([^,]*\),.*/\1/p' "$top/Makefile")
check "the Makefile names a default platform plat/ declares ($default)" [ -f "$top/plat/$default/platform.mk" ]
running=0
for p in "${plats[@]}"; do
	if [ "$p" = "$default" ]; then
		first "$p" bl33 &
	else
		first "$p" make &
	fi
	running=$((running + 1))
	if [ $running -eq 2 ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait

for p in "${plats[@]}"; do
	out=$work/$p/build/$p/release
	if [ "$p" = "$default" ]; then
		how="make PLAT=$p all fip BL33=<file>, the first command of a fresh clone,"
	else
		check "$p: make PLAT=$p, the first command of a fresh clone, builds" \
			bash -c "[ \"\$(cat '$work/$p-make.rc')\" = 0 ] && grep -q '^Built $p release' '$work/$p-make.log'" ||
			tail -n 5 "$work/$p-make.log" | sed 's/^/    /'
		how="make PLAT=$p all fip BL33=<file>, its second command,"
	fi
	check "$p: ... bl1.bin, bl2.bin, bl31.bin and fip.bin" \
		bash -c "for f in bl1 bl2 bl31 fip; do [ -s '$out'/\$f.bin ] || exit 1; done"
	check "$p: ... with an empty deps cache filled by the build itself" [ -d "$work/$p/build/deps" ]
	fip=$out/fip.bin
	check "$p: $how builds" \
		bash -c "[ \"\$(cat '$work/$p-fip.rc')\" = 0 ] && [ -s '$fip' ]" ||
		tail -n 5 "$work/$p-fip.log" | sed 's/^/    /'
	mkdir -p "$work/$p-unpack"
	check "$p: ... its FIP holds that file as BL33" bash -c \
		"'$work/$p/build/tools/fiptool/fiptool' unpack --nt-fw '$work/$p-unpack/nt-fw.bin' '$fip' >/dev/null &&
		cmp -s '$work/$p-unpack/nt-fw.bin' '$work/bl33.bin'"
done
summary
