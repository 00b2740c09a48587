#!/usr/bin/env bash
# The firmware must not depend on GCC or on the toolchain's OS triplet:
#  - `make CC=clang` (LLVM: clang, lld, llvm-objcopy) builds images that boot;
#  - a GNU toolchain under another prefix (here aarch64-none-elf-, made of
#    links to Debian's aarch64-linux-gnu- tools) builds the same images.
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
for tool in gcc ld objcopy nm ar; do
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
# The N1SDP platform builds (it runs on the board; its logic is host-tested),
# with TF-A's command line: `make PLAT=n1sdp all fip BL33=<the board's EDK2>`
# (here a stand-in file as BL33).
# The Arm platforms share one build tree: the host tools are built once, and
# the FVP's second shape rebuilds only what the topology changes (mbed TLS
# follows the compiler alone).
arm=$work/arm
tools_of "$arm"
head -c 65536 /dev/urandom >"$work/edk2.bin"
if make -C "$top" -j2 PLAT=n1sdp BUILD_BASE="$arm" all fip BL33="$work/edk2.bin" >"$work/n1sdp.log" 2>&1; then
	pass "PLAT=n1sdp all fip BL33=<image> (TF-A's command line)"
	check "n1sdp: the FIP holds that BL33" \
		bash -c "'$arm/tools/fiptool/fiptool' unpack --nt-fw '$work/nt-fw.bin' '$arm/n1sdp/release/fip.bin' &&
			cmp -s '$work/nt-fw.bin' '$work/edk2.bin'"
	d=$arm/n1sdp/release
	nm=aarch64-linux-gnu-nm
	check "n1sdp: BL1 at the SCP's load address 0x04060000" \
		bash -c "$nm $d/bl1.elf | grep -q '^0000000004060000 T bl1_entrypoint'"
	check "n1sdp: BL31 powers cores through SCMI, with the Neoverse N1 unit's steps" \
		bash -c "$nm $d/bl31.elf | grep -q ' scmi_call' && $nm $d/bl31.elf | grep -q ' cpu_ops_neoverse_n1$' &&
			$nm $d/bl31.elf | grep -q ' cpu_run_rows$'"
	check "n1sdp: BL31's broadcast TLBI keeps CVE-2025-10263's rule (on by default for the board)" \
		py tests.host.check_tlbi aarch64-linux-gnu-objdump "$d/bl31.elf" on
	check "n1sdp: no QEMU power model in BL31" bash -c "! $nm $d/bl31.elf | grep -q qemu_"
	for f in bl1.bin bl2.bin bl31.bin fip.bin; do
		check "n1sdp: $f built" [ -s "$d/$f" ]
	done
	check "n1sdp: Debian's fiptool lists the FIP" \
		bash -c "fiptool info $d/fip.bin | grep -q 'EL3 Runtime Firmware BL31'"
	# docs/plat/n1sdp.rst's report step, as printed, on a console in the
	# board's form (the clang build's, of this tree's version, renamed).
	sed 's/^PAYLOAD: platform: qemu (QEMU virt)$/PAYLOAD: platform: n1sdp (Arm N1SDP)/' \
		"$work/clang-boot.log" >"$work/n1sdp.log"
	make -C "$top" BUILD_BASE="$arm" report LOG="$work/n1sdp.log" >"$work/n1sdp-report.log" 2>&1
	rst=$arm/report/n1sdp/psci-performance-n1sdp.rst
	check "n1sdp: make report LOG=n1sdp.log finds the board's build, records its options and compiler" \
		bash -c "[ -s '$rst' ] && grep -q '^:Build options: .*PLAT=n1sdp .*WORKAROUND_CVE_2022_23960=1' '$rst' &&
			grep -q '^:Compiler: aarch64-linux-gnu-gcc' '$rst' && grep -q '^:Emulator: hardware' '$rst' &&
			! grep -qi unknown '$rst'"
	check "n1sdp: BL2 zeroes DRAM for ECC (N1SDP_DRAM_ECC=1, the default)" \
		bash -c "$nm $d/bl2.elf | grep -q ' zero_normal_mem'"
	# Its options off: it builds, without the zeroing.
	if make -C "$top" -j2 PLAT=n1sdp N1SDP_DRAM_ECC=0 N1SDP_RUN_UART=0 BUILD_BASE="$arm" \
		>"$work/n1sdp-off.log" 2>&1; then
		pass "PLAT=n1sdp N1SDP_DRAM_ECC=0 N1SDP_RUN_UART=0 build"
		check "n1sdp: no DRAM zeroing with N1SDP_DRAM_ECC=0" \
			bash -c "! $nm $d/bl2.elf | grep -q ' zero_normal_mem'"
	else
		fail "PLAT=n1sdp N1SDP_DRAM_ECC=0 N1SDP_RUN_UART=0 build" "$(tail -n 5 "$work/n1sdp-off.log")"
	fi
else
	fail "PLAT=n1sdp build" "$(tail -n 5 "$work/n1sdp.log")"
fi
# The Base FVP builds (it runs in Arm's model; its logic is host-tested),
# at its largest shape too (first, so that the tree is left at 2 x 2).
for shape in "4 4" "2 2"; do
	# shellcheck disable=SC2086
	set -- $shape
	name=fvp-$1x$2
	if make -C "$top" -j2 PLAT=fvp FVP_CLUSTERS=$1 FVP_CORES_PER_CLUSTER=$2 \
		BUILD_BASE="$arm" >"$work/$name.log" 2>&1; then
		pass "PLAT=fvp $1x$2 build"
		d=$arm/fvp/release
		nm=aarch64-linux-gnu-nm
		check "$name: BL1 at the Trusted Boot ROM's reset address 0" \
			bash -c "$nm $d/bl1.elf | grep -q '^0000000000000000 T bl1_entrypoint'"
		check "$name: BL31 powers down through lib/psci's tail and plat/common's wake-up hook" \
			bash -c "$nm $d/bl31.elf | grep -q ' psci_pwr_down_wfi$' &&
				$nm $d/bl31.elf | grep -q ' plat_psci_pwr_down_wake$'"
		check "$name: no QEMU power model in BL31" bash -c "! $nm $d/bl31.elf | grep -q qemu_"
		check "$name: Debian's fiptool lists the FIP" \
			bash -c "fiptool info $d/fip.bin | grep -q 'Non-Trusted Firmware BL33'"
	else
		fail "PLAT=fvp $1x$2 build" "$(tail -n 5 "$work/$name.log")"
	fi
done
make -C "$top" PLAT=fvp BUILD_BASE="$arm" run >"$work/fvp-run.log" 2>&1
check "fvp: make run without FVP_BASE fails" [ $? -ne 0 ]
check "fvp: ... and prints the model's command line" \
	has "$work/fvp-run.log" "-C bp.secureflashloader.fname="
check "fvp: docs/plat/fvp.rst shows the command line tools/fvp_run prints" \
	py tests.host.check_fvp_doc "$top" "$arm"

# make run with a model: a stand-in (tests/lib/fake_fvp.sh) checks its
# parameters and writes a console; each run gets a directory of its own.
fake=$top/tests/lib/fake_fvp.sh
fvp_run() {    # N [VARIABLE=VALUE...]: make run PLAT=fvp with the stand-in
	local i=$1
	shift
	env FAKE_FVP_ARGS="$work/fvp-args-$i" "$@" make -C "$top" PLAT=fvp BUILD_BASE="$arm" \
		FVP_BASE="$fake" run >"$work/fvp-model-$i.log" 2>&1
}
for i in 1 2; do
	fvp_run "$i"
	check "fvp: make run FVP_BASE= (run $i) passes" [ $? -eq 0 ]
	readlink -f "$arm/fvp/report/latest" >"$work/fvp-dir-$i"
done
d1=$(cat "$work/fvp-dir-1") d2=$(cat "$work/fvp-dir-2")
check "fvp: the model is told to exit on shutdown" \
	grep -qx "bp.ve_sysregs.exit_on_shutdown=1" "$work/fvp-args-1"
check "fvp: the model boots this build's BL1 and FIP" \
	bash -c "grep -qx 'bp.secureflashloader.fname=.*arm/fvp/release/bl1.bin' '$work/fvp-args-1' &&
		grep -qx 'bp.flashloader0.fname=.*arm/fvp/release/fip.bin' '$work/fvp-args-1'"
check "fvp: each run has a directory of its own, UART0 written there" \
	bash -c "[ '$d1' != '$d2' ] && grep -qx 'bp.pl011_uart0.out_file=$d2/uart0.log' '$work/fvp-args-2' &&
		[ -s '$d1/console.log' ] && [ -s '$d2/console.log' ]"
check "fvp: the report names the model, never QEMU" \
	bash -c "grep -q '^:Emulator: Arm Base FVP (fake_fvp.sh)' '$d2/psci-performance-fvp.rst' &&
		! grep -q QEMU '$d2/psci-performance-fvp.rst'"
fvp_run 3 FAKE_FVP_HANG=1 RUN_TIMEOUT=3
rc=$?
check "fvp: a model that hangs ends at RUN_TIMEOUT and the run fails" \
	bash -c "[ $rc -ne 0 ] && grep -q 'fvp_run: time limit of 3 s reached' '$work/fvp-model-3.log' &&
		! pgrep -f '^sleep infinity' >/dev/null"
make -C "$top" PLAT=fvp BUILD_BASE="$arm" FVP_BASE=/nonexistent/FVP run \
	>"$work/fvp-bad.log" 2>&1
check "fvp: FVP_BASE= that is not a model is refused by make" \
	grep -q "FVP_BASE=/nonexistent/FVP: no such model executable" "$work/fvp-bad.log"
summary
