#!/usr/bin/env bash
# auth_data.sh OUT CERT_CREATE: the certificates the lib/auth unit tests
# read, made with our cert_create from fresh keys. One folder per key and
# hash algorithm:
#   OUT/<set>/{rot,tw,ntw,soc,nt}.pem      keys
#   OUT/<set>/rot_pub.der                   the ROT key's SubjectPublicKeyInfo
#   OUT/<set>/rot_pub.sha256, .sha512       its digests (openssl dgst)
#   OUT/<set>/rotpk_hash.h                  what the build makes of the ROT
#                                           key (make_helpers/rotpk_hash.sh)
#   OUT/<set>/{bl2,bl31,bl33}.bin           images (random bytes)
#   OUT/<set>/{tb_fw,trusted_key,soc_fw_key,soc_fw,nt_fw_key,nt_fw}.crt
# Sets: the full chain for rsa2048-sha256 and ecdsa256-sha512, the BL2
# certificate alone for the other key sizes and hashes (signature and heap
# figures). NV counters: trusted 5, non-trusted 7.
set -euo pipefail
out=$1 cert_create=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out.tmp"
mkdir -p "$out.tmp"

make_set() {
	local full=$2 alg=$3 bits=$4 hash=$5 d=$out.tmp/$1
	mkdir -p "$d"
	head -c 12345 /dev/urandom >"$d/bl2.bin"
	head -c 23456 /dev/urandom >"$d/bl31.bin"
	head -c 34567 /dev/urandom >"$d/bl33.bin"
	local args=(-n -k -a "$alg" -b "$bits" -s "$hash" --tfw-nvctr 5
		--ntfw-nvctr 7 --rot-key "$d/rot.pem" --tb-fw "$d/bl2.bin"
		--tb-fw-cert "$d/tb_fw.crt")
	if [ "$full" = full ]; then
		args+=(--trusted-world-key "$d/tw.pem"
			--non-trusted-world-key "$d/ntw.pem"
			--soc-fw-key "$d/soc.pem" --nt-fw-key "$d/nt.pem"
			--soc-fw "$d/bl31.bin" --nt-fw "$d/bl33.bin"
			--trusted-key-cert "$d/trusted_key.crt"
			--soc-fw-key-cert "$d/soc_fw_key.crt"
			--soc-fw-cert "$d/soc_fw.crt"
			--nt-fw-key-cert "$d/nt_fw_key.crt"
			--nt-fw-cert "$d/nt_fw.crt")
	fi
	"$cert_create" "${args[@]}"
	openssl pkey -in "$d/rot.pem" -pubout -outform DER -out "$d/rot_pub.der"
	openssl dgst -sha256 -binary "$d/rot_pub.der" >"$d/rot_pub.sha256"
	openssl dgst -sha512 -binary "$d/rot_pub.der" >"$d/rot_pub.sha512"
	bash "$top/make_helpers/rotpk_hash.sh" "$d/rot.pem" "$d/rotpk_hash.h"
}

make_set rsa2048-sha256 full rsa 2048 sha256
make_set ecdsa256-sha512 full ecdsa 256 sha512
make_set rsa3072-sha384 one rsa 3072 sha384
make_set rsa4096-sha512 one rsa 4096 sha512
make_set ecdsa256-sha256 one ecdsa 256 sha256
make_set ecdsa384-sha384 one ecdsa 384 sha384
# Keys and a certificate lib/auth must refuse: RSA-1024, P-521, and an
# RSA certificate signed with PKCS#1 v1.5 (sha256WithRSAEncryption).
o=$out.tmp/other
mkdir -p "$o"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 2>/dev/null |
	openssl pkey -pubout -outform DER -out "$o/rsa1024_pub.der"
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-521 2>/dev/null |
	openssl pkey -pubout -outform DER -out "$o/p521_pub.der"
openssl req -x509 -new -key "$out.tmp/rsa2048-sha256/rot.pem" -sha256 \
	-subj /CN=pkcs1v15 -days 1 -outform DER -out "$o/pkcs1v15.crt" 2>/dev/null
rm -rf "$out"
mv "$out.tmp" "$out"
