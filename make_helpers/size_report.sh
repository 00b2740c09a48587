#!/usr/bin/env bash
# size_report.sh ELF NAME: print an image's memory use against its budget,
# from the __IMAGE_BASE__/__IMAGE_END__/__IMAGE_LIMIT__ symbols every linker
# script defines (the linker script itself fails the build when over). One
# nm and one awk: it runs after every link.
set -euo pipefail
elf=$1 name=$2
"${NM:-nm}" "$elf" | awk -v name="${name^^}" -v elf="$elf" '
	function hex(s,   i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
		return v
	}
	$3 == "__IMAGE_BASE__" { base = hex($1) }
	$3 == "__IMAGE_END__" { end = hex($1) }
	$3 == "__IMAGE_LIMIT__" { limit = hex($1) }
	END {
		if (base == "" || end == "" || limit == "" || limit <= base) {
			printf "size_report: %s: no __IMAGE_BASE__/__IMAGE_END__/__IMAGE_LIMIT__\n", elf > "/dev/stderr"
			exit 1
		}
		printf "          %-8s %7d of %7d bytes (%3d%%) at 0x%x\n", name,
			end - base, limit - base, int((end - base) * 100 / (limit - base)), base
	}'
