#!/usr/bin/env bash
# A stand-in for Arm's Base FVP, for the tests of make run PLAT=fvp: it
# records its command line in $FAKE_FVP_ARGS, checks the parameters that
# make a run end by itself and find its images, then writes a console in
# the payload's format (tests/host/rt_report_test.py's) to UART0's file
# and exits 0, as the model does at SYSTEM_OFF with exit_on_shutdown.
# FAKE_FVP_HANG=1: write nothing and never exit (a hung model).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
printf '%s\n' "$@" >"${FAKE_FVP_ARGS:-/dev/null}"
declare -A p
while [ $# -gt 0 ]; do
	[ "$1" = -C ] || { echo "fake_fvp: unexpected argument $1" >&2; exit 2; }
	p[${2%%=*}]=${2#*=}
	shift 2
done
for need in bp.ve_sysregs.exit_on_shutdown=1 bp.pl011_uart0.unbuffered_output=1; do
	[ "${p[${need%%=*}]:-}" = "${need#*=}" ] || { echo "fake_fvp: no -C $need" >&2; exit 2; }
done
for image in bp.secureflashloader.fname bp.flashloader0.fname; do
	[ -f "${p[$image]:-}" ] || { echo "fake_fvp: $image: no such file" >&2; exit 2; }
done
[ "${FAKE_FVP_HANG:-0}" = 1 ] && exec sleep infinity
# (its firmware version the build's, as the banner of the images would say)
PYTHONPATH=$here/../../.. python3 - "${p[bp.pl011_uart0.out_file]}" \
	"$(dirname "${p[bp.secureflashloader.fname]}")/config.mk" <<'PY'
import sys
from tests.host import rt_report_test
from tools.common.config_mk import read_config
version = read_config(sys.argv[2])["VERSION"]
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write(rt_report_test.console(platform=("fvp", "Arm Base FVP"))
            .replace("v0.1-abc1234", f"v{version}"))
PY
