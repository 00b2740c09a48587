#!/usr/bin/env bash
#
# Interoperability tests: our fiptool against TF-A's (Debian's /usr/bin/fiptool,
# package arm-trusted-firmware-tools, TF-A 2.8).
#
# usage: tests/host/fiptool_interop.sh PATH/TO/OUR/fiptool
#
# (a) FIPs we create are listed and unpacked correctly by TF-A's fiptool, and
#     are byte-identical to what TF-A's fiptool creates from the same inputs;
# (b) FIPs TF-A's fiptool creates are listed identically (whole text) and
#     unpacked to identical bytes by ours;
# (c) our update/remove on TF-A-made FIPs give what TF-A's fiptool expects;
# (d) malformed FIPs make our `info` fail cleanly, naming the problem.
#
# Prints "PASS <name>" / "FAIL <name>: why" per check, then "N passed, N
# failed". Exit status: 0 all passed, 1 some failed, 2 cannot run.

set -u

DEB=/usr/bin/fiptool

if [ $# -ne 1 ]; then
	echo "usage: $0 PATH/TO/OUR/fiptool" >&2
	exit 2
fi
if [ ! -x "$DEB" ]; then
	echo "$0: $DEB not found; install Debian's arm-trusted-firmware-tools" >&2
	exit 2
fi
if [ ! -x "$1" ]; then
	echo "$0: $1 is not an executable" >&2
	exit 2
fi
if ! command -v python3 >/dev/null; then
	echo "$0: python3 is needed to build the malformed FIPs" >&2
	exit 2
fi
OURS=$(realpath "$1")

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2

npass=0
nfail=0
pass() { echo "PASS $1"; npass=$((npass + 1)); }
fail() { echo "FAIL $1: $2"; nfail=$((nfail + 1)); }

# hexsize FILE: the file size as fiptool prints it (0x, upper-case hex).
hexsize() { printf '0x%X' "$(stat -c %s "$1")"; }

# has_image INFO_TEXT NAME FILE OPT: INFO_TEXT has NAME's line with FILE's size.
has_image() {
	grep -Eq "^$2: offset=0x[0-9A-F]+, size=$(hexsize "$3"), cmdline=\"--$4\"\$" \
		<<<"$1"
}

# Random payloads of awkward sizes, and an unknown UUID for --blob.
head -c 1237 /dev/urandom >bl2.bin
head -c 4099 /dev/urandom >bl31.bin
head -c 777 /dev/urandom >bl33.bin
head -c 301 /dev/urandom >bl32.bin
head -c 64 /dev/urandom >fwcfg.bin
head -c 999 /dev/urandom >cert.bin
head -c 17 /dev/urandom >blob.bin
head -c 2048 /dev/urandom >bl2_new.bin
BLOB_UUID=11223344-5566-7788-99AA-BBCCDDEEFF00

# ---------------------------------------------------------------------------
# (a) FIPs made by our fiptool, read by TF-A's

# check_ours_read_by_deb NAME FIP: TF-A lists BL2/BL31/BL33 with the right
# sizes and unpacks identical bytes.
check_ours_read_by_deb() {
	local name=$1 fip=$2 info dir
	if ! info=$("$DEB" info "$fip" 2>&1); then
		fail "$name-deb-info" "TF-A fiptool info failed: $info"
		return
	fi
	if [ "$(wc -l <<<"$info")" -eq 3 ] &&
	   has_image "$info" "Trusted Boot Firmware BL2" bl2.bin tb-fw &&
	   has_image "$info" "EL3 Runtime Firmware BL31" bl31.bin soc-fw &&
	   has_image "$info" "Non-Trusted Firmware BL33" bl33.bin nt-fw; then
		pass "$name-deb-info"
	else
		fail "$name-deb-info" "unexpected listing: $info"
	fi
	dir=$(mktemp -d -p .)
	if "$DEB" unpack --out "$dir" "$fip" >/dev/null 2>&1 &&
	   cmp -s "$dir/tb-fw.bin" bl2.bin &&
	   cmp -s "$dir/soc-fw.bin" bl31.bin &&
	   cmp -s "$dir/nt-fw.bin" bl33.bin; then
		pass "$name-deb-unpack"
	else
		fail "$name-deb-unpack" "TF-A fiptool unpack did not return the input bytes"
	fi
}

if "$OURS" create --tb-fw bl2.bin --soc-fw bl31.bin --nt-fw bl33.bin \
	ours.fip 2>err.txt; then
	check_ours_read_by_deb ours-plain ours.fip
else
	fail ours-plain-create "$(cat err.txt)"
fi

if "$OURS" create --align 16 --plat-toc-flags 0x1234 --tb-fw bl2.bin \
	--soc-fw bl31.bin --nt-fw bl33.bin ours_al.fip 2>err.txt; then
	check_ours_read_by_deb ours-aligned ours_al.fip
	offs=$("$DEB" info ours_al.fip | sed -n 's/.*offset=0x\([0-9A-F]*\),.*/\1/p')
	bad=
	for o in $offs; do
		[ $((16#$o % 16)) -eq 0 ] || bad="$bad 0x$o"
	done
	if [ -n "$offs" ] && [ -z "$bad" ] &&
	   [ $(($(stat -c %s ours_al.fip) % 16)) -eq 0 ]; then
		pass ours-aligned-offsets
	else
		fail ours-aligned-offsets "offsets or size not 16-aligned:$bad"
	fi
	if "$DEB" --verbose info ours_al.fip 2>&1 |
	   grep -q 'toc_header\[flags\]: 0x123400000000$'; then
		pass ours-plat-toc-flags
	else
		fail ours-plat-toc-flags "TF-A fiptool does not see flags 0x123400000000"
	fi
else
	fail ours-aligned-create "$(cat err.txt)"
fi

# Same inputs, same bytes: we follow TF-A's packing exactly.
for args in "" "--align 16 --plat-toc-flags 0x1234" "--align 4096"; do
	# shellcheck disable=SC2086
	"$OURS" create $args --nt-fw bl33.bin --tb-fw bl2.bin --soc-fw bl31.bin \
		--tb-fw-cert cert.bin --blob uuid=$BLOB_UUID,file=blob.bin o.fip &&
	"$DEB" create $args --nt-fw bl33.bin --tb-fw bl2.bin --soc-fw bl31.bin \
		--tb-fw-cert cert.bin --blob uuid=$BLOB_UUID,file=blob.bin d.fip
	if cmp -s o.fip d.fip; then
		pass "create-identical${args:+ ($args)}"
	else
		fail "create-identical${args:+ ($args)}" "our FIP differs from TF-A's"
	fi
done

# ---------------------------------------------------------------------------
# (b) FIPs made by TF-A's fiptool, read by ours

"$DEB" create --align 8 --tb-fw bl2.bin --soc-fw bl31.bin --tos-fw bl32.bin \
	--nt-fw bl33.bin --fw-config fwcfg.bin --tb-fw-cert cert.bin \
	--blob uuid=$BLOB_UUID,file=blob.bin deb.fip

want=$("$DEB" info deb.fip 2>&1)
got=$("$OURS" info deb.fip 2>&1)
if [ "$got" = "$want" ] && [ "$(wc -l <<<"$got")" -eq 7 ]; then
	pass deb-ours-info
else
	fail deb-ours-info "listing differs: $(diff <(echo "$want") <(echo "$got") | tr '\n' ' ')"
fi

mkdir unp
if "$OURS" unpack --out unp deb.fip 2>err.txt &&
   cmp -s unp/tb-fw.bin bl2.bin && cmp -s unp/soc-fw.bin bl31.bin &&
   cmp -s unp/tos-fw.bin bl32.bin && cmp -s unp/nt-fw.bin bl33.bin &&
   cmp -s unp/fw-config.bin fwcfg.bin && cmp -s unp/tb-fw-cert.bin cert.bin &&
   cmp -s "unp/$BLOB_UUID.bin" blob.bin &&
   [ "$(find unp -type f | wc -l)" -eq 7 ]; then
	pass deb-ours-unpack-all
else
	fail deb-ours-unpack-all "unpacked files differ from the inputs $(cat err.txt)"
fi

if "$OURS" unpack --soc-fw one.bin --blob uuid=$BLOB_UUID,file=two.bin \
	deb.fip 2>err.txt &&
   cmp -s one.bin bl31.bin && cmp -s two.bin blob.bin; then
	pass deb-ours-unpack-some
else
	fail deb-ours-unpack-some "selected images differ $(cat err.txt)"
fi

# ---------------------------------------------------------------------------
# (c) update and remove round trips

cp deb.fip upd.fip
if "$OURS" update --tb-fw bl2_new.bin upd.fip 2>err.txt; then
	info=$("$DEB" info upd.fip 2>&1)
	dir=$(mktemp -d -p .)
	if has_image "$info" "Trusted Boot Firmware BL2" bl2_new.bin tb-fw &&
	   has_image "$info" "Non-Trusted Firmware BL33" bl33.bin nt-fw &&
	   [ "$(wc -l <<<"$info")" -eq 7 ] &&
	   "$DEB" unpack --out "$dir" upd.fip >/dev/null 2>&1 &&
	   cmp -s "$dir/tb-fw.bin" bl2_new.bin && cmp -s "$dir/nt-fw.bin" bl33.bin &&
	   cmp -s "$dir/$BLOB_UUID.bin" blob.bin; then
		pass ours-update-deb
	else
		fail ours-update-deb "TF-A fiptool sees: $info"
	fi
else
	fail ours-update-deb "$(cat err.txt)"
fi

"$OURS" update --align 16 --plat-toc-flags 0xBEEF --tb-fw bl2_new.bin \
	--rmm-fw blob.bin --out o.fip deb.fip &&
"$DEB" update --align 16 --plat-toc-flags 0xBEEF --tb-fw bl2_new.bin \
	--rmm-fw blob.bin --out d.fip deb.fip
if cmp -s o.fip d.fip; then
	pass update-identical
else
	fail update-identical "our updated FIP differs from TF-A's"
fi

cp deb.fip rm.fip
if "$OURS" remove --nt-fw --blob uuid=$BLOB_UUID rm.fip 2>err.txt; then
	info=$("$DEB" info rm.fip 2>&1)
	dir=$(mktemp -d -p .)
	if ! grep -q "BL33" <<<"$info" && ! grep -q "$BLOB_UUID" <<<"$info" &&
	   [ "$(wc -l <<<"$info")" -eq 5 ] &&
	   "$DEB" unpack --out "$dir" rm.fip >/dev/null 2>&1 &&
	   cmp -s "$dir/tb-fw.bin" bl2.bin && cmp -s "$dir/tos-fw.bin" bl32.bin &&
	   [ ! -e "$dir/nt-fw.bin" ]; then
		pass ours-remove-deb
	else
		fail ours-remove-deb "TF-A fiptool sees: $info"
	fi
else
	fail ours-remove-deb "$(cat err.txt)"
fi

rm -f o.fip d.fip
"$OURS" remove --align 64 --tos-fw --out o.fip deb.fip &&
"$DEB" remove --align 64 --tos-fw --out d.fip deb.fip
if cmp -s o.fip d.fip; then
	pass remove-identical
else
	fail remove-identical "our FIP after remove differs from TF-A's"
fi

# ---------------------------------------------------------------------------
# (d) malformed FIPs: our info fails, says why, does not crash

mkdir bad
python3 - bad <<'EOF'
import struct, sys, os
d = sys.argv[1]
TB = bytes.fromhex('5FF9EC0B4D223E4DA544C39D81C73F0A')
NT = bytes.fromhex('D6D0EEA7FCEAD54B97829934F234B6E4')
NUL = bytes(16)
def hdr(name=0xAA640001, serial=0x12345678):
    return struct.pack('<IIQ', name, serial, 0)
def ent(u, off, size):
    return u + struct.pack('<QQQ', off, size, 0)
# header + 2 entries + end marker = 136 bytes of ToC, then 8 payload bytes
def fip(e1=(TB, 136, 4), e2=(NT, 140, 4), end=144, **kw):
    return hdr(**kw) + ent(*e1) + ent(*e2) + ent(NUL, end, 0) + b'P' * 8
cases = {
    'wrong-name': fip(name=0xAA640002),
    'zero-serial': fip(serial=0),
    'past-end': fip(e2=(NT, 140, 40)),
    'overlap': fip(e1=(TB, 136, 6)),
    'overlaps-toc': fip(e1=(TB, 100, 4)),
    'duplicate': fip(e2=(TB, 140, 4)),
    'wrap': fip(e1=(TB, 0xFFFFFFFFFFFFFFF0, 0x20)),
    'no-end-marker': hdr() + ent(TB, 136, 4) + ent(NT, 140, 4) + b'P' * 8,
    'truncated-body': fip()[:140],
    'truncated-header': hdr()[:10],
    'empty': b'',
    'garbage': os.urandom(4096),
}
for name, data in cases.items():
    open(os.path.join(d, name + '.fip'), 'wb').write(data)
EOF

# check_bad NAME KEYWORD: our info on bad/NAME.fip exits 1..127 and says
# "fiptool: ..." containing KEYWORD (case-insensitive) on stderr.
check_bad() {
	local name=$1 word=$2 rc
	"$OURS" info "bad/$name.fip" >out.txt 2>err.txt
	rc=$?
	if [ $rc -eq 0 ]; then
		fail "bad-$name" "accepted: $(cat out.txt)"
	elif [ $rc -ge 128 ]; then
		fail "bad-$name" "crashed (exit $rc)"
	elif ! grep -q '^fiptool: ' err.txt; then
		fail "bad-$name" "no 'fiptool: ' message on stderr"
	elif ! grep -qi -- "$word" err.txt; then
		fail "bad-$name" "message does not mention '$word': $(cat err.txt)"
	else
		pass "bad-$name"
	fi
}

check_bad wrong-name name
check_bad zero-serial serial
check_bad past-end "past the end"
check_bad overlap "overlap"
check_bad overlaps-toc "overlaps the ToC"
check_bad duplicate duplicate
check_bad wrap wrap
check_bad no-end-marker "end marker"
check_bad truncated-body truncated
check_bad truncated-header truncated
check_bad empty truncated
check_bad garbage "not a FIP"

# A valid FIP cut at many lengths never crashes and is never accepted.
crash=
accepted=
"$DEB" create --tb-fw bl2.bin --soc-fw bl31.bin --nt-fw bl33.bin whole.fip
size=$(stat -c %s whole.fip)
for ((len = 0; len < size; len += 7)); do
	head -c $len whole.fip >cut.fip
	"$OURS" info cut.fip >/dev/null 2>&1
	rc=$?
	[ $rc -ge 128 ] && crash="$crash $len"
	[ $rc -eq 0 ] && accepted="$accepted $len"
done
if [ -z "$crash$accepted" ]; then
	pass bad-every-truncation
else
	# Name the first few lengths only.
	fail bad-every-truncation "crashed at:$(cut -d' ' -f1-6 <<<"${crash:- none}"); accepted at:$(cut -d' ' -f1-6 <<<"${accepted:- none}")"
fi

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
