#!/bin/sh
# /init of make linux-latency's initramfs (tools/linux_latency/boot.sh):
# loads tools/pmf_idle, makes every CPU enter each idle state many times for
# n1fw.seconds= seconds (idle periods from 0.3 to 40 ms, CPU hotplug rounds
# between the phases), then prints what collect.sh collects between
# "LATENCY: BEGIN DATA" and "LATENCY: END DATA", each line after
# "PMF_IDLE: ", and powers off. With n1fw.mode=refuse it only checks that
# the module refuses to load and prints its message.
# Every line of its own starts "LATENCY: "; "LATENCY: FAIL" is a failure.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
echo "LATENCY: init started"
up() { cut -d" " -f1 /proc/uptime; }
seconds=20 mode=latency reloads=100
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	n1fw.seconds=*) seconds=${arg#*=} ;;
	n1fw.mode=*) mode=${arg#*=} ;;
	n1fw.reloads=*) reloads=${arg#*=} ;;
	esac
done
cpus=/sys/devices/system/cpu
fail() { echo "LATENCY: FAIL $1"; }
finish() {
	echo "LATENCY: done at $(up) s"
	poweroff -f
}
echo "LATENCY: kernel $(uname -r), CPUs online $(cat $cpus/online)," \
	"cpuidle $(cat $cpus/cpuidle/current_driver 2>/dev/null)"

if [ "$mode" = refuse ]; then
	if insmod /pmf_idle.ko; then
		fail "pmf_idle loaded on firmware without PMF"
	else
		echo "LATENCY: insmod refused"
	fi
	dmesg | grep 'pmf_idle: ' | sed 's/^/LATENCY: dmesg: /'
	finish
fi

# Load and unload: each must leave dmesg without a warning.
warnings() { dmesg | grep -cE 'WARNING|BUG|Oops|Call trace|refcount|leak'; }
before=$(warnings)
n=0
while [ $n -lt "$reloads" ]; do
	insmod /pmf_idle.ko ring_size=64 || { fail "insmod $n"; break; }
	cat /sys/kernel/debug/pmf_idle/samples /sys/kernel/debug/pmf_idle/summary >/dev/null
	rmmod pmf_idle || { fail "rmmod $n"; break; }
	n=$((n + 1))
done
after=$(warnings)
echo "LATENCY: at $(up) s: loaded and unloaded $n times, dmesg warnings $before before, $after after"
[ "$after" -eq "$before" ] || dmesg | grep -E 'WARNING|BUG|Oops' | head -n 5 | sed 's/^/LATENCY: dmesg: /'

if ! insmod /pmf_idle.ko; then
	fail "insmod: $(dmesg | grep 'pmf_idle: ' | tail -n 1)"
	finish
fi
dmesg | grep 'pmf_idle: ' | tail -n 1 | sed 's/^/LATENCY: dmesg: /'
# cpuidle's counts just before the reset: they then include the idle
# exits of that read's window too (a few tens per CPU on QEMU).
sh /collect.sh "PMF_IDLE: " base >/tmp/cpuidle_base
echo 1 >/sys/kernel/debug/pmf_idle/reset

# Phases of idle with a waker on every CPU, each sleeping one idle period
# after another (read -t on a FIFO: no process started per period): a phase
# of short periods (0.3 to 2.5 ms: core power-down), phases of one long
# period each (15, 25, 40 ms: long enough for the cluster state), and one
# with no waker at all (the kernel's own timers); after each a hotplug
# round of every CPU but the first (CPU_OFF, then CPU_ON).
ncpu=$(nproc --all)
others=$(seq 1 $((ncpu - 1)))
mkfifo /tmp/never
# cpuidle's menu governor keeps the tick when it predicts short idle, so
# under it the CPUs seldom reach the cluster state's 5 ms; the later
# phases run the ladder governor, which steps down to the deepest state
# that the last idle periods were long enough for.
set -- menu:0.0003,0.0007,0.0015,0.0025 menu:0.015 ladder:0.025 ladder:0.04 ladder:none
phase_ms=$((seconds * 1000 / $#))
rounds=0
gov=$cpus/cpuidle/current_governor
for phase in "$@"; do
	periods=$(echo "${phase#*:}" | tr , ' ')
	echo "${phase%%:*}" >$gov || fail "cannot choose cpuidle governor ${phase%%:*}"
	rm -f /tmp/stop
	for c in $(seq 0 $((ncpu - 1))); do
		[ "$periods" = none ] && break
		taskset -c "$c" sh -c 'exec 3<>/tmp/never; while [ ! -e /tmp/stop ]; do
			for t in '"$periods"'; do read -t $t x <&3; done
		done' &
	done
	usleep $((phase_ms * 1000))
	touch /tmp/stop
	wait
	for c in $others; do
		if ! echo 0 >"$cpus/cpu$c/online" || ! echo 1 >"$cpus/cpu$c/online"; then
			fail "hotplug of cpu$c in round $((rounds + 1))"
		fi
	done
	rounds=$((rounds + 1))
done
echo "menu" >$gov
echo "LATENCY: $# idle phases of $phase_ms ms (governor:periods in s: $*)," \
	"$rounds hotplug rounds of CPUs" $others
echo "LATENCY: workload done at $(up) s"
echo "LATENCY: BEGIN DATA"
for c in $others; do
	echo "PMF_IDLE: hotplug cpu=$c count=$rounds"
done
cat /tmp/cpuidle_base
sh /collect.sh "PMF_IDLE: "
echo "LATENCY: END DATA"
finish
