#!/usr/bin/env bash
# run.sh FW_BUILD MODULE_DIR WORK RUNS VARIANT SECONDS [linux_report options...]:
# make linux-latency's run (docs/linux.rst). FW_BUILD is the firmware build
# with Debian's U-Boot as BL33 (its config.mk and flash.bin), MODULE_DIR
# holds pmf_idle.ko (tools/pmf_idle/build.sh). Into WORK: the initramfs
# (busybox-static, tools/linux_latency/init.sh, the module,
# tools/pmf_idle/collect.sh, Debian's trace-cmd and cyclictest with their
# libraries, the virtio modules of the port the files leave by:
# make_helpers/debian_kernel.sh userland) and boot.env, what a LAVA job or
# a shell needs to boot the same (KERNEL, INITRD, FLASH, APPEND, QEMU_CMD).
# Then a run directory RUNS/VARIANT-TIME with a `latest` link: the boot's
# console.log, the files init wrote to the port (pmf-idle.txt, trace.dat,
# smc-summary.txt, cyclictest-*.txt) and tools/rt_report/linux_report.py's
# report. The environment's LINUX_MODE (latency; refuse: only check that
# the module refuses; fallback: that it reads by SMC) and LINUX_RELOADS
# (module loads and unloads first, default 100) reach init; LINUX_FLASH
# boots another flash image than FW_BUILD's (the refusal and fallback
# tests).
# Exit status: linux_report's (0: every check passed), else the boot's.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
fw=$1 module=$2 work=$3 runs=$4 variant=$5 seconds=$6
shift 6
mode=${LINUX_MODE:-latency}
# Debian's python3, which Debian's python3-matplotlib serves (as make's PYTHON).
py=$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)
flash=()
[ -n "${LINUX_FLASH:-}" ] && flash=(-- --flash "$LINUX_FLASH")
reloads=${LINUX_RELOADS:-100}
eval "$(bash "$top/make_helpers/debian_kernel.sh" boot "${DEPS_DIR:?}")" || exit 1
eval "$(bash "$top/make_helpers/debian_kernel.sh" userland "$DEPS_DIR")" || exit 1
libs=()
for r in $USERLAND_ROOTS; do libs+=(--lib-root "$r"); done
mkdir -p "$work"
# The module without its debug sections, as a distribution installs one
# (INSTALL_MOD_STRIP): the loader would relocate them on every insmod.
mkdir -p "$work/initramfs"
aarch64-linux-gnu-strip --strip-debug -o "$work/initramfs/pmf_idle.ko" "$module/pmf_idle.ko" || exit 1
# shellcheck disable=SC2086
PYTHONPATH=$top "$py" -m tests.linux.mkinitramfs "$work/initrd.gz" "$BUSYBOX" "$here/init.sh" \
	"$work/initramfs/pmf_idle.ko" "$top/tools/pmf_idle/collect.sh" $VIRTIO_MODULES \
	"${libs[@]}" --elf "$TRACE_CMD" --elf "$CYCLICTEST" || exit 1
append="n1fw.seconds=$seconds n1fw.reloads=$reloads n1fw.mode=$mode${LINUX_APPEND:+ $LINUX_APPEND}"
fw=$(cd "$fw" && pwd)
initrd=$(cd "$work" && pwd)/initrd.gz
{
	echo "# make linux-latency's boot (tools/linux_latency/boot.sh), $KERNEL_PKG; bash: . boot.env"
	printf '%s=%q\n' KERNEL "$KERNEL" INITRD "$initrd" FLASH "${LINUX_FLASH:-$fw/flash.bin}" \
		APPEND "console=ttyAMA0 quiet panic=-1 $append" \
		OUT out.tar \
		QEMU_CMD "$(LINUX_OUT=out.tar PRINT_CMD=1 bash "$here/boot.sh" "$fw/config.mk" "$KERNEL" "$initrd" \
			/dev/null 0 "$append" "${flash[@]}" | tail -n 1)"
} >"$work/boot.env"
run=$(PYTHONPATH=$top "$py" -c 'import sys; from tools.rt_report import runs
print(runs.new_run_dir(sys.argv[1], sys.argv[2], "latest"))' "$runs" "$variant") ||
	exit 1
echo "make linux-latency: $KERNEL_PKG, ${seconds} s of idle, console in $run/console.log"
# Boot, module reloads, workload and the data's copy: about 60 s more
# than the workload on QEMU (TCG, 4 CPUs).
rm -f "$run/out.tar"
LINUX_OUT=$run/out.tar bash "$here/boot.sh" "$fw/config.mk" "$KERNEL" "$initrd" "$run/console.log" \
	$((seconds + 400)) "$append" "${flash[@]}"
rc=$?
grep '^LATENCY: ' "$run/console.log" | tr -d '\r' | sed 's/^/  /'
if [ "$mode" != latency ]; then
	exit $rc
fi
# The files init wrote to the port; the tar's own end tells a whole one.
if [ -s "$run/out.tar" ] && tar -x -f "$run/out.tar" -C "$run"; then
	rm -f "$run/out.tar"
else
	echo "make linux-latency: no complete tar of the run's files from the guest ($run/out.tar)" >&2
fi
PYTHONPATH=$top "$py" -m tools.rt_report.linux_report "$run/console.log" "$run" qemu \
	--data "$run" --config "$fw/config.mk" --exit-status "$rc" --run "$(basename "$run")" "$@"
