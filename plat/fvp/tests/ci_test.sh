#!/usr/bin/env bash
# The Base FVP port's checks of each build shape its platform.mk names
# (PLAT_CI_BUILDS), run by make check's platforms suite after building it
# (it runs in Arm's model, not here; its logic is host-tested:
# plat/fvp/tests/unit.mk): BL1 at the Trusted Boot ROM's reset address,
# BL31 powering down through lib/psci's tail and plat/common's wake-up hook,
# no QEMU power model, Debian's fiptool lists the FIP; at the default shape,
# make run: without FVP_BASE it fails printing the model's command line
# (the one docs/plat/fvp.rst shows); with a stand-in model
# (plat/fvp/tests/fake_fvp.sh, which checks its parameters and writes a
# console) each run passes in a directory of its own, the report naming
# the model; a model that hangs ends at RUN_TIMEOUT; an FVP_BASE that is no
# model is refused by make.
# Usage: ci_test.sh BUILD_DIR SHAPE MAIN_BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$top/tests/lib/harness.sh"
d=$1 shape=$2
base=$(cd "$d/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
nm=aarch64-linux-gnu-nm

check "BL1 at the Trusted Boot ROM's reset address 0" \
	bash -c "$nm $d/bl1.elf | grep -q '^0000000000000000 T bl1_entrypoint'"
check "BL31 powers down through lib/psci's tail and plat/common's wake-up hook" \
	bash -c "$nm $d/bl31.elf | grep -q ' psci_pwr_down_wfi$' &&
		$nm $d/bl31.elf | grep -q ' plat_psci_pwr_down_wake$'"
check "no QEMU power model in BL31" bash -c "! $nm $d/bl31.elf | grep -q qemu_"
check "Debian's fiptool lists the FIP" bash -c "fiptool info $d/fip.bin | grep -q 'Non-Trusted Firmware BL33'"
[ "$shape" = default ] || { summary; exit; }

make -C "$top" PLAT=fvp BUILD_BASE="$base" run >"$work/fvp-run.log" 2>&1
check "make run without FVP_BASE fails" [ $? -ne 0 ]
check "... and prints the model's command line" has "$work/fvp-run.log" "-C bp.secureflashloader.fname="
check "docs/plat/fvp.rst shows the command line tools/fvp_run prints" \
	env PYTHONPATH="$top" python3 "$here/check_fvp_doc.py" "$top" "$base"

# make run with a model: the stand-in; each run gets a directory of its own.
fvp_run() {    # N [VARIABLE=VALUE...]: make run PLAT=fvp with the stand-in
	local i=$1
	shift
	env FAKE_FVP_ARGS="$work/fvp-args-$i" "$@" make -C "$top" PLAT=fvp BUILD_BASE="$base" \
		FVP_BASE="$here/fake_fvp.sh" run >"$work/fvp-model-$i.log" 2>&1
}
for i in 1 2; do
	fvp_run "$i"
	check "make run FVP_BASE= (run $i) passes" [ $? -eq 0 ]
	readlink -f "$base/fvp/report/latest" >"$work/fvp-dir-$i"
done
d1=$(cat "$work/fvp-dir-1") d2=$(cat "$work/fvp-dir-2")
check "the model is told to exit on shutdown" grep -qx "bp.ve_sysregs.exit_on_shutdown=1" "$work/fvp-args-1"
check "the model boots this build's BL1 and FIP" \
	bash -c "grep -qx 'bp.secureflashloader.fname=$d/bl1.bin' '$work/fvp-args-1' &&
		grep -qx 'bp.flashloader0.fname=$d/fip.bin' '$work/fvp-args-1'"
check "each run has a directory of its own, UART0 written there" \
	bash -c "[ '$d1' != '$d2' ] && grep -qx 'bp.pl011_uart0.out_file=$d2/uart0.log' '$work/fvp-args-2' &&
		[ -s '$d1/console.log' ] && [ -s '$d2/console.log' ]"
check "the report names the model, never QEMU" \
	bash -c "grep -q '^:Emulator: Arm Base FVP (fake_fvp.sh)' '$d2/psci-performance-fvp.rst' &&
		! grep -q QEMU '$d2/psci-performance-fvp.rst'"
fvp_run 3 FAKE_FVP_HANG=1 RUN_TIMEOUT=3
rc=$?
check "a model that hangs ends at RUN_TIMEOUT and the run fails" \
	bash -c "[ $rc -ne 0 ] && grep -q 'fvp_run: time limit of 3 s reached' '$work/fvp-model-3.log' &&
		! pgrep -f '^sleep infinity' >/dev/null"
make -C "$top" PLAT=fvp BUILD_BASE="$base" FVP_BASE=/nonexistent/FVP run >"$work/fvp-bad.log" 2>&1
check "an FVP_BASE= that is not a model is refused by make" \
	grep -q "FVP_BASE=/nonexistent/FVP: no such model executable" "$work/fvp-bad.log"
summary
