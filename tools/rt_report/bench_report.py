#!/usr/bin/env python3
"""bench_report: keep make bench's figures, with provenance, and compare them.

Usage: bench_report.py CONSOLE_LOG OUT_DIR [PLAT] [--config CONFIG_MK]
                       [--runtime-only NAMES] [--cc CC] [--run NAME]
                       [--exit-status N] [--baseline RUN_DIR] [--force]
                       [--fail-above PCT] [--quiet]

Reads the "BENCH: <path> <N> ns/call|ns/cycle" lines of the benchmark
payload (tests/payload/bench.c; under -icount, instructions per round
trip), prints them, with the change against the baseline's figure when it
is larger than 2% (the published reports' rule, tools/rt_report/figures.py),
and writes OUT_DIR/bench.csv (path, ns, unit, baseline_ns, delta_percent,
above_floor_ns) and bench.json with the run's provenance, ending with one
line on where the build differs from the board's it stands in for (QEMU:
N1SDP's). Only paths both runs measured are compared (an older payload may
lack some).

The floor: the path whose name starts with "floor:" (FLOOR_PREFIX) is the
cheapest SMC round trip the firmware's vectors serve (an SMC they answer
before saving anything, docs/perf/runtime-paths.rst). The payload measures
it before every SMC path and after the others (tests/payload/bench.c): it
and each path after it are also shown as their distance from it, "+N ns
above the floor" (above_floor_ns: the instructions the path spends beyond
the trap, the vector's own minimum and the ERET, under -icount).

Exit status: 0 when the run passed and nothing regressed beyond
--fail-above; 1 otherwise; 2 on unusable input or a baseline that cannot
be compared (platform, topology or timing differ; --force compares anyway).
"""
import argparse
import csv
import json
import os
import re
import sys

from tools.common.console_watch import exit_text  # a run's exit status in words
from tools.rt_report import figures as fig
from tools.rt_report import provenance as prov
from tools.rt_report import schema

BENCH = re.compile(r"^BENCH: (.+?)\s+(\d+) (ns/call|ns/cycle)$", re.M)
# The name of the floor's row begins so (tests/payload/bench.c prints it).
FLOOR_PREFIX = "floor:"


def fail(msg, code=1):
    print(f"bench_report: {msg}", file=sys.stderr)
    sys.exit(code)


def parse(text):
    """[(path, ns, unit)] in the order measured."""
    return [(m.group(1), int(m.group(2)), m.group(3)) for m in BENCH.finditer(text)]


def load_baseline(path):
    try:
        with open(os.path.join(path, "bench.json"), encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        fail(f"baseline {path}: no bench.json ({e.strerror}): not a run directory of "
             "make bench", 2)
    except ValueError as e:
        fail(f"baseline {path}: bench.json is not JSON: {e}", 2)
    if "provenance" not in data or "benchmarks" not in data:
        fail(f"baseline {path}: bench.json has no provenance or benchmarks", 2)
    try:
        data = schema.upgrade_bench(data, f"baseline {path}: bench.json")
    except schema.FormatError as e:
        fail(str(e), 2)
    data["dir"] = os.path.realpath(path)
    return data


def main(argv):
    p = argparse.ArgumentParser(prog="bench_report", description="make bench's figures "
                                "(BENCH: lines) kept with their provenance and compared.")
    prov.add_report_arguments(p)
    p.add_argument("plat", nargs="?", default="qemu", metavar="PLAT",
                   help="the platform (default qemu)")
    try:
        a = p.parse_args(argv)
    except SystemExit as e:
        if e.code == 0:
            raise
        fail("usage: bench_report.py CONSOLE_LOG OUT_DIR [PLAT] [options] (--help)", 2)
    if os.path.exists(a.out) and not os.path.isdir(a.out):
        fail(f"{a.out} exists and is not a directory", 2)
    try:
        with open(a.console, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        fail(f"cannot read {a.console}: {e.strerror}", 2)
    baseline = load_baseline(a.baseline) if a.baseline else None
    try:
        config = prov.find_build(text, a.plat, a)
        pv = prov.collect(a.plat, text, config, a.runtime_only.split(), a.cc, run=a.run,
                          run_options=a.run_options)
    except (prov.ProvenanceError, OSError, ValueError) as e:
        fail(f"provenance: {e}", 2)
    # The benchmark payload runs no instrumentation: its topology is the build's.
    if baseline and not a.force:
        why = prov.mismatches(pv, baseline["provenance"])
        if why:
            fail(f"refusing to compare with {baseline['dir']}: " + "; ".join(why) +
                 " (--force, or COMPARE_ANYWAY=1 with make, compares anyway)", 2)
    os.makedirs(a.out, exist_ok=True)
    differs = prov.differences(pv, baseline["provenance"]) if baseline else []
    for d in differs:
        print(f"bench_report: this run differs from the baseline: {d}", file=sys.stderr)

    found = parse(text)
    problems = [line for line in text.splitlines() if line.startswith("PAYLOAD: FAIL")]
    if a.exit_status != 0:
        problems.append(exit_text(a.exit_status))
    if not found:
        problems.append("no BENCH figure in the console output")
    base = {b["name"]: b["ns"] for b in baseline["benchmarks"]} if baseline else {}
    at = next((i for i, (name, _, unit) in enumerate(found)
               if name.startswith(FLOOR_PREFIX) and unit == "ns/call"), None)
    benchmarks, regressions, width = [], [], max([len(n) for n, _, _ in found] + [0])
    for i, (name, ns, unit) in enumerate(found):
        floor = found[at][1] if at is not None and i >= at else None
        b = base.get(name)
        d = fig.delta_percent(ns, b)
        bm = {"name": name, "ns": ns, "unit": unit}
        if b is not None:
            bm["baseline_ns"] = b
        if d is not None:
            bm["delta_percent"] = round(d, 2)
        if floor is not None:
            bm["above_floor_ns"] = ns - floor
        benchmarks.append(bm)
        if a.fail_above is not None and fig.regression(ns, b, a.fail_above):
            regressions.append(f"{name}: {b} -> {ns} {unit} ({d:+.2f}%)")
        shown = fig.shown_delta(ns, b)
        if not a.quiet:
            print(f"BENCH: {name:<{width}} {ns:6d} {unit}"
                  + (f" {ns - floor:+6d} ns above the floor" if floor is not None else "")
                  + (f" {fig.fmt_delta(shown)}" if shown is not None else "")
                  + (f"   baseline {b}" if b is not None else ""))
    for line in text.splitlines():
        if "SKIPPED" in line and not a.quiet:
            print(line)
    board = prov.board_line(pv)
    if board and not a.quiet:
        print(f"BENCH: board build: {board}")
    # The verdict is what the exit status says: a regression fails the run.
    verdict = "FAIL" if problems or regressions else "PASS"
    # Tidy: one header row, numbers unquoted; the provenance is bench.json's.
    with open(os.path.join(a.out, "bench.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["path", "ns", "unit", "baseline_ns", "delta_percent", "above_floor_ns"])
        for bm in benchmarks:
            w.writerow([bm["name"], bm["ns"], bm["unit"], bm.get("baseline_ns", ""),
                        f"{bm['delta_percent']:.2f}" if "delta_percent" in bm else "",
                        bm.get("above_floor_ns", "")])
    with open(os.path.join(a.out, "bench.json"), "w", encoding="utf-8") as f:
        json.dump({"tool": "bench_report", "format": schema.FORMAT, "provenance": pv,
                   "verdict": verdict,
                   "exit_status": 0 if verdict == "PASS" else 1,
                   "problems": problems, "regressions": regressions,
                   "baseline": {"dir": baseline["dir"], "provenance": baseline["provenance"],
                                "differences": differs}
                   if baseline else None, "benchmarks": benchmarks}, f, indent=1,
                  ensure_ascii=False)
        f.write("\n")
    if problems:
        for q in problems:
            print(f"bench_report: {q}", file=sys.stderr)
        fail(f"{len(problems)} problem(s); the run's record is in {a.out}/")
    if regressions:
        for q in regressions:
            print(f"bench_report: worse than the baseline: {q}", file=sys.stderr)
        fail(f"{len(regressions)} path(s) worse than the baseline by more than "
             f"{a.fail_above:g}%; figures in {a.out}/")
    print(f"bench_report: {len(benchmarks)} paths; bench.csv and bench.json in {a.out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
