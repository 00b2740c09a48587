#!/usr/bin/env bash
# Boot the real firmware in QEMU and assert on its console:
#  - the full chain BL1 -> BL2 -> BL31 -> payload on neoverse-n1, cortex-a57
#    and max, ending in PSCI SYSTEM_OFF2 with HIBERNATE_OFF, the payload's
#    last act and last check (QEMU exits 0);
#  - malformed or oversized FIPs are rejected by BL1/BL2 with a message
#    naming the problem, and nothing from them runs.
# Usage: boot_test.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"

build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cfg=$build/config.mk

stages_in_order() {
	[ "$(grep -oE 'BL1: Booting|BL2: Booting|BL31: Entry|PAYLOAD: entered|PSCI: SYSTEM_OFF' "$1" |
		paste -sd,)" = "BL1: Booting,BL2: Booting,BL31: Entry,PAYLOAD: entered,PSCI: SYSTEM_OFF" ]
}

good_boot() {
	local cpu=$1 log=$work/boot-$1.log
	qemu_boot "$log" 30 --config "$cfg" --cpu "$cpu"
	local rc=$?
	check "$cpu: QEMU exits 0 through SYSTEM_OFF2" [ "$rc" -eq 0 ]
	check "$cpu: SYSTEM_OFF2 (HIBERNATE_OFF) powers the machine off" \
		has "$log" "NOTICE:  PSCI: SYSTEM_OFF2 (HIBERNATE_OFF)"
	check "$cpu: the payload's last verdict is PASS" \
		[ "$(grep -o 'PAYLOAD: RESULT: [A-Z]*' "$log" | tail -n 1)" = "PAYLOAD: RESULT: PASS" ]
	check "$cpu: BL1 banner" has "$log" "NOTICE:  BL1: v"
	check "$cpu: BL1 boots BL2" has "$log" "NOTICE:  BL1: Booting BL2"
	check "$cpu: BL2 boots BL31" has "$log" "NOTICE:  BL2: Booting BL31"
	check "$cpu: BL31 exits to BL33 at 0x60000000 with the DTB" \
		has "$log" "NOTICE:  BL31: Entry point address = 0x60000000, x0 = 0x40000000"
	check "$cpu: payload runs at EL2 with x0 = DTB, primary MPIDR, CNTFRQ programmed" \
		has "$log" "PAYLOAD: entered at EL2, x0 = 0x40000000, MPIDR = 0x80000000, CNTFRQ = 62500000 Hz"
	check "$cpu: PSCI_VERSION $(psci_version)" has "$log" "PAYLOAD: PSCI_VERSION = $(psci_version)"
	check "$cpu: SMCCC_VERSION 1.5" has "$log" "PAYLOAD: SMCCC_VERSION = 1.5"
	check "$cpu: unknown SMC returns -1" has "$log" "PAYLOAD: unknown SMC 0xc200ff00 returns -1"
	check "$cpu: x4-x29 preserved across SMCs" \
		has "$log" "x4-x29 changed by a known SMC: mask 0x0, by an unknown SMC: mask 0x0"
	check "$cpu: no error on the console" lacks "$log" "ERROR"
	# The boot order must be the chain's order.
	check "$cpu: stages in order" stages_in_order "$log"
}

for cpu in neoverse-n1 cortex-a57 max; do
	good_boot "$cpu"
done

# bad_fip NAME FIP EXPECTED-ERROR STAGE-THAT-MUST-NOT-START
bad_fip() {
	local name=$1 fip=$2 expect=$3 forbidden=$4 log=$work/$1.log
	flash_of "$build" "$fip" "$work/flash.bin"
	qemu_boot "$log" 20 --config "$cfg" --flash "$work/flash.bin" --stop "ERROR: .*(Failed|malformed)"
	check "$name: rejected with '$expect'" has "$log" "$expect"
	check "$name: '$forbidden' never happens" lacks "$log" "$forbidden"
	check "$name: no payload runs" lacks "$log" "PAYLOAD"
}

# patch FILE OFFSET HEX-BYTES: overwrite bytes in place.
patch() { printf "$(echo "$3" | sed 's/../\\x&/g')" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }

fip=$build/fip.bin
cp "$fip" "$work/name.fip" && patch "$work/name.fip" 0 00000000
bad_fip bad-toc-name "$work/name.fip" "bad ToC header name" "BL1: Booting BL2"

# Entry 1 (BL31) size field at 16 + 40 + 24: make it run past the end.
cp "$fip" "$work/past.fip" && patch "$work/past.fip" 80 ffffff0000000000
bad_fip entry-past-end "$work/past.fip" "malformed" "BL1: Booting BL2"

# Entry 1 (BL31) offset = entry 0's offset: overlapping images.
cp "$fip" "$work/overlap.fip"
dd if="$fip" of="$work/overlap.fip" bs=1 skip=32 seek=72 count=8 conv=notrunc status=none
bad_fip overlapping-entries "$work/overlap.fip" "overlap" "BL1: Booting BL2"

# End marker UUID made non-null: the ToC never ends. It follows the
# 16-byte header and one 40-byte entry per image.
entries=$("$build/../../tools/fiptool/fiptool" info "$fip" | wc -l)
cp "$fip" "$work/noend.fip" && patch "$work/noend.fip" $((16 + 40 * entries)) 01
bad_fip no-end-marker "$work/noend.fip" "malformed" "BL1: Booting BL2"

# Signed for what is packed (trusted board boot): the structure is what fails.
signed_fip "$build" "$work/nobl2.fip" --tb-fw none
bad_fip missing-bl2 "$work/nobl2.fip" "BL2: image not found in the FIP" "BL1: Booting BL2"

head -c 600K /dev/urandom >"$work/big31.bin"
signed_fip "$build" "$work/big.fip" --soc-fw "$work/big31.bin"
bad_fip bl31-too-big "$work/big.fip" "BL2: Failed to load BL31" "BL2: Booting BL31"
check "bl31-too-big: the size and the region are named" \
	grep -qE "BL31 is 614400 bytes; its region 0xe060000-0xe0e0000 holds 524288" "$work/bl31-too-big.log"

# The EL3 crash handler: a "BL31" that is a single UDF instruction (signed,
# so that BL2 runs it) faults at EL3 on its first instruction, still under
# BL2's vectors.
printf '\x00\x00\x00\x00' >"$work/udf.bin"
signed_fip "$build" "$work/udf.fip" --soc-fw "$work/udf.bin"
flash_of "$build" "$work/udf.fip" "$work/flash.bin"
log=$work/crash.log
qemu_boot "$log" 20 --config "$cfg" --flash "$work/flash.bin" --stop "x30 "
check "crash: reported as an unhandled EL3 exception" \
	has "$log" "ERROR:   Unhandled exception in EL3: Sync, current EL with SP_EL0"
check "crash: ESR_EL3 shows EC 0 (unknown instruction)" grep -qE "ESR_EL3  0x0000000002000000" "$log"
check "crash: ELR_EL3 is BL31's entry point" grep -qE "ELR_EL3  0x000000000e060000" "$log"
check "crash: FAR and all registers are printed" \
	bash -c "grep -q 'FAR_EL3' '$log' && grep -q 'x28 ' '$log' && grep -q 'x30 ' '$log'"
check "crash: nothing runs after it" lacks "$log" "PAYLOAD"

summary
