#!/usr/bin/env bash
# tfa_build.sh: build Debian's TF-A 2.8 (make_helpers/debian_sources.mk's
# TFA_SRC, the source of Debian's fiptool and cert_create) for one platform
# and set of options, cached by content. The one place that knows how to
# build that TF-A here: make compare-tfa's TF-A builds and any other tool's
# (the N1SDP model's PLAT=n1sdp) go through it (make_helpers/tfa.mk).
#
# Usage: tfa_build.sh --src DIR --cache DIR --plat PLAT [--patch FILE]...
#                     [--fip BL33 OUT | --print-dir] [NAME=VALUE...]
#
#   --src DIR      the unpacked TF-A source (TFA_SRC); never written
#   --cache DIR    where builds are kept (DEPS_DIR/tfa-builds): each in
#                  DIR/PLAT-<key>/, <key> a hash of everything below that
#                  makes it: this script, the source package's .dsc (which
#                  pins every tarball), the platform, the options, the
#                  patches' content, the compiler's version, and the .dsc
#                  of any Debian source an option names (MBEDTLS_DIR=)
#   --plat PLAT    TF-A's PLAT
#   --patch FILE   a patch (-p1) applied to the build's own copy of the
#                  source, never to DIR (repeatable, in order)
#   --fip BL33 OUT pack BL33 with the build's BL2 and BL31 (and, with
#                  TRUSTED_BOARD_BOOT=1 GENERATE_COT=1, the chain of trust's
#                  certificates, which TF-A's make makes afresh each time)
#                  into the FIP OUT: TF-A's own make fip, FIP_NAME its own
#   --print-dir    print the folder of images that build has or would have,
#                  and build nothing
#   NAME=VALUE     TF-A's build options (DEBUG=1, TRUSTED_BOARD_BOOT=1, ...)
#
# It builds TF-A's `all` (bl1, bl2, bl31) once per key, with
# TF_LDFLAGS_aarch64=--no-warn-rwx-segments: bookworm's binutils 2.40 warns
# of RWX LOAD segments, which TF-A 2.8's --fatal-warnings makes an error
# (overriding TF_LDFLAGS itself breaks its link), and prints the build's
# folder of images (TF-A's BUILD_PLAT: BUILD_PLAT/bl1.bin, BUILD_PLAT/bl2/bl2.elf...)
# on stdout.
# A failed build leaves no folder but its log (DIR/PLAT-<key>.failed.log,
# quoted on stderr, and again by the next call for that key).
# Concurrent calls for one key wait for each other (flock).
#
# Exit status: 0; 1 when TF-A does not build (its output quoted); 2 on bad
# arguments.
set -euo pipefail

usage() {
	sed -n '8,40p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}
src='' cache='' plat='' bl33='' fip_out='' print_dir=0
patches=() options=()
while [ $# -gt 0 ]; do
	case $1 in
	--src) src=$2; shift 2 ;;
	--cache) cache=$2; shift 2 ;;
	--plat) plat=$2; shift 2 ;;
	--patch) patches+=("$(realpath "$2")"); shift 2 ;;
	--fip) bl33=$(realpath "$2") fip_out=$3; shift 3 ;;
	--print-dir) print_dir=1; shift ;;
	-h | --help) usage ;;
	*=*) options+=("$1"); shift ;;
	*) echo "tfa_build: '$1' is not an option or NAME=VALUE" >&2; usage ;;
	esac
done
if [ -z "$src" ] || [ -z "$cache" ] || [ -z "$plat" ]; then
	usage
fi
if [ ! -f "$src/Makefile" ] || [ ! -d "$src/plat" ]; then
	echo "tfa_build: $src is not TF-A's source" >&2
	exit 2
fi
for p in "${patches[@]}"; do
	[ -f "$p" ] || { echo "tfa_build: --patch $p: no such file" >&2; exit 2; }
done
cross=aarch64-linux-gnu-
debug=0
for o in "${options[@]}"; do
	case $o in
	CROSS_COMPILE=*) cross=${o#*=} ;;
	DEBUG=*) debug=${o#*=} ;;
	esac
done

# The .dsc beside an unpacked Debian source (make_helpers/fetch_src.sh keeps
# the downloads in DEST/dl, the tree in DEST/src): it pins every tarball.
dsc_of() {
	local d
	d=$(cd "$1/.." 2>/dev/null && pwd) || return 0
	cat "$d"/dl/*.dsc 2>/dev/null || true
}
key=$({
	cat "$0"
	dsc_of "$src"
	echo "PLAT=$plat"
	printf '%s\n' "${options[@]}" | LC_ALL=C sort
	for p in "${patches[@]}"; do cat "$p"; done
	"${cross}gcc" --version 2>&1 | head -n 1
	for o in "${options[@]}"; do
		if [ -d "${o#*=}" ]; then dsc_of "${o#*=}"; fi
	done
} | sha256sum | cut -c1-16)
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
dir=$cache/$plat-$key
out=$dir/build/$plat/$([ "$debug" = 0 ] && echo release || echo debug)
if [ "$print_dir" = 1 ]; then
	echo "$out"
	exit 0
fi
exec 9>>"$dir.lock"
flock 9

# The version its banner prints is Debian's (TF-A's make would take git
# describe of whatever repository the cache is in).
version=$(sed -n '1s/^[^ ]* (\([^)]*\)).*/debian-\1/p' "$src/debian/changelog" 2>/dev/null || true)
tfa_make() {
	make -C "$dir/src" --no-print-directory -j2 BUILD_BASE="$dir/build" PLAT="$plat" \
		CROSS_COMPILE="$cross" TF_LDFLAGS_aarch64=--no-warn-rwx-segments \
		${version:+BUILD_STRING="$version"} "${options[@]}" "$@"
}
failed() {
	echo "tfa_build: TF-A ($plat${options[*]:+ ${options[*]}}) $1; the end of its log ($2):" >&2
	tail -n 15 "$2" | sed 's/^/    /' >&2
	exit 1
}

# A build that failed fails again for the same key: its log is kept.
[ -f "$dir.failed.log" ] && failed "does not build (as before: remove $dir.failed.log to try again)" \
	"$dir.failed.log"
if [ ! -f "$dir/.built" ]; then
	rm -rf "$dir"
	mkdir -p "$dir"
	echo "  TF-A    $plat ${options[*]} (log: $dir/build.log)" >&2
	cp -a "$src" "$dir/src"
	for p in "${patches[@]}"; do
		patch -d "$dir/src" -p1 --forward --batch <"$p" >>"$dir/build.log" 2>&1 ||
			{ rm -rf "$dir/src"; failed "does not take $p" "$dir/build.log"; }
	done
	if ! tfa_make all >>"$dir/build.log" 2>&1; then
		mv "$dir/build.log" "$dir.failed.log"
		rm -rf "$dir"
		failed "does not build" "$dir.failed.log"
	fi
	touch "$dir/.built"
fi

if [ -n "$fip_out" ]; then
	# TF-A's make judges by time: without its old FIP it packs this BL33.
	rm -f "$out/fip.bin"
	tfa_make BL33="$bl33" fip >>"$dir/fip.log" 2>&1 || failed "cannot pack a FIP of $bl33" "$dir/fip.log"
	cp "$out/fip.bin" "$fip_out.tmp"
	mv "$fip_out.tmp" "$fip_out"
fi
echo "$out"
