#!/usr/bin/env python3
"""lava_run: run a qemu LAVA job on this machine with Debian's lava-run, no server.

Usage: lava_run.py --job JOB.yaml --work DIR --device-types DIR [--job-id N]
                   [--lava-run PATH]

What a LAVA server and worker would do for one job, without either:

1. The device dictionary DIR/devices/<name>.jinja2 (a device of the qemu
   device type, as a lab's admin writes one) is rendered with the job's
   context against lava-server's device-type templates (--device-types:
   /usr/share/lava-server/device-types of Debian's lava-server package) the
   way lava-server does it (lava_scheduler_app/environment.py and
   Device.load_configuration: a Jinja2 sandboxed environment, autoescape
   off, trim_blocks, the job's context as the variables): DIR/device.yaml.
2. lava-run (Debian's lava-dispatcher) runs the job with that device, as
   root, its output directory DIR/output. It keeps its downloads under
   /var/lib/lava/dispatcher/tmp/<job id>: in a mount namespace of its own
   (unshare --mount), DIR/var is bound there, so that the run leaves nothing
   outside DIR (without unshare, the directory lava-run itself removes at
   the end of the job is used).
3. Its log (one YAML mapping per line, as a LAVA server serves a job's
   log) is DIR/log.yaml; DIR/job-info.yaml names the job (id, device,
   device type, URL) the way `lavacli jobs show --yaml` does;
   DIR/results.yaml holds every test case: suite, case, result and, for
   the measurements, measurement and units.

Exit status: 0 only when LAVA says every test case passed, the job itself
included, the job has test cases of its own and, for the payload's job,
every test case the payload announced (each scenario's figures on each
core, each conformance section, the payload's verdict:
tools/lava/lava_log.py expected_cases()); 1 otherwise, each problem
printed; 2 on unusable arguments.
"""
import argparse
import os
import shutil
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.lava import lava_log  # LAVA job logs, shared with tools/rt_report

DEVICE = "n1fw-qemu-01"
# The device dictionary: what a lab says about one qemu device. The
# device type's template (qemu.jinja2) does the rest from the job context.
DEVICE_DICTIONARY = """{# A device of LAVA's qemu device type on this worker (tools/lava/lava_run.py). #}
{% extends 'qemu.jinja2' %}
"""


def render_device(work, device_types, context):
    import jinja2
    import jinja2.sandbox
    devices = os.path.join(work, "devices")
    os.makedirs(devices, exist_ok=True)
    with open(os.path.join(devices, DEVICE + ".jinja2"), "w", encoding="utf-8") as f:
        f.write(DEVICE_DICTIONARY)
    env = jinja2.sandbox.SandboxedEnvironment(
        loader=jinja2.FileSystemLoader([devices, device_types]), autoescape=False,
        trim_blocks=True)
    text = env.get_template(DEVICE + ".jinja2").render(**context)
    yaml.safe_load(text)  # it must be YAML, as lava-run reads it
    path = os.path.join(work, "device.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def run_lava(lava_run, work, job, device, job_id, timeout):
    out = os.path.join(work, "output")
    var = os.path.join(work, "var")
    os.makedirs(var, exist_ok=True)
    cmd = [lava_run, "--job-id", str(job_id), "--output-dir", out, "--device", device, job]
    if shutil.which("unshare") and os.path.isdir("/var/lib/lava") and subprocess.run(
            ["unshare", "--mount", "true"], capture_output=True, check=False).returncode == 0:
        cmd = ["unshare", "--mount", "sh", "-c",
               'mount --bind "$0" /var/lib/lava && exec "$@"', var] + cmd
    log_path = os.path.join(work, "log.yaml")
    with open(log_path + ".raw", "w", encoding="utf-8") as raw:
        try:
            rc = subprocess.run(cmd, stdout=raw, stderr=subprocess.STDOUT, timeout=timeout,
                                check=False).returncode
        except subprocess.TimeoutExpired:
            rc = 124
    # As a LAVA server serves it: a YAML list, one entry a line.
    with open(log_path + ".raw", encoding="utf-8", errors="replace") as raw, \
            open(log_path, "w", encoding="utf-8") as f:
        for line in raw:
            if line.startswith("{"):
                f.write("- " + line)
            elif line.strip():
                f.write("- " + yaml.safe_dump({"lvl": "error", "msg": line.rstrip("\n")},
                                               default_flow_style=True, width=10000))
    os.unlink(log_path + ".raw")
    return rc, log_path


def main(argv):
    p = argparse.ArgumentParser(prog="lava_run", description=__doc__.split("\n")[0])
    p.add_argument("--job", required=True, help="the job definition (tools/lava/lava_jobs.py)")
    p.add_argument("--work", required=True, help="the run's directory (emptied first)")
    p.add_argument("--device-types", required=True,
                   help="lava-server's device-type templates (qemu.jinja2, base.jinja2)")
    p.add_argument("--job-id", type=int, default=1)
    p.add_argument("--lava-run", default="/usr/bin/lava-run")
    a = p.parse_args(argv)
    if os.geteuid() != 0:
        print("lava_run: lava-run runs as root (it says so itself): run as root", file=sys.stderr)
        return 2
    for path, what in ((a.job, "job"), (os.path.join(a.device_types, "qemu.jinja2"),
                                        "device-type template"), (a.lava_run, "lava-run")):
        if not os.path.isfile(path):
            print(f"lava_run: {path}: no such {what}", file=sys.stderr)
            return 2
    with open(a.job, encoding="utf-8") as f:
        job = yaml.safe_load(f)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    job_copy = os.path.join(a.work, "job.yaml")
    shutil.copyfile(a.job, job_copy)
    device = render_device(a.work, a.device_types, job.get("context", {}))
    limit = lava_log.seconds(job["timeouts"]["job"]) + 60
    rc, log_path = run_lava(a.lava_run, a.work, job_copy, device, a.job_id, limit)
    with open(os.path.join(a.work, "job-info.yaml"), "w", encoding="utf-8") as f:
        yaml.safe_dump({"id": a.job_id, "device": DEVICE, "device_type": job.get("device_type"),
                        "description": job.get("job_name"),
                        "url": "file://" + os.path.abspath(a.work)}, f, sort_keys=False)
    problems = []
    try:
        log = lava_log.read(log_path, name=f"job {a.job_id}")
    except lava_log.LogError as e:
        print(f"lava_run: {e}", file=sys.stderr)
        return 1
    with open(os.path.join(a.work, "results.yaml"), "w", encoding="utf-8") as f:
        yaml.safe_dump(log.results, f, sort_keys=False, allow_unicode=True)
    problems += log.verdict_problems()
    if rc != 0:
        problems.append(f"lava-run exited {rc} (log: {log_path})")
    tests = [r for r in log.results if r["suite"] != "lava"]
    measured = [r for r in tests if "measurement" in r]
    for pr in problems:
        print(f"lava_run: {pr}", file=sys.stderr)
    print(f"lava_run: job {a.job_id} on {DEVICE}: {len(tests)} test cases "
          f"({len(measured)} measurements), {sum(r['result'] == 'pass' for r in tests)} passed; "
          f"{'PASS' if not problems else 'FAIL'} (results: {a.work}/results.yaml)")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
