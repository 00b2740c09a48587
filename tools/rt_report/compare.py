#!/usr/bin/env python3
"""compare: make compare REF=<git ref>, the report and make bench of this
tree against those of another revision, under the same options.

Usage: compare.py --ref REF --work DIR --current BUILD_DIR --build-type TYPE
                  --plat PLAT --runs RUNS_DIR --variant NAME [--cc CC]
                  [--runtime-only NAMES] [--timeout S] [--extra ARGS]
                  [--fail-above PCT] [--force] [-- NAME=VALUE...]

Checks REF out in a git worktree of its own, DIR/<commit>/src (removed,
with REF's build, when the compare ends; the runs stay), builds it
into DIR/<commit>/build with the NAME=VALUE options given (the make
command line's, so both builds have the same options), then boots both
through this tree's tools/qemu_run, each run in a directory of its own
under RUNS_DIR (tools/rt_report/runs.py; REF's named ref-<commit>-NAME),
the latency report first, then make bench. This tree's runs take REF's as
their baseline: every figure that moved by more than 2% carries its delta
in the published form, the baseline's table follows each table, the plots
have both bars. A figure worse than REF's by more than --fail-above %
(default 5) is a regression.

Exit status: 0 when both runs passed and nothing regressed; 1 when a
figure regressed or this tree's run failed; 2 when REF is not a commit,
cannot be built or its run failed (nothing to compare with).
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

from tools.common import module

RUNS = "tools.rt_report.runs"


def fail(msg, code=2):
    print(f"compare: {msg}", file=sys.stderr)
    sys.exit(code)


def git(*args, check=True):
    r = subprocess.run(["git"] + list(args), capture_output=True, text=True, check=False)
    if check and r.returncode != 0:
        fail(f"git {' '.join(args)}: {r.stderr.strip()}")
    return r


def worktree(ref, work):
    """REF's commit and its worktree (made or moved to it)."""
    r = git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", check=False)
    if r.returncode != 0:
        fail(f"REF={ref}: not a commit of this repository")
    sha = r.stdout.strip()
    short = sha[:12]
    root = os.path.join(os.path.abspath(work), short)
    src = os.path.join(root, "src")
    git("worktree", "prune")
    if os.path.isdir(src) and git("-C", src, "rev-parse", "HEAD", check=False).stdout.strip() == sha:
        print(f"compare: REF={ref} is {short}, checked out in {src}")
    else:
        if os.path.isdir(src):
            git("worktree", "remove", "--force", src, check=False)
        os.makedirs(root, exist_ok=True)
        git("worktree", "add", "--detach", src, sha)
        print(f"compare: REF={ref} is {short}, checked out in {src}")
    return sha, short, root, src


def make_env():
    """The environment for REF's make: not this make's command line, which
    MAKEFLAGS carries (REF's Makefile may not know REF=, FAIL_ABOVE=...)."""
    env = dict(os.environ)
    for k in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES"):
        env.pop(k, None)
    return env


def build(src, base, variables, targets):
    cmd = ["make", "-C", src, "--no-print-directory", "-j2", f"BUILD_BASE={base}"] + \
        variables + targets
    print("compare: " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, env=make_env(), check=False).returncode


def machine_facts(config, plat, variables):
    """Give REF's config.mk the facts of its machine this tree's runner reads
    where REF's build did not write them (a revision older than
    make_helpers/plat.mk: no PLAT_RUNNER, QEMU_MACHINE...): this tree's
    make plat-info states them for the same options. REF then runs on the
    machine this tree's runs do, as tools/qemu_run boots both anyway. Its
    options are not touched: a name plat-info calls a build option is left
    out."""
    try:
        with open(config, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return
    have = set(re.findall(r"^([A-Za-z0-9_]+) :?=", text, re.M))
    r = subprocess.run(["make", "-s", "--no-print-directory", "-C", module.TOP,
                        f"PLAT={plat}"] + variables + ["plat-info"],
                       capture_output=True, text=True, env=make_env(), check=False)
    if r.returncode != 0:
        return
    info = re.findall(r"^([A-Za-z0-9_]+) := (.*)$", r.stdout, re.M)
    options = set(dict(info).get("BUILD_OPTIONS", "").split())
    extra = [(k, v) for k, v in info if k not in have and k not in options]
    if extra:
        with open(config, "a", encoding="utf-8") as f:
            f.write("# The machine's facts, from make plat-info of the tree comparing "
                    "(tools/rt_report/compare.py)\n" + "".join(f"{k} := {v}\n" for k, v in extra))


def run(kind, a, config, variant, flash=None, baseline=None, quiet=False):
    """One run through runs.py; its directory and exit status."""
    cmd = module.command(RUNS) + [kind, "--runs", a.runs, "--variant", variant,
           "--run-options", a.run_options, "--plat", a.plat, "--config", config, "--runtime-only", a.runtime_only,
           "--timeout", str(a.timeout), f"--extra={a.extra}"]
    if a.cc:
        cmd += ["--cc", a.cc]
    if flash:
        cmd += ["--flash", flash]
    if baseline:
        cmd += ["--baseline", baseline, "--fail-above", str(a.fail_above)]
        if a.force:
            cmd.append("--force")
    if quiet:
        cmd.append("--quiet")
    rc = subprocess.run(cmd, check=False, env=module.env()).returncode
    link = os.path.join(a.runs, "latest" if kind == "report" else "latest-bench")
    return os.path.realpath(link), rc


def outcome(run_dir, kind):
    """(verdict, problems, regressions) of a run's record; verdict None when
    it has none."""
    try:
        with open(os.path.join(run_dir, "report.json" if kind == "report" else "bench.json"),
                  encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None, [], []
    return data.get("verdict"), data.get("problems", []), data.get("regressions", [])


def worst_of(regs):
    """The regression with the largest change, from the "(+N.NN%" in each."""
    def pct(r):
        m = re.search(r"\(([+-]\d+(?:\.\d+)?)%", r)
        return float(m.group(1)) if m else 0.0
    return max(regs, key=pct)


def main(argv):
    p = argparse.ArgumentParser(prog="compare")
    p.add_argument("--ref", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--current", required=True)
    p.add_argument("--build-type", required=True)
    p.add_argument("--plat", required=True)
    p.add_argument("--runs", required=True)
    p.add_argument("--variant", required=True)
    p.add_argument("--run-options", default="")
    p.add_argument("--cc")
    p.add_argument("--runtime-only", default="")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--extra", default="")
    p.add_argument("--fail-above", type=float, default=5.0)
    p.add_argument("--force", action="store_true")
    p.add_argument("variables", nargs="*")
    a = p.parse_args(argv)
    bad = [v for v in a.variables if "=" not in v]
    if bad:
        fail(f"not NAME=VALUE: {' '.join(bad)}")

    sha, short, root, src = worktree(a.ref, a.work)
    try:
        return compare(a, short, root, src)
    finally:
        # REF's checkout and build go; its runs stay beside this tree's.
        git("worktree", "remove", "--force", src, check=False)
        git("worktree", "prune", check=False)
        shutil.rmtree(root, ignore_errors=True)


def compare(a, short, root, src):
    """Build REF in @src, run both, compare; the exit status (above)."""
    base = os.path.join(root, "build")
    ref_build = os.path.join(base, a.plat, a.build_type)
    if build(src, base, a.variables, ["all"]) != 0:
        fail(f"REF={a.ref} ({short}) does not build with {' '.join(a.variables) or 'the defaults'} "
             "(its make said why, above)")
    bench = build(src, base, a.variables, [os.path.join(ref_build, "bench", "flash.bin")]) == 0
    machine_facts(os.path.join(ref_build, "config.mk"), a.plat, a.variables)
    if not bench:
        print(f"compare: REF={a.ref} ({short}) has no make bench image: bench not compared",
              file=sys.stderr)

    ref_variant = f"ref-{short}-{a.variant}"
    summary, worst = [], 0
    kinds = [("report", None)] + ([("bench", "bench/flash.bin")] if bench else [])
    for kind, flash in kinds:
        print(f"\ncompare: {kind}: REF {a.ref} ({short})", flush=True)
        ref_run, rc = run(kind, a, os.path.join(ref_build, "config.mk"), ref_variant,
                          os.path.join(ref_build, flash) if flash else None, quiet=True)
        verdict, _, _ = outcome(ref_run, kind)
        if verdict != "PASS":
            fail(f"{kind}: the run of REF={a.ref} failed (exit {rc}); its record is in {ref_run}/")
        print(f"\ncompare: {kind}: this tree against {ref_run}", flush=True)
        cur_run, rc = run(kind, a, os.path.join(a.current, "config.mk"), a.variant,
                          os.path.join(a.current, flash) if flash else None, baseline=ref_run)
        verdict, problems, regs = outcome(cur_run, kind)
        if verdict is None or problems:
            summary.append(f"{kind}: this tree's run failed (exit {rc}); see {cur_run}/")
            worst = max(worst, 1)
        elif regs:
            summary.append(f"{kind}: {len(regs)} figure(s) worse than REF by more than "
                           f"{a.fail_above:g}% and than both runs' spread (listed above), the "
                           f"worst {worst_of(regs)}")
            worst = max(worst, 1)
        elif rc != 0:
            summary.append(f"{kind}: not compared (exit {rc}, said why above)")
            worst = max(worst, 2)
        else:
            summary.append(f"{kind}: nothing worse than REF by more than {a.fail_above:g}% "
                           f"({cur_run}/ against {ref_run}/)")
    print()
    for line in summary:
        print(f"compare: {line}")
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
