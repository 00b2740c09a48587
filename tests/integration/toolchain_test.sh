#!/usr/bin/env bash
# The firmware must not depend on GCC or on the toolchain's OS triplet:
#  - `make CC=clang` (LLVM: clang, lld, llvm-objcopy) builds images that boot;
#  - a GNU toolchain under another prefix (here aarch64-none-elf-, made of
#    links to Debian's aarch64-linux-gnu- tools) builds the same images.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if make -C "$top" -j2 CC=clang BUILD_BASE="$work/clang" >"$work/clang.log" 2>&1; then
	pass "clang build"
	qemu_boot "$work/clang-boot.log" 30 --config "$work/clang/qemu/release/config.mk"
	check "clang build boots to SYSTEM_OFF" [ $? -eq 0 ]
	check "clang build runs the payload" has "$work/clang-boot.log" "PAYLOAD: PSCI_VERSION = 1.1"
else
	fail "clang build" "$(tail -n 5 "$work/clang.log")"
fi

mkdir -p "$work/bin"
for tool in gcc ld objcopy nm ar; do
	ln -s "$(command -v aarch64-linux-gnu-$tool)" "$work/bin/aarch64-none-elf-$tool"
done
if PATH="$work/bin:$PATH" make -C "$top" -j2 CROSS_COMPILE=aarch64-none-elf- \
	BUILD_BASE="$work/elf" >"$work/elf.log" 2>&1; then
	pass "aarch64-none-elf- prefix build"
	qemu_boot "$work/elf-boot.log" 30 --config "$work/elf/qemu/release/config.mk" --cpu cortex-a57
	check "aarch64-none-elf- build boots to SYSTEM_OFF" [ $? -eq 0 ]
else
	fail "aarch64-none-elf- prefix build" "$(tail -n 5 "$work/elf.log")"
fi
# The N1SDP platform builds (it runs on the board; its logic is host-tested).
if make -C "$top" -j2 PLAT=n1sdp BUILD_BASE="$work/n1sdp" >"$work/n1sdp.log" 2>&1; then
	pass "PLAT=n1sdp build"
	d=$work/n1sdp/n1sdp/release
	nm=aarch64-linux-gnu-nm
	check "n1sdp: BL1 at the SCP's load address 0x04060000" \
		bash -c "$nm $d/bl1.elf | grep -q '^0000000004060000 T bl1_entrypoint'"
	check "n1sdp: BL31 powers cores through SCMI and CORE_PWRDN_EN" \
		bash -c "$nm $d/bl31.elf | grep -q ' scmi_call' && $nm $d/bl31.elf | grep -q ' n1_core_pwrdn_enable'"
	check "n1sdp: no QEMU power model in BL31" bash -c "! $nm $d/bl31.elf | grep -q qemu_"
	for f in bl1.bin bl2.bin bl31.bin fip.bin; do
		check "n1sdp: $f built" [ -s "$d/$f" ]
	done
	check "n1sdp: Debian's fiptool lists the FIP" \
		bash -c "fiptool info $d/fip.bin | grep -q 'EL3 Runtime Firmware BL31'"
else
	fail "PLAT=n1sdp build" "$(tail -n 5 "$work/n1sdp.log")"
fi
# The Base FVP builds (it runs in Arm's model; its logic is host-tested),
# at its largest shape too.
for shape in "2 2" "4 4"; do
	# shellcheck disable=SC2086
	set -- $shape
	name=fvp-$1x$2
	if make -C "$top" -j2 PLAT=fvp FVP_CLUSTERS=$1 FVP_CORES_PER_CLUSTER=$2 \
		BUILD_BASE="$work/$name" >"$work/$name.log" 2>&1; then
		pass "PLAT=fvp $1x$2 build"
		d=$work/$name/fvp/release
		nm=aarch64-linux-gnu-nm
		check "$name: BL1 at the Trusted Boot ROM's reset address 0" \
			bash -c "$nm $d/bl1.elf | grep -q '^0000000000000000 T bl1_entrypoint'"
		check "$name: BL31 has the FVP power-down path" \
			bash -c "$nm $d/bl31.elf | grep -q ' fvp_power_down'"
		check "$name: no QEMU power model in BL31" bash -c "! $nm $d/bl31.elf | grep -q qemu_"
		check "$name: Debian's fiptool lists the FIP" \
			bash -c "fiptool info $d/fip.bin | grep -q 'Non-Trusted Firmware BL33'"
	else
		fail "PLAT=fvp $1x$2 build" "$(tail -n 5 "$work/$name.log")"
	fi
done
make -C "$top" PLAT=fvp BUILD_BASE="$work/fvp-2x2" run >"$work/fvp-run.log" 2>&1
check "fvp: make run without FVP_BASE fails" [ $? -ne 0 ]
check "fvp: ... and prints the model's command line" \
	has "$work/fvp-run.log" "-C bp.secureflashloader.fname="
summary
