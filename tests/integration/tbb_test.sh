#!/usr/bin/env bash
# Certificate arguments are split into words on purpose ($(...) lists);
# harness_top is harness.sh's.
# shellcheck disable=SC2046,SC2154
# Trusted board boot in QEMU (docs/design/trusted-boot.rst): the build's
# authenticated chain boots; every way of tampering with the FIP stops the
# boot at the stage that checks it, with "ERROR:   <stage>: <image>:
# <reason>", before the bad image runs; certificates from Debian's TF-A
# cert_create, made from the same keys, boot; an NV counter below the
# board's is refused.
# Usage: tbb_test.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"

build=$1
cert_create=$build/../../tools/cert_create/cert_create
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cfg=$build/config.mk

if ! grep -qx 'TRUSTED_BOARD_BOOT := 1' "$cfg"; then
	skip "trusted board boot" "$build is built with TRUSTED_BOARD_BOOT=0"
	summary
	exit
fi
# cert_create's arguments for this build (keys, hash, NV counters).
read -r -a cot_args <"$build/cot.args"

# flip FILE OFFSET: invert the low bit of one byte (negative: from the end).
flip() {
	python3 - "$1" "$2" <<-'EOF'
		import sys
		p, off = sys.argv[1], int(sys.argv[2])
		b = bytearray(open(p, "rb").read())
		b[off] ^= 1
		open(p, "wb").write(b)
	EOF
}

# certs_in DIR: fip_of arguments that pack the certificates in DIR.
certs_in() {
	local c
	for c in "$1"/*.crt; do
		echo "--$(basename "$c" .crt) $c"
	done
}

# refused NAME FIP ERROR-LINE MUST-NOT-START: boot FIP; the boot must stop
# with ERROR-LINE, and MUST-NOT-START (the next stage's banner) never runs.
refused() {
	local name=$1 fip=$2 expect=$3 forbidden=$4 log=$work/$1.log
	flash_of "$build" "$fip" "$work/flash.bin"
	qemu_boot "$log" 30 --config "$cfg" --flash "$work/flash.bin" --stop "nothing was run"
	check "$name: stopped with '$expect'" has "$log" "ERROR:   $expect"
	check "$name: '$forbidden' never runs" lacks "$log" "$forbidden"
	check "$name: no payload runs" lacks "$log" "PAYLOAD"
}
bl1_refuses() { refused "$1" "$2" "BL1: $3" "NOTICE:  BL2: "; }
bl2_refuses() { refused "$1" "$2" "BL2: $3" "NOTICE:  BL31: "; }

# ----- The good chain ---------------------------------------------------------
log=$work/good.log
qemu_boot "$log" 60 --config "$cfg"
check "good chain: boots to its power-off (SYSTEM_OFF2)" [ $? -eq 0 ]
check "good chain: BL1 authenticates BL2" grep -qE '^NOTICE:  BL1: BL2 authenticated in [0-9]+ us' "$log"
check "good chain: BL2 authenticates BL31 and BL33" \
	grep -qE '^NOTICE:  BL2: BL31 and BL33 authenticated in [0-9]+ us' "$log"
check "good chain: no error" lacks "$log" "ERROR"

# ----- Tampered images ----------------------------------------------------------
cp "$build/bl2.bin" "$work/bl2.bin" && flip "$work/bl2.bin" 4096
fip_of "$build" "$work/f.fip" --tb-fw "$work/bl2.bin"
bl1_refuses bl2-flipped-byte "$work/f.fip" "BL2: hash does not match its certificate"

cp "$build/bl31.bin" "$work/bl31.bin" && flip "$work/bl31.bin" 100
fip_of "$build" "$work/f.fip" --soc-fw "$work/bl31.bin"
bl2_refuses bl31-flipped-byte "$work/f.fip" "BL31: hash does not match its certificate"

cp "$build/payload.bin" "$work/bl33.bin" && flip "$work/bl33.bin" -1
fip_of "$build" "$work/f.fip" --nt-fw "$work/bl33.bin"
refused bl33-flipped-byte "$work/f.fip" "BL2: BL33: hash does not match its certificate" \
	"NOTICE:  BL2: Booting BL31"

head -c $(($(stat -c %s "$build/bl31.bin") / 2)) "$build/bl31.bin" >"$work/bl31-half.bin"
fip_of "$build" "$work/f.fip" --soc-fw "$work/bl31-half.bin"
bl2_refuses bl31-cut-short "$work/f.fip" "BL31: hash does not match its certificate"

head -c "$(stat -c %s "$build/bl2.bin")" /dev/urandom >"$work/bl2-random.bin"
fip_of "$build" "$work/f.fip" --tb-fw "$work/bl2-random.bin"
bl1_refuses bl2-random-bytes "$work/f.fip" "BL2: hash does not match its certificate"

# ----- Each CPU: its SHA-2 path, and a tampered image still refused -----------------
# The hashes run on the crypto extension where the CPU has it (lib/auth/
# auth_sha2.c): SHA-256 and SHA-512 on max, SHA-256 only on cortex-a57 and
# neoverse-n1 (no FEAT_SHA512). A flipped byte in BL2 (hashed by BL1) and in
# BL31 (hashed by BL2) is refused on each.
cp "$build/bl2.bin" "$work/bl2.bin" && flip "$work/bl2.bin" 8192
fip_of "$build" "$work/bl2-bad.fip" --tb-fw "$work/bl2.bin"
cp "$build/bl31.bin" "$work/bl31.bin" && flip "$work/bl31.bin" 4000
fip_of "$build" "$work/bl31-bad.fip" --soc-fw "$work/bl31.bin"
sha2_ce=$(sed -n 's/^SHA2_CRYPTO_EXT := //p' "$cfg")
for cpu_path in "max:SHA-256 and SHA-512 on the crypto extension" \
	"cortex-a57:SHA-256 on the crypto extension, SHA-512 in C" \
	"neoverse-n1:SHA-256 on the crypto extension, SHA-512 in C"; do
	cpu=${cpu_path%%:*} path=${cpu_path#*:}
	[ "$sha2_ce" = 1 ] || path="SHA-256 and SHA-512 in C"
	for bad in bl2 bl31; do
		log=$work/$cpu-$bad.log
		flash_of "$build" "$work/$bad-bad.fip" "$work/flash.bin"
		qemu_boot "$log" 30 --config "$cfg" --cpu "$cpu" --flash "$work/flash.bin" \
			--stop "nothing was run"
		stage=$([ $bad = bl2 ] && echo BL1 || echo BL2)
		check "$cpu: $bad flipped: $stage hashes with $path" has "$log" "NOTICE:  $stage: $path"
		check "$cpu: $bad flipped: refused" has "$log" \
			"ERROR:   $stage: ${bad^^}: hash does not match its certificate"
		check "$cpu: $bad flipped: no payload runs" lacks "$log" "PAYLOAD"
	done
done

# ----- Tampered certificates ----------------------------------------------------
# The last byte of a certificate is in its signature.
cp "$build/certs/soc-fw-cert.crt" "$work/sig.crt" && flip "$work/sig.crt" -1
fip_of "$build" "$work/f.fip" --soc-fw-cert "$work/sig.crt"
bl2_refuses cert-signature-bit "$work/f.fip" "SoC FW content certificate: signature does not verify"

# A certificate is DER: 30 82 LL LL. Claim more bytes than there are...
cp "$build/certs/trusted-key-cert.crt" "$work/len.crt"
printf '\xff\xff' | dd of="$work/len.crt" bs=1 seek=2 conv=notrunc status=none
fip_of "$build" "$work/f.fip" --trusted-key-cert "$work/len.crt"
bl2_refuses cert-over-long-length "$work/f.fip" "Trusted key certificate: malformed certificate"

# ... or a length of a form DER forbids (indefinite).
cp "$build/certs/tb-fw-cert.crt" "$work/indef.crt"
printf '\x80' | dd of="$work/indef.crt" bs=1 seek=1 conv=notrunc status=none
fip_of "$build" "$work/f.fip" --tb-fw-cert "$work/indef.crt"
bl1_refuses cert-malformed-length "$work/f.fip" "Trusted Boot FW certificate: malformed certificate"

head -c 1200 /dev/urandom >"$work/random.crt"
fip_of "$build" "$work/f.fip" --nt-fw-key-cert "$work/random.crt"
bl2_refuses cert-random-bytes "$work/f.fip" "NT FW key certificate: malformed certificate"

fip_of "$build" "$work/f.fip" --trusted-key-cert none
bl2_refuses cert-missing "$work/f.fip" "Trusted key certificate: certificate missing"

fip_of "$build" "$work/f.fip" --tb-fw-cert none
bl1_refuses bl2-cert-missing "$work/f.fip" "Trusted Boot FW certificate: certificate missing"

# One content certificate where the other belongs.
fip_of "$build" "$work/f.fip" --nt-fw-cert "$build/certs/soc-fw-cert.crt"
bl2_refuses cert-swapped "$work/f.fip" "NT FW content certificate:"

# ----- Another root of trust ----------------------------------------------------
# The same chain, signed from a ROT key the board does not hold.
mkdir -p "$work/other/certs"
mapfile -t other < <(printf '%s\n' "${cot_args[@]}" | sed "s|.*/rot-key.pem$|$work/other/rot.pem|")
"$cert_create" -n "${other[@]}" --tb-fw "$build/bl2.bin" --soc-fw "$build/bl31.bin" \
	--nt-fw "$build/payload.bin" \
	$(for c in "$build"/certs/*.crt; do n=$(basename "$c" .crt); echo "--$n $work/other/certs/$n.crt"; done)
fip_of "$build" "$work/f.fip" $(certs_in "$work/other/certs")
bl1_refuses wrong-rotpk "$work/f.fip" \
	"Trusted Boot FW certificate: key does not match the platform's ROTPK hash"

# ----- Debian's cert_create, the same keys -------------------------------------
if command -v cert_create >/dev/null; then
	mkdir -p "$work/debian/certs"
	# TF-A's tool wants -n whenever a key it knows is not given (the SCP
	# and TOS keys here); the keys given are read, not replaced.
	alg=$(sed -n 's/^KEY_ALG := //p' "$cfg")
	if cert_create -n -a "$alg" "${cot_args[@]}" --tb-fw "$build/bl2.bin" --soc-fw "$build/bl31.bin" \
		--nt-fw "$build/payload.bin" \
		$(for c in "$build"/certs/*.crt; do n=$(basename "$c" .crt); echo "--$n $work/debian/certs/$n.crt"; done) \
		>"$work/debian.log" 2>&1; then
		fip_of "$build" "$work/f.fip" $(certs_in "$work/debian/certs")
		flash_of "$build" "$work/f.fip" "$work/flash.bin"
		log=$work/debian-boot.log
		qemu_boot "$log" 60 --config "$cfg" --flash "$work/flash.bin"
		check "Debian cert_create's chain: boots to its power-off (SYSTEM_OFF2)" [ $? -eq 0 ]
		check "Debian cert_create's chain: authenticated by BL1 and BL2" \
			bash -c "grep -q 'BL1: BL2 authenticated' '$log' && grep -q 'BL2: BL31 and BL33 authenticated' '$log'"
		check "Debian cert_create's chain: the payload runs" has "$log" "PAYLOAD: RESULT: PASS"
	else
		fail "Debian cert_create's chain" "$(tail -n 3 "$work/debian.log")"
	fi
else
	fail "Debian cert_create's chain" "cert_create (arm-trusted-firmware-tools) is not installed"
fi

# ----- Anti-rollback --------------------------------------------------------------
# A board whose NV counters are 1, with certificates at 1: boots. The same
# images with certificates at 0 (the older firmware): refused.
nv=$work/nv
# This build also hashes with mbed TLS's C code on every CPU
# (SHA2_CRYPTO_EXT=0), so that path boots, and refuses, too.
if make -C "$harness_top" -j2 BUILD_BASE="$nv" QEMU_TFW_NVCTR=1 QEMU_NTFW_NVCTR=1 \
	TFW_NVCTR_VAL=1 NTFW_NVCTR_VAL=1 SHA2_CRYPTO_EXT=0 all >"$work/nv-build.log" 2>&1; then
	nvb=$nv/qemu/release
	log=$work/nv-good.log
	qemu_boot "$log" 60 --config "$nvb/config.mk" --cpu max
	check "NV counters 1 on a board at 1: boots" [ $? -eq 0 ]
	check "SHA2_CRYPTO_EXT=0 on max: BL1 hashes in C" has "$log" "NOTICE:  BL1: SHA-256 and SHA-512 in C"
	check "SHA2_CRYPTO_EXT=0 on max: BL2 hashes in C" has "$log" "NOTICE:  BL2: SHA-256 and SHA-512 in C"
	cp "$nvb/payload.bin" "$work/nv-bl33.bin" && flip "$work/nv-bl33.bin" 64
	fip_of "$nvb" "$work/nv-bl33.fip" --nt-fw "$work/nv-bl33.bin"
	flash_of "$nvb" "$work/nv-bl33.fip" "$work/flash.bin"
	log=$work/nv-c-bl33.log
	qemu_boot "$log" 30 --config "$nvb/config.mk" --cpu max --flash "$work/flash.bin" \
		--stop "nothing was run"
	check "SHA2_CRYPTO_EXT=0 on max: BL33 flipped: refused" has "$log" \
		"ERROR:   BL2: BL33: hash does not match its certificate"
	read -r -a nv_args <"$nvb/cot.args"
	for ctr in tfw ntfw; do
		mkdir -p "$work/old-$ctr/certs"
		mapfile -t old < <(printf '%s\n' "${nv_args[@]}" |
			awk -v o="--$ctr-nvctr" 'prev == o { print 0; prev = ""; next } { print; prev = $0 }')
		"$cert_create" "${old[@]}" --tb-fw "$nvb/bl2.bin" --soc-fw "$nvb/bl31.bin" \
			--nt-fw "$nvb/payload.bin" \
			$(for c in "$nvb"/certs/*.crt; do n=$(basename "$c" .crt); echo "--$n $work/old-$ctr/certs/$n.crt"; done)
		fip_of "$nvb" "$work/old-$ctr.fip" $(certs_in "$work/old-$ctr/certs")
	done
	build=$nvb cfg=$nvb/config.mk
	bl1_refuses nv-counter-trusted "$work/old-tfw.fip" \
		"Trusted Boot FW certificate: NV counter 0 below the platform's 1"
	bl2_refuses nv-counter-non-trusted "$work/old-ntfw.fip" \
		"NT FW key certificate: NV counter 0 below the platform's 1"
else
	fail "NV counter build" "$(tail -n 5 "$work/nv-build.log")"
fi

summary
