#!/usr/bin/env bash
# boot.sh CONFIG_MK KERNEL INITRD LOG SECONDS [APPEND] [-- QEMU_RUN-ARGS...]:
# the one recipe that boots Debian's arm64 Linux through this firmware and
# Debian's U-Boot (BL33) on QEMU. The firmware is the build whose resolved
# configuration is CONFIG_MK (its flash.bin; topology and CPU from it),
# booted by tools/qemu_run without -icount (Linux runs for seconds of wall
# time); U-Boot's default boot command loads KERNEL, INITRD and the command
# line from QEMU's fw_cfg (-kernel/-initrd/-append); the DTB is QEMU's, as
# BL2 edits it (docs/linux.rst): there is no DTB file. Console to LOG only.
# The command line is "console=ttyAMA0 quiet panic=-1" and APPEND.
# Exit status: tools/qemu_run's (0 after SYSTEM_OFF, 124 at SECONDS).
# With LINUX_OUT=FILE in the environment the machine has a virtio-serial
# port named n1fw.out whose bytes go to FILE (make linux-latency's files
# leave by it: tools/linux_latency/init.sh).
# With PRINT_CMD=1 in the environment it prints the QEMU command instead
# (for a LAVA job or a shell; docs/linux.rst) and boots nothing.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
config=$1 kernel=$2 initrd=$3 log=$4 secs=$5
append=${6:-}
shift $(($# < 6 ? $# : 6))
[ "${1:-}" = -- ] && shift
cmdline="console=ttyAMA0 quiet panic=-1${append:+ $append}"
extra="-kernel $kernel -initrd $initrd"
[ -n "${LINUX_OUT:-}" ] && extra="$extra -device virtio-serial-device -chardev file,id=n1fwout,path=$LINUX_OUT
	-device virtserialport,chardev=n1fwout,name=n1fw.out"
run=(env PYTHONPATH="$(cd "$here/../.." && pwd)" python3 -m tools.qemu_run.qemu_run --config "$config" --realtime
	--extra="$extra" "$@")
if [ "${PRINT_CMD:-0}" = 1 ]; then
	exec "${run[@]}" --print-cmd -- -append "$cmdline"
fi
exec "${run[@]}" --quiet --log "$log" --timeout "$secs" -- -append "$cmdline"
