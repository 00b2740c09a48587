#!/usr/bin/env bash
# The firmware must not depend on GCC or on the toolchain's OS triplet:
#  - `make CC=clang` (LLVM: clang, lld, llvm-objcopy) builds images that boot;
#  - a GNU toolchain under another prefix (here aarch64-none-elf-, made of
#    links to Debian's aarch64-linux-gnu- tools, gcc-ar among them: mbed TLS
#    is archived for link-time optimisation) builds the same images.
# (Every platform's builds: the platforms suite.)
# Each build tree starts with make check's host tools (BUILD_BASE/tools:
# HOSTCC builds them whatever the target's compiler), so that only the
# firmware is built again.
# Usage: toolchain_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
host_tools=$1/tools
# tools_of TREE: a build tree of the suite's own, with the host tools.
tools_of() { mkdir -p "$1" && cp -a "$host_tools" "$1/tools"; }

tools_of "$work/clang"
if make -C "$top" -j2 CC=clang BUILD_BASE="$work/clang" >"$work/clang.log" 2>&1; then
	pass "clang build"
	qemu_boot "$work/clang-boot.log" 30 --config "$work/clang/qemu/release/config.mk"
	check "clang build boots to SYSTEM_OFF" [ $? -eq 0 ]
	check "clang build runs the payload" has "$work/clang-boot.log" "PAYLOAD: PSCI_VERSION = $(psci_version)"
else
	fail "clang build" "$(tail -n 5 "$work/clang.log")"
fi

mkdir -p "$work/bin"
for tool in gcc gcc-ar ld objcopy nm ar; do
	ln -s "$(command -v aarch64-linux-gnu-$tool)" "$work/bin/aarch64-none-elf-$tool"
done
tools_of "$work/elf"
if PATH="$work/bin:$PATH" make -C "$top" -j2 CROSS_COMPILE=aarch64-none-elf- \
	BUILD_BASE="$work/elf" >"$work/elf.log" 2>&1; then
	pass "aarch64-none-elf- prefix build"
	qemu_boot "$work/elf-boot.log" 30 --config "$work/elf/qemu/release/config.mk" --cpu cortex-a57
	check "aarch64-none-elf- build boots to SYSTEM_OFF" [ $? -eq 0 ]
else
	fail "aarch64-none-elf- prefix build" "$(tail -n 5 "$work/elf.log")"
fi
summary
