#!/usr/bin/env bash
# n1sdp_model_build.sh: build QEMU with n1fw's model of the Arm N1SDP
# (tools/n1sdp_model, docs/plat/n1sdp-model.rst) from Debian's qemu source
# (make_helpers/debian_sources.mk's QEMU_SRC), cached by content. The one
# place that knows how: make n1sdp-model and every run on the model go
# through it (make_helpers/n1sdp_model.mk).
#
# Usage: n1sdp_model_build.sh --src DIR --cache DIR --pin TEXT [--print-path]
#
#   --src DIR      the unpacked qemu source (QEMU_SRC); never written
#   --cache DIR    where builds are kept (DEPS_DIR/n1sdp-model): each in
#                  DIR/qemu-<key>/, <key> a hash of everything that makes
#                  it: this script (the configure line below), TEXT (the
#                  source package's version and its .dsc's pinned SHA-256,
#                  which pins every tarball), the model's patch and machine
#                  source, and the host compiler's version
#   --print-path   print the binary that build has or would have; build
#                  nothing (the source need not be fetched yet)
#
# The build: a copy of the source, tools/n1sdp_model/qemu-n1sdp.patch
# applied (the build glue: the N1SDP Kconfig symbol, hw/arm/meson.build's
# line, a devices file that selects it alone, and pc-bios/'s EDK2 images
# left alone: the +dfsg tarball has none), tools/n1sdp_model/n1sdp.c as
# hw/arm/n1sdp.c, then QEMU's configure for the aarch64 system emulator
# only, TCG, no default features or devices, and `nice ninja -j2`. About
# 1,150 steps, 5 to 10 minutes on 2 cores. The binary is kept
# (DIR/qemu-<key>/qemu-system-aarch64, about 40 MB), the trees are removed.
# A warning in the model's own file fails the build, as in n1fw's.
# A failed build leaves its log (DIR/qemu-<key>.failed.log), quoted on
# stderr, and again by the next call for that key (remove it to retry).
# Concurrent calls for one key wait for each other (flock).
#
# Prints the binary's path on stdout. Exit status: 0; 1 when QEMU does not
# build; 2 on bad arguments.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
model=$here/tools/n1sdp_model
src='' cache='' pin='' print_path=0
while [ $# -gt 0 ]; do
	case $1 in
	--src) src=$2; shift 2 ;;
	--cache) cache=$2; shift 2 ;;
	--pin) pin=$2; shift 2 ;;
	--print-path) print_path=1; shift ;;
	*) sed -n '8,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
	esac
done
if [ -z "$src" ] || [ -z "$cache" ] || [ -z "$pin" ]; then
	echo "n1sdp_model_build: give --src, --cache and --pin" >&2
	exit 2
fi
if [ "$print_path" = 0 ] && { [ ! -f "$src/configure" ] || [ ! -d "$src/hw/arm" ]; }; then
	echo "n1sdp_model_build: $src is not QEMU's source" >&2
	exit 2
fi

# What QEMU is configured with: the aarch64 system emulator, TCG, the
# N1SDP machine's devices only (configs/devices/aarch64-softmmu/n1sdp.mak,
# from the patch), libfdt from the system, nothing installed.
configure_args=(--target-list=aarch64-softmmu --enable-tcg --without-default-features
	--without-default-devices --with-devices-aarch64=n1sdp --enable-fdt=system
	--disable-docs --disable-tools --disable-guest-agent --disable-install-blobs
	--disable-werror)

key=$({
	cat "$0"
	echo "$pin"
	cat "$model/qemu-n1sdp.patch" "$model/n1sdp.c"
	cc --version 2>&1 | head -n 1
} | sha256sum | cut -c1-16)
cache=$(realpath -m "$cache")
dir=$cache/qemu-$key
bin=$dir/qemu-system-aarch64
if [ "$print_path" = 1 ]; then
	echo "$bin"
	exit 0
fi
mkdir -p "$cache"
exec 9>>"$dir.lock"
flock 9

failed() {
	echo "n1sdp_model_build: QEMU with the N1SDP model $1; the end of its log ($2):" >&2
	tail -n 20 "$2" | sed 's/^/    /' >&2
	exit 1
}
[ -f "$dir.failed.log" ] && failed "does not build (as before: remove $dir.failed.log to try again)" \
	"$dir.failed.log"
if [ ! -x "$bin" ]; then
	rm -rf "$dir"
	mkdir -p "$dir"
	log=$dir/build.log
	echo "  QEMU    the N1SDP model, from $(basename "$(dirname "$src")") source (log: $log; minutes, once)" >&2
	start=$(date +%s)
	cp -a "$src" "$dir/src"
	if ! patch -d "$dir/src" -p1 --forward --batch <"$model/qemu-n1sdp.patch" >>"$log" 2>&1; then
		mv "$log" "$dir.failed.log"; rm -rf "$dir"
		failed "does not take tools/n1sdp_model/qemu-n1sdp.patch" "$dir.failed.log"
	fi
	cp "$model/n1sdp.c" "$dir/src/hw/arm/n1sdp.c"
	mkdir "$dir/build"
	if ! (cd "$dir/build" && ../src/configure "${configure_args[@]}" &&
		nice ninja -j2 qemu-system-aarch64) >>"$log" 2>&1; then
		mv "$log" "$dir.failed.log"; rm -rf "$dir"
		failed "does not build" "$dir.failed.log"
	fi
	if grep -q 'hw/arm/n1sdp\.c:[0-9]*:[0-9]*: warning' "$log"; then
		mv "$log" "$dir.failed.log"; rm -rf "$dir"
		failed "builds with warnings in hw/arm/n1sdp.c" "$dir.failed.log"
	fi
	mv "$dir/build/qemu-system-aarch64" "$bin.tmp"
	rm -rf "$dir/src" "$dir/build"
	mv "$bin.tmp" "$bin"
	echo "  QEMU    built in $(($(date +%s) - start)) s: $bin" >&2
fi
echo "$bin"
