#!/usr/bin/env bash
# LAVA (docs/perf/lava.rst), on make check's own qemu build:
#  - make lava-jobs for qemu, fvp and n1sdp writes jobs that LAVA's schema
#    (lava_common.schemas, Debian's lava-common) accepts, each platform's
#    machine from its one description (tools/qemu_run, tools/fvp_run);
#  - LAVA's schema refuses a job with a broken action;
#  - make lava-run runs the qemu job under Debian's lava-run, no server: every
#    scenario x core x figure a measurement test case in µs, every
#    conformance section and the payload's verdict a test case, all passed;
#    the measurements are the report's own medians;
#  - a job whose test case fails makes lava_run fail, naming it;
#  - rt_report aggregates three lava-run jobs; the log parser's host tests
#    (tests/host/lava_report_test.py: malformed, truncated, refused logs).
# Usage: lava_test.sh BUILD_BASE (make check's, with the qemu release build)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
base=$(cd "$1" && pwd)
build=$base/qemu/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python=$(command -v /usr/bin/python3 || command -v python3)
# Debian's python3 (lava-common, yaml), the tree's package on its path.
pym() { PYTHONPATH=$top "$python" -m "$@"; }
types=${DEPS_DIR:-$base/deps}/lava-server/root/usr/share/lava-server/device-types
url=https://artifacts.invalid/n1fw/42

# --- the jobs of the three platforms -------------------------------------
make -C "$top" BUILD_BASE="$base" lava-jobs >"$work/jobs-qemu.log" 2>&1
rc=$?
qjob=$base/qemu/lava/rt-instr.yaml
check "make lava-jobs: the qemu job, accepted by LAVA's schema" \
	bash -c "[ $rc -eq 0 ] && grep -q 'rt-instr.yaml: valid (LAVA job schema)' '$work/jobs-qemu.log'"
declare -A lab=([fvp]="LAVA_DEVICE_TYPE=fvp-base-revc" [n1sdp]="LAVA_TAGS=rev-b lab-a")
for plat in fvp n1sdp; do
	# The lab's images (IMAGES_URL=): nothing of these platforms is built.
	make -C "$top" BUILD_BASE="$work/other" PLAT=$plat IMAGES_URL=$url "${lab[$plat]}" lava-jobs \
		>"$work/jobs-$plat.log" 2>&1
	rc=$?
	check "make lava-jobs PLAT=$plat IMAGES_URL=: accepted by LAVA's schema" \
		bash -c "[ $rc -eq 0 ] && grep -q 'rt-instr.yaml: valid (LAVA job schema)' '$work/jobs-$plat.log'"
done
fjob=$work/other/fvp/lava/rt-instr.yaml
njob=$work/other/n1sdp/lava/rt-instr.yaml
"$python" - "$qjob" "$fjob" "$njob" "$url" >"$work/shape.log" 2>&1 <<'EOF'
import sys, yaml
q, f, n = (yaml.safe_load(open(p)) for p in sys.argv[1:4])
url = sys.argv[4]
act = lambda job, kind: [a[kind] for a in job["actions"] if kind in a]
assert [j["device_type"] for j in (q, f, n)] == ["qemu", "fvp-base-revc", "n1sdp"]
assert "tags" not in q and n["tags"] == ["rev-b", "lab-a"], n.get("tags")
# The same monitors in every job.
mon = [act(j, "test")[0]["monitors"] for j in (q, f, n)]
assert mon[0] == mon[1] == mon[2] and [m["name"] for m in mon[0]] == \
    ["rt-instr-latency", "conformance", "payload"], mon[0]
assert act(q, "deploy")[0]["images"]["flash"]["image_arg"] == "-bios {flash}"
assert act(f, "deploy")[0]["images"]["bl1"]["url"] == url + "/bl1.bin"
assert act(f, "boot")[0]["method"] == "fvp"
d = act(n, "deploy")[0]
assert d["to"] == "flasher" and d["namespace"] == "recovery"
assert d["images"]["recovery_image"] == {"url": url + "/n1sdp-recovery.zip", "compression": "zip"}
assert [b["method"] for b in act(n, "boot")] == ["minimal", "new_connection"]
assert act(n, "test")[0]["namespace"] == "ap"
print("\n".join(act(f, "boot")[0]["arguments"]))
EOF
check "the three jobs: one set of monitors; LAVA_DEVICE_TYPE, LAVA_TAGS; qemu -bios, fvp's images at IMAGES_URL, n1sdp's flasher and AP console" \
	bash -c "[ $? -eq 0 ]"
# The FVP's parameters: tools/fvp_run's (docs/plat/fvp.rst), its console on telnet.
pym tools.fvp_run.fvp_run --config "$work/other/fvp/release/config.mk" --print-cmd |
	tr ' ' '\n' | tr -d "'" | grep -E '^[a-z].*=' | grep -vE 'pl011_uart0|start_telnet' |
	sed -e "s|=.*/bl1.bin|={BL1}|" -e "s|=.*/fip.bin|={FIP}|" -e 's/^/-C /' >"$work/fvp-want"
check "fvp: the job's model parameters are fvp_run's, UART0 on the telnet port LAVA reads" \
	bash -c "[ \$(wc -l <'$work/fvp-want') -eq 9 ] && grep -vxF -f '$work/shape.log' '$work/fvp-want' |
		{ ! grep -q .; } && grep -qx -- '-C bp.terminal_0.start_telnet=1' '$work/shape.log'"

# The Linux job, from make linux-latency's boot recipe (its boot.env, as
# that target writes it): stand-in kernel and initramfs.
head -c 4096 /dev/urandom >"$work/vmlinuz-6.1.0-0-arm64"
head -c 4096 /dev/urandom >"$work/initrd.gz"
cat >"$work/boot.env" <<EOF
# make linux-latency's boot, linux-image-6.1.0-0-arm64
KERNEL=$work/vmlinuz-6.1.0-0-arm64
INITRD=$work/initrd.gz
FLASH=$build/flash.bin
APPEND='console=ttyAMA0 quiet panic=-1 n1fw.seconds=20 n1fw.reloads=100 n1fw.mode=latency'
EOF
pym tools.lava.lava_jobs --config "$build/config.mk" --out "$work/linux" \
	--linux "$work/boot.env" >"$work/linux.log" 2>&1 &&
	pym tools.lava.validate "$work/linux/linux-latency.yaml" >>"$work/linux.log" 2>&1
rc=$?
check "the Linux job from make linux-latency's boot recipe: accepted by LAVA's schema" \
	bash -c "[ $rc -eq 0 ] && grep -q 'linux-latency.yaml: valid' '$work/linux.log' &&
		grep -qF -- 'image_arg: -kernel {kernel}' '$work/linux/linux-latency.yaml' &&
		grep -qF -- \"-append 'console=ttyAMA0 quiet panic=-1 n1fw.seconds=20\" '$work/linux/linux-latency.yaml' &&
		! grep -q -- -icount '$work/linux/linux-latency.yaml' &&
		grep -qE '^      minutes: 7$' '$work/linux/linux-latency.yaml'"

# The N1SDP recovery image: a stand-in board bundle (its SCP RAM firmware
# FIP with a BL1 blob, a FIP, the MCC's configuration) made into the one
# the job deploys, with a stand-in build's BL1 and FIP.
fiptool=$base/tools/fiptool/fiptool
mkdir -p "$work/bundle/SOFTWARE" "$work/bundle/MB/HBI0316A" "$work/fake" "$work/recovery"
head -c 1000 /dev/urandom >"$work/scp_ram.bin"
head -c 500 /dev/urandom >"$work/old_bl1.bin"
head -c 3000 /dev/urandom >"$work/bundle/SOFTWARE/fip.bin"
echo "the board's configuration" >"$work/bundle/MB/HBI0316A/io_v123f.txt"
head -c 700 /dev/urandom >"$work/fake/bl1.bin"
head -c 2000 /dev/urandom >"$work/fake/fip.bin"
blob=uuid=cfacc2c4-15e8-4668-82be-430a38fad705
"$fiptool" create --scp-fw "$work/scp_ram.bin" --blob "$blob,file=$work/old_bl1.bin" \
	"$work/bundle/SOFTWARE/scp_fw.bin" >/dev/null
(cd "$work/bundle" && "$python" -m zipfile -c ../bundle.zip SOFTWARE MB)
PYTHONPATH=$top "$python" -c "import sys; from tools.lava import lava_jobs
lava_jobs.n1sdp_recovery(*sys.argv[1:])" "$work/bundle.zip" \
	"$work/recovery.zip" "$work/fake" "$fiptool" &&
	(cd "$work/recovery" && "$python" -m zipfile -e ../recovery.zip . &&
		"$fiptool" unpack --blob "$blob,file=bl1.bin" --scp-fw scp_ram.bin SOFTWARE/scp_fw.bin)
check "n1sdp: the recovery image is the bundle with this build's FIP, and its BL1 in scp_fw.bin" \
	bash -c "cmp -s '$work/recovery/SOFTWARE/fip.bin' '$work/fake/fip.bin' &&
		cmp -s '$work/recovery/bl1.bin' '$work/fake/bl1.bin' &&
		cmp -s '$work/recovery/scp_ram.bin' '$work/scp_ram.bin' &&
		cmp -s '$work/recovery/MB/HBI0316A/io_v123f.txt' '$work/bundle/MB/HBI0316A/io_v123f.txt'"

# --- a broken action is refused ------------------------------------------
"$python" - "$qjob" "$work" <<'EOF'
import sys, yaml, copy
job = yaml.safe_load(open(sys.argv[1]))
def broken(name, edit):
    j = copy.deepcopy(job)
    edit(j)
    yaml.safe_dump(j, open(f"{sys.argv[2]}/broken-{name}.yaml", "w"))
broken("boot", lambda j: j["actions"][1]["boot"].update(medium="tmpfs"))
broken("monitor", lambda j: j["actions"][2]["test"]["monitors"][0].pop("pattern"))
broken("deploy", lambda j: j["actions"][0]["deploy"].pop("images"))
EOF
pym tools.lava.validate --expect-invalid "$work"/broken-*.yaml >"$work/broken.log" 2>&1
rc=$?
check "LAVA's schema refuses a job with a broken boot, monitor or deploy action, naming it" \
	bash -c "[ $rc -eq 0 ] && grep -q 'broken-boot.yaml: refused: extra keys not allowed (at actions\[1\]/boot/qemu/medium)' '$work/broken.log' &&
		grep -q 'broken-monitor.yaml: refused: required key not provided (at actions\[2\]/test/monitor/monitors/0/pattern)' '$work/broken.log' &&
		grep -q 'broken-deploy.yaml: refused: .*images' '$work/broken.log'"
pym tools.lava.validate "$work/broken-boot.yaml" >/dev/null 2>&1
check "validate.py fails on a job LAVA refuses" [ $? -eq 1 ]

# --- the qemu job under lava-run -----------------------------------------
make -C "$top" BUILD_BASE="$base" lava-run >"$work/lava-run.log" 2>&1
rc=$?
run=$base/qemu/lava/run
check "make lava-run: LAVA says every test case passed" \
	bash -c "[ $rc -eq 0 ] && grep -q '^lava_run: job 1 on n1fw-qemu-01: .*; PASS' '$work/lava-run.log'"
# The payload's sections, as it counts them on the console.
sections=$(grep -oE 'CONFORMANCE: [0-9]+ sections' "$run/log.yaml" | head -n 1 | grep -oE '[0-9]+')
"$python" - "$run/results.yaml" "${sections:-0}" >"$work/results.log" 2>&1 <<'EOF'
import sys, yaml
res = yaml.safe_load(open(sys.argv[1]))
sections = int(sys.argv[2])
by = lambda s: [r for r in res if r["suite"] == s]
lat, conf, pay = by("rt-instr-latency"), by("conformance"), by("payload")
assert len(lat) == 5 * 3 * 4 + 4, len(lat)
assert all(r["units"] == "us" and r["measurement"] > 0 and r["result"] == "pass" for r in lat)
assert {r["case"] for r in lat if "c1_1" in r["case"]} >= {
    "test_rt_instr_cpu_susp_serial_c1_1_cache_flush", "test_rt_instr_psci_version_parallel_c1_1_latency"}
assert sections >= 14 and len(conf) == sections and all(r["result"] == "pass" for r in conf), conf
assert [(r["case"], r["result"]) for r in pay] == [("result", "pass")]
assert [r["result"] for r in by("lava") if r["case"] == "job"] == ["pass"]
print(len(lat), len(conf))
EOF
check "results.yaml: 64 measurements (6 scenarios x 4 cores, each figure) in us, the payload's ${sections:-?} conformance sections, its verdict" \
	bash -c "[ $? -eq 0 ]"
grep -F "Boot command:" "$run/log.yaml" >"$work/boot-cmd"
pym tools.qemu_run.qemu_run --config "$build/config.mk" --print-cmd |
	sed -e 's/ -nic none//' -e 's/ -bios [^ ]*//' | tr ' ' '\n' | tail -n +2 >"$work/machine"
check "lava-run's QEMU has every argument of tools/qemu_run's machine" \
	bash -c "[ \$(wc -l <'$work/machine') -ge 12 ] && while read -r a; do grep -qF -- \" \$a\" '$work/boot-cmd' || exit 1; done <'$work/machine'"
# docs/perf/lava.rst's command, as printed (the job's directory; a lab's
# build is not at hand).
make -C "$top" --no-print-directory BUILD_BASE="$base" report LOG="$run" REPORT_CONFIG=none \
	REPORT_OUT="$work/report" >"$work/report.log" 2>&1
rc=$?
"$python" - "$work/report/report.json" "$run/results.yaml" <<'EOF'
import json, sys, yaml
rep = json.load(open(sys.argv[1]))
res = {r["case"]: r for r in yaml.safe_load(open(sys.argv[2])) if r["suite"] == "rt-instr-latency"}
assert rep["provenance"]["lava"]["device"] == "n1fw-qemu-01", rep["provenance"]["lava"]
n = 0
for sc in rep["scenarios"]:
    for row in sc["rows"]:
        for figure, f in row["figures"].items():
            case = f"{sc['name']}_c{row['cluster']}_{row['core']}_{figure.lower().replace(' ', '_')}"
            assert abs(res[case]["measurement"] * 1000 - f["median_ns"]) < 0.5, (case, f, res[case])
            n += 1
assert n == 64, n
EOF
check "make report LOG=<job> REPORT_CONFIG=none reads the job's log.yaml: its medians are LAVA's measurements" \
	bash -c "[ $rc -eq 0 ] && [ $? -eq 0 ]"

# --- a failing test case fails the run -----------------------------------
"$python" -c "
import sys, yaml
j = yaml.safe_load(open(sys.argv[1]))
j['actions'][2]['test']['monitors'][1]['fixupdict'] = {'PASS': 'fail', 'FAIL': 'fail'}
yaml.safe_dump(j, open(sys.argv[2], 'w'))" "$qjob" "$work/failing.yaml"
pym tools.lava.lava_run --job "$work/failing.yaml" --work "$work/failing" --device-types "$types" \
	--job-id 9 >"$work/failing.log" 2>&1
rc=$?
check "lava_run fails when LAVA says a test case failed, naming it" \
	bash -c "[ $rc -eq 1 ] && grep -q 'job 9: conformance/cpu_suspend: fail (log line' '$work/failing.log'"

# --- three jobs, one report ----------------------------------------------
for id in 2 3; do
	pym tools.lava.lava_run --job "$qjob" --work "$work/job-$id" --device-types "$types" \
		--job-id $id >"$work/job-$id.log" 2>&1
	check "lava_run: job $id passes" [ $? -eq 0 ]
done
pym tools.rt_report.rt_report --jobs "$run" "$work/job-2" "$work/job-3" \
	--out "$work/agg" --quiet >"$work/agg.log" 2>&1
rc=$?
check "rt_report --jobs over three lava-run jobs: per core median, spread 0 under -icount, 3 jobs" \
	bash -c "[ $rc -eq 0 ] && grep -q '^rt_report: 3 jobs on 1 board(s)' '$work/agg.log' &&
		grep -qE '^n1fw-qemu-01 +1 +1 +[0-9]+\.[0-9]{2} \(0\.00, 3\)' '$work/agg/lava-jobs.rst'"

pym tools.rt_report.schema "$run/results.yaml" "$work/report" "$work/agg" >"$work/schema.log" 2>&1
check "LAVA's results carry their units, the reports' figures theirs (no µs over ns)" \
	bash -c "[ $? -eq 0 ]"

sub_suite "lava logs in the report" pym tests.host.lava_report_test
summary
