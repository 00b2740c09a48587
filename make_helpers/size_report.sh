#!/usr/bin/env bash
# size_report.sh ELF NAME: print an image's memory use against its budget,
# from the __IMAGE_BASE__/__IMAGE_END__/__IMAGE_LIMIT__ symbols every linker
# script defines (the linker script itself fails the build when over).
set -euo pipefail
elf=$1 name=$2
sym() { "${NM:-nm}" "$elf" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
base=$(sym __IMAGE_BASE__) end=$(sym __IMAGE_END__) limit=$(sym __IMAGE_LIMIT__)
used=$(( end - base )) budget=$(( limit - base ))
printf '          %-8s %7d of %7d bytes (%3d%%) at 0x%x\n' "${name^^}" \
	"$used" "$budget" $(( used * 100 / budget )) "$base"
