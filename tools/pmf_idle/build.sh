#!/usr/bin/env bash
# build.sh DEPS_DIR OUT_DIR: tools/pmf_idle built out of tree against
# Debian's headers of the kernel the Linux tests boot
# (make_helpers/debian_kernel.sh headers), cross-compiled with
# aarch64-linux-gnu-, warnings as errors, into OUT_DIR/pmf_idle.ko. The
# sources are copied into OUT_DIR only when their content changed, so that
# Kbuild remakes the module by content. Prints the kernel release built for.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
deps=$1 out=$2
eval "$(bash "$here/../../make_helpers/debian_kernel.sh" headers "$deps")"
mkdir -p "$out"
for f in pmf_idle.c pmf_idle_trace.h Kbuild; do
	cmp -s "$here/$f" "$out/$f" || cp "$here/$f" "$out/$f"
done
# The PMF ABI, generated from its one source (tools/common/pmf.py), only
# when its text changes.
PYTHONPATH="$here/../.." python3 -m tools.common.pmf --c-header "$out/pmf_abi.h"
# The release is part of the command: another kernel rebuilds.
echo "$KERNEL_RELEASE" >"$out/release.new"
cmp -s "$out/release.new" "$out/release" || { mv "$out/release.new" "$out/release" && rm -f "$out"/*.o "$out"/*.ko; }
rm -f "$out/release.new"
# Debian's headers name gcc-12 as the compiler (the kernel's); the cross
# compiler of that version is aarch64-linux-gnu-gcc-12.
rc=0
make -s -C "$KDIR" -f "$KDIR_MAKEFILE" M="$(cd "$out" && pwd)" ARCH=arm64 \
	CROSS_COMPILE=aarch64-linux-gnu- CC=aarch64-linux-gnu-gcc-12 KCFLAGS=-Werror W=1 modules \
	>"$out/build.log" 2>&1 || rc=$?
# (no vmlinux in the headers: no BTF, which Kbuild says on every build)
grep -v "^Skipping BTF generation" "$out/build.log" >&2 || true
if [ "$rc" -ne 0 ] || [ ! -f "$out/pmf_idle.ko" ]; then
	echo "build.sh: pmf_idle.ko not built (make exited $rc)" >&2
	exit 1
fi
echo "$KERNEL_RELEASE"
