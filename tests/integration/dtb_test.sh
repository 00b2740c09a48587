#!/usr/bin/env bash
# The DTB BL2 hands to BL33 is untrusted input. Boot the real firmware in
# QEMU with DTBs derived from QEMU's own (-dtb replaces it, -bios included)
# and with less DRAM, and assert BL2's exact messages and whether the boot
# went on:
#  - QEMU's DTB: /psci and the idle states on 4 of 4 CPUs, the PMF call
#    ring's /reserved-memory node (PMF_RING=1);
#  - a /reserved-memory the ring's node cannot go in (3 address cells):
#    ERROR naming the cells and the range, /psci still added, boot goes on,
#    BL31 turns the ring off (never mapped: a write would fault) and
#    PMF_GET_RING answers -1;
#  - no /cpus node: a WARNING; CPU nodes without device_type (all, one):
#    given device_type "cpu" and described (a machine's minimal DT may
#    have none),
#    boot goes on;
#  - 2000 CPU nodes: all described, in linear time (virtual time, -icount);
#  - QEMU's own 1 MiB DTB given back with -dtb (QEMU pads it to 2 MiB):
#    cut down to the 1 MiB region, described, the payload passes, in
#    seconds; a -dtb whose blocks do not fit the region: refused by
#    tools/qemu_run before QEMU starts, naming the limit;
#  - a node with a property name twice (/cpus/cpu@0's device_type):
#    ERROR naming it and both offsets, BL33 gets it untouched, DRAM from the
#    platform's description, no PSCI edit;
#  - -m 512: BL33 does not fit the DRAM the DTB describes: ERROR naming it,
#    nothing from the FIP runs, no crash.
# Header corruption QEMU would refuse (it checks -dtb with libfdt) is
# covered by the host tests (tests/unit/test_dtb_check.c, tests/fuzz).
# WARNING and INFO lines need LOG_LEVEL >= 40: this suite builds such a BL2
# and packs it with the release BL1, BL31 and payload.
# Usage: dtb_test.sh BUILD_DIR DTB_EDIT
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
build=$1 dtb_edit=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# BL2 at LOG_LEVEL=40 in its own build folder (fetched packages: DEPS_DIR),
# trusting the main build's keys (it checks the certificates made with them).
# shellcheck disable=SC2046
if ! make -C "$top" -j2 BUILD_BASE="$work/b" LOG_LEVEL=40 $(key_options "$build") \
	"$work/b/qemu/release/bl2.bin" \
	>"$work/build.log" 2>&1; then
	fail "BL2 builds at LOG_LEVEL=40" "$(tail -n 5 "$work/build.log")"
	summary
	exit 1
fi
# Signed with the main build's keys, so that its BL1 runs this BL2.
signed_fip "$build" "$work/fip.bin" --tb-fw "$work/b/qemu/release/bl2.bin"
flash_of "$build" "$work/fip.bin" "$work/flash.bin"

# The DTBs: QEMU's own for this machine, packed, then edited.
py tools.qemu_run.qemu_run --config "$build/config.mk" --dump-dtb "$work/qemu.dtb"
"$dtb_edit" "$work/qemu.dtb" "$work/packed.dtb"
"$dtb_edit" "$work/qemu.dtb" "$work/nocpus.dtb" rm-node /cpus
"$dtb_edit" "$work/qemu.dtb" "$work/notype.dtb" rm-prop /cpus/cpu@0 device_type \
	rm-prop /cpus/cpu@1 device_type rm-prop /cpus/cpu@2 device_type rm-prop /cpus/cpu@3 device_type
"$dtb_edit" "$work/qemu.dtb" "$work/onetype.dtb" rm-prop /cpus/cpu@3 device_type
"$dtb_edit" "$work/qemu.dtb" "$work/badring.dtb" add-node / reserved-memory \
	set-u32 /reserved-memory '#address-cells' 3 set-u32 /reserved-memory '#size-cells' 2
"$dtb_edit" "$work/qemu.dtb" "$work/cpus2000.dtb" cpus 2000
"$dtb_edit" "$work/qemu.dtb" "$work/cpus500.dtb" cpus 500

# boot NAME FLASH STOP-PATTERN [QEMU_RUN ARGS...]: console in $work/NAME.log.
boot() {
	local name=$1 flash=$2 stop=$3
	shift 3
	qemu_boot "$work/$name.log" 30 --config "$build/config.mk" --flash "$flash" \
		--stop "$stop" "$@"
}
went_on() { has "$1" "PAYLOAD: entered at EL2, x0 = 0x40000000"; }
took_us() { sed -n "s/^INFO:    BL2: preparing BL33's DTB and memory took \([0-9]*\) us$/\1/p" "$1"; }
entered='PAYLOAD: entered'

boot qemu "$work/flash.bin" "$entered"
log=$work/qemu.log
check "QEMU's DTB: PSCI on 4 of 4 CPUs" has "$log" \
	"NOTICE:  BL2: DTB: /psci added; enable-method and cpu-idle-states on 4 of 4 CPU nodes; 2 idle states"
check "QEMU's DTB: no WARNING or ERROR" bash -c "! grep -qE '^(WARNING|ERROR)' '$log'"
check "QEMU's DTB: boot goes on to BL33" went_on "$log"
ring=$(sed -n 's/^PMF_RING := //p' "$build/config.mk")
if [ "$ring" = 1 ]; then
	check "QEMU's DTB: the call ring's memory reserved in the same rewrite" has "$log" \
		"NOTICE:  BL2: DTB: /reserved-memory/pmf-ring@5ff00000: the PMF call ring, 0x20000 bytes"
	boot badring "$work/flash.bin" "PAYLOAD: SKIPPED PMF call ring" -- -dtb "$work/badring.dtb"
	log=$work/badring.log
	check "/reserved-memory with 3 address cells: ERROR names the cells and the range" has "$log" \
		"ERROR:   BL2: DTB: cannot reserve the PMF call ring: /reserved-memory #address-cells 3: the root's is 2; the ring is off and 0x5ff00000-0x5ff1ffff stays the normal world's"
	check "/reserved-memory with 3 address cells: PSCI still described" has "$log" \
		"NOTICE:  BL2: DTB: /psci added; enable-method and cpu-idle-states on 4 of 4 CPU nodes; 2 idle states"
	check "/reserved-memory with 3 address cells: no ring node claimed" lacks "$log" "pmf-ring@"
	check "/reserved-memory with 3 address cells: boot goes on to BL33" went_on "$log"
	check "/reserved-memory with 3 address cells: BL31 leaves the ring's memory alone" has "$log" \
		"NOTICE:  BL31: PMF call ring off: BL2 did not keep its memory from the normal world"
	check "/reserved-memory with 3 address cells: PMF_GET_RING says there is no ring" has "$log" \
		"PAYLOAD: SKIPPED PMF call ring: PMF_GET_RING returned -1"
else
	check "PMF_RING=0: no call ring reserved" lacks "$log" "pmf-ring"
fi

boot nocpus "$work/flash.bin" "$entered" -- -dtb "$work/nocpus.dtb"
log=$work/nocpus.log
check "no /cpus: WARNING says /psci was added but no CPU described" has "$log" \
	"WARNING: BL2: DTB: /psci added, but the DTB has no /cpus node: no CPU could be described"
check "no /cpus: the summary says 0 of 0" has "$log" \
	"NOTICE:  BL2: DTB: /psci added; enable-method and cpu-idle-states on 0 of 0 CPU nodes; 0 idle states"
check "no /cpus: no ERROR from the firmware" bash -c "! grep -q '^ERROR:' '$log'"
check "no /cpus: boot goes on to BL33" went_on "$log"

boot notype "$work/flash.bin" "$entered" -- -dtb "$work/notype.dtb"
log=$work/notype.log
check "CPU nodes without device_type (as a minimal DT may have them): all 4 given it and described" \
	bash -c "grep -qF 'enable-method and cpu-idle-states on 4 of 4 CPU nodes; 2 idle states' '$log' &&
		grep -qF 'NOTICE:  BL2: DTB: device_type \"cpu\" added to 4 CPU nodes that had none' '$log' &&
		! grep -qE '^(WARNING|ERROR)' '$log'"
check "CPU nodes without device_type: boot goes on to BL33" went_on "$log"

boot onetype "$work/flash.bin" "$entered" -- -dtb "$work/onetype.dtb"
log=$work/onetype.log
check "one CPU node without device_type: given it, 4 of 4 described" \
	bash -c "grep -qF 'enable-method and cpu-idle-states on 4 of 4 CPU nodes; 2 idle states' '$log' &&
		grep -qF 'device_type \"cpu\" added to 1 CPU nodes that had none' '$log'"
check "one CPU node without device_type: boot goes on to BL33" went_on "$log"

boot cpus2000 "$work/flash.bin" "$entered" -- -dtb "$work/cpus2000.dtb"
boot cpus500 "$work/flash.bin" "$entered" -- -dtb "$work/cpus500.dtb"
log=$work/cpus2000.log
check "2000 CPU nodes: all described" has "$log" \
	"NOTICE:  BL2: DTB: /psci added; enable-method and cpu-idle-states on 2000 of 2000 CPU nodes; 2 idle states"
check "2000 CPU nodes: boot goes on to BL33" went_on "$log"
t2000=$(took_us "$log") t500=$(took_us "$work/cpus500.log")
echo "    DTB work in BL2 (virtual time): 500 CPU nodes ${t500:-?} us, 2000 CPU nodes ${t2000:-?} us"
# libfdt's in-place edits took 1.79 s for 2000 (0.16 s for 500): quadratic.
check "2000 CPU nodes: under 50 ms of virtual time" [ "${t2000:-999999}" -lt 50000 ]
check "2000 CPU nodes: linear (at most 5x the time of 500)" [ "${t2000:-999999}" -le $(( ${t500:-1} * 5 )) ]

# QEMU's dumped DTB given back with -dtb: QEMU pads it to (1 MiB + 10000)
# x 2 bytes, the blocks first; the run is the payload's whole run.
start=$(date +%s)
boot toobig "$work/flash.bin" "PAYLOAD: RESULT: " -- -dtb "$work/qemu.dtb"
secs=$(($(date +%s) - start))
log=$work/toobig.log
check "QEMU's DTB given back (totalsize 0x204e20): cut down to the region, saying so" has "$log" \
	"NOTICE:  BL2: DTB: totalsize 0x204e20 cut to the 0x100000-byte DTB region (free space only)"
check "QEMU's DTB given back: PSCI on 4 of 4 CPUs, no ERROR" bash -c \
	"grep -q 'BL2: DTB: /psci added; enable-method and cpu-idle-states on 4 of 4 CPU nodes' '$log' &&
		! grep -q '^ERROR' '$log'"
check "QEMU's DTB given back: the payload passes, in ${secs} s (under 30)" has "$log" "PAYLOAD: RESULT: PASS"
# Blocks past the region: what BL2 could never edit is refused before boot.
"$dtb_edit" "$work/qemu.dtb" "$work/huge.dtb" set-zeros / n1fw-test-padding 1100000
out=$(py tools.qemu_run.qemu_run --config "$build/config.mk" --flash "$work/flash.bin" --quiet \
	--timeout 30 --extra "-dtb $work/huge.dtb" 2>&1)
rc=$?
check "-dtb whose blocks pass the 1 MiB region: refused before boot (exit 2), naming the limit" \
	bash -c "[ $rc -eq 2 ] && grep -q 'its blocks take [0-9]* bytes, more than the 1 MiB region BL2 edits the DTB in (PLAT_DTB_MAX_SIZE' <<<'$out'"

# A property twice in one node (in /cpus: QEMU replaces the memory nodes of
# a -dtb): libfdt and Linux read the first, a walk of every property the
# last; the DTB is refused whole.
"$dtb_edit" "$work/qemu.dtb" "$work/dup.dtb" dup-prop /cpus/cpu@0 device_type 7 pad 4096
boot dup "$work/flash.bin" "$entered" -- -dtb "$work/dup.dtb"
log=$work/dup.log
check "a property name twice in a node: ERROR names it and where" grep -qE \
	"^ERROR:   BL2: DTB at 0x40000000 is invalid: structure block offset 0x[0-9a-f]+: property device_type repeats the one at 0x[0-9a-f]+ in its node; BL33 gets it untouched$" "$log"
check "a property name twice in a node: DRAM from the platform, no PSCI edit" bash -c \
	"grep -q \"WARNING: BL2: using the platform's DRAM description\" '$log' && ! grep -q 'BL2: DTB: /psci' '$log'"
check "a property name twice in a node: boot goes on to BL33" went_on "$log"

# -m 512: BL33's region (0x60000000) is past the end of DRAM.
size=$(stat -c %s "$build/payload.bin")
boot m512 "$build/flash.bin" "nothing was run" --memory 512
log=$work/m512.log
check "-m 512: ERROR names BL33, its size and the DRAM" has "$log" \
	"ERROR:   BL2: BL33 ($size bytes at 0x60000000) does not fit the DRAM the DTB describes (0x40000000-0x5fffffff)"
check "-m 512: nothing from the FIP runs" has "$log" \
	"ERROR:   BL2: Failed to load BL33: nothing was run from the FIP"
check "-m 512: BL31 never starts" lacks "$log" "BL31:"
check "-m 512: no payload" lacks "$log" "PAYLOAD"
check "-m 512: no crash dump" lacks "$log" "Unhandled exception"
summary
