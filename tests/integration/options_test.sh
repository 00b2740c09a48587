#!/usr/bin/env bash
# Every option `make help` lists works with `make run`, or the build
# refuses it with a reason; misspelt options and a missing BL33 fail before
# anything builds; the payload programs that are not the report have their
# own targets; a hang ends at the time limit with a report of every CPU.
# Usage: options_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Options that do not touch each other share a build (each build and boot is
# the suite's cost): each check below still looks at what its option does.

# run_ok NAME OPTIONS...: `make _run` with OPTIONS in a build of its own
# exits 0. The build starts as a copy of make check's (tests/lib/copy_build.sh,
# times kept): the host tools and mbed TLS are not built again, and only
# the objects whose code names an option given are recompiled (all of
# them for DEBUG=1, a tree of its own).
run_ok() {
	local name=$1
	shift
	bash "$here/../lib/copy_build.sh" "$base/qemu/release" "$work/$name"
	if make -C "$top" -j2 BUILD_BASE="$work/$name" "$@" _run >"$work/$name.log" 2>&1; then
		pass "$name: make run passes ($*)"
	else
		fail "$name: make run passes ($*)" "$(grep -E 'FAIL|rt_report|rror' "$work/$name.log" | head -n 3)"
	fi
}

# refused NAME EXPECTED-MESSAGE OPTIONS...: make fails at once, saying why.
refused() {
	local name=$1 msg=$2
	shift 2
	make -C "$top" BUILD_BASE="$work/$name" "$@" >"$work/$name.log" 2>&1
	local rc=$?
	check "$name: refused" [ "$rc" -ne 0 ]
	check "$name: says '$msg'" grep -qF -- "$msg" "$work/$name.log"
	check "$name: nothing was built" [ ! -e "$work/$name/qemu" ]
}

# Instrumentation off: the suite is skipped (PMF answers NOT_SUPPORTED, which
# is checked), everything else passes, and no capture code is left in BL31.
# The same build leaves SYSTEM_SUSPEND out (below).
run_ok noinstr ENABLE_RUNTIME_INSTRUMENTATION=0 QEMU_SYSTEM_SUSPEND=0
log=$work/noinstr.log
check "noinstr: the instrumentation suite is SKIPPED with the reason" \
	has "$log" "PAYLOAD: SKIPPED runtime instrumentation: PMF GET_TIMESTAMP returned -1"
check "noinstr: every PMF SMC answered NOT_SUPPORTED" \
	grep -q "CONFORMANCE: PMF: PASS" "$log"
check "noinstr: rt_report says why there is no report" has "$log" "rt_report: no report"
elf=$work/noinstr/qemu/release/bl31.elf
check "noinstr: no PMF storage or capture code in BL31" \
	bash -c "[ -f '$elf' ] && ! aarch64-linux-gnu-nm '$elf' | grep -qE 'pmf_timestamps|pmf_write_slot'"

# (in real time, with iterations: the report says the spread is noise; the
# same build has trusted board boot off and no Spectre-BHB loop, below)
run_ok no-osi PSCI_OS_INIT_MODE=0 REALTIME=1 ITERATIONS=3 TRUSTED_BOARD_BOOT=0 WORKAROUND_CVE_2022_23960=0
check "no-osi: OS-initiated tests SKIPPED (PSCI_FEATURES says so)" \
	has "$work/no-osi.log" "PAYLOAD: SKIPPED PSCI_SET_SUSPEND_MODE: PSCI_FEATURES: not supported"
rst=$work/no-osi/qemu/report/latest/psci-performance-qemu.rst
check "REALTIME=1 ITERATIONS=3: the report says the spread is the host's noise" \
	bash -c "grep -q '^:Emulator: QEMU .*, real time (no -icount)' '$rst' &&
		grep -q '^:Iterations: 3 per scenario' '$rst' && grep -q 'is the noise of the host' '$rst'"
check "REALTIME=1 ITERATIONS=3: the run's name is short, its options in the report" \
	bash -c "n=\$(basename \$(readlink -f '$work/no-osi/qemu/report/latest'));
		[[ \$n =~ ^release-gnu-[0-9a-f]{8}-[0-9]{8}-[0-9]{6}\$ ]] &&
		grep -qx ':Run options: REALTIME=1 WORKAROUND_CVE_2022_23960=0 PSCI_OS_INIT_MODE=0 ITERATIONS=3 TRUSTED_BOARD_BOOT=0' '$rst'"
check "no-osi: the report names every option where the build is not the board's, and the board's value" \
	grep -q "^:Board build: differs from make PLAT=n1sdp's in WORKAROUND_CVE_2022_23960=0 (the board: 1), PSCI_OS_INIT_MODE=0 (the board: 1), TRUSTED_BOARD_BOOT=0 (the board: 1) (what each moves: docs/perf/qemu-and-board.rst); CPU neoverse-n1, the board's model; not all of the board's code runs: this r4p1 skips the rows of 1946160, 3888013, 2743102" "$rst"
# A firmware without SYSTEM_SUSPEND (as N1SDP's; noinstr's build): PSCI_FEATURES
# says so and the payload expects none, whatever platform it runs on.
check "no-sysusp: SYSTEM_SUSPEND SKIPPED (PSCI_FEATURES says so)" \
	has "$work/noinstr.log" "PAYLOAD: SKIPPED SYSTEM_SUSPEND: PSCI_FEATURES: not supported"
check "no-sysusp: PSCI_FEATURES and the calls agree" \
	grep -q "CONFORMANCE: PSCI_VERSION and PSCI_FEATURES: PASS" "$work/noinstr.log"
check "no-sysusp: the build is configured without it (config.h)" \
	grep -qx "#define QEMU_SYSTEM_SUSPEND 0" "$work/noinstr/qemu/release/include/config.h"
# (QEMU_EXTRA= options that start with "-" and quote an argument with a
# space: passed to qemu_run as one --extra=..., split as a shell would)
run_ok debug DEBUG=1 LOG_LEVEL=50 "QEMU_EXTRA=-no-user-config -name 'n1 test'"
check "debug: VERBOSE lines on the console" grep -q "^VERBOSE: \|^INFO: " "$work/debug.log"
# docs/debugging.rst's gdb session, as printed, on that debug build.
sub_suite debugging bash "$here/debug_test.sh" "$work/debug" LOG_LEVEL=50

# stack_ok NAME: BL1's and BL2's stacks (high-water marks printed at INFO)
# keep a quarter free.
quarter_free() { [ -n "$1" ] && [ -n "$2" ] && [ $(($1 * 4)) -le $(($2 * 3)) ]; }
stack_ok() {
	local bl used size
	for bl in BL1 BL2; do
		read -r used size < <(sed -n "s/^INFO:    $bl: stack: \([0-9]*\) of \([0-9]*\) bytes used.*/\1 \2/p" \
			"$work/$1.log" | tail -n 1)
		check "$1: $bl's stack ${used:-?} of ${size:-?} bytes: a quarter free" \
			quarter_free "$used" "$size"
	done
}
stack_ok debug

# Trusted board boot: off (no-osi's build: the banner and the report say so,
# no lib/auth in the images); the slowest keys (ECDSA P-384, at -Og, its
# stack measured); the largest RSA keys with a ROT key of the user's.
check "tbb-off: BL1's banner says so" \
	has "$work/no-osi.log" "NOTICE:  BL1: Trusted board boot is off (TRUSTED_BOARD_BOOT=0)"
check "tbb-off: BL2's banner says so" \
	has "$work/no-osi.log" "NOTICE:  BL2: Trusted board boot is off (TRUSTED_BOARD_BOOT=0)"
check "tbb-off: the report says so" grep -q "^Boot: not authenticated (built with TRUSTED_BOARD_BOOT=0)" \
	"$work/no-osi/qemu/report/latest/psci-performance-qemu.rst"
check "tbb-off: no certificate code in BL1 or BL2" bash -c "! aarch64-linux-gnu-nm \
	'$work/no-osi/qemu/release/bl1.elf' '$work/no-osi/qemu/release/bl2.elf' | grep -q auth_image"
check "tbb-off: no certificates in the FIP" bash -c "! '$work/no-osi/tools/fiptool/fiptool' info \
	'$work/no-osi/qemu/release/fip.bin' | grep -qi cert"
run_ok ecdsa-debug DEBUG=1 KEY_ALG=ecdsa KEY_SIZE=384 HASH_ALG=sha384
check "ecdsa-debug: BL2 authenticated BL31 and BL33" has "$work/ecdsa-debug.log" "BL2: BL31 and BL33 authenticated"
stack_ok ecdsa-debug
# (own-rot-key: memory's build, below)
refused bad-key-size "KEY_ALG=rsa KEY_SIZE=1024: the firmware verifies rsa keys of 2048" KEY_SIZE=1024
refused bad-hash "HASH_ALG=md5: choose sha256" HASH_ALG=md5
refused bad-key-alg "KEY_ALG=dsa: choose rsa or ecdsa" KEY_ALG=dsa
refused no-rot-key "ROT_KEY=/nonexistent.pem: no such file" ROT_KEY=/nonexistent.pem
# A key the firmware could not verify: the build stops, naming it, before
# it is hashed into BL1 or signs anything (cert_create's key check; the
# cert-interop suite proves the check is lib/auth's rule, key by key).
# refused_key NAME MESSAGE OPTIONS...: in a copy of make check's tree.
refused_key() {
	local name=$1 msg=$2 b
	shift 2
	bash "$here/../lib/copy_build.sh" "$base/qemu/release" "$work/$name"
	b=$work/$name/qemu/release
	make -C "$top" -j2 BUILD_BASE="$work/$name" "$@" all >"$work/$name.log" 2>&1
	check "$name: the build stops ($*)" [ $? -ne 0 ]
	check "$name: says '$msg' and names the option" \
		bash -c "grep -qF -- \"$msg\" '$work/$name.log' &&
			grep -qF 'refused, nothing signed: the firmware (KEY_ALG=' '$work/$name.log'"
	check "$name: the ROTPK hash and the FIP are as they were" \
		bash -c "cmp -s '$b/include/rotpk_hash.h' '$base/qemu/release/include/rotpk_hash.h' &&
			cmp -s '$b/fip.bin' '$base/qemu/release/fip.bin'"
}
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out "$work/rsa1024.pem" 2>/dev/null
openssl ecparam -name prime256v1 -genkey -noout -out "$work/p256.pem"
refused_key rsa1024-key "ROT_KEY=$work/rsa1024.pem: refused" ROT_KEY="$work/rsa1024.pem"
refused_key ec-key-rsa-build "an EC key, but --key-alg rsa" NT_FW_KEY="$work/p256.pem"
# The Spectre-BHB loop on QEMU's Neoverse N1 model: on by default, as on
# the board (every boot of make check runs it: BL31 chooses the looping
# vectors, and the payload checks that SMCCC_ARCH_FEATURES gives TF-A's
# answers on N1); no-osi's build goes without.
check "bhb-off: BL31 runs no loop, and says why" \
	has "$work/no-osi.log" "BL31: Neoverse N1 CVE-2022-23960: skipped, built with WORKAROUND_CVE_2022_23960=0"
check "bhb-off: SMCCC answers as TF-A's on N1" grep -q "CONFORMANCE: SMCCC: PASS" "$work/no-osi.log"
# vector_tables ELF: how many distinct vector tables BL31 has (without the
# workaround, runtime_exceptions_bhb names the one plain table).
vector_tables() {
	aarch64-linux-gnu-nm "$1" | awk '$3 == "runtime_exceptions" || $3 == "runtime_exceptions_bhb" { print $1 }' |
		sort -u | wc -l
}
check "bhb: the default QEMU build has the looping vectors beside the plain ones (the board's)" \
	[ "$(vector_tables "$base/qemu/release/bl31.elf")" -eq 2 ]
check "bhb-off: no looping vectors" [ "$(vector_tables "$work/no-osi/qemu/release/bl31.elf")" -eq 1 ]
# The largest RSA keys with a ROT key of the user's, in the same build.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:3072 -out "$work/own-rot.pem" 2>/dev/null
keys=(ROT_KEY="$work/own-rot.pem" KEY_SIZE=4096 HASH_ALG=sha512)
run_ok memory QEMU_MEMORY_MB=3072 ITERATIONS=3 "${keys[@]}"
check "own-rot-key: BL1 holds the hash of the key given" \
	grep -q "from $work/own-rot.pem" "$work/memory/qemu/release/include/rotpk_hash.h"
check "own-rot-key: BL2 authenticated BL31 and BL33 with them" has "$work/memory.log" "BL2: BL31 and BL33 authenticated"
check "memory: the payload sees 3 GiB of DRAM" has "$work/memory.log" "DRAM 0x40000000-0xffffffff"
reports=$work/memory/qemu/report
check "ITERATIONS=3 under -icount: every one-core-at-a-time figure repeats (checked)" \
	grep -q "time must give the same value: they all did (checked)" "$reports/latest/psci-performance-qemu.rst"
# BASELINE=: a second run of the same build beside the first, compared with it.
first=$(readlink -f "$reports/latest")
make -C "$top" BUILD_BASE="$work/memory" QEMU_MEMORY_MB=3072 ITERATIONS=3 "${keys[@]}" BASELINE="$reports/latest" \
	FAIL_ABOVE=5% _run >"$work/baseline.log" 2>&1
check "BASELINE=: the same firmware is not worse (exit 0)" [ $? -eq 0 ]
second=$(readlink -f "$reports/latest")
check "BASELINE=: a directory per run, the first kept" \
	bash -c "[ '$first' != '$second' ] && [ -f '$first/report.json' ] && [ -f '$second/report.json' ]"
check "BASELINE=: the baseline's table follows each table" \
	[ "$(grep -c '^.. table:: .*(baseline ' "$second/psci-performance-qemu.rst")" -eq 6 ]
make -C "$top" BUILD_BASE="$work/memory" QEMU_MEMORY_MB=3072 ITERATIONS=3 "${keys[@]}" \
	BASELINE="$work/no-osi/qemu/report/latest" _run >"$work/refused.log" 2>&1
check "BASELINE=: a real-time run is refused as a baseline of an -icount one" [ $? -eq 2 ]
check "BASELINE=: the refusal says why" grep -q "refusing to compare.*timing: -icount" "$work/refused.log"
check "BASELINE=: the refused run still has its report" \
	grep -q '"baseline_refused": "refusing to compare' "$reports/latest/report.json"
make -C "$top" BUILD_BASE="$work/memory" QEMU_MEMORY_MB=3072 ITERATIONS=3 "${keys[@]}" COMPARE_ANYWAY=1 \
	BASELINE="$work/no-osi/qemu/report/latest" _run >"$work/anyway.log" 2>&1
check "COMPARE_ANYWAY=1 compares anyway" [ $? -eq 0 ]
make -C "$top" BUILD_BASE="$work/memory" QEMU_MEMORY_MB=3072 ITERATIONS=3 "${keys[@]}" BASELINE=/nonexistent \
	_run >"$work/nobase.log" 2>&1
check "BASELINE=/nonexistent: refused before anything runs" \
	bash -c "grep -q 'BASELINE=/nonexistent: no such directory' '$work/nobase.log' &&
		[ \$(ls -d '$reports'/release-* | wc -l) -eq 4 ]"
refused bad-iterations "ITERATIONS=0: it must be 1 to 100" ITERATIONS=0
refused bad-fail-above "FAIL_ABOVE=much: give a percentage" FAIL_ABOVE=much

refused misspelt "DEBGU is not an option (did you mean DEBUG?)" DEBGU=1
refused other-plat "FVP_CLUSTERS is an option of PLAT=fvp only (this is PLAT=qemu)" FVP_CLUSTERS=4
refused other-plat-fvp "QEMU_CLUSTERS is an option of PLAT=qemu only (this is PLAT=fvp)" PLAT=fvp QEMU_CLUSTERS=4
# (An option of the QEMU module, which any platform QEMU runs includes.)
refused other-plat-module "QEMU_CPU is an option of PLAT=qemu" PLAT=fvp QEMU_CPU=max
refused misspelt-plat "PALT is not an option (did you mean PLAT?)" PALT=n1sdp
refused no-bl33 "BL33=/nonexistent: no such file" BL33=/nonexistent
refused bad-cpu "QEMU_CPU=cortex-a15: not a model of QEMU's virt machine with EL2 and EL3" QEMU_CPU=cortex-a15
refused too-many-cores "QEMU_CLUSTERS x QEMU_CORES_PER_CLUSTER = 17" QEMU_CLUSTERS=17 QEMU_CORES_PER_CLUSTER=1
refused no-cores "it must be 1 to 16" QEMU_CLUSTERS=0
refused small-memory "QEMU_MEMORY_MB=512: it must be 1024 to 3072" QEMU_MEMORY_MB=512
refused bench-realtime "REALTIME=1 would measure the host" REALTIME=1 _bench

# The other payload programs, in a copy of make check's build (the suite
# writes no tree but its own, and runs beside the others).
bash "$here/../lib/copy_build.sh" "$base/qemu/release" "$work/main"
base=$work/main
if make -C "$top" -j2 BUILD_BASE="$base" bench >"$work/bench.log" 2>&1; then
	pass "make bench runs"
else
	fail "make bench runs" "$(tail -n 3 "$work/bench.log")"
fi
check "make bench prints instructions per SMC" grep -qE "^BENCH: PSCI_VERSION +[0-9]+ ns/call" "$work/bench.log"
check "make bench measures the CPU_ON cycle" grep -q "^BENCH: CPU_ON + warm boot + CPU_OFF" "$work/bench.log"
# The floor (an SMC the vectors answer at once) and each SMC row's distance
# from it, which is its figure less the floor's.
floor_ns=$(sed -n 's/^BENCH: floor: an SMC the vectors answer *\([0-9]*\) ns\/call .*/\1/p' "$work/bench.log")
pv_ns=$(sed -n 's/^BENCH: PSCI_VERSION *\([0-9]*\) ns\/call .*/\1/p' "$work/bench.log")
check "make bench shows the floor and PSCI_VERSION's distance from it (${floor_ns:-?}, ${pv_ns:-?} ns)" \
	bash -c "[ -n '$floor_ns' ] && [ -n '$pv_ns' ] && [ '$floor_ns' -lt '$pv_ns' ] &&
		grep -qE '^BENCH: PSCI_VERSION +$pv_ns ns/call +\+$((${pv_ns:-0} - ${floor_ns:-0})) ns above the floor' '$work/bench.log'"
check "make bench keeps its figures with provenance in a run directory" \
	bash -c "grep -q '\"tool\": \"bench_report\"' '$base/qemu/report/latest-bench/bench.json' &&
		grep -q '\"firmware\": \"v' '$base/qemu/report/latest-bench/bench.json' &&
		head -n 1 '$base/qemu/report/latest-bench/bench.csv' | grep -qx 'path,ns,unit,baseline_ns,delta_percent,above_floor_ns' &&
		grep -q '^PSCI_VERSION,[0-9]*,ns/call' '$base/qemu/report/latest-bench/bench.csv'"
check "make bench: every figure and provenance field names its unit or is filled (no None)" \
	bash -c "PYTHONPATH='$top' python3 -m tools.rt_report.schema '$base/qemu/report/latest-bench' &&
		! grep -q 'None' '$base/qemu/report/latest-bench/bench.csv'"
check "make bench says it measured the board's options, and which of the board's rows QEMU's N1 skips" \
	grep -qx "BENCH: board build: make PLAT=n1sdp's options: every option that changes the firmware's code has the board's value; CPU neoverse-n1, the board's model; not all of the board's code runs: this r4p1 skips the rows of 1946160, 3888013, 2743102 (no IMPLEMENTATION DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0)), which the board's cores run where their revision needs them (BL31's log says what each does); what else differs: docs/perf/qemu-and-board.rst" \
	"$work/bench.log"
if make -C "$top" -j2 BUILD_BASE="$base" BASELINE="$base/qemu/report/latest-bench" FAIL_ABOVE=5% \
	_bench >"$work/bench2.log" 2>&1; then
	pass "make bench BASELINE=: the same firmware is not worse"
else
	fail "make bench BASELINE=: the same firmware is not worse" "$(tail -n 3 "$work/bench2.log")"
fi
if make -C "$top" -j2 BUILD_BASE="$base" test-mem-protect >"$work/memprot.log" 2>&1; then
	pass "make test-mem-protect passes"
else
	fail "make test-mem-protect passes" "$(tail -n 3 "$work/memprot.log")"
fi
check "MEM_PROTECT: the payload marked DRAM and enabled it" \
	has "$work/memprot.log" "PAYLOAD: MEM_PROTECT: marked DRAM, MEM_PROTECT(1) = 0, resetting"
check "MEM_PROTECT: the mark is gone after the reset" \
	has "$work/memprot.log" "PAYLOAD: MEM_PROTECT: after the reset the DRAM mark reads 0x0: PASS"
check "MEM_PROTECT: BL2 overwrote DRAM after the reset" \
	has "$base/qemu/release/mem-protect/console.log" "BL2: MEM_PROTECT: overwriting non-secure DRAM"

# make bench without the board's Spectre-BHB loop: it says so, and every
# round trip from the normal world is shorter by the loop (its 24 taken
# branches, the DSB and ISB: about 75 instructions on N1).
bench_ns() { sed -n "s/^BENCH: $1 *\([0-9]*\) ns\/call\( .*\)\{0,1\}$/\1/p" "$2"; }
make -C "$top" -j2 BUILD_BASE="$base" WORKAROUND_CVE_2022_23960=0 _bench >"$work/bench-nobhb.log" 2>&1
check "make bench WORKAROUND_CVE_2022_23960=0 runs" [ $? -eq 0 ]
check "make bench WORKAROUND_CVE_2022_23960=0 says it differs from the board's build, and how" \
	grep -q "^BENCH: board build: differs from make PLAT=n1sdp's in WORKAROUND_CVE_2022_23960=0 (the board: 1)" \
		"$work/bench-nobhb.log"
with=$(bench_ns PSCI_VERSION "$work/bench.log")
without=$(bench_ns PSCI_VERSION "$work/bench-nobhb.log")
check "the loop costs PSCI_VERSION's round trip 50 to 100 instructions (${with:-?} with, ${without:-?} without)" \
	bash -c "[ -n '$with' ] && [ -n '$without' ] && [ \$(($with - $without)) -ge 50 ] &&
		[ \$(($with - $without)) -le 100 ]"

# The time limit: a BL33 that spins for ever ("b .") must end at the limit
# with every CPU's PC, EL and symbol.
cfg=$base/qemu/release/config.mk
printf '\x00\x00\x00\x14' >"$work/spin.bin"
signed_fip "$base/qemu/release" "$work/spin.fip" --nt-fw "$work/spin.bin"
flash_of "$base/qemu/release" "$work/spin.fip" "$work/spin.flash"
py tools.qemu_run.qemu_run --config "$cfg" --flash "$work/spin.flash" \
	--timeout 3 --quiet --log "$work/hang.log" 2>"$work/hang.err"
rc=$?
check "time limit: exits 124" [ "$rc" -eq 124 ]
check "time limit: says so" grep -q "time limit of 3 s reached; where each CPU is:" "$work/hang.err"
check "time limit: one line per CPU with PC, EL and symbol" \
	[ "$(grep -cE '^  CPU [0-9]+: PC 0x[0-9a-f]+ at EL[0-3][ht]  ' "$work/hang.err")" -eq 4 ]
check "time limit: the spinning BL33 is seen at EL2, 0x60000000" \
	grep -qE '^  CPU 0: PC 0x60000000 at EL2h' "$work/hang.err"
check "time limit: the secondaries wait in BL1's hold pen" \
	grep -qE '^  CPU 1: PC 0x[0-9a-f]+ at EL3h  plat_secondary_cold_boot\+0x[0-9a-f]+ \(bl1\)' "$work/hang.err"
PYTHONPATH=$top timeout 5 python3 -m tools.qemu_run.qemu_run --config "$cfg" --timeout 3 --quiet \
	--log "$work/gdb.log" --extra=-S 2>"$work/gdb.err"
sleep 1
check "qemu_run: a SIGTERM stops QEMU with it" \
	bash -c "! pgrep -f '[q]emu-system-aarch64.* -S' >/dev/null"
check "qemu_run: -S (wait for gdb) lifts the time limit, and says so" \
	grep -q "no time limit" "$work/gdb.err"
summary
