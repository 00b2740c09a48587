#!/usr/bin/env bash
#
# Interoperability of the trusted-boot certificates with TF-A's tools
# (Debian's /usr/bin/cert_create and /usr/bin/fiptool, package
# arm-trusted-firmware-tools, TF-A 2.8).
#
# usage: tests/host/cert_interop.sh OUR_CERT_CREATE OUR_FIPTOOL COT_VERIFY
#
# For RSA (RSASSA-PSS) and ECDSA, with each hash algorithm:
#  (a) lib/auth (through COT_VERIFY, the firmware's chain walk on the host)
#      accepts the whole chain made by TF-A's cert_create;
#  (b) ... and the chain our cert_create makes from the same keys and
#      images, whose TBBR extension values and signature algorithm are
#      byte-identical to TF-A's;
#  (c) TF-A's cert_create reads the keys ours generates;
#  (d) TF-A's fiptool lists and unpacks every certificate of a FIP made by
#      our fiptool;
#  (e) a tampered image or another ROT key is refused, and our cert_create
#      refuses bad command lines with "cert_create: <problem>";
#  (f) our cert_create takes exactly the keys the firmware verifies: each
#      key it accepts signs a chain lib/auth accepts, and each key it
#      refuses for the firmware's sake signs (with TF-A's tool, which
#      checks nothing) a chain lib/auth refuses; RSA keys whose public
#      exponent mbed TLS refuses (1, even, not below n) included, which
#      OpenSSL signs with: ours asks lib/auth itself (auth_key_usable).
#
# Prints "PASS <name>" / "FAIL <name>: why" per check, then "N passed, N
# failed". Exit status: 0 all passed, 1 some failed, 2 cannot run.

set -u

DEB_CC=/usr/bin/cert_create
DEB_FIP=/usr/bin/fiptool

if [ $# -ne 3 ]; then
	echo "usage: $0 OUR_CERT_CREATE OUR_FIPTOOL COT_VERIFY" >&2
	exit 2
fi
for t in "$DEB_CC" "$DEB_FIP" "$1" "$2" "$3"; do
	if [ ! -x "$t" ]; then
		echo "$0: $t is not an executable (Debian's are in arm-trusted-firmware-tools)" >&2
		exit 2
	fi
done
command -v openssl >/dev/null || { echo "$0: openssl is needed" >&2; exit 2; }
OURS=$(realpath "$1") FIPTOOL=$(realpath "$2") VERIFY=$(realpath "$3")

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2

npass=0
nfail=0
pass() { echo "PASS $1"; npass=$((npass + 1)); }
fail() { echo "FAIL $1: $2"; nfail=$((nfail + 1)); }

head -c 20001 /dev/urandom >bl2.bin
head -c 40003 /dev/urandom >bl31.bin
head -c 30005 /dev/urandom >bl33.bin

key_args() { # DIR
	echo --rot-key "$1/rot.pem" --trusted-world-key "$1/tw.pem" \
		--non-trusted-world-key "$1/ntw.pem" --soc-fw-key "$1/soc.pem" \
		--nt-fw-key "$1/nt.pem"
}
cert_args() { # DIR
	echo --tb-fw-cert "$1/tb_fw.crt" --trusted-key-cert "$1/tk.crt" \
		--soc-fw-key-cert "$1/sfk.crt" --soc-fw-cert "$1/sf.crt" \
		--nt-fw-key-cert "$1/nfk.crt" --nt-fw-cert "$1/nf.crt"
}
CERTS=(tb_fw tk sfk sf nfk nf)
IMAGES="--tb-fw bl2.bin --soc-fw bl31.bin --nt-fw bl33.bin"

# rotpk_hash KEYDIR: the platform's DigestInfo (SHA-256) of the ROT key.
rotpk_hash() {
	openssl pkey -in "$1/rot.pem" -pubout -outform DER -out "$1/rot_pub.der" &&
	{ printf '\x30\x31\x30\x0d\x06\x09\x60\x86\x48\x01\x65\x03\x04\x02\x01\x05\x00\x04\x20'
	  openssl dgst -sha256 -binary "$1/rot_pub.der"; } >"$1/rotpk.bin"
}

# verify NAME CERTDIR KEYDIR: the whole chain passes lib/auth's walk.
verify() {
	local out
	if out=$("$VERIFY" --rotpk-hash "$3/rotpk.bin" --tfw-nvctr 3 --ntfw-nvctr 4 \
		--tb-fw-cert "$2/tb_fw.crt" --tb-fw bl2.bin \
		--trusted-key-cert "$2/tk.crt" --soc-fw-key-cert "$2/sfk.crt" \
		--soc-fw-cert "$2/sf.crt" --soc-fw bl31.bin \
		--nt-fw-key-cert "$2/nfk.crt" --nt-fw-cert "$2/nf.crt" \
		--nt-fw bl33.bin 2>&1) && [ "$(grep -c '^OK ' <<<"$out")" -eq 9 ]; then
		pass "$1"
	else
		fail "$1" "$(tail -n 1 <<<"$out")"
	fi
}

for combo in rsa:2048:sha256 rsa:2048:sha384 rsa:3072:sha512 \
	     ecdsa:256:sha256 ecdsa:256:sha384 ecdsa:256:sha512; do
	IFS=: read -r alg bits hash <<<"$combo"
	name=$alg-$hash
	d=$TMP/$name
	mkdir -p "$d/deb" "$d/ours"
	# (a) TF-A's tool makes the keys and the certificates (its -b is for
	# RSA only: its ECDSA keys are P-256).
	size=()
	[ "$alg" = rsa ] && size=(-b "$bits")
	# shellcheck disable=SC2046
	if ! "$DEB_CC" -n -k -a "$alg" "${size[@]}" -s "$hash" --tfw-nvctr 3 \
		--ntfw-nvctr 4 $(key_args "$d") $(cert_args "$d/deb") $IMAGES \
		>/dev/null 2>"$d/err"; then
		fail "$name-deb-create" "TF-A cert_create failed: $(cat "$d/err")"
		continue
	fi
	rotpk_hash "$d"
	verify "$name-deb-chain" "$d/deb" "$d"

	# (b) Ours, from the same keys and images.
	# shellcheck disable=SC2046
	if ! "$OURS" -s "$hash" --tfw-nvctr 3 --ntfw-nvctr 4 $(key_args "$d") \
		$(cert_args "$d/ours") $IMAGES 2>"$d/err"; then
		fail "$name-ours-create" "$(cat "$d/err")"
		continue
	fi
	verify "$name-ours-chain" "$d/ours" "$d"
	bad=
	for c in "${CERTS[@]}"; do
		if ! cmp -s <("$VERIFY" --dump-ext "$d/deb/$c.crt") \
			<("$VERIFY" --dump-ext "$d/ours/$c.crt") ||
		   [ -z "$("$VERIFY" --dump-ext "$d/ours/$c.crt")" ]; then
			bad="$bad $c"
		fi
	done
	if [ -z "$bad" ]; then
		pass "$name-extensions-identical"
	else
		fail "$name-extensions-identical" "differ in:$bad"
	fi
done

# (c) Keys our cert_create generates are read by TF-A's. (TF-A's wants -n
# whenever some key it knows is not given, here the SCP and TOS keys; the
# given files are read, not replaced: the ROTPK check proves it.)
for alg in rsa ecdsa; do
	d=$TMP/ourkeys-$alg
	mkdir -p "$d/ours" "$d/deb"
	# shellcheck disable=SC2046
	if "$OURS" -n -k -a "$alg" --tfw-nvctr 3 --ntfw-nvctr 4 $(key_args "$d") \
		$(cert_args "$d/ours") $IMAGES 2>"$d/err" &&
	   "$DEB_CC" -n -a "$alg" --tfw-nvctr 3 --ntfw-nvctr 4 $(key_args "$d") \
		$(cert_args "$d/deb") $IMAGES >/dev/null 2>>"$d/err"; then
		rotpk_hash "$d"
		verify "ourkeys-$alg-deb-chain" "$d/deb" "$d"
		verify "ourkeys-$alg-ours-chain" "$d/ours" "$d"
	else
		fail "ourkeys-$alg" "$(cat "$d/err")"
	fi
done

# (d) A FIP of our fiptool with every certificate: TF-A's fiptool lists and
# unpacks them.
d=$TMP/rsa-sha256/ours
if "$FIPTOOL" create --tb-fw bl2.bin --soc-fw bl31.bin --nt-fw bl33.bin \
	--tb-fw-cert "$d/tb_fw.crt" --trusted-key-cert "$d/tk.crt" \
	--soc-fw-key-cert "$d/sfk.crt" --soc-fw-cert "$d/sf.crt" \
	--nt-fw-key-cert "$d/nfk.crt" --nt-fw-cert "$d/nf.crt" fip.bin 2>err.txt; then
	info=$("$DEB_FIP" info fip.bin 2>&1)
	missing=
	for c in "Trusted Boot Firmware BL2 certificate:tb-fw-cert" \
		 "Trusted key certificate:trusted-key-cert" \
		 "SoC Firmware key certificate:soc-fw-key-cert" \
		 "SoC Firmware content certificate:soc-fw-cert" \
		 "Non-Trusted Firmware key certificate:nt-fw-key-cert" \
		 "Non-Trusted Firmware content certificate:nt-fw-cert"; do
		grep -q "^${c%%:*}: offset=0x[0-9A-F]*, size=0x[0-9A-F]*, cmdline=\"--${c##*:}\"$" \
			<<<"$info" || missing="$missing ${c##*:}"
	done
	if [ -z "$missing" ] && [ "$(wc -l <<<"$info")" -eq 9 ]; then
		pass fip-deb-lists-certs
	else
		fail fip-deb-lists-certs "missing:$missing; listing: $info"
	fi
	mkdir unp
	if "$DEB_FIP" unpack --out unp fip.bin >/dev/null 2>&1 &&
	   cmp -s unp/tb-fw-cert.bin "$d/tb_fw.crt" && cmp -s unp/trusted-key-cert.bin "$d/tk.crt" &&
	   cmp -s unp/soc-fw-key-cert.bin "$d/sfk.crt" && cmp -s unp/soc-fw-cert.bin "$d/sf.crt" &&
	   cmp -s unp/nt-fw-key-cert.bin "$d/nfk.crt" && cmp -s unp/nt-fw-cert.bin "$d/nf.crt"; then
		pass fip-deb-unpacks-certs
	else
		fail fip-deb-unpacks-certs "unpacked certificates differ"
	fi
else
	fail fip-create "$(cat err.txt)"
fi

# (e) Refusals.
k=$TMP/rsa-sha256
head -c 40003 /dev/urandom >other.bin
if ! out=$("$VERIFY" --rotpk-hash "$k/rotpk.bin" --tb-fw-cert "$k/ours/tb_fw.crt" \
	--tb-fw bl2.bin --trusted-key-cert "$k/ours/tk.crt" --soc-fw-key-cert "$k/ours/sfk.crt" \
	--soc-fw-cert "$k/ours/sf.crt" --soc-fw other.bin 2>&1) &&
   grep -q "^cot_verify: BL31: hash does not match its certificate$" <<<"$out"; then
	pass refuses-tampered-bl31
else
	fail refuses-tampered-bl31 "$out"
fi
if ! out=$("$VERIFY" --rotpk-hash "$TMP/ecdsa-sha256/rotpk.bin" \
	--tb-fw-cert "$k/deb/tb_fw.crt" 2>&1) &&
   grep -q "key does not match the platform's ROTPK hash" <<<"$out"; then
	pass refuses-other-rot-key
else
	fail refuses-other-rot-key "$out"
fi
if ! out=$("$VERIFY" --rotpk-hash "$k/rotpk.bin" --tfw-nvctr 4 \
	--tb-fw-cert "$k/deb/tb_fw.crt" 2>&1) &&
   grep -q "NV counter 3 below the platform's 4" <<<"$out"; then
	pass refuses-nv-counter-rollback
else
	fail refuses-nv-counter-rollback "$out"
fi

# check_bad NAME KEYWORD ARGS...: our cert_create exits 1 with
# "cert_create: ...KEYWORD...".
check_bad() {
	local name=$1 word=$2 rc
	shift 2
	"$OURS" "$@" >out.txt 2>err.txt
	rc=$?
	if [ $rc -ne 1 ]; then
		fail "bad-$name" "exit status $rc"
	elif ! grep -q "^cert_create: .*$word" err.txt; then
		fail "bad-$name" "message: $(cat err.txt)"
	else
		pass "bad-$name"
	fi
}
check_bad no-nvctr "needs --tfw-nvctr" -n --tb-fw-cert x.crt --tb-fw bl2.bin
check_bad no-image "needs --tb-fw" -n --tfw-nvctr 1 --tb-fw-cert x.crt
check_bad no-key "no key for --rot-key" --tfw-nvctr 1 --tb-fw-cert x.crt --tb-fw bl2.bin
check_bad key-alg "not rsa or ecdsa" -a dsa
check_bad hash-alg "not sha256" -s md5
check_bad small-key "2048, 3072 or 4096" -b 1024
check_bad unknown-option "unknown option" --bl2 x
check_bad nvctr-range "0..4294967295" --tfw-nvctr 4294967296
check_bad bad-key-file "not a PEM private key" --rot-key bl2.bin --tfw-nvctr 1 \
	--tb-fw-cert x.crt --tb-fw bl2.bin
check_bad no-image-file "missing.bin" -n --tfw-nvctr 1 --tb-fw-cert x.crt \
	--tb-fw missing.bin
check_bad nothing "nothing to do"
check_bad mixed-keys "--trusted-world-key .*: an EC key, but --rot-key is RSA: the firmware verifies one algorithm" \
	--rot-key rsa-sha256/rot.pem --trusted-world-key ecdsa-sha256/tw.pem

# (f) The keys the firmware can verify, and no others. KIND: ok (ours takes
# it and lib/auth verifies its chain), firmware (ours refuses it, and
# lib/auth refuses the chain TF-A's tool signs with it), or file (not a
# key ours can use at all). Each as the ROT key, with --key-alg its own,
# and refused with the other algorithm.
mkdir -p keys
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out keys/rsa1024.pem 2>/dev/null
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out keys/rsa2048.pem 2>/dev/null
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:4096 -out keys/rsa4096.pem 2>/dev/null
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:4100 -out keys/rsa4100.pem 2>/dev/null
for c in prime256v1 secp384r1 secp521r1 secp256k1; do
	openssl ecparam -name $c -genkey -noout -out keys/$c.pem
done
openssl ecparam -name prime256v1 -genkey -noout -param_enc explicit -out keys/explicit.pem
openssl ec -in keys/prime256v1.pem -conv_form compressed -out keys/compressed.pem 2>/dev/null
openssl genpkey -algorithm ed25519 -out keys/ed25519.pem
openssl genpkey -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:2048 -out keys/rsapss.pem 2>/dev/null
openssl pkey -in keys/rsa2048.pem -pubout -out keys/public.pem
openssl pkey -in keys/rsa2048.pem -aes256 -passout pass:x -out keys/encrypted.pem
echo junk >keys/junk.pem
# RSA keys OpenSSL reads and signs with but mbed TLS refuses (its
# mbedtls_rsa_check_pubkey: e odd, 1 < e < n): rsa2048's, the public
# exponent made 1, 65536 and n + 2, the rest of the key as it was.
rsa_with_e() {
	python3 - "$@" <<'PY'
import subprocess, sys
src, out, how = sys.argv[1:]
der = subprocess.run(["openssl", "rsa", "-in", src, "-traditional", "-outform", "DER"],
                     capture_output=True, check=True).stdout
text = subprocess.run(["openssl", "asn1parse", "-inform", "DER"], input=der,
                      capture_output=True, check=True).stdout.decode()
v = [int(ln.split(":")[-1], 16) for ln in text.splitlines() if "INTEGER" in ln]
v[2] = {"1": 1, "even": 65536, "n+2": v[1] + 2}[how]
names = ["version", "n", "e", "d", "p", "q", "dp", "dq", "qinv"]
with open(out + ".conf", "w") as f:
    f.write("asn1=SEQUENCE:k\n[k]\n" + "".join(f"{a}=INTEGER:0x{b:X}\n" for a, b in zip(names, v)))
subprocess.run(["openssl", "asn1parse", "-genconf", out + ".conf", "-out", out + ".der", "-noout"],
               check=True)
subprocess.run(["openssl", "rsa", "-inform", "DER", "-in", out + ".der", "-out", out],
               check=True, capture_output=True)
PY
}
rsa_with_e keys/rsa2048.pem keys/rsa-e1.pem 1
rsa_with_e keys/rsa2048.pem keys/rsa-e-even.pem even
rsa_with_e keys/rsa2048.pem keys/rsa-e-n2.pem n+2
refused="an RSA key the firmware refuses (lib/auth: malformed or unsupported public key): its public exponent e ="
for t in rsa1024:rsa:firmware:"an RSA key of 1024 bits: the firmware verifies RSA keys of 2048 to 4096 bits" \
	 rsa2048:rsa:ok: rsa4096:rsa:ok: \
	 rsa4100:rsa:firmware:"an RSA key of 4100 bits" \
	 rsa-e1:rsa:firmware:"$refused 1;" rsa-e-even:rsa:firmware:"$refused 65536;" \
	 rsa-e-n2:rsa:firmware:"$refused ..." \
	 prime256v1:ecdsa:ok: secp384r1:ecdsa:ok: \
	 secp521r1:ecdsa:firmware:"an EC key on curve secp521r1: the firmware verifies P-256 and P-384" \
	 secp256k1:ecdsa:firmware:"an EC key on curve secp256k1" \
	 explicit:ecdsa:firmware:"an EC key with explicit curve parameters" \
	 compressed:ecdsa:firmware:"an EC key with a compressed point" \
	 ed25519:ecdsa:file:"a key of type ED25519" rsapss:rsa:firmware:"a key of type RSASSA-PSS" \
	 public:rsa:file:"a public key" encrypted:rsa:file:"an encrypted private key" \
	 junk:rsa:file:"not a PEM private key"; do
	IFS=: read -r key alg kind why <<<"$t"
	d=$TMP/key-$key
	mkdir -p "$d"
	cp keys/rsa2048.pem "$d/tw.pem"
	[ "$alg" = ecdsa ] && cp keys/prime256v1.pem "$d/tw.pem"
	for k in ntw soc nt; do cp "$d/tw.pem" "$d/$k.pem"; done
	cp "keys/$key.pem" "$d/rot.pem"
	# shellcheck disable=SC2046
	"$OURS" -a "$alg" --tfw-nvctr 3 --ntfw-nvctr 4 $(key_args "$d") $(cert_args "$d") \
		$IMAGES >/dev/null 2>"$d/err"
	rc=$?
	if [ "$kind" = ok ]; then
		if [ $rc -eq 0 ] && rotpk_hash "$d"; then
			verify "key-$key: ours signs with it, lib/auth verifies the chain" "$d" "$d"
		else
			fail "key-$key: ours signs with it" "$(cat "$d/err")"
		fi
		other=rsa
		[ "$alg" = rsa ] && other=ecdsa
		"$OURS" -a "$other" --rot-key "$d/rot.pem" >/dev/null 2>"$d/err2"
		if [ $? -eq 1 ] && grep -q "^cert_create: --rot-key $d/rot.pem: an .* key, but --key-alg $other" "$d/err2"; then
			pass "key-$key: refused with --key-alg $other"
		else
			fail "key-$key: refused with --key-alg $other" "$(cat "$d/err2")"
		fi
		continue
	fi
	if [ $rc -eq 1 ] && grep -qF "cert_create: --rot-key $d/rot.pem: $why" "$d/err" &&
	   [ ! -e "$d/tb_fw.crt" ]; then
		pass "key-$key: ours refuses it before signing, saying '$why'"
	else
		fail "key-$key: ours refuses it before signing" "status $rc: $(cat "$d/err")"
	fi
	[ "$kind" = firmware ] || continue
	# What the firmware would have made of it: TF-A's tool signs, lib/auth refuses.
	# shellcheck disable=SC2046
	if "$DEB_CC" -n -a "$alg" --tfw-nvctr 3 --ntfw-nvctr 4 $(key_args "$d") $(cert_args "$d") \
		$IMAGES >/dev/null 2>&1 && rotpk_hash "$d"; then
		if ! out=$("$VERIFY" --rotpk-hash "$d/rotpk.bin" --tfw-nvctr 3 --tb-fw-cert "$d/tb_fw.crt" \
			--tb-fw bl2.bin 2>&1); then
			pass "key-$key: lib/auth refuses the chain TF-A's tool signs with it (${out#cot_verify: })"
		else
			fail "key-$key: lib/auth refuses the chain TF-A's tool signs with it" "$out"
		fi
	else
		fail "key-$key: TF-A's tool signs with it" "it could not"
	fi
done

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
