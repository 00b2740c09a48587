#!/usr/bin/env bash
# if_changed.sh [-m MESSAGE] TARGET INPUT... -- COMMAND [ARG...]
#
# Remake TARGET with COMMAND only when what it is made from changed: the
# content of each INPUT file or the command line itself. File times are not
# consulted: a key, an image or a BL33 of the user's may carry any time
# stamp (an older one than the build's outputs, typically), and a stale ROTPK
# hash or certificate makes an image its own BL1 refuses.
#
# The digest of the inputs and the command is kept in TARGET.digest. When it
# matches and TARGET exists, nothing runs and TARGET keeps its time, so make
# does not remake what depends on it (make re-reads a target's time after
# its recipe). Otherwise COMMAND runs; on success TARGET is touched (COMMAND
# may write it or, for a target that stands for several outputs, not) and the
# digest recorded; on failure the digest is removed, so the next make tries
# again. An INPUT that does not exist is recorded as missing. MESSAGE is
# printed when COMMAND runs (make's "  GEN     file" lines).
#
# Exit status: COMMAND's, or 0 when nothing changed; 2 on bad arguments.
set -euo pipefail

message=
if [ "${1:-}" = -m ]; then
	message=$2
	shift 2
fi
[ $# -ge 3 ] || { echo "if_changed.sh: usage: [-m MESSAGE] TARGET INPUT... -- COMMAND..." >&2; exit 2; }
target=$1
shift
inputs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	inputs+=("$1")
	shift
done
if [ "${1:-}" != -- ] || [ $# -lt 2 ]; then
	echo "if_changed.sh: $target: no COMMAND after --" >&2
	exit 2
fi
shift

# The digest: the command line, then each INPUT's content hash (one
# sha256sum for them all: this runs for every such target of every make,
# and a process is what it costs) or "missing". Paths are taken relative
# to the tree's top, where make runs: a build tree named as build/ by one
# make and by its absolute path by another is the same tree, and its
# outputs (certificates signed with fresh salts) must not be remade.
digest() {
	local f present=() top=$PWD/
	printf '%s\0' "${@//$top/}"
	for f in "${inputs[@]}"; do
		f=${f#"$top"}
		if [ -f "$f" ]; then
			present+=("$f")
		else
			printf 'missing %s\n' "$f"
		fi
	done
	[ ${#present[@]} -eq 0 ] || sha256sum -- "${present[@]}"
}
read -r now _ < <(digest "$@" | sha256sum)
stamp=$target.digest
old=
[ ! -f "$stamp" ] || read -r old <"$stamp" || :
if [ -e "$target" ] && [ "$old" = "$now" ]; then
	exit 0
fi
rm -f "$stamp"
[ -z "$message" ] || echo "$message"
"$@"
touch "$target"
echo "$now" >"$stamp"
