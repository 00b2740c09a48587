#!/bin/sh
# /init of make linux-latency's initramfs (tools/linux_latency/boot.sh):
# loads tools/pmf_idle, makes every CPU enter each idle state many times for
# n1fw.seconds= seconds (idle periods from 0.3 to 40 ms, CPU hotplug rounds
# between the phases), records the last phases with Debian's trace-cmd,
# measures the module's own cost per idle exit reading by SMC too, runs
# rt-tests' cyclictest with deep idle allowed and forbidden, then writes
# what it collected (tools/pmf_idle/collect.sh's data, trace.dat, the
# SMC phase's summary, cyclictest's samples) as a tar to the virtio port
# named n1fw.out (the host's file, boot.sh's LINUX_OUT) and powers off.
# With n1fw.mode=refuse it only checks that the module refuses to load,
# with n1fw.mode=fallback that it loads and reads by SMC (a firmware with
# PMF but no call ring, as TF-A), and prints its message.
# Every line of its own starts "LATENCY: "; "LATENCY: FAIL" is a failure.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
echo "LATENCY: init started"
up() { cut -d" " -f1 /proc/uptime; }
seconds=20 mode=latency reloads=100 smc_seconds=2 cyclic_seconds=10 trace=1
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	n1fw.seconds=*) seconds=${arg#*=} ;;
	n1fw.mode=*) mode=${arg#*=} ;;
	n1fw.reloads=*) reloads=${arg#*=} ;;
	n1fw.trace=*) trace=${arg#*=} ;;
	esac
done
cpus=/sys/devices/system/cpu
dbg=/sys/kernel/debug/pmf_idle
fail() { echo "LATENCY: FAIL $1"; }
finish() {
	echo "LATENCY: done at $(up) s"
	poweroff -f
}
echo "LATENCY: kernel $(uname -r), CPUs online $(cat $cpus/online)," \
	"cpuidle $(cat $cpus/cpuidle/current_driver 2>/dev/null)"
module_line() { dmesg | grep 'pmf_idle: ' | grep -v -e 'taints kernel' -e 'module verification failed' | tail -n 1; }

if [ "$mode" = refuse ]; then
	if insmod /pmf_idle.ko; then
		fail "pmf_idle loaded on firmware without PMF"
	else
		echo "LATENCY: insmod refused"
	fi
	dmesg | grep 'pmf_idle: ' | sed 's/^/LATENCY: dmesg: /'
	finish
fi

# The idle workload: a waker on every CPU sleeping one idle period after
# another (read -t on a FIFO: no process started per period) for $1 ms,
# the periods (in s) $2; "none": no waker, only the kernel's own timers.
ncpu=$(nproc --all)
others=$(seq 1 $((ncpu - 1)))
mkfifo /tmp/never
idle_for() {
	wakers=
	rm -f /tmp/stop
	for c in $(seq 0 $((ncpu - 1))); do
		[ "$2" = none ] && break
		taskset -c "$c" sh -c 'exec 3<>/tmp/never; while [ ! -e /tmp/stop ]; do
			for t in '"$2"'; do read -t $t x <&3; done
		done' &
		wakers="$wakers $!"
	done
	usleep $(($1 * 1000))
	touch /tmp/stop
	# (the wakers only: trace-cmd runs in the background too)
	[ -z "$wakers" ] || wait $wakers
}
gov=$cpus/cpuidle/current_governor

if [ "$mode" = fallback ]; then
	if ! insmod /pmf_idle.ko; then
		fail "insmod on a firmware without the call ring: $(module_line)"
		finish
	fi
	module_line | sed 's/^/LATENCY: dmesg: /'
	idle_for 1500 0.005,0.010
	echo "LATENCY: summary: $(grep '^source' $dbg/summary), samples $(grep -c '^sample' $dbg/samples)," \
		"idle SMCs$(sed -n 's/^cpu .* idle_smc=\([0-9]*\) .*/ \1/p' $dbg/summary | tr -d '\n')"
	finish
fi

# The files the host gets (run.sh unpacks them into the run directory).
out=/tmp/out
mkdir -p $out /dev/shm
mount -t tmpfs shm /dev/shm
insmod /virtio_mmio.ko
insmod /virtio_console.ko
# The port appears once the driver has probed it and udev-less devtmpfs
# has its node: a bounded wait.
port=
n=0
while [ -z "$port" ] && [ $n -lt 200 ]; do
	for p in /sys/class/virtio-ports/*; do
		[ "$(cat "$p/name" 2>/dev/null)" = n1fw.out ] && [ -c "/dev/${p##*/}" ] && port=/dev/${p##*/}
	done
	[ -n "$port" ] || usleep 10000
	n=$((n + 1))
done
[ -n "$port" ] || echo "LATENCY: no virtio port n1fw.out: the data go to the console, trace.dat stays here"

# Load and unload: each must leave dmesg without a warning.
warnings() { dmesg | grep -cE 'WARNING|BUG|Oops|Call trace|refcount|leak'; }
before=$(warnings)
n=0
while [ $n -lt "$reloads" ]; do
	insmod /pmf_idle.ko ring_size=64 || { fail "insmod $n"; break; }
	cat $dbg/samples $dbg/summary >/dev/null
	rmmod pmf_idle || { fail "rmmod $n"; break; }
	n=$((n + 1))
done
after=$(warnings)
echo "LATENCY: at $(up) s: loaded and unloaded $n times, dmesg warnings $before before, $after after"
[ "$after" -eq "$before" ] || dmesg | grep -E 'WARNING|BUG|Oops' | head -n 5 | sed 's/^/LATENCY: dmesg: /'

# What reading by SMC costs per idle exit (as on TF-A), under the first
# phase's periods (3 to 8 ms: under TCG a shorter period keeps the CPU
# busy running its waker, so it seldom idles at all): the summary of
# $smc_seconds s of it.
short=0.003,0.005,0.008
if insmod /pmf_idle.ko source=smc; then
	echo menu >$gov
	echo 1 >$dbg/reset
	idle_for $((smc_seconds * 1000)) $short
	cp $dbg/summary $out/smc-summary.txt
	rmmod pmf_idle
	echo "LATENCY: at $(up) s: $smc_seconds s read by SMC"
else
	fail "insmod source=smc: $(module_line)"
fi

# Room for every sample of the run (no oldest overwritten): idle periods
# of 3 ms and more, the kernel's own timers besides, at most 400 idle
# exits a second per CPU, and the last phase's hotplug and cyclictest's.
ring=$((seconds * 400 + 4096))
[ $ring -le 1048576 ] || ring=1048576
if ! insmod /pmf_idle.ko ring_size=$ring; then
	fail "insmod: $(module_line)"
	finish
fi
module_line | sed 's/^/LATENCY: dmesg: /'
# cpuidle's counts just before the reset: they then include the idle
# exits of that read's window too (a few tens per CPU on QEMU).
sh /collect.sh "" base >$out/cpuidle-base.txt
echo 1 >$dbg/reset

# Phases of idle, each followed by a hotplug round of every CPU but the
# first (CPU_OFF, then CPU_ON): short periods (3 to 8 ms: core
# power-down) under the menu governor, without tracing (what the module
# costs per idle exit then, against the SMC phase above); then, recorded
# by trace-cmd, periods of 15 ms (menu keeps the tick when it predicts
# short idle, so it seldom reaches the cluster state's 5 ms minimum
# residency) and, under the ladder governor (which steps down to the
# deepest state that the last periods were long enough for), 25 ms, 40 ms
# and none at all.
set -- menu:$short menu:0.015 ladder:0.025 ladder:0.04 ladder:none
phase_ms=$((seconds * 1000 / $#))
rounds=0
tracer=
for phase in "$@"; do
	echo "${phase%%:*}" >$gov || fail "cannot choose cpuidle governor ${phase%%:*}"
	idle_for $phase_ms "${phase#*:}"
	for c in $others; do
		if ! echo 0 >"$cpus/cpu$c/online" || ! echo 1 >"$cpus/cpu$c/online"; then
			fail "hotplug of cpu$c in round $((rounds + 1))"
		fi
	done
	rounds=$((rounds + 1))
	if [ $rounds -eq 1 ] && [ "$trace" = 1 ]; then
		# The firmware's records and cpuidle's spans, and what wakes a
		# CPU: the scheduler, interrupts, IPIs and timers.
		trace-cmd record -q -e pmf_idle -e power:cpu_idle -e sched:sched_switch \
			-e sched:sched_wakeup -e irq:irq_handler_entry -e irq:irq_handler_exit \
			-e ipi:ipi_raise -e timer:timer_expire_entry -e timer:hrtimer_expire_entry \
			-o $out/trace.dat >/tmp/trace.log 2>&1 &
		tracer=$!
		# (trace-cmd enables the events before it forks its readers)
		while [ "$(cat /sys/kernel/tracing/events/pmf_idle/enable)" != 1 ] && kill -0 $tracer 2>/dev/null; do
			usleep 10000
		done
	fi
done
if [ -n "$tracer" ]; then
	kill -INT $tracer
	wait $tracer || fail "trace-cmd record: $(tail -n 1 /tmp/trace.log)"
fi
echo menu >$gov
echo "LATENCY: $# idle phases of $phase_ms ms (governor:periods in s: $*)," \
	"$rounds hotplug rounds of CPUs" $others "; phases 2-$# recorded by trace-cmd"
echo "LATENCY: workload done at $(up) s"
for c in $others; do
	echo "hotplug cpu=$c count=$rounds"
done >$out/hotplug.txt
sh /collect.sh "" >$out/pmf-idle.txt
cat $out/hotplug.txt $out/cpuidle-base.txt >>$out/pmf-idle.txt

# cyclictest (rt-tests) as its users run it: a SCHED_FIFO thread of
# priority 95 per CPU (-p 95, -a: each on its CPU), memory locked (-m),
# waking every 10 ms (-d 0: each thread the same interval; long enough for
# the deepest state), every wake-up's latency (-v), 1000 loops (all stop
# when the first thread has done them; the report wants 500 of each for a
# p99); cyclictest holds /dev/cpu_dma_latency open at
# --latency for the run, as it does by default: PM QoS's own default
# (2000000000 us, no limit) with deep idle allowed, then 0 (its default:
# WFI only) with deep idle forbidden. Each file starts with its command.
loops=$((cyclic_seconds * 100))
for phase in allowed:2000000000 forbidden:0; do
	name=${phase%%:*}
	cmd="cyclictest -m -q -v -p 95 -t $ncpu -a -i 10000 -d 0 -l $loops --latency=${phase#*:}"
	echo "# $cmd" >"$out/cyclictest-$name.txt"
	$cmd >>"$out/cyclictest-$name.txt" 2>&1 ||
		fail "cyclictest ($name): $(tail -n 1 "$out/cyclictest-$name.txt")"
done
echo "LATENCY: cyclictest: $ncpu SCHED_FIFO threads of priority 95, $loops wake-ups each at 10 ms," \
	"deep idle allowed (cpu_dma_latency 2000000000 us) then forbidden (0 us)"

# Everything to the host through the port: one tar. The console gets the
# module's summary (a LAVA job's monitors read it), or without the port
# every line of the data (docs/linux.rst).
if [ -n "$port" ]; then
	(cd $out && tar -c -f - ./*) >"$port" && sync
	echo "LATENCY: wrote $(ls $out | tr '\n' ' ')($(du -sk $out | cut -f1) KiB) to $port"
fi
echo "LATENCY: BEGIN DATA"
if [ -n "$port" ]; then
	grep -v '^sample ' $out/pmf-idle.txt | sed 's/^/PMF_IDLE: /'
else
	sed 's/^/PMF_IDLE: /' $out/pmf-idle.txt
fi
echo "LATENCY: END DATA"
usleep 200000
finish
