#!/usr/bin/env bash
# make check's n1sdp-model suite (docs/plat/n1sdp-model.rst): n1fw's QEMU
# model of the N1SDP, built once from Debian's qemu source and cached
# (make n1sdp-model), and the board's build on it:
#  - the model refuses a redistributor access before GICR_PWRR powers the
#    redistributor up, and answers once it has (tests/n1sdp_model/gicr_pwrr.S);
#  - make run PLAT=n1sdp: BL1 -> BL2 -> BL31 -> the report payload, the six
#    scenarios on every core and the conformance suite, the report labelled
#    as the model's;
#  - the oracle (tests/n1sdp_model/oracle_test.sh): Debian's TF-A 2.8
#    N1SDP port boots on the model to our BL33, which turns every core on
#    and the system off (its CPU_SUSPEND/CPU_OFF cycle is open:
#    docs/plat/n1sdp-model.rst, "The oracle").
# Usage: model_test.sh BUILD_BASE (make check's); its own build tree beside it.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/tests/lib/harness.sh"
base=$(cd "$1" && pwd)
tree=$base/n1sdp-model-test
deps=${DEPS_DIR:-$base/deps}
mkdir -p "$tree"
mk() { make -C "$top" --no-print-directory BUILD_BASE="$tree" DEPS_DIR="$deps" "$@"; }

mk n1sdp-model >"$tree/model-build.log" 2>&1
check "make n1sdp-model builds (or finds cached) QEMU with the N1SDP machine" [ $? -eq 0 ]
qemu=$(mk -s PLAT=n1sdp plat-info 2>/dev/null | sed -n 's/^QEMU := //p')
check "PLAT=n1sdp's QEMU is the cached model, which has the machine" \
	bash -c "[ -x '$qemu' ] && '$qemu' -machine help | grep -q '^n1sdp '"

# GICR_PWRR: an access before power-up is refused (read as zero, logged).
aarch64-linux-gnu-gcc -nostdlib -nostartfiles -static -Wl,-Ttext=0x04060000 -Wl,--build-id=none \
	-o "$tree/gicr_pwrr.elf" "$here/gicr_pwrr.S" &&
	aarch64-linux-gnu-objcopy -O binary "$tree/gicr_pwrr.elf" "$tree/gicr_pwrr.bin"
timeout 10 "$qemu" -nographic -machine n1sdp -m 3072 -nic none -bios "$tree/gicr_pwrr.bin" \
	-serial stdio -monitor none -d guest_errors -D "$tree/gicr_pwrr-model.log" \
	</dev/null >"$tree/gicr_pwrr.log" 2>&1
check "a powered-down redistributor reads GICR_WAKER as 0, GICR_PWRR as RDPD|RDGPD|RDGPO (0xd)" \
	has "$tree/gicr_pwrr.log" "GICR: WAKER off 0x00000000 PWRR 0x0000000d"
check "after GICR_PWRR = 0 it answers (GICR_WAKER 0x6: ProcessorSleep, ChildrenAsleep)" \
	has "$tree/gicr_pwrr.log" "WAKER on 0x00000006"
check "the model logs the refused access" \
	has "$tree/gicr_pwrr-model.log" "read of GICR+0x14 of core 0's redistributor, powered down"

# make run PLAT=n1sdp
mk PLAT=n1sdp run >"$tree/run.log" 2>&1
rc=$?
report=$tree/n1sdp/report/latest/psci-performance-n1sdp.rst
check "make run PLAT=n1sdp passes on the model" [ $rc -eq 0 ]
check "six scenarios on 4 cores passed" has "$tree/run.log" "6 scenarios x 4 cores x 1 iteration(s) passed"
check "the conformance suite passed on the model" \
	grep -q "^CONFORMANCE: [0-9]* passed, 0 failed" "$tree/n1sdp/report/latest/console.log"
check "the report is labelled as the model's, never the board's" \
	bash -c "head -n 1 '$report' | grep -qF 'the N1SDP model under QEMU (not the board)' &&
		grep -qF ':Emulator: the N1SDP model' '$report' && ! grep -q 'On the board' '$report'"
check "the board's BL2 zeroed the DDR the SCP's SDS reported (3 GiB) and turned ECC on" \
	has "$tree/n1sdp/report/latest/console.log" "N1SDP: DRAM ECC on: 3 GiB zeroed"
# The oracle, with TF-A's source as make fetches it
mk "$deps/arm-trusted-firmware/src/.unpacked" >"$tree/tfa-fetch.log" 2>&1
sub_suite oracle bash "$here/oracle_test.sh" "$qemu" "$deps/arm-trusted-firmware/src" \
	"$deps/tfa-builds" "$tree/oracle"
summary
