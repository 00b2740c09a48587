#!/usr/bin/env python3
"""scaling: make bench and the latency report of two topologies side by side.

Usage: scaling.py OUT.rst LABEL_A DIR_A LABEL_B DIR_B

Each DIR holds one topology's runs (make scaling: build/scaling/2x2,
build/scaling/4x4, links to run directories): DIR/bench, a make bench
run directory (bench.json), and
DIR/report, a make run one (report.json; tools/rt_report/runs.py). Writes OUT.rst: the bench figures of
both and their ratio B/A, then for each report scenario and figure the
median over the cores and the worst (largest) core of both, and their
ratios. A difference of at most one counter tick (the report's counter
frequency) is no growth the counter can show: its ratio is marked
"(1 tick)" and left out of the largest ratios, printed last. A run that
did not pass is refused.

Exit status: 0, or 2 when an input is missing, unreadable or did not pass
(named).
"""
import json
import os
import statistics
import sys

from tools.rt_report import schema


def fail(msg):
    print(f"scaling: {msg}", file=sys.stderr)
    sys.exit(2)


def read_json(base, link, name, what):
    path = os.path.join(base, link, name)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        fail(f"{path}: {e.strerror} (run {what} there first)")
    except ValueError as e:
        fail(f"{path}: not JSON: {e}")
    if data.get("verdict") != "PASS":
        fail(f"{path}: that run did not pass (verdict {data.get('verdict')})")
    try:
        return (schema.upgrade_bench if name == "bench.json" else schema.upgrade_report)(
            data, path)
    except schema.FormatError as e:
        fail(str(e))


def read_bench(base):
    data = read_json(base, "bench", "bench.json", "make bench")
    figures = {b["name"]: b["ns"] for b in data.get("benchmarks", [])}
    if not figures:
        fail(f"{base}: make bench measured nothing")
    return figures


def read_report(base):
    """scenario (without test_rt_instr_) -> figure -> [median of each core]."""
    data = read_json(base, "report", "report.json", "make run")
    scenarios = {}
    for sc in data.get("scenarios", []):
        name = sc["name"].removeprefix("test_rt_instr_")
        for row in sc["rows"]:
            for fig, st in row["figures"].items():
                scenarios.setdefault(name, {}).setdefault(fig, []).append(st["median_ns"])
    if not scenarios:
        fail(f"{base}: the report has no figures")
    return scenarios, data["provenance"].get("counter_hz")


def ratio(a, b):
    return b / a if a else float("inf")


def table(header, rows):
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    line = "  ".join("=" * w for w in widths)
    out = [line, "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(), line]
    out += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    out.append(line)
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 6:
        fail("usage: scaling.py OUT.rst LABEL_A DIR_A LABEL_B DIR_B")
    out, la, da, lb, db = argv[1:]
    bench_a, bench_b = read_bench(da), read_bench(db)
    (rep_a, hz_a), (rep_b, hz_b) = read_report(da), read_report(db)
    if not hz_a or not hz_b:
        fail("a report without the counter's frequency")
    tick = max(1e9 / hz_a, 1e9 / hz_b)

    bench_rows, worst_bench = [], 0.0
    for name, a in bench_a.items():
        if name not in bench_b:
            continue
        r = ratio(a, bench_b[name])
        worst_bench = max(worst_bench, r)
        bench_rows.append([name, a, bench_b[name], f"{r:.2f}"])

    rep_rows, worst_med, worst_max = [], (1.0, ""), (1.0, "")
    for scen, cols in rep_a.items():
        if scen not in rep_b:
            continue
        for col, va in cols.items():
            vb = rep_b[scen].get(col)
            if not vb:
                continue
            ma, mb = statistics.median(va), statistics.median(vb)
            xa, xb = max(va), max(vb)
            rm, rx = ratio(ma, mb), ratio(xa, xb)
            what = f"{scen} {col}"
            cells = []
            for r, a, b in ((rm, ma, mb), (rx, xa, xb)):
                within_tick = abs(b - a) <= tick
                cells.append(f"{r:.2f}" + (" (1 tick)" if within_tick and r > 1 else ""))
            if abs(mb - ma) > tick:
                worst_med = max(worst_med, (rm, what))
            if abs(xb - xa) > tick:
                worst_max = max(worst_max, (rx, what))
            rep_rows.append([scen, col, f"{ma:g}", f"{mb:g}", cells[0], xa, xb, cells[1]])

    text = ("make bench (ns per call under -icount, 1 ns = 1 instruction)\n\n"
            + table(["path", la, lb, f"{lb}/{la}"], bench_rows)
            + "\nReport (ns; median over the cores, and the worst core)\n\n"
            + table(["scenario", "figure", f"median {la}", f"median {lb}", "ratio",
                     f"worst {la}", f"worst {lb}", "ratio"], rep_rows)
            + f"\nLargest ratios (beyond one {tick:g} ns tick): bench {worst_bench:.2f}; "
              f"median {worst_med[0]:.2f} ({worst_med[1] or '-'}); "
              f"worst core {worst_max[0]:.2f} ({worst_max[1] or '-'})\n")
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
