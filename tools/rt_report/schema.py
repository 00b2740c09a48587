#!/usr/bin/env python3
"""schema: every figure the report tools write carries its unit, and older
records are read in today's form.

Usage: python3 -m tools.rt_report.schema PATH...

Checks every file a report tool wrote (PATH a file, or a run directory: its
*.json and *.csv files and a LAVA job's results.yaml) and prints each
problem, naming the file and the key, column or line:

* A Chrome/Perfetto trace (JSON with "traceEvents"): "ts" and "dur" in µs,
  as the Trace Event Format has them and the file says; the rest as below.
* JSON: every number sits under a key that names its unit (KEY_UNITS
  below: ``median_ns``, ``counter_hz``, ``delta_percent``) or is a count or
  an index (COUNTS), or under ``ns`` beside a ``unit`` field (make bench's
  ``{"ns": 201, "unit": "ns/call"}``); a title that names a unit in
  parentheses ("latencies (ns)") names the unit of the figures beside it,
  never µs over ns values; a provenance field is filled or absent, never
  null, empty or "unknown".
* CSV (after the "# key: value" provenance lines, which follow the same
  rule): every column names its unit (``wakeup_ns``) or is a label or a
  count (LABELS), and a column with a unit holds numbers.
* results.yaml (LAVA): every measurement has its units.

Exit status: 0 when every file keeps the rules, 1 otherwise (each problem
printed), 2 on a file that cannot be read.

The tools that read these records back (rt_report --baseline, make
compare, make scaling, linux_report --baseline) take them through
upgrade_report(), upgrade_bench() and upgrade_linux(): a record of an older
format is turned into today's (FORMAT) or refused, naming its format.
"""
import csv
import json
import os
import re
import sys

# The format of report.json, bench.json and linux_report's report.json.
# 1 (no "format" key): figures under "min", "median", "max", "samples",
# "spread", "baseline", "baseline_spread", in ns; 2: each key names its unit.
FORMAT = 2

# A key's unit, from its last word: "wakeup_ns", "stat_residency_us".
KEY_UNITS = {"ns": "ns", "us": "µs", "ms": "ms", "s": "s", "hz": "Hz", "percent": "%",
             "mib": "MiB", "instructions": "instructions", "x": "times (a ratio)",
             "bytes": "bytes"}
# Keys whose numbers have no unit: counts, indices, identifiers, versions,
# exit codes.
COUNTS = {"cluster", "core", "cores", "count", "iterations", "samples_per_iteration",
          "exit_status", "format", "idx", "deepest", "linux_cpu", "power_state", "stat_count",
          "cpuidle_usage", "accepted", "rejected_order", "rejected_stale", "abandoned",
          "stat_total", "module_total", "hotplug", "difference", "overwritten", "unmatched",
          "id", "job", "jobs", "denied", "cpu_off", "other", "ring_torn", "ring_lost", "held", "idle_smc",
          "exits", "traced_exits", "entries", "smc_exits", "smc_entries", "smc_idle_smc",
          "records", "timer_wakeups", "events", "idle_exit_events", "inside", "before", "outside", "spans",
          "pid", "tid", "record", "irq", "target_cpu"}
# CSV columns that hold labels or counts.
LABELS = {"cluster", "core", "cpu", "state", "power_state", "figure", "path", "unit", "function",
          "outcome", "linux_cpu", "seq", "ring_seq", "sample", "iteration", "table", "per"}
# A unit named in parentheses, as a title names the unit of its figures.
LABEL_UNIT = re.compile(r"\((µs|us|ns|ms)\)")
SAY = {"us": "µs"}


def key_unit(key):
    """The unit @key names ("ns", "µs"...), or None."""
    stem, _, last = key.rpartition("_")
    if key in KEY_UNITS:            # "ns": 201 beside "unit": "ns/call"
        return KEY_UNITS[key]
    return KEY_UNITS.get(last) if stem else None


def _numbers(value):
    """True when @value is a number or a list of them."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, list) and bool(value) and all(_numbers(v) for v in value)


def _leaf_units(node):
    """The units of the numbers under @node (by their keys)."""
    out = set()
    if isinstance(node, dict):
        for k, v in node.items():
            if _numbers(v) and key_unit(k):
                out.add(key_unit(k))
            elif isinstance(v, (dict, list)):
                out |= _leaf_units(v)
    elif isinstance(node, list):
        for v in node:
            out |= _leaf_units(v)
    return out


def _check_provenance(where, p, problems):
    for k, v in p.items():
        if v is None or v == "" or (isinstance(v, str) and v.lower().startswith("unknown")):
            problems.append(f"{where}.{k}: {json.dumps(v, ensure_ascii=False)}: a provenance "
                            "field is filled or absent")


def check_json(data, where="", problems=None):
    """The problems of one JSON value (see the top of this file)."""
    problems = [] if problems is None else problems
    if isinstance(data, dict):
        for k, v in data.items():
            path = f"{where}.{k}" if where else k
            if _numbers(v) and not key_unit(k) and k not in COUNTS:
                problems.append(f"{path}: a number without its unit in its key")
            if k == "provenance" and isinstance(v, dict):
                _check_provenance(path, v, problems)
            if isinstance(v, str):
                for label in LABEL_UNIT.findall(v):
                    unit = SAY.get(label, label)
                    other = _leaf_units(data) - {unit, "%"}
                    if other:
                        problems.append(f"{path}: '{v}' says {unit} over values in "
                                        f"{', '.join(sorted(other))}")
            if isinstance(v, (dict, list)):
                check_json(v, path, problems)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            check_json(v, f"{where}[{i}]", problems)
    return problems


def check_trace_events(data):
    """The problems of a Chrome/Perfetto JSON trace (the Trace Event
    Format, make linux-latency's trace.json): its "ts" and "dur" are µs by
    the format, which the file says ("otherData": {"time unit": "µs"});
    every other number follows the rule above."""
    problems = []
    if data.get("otherData", {}).get("time unit") != "µs":
        problems.append("otherData: a trace must say its time unit (\"time unit\": \"µs\")")
    for i, ev in enumerate(data.get("traceEvents", [])):
        if not isinstance(ev, dict) or "ph" not in ev:
            problems.append(f"traceEvents[{i}]: not an event (no ph)")
            continue
        for k in ("ts", "dur"):
            if k in ev and not _numbers(ev[k]):
                problems.append(f"traceEvents[{i}].{k}: not a number of µs")
        rest = {k: v for k, v in ev.items() if k not in ("ts", "dur")}
        check_json(rest, f"traceEvents[{i}]", problems)
    return problems


def _number_cell(cell):
    return all(re.fullmatch(r"-?\d+(\.\d+)?", w) for w in cell.split()) if cell else True


def check_csv(text):
    """The problems of one CSV file's text."""
    problems = []
    lines = text.splitlines()
    body = [ln for ln in lines if not ln.startswith("#")]
    for n, ln in enumerate(lines, 1):
        if not ln.startswith("#"):
            break
        key, _, value = ln[1:].strip().partition(": ")
        if value.strip() in ("", "None", "[]", "{}") or value.lower().startswith("unknown"):
            problems.append(f"line {n}: '{ln}': a provenance field is filled or absent")
    rows = list(csv.reader(body))
    if not rows:
        return problems + ["no header row"]
    header = rows[0]
    for c, name in enumerate(header):
        if key_unit(name):
            bad = [r for r in rows[1:] if c < len(r) and not _number_cell(r[c])]
            if bad:
                problems.append(f"column {name}: '{bad[0][c]}' is not a number")
        elif name not in LABELS:
            problems.append(f"column '{name}': no unit in its name (e.g. {name.lower()}_ns)")
        for label in LABEL_UNIT.findall(name):
            problems.append(f"column '{name}': a unit in a title, not in the column's name")
    return problems


def check_results_yaml(text):
    import yaml
    problems = []
    for r in yaml.safe_load(text) or []:
        if isinstance(r, dict) and "measurement" in r and not r.get("units"):
            problems.append(f"{r.get('suite')}/{r.get('case')}: a measurement without units")
    return problems


def check_file(path):
    """The problems of one file, by its kind; OSError/ValueError if unreadable."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        data = json.loads(text)
        if isinstance(data, dict) and "traceEvents" in data:
            return check_trace_events(data)
        return check_json(data)
    if path.endswith(".csv"):
        return check_csv(text)
    if os.path.basename(path) == "results.yaml":
        return check_results_yaml(text)
    return []


def files_of(path):
    """@path, or the records a report tool writes in the directory @path."""
    if not os.path.isdir(path):
        return [path]
    return sorted(os.path.join(path, n) for n in os.listdir(path)
                  if n.endswith((".json", ".csv")) or n == "results.yaml")


# --- older formats ----------------------------------------------------------

class FormatError(Exception):
    """A record of a format this tree cannot read."""


_FIGURE_V1 = {"min": "min_ns", "median": "median_ns", "max": "max_ns", "samples": "samples_ns",
              "spread": "spread_ns", "baseline": "baseline_median_ns",
              "baseline_spread": "baseline_spread_ns"}


def _format_of(data, what):
    fmt = data.get("format", 1)
    if not isinstance(fmt, int) or fmt < 1 or fmt > FORMAT:
        raise FormatError(f"{what} is of format {fmt}; this tree reads formats 1 to {FORMAT} "
                          "(make it again with this tree's tools)")
    return fmt


def _provenance_v1(p):
    """A format-1 provenance without its null and "unknown" fields."""
    return {k: v for k, v in p.items()
            if v is not None and not (isinstance(v, str) and v.startswith("unknown"))}


def upgrade_report(data, what="report.json"):
    """rt_report's report.json in today's format (FORMAT), or FormatError."""
    if _format_of(data, what) == FORMAT:
        return data
    out = dict(data, format=FORMAT, provenance=_provenance_v1(data.get("provenance", {})))
    scenarios = []
    for sc in data.get("scenarios", []):
        rows = []
        for r in sc.get("rows", []):
            figs = {name: {_FIGURE_V1.get(k, k): v for k, v in st.items() if v is not None}
                    for name, st in r.get("figures", {}).items()}
            rows.append(dict(r, figures=figs))
        scenarios.append(dict(sc, title=sc.get("title", "").replace("(µs)", "(ns)"), rows=rows))
    out["scenarios"] = scenarios
    return out


def upgrade_bench(data, what="bench.json"):
    """make bench's bench.json in today's format, or FormatError."""
    if _format_of(data, what) == FORMAT:
        return data
    benchmarks = [{("baseline_ns" if k == "baseline" else k): v for k, v in b.items()
                   if v is not None} for b in data.get("benchmarks", [])]
    return dict(data, format=FORMAT, provenance=_provenance_v1(data.get("provenance", {})),
                benchmarks=benchmarks)


def upgrade_linux(data, what="report.json"):
    """linux_report's report.json in today's format, or FormatError."""
    if _format_of(data, what) == FORMAT:
        return data
    table = []
    for r in data.get("table", []):
        figs = {name: None if st is None else
                {(k if k == "count" else f"{k}_ns"): v for k, v in st.items()}
                for name, st in r.get("figures", {}).items()}
        table.append(dict(r, figures=figs))
    return dict(data, format=FORMAT, provenance=_provenance_v1(data.get("provenance", {})),
                table=table)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.split("\n\n")[1])
        return 0 if argv else 2
    bad = 0
    for top in argv:
        for path in files_of(top):
            try:
                problems = check_file(path)
            except (OSError, ValueError) as e:
                print(f"schema: {path}: {e}", file=sys.stderr)
                return 2
            for q in problems:
                print(f"schema: {path}: {q}")
            bad += len(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
