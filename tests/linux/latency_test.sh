#!/usr/bin/env bash
# make linux-latency's suite: the report's host tests
# (tests/host/linux_report_test.py); tools/pmf_idle is checkpatch-clean
# (Debian's linux-source checkpatch.pl); make linux-latency with a short
# LINUX_SECONDS passes and writes its run directory (samples.csv with
# enough samples per CPU of the deepest state, report.json PASS, the RST
# report and its histograms); and, booted at the same time on firmware
# built with ENABLE_RUNTIME_INSTRUMENTATION=0 (BL31 only; the FIP is the
# Linux build's with that BL31), the module refuses to load with its one
# dmesg line and -ENODEV. It reuses the Linux suite's firmware build
# (BUILD_BASE/linux-test) and downloads (DEPS_DIR).
# Usage: latency_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$(cd "$1" && pwd)
export DEPS_DIR=${DEPS_DIR:-$base/deps}
work=$(mktemp -d)
refuse_pid=
trap '[ -n "$refuse_pid" ] && kill "$refuse_pid" 2>/dev/null; rm -rf "$work"' EXIT
uboot=/usr/lib/u-boot/qemu_arm64/u-boot.bin
fw=$base/linux-test/qemu/release
module=$base/qemu/release/linux-latency/module
seconds=6

start=$(date +%s)
step() { echo "  ($(($(date +%s) - start)) s) $1"; }
sub_suite report py tests.host.linux_report_test
step "report host tests done"
# What make linux-latency builds first, so that the refusal's boot can run
# beside it: the firmware (a no-op after the Linux suite) and the module.
bash "$here/../lib/copy_build.sh" --keep "$base/qemu/release" "$base/linux-test"
if ! make -C "$top" -j2 BUILD_BASE="$base/linux-test" BL33="$uboot" >"$work/build.log" 2>&1 ||
	! bash "$top/tools/pmf_idle/build.sh" "$DEPS_DIR" "$module" >>"$work/build.log" 2>&1; then
	fail "build the firmware and the module" "$(tail -n 3 "$work/build.log")"
	summary
	exit 1
fi
pass "tools/pmf_idle builds against Debian's headers with W=1, warnings as errors"
step "firmware and module built"

# The kernel and busybox unpacked once, before the two boots use them.
bash "$top/make_helpers/debian_kernel.sh" boot "$DEPS_DIR" >/dev/null 2>>"$work/build.log"

# The refusal: BL31 without instrumentation in the Linux build's FIP.
noinstr=$base/linux-noinstr
bash "$here/../lib/copy_build.sh" --keep "$base/qemu/release" "$noinstr"
if make -C "$top" -j2 BUILD_BASE="$noinstr" ENABLE_RUNTIME_INSTRUMENTATION=0 \
	"$noinstr/qemu/release/bl31.bin" >"$work/noinstr.log" 2>&1 &&
	signed_fip "$fw" "$work/fip.bin" --soc-fw "$noinstr/qemu/release/bl31.bin" --nt-fw "$uboot" &&
	flash_of "$fw" "$work/fip.bin" "$work/flash.bin"; then
	LINUX_MODE=refuse LINUX_FLASH=$work/flash.bin bash "$top/tools/linux_latency/run.sh" "$fw" \
		"$module" "$work/refuse" "$work/refuse-runs" refuse 2 >"$work/refuse.out" 2>&1 &
	refuse_pid=$!
	step "the refusal's boot started"
else
	fail "build BL31 with ENABLE_RUNTIME_INSTRUMENTATION=0 into the Linux FIP" "$(tail -n 3 "$work/noinstr.log")"
fi

# checkpatch.pl of the kernel the module is built for.
if eval "$(bash "$top/make_helpers/debian_kernel.sh" source "$DEPS_DIR" 2>"$work/src.log")"; then
	out=$(perl "$CHECKPATCH" --no-tree --strict --quiet -f "$top/tools/pmf_idle/pmf_idle.c" \
		"$top/tools/pmf_idle/Kbuild" 2>&1)
	check "tools/pmf_idle is checkpatch-clean (--strict)" [ -z "$out" ]
	[ -n "$out" ] && echo "$out" | head -n 20 | sed 's/^/    /'
else
	fail "fetch checkpatch.pl (linux-source)" "$(tail -n 2 "$work/src.log")"
fi

step "checkpatch done"
log=$work/latency.log
make -C "$top" BUILD_BASE="$base" linux-latency LINUX_SECONDS=$seconds >"$log" 2>&1
rc=$?
step "make linux-latency LINUX_SECONDS=$seconds done"
grep -E '^  LATENCY: |^linux_report: ' "$log" | sed 's/^ */    /'
check "make linux-latency LINUX_SECONDS=$seconds exits 0" [ "$rc" -eq 0 ]
run=$base/qemu/linux-report/latest
check "its run directory has a latest link to release-gnu-TIME" \
	bash -c "[[ \$(basename \$(readlink '$run')) =~ ^release-gnu-[0-9]{8}-[0-9]{6} ]]"
check "report.json: PASS" python3 -c "import json, sys
sys.exit(json.load(open('$run/report.json'))['verdict'] != 'PASS')"
check "samples.csv: the columns the issue names" \
	bash -c "grep -v '^#' '$run/samples.csv' | head -n 1 | grep -qx 'cpu,state,power_state,powerdown_ns,wakeup_ns,cflush_ns'"
check "samples.csv: 200 or more cluster-pwrdown samples of each of the 4 CPUs, every figure positive" \
	bash -c "grep -v '^#' '$run/samples.csv' | awk -F, 'NR > 1 && (\$4 <= 0 || \$5 <= 0 || \$6 <= 0) { bad = 1 }
		NR > 1 && \$2 == \"cluster-pwrdown\" { n[\$1]++ }
		END { k = 0; for (c in n) if (n[c] >= 200) k++; exit !(k == 4 && !bad) }'"
check "samples.csv: cpus named cluster.core (0.0 0.1 1.0 1.1)" \
	bash -c "[ \"\$(grep -v '^#' '$run/samples.csv' | tail -n +2 | cut -d, -f1 | sort -u | tr '\n' ' ')\" = '0.0 0.1 1.0 1.1 ' ]"
check "the RST report names the kernel and the DT's idle states" \
	bash -c "grep -q '^:Kernel: 6\.' '$run/linux-latency-qemu.rst' && grep -q '^cluster-pwrdown  0x01010022' '$run/linux-latency-qemu.rst'"
check "every figure of report.json and samples.csv names its unit; the provenance is filled" \
	py tools.rt_report.schema "$run"
check "a histogram per idle state" \
	bash -c "[ -s '$run/plots/cpu-power-down.svg' ] && [ -s '$run/plots/cluster-pwrdown.png' ]"
check "load and unload 100 times: no warning in dmesg" \
	grep -q "^  LATENCY: at [0-9.]* s: loaded and unloaded 100 times, dmesg warnings \([0-9]*\) before, \1 after" "$log"
check "boot.env holds the boot for a LAVA job" \
	bash -c ". '$base/qemu/release/linux-latency/boot.env' && [ -f \"\$KERNEL\" ] && [ -f \"\$INITRD\" ] &&
		[ -f \"\$FLASH\" ] && [[ \$QEMU_CMD == *qemu-system-aarch64* ]]"

if [ -n "$refuse_pid" ]; then
	wait "$refuse_pid"
	refuse_pid=
	rlog=$(ls "$work"/refuse-runs/refuse-*/console.log 2>/dev/null | head -n 1)
	grep '^  LATENCY: ' "$work/refuse.out" | sed 's/^ */    /'
	check "no PMF: insmod fails with ENODEV" grep -q "can't insert '/pmf_idle.ko': No such device" "${rlog:-/dev/null}"
	# (the kernel's own lines name the module too: the taint; busybox's
	# insmod tries finit_module, then init_module: one line each)
	check "no PMF: one dmesg line of the module's own per load attempt, saying why" \
		bash -c "[ \$(grep 'LATENCY: dmesg: .*pmf_idle: ' '${rlog:-/dev/null}' | grep -v -e 'taints kernel' \
			-e 'module verification failed' | sed 's/.*pmf_idle: //' | sort -u | wc -l) -eq 1 ] &&
			grep -q 'pmf_idle: PMF_GET_VERSION (0xc7000021) returned -1, .*the firmware has no PMF v1.*; not loading' '${rlog:-/dev/null}'"
	check "no PMF: the boot ends in SYSTEM_OFF" grep -q "LATENCY: done at" "${rlog:-/dev/null}"
fi
step "the refusal's boot done"
summary
