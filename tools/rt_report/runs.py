#!/usr/bin/env python3
"""runs: one directory per run, for make run and make bench.

Usage: runs.py report|bench --runs DIR --variant NAME --plat PLAT --config CONFIG_MK
                [--cc CC] [--runtime-only "NAMES"] [--baseline RUN_DIR] [--force]
                [--fail-above PCT] [--timeout S] [--extra "QEMU ARGS"] [--flash FILE]
                [--quiet]

Checks the baseline first (before anything runs), makes
DIR/NAME-YYYYmmdd-HHMMSS/ (bench runs: DIR/bench-NAME-...), points
DIR/latest (bench: DIR/latest-bench) at it, boots the build through
tools/qemu_run with the console going to its console.log, then writes the
report into it (rt_report, or bench_report for make bench). --quiet
prints neither the console nor the report (make compare's baseline run). A run that
fails leaves its own complete record there: console, the figures it got,
the verdict (report.json / bench.json); nothing of another run is mixed in.

Exit status: the report tool's (0: every check passed and no regression
beyond --fail-above), or QEMU's when the report tool found nothing wrong;
2 on a bad baseline or arguments.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_report  # noqa: E402
import rt_report  # noqa: E402

QEMU_RUN = os.path.join(HERE, "..", "qemu_run", "qemu_run.py")
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


def main(argv):
    p = argparse.ArgumentParser(prog="runs")
    p.add_argument("kind", choices=sorted(RESULT))
    p.add_argument("--runs", required=True)
    p.add_argument("--variant", required=True)
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
    run = new_run_dir(a.runs, name, LATEST[a.kind])
    log = os.path.join(run, "console.log")
    cmd = [sys.executable, QEMU_RUN, "--config", a.config, "--timeout", str(a.timeout),
           "--extra", a.extra, "--log", log]
    if a.kind == "report" and not a.quiet:
        cmd.append("--print-cmd")
    else:
        cmd.append("--quiet")
    if a.flash:
        cmd += ["--flash", a.flash]
    rc = subprocess.run(cmd, check=False).returncode

    common = ["--config", a.config, "--runtime-only", a.runtime_only,
              "--exit-status", str(rc), "--run", os.path.basename(run)]
    if a.cc:
        common += ["--cc", a.cc]
    if baseline:
        common += ["--baseline", baseline]
    if a.force:
        common.append("--force")
    if a.fail_above is not None:
        common += ["--fail-above", str(a.fail_above)]
    if a.kind == "report":
        if a.quiet:
            common.append("--quiet")
        result = rt_report.main(["rt_report.py", log, run, a.plat] + common)
    else:
        result = bench_report.main([log, run, a.plat] + common + (["--quiet"] if a.quiet else []))
    return result if result else (rc if rc != 0 else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
