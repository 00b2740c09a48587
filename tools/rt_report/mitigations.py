#!/usr/bin/env python3
"""mitigations: make bench with each CPU mitigation alone, none and all, side by side.

Usage: mitigations.py OUT.rst VARIANT DIR [VARIANT DIR ...]

make mitigations (make_helpers/run.mk) runs make bench once per variant:
"none" (every WORKAROUND_CVE_* option 0), each option alone at 1 (the
variant is the option's name), and "all" (every one 1); each DIR links to
that variant's make bench run directory (bench.json). The first variant
must be "none": every other column is its figure and the difference from
"none" on that path. A run that did not pass, or whose build options are
not its variant's, is refused. Writes OUT.rst (docs/perf/mitigations.rst
shows it) and prints it.

Exit status: 0, or 2 when an input is missing, unreadable, did not pass or
is not the variant it is named (named).
"""
import json
import os
import sys

from tools.rt_report.scaling import table


def fail(msg):
    print(f"mitigations: {msg}", file=sys.stderr)
    sys.exit(2)


def read_run(variant, base, options):
    """{path: ns} of the make bench run in @base, checked to be @variant's."""
    path = os.path.join(base, "bench.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        fail(f"{path}: {e.strerror} (run make bench there first)")
    except ValueError as e:
        fail(f"{path}: not JSON: {e}")
    if data.get("verdict") != "PASS":
        fail(f"{path}: that run did not pass (verdict {data.get('verdict')})")
    built = data.get("provenance", {}).get("options", {})
    for o in options:
        want = "1" if variant in ("all", o) else "0"
        if built.get(o) != want:
            fail(f"{path}: built with {o}={built.get(o)}, variant {variant} has {o}={want}")
    figures = {b["name"]: (b["ns"], b["unit"]) for b in data.get("benchmarks", [])}
    if not figures:
        fail(f"{path}: make bench measured nothing")
    return figures


def label(variant):
    """WORKAROUND_CVE_2018_3639 -> CVE-2018-3639."""
    if variant.startswith("WORKAROUND_CVE_"):
        return "CVE-" + variant[len("WORKAROUND_CVE_"):].replace("_", "-")
    return variant


def main(argv):
    args = argv[2:]
    if len(argv) < 4 or len(args) % 2 or args[0] != "none":
        fail("usage: mitigations.py OUT.rst none DIR [VARIANT DIR ...]")
    out = argv[1]
    variants = args[0::2]
    options = [v for v in variants if v not in ("none", "all")]
    runs = [read_run(v, d, options) for v, d in zip(variants, args[1::2])]
    base = runs[0]
    rows = []
    for name, (ns, unit) in base.items():
        row = [name, unit.removeprefix("ns/"), ns]
        for run in runs[1:]:
            if name not in run:
                row.append("-")
                continue
            d = run[name][0] - ns
            row.append(f"{run[name][0]} ({d:+d})" if d else f"{run[name][0]}")
        rows.append(row)
    header = ["path", "per", "none"] + [f"{label(v)}" + (" alone" if v in options else "")
                                        for v in variants[1:]]
    text = ("make bench (ns per call or cycle under -icount, 1 ns = 1 instruction) with no\n"
            "CPU mitigation built, each alone, and all; in brackets the difference from none\n\n"
            + table(header, rows))
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
