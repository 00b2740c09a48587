#!/usr/bin/env bash
# What make and qemu_run say before anything boots: one make per build tree
# (a second is refused, naming the first, and writes nothing); a path with
# a space is refused before anything is written; make -f from elsewhere;
# a variable of another target is refused; a misspelt option is matched
# whatever its case; make help's lists; qemu_run --help and --print-cmd;
# the flash images' payloads config.mk names for qemu_run;
# a QEMU that cannot start leaves no temporary folder.
# Usage: make_test.sh BUILD_DIR   (a built tree's build/<plat>/<type>)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One make per build tree: while another holds the lock, a make is refused
# at once, naming it, and writes nothing.
mkdir -p "$work/locked"
echo "pid 4242, make run ITERATIONS=2, since 12:00:00" >"$work/locked/.lock.owner"
flock "$work/locked/.lock" sleep 30 &
holder=$!
sleep 0.3
timeout 20 make -C "$top" BUILD_BASE="$work/locked" >"$work/lock.log" 2>&1
rc=$?
kill "$holder" 2>/dev/null
check "a second make in one build tree is refused at once ($rc)" \
	bash -c "[ $rc -ne 0 ] && [ $rc -ne 124 ]"
check "... naming the make that holds it" \
	grep -q "in use by another make (pid 4242, make run ITERATIONS=2, since 12:00:00)" "$work/lock.log"
check "... and nothing is written" [ ! -e "$work/locked/qemu" ]
wait "$holder" 2>/dev/null
make -C "$top" BUILD_BASE="$work/locked" help >/dev/null 2>&1
check "make help needs no lock and writes nothing" \
	bash -c "[ ! -e '$work/locked/qemu' ]"

# Paths with a space: refused before anything is written.
mkdir -p "$work/sp"
make -C "$top" BUILD_BASE="$work/sp/x y" >"$work/space.log" 2>&1
check "BUILD_BASE with a space: refused, saying why" \
	grep -q "a path with a space in it, which make cannot handle" "$work/space.log"
check "BUILD_BASE with a space: nothing written, not even its first word" \
	bash -c "[ -z \"\$(ls -A '$work/sp')\" ]"
# (The Makefile's first lines decide, before any other file is read.)
mkdir "$work/sp/check out"
cp "$top/Makefile" "$work/sp/check out/"
(cd "$work/sp/check out" && make >"$work/space2.log" 2>&1)
check "a checkout path with a space: refused, saying why" \
	grep -q "has a space in it, which make cannot handle" "$work/space2.log"
check "a checkout path with a space: nothing written outside it" \
	bash -c "[ \"\$(ls -A '$work/sp')\" = 'check out' ] &&
		[ \"\$(ls -A '$work/sp/check out')\" = Makefile ]"

# make -f from elsewhere: relative paths on its command line are where it
# was typed.
(cd "$work" && make -f "$top/Makefile" BUILD_BASE=elsewhere fiptool >"$work/f.log" 2>&1)
check "make -f path/Makefile from another folder builds (BUILD_BASE relative to it)" \
	bash -c "[ -x '$work/elsewhere/tools/fiptool/fiptool' ]"
(cd "$work" && make -f "$top/Makefile" help >"$work/fhelp.log" 2>&1)
check "make -f path/Makefile help" grep -q "^Build options" "$work/fhelp.log"

# Variables of one target given to another; a misspelt option, any case.
refused_says() {    # MESSAGE MAKE-ARGS...
	local msg=$1
	shift
	make -C "$top" BUILD_BASE="$work/refused" "$@" >"$work/r.log" 2>&1
	check "make $*: refused, '$msg'" \
		bash -c "grep -qF -- \"$msg\" '$work/r.log' && [ ! -e '$work/refused/qemu' ]"
}
refused_says "REF= is read by make compare only, not by make run" run REF=HEAD
refused_says "PROFILE_PATH= is read by make profile only, not by make run" run PROFILE_PATH=boot
refused_says "BASELINE= is read by make run and make bench and make linux-latency only, not by make all" BASELINE=x
refused_says "qemu_clusters is not an option (did you mean QEMU_CLUSTERS?)" qemu_clusters=1
refused_says "CLUSTERS is not an option (did you mean QEMU_CLUSTERS?)" CLUSTERS=2
# A suggestion only when a name is close: none for a name nothing resembles.
refused_says "FOO is not an option of this build or of TF-A's that it knows. See make help" FOO=1
# TF-A's options (make_helpers/tfa_options.csv, docs/tfa-users.rst): taken
# with a line on what they mean here, or refused saying why.
refused_says "SPD=opteed: TF-A's option; no secure payload dispatcher exists here (there is no BL32), so none is the only value; here SPD takes only none" \
	SPD=opteed
refused_says "BL32=tee.bin: TF-A's option; no meaning here: there is no secure payload (BL32)" BL32=tee.bin
refused_says "GENERATE_COT=1: TF-A's option; implied by TRUSTED_BOARD_BOOT=1" GENERATE_COT=1 TRUSTED_BOARD_BOOT=0
refused_says "ERRATA_A57_806969=1: TF-A's option; no meaning here: the CPU's errata rows" ERRATA_A57_806969=1
refused_says "ERRATA_N1_1542419=0: TF-A's option; Neoverse N1's errata rows (lib/cpus/units/neoverse_n1.c) are always built" \
	ERRATA_N1_1542419=0
# A platform's facts and internal lists are no options: refused, not taken.
refused_says "QEMU_CPUS is not an option (did you mean QEMU_CPU?)" QEMU_CPUS=max
refused_says "QEMU_MAX_CORES is not an option of this build" QEMU_MAX_CORES=4
# No suggestion from a short name inside a long one (QEMU in QEMU_CORES).
refused_says "QEMU_CORES is not an option of this build or of TF-A's that it knows" QEMU_CORES=2
refused_says "ROT_KEY='/no such/k.pem': a path with a space in it" "ROT_KEY=/no such/k.pem"
# TF-A's N1SDP trusted-boot recipe: a development ROT key of the build's
# algorithm, its hash built in; the other algorithm's, or the board's
# registers, refused saying what is taken. No Spectre v2 invalidation here.
refused_says "ARM_ROTPK_LOCATION=devel_ecdsa: TF-A's option; a development ROT key's hash built in, as TF-A's devel_rsa and devel_ecdsa: the hash of the build's ROT_KEY" \
	ARM_ROTPK_LOCATION=devel_ecdsa
refused_says "here ARM_ROTPK_LOCATION takes only devel_rsa with KEY_ALG=rsa, or devel_ecdsa with KEY_ALG=ecdsa" \
	ARM_ROTPK_LOCATION=regs
refused_says "WORKAROUND_CVE_2017_5715=1: TF-A's option; this firmware has no CVE-2017-5715 branch-predictor invalidation at EL3: Neoverse N1 and Cortex-A76 need none (FEAT_CSV2: SMCCC_ARCH_FEATURES answers WORKAROUND_1 1, implemented and not required, as TF-A)" \
	WORKAROUND_CVE_2017_5715=1
make -C "$top" ARM_ROTPK_LOCATION=devel_ecdsa KEY_ALG=ecdsa help >"$work/rotpk.log" 2>&1
check "make ARM_ROTPK_LOCATION=devel_ecdsa KEY_ALG=ecdsa: taken, saying what it means here" \
	grep -q "^make: ARM_ROTPK_LOCATION=devel_ecdsa (TF-A's option): a development ROT key's hash built in" "$work/rotpk.log"
make -C "$top" GENERATE_COT=1 SPD=none V=1 ERRATA_N1_1542419=1 ARM_ROTPK_LOCATION=devel_rsa \
	WORKAROUND_CVE_2017_5715=0 help >"$work/tfa.log" 2>&1
check "make GENERATE_COT=1 SPD=none V=1 ARM_ROTPK_LOCATION=devel_rsa WORKAROUND_CVE_2017_5715=0: taken, each TF-A option with its line" \
	bash -c "grep -qx \"make: GENERATE_COT=1 (TF-A's option): implied by TRUSTED_BOARD_BOOT=1: the build makes the certificates of every FIP it packs (and none with TRUSTED_BOARD_BOOT=0)\" '$work/tfa.log' &&
		grep -q \"^make: SPD=none (TF-A's option): no secure payload\" '$work/tfa.log' && grep -q '^Build options' '$work/tfa.log' &&
		grep -q \"^make: ERRATA_N1_1542419=1 (TF-A's option): Neoverse N1's errata rows\" '$work/tfa.log' &&
		grep -q \"^make: ARM_ROTPK_LOCATION=devel_rsa (TF-A's option): a development ROT key's hash built in\" '$work/tfa.log' &&
		grep -q \"^make: WORKAROUND_CVE_2017_5715=0 (TF-A's option): this firmware has no CVE-2017-5715\" '$work/tfa.log'"
# The table's "option" rows are this build's own names, the others not.
tfa_rows() { awk -F'","' -v want="$1" 'NR > 1 { gsub(/^"/, "", $1); if (($2 == "option") == (want == "option")) print $1 }' \
	"$top/make_helpers/tfa_options.csv"; }
ours=$(make -C "$top" help | sed -n 's/^  \([A-Z0-9_]*\)=.*/\1/p'; cat "$top"/plat/*/platform.mk |
	sed -n 's/^\$(call [a-z]*_option,\([A-Z0-9_]*\),.*/\1/p')
bad=
for n in $(tfa_rows option); do grep -qx "$n" <<<"$ours" || bad="$bad $n"; done
for n in $(tfa_rows other); do grep -qx "${n%\%}" <<<"$ours" && bad="$bad $n"; done
check "tfa_options.csv: its option rows are options here, its other rows are not (wrong:${bad:- none})" \
	bash -c "[ -z '$bad' ] && [ $(tfa_rows option | wc -l) -ge 20 ]"
refused_says "CC=nonexistent-gcc: no such compiler (CROSS_COMPILE=nonexistent-)" CROSS_COMPILE=nonexistent-
refused_says "V=2 is not 0 or 1" V=2
refused_says "FUZZ_SECONDS=abc: give a whole number of seconds, at least 1" fuzz FUZZ_SECONDS=abc
refused_says "PROFILE_PATH=boot,bogus: bogus not a path make profile knows; give one or more of psci_version cpu_suspend cpu_on cpu_off boot" \
	profile PROFILE_PATH=boot,bogus
refused_says "REF=nosuchref: not a commit of this repository" compare REF=nosuchref
refused_says "give two topologies, e.g." scaling SCALING_TOPOLOGIES=2x2

# A target the platform cannot run is refused before anything is built,
# with the reason (make_helpers/run.mk: the platform's runner).
refused_plat() {    # PLAT MESSAGE MAKE-ARGS...
	local plat=$1 msg=$2
	shift 2
	make -C "$top" BUILD_BASE="$work/refused-$plat" PLAT="$plat" "$@" >"$work/rp.log" 2>&1
	check "make PLAT=$plat $*: refused at once, '$msg'" \
		bash -c "grep -qF -- \"$msg\" '$work/rp.log' && [ ! -e '$work/refused-$plat/$plat' ] &&
			! grep -qF '..  Stop.' '$work/rp.log'"
}
refused_plat n1sdp "make bench runs under QEMU only (a platform QEMU runs, as the default): PLAT=n1sdp runs on the N1SDP board (give the SCP bl1.bin" bench
refused_plat fvp "make test-mem-protect runs under QEMU only (a platform QEMU runs, as the default): PLAT=fvp runs make run in Arm's Base FVP" \
	test-mem-protect
refused_plat fvp "make profile runs under QEMU only (a platform QEMU runs, as the default); on the board, profile ETM trace" profile \
	PROFILE_PATH=boot
refused_plat fvp "make scaling runs under QEMU only (a platform QEMU runs, as the default)" scaling

# make check-quick and SUITES=: the suites of tests/suites.toml from make,
# in a build tree of their own.
make -C "$top" BUILD_BASE="$work/cq" check-quick SUITES=paths,layers >"$work/cq.log" 2>&1
rc=$?
check "make check-quick SUITES=paths,layers: those two, each timed, the total last ($rc)" \
	bash -c "[ $rc -eq 0 ] && [ \$(grep -cE '^--- (paths|layers): [0-9]+ passed, 0 failed \([0-9]+ s, [0-9]+ s CPU\)$' '$work/cq.log') -eq 2 ] &&
		[ \$(grep -c '^--- ' '$work/cq.log') -eq 2 ] &&
		grep -v '^make' '$work/cq.log' | tail -n 1 | grep -qE '^[0-9]+ passed, 0 failed$'"
make -C "$top" BUILD_BASE="$work/cq2" check SUITES=pathz >"$work/cq2.log" 2>&1
rc=$?
check "make check SUITES=pathz: refused before anything is built, naming the suites there are" \
	bash -c "[ $rc -ne 0 ] && grep -q 'no suite pathz in tests/suites.toml (there are: unit, ' '$work/cq2.log' &&
		[ ! -e '$work/cq2/qemu' ] && [ ! -e '$work/cq2/tests' ]"

# make help: every variable on a line of its own, with what reads it.
make -C "$top" help >"$work/help.log" 2>&1
check "make help lists the other variables one per line, with the targets that read them" \
	bash -c "grep -qE '^  REF= +make compare$' '$work/help.log' &&
		grep -qE '^  BASELINE= +make run, make bench, make linux-latency$' '$work/help.log' &&
		grep -A1 -E '^  REF=' '$work/help.log' | grep -q '^      the git revision'"

# qemu_run: --help describes every option; --print-cmd prints and boots nothing.
py tools.qemu_run.qemu_run --help >"$work/qhelp.log" 2>&1
check "qemu_run --help describes its options" \
	bash -c "grep -qE -- '--timeout SECONDS +wall-clock limit' '$work/qhelp.log' &&
		grep -qE -- '--print-cmd +print the QEMU command line and exit' '$work/qhelp.log' &&
		grep -qE -- '--keep-going +do not end the run' '$work/qhelp.log'"
start=$(date +%s%N)
py tools.qemu_run.qemu_run --config "$build/config.mk" --print-cmd >"$work/cmd.log" 2>&1
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
check "qemu_run --print-cmd prints the command line and boots nothing ($ms ms)" \
	bash -c "[ $rc -eq 0 ] && [ \$(wc -l <'$work/cmd.log') -eq 1 ] &&
		grep -q '^qemu-system-aarch64 .*-bios $build/flash.bin' '$work/cmd.log' && [ $ms -lt 5000 ]"
mkdir -p "$work/tmp"
TMPDIR=$work/tmp py tools.qemu_run.qemu_run --config "$build/config.mk" --qemu /nonexistent/qemu --quiet \
	>"$work/noqemu.log" 2>&1
rc=$?
check "QEMU=/nonexistent: qemu_run exits 125, saying so, and leaves no temporary folder" \
	bash -c "[ $rc -eq 125 ] && grep -q 'cannot start /nonexistent/qemu' '$work/noqemu.log' &&
		[ -z \"\$(ls -A '$work/tmp')\" ]"

# A file that cannot hold BL1 is refused before QEMU starts (it would run
# nothing and wait for the time limit); one with BL1 whole boots, and BL1
# reports the FIP (tests/integration/tbb_test.sh).
: >"$work/empty.flash"
head -c 4096 "$build/fip.bin" >"$work/fip-as.flash"
head -c 1000 "$build/flash.bin" >"$work/cut.flash"
for bad in "empty.flash:is empty" "fip-as.flash:begins with a FIP's ToC header: a fip.bin, not a flash image" \
	"cut.flash:is 1000 bytes, shorter than the build's BL1"; do
	f=${bad%%:*} why=${bad#*:}
	py tools.qemu_run.qemu_run --config "$build/config.mk" --flash "$work/$f" --timeout 30 --quiet \
		>"$work/$f.log" 2>&1
	rc=$?
	check "qemu_run --flash $f: refused at once ($rc), saying it $why" \
		bash -c "[ $rc -eq 2 ] && grep -qF \"$work/$f: $why\" '$work/$f.log'"
done
py tools.qemu_run.qemu_run --config "$build/config.mk" --make-flash "$build/fip.bin" "$build/bl1.bin" \
	"$work/swapped.flash" >"$work/swapped.log" 2>&1
rc=$?
check "qemu_run --make-flash FIP BL1 (swapped): refused ($rc), nothing written" \
	bash -c "[ $rc -eq 1 ] && grep -q 'begins with a FIP.s ToC header: BL1 comes first' '$work/swapped.log' &&
		[ ! -e '$work/swapped.flash' ]"
# qemu_run takes the payload's symbols for a flash image from config.mk's
# FIP_PAYLOADS, the Makefile's list of FIPs.
check "config.mk names each flash image's payload (FIP_PAYLOADS), the main one's ELF built" \
	env PYTHONPATH="$top" python3 -c "import os, sys
from tools.common.config_mk import read_config
from tools.qemu_run.qemu_run import flash_payloads
m = flash_payloads(read_config('$build/config.mk'))
want = {'flash.bin': 'payload', 'bench/flash.bin': 'payload_bench',
        'mem-protect/flash.bin': 'payload_mem_protect', 'profile/flash.bin': 'payload_profile'}
sys.exit(not (m == want and os.path.isfile(os.path.join('$build', m['flash.bin'] + '.elf'))))"
cores=$(sed -n 's/^QEMU_CORE_LIMIT := //p' "$build/config.mk")
py tools.qemu_run.qemu_run --config "$build/config.mk" --topology "$((cores + 1))x1" --timeout 30 \
	>"$work/topo.log" 2>&1
rc=$?
check "qemu_run --topology with more cores than the build's $cores: refused ($rc), saying why" \
	bash -c "[ $rc -eq 2 ] && grep -q '$((cores + 1)) cores, more than the $cores this build runs' '$work/topo.log'"
py tools.qemu_run.qemu_run --print-cmd >"$work/noconfig.log" 2>&1
rc=$?
check "qemu_run without --config: refused ($rc): the machine is the build's platform's" \
	bash -c "[ $rc -eq 2 ] && grep -q 'no QEMU_MACHINE, QEMU_SMP, QEMU_CORE_LIMIT: give the --config' '$work/noconfig.log'"

# qemu_run refuses, before QEMU starts, arguments no run can use and QEMU
# arguments that would make another machine than the one the report names.
qemu_refuses() {    # MESSAGE QEMU_RUN-ARGS...
	local msg=$1
	shift
	py tools.qemu_run.qemu_run --config "$build/config.mk" --quiet "$@" >"$work/qr.log" 2>&1
	local rc=$?
	check "qemu_run $*: refused ($rc), '$msg', no traceback" \
		bash -c "[ $rc -eq 2 ] && grep -qF -- \"$msg\" '$work/qr.log' && ! grep -q Traceback '$work/qr.log'"
}
qemu_refuses "--extra -cpu: not for QEMU_EXTRA: the CPU is QEMU_CPU=" "--extra=-cpu cortex-a72"
qemu_refuses "--extra -icount: not for QEMU_EXTRA: the timing is" "--extra=-icount shift=4"
qemu_refuses "--extra -smp: not for QEMU_EXTRA" "--extra=-smp 8"
qemu_refuses "No closing quotation (QEMU_EXTRA is split as a shell would)" "--extra=-name 'a b"
qemu_refuses "--stop '[': not a regular expression" --stop "["
qemu_refuses "--timeout -1: give 0 (none) or more seconds" --timeout -1
qemu_refuses "--stop-count 0: give 1 or more" --stop-count 0
qemu_refuses "--log $work/nodir/x.log: no such folder" --log "$work/nodir/x.log"
qemu_refuses "--elf /nonexistent.elf: no such file" --elf /nonexistent.elf
head -c 512 "$build/bl1.bin" >"$work/binary.mk"
py tools.qemu_run.qemu_run --config "$work/binary.mk" --print-cmd >"$work/qr.log" 2>&1
rc=$?
check "qemu_run --config <a binary file>: refused ($rc), naming it, no traceback" \
	bash -c "[ $rc -eq 2 ] && grep -q 'binary.mk: not a build.s config.mk' '$work/qr.log' && ! grep -q Traceback '$work/qr.log'"

# A BL1 that prints nothing (its first instruction a branch to itself):
# the run ends after --first-output seconds, not at the time limit.
head -c 4096 "$build/flash.bin" >"$work/dead.flash.head"
{ printf '\x00\x00\x00\x14'; tail -c +5 "$build/flash.bin"; } >"$work/dead.flash"
start=$(date +%s)
py tools.qemu_run.qemu_run --config "$build/config.mk" --flash "$work/dead.flash" --timeout 300 \
	--first-output 3 --quiet >"$work/dead.log" 2>&1
rc=$?
secs=$(($(date +%s) - start))
check "a dead BL1: the run ends after 3 s of silence, not 300 ($rc, $secs s), saying so" \
	bash -c "[ $rc -eq 124 ] && [ $secs -lt 60 ] &&
		grep -q 'no console output in 3 s: the firmware did not start' '$work/dead.log' &&
		grep -q '^  CPU 0: PC 0x' '$work/dead.log'"

# The targets that only build, on the built tree (up to date: quick).
base=$(cd "$build/../.." && pwd)
make -C "$top" BUILD_BASE="$base" cert_create certtool mbedtls unit-tests >"$work/t-build.log" 2>&1
check "make cert_create certtool mbedtls unit-tests" [ $? -eq 0 ]
# TF-A's targets (make_helpers/tfa_options.csv's commands: docs/tfa-users.rst).
make -C "$top" BUILD_BASE="$base" bl1 bl2 bl31 fip certificates >"$work/t-tfa.log" 2>&1
check "make bl1 bl2 bl31 fip certificates: each named when built" \
	bash -c "[ $? -eq 0 ] && grep -qx 'Built $build/bl1.bin' '$work/t-tfa.log' &&
		grep -qx 'Built $build/bl31.bin' '$work/t-tfa.log' && grep -qx 'Built $build/fip.bin' '$work/t-tfa.log' &&
		grep -qx 'Built $build/certs/' '$work/t-tfa.log'"
# V=1 prints the commands: in a copy of the tree, one object remade.
bash "$here/../lib/copy_build.sh" "$build" "$work/v"
rm "$work/v/qemu/release/bl31/common/log.o"
make -C "$top" BUILD_BASE="$work/v" V=1 bl31 >"$work/t-v.log" 2>&1
check "make V=1 bl31: the compiler's command line is printed" \
	bash -c "grep -q 'aarch64-linux-gnu-gcc .*-c common/log.c -o $work/v/qemu/release/bl31/common/log.o' '$work/t-v.log'"
make -C "$top" BUILD_BASE="$base" etm-decode >"$work/t-etm.log" 2>&1
check "make etm-decode" grep -q "^Built .*etm_decode" "$work/t-etm.log"
make -C "$top" BUILD_BASE="$base" format-check >"$work/t-format.log" 2>&1
check "make format-check" [ $? -eq 0 ]

# Every target make help lists is run by some suite of make check as a
# user types it ("make ... <target>", not make's internal _<target>).
targets=$(make -C "$top" help | sed -n '/^Targets:$/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
uncovered=
for t in $targets; do
	[ "$t" = check ] && continue   # make check is what runs the others
	grep -rqE --include='*.sh' --include='*.toml' --include=Makefile -- \
		"make( [^|;&]*)? $t( |\"|\$|;)" "$top/tests" "$top/Makefile" || uncovered="$uncovered $t"
done
check "every target of make help is run by make check (not run:${uncovered:- none})" \
	bash -c "[ \$(echo '$targets' | wc -w) -ge 20 ] && [ -z '$uncovered' ]"
summary
