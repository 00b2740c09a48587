#!/usr/bin/env python3
"""linux_report: PSCI idle latency under Linux, from tools/pmf_idle's samples.

Usage: linux_report.py INPUT OUT_DIR [PLAT] [options]

INPUT is either a console log of make linux-latency (the lines between
"LATENCY: BEGIN DATA" and "LATENCY: END DATA", each after "PMF_IDLE: ") or
what tools/pmf_idle/collect.sh printed on a board (every line is data).
The lines (docs/tools/pmf_idle.rst): the module's summary (pmf_idle,
kernel, smccc, pmf_version, counter_hz, ring_size, psci_stat, cpu and state
lines), collect.sh's topology and cpuidle lines, init.sh's hotplug lines,
one sample line per sample and "end". A line that does not parse, a sample
of a state the summary does not name, or a value in another unit than the
format's is refused: exit 2, naming the line.

Options: those of rt_report (tools/rt_report/provenance.py:
--config, --runtime-only, --cc, --run, --run-options, --exit-status,
--baseline, --force, --quiet), and
  --hardware            INPUT came from a board
  --min-deepest N       samples each CPU must have of the deepest state (200)
  --min-each N          ... of every other state (20)
  --no-plots            no histograms (they need Debian's python3-matplotlib)

Writes into OUT_DIR: samples.csv (provenance as "# key: value" lines, then
cpu as cluster.core, state, power_state, powerdown_ns, wakeup_ns,
cflush_ns), report.json (format 2, tools/rt_report/schema.py: provenance,
verdict, problems, per CPU and state count, median_ns, p99_ns and max_ns of
each figure, the counts), linux-latency-<plat>.rst (µs) and
plots/<state>.png/.svg (histogram of each figure, every CPU).

Exit status: 0 when every check passed (docs/tools/pmf_idle.rst, "The
report's checks"); 1 when one failed (each printed); 2 on unusable input.
"""
import csv
import json
import os
import re
import sys

from tools.rt_report import figures as fig
from tools.rt_report import provenance as prov
from tools.rt_report import scenarios
from tools.rt_report import schema

FIGURES = scenarios.POWERDOWN
# The sample lines' fields of each figure (pmf_idle's names: scenarios.KEYS).
KEYS = {f: scenarios.key(f) for f in FIGURES}
PREFIX = "PMF_IDLE: "
BEGIN, END = "LATENCY: BEGIN DATA", "LATENCY: END DATA"
RELOADS = re.compile(r"^LATENCY: (?:at [\d.]+ s: )?loaded and unloaded (\d+) times, "
                     r"dmesg warnings (\d+) before, (\d+) after$", re.M)

# Each line kind and its fields: name -> unit ("" a plain integer, "hex",
# "name" a word, "us"/"ns" an integer with that unit; "?" after a unit:
# "none" allowed).
NUM, HEX, WORD = "", "hex", "name"
LINES = {
    "cpu": {"cpu": NUM, "mpidr": HEX, "next_seq": NUM, "kept": NUM, "overwritten": NUM,
            "unmatched": NUM,
            "exit_cost": "ns"},
    "state": {"cpu": NUM, "idx": NUM, "state": WORD, "power_state": HEX + "?",
              "entry_latency": "us", "exit_latency": "us", "min_residency": "us",
              "accepted": NUM, "rejected_order": NUM, "rejected_stale": NUM, "abandoned": NUM,
              "stat_count": NUM + "?", "stat_residency": "us?"},
    "cpuidle": {"cpu": NUM, "idx": NUM, "state": WORD, "usage": NUM, "time": "us"},
    # cpuidle's counts when the module was reset (make linux-latency's init)
    "cpuidle_base": {"cpu": NUM, "idx": NUM, "state": WORD, "usage": NUM, "time": "us"},
    "topology": {"cpu": NUM, "cluster": NUM, "core": NUM},
    "hotplug": {"cpu": NUM, "count": NUM},
    "sample": {"cpu": NUM, "seq": NUM, "idx": NUM, "state": WORD, "power_state": HEX + "?",
               "powerdown": "ns", "wakeup": "ns", "cflush": "ns", "ticks": "ticks"},
}
HEADER = {"pmf_idle": re.compile(r"1"), "kernel": re.compile(r"\S+"),
          "smccc": re.compile(r"\d+\.\d+ conduit (smc|hvc)"), "pmf_version": re.compile(r"\d+"),
          "counter_hz": re.compile(r"[1-9]\d*"), "ring_size": re.compile(r"\d+"),
          "psci_stat": re.compile(r"yes|no"), "midr": re.compile(r"0x[0-9a-f]{8}")}


class InputError(Exception):
    pass


def parse_value(key, unit, text, where):
    """One field's value in @unit, or InputError naming the line and why."""
    none_ok = unit.endswith("?")
    unit = unit.rstrip("?")
    if none_ok and text == "none":
        return None
    if unit == WORD:
        if not re.fullmatch(r"[\w.-]+", text):
            raise InputError(f"{where}: {key}={text}: not a state name")
        return text
    if unit == HEX:
        if not re.fullmatch(r"0x[0-9a-fA-F]+", text):
            raise InputError(f"{where}: {key}={text}: not a hexadecimal number")
        return int(text, 16)
    if unit == "ticks":
        if not re.fullmatch(r"\d+(,\d+){5}", text):
            raise InputError(f"{where}: {key}={text}: not six counter values")
        return [int(t) for t in text.split(",")]
    m = re.fullmatch(r"(\d+)([a-zµ]*)", text)
    if not m:
        raise InputError(f"{where}: {key}={text}: not a number")
    if m.group(2) != unit:
        want = f"in {unit}" if unit else "without a unit"
        raise InputError(f"{where}: {key}={text}: wrong unit ({want})")
    return int(m.group(1))


def parse_line(kind, rest, where):
    fields = LINES[kind]
    out = {}
    for word in rest.split():
        key, eq, val = word.partition("=")
        if not eq or key not in fields:
            raise InputError(f"{where}: '{word}' is not a field of a {kind} line")
        if key in out:
            raise InputError(f"{where}: {key} given twice")
        out[key] = parse_value(key, fields[key], val, where)
    missing = [k for k in fields if k not in out]
    if missing:
        raise InputError(f"{where}: the {kind} line lacks {', '.join(missing)}")
    return out


def data_lines(text):
    """(line number, line) of the data: in a console log, the prefixed
    lines between the markers; else every non-empty line."""
    lines = text.splitlines()
    if any(ln.startswith(PREFIX) for ln in lines) or BEGIN in text:
        inside = BEGIN not in text
        for n, ln in enumerate(lines, 1):
            ln = ln.rstrip("\r")
            if ln == BEGIN:
                inside = True
            elif ln == END:
                inside = False
            elif inside and ln.startswith(PREFIX):
                yield n, ln[len(PREFIX):]
        return
    for n, ln in enumerate(lines, 1):
        if ln.strip():
            yield n, ln.rstrip("\r")


def parse(text):
    """The data of @text: header values, per-kind lists; InputError if any
    line is malformed or a sample names a state the summary does not."""
    d = {"header": {}, "end": False}
    for kind in LINES:
        d[kind] = []
    for n, ln in data_lines(text):
        where = f"line {n}"
        kind, _, rest = ln.partition(" ")
        if kind == "end" and not rest:
            d["end"] = True
        elif kind in HEADER:
            if not HEADER[kind].fullmatch(rest):
                raise InputError(f"{where}: '{ln}': a malformed {kind} line")
            d["header"][kind] = rest
        elif kind in LINES:
            d[kind].append(parse_line(kind, rest, where) | {"line": n})
        else:
            raise InputError(f"{where}: '{ln[:60]}' is no line of pmf_idle's format")
    for k in ("pmf_idle", "counter_hz"):
        if k not in d["header"]:
            raise InputError(f"no '{k}' line: not pmf_idle's summary")
    if not d["end"]:
        raise InputError("no 'end' line: the data was cut short")
    states = {(s["cpu"], s["idx"]): s for s in d["state"]}
    for s in d["sample"]:
        st = states.get((s["cpu"], s["idx"]))
        if st is None or st["state"] != s["state"] or st["power_state"] != s["power_state"]:
            raise InputError(f"line {s['line']}: a sample of an unknown state (cpu {s['cpu']}, "
                             f"idx {s['idx']}, {s['state']}): the summary names no such state")
    return d


def summarize(values):
    """count, and median, 99th percentile and maximum of @values, in ns."""
    return {"count": len(values), "median_ns": fig.median(values),
            "p99_ns": fig.percentile(values, 99), "max_ns": max(values)}


def ns_of(ticks, hz):
    return ticks * 1000000000 // hz


def analyse(d, min_deepest, min_each):
    """The report's content and its problems."""
    hz = int(d["header"]["counter_hz"])
    problems = []
    topo = {t["cpu"]: f"{t['cluster']}.{t['core']}" for t in d["topology"]}
    cpus = sorted({c["cpu"] for c in d["cpu"]})

    def name(cpu):
        return topo.get(cpu, f"cpu{cpu}")

    states = sorted({(s["idx"], s["state"]) for s in d["state"]})
    deepest = max(states)[0] if states else None
    rows = []
    by = {}
    for s in d["sample"]:
        by.setdefault((s["cpu"], s["idx"]), []).append(s)
        t = s["ticks"]
        where = f"line {s['line']} (cpu {name(s['cpu'])}, {s['state']}, sample {s['seq']})"
        if not all(a <= b for a, b in zip(t, t[1:])):
            problems.append(f"{where}: timestamps out of order: {t}")
        want = {"powerdown": ns_of(t[3] - t[0], hz), "wakeup": ns_of(t[5] - t[4], hz),
                "cflush": ns_of(t[2] - t[1], hz)}
        for k, v in want.items():
            if s[k] != v:
                problems.append(f"{where}: {k}={s[k]}ns, but its timestamps give {v}ns")
            if s[k] <= 0:
                problems.append(f"{where}: {k} is {s[k]} ns, not positive")
    table = []
    for idx, sname in states:
        for cpu in cpus:
            got = by.get((cpu, idx), [])
            need = min_deepest if idx == deepest else min_each
            if len(got) < need:
                problems.append(f"cpu {name(cpu)}, {sname}: {len(got)} samples, fewer than {need}")
            row = {"cpu": name(cpu), "linux_cpu": cpu, "idx": idx, "state": sname,
                   "count": len(got), "figures": {}}
            for f in FIGURES:
                vals = [s[KEYS[f]] for s in got]
                row["figures"][f] = summarize(vals) if vals else None
            table.append(row)
    # The counts: PSCI_STAT_COUNT beside cpuidle's usage and the module's.
    base = {(u["cpu"], u["idx"]): u for u in d["cpuidle_base"]}
    usage = {}
    for u in d["cpuidle"]:
        b = base.get((u["cpu"], u["idx"]), {"usage": 0, "time": 0})
        usage[(u["cpu"], u["idx"])] = {"usage": u["usage"] - b["usage"],
                                       "time": u["time"] - b["time"]}
    hot = {h["cpu"]: h["count"] for h in d["hotplug"]}
    cpu_lines = {c["cpu"]: c for c in d["cpu"]}
    counts = []
    for cpu in cpus:
        mine = [s for s in d["state"] if s["cpu"] == cpu]
        stat = [s["stat_count"] for s in mine]
        taken = sum(s["accepted"] + s["rejected_order"] + s["rejected_stale"] for s in mine)
        for s in mine:
            u = usage.get((cpu, s["idx"]))
            counts.append({"cpu": name(cpu), "state": s["state"],
                           "power_state": s["power_state"], "stat_count": s["stat_count"],
                           "stat_residency_us": s["stat_residency"],
                           "cpuidle_usage": u["usage"] if u else None,
                           "cpuidle_time_us": u["time"] if u else None,
                           "accepted": s["accepted"], "rejected_order": s["rejected_order"],
                           "rejected_stale": s["rejected_stale"], "abandoned": s["abandoned"],
                           "dt": {"entry_latency_us": s["entry_latency"],
                                  "exit_latency_us": s["exit_latency"],
                                  "min_residency_us": s["min_residency"]}})
            if s["rejected_order"]:
                problems.append(f"cpu {name(cpu)}, {s['state']}: {s['rejected_order']} records "
                                "with timestamps out of order (rejected by the module)")
        # The samples the summary counted (those numbered below its
        # next_seq; the CPUs went on idling while they were copied).
        c = cpu_lines[cpu]
        listed = sum(1 for i, _ in states for s in by.get((cpu, i), []) if s["seq"] < c["next_seq"])
        if listed != c["kept"] and not (c["overwritten"] and listed < c["kept"]):
            problems.append(f"cpu {name(cpu)}: the module's summary kept {c['kept']} samples, "
                            f"{listed} of them listed")
        if None not in stat and stat:
            # CPU_OFF then CPU_ON counts once for the core power-down state
            # (docs/design/psci.rst). The module reads both counts on the
            # CPU itself, where no idle exit can be half counted: they agree
            # exactly (docs/tools/pmf_idle.rst).
            diff = sum(stat) - taken - hot.get(cpu, 0)
            if diff != 0:
                problems.append(f"cpu {name(cpu)}: PSCI_STAT_COUNT totals {sum(stat)}, the "
                                f"module took {taken} and {hot.get(cpu, 0)} hotplug rounds: "
                                f"{diff:+d} (0 expected)")
            counts_cpu = {"cpu": name(cpu), "stat_total": sum(stat), "module_total": taken,
                          "hotplug": hot.get(cpu, 0), "difference": diff}
        else:
            counts_cpu = {"cpu": name(cpu), "stat_total": None, "module_total": taken,
                          "hotplug": hot.get(cpu, 0), "difference": None}
        counts_cpu.update({"exit_cost_ns": c["exit_cost"], "overwritten": c["overwritten"],
                           "unmatched": c["unmatched"]})
        rows.append(counts_cpu)
    return {"states": [{"idx": i, "state": n} for i, n in states], "deepest": deepest,
            "cpuidle_since": "reset" if d["cpuidle_base"] else "boot",
            "table": table, "counts": counts, "per_cpu": rows}, problems


def rst_table(header, rows):
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    rule = "  ".join("=" * w for w in widths)
    out = [rule, "  ".join(str(h).ljust(w) for h, w in zip(header, widths)), rule]
    out += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(out + [rule])


def dash(v):
    return "--" if v is None else v


def ms(us):
    return "--" if us is None else f"{us / 1000:.1f}"


def write_rst(path, plat, p, res, verdict, problems, baseline, plotted):
    base = {(r["cpu"], r["state"]): r for r in baseline["table"]} if baseline else {}
    title = f"PSCI idle latency under Linux ({plat})"
    # (every idle exit is a sample: no iterations)
    fields = [f for f in prov.rst_fields(p).split("\n") if not f.startswith(":Iterations:")]
    out = [title, "=" * len(title), ""] + fields + [
        f":Kernel: {p.get('kernel', 'not named')} (SMCCC {p.get('smccc', '?')}, "
        f"PMF v{p.get('pmf_version', '?')})",
        f":Verdict: {verdict}", ""]
    if baseline:
        out += [f"Figures that moved by more than {fig.DELTA_SHOWN_ABOVE:g}% against the "
                f"baseline ({baseline['provenance'].get('run') or 'earlier run'}) carry "
                "the change.", ""]
    if problems:
        out += ["Problems:", ""] + [f"* {x}" for x in problems] + [""]
    out += ["Powerdown = ENTER_HW_LOW_PWR - ENTER_PSCI, Wakeup = EXIT_PSCI - EXIT_HW_LOW_PWR, "
            "Cache Flush = EXIT_CFLUSH - ENTER_CFLUSH, in µs (median, 99th percentile and "
            "maximum of every idle exit recorded; docs/perf/psci-performance-methodology.rst). "
            "The tables hold every sample copied off, taken until the copy; the counts "
            "below are the summary's, read just before it.", ""]
    dt = {c["state"]: c["dt"] for c in res["counts"]}
    out += ["Idle states (the device tree Linux booted with)", "-" * 47, "",
            rst_table(["state", "power_state", "entry-latency-us", "exit-latency-us",
                       "min-residency-us"],
                      [[s["state"], next((f"0x{c['power_state']:08x}" for c in res["counts"]
                                          if c["state"] == s["state"] and c["power_state"]
                                          is not None), "--"),
                        dt[s["state"]]["entry_latency_us"], dt[s["state"]]["exit_latency_us"],
                        dt[s["state"]]["min_residency_us"]] for s in res["states"]]), ""]
    for s in res["states"]:
        head = f"{s['state']} (cpuidle state {s['idx']})"
        out += [head, "-" * len(head), ""]
        rows = []
        for r in (r for r in res["table"] if r["state"] == s["state"]):
            b = base.get((r["cpu"], r["state"]))
            cells = [r["cpu"], r["count"]]
            for f in FIGURES:
                st = r["figures"][f]
                bst = b["figures"].get(f) if b else None
                for k in ("median_ns", "p99_ns", "max_ns"):
                    cells.append(fig.cell(st[k] if st else None, bst[k] if bst else None))
            rows.append(cells)
        out += [rst_table(["cpu", "count"] + [f"{f} {k}" for f in FIGURES
                                              for k in ("median", "p99", "max")], rows), ""]
        if s["state"] in plotted:
            out += [f".. image:: plots/{plotted[s['state']]}.svg", ""]
    out += ["Counts since the module's reset", "-" * 31, "",
            "PSCI_STAT_COUNT counts the state the firmware granted, the module and cpuidle "
            "the state Linux asked for: a cluster power-down asked while another core of "
            "the cluster runs is granted as a core power-down. Per CPU, the firmware's total "
            "is the module's (accepted and rejected) plus one per hotplug round (CPU_OFF "
            "then CPU_ON counts one core power-down), exactly: the module reads both on the "
            "CPU itself, where no exit can be half counted. An abandoned entry (the "
            "wake-up was already pending) reaches no low-power state and counts for "
            f"neither. cpuidle's usage and time count from the {res['cpuidle_since']}.", "",
            rst_table(["cpu", "state", "PSCI_STAT_COUNT", "cpuidle usage", "module accepted",
                       "rejected", "abandoned", "PSCI_STAT_RESIDENCY (ms)", "cpuidle time (ms)"],
                      [[c["cpu"], c["state"], dash(c["stat_count"]), dash(c["cpuidle_usage"]),
                        c["accepted"], c["rejected_order"] + c["rejected_stale"], c["abandoned"],
                        ms(c["stat_residency_us"]), ms(c["cpuidle_time_us"])]
                       for c in res["counts"]]), "",
            rst_table(["cpu", "PSCI_STAT total", "module total", "hotplug rounds", "difference",
                       "module cost per exit (ns)"],
                      [[r["cpu"], "--" if r["stat_total"] is None else r["stat_total"],
                        r["module_total"], r["hotplug"],
                        "--" if r["difference"] is None else r["difference"], r["exit_cost_ns"]]
                       for r in res["per_cpu"]]), ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


def plot_histograms(outdir, d, res):
    """plots/<state>.png/.svg: one panel per figure, every CPU's histogram."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    matplotlib.rcParams["svg.hashsalt"] = "n1fw"
    matplotlib.rcParams["svg.fonttype"] = "none"
    os.makedirs(outdir, exist_ok=True)
    topo = {r["linux_cpu"]: r["cpu"] for r in res["table"]}
    done = {}
    for s in res["states"]:
        got = [x for x in d["sample"] if x["idx"] == s["idx"]]
        if not got:
            continue
        fg, axes = plt.subplots(1, 3, figsize=(12, 3.6))
        for ax, f in zip(axes, FIGURES):
            cpus = sorted({x["cpu"] for x in got})
            data = [[x[KEYS[f]] / 1000.0 for x in got if x["cpu"] == c and x[KEYS[f]] > 0]
                    for c in cpus]
            # Logarithmic bins: the bulk and the tail (an emulator's vCPU
            # descheduled by its host) both stay visible.
            lo = min(min(d) for d in data if d)
            hi = max(max(d) for d in data if d)
            bins = [lo * (hi / lo) ** (i / 50) for i in range(51)] if hi > lo else 10
            ax.hist(data, bins=bins, histtype="step", label=[topo.get(c, str(c)) for c in cpus])
            if hi > lo:
                ax.set_xscale("log")
            ax.set_title(f, fontsize=10)
            ax.set_xlabel("µs (logarithmic)")
            ax.set_ylabel("idle exits")
            ax.grid(linewidth=0.3)
        axes[0].legend(title="cpu", fontsize=7)
        fg.suptitle(f"{s['state']}: every idle exit recorded", fontsize=11)
        fg.tight_layout()
        safe = re.sub(r"[^\w.-]", "_", s["state"])
        fg.savefig(os.path.join(outdir, safe + ".png"), dpi=100, metadata={"Software": None})
        fg.savefig(os.path.join(outdir, safe + ".svg"), metadata={"Date": None, "Creator": None})
        plt.close(fg)
        done[s["state"]] = safe
    return done


def main(argv):
    import argparse
    p = argparse.ArgumentParser(prog="linux_report", description="PSCI idle latency under "
                                "Linux from tools/pmf_idle's samples (docs/tools/pmf_idle.rst).")
    prov.add_report_arguments(p)
    p.add_argument("plat", nargs="?", default="qemu", metavar="PLAT",
                   help="the platform (default qemu)")
    p.add_argument("--hardware", action="store_true", help="INPUT came from a board")
    p.add_argument("--min-deepest", type=int, default=200, metavar="N",
                   help="samples each CPU must have of the deepest state (200)")
    p.add_argument("--min-each", type=int, default=20, metavar="N",
                   help="samples each CPU must have of every other state (20)")
    p.add_argument("--no-plots", action="store_true",
                   help="no histograms (they need Debian's python3-matplotlib)")
    a = p.parse_args(argv[1:])
    try:
        with open(a.console, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        print(f"linux_report: {e}", file=sys.stderr)
        return 2
    try:
        d = parse(text)
    except InputError as e:
        print(f"linux_report: {a.console}: {e}", file=sys.stderr)
        return 2
    baseline = None
    if a.baseline:
        try:
            with open(os.path.join(a.baseline, "report.json"), encoding="utf-8") as f:
                baseline = schema.upgrade_linux(json.load(f),
                                                f"BASELINE={a.baseline}: report.json")
        except (OSError, ValueError, schema.FormatError) as e:
            print(f"linux_report: BASELINE={a.baseline}: {e}", file=sys.stderr)
            return 2
    try:
        # A console of make linux-latency names its firmware (the BL31
        # banner), and so its build; what collect.sh copied off a board
        # does not.
        config = prov.find_build(text, a.plat, a) if a.config or prov.banner(text) else None
        pv = prov.collect(a.plat, text, config, a.runtime_only.split(), a.cc, a.hardware,
                          a.run, run_options=a.run_options)
    except prov.ProvenanceError as e:
        print(f"linux_report: {e}", file=sys.stderr)
        return 2
    h = d["header"]
    topo = sorted((t["cluster"], t["core"]) for t in d["topology"])
    clusters = {}
    for c, _ in topo:
        clusters[c] = clusters.get(c, 0) + 1
    # (every idle exit is a sample: no iterations)
    pv.pop("iterations", None)
    pv.update({k: v for k, v in (("kernel", h.get("kernel")), ("smccc", h.get("smccc")),
                                 ("pmf_version", h.get("pmf_version")),
                                 ("midr", h.get("midr")),
                                 ("topology", "+".join(str(clusters[c])
                                                       for c in sorted(clusters)))) if v})
    pv.update({"counter_hz": int(h["counter_hz"]), "cores": len(d["cpu"])})
    if pv.get("emulator", "").startswith("QEMU"):
        pv["timing"] = "real time (no -icount)"
    res, problems = analyse(d, a.min_deepest, a.min_each)
    m = RELOADS.search(text)
    if m and m.group(2) != m.group(3):
        problems.append(f"loading and unloading the module {m.group(1)} times added "
                        f"{int(m.group(3)) - int(m.group(2))} warnings to dmesg")
    for ln in re.findall(r"^LATENCY: FAIL .*$", text, re.M):
        problems.append(ln[len("LATENCY: "):])
    if a.exit_status:
        problems.append(f"the boot ended with status {a.exit_status}")
    if baseline and not a.force:
        bad = prov.mismatches(pv, baseline.get("provenance", {}))
        if bad:
            print(f"linux_report: the baseline cannot be compared: {'; '.join(bad)} "
                  "(COMPARE_ANYWAY=1 compares anyway)", file=sys.stderr)
            baseline = None
            problems.append("the baseline could not be compared")
    verdict = "FAIL" if problems else "PASS"
    os.makedirs(a.out, exist_ok=True)
    topo_name = {r["linux_cpu"]: r["cpu"] for r in res["table"]}
    with open(os.path.join(a.out, "samples.csv"), "w", encoding="utf-8", newline="") as f:
        for ln in prov.csv_comments(pv):
            f.write(ln + "\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["cpu", "state", "power_state", "powerdown_ns", "wakeup_ns", "cflush_ns"])
        for s in d["sample"]:
            w.writerow([topo_name.get(s["cpu"], s["cpu"]), s["state"],
                        "none" if s["power_state"] is None else f"0x{s['power_state']:08x}",
                        s["powerdown"], s["wakeup"], s["cflush"]])
    plotted = {}
    if not a.no_plots:
        try:
            plotted = plot_histograms(os.path.join(a.out, "plots"), d, res)
        except ImportError:
            print("linux_report: no plots (install python3-matplotlib)", file=sys.stderr)
    report = {"format": schema.FORMAT, "provenance": pv, "verdict": verdict,
              "problems": problems} | res
    if baseline:
        report["baseline"] = {"run": baseline["provenance"].get("run"),
                              "table": baseline["table"]}
    with open(os.path.join(a.out, "report.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1, sort_keys=True)
    rst = os.path.join(a.out, f"linux-latency-{a.plat}.rst")
    write_rst(rst, a.plat, pv, res, verdict, problems, baseline, plotted)
    if not a.quiet:
        with open(rst, encoding="utf-8") as f:
            print(f.read())
    for x in problems:
        print(f"linux_report: FAIL {x}", file=sys.stderr)
    print(f"linux_report: {verdict}: {len(d['sample'])} samples of {len(d['cpu'])} CPUs "
          f"in {a.out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
