#!/usr/bin/env python3
"""scaling: make bench and the latency report of two topologies side by side.

Usage: scaling.py OUT.rst LABEL_A DIR_A LABEL_B DIR_B

Each DIR is a build base of one topology (make scaling: build/scaling/2x2,
build/scaling/4x4): its make bench console (qemu/release/bench/console.log)
and its report's CSVs (qemu/report/test_rt_instr_*.csv, ns per core). Writes
OUT.rst: the bench figures of both and their ratio B/A, then for each report
scenario and figure the median over the cores and the worst (largest) core
of both, and their ratios. A difference of at most one counter tick (the
report's "counter N Hz") is no growth the counter can show: its ratio is
marked "(1 tick)" and left out of the largest ratios, printed last.

Exit status: 0, or 2 when an input is missing or unreadable (named).
"""
import csv
import glob
import os
import re
import statistics
import sys

BENCH = re.compile(r"^BENCH: (.+?)\s+(\d+) ns/(call|cycle)$", re.M)


def fail(msg):
    print(f"scaling: {msg}", file=sys.stderr)
    sys.exit(2)


def read_bench(base):
    path = os.path.join(base, "qemu", "release", "bench", "console.log")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        fail(f"{path}: {e.strerror} (run make bench there first)")
    figures = {m.group(1): int(m.group(2)) for m in BENCH.finditer(text)}
    if not figures:
        fail(f"{path}: no BENCH: lines")
    return figures


def read_report(base):
    paths = sorted(glob.glob(os.path.join(base, "qemu", "report", "test_rt_instr_*.csv")))
    if not paths:
        fail(f"{base}/qemu/report: no test_rt_instr_*.csv (run make run there first)")
    scenarios = {}
    for path in paths:
        name = os.path.basename(path)[len("test_rt_instr_"):-len(".csv")]
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        if len(rows) < 2:
            fail(f"{path}: no rows")
        header, body = rows[0], rows[1:]
        scenarios[name] = {col: [int(r[i]) for r in body]
                           for i, col in enumerate(header) if i >= 2}
    return scenarios


def read_tick_ns(base):
    path = os.path.join(base, "qemu", "report", "psci-performance-qemu.rst")
    try:
        with open(path, encoding="utf-8") as f:
            m = re.search(r"counter (\d+) Hz", f.read())
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    if not m:
        fail(f"{path}: no counter frequency")
    return 1e9 / int(m.group(1))


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
    rep_a, rep_b = read_report(da), read_report(db)
    tick = max(read_tick_ns(da), read_tick_ns(db))

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

    text = (f"make bench (ns per call under -icount, 1 ns = 1 instruction)\n\n"
            + table(["path", la, lb, f"{lb}/{la}"], bench_rows)
            + f"\nReport (ns; median over the cores, and the worst core)\n\n"
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
