#!/bin/sh
# /init of the Linux boot test: checks what Linux does with our PSCI and
# prints "LINUX: PASS <what>" / "LINUX: FAIL <what>: <why>", then ends with
# poweroff -f or reboot -f (kernel command line n1fw.end=poweroff|reboot;
# n1fw.psci=MAJOR.MINOR is the PSCI version the firmware reports).
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs dev /dev 2>/dev/null
echo "LINUX: init started"
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "LINUX: PASS $1"; }
fail() { failed=$((failed + 1)); echo "LINUX: FAIL $1"; }

end=poweroff
psci=unknown
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	n1fw.end=*) end=${arg#n1fw.end=} ;;
	n1fw.psci=*) psci=${arg#n1fw.psci=} ;;
	esac
done

dmesg | grep -q "psci: PSCIv$psci detected in firmware" && pass "Linux detects PSCI $psci" ||
	fail "Linux detects PSCI $psci: $(dmesg | grep -m1 psci:)"
dmesg | grep -q "psci: SMC Calling Convention v1.5" && pass "Linux sees SMCCC v1.5" ||
	fail "Linux sees SMCCC v1.5"

# SMCCC_ARCH_SOC_ID: Linux's soc_id driver registers the SoC the firmware
# names (QEMU's, as the platform states it: JEP-106 bank 0, code 0, SoC 0,
# revision 0; the formats of Linux's SMCCC soc_id driver).
soc=/sys/devices/soc0
echo "LINUX: soc0: family $(cat $soc/family 2>/dev/null), soc_id $(cat $soc/soc_id 2>/dev/null), revision $(cat $soc/revision 2>/dev/null)"
[ "$(cat $soc/family 2>/dev/null)" = jep106:0000 ] && [ "$(cat $soc/soc_id 2>/dev/null)" = jep106:0000:0000 ] &&
	[ "$(cat $soc/revision 2>/dev/null)" = 0x00000000 ] && pass "soc0 is the SoC the firmware names" ||
	fail "soc0 is the SoC the firmware names: $(dmesg | grep -m1 'SOC_ID')"
# What Linux concluded from the CPU and the firmware's SMCCC_ARCH_FEATURES answers.
for v in /sys/devices/system/cpu/vulnerabilities/*; do
	echo "LINUX: vulnerability ${v##*/}: $(cat "$v")"
done

cpus=/sys/devices/system/cpu
online=$(cat $cpus/online)
[ "$online" = "0-3" ] && pass "all 4 CPUs online" || fail "all 4 CPUs online: online=$online"

if [ "$end" = poweroff ]; then
	bad=0
	for round in $(seq 1 20); do
		for c in 1 2 3; do
			for v in 0 1; do
				if ! echo $v >$cpus/cpu$c/online; then
					fail "round $round: echo $v > cpu$c/online failed"
					bad=$((bad + 1))
				fi
				got=$(cat $cpus/cpu$c/online)
				if [ "$got" != $v ]; then
					fail "round $round: cpu$c/online reads $got after writing $v"
					bad=$((bad + 1))
				fi
			done
		done
	done
	[ $bad -eq 0 ] && pass "20 rounds of hotplug of CPUs 1-3 (60 off/on pairs)"
	online=$(cat $cpus/online)
	[ "$online" = "0-3" ] && pass "all 4 CPUs online after hotplug" ||
		fail "all 4 CPUs online after hotplug: online=$online"
	for msg in "failed to boot" "may not have shut down cleanly" "unable to power off"; do
		if dmesg | grep -q "$msg"; then
			fail "dmesg has '$msg': $(dmesg | grep -m1 "$msg")"
		else
			pass "dmesg has no '$msg'"
		fi
	done

	driver=$(cat $cpus/cpuidle/current_driver 2>/dev/null)
	[ "$driver" = psci_idle ] && pass "cpuidle driver is psci_idle" ||
		fail "cpuidle driver is psci_idle: it is '$driver'"
	# Let every CPU idle for a while, then read the usage of each state.
	sleep 3
	for s in 1 2; do
		name=$(cat $cpus/cpu0/cpuidle/state$s/name 2>/dev/null)
		total=0
		for c in 0 1 2 3; do
			u=$(cat $cpus/cpu$c/cpuidle/state$s/usage 2>/dev/null || echo 0)
			total=$((total + u))
		done
		echo "LINUX: idle state$s ($name): usage $total"
		[ "$total" -gt 0 ] && pass "idle state $name entered ($total times)" ||
			fail "idle state $s ($name) never entered"
	done
fi

echo "LINUX: $passed passed, $failed failed"
echo "LINUX: calling $end -f"
$end -f
echo "LINUX: FAIL $end -f returned"
