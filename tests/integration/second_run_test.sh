#!/usr/bin/env bash
# The second run is as right as the first: every output follows its
# inputs' content, not their time (make_helpers/if_changed.sh). Each input
# of the chain of trust is changed in turn and the build booted after each,
# then changed back and booted again (the stale case): each key option,
# a key file of the user's with an old time stamp (and its content
# replaced at the same path), BL33= an older file and back, Debian's U-Boot
# and back, each NV counter, HASH_ALG; ITERATIONS rebuilds the payload alone;
# HOSTCC= rebuilds the host tools. A boot the firmware refuses ends at once,
# quoting the ERROR line, in qemu_run and in make run.
# Usage: second_run_test.sh BUILD_BASE   (a built tree: its build is the start)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
from=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
b=$work/b
build=$b/qemu/release
# Start from the built tree's outputs (times kept: nothing is rebuilt but
# what these tests change).
bash "$here/../lib/copy_build.sh" "$from/qemu/release" "$b"

# boots NAME [MAKE OPTIONS...]: make with OPTIONS, then the machine boots
# through BL1 and BL2 into BL33 (the payload, or U-Boot) with no ERROR.
n=0
boots() {
	local name=$1 log
	shift
	n=$((n + 1))
	log=$work/$n.log
	if ! make -C "$top" -j2 BUILD_BASE="$b" "$@" >"$work/$n.make" 2>&1; then
		fail "$name: make $*" "$(grep -m1 -E 'rror|\*\*\*' "$work/$n.make")"
		return
	fi
	qemu_boot "$log" 60 --config "$build/config.mk" \
		--stop 'PAYLOAD: entered|^U-Boot 20[0-9][0-9]'
	local rc=$?
	check "$name: boots into BL33 after make $*" \
		bash -c "[ $rc -eq 0 ] && ! grep -q '^ERROR' '$log' && grep -qE 'PAYLOAD: entered|^U-Boot 20' '$log'"
}
# rebuilt WHAT: the last make remade WHAT (its "  GEN/CERT/FIP/CC" line).
rebuilt() { grep -qF -- "$1" "$work/$n.make"; }

boots "start" 
boots "the same again"
check "the same again: nothing is remade" \
	bash -c "! grep -qE '^  (CC|AS|GEN|CERT|FIP|LD|KEY) ' '$work/$n.make'"

# Keys: the algorithm, the size, a ROT key of the user's.
boots "KEY_ALG=ecdsa" KEY_ALG=ecdsa
check "KEY_ALG=ecdsa: lib/auth is recompiled" rebuilt "CC      lib/auth/auth_crypto.c"
# (but the banner's options id, common/version.c, in every image: BL31 is
# relinked for its banner alone)
# (and what reads the ROT key's facts, rotpk_hash.h: its hash, and for an
# RSA key its modulus and R^2 mod N)
check "KEY_ALG=ecdsa: nothing else is (no code outside lib/auth reads it) but each banner's options id" \
	bash -c "! grep -E '^  CC      ' '$work/$n.make' |
		grep -vqE 'lib/auth/|mbedtls/|plat/common/plat_trusted_boot.c|common/bl_auth.c|common/version.c' &&
		[ \$(grep -c '^  CC      common/version.c' '$work/$n.make') -eq 3 ]"
boots "back to the default keys" 
check "back to the default keys: the ROTPK hash is remade" rebuilt "GEN     $build/include/rotpk_hash.h"
boots "KEY_SIZE=3072" KEY_SIZE=3072
boots "KEY_SIZE back to 2048" 
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/mine.pem" 2>/dev/null
touch -d '2001-01-01' "$work/mine.pem"
boots "ROT_KEY= a key file older than the build" ROT_KEY="$work/mine.pem"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/mine.pem" 2>/dev/null
touch -d '2001-01-01' "$work/mine.pem"
boots "ROT_KEY= the same path, another key, the same old time" ROT_KEY="$work/mine.pem"
check "another key at the same path: the ROTPK hash is remade" rebuilt "GEN     $build/include/rotpk_hash.h"
boots "ROT_KEY back to the generated one" 

# BL33: an older file, Debian's U-Boot (older than any build), and back.
cp "$build/payload.bin" "$work/old.bin"
printf 'older' >>"$work/old.bin"
touch -d '2001-01-01' "$work/old.bin"
boots "BL33= an older file" BL33="$work/old.bin"
check "BL33= an older file: its certificates are remade" rebuilt "CERT    $build/certs/"
boots "BL33 back to the payload" 
check "BL33 back to the payload: its certificates are remade" rebuilt "CERT    $build/certs/"
boots "BL33= Debian's U-Boot" BL33=/usr/lib/u-boot/qemu_arm64/u-boot.bin
boots "BL33 back to the payload after U-Boot" 

# The certificates' other inputs.
boots "TFW_NVCTR_VAL=2" TFW_NVCTR_VAL=2
boots "NTFW_NVCTR_VAL=3" NTFW_NVCTR_VAL=3
boots "HASH_ALG=sha512" HASH_ALG=sha512
boots "NV counters and hash back to the defaults" 
check "the defaults again: the certificates are remade" rebuilt "CERT    $build/certs/"

# An option only the payload reads rebuilds the payload alone.
boots "ITERATIONS=3" ITERATIONS=3
check "ITERATIONS=3: the payload is rebuilt" rebuilt "CC      tests/payload/rt_instr.c"
check "ITERATIONS=3: no firmware image is rebuilt" \
	bash -c "! grep -qE '^  LD      .*/bl(1|2|31)\.elf' '$work/$n.make'"
boots "ITERATIONS back to 1" 

# HOSTCC= rebuilds the host tools.
make -C "$top" BUILD_BASE="$b" HOSTCC=gcc fiptool >"$work/hostcc.log" 2>&1
check "HOSTCC=gcc rebuilds fiptool" grep -q "^gcc .*fiptool" "$work/hostcc.log"

# A boot the firmware refuses ends at once, the ERROR line quoted: the
# board's NV counter above the certificates'.
make -C "$top" -j2 BUILD_BASE="$b" QEMU_TFW_NVCTR=1 >"$work/nvctr.make" 2>&1
start=$(date +%s)
py tools.qemu_run.qemu_run --config "$build/config.mk" --quiet --timeout 120 \
	--log "$work/nvctr.log" 2>"$work/nvctr.err"
rc=$?
took=$(($(date +%s) - start))
check "a refused boot: qemu_run exits 3 ($rc) within 20 s ($took s), not at the time limit" \
	bash -c "[ $rc -eq 3 ] && [ $took -le 20 ]"
check "a refused boot: qemu_run quotes the firmware's ERROR lines" \
	bash -c "grep -q '^qemu_run: the boot stopped:' '$work/nvctr.err' &&
		grep -q '^  ERROR:   BL1: .*NV counter' '$work/nvctr.err' &&
		grep -q '^  ERROR:   BL1: Failed to load BL2: nothing was run from the FIP' '$work/nvctr.err'"
start=$(date +%s)
make -C "$top" BUILD_BASE="$b" QEMU_TFW_NVCTR=1 _run >"$work/nvctr-run.log" 2>&1
rc=$?
took=$(($(date +%s) - start))
check "a refused boot: make run fails ($rc) within 30 s ($took s), quoting the ERROR line" \
	bash -c "[ $rc -ne 0 ] && [ $took -le 30 ] &&
		grep -q 'rt_report: the boot stopped: ERROR:   BL1: .*NV counter' '$work/nvctr-run.log'"
check "a refused boot: the run's verdict is FAIL, with the reason" \
	/usr/bin/python3 -c "import json,sys; j = json.load(open('$b/qemu/report/latest/report.json'))
sys.exit(not (j['verdict'] == 'FAIL' and j['exit_status'] == 1 and
              any('the boot stopped' in p for p in j['problems'])))"
# A user's BL33 gets the time limit too.
make -C "$top" BUILD_BASE="$b" BL33="$work/old.bin" QEMU_TFW_NVCTR=1 _run >"$work/bl33-stop.log" 2>&1
rc=$?
check "BL33= with a refused boot: make run fails at once, quoting it" \
	bash -c "[ $rc -ne 0 ] && grep -q 'the boot stopped' '$work/bl33-stop.log'"

# BL33= that cannot be an image is refused before anything is built.
: >"$work/empty.bin"
for bad in "$work/empty.bin:is empty" "$work:is a directory, not an image" \
	"/nonexistent.bin:no such file"; do
	f=${bad%%:*} why=${bad#*:}
	make -C "$top" BUILD_BASE="$work/refused" BL33="$f" >"$work/bad.log" 2>&1
	check "BL33=$f: refused ('$why'), nothing built" \
		bash -c "grep -qF 'BL33=$f: $why' '$work/bad.log' && [ ! -e '$work/refused/qemu' ]"
done
make -C "$top" BUILD_BASE="$work/refused" BL33=/usr/lib/u-boot/nosuch/u-boot.bin >"$work/bad.log" 2>&1
check "BL33= a Debian U-Boot file that is not there: names the package" \
	grep -q "install it with apt-get install --no-install-recommends u-boot-qemu" "$work/bad.log"
summary
