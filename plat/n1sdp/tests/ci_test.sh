#!/usr/bin/env bash
# The N1SDP port's checks of each build shape its platform.mk names
# (PLAT_CI_BUILDS), run by make check's platforms suite after building it
# (it runs on the board; its logic is host-tested: plat/n1sdp/tests/unit.mk):
#  default  TF-A's command line (`make PLAT=n1sdp all fip BL33=<the board's
#           EDK2>`, a stand-in file here) packs that BL33; BL1 at the SCP's
#           load address; BL31 with the CSS power control, the N1 unit and
#           CVE-2025-10263's TLBI rule, no QEMU power model; Debian's
#           fiptool lists the FIP; BL2 zeroes DRAM for ECC; make report
#           LOG= (docs/plat/n1sdp.rst's step) finds this build for a board's
#           console;
#  N1SDP_DRAM_ECC=0,N1SDP_RUN_UART=0  no DRAM zeroing.
# Usage: ci_test.sh BUILD_DIR SHAPE MAIN_BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$top/tests/lib/harness.sh"
d=$1 shape=$2 main=$3
base=$(cd "$d/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
nm=aarch64-linux-gnu-nm

case $shape in
default)
	head -c 65536 /dev/urandom >"$work/edk2.bin"
	make -C "$top" -j2 PLAT=n1sdp BUILD_BASE="$base" all fip BL33="$work/edk2.bin" >"$work/bl33.log" 2>&1
	check "PLAT=n1sdp all fip BL33=<image> (TF-A's command line)" [ $? -eq 0 ]
	check "the FIP holds that BL33" \
		bash -c "'$base/tools/fiptool/fiptool' unpack --nt-fw '$work/nt-fw.bin' '$d/fip.bin' &&
			cmp -s '$work/nt-fw.bin' '$work/edk2.bin'"
	check "BL1 at the SCP's load address 0x04060000" \
		bash -c "$nm $d/bl1.elf | grep -q '^0000000004060000 T bl1_entrypoint'"
	check "BL31 powers cores through the CSS module's SCMI, with the Neoverse N1 unit's steps" \
		bash -c "$nm $d/bl31.elf | grep -q ' css_psci_ops$' && $nm $d/bl31.elf | grep -q ' scmi_call' &&
			$nm $d/bl31.elf | grep -q ' cpu_ops_neoverse_n1$' && $nm $d/bl31.elf | grep -q ' cpu_run_rows$'"
	check "BL31's broadcast TLBI keeps CVE-2025-10263's rule (on by default for the board)" \
		py tests.host.check_tlbi aarch64-linux-gnu-objdump "$d/bl31.elf" on
	check "no QEMU power model in BL31" bash -c "! $nm $d/bl31.elf | grep -q qemu_"
	for f in bl1.bin bl2.bin bl31.bin fip.bin; do
		check "$f built" [ -s "$d/$f" ]
	done
	check "Debian's fiptool lists the FIP" \
		bash -c "fiptool info $d/fip.bin | grep -q 'EL3 Runtime Firmware BL31'"
	check "BL2 zeroes DRAM for ECC (N1SDP_DRAM_ECC=1, the default)" \
		bash -c "$nm $d/bl2.elf | grep -q ' zero_normal_mem'"
	# docs/plat/n1sdp.rst's report step, as printed, on a console in the
	# board's form (a boot of the main build, this tree's version, renamed,
	# its banners naming this build's options id as the board's would).
	qemu_boot "$work/boot.log" 60 --config "$main/config.mk"
	id=$(sed -n 's/^#define BUILD_OPTIONS_ID "\([0-9a-f]*\)"$/\1/p' "$d/include/options_id.h")
	sed -e 's/^PAYLOAD: platform: [a-z0-9]* (.*)$/PAYLOAD: platform: n1sdp (Arm N1SDP)/' \
		-e "s/^\\(NOTICE:  BL[0-9]*: Built : .*, options \\)[0-9a-f]\\{8\\}$/\\1$id/" \
		"$work/boot.log" >"$work/n1sdp.log"
	make -C "$top" BUILD_BASE="$base" report LOG="$work/n1sdp.log" >"$work/report.log" 2>&1 ||
		why=" ($(grep -m1 -E 'rror|refuse' "$work/report.log"))"
	rst=$base/report/n1sdp/psci-performance-n1sdp.rst
	check "make report LOG=n1sdp.log finds the board's build, records its options and compiler${why:-}" \
		bash -c "[ -s '$rst' ] && grep -q '^:Build options: .*PLAT=n1sdp .*WORKAROUND_CVE_2022_23960=1' '$rst' &&
			grep -q '^:Compiler: aarch64-linux-gnu-gcc' '$rst' && grep -q '^:Emulator: hardware' '$rst' &&
			! grep -qi unknown '$rst'"
	;;
N1SDP_DRAM_ECC=0,N1SDP_RUN_UART=0)
	check "no DRAM zeroing with N1SDP_DRAM_ECC=0" bash -c "! $nm $d/bl2.elf | grep -q ' zero_normal_mem'"
	;;
*)
	fail "no checks for the shape $shape (plat/n1sdp/platform.mk's PLAT_CI_BUILDS names it)"
	;;
esac
summary
