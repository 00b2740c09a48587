#!/usr/bin/env bash
# auth_size.sh ELF MAP: what trusted boot (lib/auth + mbed TLS + the libc
# they use) adds to an image, from the throwaway link `make auth-size`
# makes: code and read-only data (ROM/flash), data and bss (RAM), split
# between lib/auth and mbed TLS, against the budgets of BL1 (256 KiB ROM)
# and BL2 (380 KiB). Prints PASS/FAIL lines and "N passed, N failed".
set -euo pipefail
elf=$1 map=$2
SIZE=${SIZE:-$(command -v aarch64-linux-gnu-size || command -v llvm-size)}
# Sections as the images keep them (their linker scripts discard .eh_frame).
sect() { "$SIZE" -A "$elf" | awk -v s="$1" '$1 == s { print $2; f = 1 } END { if (!f) print 0 }'; }
text=$(( $(sect .text) + $(sect .rodata) ))
data=$(sect .data) bss=$(sect .bss)
echo "    lib/auth + mbed TLS + libc: text+rodata $text, data $data, bss $bss bytes"
# Per input file, from a GNU ld map (after its list of discarded sections:
# an input section line, its address and size on the same line or the
# next); lld's maps are not split.
awk '
	function hex(s,    i, c, v) {
		v = 0; s = tolower(substr(s, 3))
		for (i = 1; i <= length(s); i++) {
			c = index("0123456789abcdef", substr(s, i, 1)) - 1
			v = v * 16 + c
		}
		return v
	}
	function add(size, file) {
		if (file ~ /libmbedtls\.a/) mb += size
		else if (file ~ /lib\/auth\//) au += size
		else other += size
		found = 1
	}
	/^Linker script and memory map/ { kept = 1 }
	!kept { next }
	/^ \.(text|rodata)/ {
		if (NF >= 4 && $2 ~ /^0x/) add(hex($3), $4); else pending = 1
		next
	}
	pending && $1 ~ /^0x/ && NF >= 3 { add(hex($2), $3) }
	{ pending = 0 }
	END {
		if (found)
			printf "    code+rodata: lib/auth %d, mbed TLS %d, libc and stubs %d bytes\n", au, mb, other
	}
' "$map"
npass=0 nfail=0
check() { # NAME CONDITION...
	local name=$1; shift
	if "$@"; then echo "PASS $name"; npass=$((npass + 1));
	else echo "FAIL $name"; nfail=$((nfail + 1)); fi
}
# Budget for trusted boot: at most half of BL1's ROM, a third of BL2.
check "text+rodata $text <= 128 KiB (half of BL1's ROM)" [ "$text" -le 131072 ]
check "data+bss $((data + bss)) <= 32 KiB (of BL1's 128 KiB RW)" [ $((data + bss)) -le 32768 ]
echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
