#!/usr/bin/env bash
# Boot Debian's arm64 Linux kernel through this firmware and Debian's U-Boot
# (u-boot-qemu): U-Boot's default boot command loads the kernel, initramfs
# and command line QEMU exposes with -kernel/-initrd/-append (fw_cfg).
# tests/linux/init.sh checks CPUs, CPU hotplug, dmesg and cpuidle, then
# powers off (SYSTEM_OFF: QEMU must exit) or, in a second run, reboots
# (SYSTEM_RESET: a second boot must come up).
# Downloads are cached in DEPS_DIR (default BUILD_BASE/deps).
# Usage: linux_test.sh BUILD_BASE  (the firmware is built in BUILD_BASE/linux-test)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$1
deps=${DEPS_DIR:-$base/deps}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
uboot=/usr/lib/u-boot/qemu_arm64/u-boot.bin

# Debian's current arm64 kernel and busybox-static (the same that make
# linux-latency boots).
boot=$(bash "$top/make_helpers/debian_kernel.sh" boot "$deps" 2>"$work/fetch.log") ||
	{ fail "download Debian's arm64 kernel and busybox-static" "$(tail -n 2 "$work/fetch.log")"; summary; exit 1; }
eval "$boot"
kernel=$KERNEL
py tests.linux.mkinitramfs "$work/initrd.gz" "$BUSYBOX" \
	"$here/init.sh" || { fail "build the initramfs"; summary; exit 1; }

bash "$here/../lib/copy_build.sh" --keep "$base/qemu/release" "$base/linux-test"
if ! make -C "$top" -j2 BUILD_BASE="$base/linux-test" BL33="$uboot" >"$work/build.log" 2>&1; then
	fail "build the firmware with BL33 = Debian's U-Boot" "$(tail -n 3 "$work/build.log")"
	summary
	exit 1
fi

# linux_boot END LOG SECONDS [QEMU_RUN-ARGS...]: boot Linux with init ending
# in END -f through the one recipe of a Linux boot (tools/linux_latency/boot.sh:
# tools/qemu_run without -icount). Returns QEMU's status, 0 after a --stop,
# or 124 at the time limit.
linux_boot() {
	local end=$1 log=$2 secs=$3
	shift 3
	bash "$top/tools/linux_latency/boot.sh" "$base/linux-test/qemu/release/config.mk" "$kernel" \
		"$work/initrd.gz" "$log" "$secs" "n1fw.end=$end n1fw.psci=$(psci_version)" -- "$@"
}

log=$work/poweroff.log
start=$(date +%s)
linux_boot poweroff "$log" 150
rc=$?
echo "poweroff run: $(($(date +%s) - start)) s"
grep '^LINUX: ' "$log" | tr -d '\r' | sed 's/^/    /'
check "U-Boot starts the kernel from QEMU's fw_cfg" has "$log" "Starting kernel ..."
for what in "Linux detects PSCI $(psci_version)" "Linux sees SMCCC v1.5" "all 4 CPUs online" "20 rounds of hotplug of CPUs 1-3 (60 off/on pairs)" \
	"all 4 CPUs online after hotplug" "dmesg has no 'failed to boot'" \
	"dmesg has no 'may not have shut down cleanly'" "dmesg has no 'unable to power off'" \
	"cpuidle driver is psci_idle" "soc0 is the SoC the firmware names"; do
	check "linux: $what" has "$log" "LINUX: PASS $what"
done
check "linux: core power-down idle state entered" grep -q "LINUX: PASS idle state cpu-power-down entered" "$log"
check "linux: cluster power-down idle state entered" grep -q "LINUX: PASS idle state cluster-pwrdown entered" "$log"
check "linux: no check failed" lacks "$log" "LINUX: FAIL"
check "poweroff -f: SYSTEM_OFF makes QEMU exit 0" [ "$rc" -eq 0 ]
check "poweroff -f: through PSCI SYSTEM_OFF" has "$log" "PSCI: SYSTEM_OFF"

log=$work/reboot.log
start=$(date +%s)
linux_boot reboot "$log" 150 --reboot --stop "LINUX: init started" --stop-count 2
rc=$?
echo "reboot run: $(($(date +%s) - start)) s"
check "reboot -f: through PSCI SYSTEM_RESET" has "$log" "PSCI: SYSTEM_RESET"
check "reboot -f: the machine comes back for a second boot" \
	[ "$(grep -c 'LINUX: init started' "$log")" -ge 2 ]
check "reboot -f: BL1 runs again after the reset" [ "$(grep -c 'BL1: Booting BL2' "$log")" -ge 2 ]
summary
