#!/usr/bin/env bash
# size_report.sh ELF NAME: print an image's memory use against its budget,
# from the __IMAGE_BASE__/__IMAGE_END__/__IMAGE_LIMIT__ symbols every linker
# script defines (the linker script itself fails the build when over). One
# nm for the three: it runs after every link.
set -euo pipefail
elf=$1 name=$2
read -r base end limit < <("${NM:-nm}" "$elf" | awk '
	$3 == "__IMAGE_BASE__" { b = "0x" $1 } $3 == "__IMAGE_END__" { e = "0x" $1 }
	$3 == "__IMAGE_LIMIT__" { l = "0x" $1 } END { print b, e, l }')
if [ -z "${limit:-}" ] || [ $((limit)) -le $((base)) ]; then
	echo "size_report: $elf: no __IMAGE_BASE__/__IMAGE_END__/__IMAGE_LIMIT__" >&2
	exit 1
fi
used=$((end - base)) budget=$((limit - base))
printf '          %-8s %7d of %7d bytes (%3d%%) at 0x%x\n' "${name^^}" \
	"$used" "$budget" $((used * 100 / budget)) "$base"
