#!/usr/bin/env python3
"""runs: one directory per run, for make run and make bench.

Usage: runs.py report|bench --runs DIR --variant NAME --plat PLAT --config CONFIG_MK
                [--run-options "NAME=VALUE..."] [--cc CC] [--runtime-only "NAMES"]
                [--baseline RUN_DIR] [--force] [--fail-above PCT] [--timeout S]
                [--extra "QEMU ARGS"] [--flash FILE] [--quiet]
       runs.py latest-pass --runs DIR --variant NAME

NAME is short (build type, toolchain and a hash of the options not at
their default); --run-options lists those options, for the provenance.

Checks the baseline first (before anything runs), makes
DIR/NAME-YYYYmmdd-HHMMSS/ (bench runs: DIR/bench-NAME-...), points
DIR/latest (bench: DIR/latest-bench) at it, boots the build through
its platform's runner (tools/qemu_run, tools/fvp_run) with the console
going to its console.log, then writes the
report into it (rt_report, or bench_report for make bench). --quiet
prints neither the console nor the report (make compare's baseline run).
A make run of the same inputs as the variant's last run (flash image,
resolved configuration, QEMU arguments: their hash is the run's
inputs.sha256), which passed, and without a baseline, is as quiet: it
says in one line that nothing changed and whether the figures are the
same, and prints the report only if they are not. A run that
fails leaves its own complete record there: console, the figures it got,
the verdict (report.json / bench.json); nothing of another run is mixed in.

latest-pass prints the newest run directory of variant NAME whose
verdict is PASS (make docs publishes it), or exits 1 when there is none.

Exit status: the report tool's (0: every check passed and no regression
beyond --fail-above), or the runner's when the report tool found nothing
wrong; 2 on a bad baseline or arguments.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys

from tools.common import module
from tools.common.config_mk import read_config
from tools.rt_report import bench_report, rt_report

# What boots a build: its platform's runner (PLAT_RUNNER in config.mk,
# make_helpers/plat.mk), the one description of the machine
# (tools/qemu_run, tools/fvp_run), which take the same options.
RUNNERS = {"qemu": "tools.qemu_run.qemu_run", "fvp": "tools.fvp_run.fvp_run",
           # n1fw's N1SDP model: QEMU with the model's machine (QEMU_BOOT in config.mk)
           "n1sdp-model": "tools.qemu_run.qemu_run"}
RESULT = {"report": "report.json", "bench": "bench.json"}
LATEST = {"report": "latest", "bench": "latest-bench"}


def fail(msg, code=2):
    print(f"runs: {msg}", file=sys.stderr)
    sys.exit(code)


def check_baseline(kind, path):
    """The baseline's real directory (a `latest` link is resolved now, before
    this run moves it), or exit 2 saying why it is not one."""
    if not os.path.isdir(path):
        fail(f"BASELINE={path}: no such directory")
    real = os.path.realpath(path)
    result = os.path.join(real, RESULT[kind])
    try:
        with open(result, encoding="utf-8") as f:
            json.load(f)
    except OSError:
        other = [k for k, v in RESULT.items() if k != kind and os.path.isfile(os.path.join(real, v))]
        hint = f" (it is a make {'run' if other == ['report'] else 'bench'} directory)" if other else \
            " (not a run directory of make run or make bench)"
        fail(f"BASELINE={path}: no {RESULT[kind]}{hint}")
    except ValueError as e:
        fail(f"BASELINE={path}: {RESULT[kind]} is not JSON: {e}")
    return real


def new_run_dir(runs, name, link):
    """runs/name-TIME (-2, -3... if that second is taken), and runs/link -> it."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    os.makedirs(runs, exist_ok=True)
    base = os.path.join(runs, f"{name}-{stamp}")
    path, n = base, 1
    while True:
        try:
            os.mkdir(path)
            break
        except FileExistsError:
            n += 1
            path = f"{base}-{n}"
    tmp = os.path.join(runs, f".{link}.tmp")
    if os.path.lexists(tmp):
        os.unlink(tmp)
    os.symlink(os.path.basename(path), tmp)
    os.replace(tmp, os.path.join(runs, link))
    return path


RUN_NAME = re.compile(r"-\d{8}-\d{6}(?:-\d+)?$")


def latest_pass(runs, variant):
    """The newest directory of @runs named @variant-TIME whose report.json
    says PASS and holds figures, or None."""
    try:
        names = os.listdir(runs)
    except OSError:
        return None
    for name in sorted((n for n in names if n.startswith(variant + "-") and
                        RUN_NAME.fullmatch(n[len(variant):])), reverse=True):
        try:
            with open(os.path.join(runs, name, "report.json"), encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError):
            continue
        if data.get("verdict") == "PASS" and data.get("scenarios"):
            return os.path.join(runs, name)
    return None


INPUTS = "inputs.sha256"


def inputs_hash(config, flash, extra, run_options):
    """What a run boots and how, as one SHA-256: the flash image's bytes,
    the build's resolved configuration, the QEMU arguments and options."""
    h = hashlib.sha256()
    for path in (flash, config):
        with open(path, "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    h.update(f"{extra}\0{run_options}".encode())
    return h.hexdigest()


def same_as_last(runs, link, digest):
    """The variant's last run (@runs/@link, before this one) if it booted
    the same inputs (@digest) and passed, else None."""
    last = os.path.join(runs, link)
    try:
        with open(os.path.join(last, INPUTS), encoding="utf-8") as f:
            if f.read().strip() != digest:
                return None
        with open(os.path.join(last, "report.json"), encoding="utf-8") as f:
            if json.load(f).get("verdict") != "PASS":
                return None
    except (OSError, ValueError):
        return None
    return os.path.realpath(last)


def scenarios_of(run):
    with open(os.path.join(run, "report.json"), encoding="utf-8") as f:
        return json.load(f).get("scenarios")


def main(argv):
    if argv[:1] == ["latest-pass"]:
        p = argparse.ArgumentParser(prog="runs latest-pass")
        p.add_argument("--runs", required=True)
        p.add_argument("--variant", required=True)
        a = p.parse_args(argv[1:])
        found = latest_pass(a.runs, a.variant)
        if found is None:
            return 1
        print(found)
        return 0
    p = argparse.ArgumentParser(prog="runs")
    p.add_argument("kind", choices=sorted(RESULT))
    p.add_argument("--runs", required=True)
    p.add_argument("--variant", required=True)
    p.add_argument("--run-options", default="")
    p.add_argument("--plat", required=True)
    p.add_argument("--config", required=True)
    p.add_argument("--cc")
    p.add_argument("--runtime-only", default="")
    p.add_argument("--baseline")
    p.add_argument("--force", action="store_true")
    p.add_argument("--fail-above", type=float)
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--extra", default="")
    p.add_argument("--flash")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)

    baseline = check_baseline(a.kind, a.baseline) if a.baseline else None
    name = a.variant if a.kind == "report" else f"bench-{a.variant}"
    try:
        runner = read_config(a.config).get("PLAT_RUNNER", "none")
        flash = a.flash or os.path.join(os.path.dirname(a.config), "flash.bin")
        digest = inputs_hash(a.config, flash, a.extra, a.run_options) \
            if os.path.isfile(flash) else None
    except OSError as e:
        fail(f"{a.config}: {e.strerror} (build first)")
    # Nothing changed since the last run that passed: no console, no report
    # unless the figures moved (under -icount they cannot).
    last = same_as_last(a.runs, LATEST[a.kind], digest) \
        if a.kind == "report" and digest and not a.quiet and not baseline else None
    quiet = a.quiet or last is not None
    run = new_run_dir(a.runs, name, LATEST[a.kind])
    log = os.path.join(run, "console.log")
    if digest:
        with open(os.path.join(run, INPUTS), "w", encoding="utf-8") as f:
            f.write(digest + "\n")
    if runner not in RUNNERS:
        fail(f"PLAT={a.plat} has no runner here: run it on the board and report its console "
             "with tools/rt_report/rt_report.py")
    cmd = module.command(RUNNERS[runner]) + ["--config", a.config, "--timeout", str(a.timeout),
           "--log", log] + ([f"--extra={a.extra}"] if runner in ("qemu", "n1sdp-model") else [])
    if a.kind == "report" and not quiet:
        cmd.append("--show-cmd")
    else:
        cmd.append("--quiet")
    if a.flash:
        cmd += ["--flash", a.flash]
    rc = subprocess.run(cmd, check=False, env=module.env()).returncode

    common = (["--model"] if runner == "n1sdp-model" else []) + [
              "--config", a.config, "--runtime-only", a.runtime_only,
              "--exit-status", str(rc), "--run", os.path.basename(run),
              "--run-options", a.run_options]
    if a.cc:
        common += ["--cc", a.cc]
    if baseline:
        common += ["--baseline", baseline]
    if a.force:
        common.append("--force")
    if a.fail_above is not None:
        common += ["--fail-above", str(a.fail_above)]
    if a.kind == "report":
        if quiet:
            common.append("--quiet")
        result = rt_report.main(["rt_report.py", log, run, a.plat] + common)
        if last is not None and not a.quiet:
            same = result == 0 and scenarios_of(run) == scenarios_of(last)
            print(f"make run: nothing changed since {os.path.basename(last)} (the same flash "
                  "image, configuration and QEMU arguments): " +
                  ("the same figures" if same else "the figures differ:" if result == 0 else
                   "this run failed"))
            if result == 0 and not same:
                with open(os.path.join(run, f"psci-performance-{a.plat}.rst"),
                          encoding="utf-8") as f:
                    print(f.read(), end="")
    else:
        result = bench_report.main([log, run, a.plat] + common + (["--quiet"] if a.quiet else []))
    return result if result else (rc if rc != 0 else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
