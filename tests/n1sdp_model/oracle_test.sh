#!/usr/bin/env bash
# The N1SDP model's oracle (docs/plat/n1sdp-model.rst): Debian's TF-A 2.8
# (TFA_SRC), its N1SDP port as it ran on boards, built for PLAT=n1sdp by
# make_helpers/tfa_build.sh (cached), boots on the model to our small BL33
# (tests/n1sdp_model/oracle_bl33.S), which brings every core up with
# CPU_ON, suspends each to power-down and wakes it with its timer, powers
# it off, suspends core 0 and calls SYSTEM_OFF. The model is right only
# where TF-A's port runs on it: a failure here is a model bug, fixed in the
# model (tools/n1sdp_model/n1sdp.c), never in TF-A's build.
# Usage: oracle_test.sh MODEL_QEMU TFA_SRC TFA_CACHE WORK [CYCLE]
# CYCLE (default 0): 1 runs each core's CPU_SUSPEND and CPU_OFF and core
# 0's suspend too, which do not complete yet (docs/plat/n1sdp-model.rst).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/tests/lib/harness.sh"
qemu=$1 tfa_src=$2 tfa_cache=$3 work=$4 cycle=${5:-0}
mkdir -p "$work"
cross=aarch64-linux-gnu-

"${cross}gcc" -DORACLE_CYCLE="$cycle" -nostdlib -nostartfiles -static -Wl,-Ttext=0 -Wl,--build-id=none \
	-o "$work/oracle_bl33.elf" "$here/oracle_bl33.S" &&
	"${cross}objcopy" -O binary "$work/oracle_bl33.elf" "$work/oracle_bl33.bin"
check "the oracle's BL33 builds" [ -s "$work/oracle_bl33.bin" ]
tfa=$(bash "$top/make_helpers/tfa_build.sh" --src "$tfa_src" --cache "$tfa_cache" --plat n1sdp \
	--fip "$work/oracle_bl33.bin" "$work/tfa-fip.bin")
check "TF-A 2.8 builds for PLAT=n1sdp (TF_LDFLAGS_aarch64=--no-warn-rwx-segments) with it as BL33" \
	[ -s "$tfa/bl1.bin" ] && [ -s "$work/tfa-fip.bin" ]

# The model as tools/qemu_run starts it for PLAT=n1sdp (QEMU_BOOT=bl1-fip),
# its log of what it refused or does not model beside the console.
timeout 120 "$qemu" -nographic -machine "n1sdp,fip=$work/tfa-fip.bin" -cpu neoverse-n1 -smp 4 \
	-m 3072 -nic none -bios "$tfa/bl1.bin" -no-reboot -icount shift=0,align=off,sleep=off \
	-chardev stdio,id=console,mux=on,signal=off -serial chardev:console -serial chardev:console \
	-mon chardev=console -d guest_errors,unimp -D "$work/oracle-model.log" \
	</dev/null >"$work/oracle.log" 2>&1
rc=$?
log=$work/oracle.log
check "TF-A's BL1 and BL2 run (BL2 reads the SCP's SDS, zeroes DDR, turns ECC on)" has "$log" "BL1: Booting BL31"
check "TF-A's BL31 initialises SCMI and leaves for BL33" has "$log" "ORACLE: BL33 at EL2 on core 0"
for c in 1 2 3; do
	if [ "$cycle" = 1 ]; then
		check "core $c: CPU_ON accepted, CPU_SUSPEND to power-down, woken by its timer, CPU_OFF, AFFINITY_INFO OFF" \
			grep -q "ORACLE: on, suspended, resumed and off: core 0x0*$c\$" "$log"
	else
		check "core $c: CPU_ON accepted, the SCP powers it, TF-A's warm boot reaches BL33's entry" \
			grep -q "ORACLE: running in BL33 after CPU_ON: core 0x0*$c\$" "$log"
	fi
done
if [ "$cycle" = 1 ]; then
	check "core 0: CPU_SUSPEND to power-down and back, its context ID returned" \
		grep -A1 -q "ORACLE: core 0 resumed from CPU_SUSPEND" "$log"
fi
check "the BL33 passes, and SYSTEM_OFF ends the model (QEMU exits 0)" \
	bash -c "grep -q 'ORACLE: PASS' '$log' && [ $rc -eq 0 ] && ! grep -q 'ORACLE: FAIL' '$log'"
check "no error from TF-A" lacks "$log" "ERROR:"
check "the model refused no redistributor access (TF-A powers each with GICR_PWRR first)" \
	lacks "$work/oracle-model.log" "powered down (GICR_PWRR.RDPD)"
if [ "$failed" -ne 0 ]; then
	echo "--- the console (its end):"
	tail -n 25 "$log"
	echo "--- the model's log (its end):"
	tail -n 10 "$work/oracle-model.log" 2>/dev/null
fi
summary
