#!/usr/bin/env python3
"""linux_report: PSCI idle latency under Linux, from tools/pmf_idle's records.

Usage: linux_report.py INPUT OUT_DIR [PLAT] [options]

INPUT is either a console log of make linux-latency or what
tools/pmf_idle/collect.sh printed on a board (every line is data). A
console's data are the file pmf-idle.txt of --data DIR (make
linux-latency's run directory: the files the guest wrote to its port)
where it is, or else the lines between "LATENCY: BEGIN DATA" and
"LATENCY: END DATA", each after "PMF_IDLE: ". The lines (docs/tools/pmf_idle.rst): the
module's summary (pmf_idle, kernel, smccc, pmf_version, counter_hz,
ring_size, psci_stat, midr, source, cpu and state lines), collect.sh's
topology and cpuidle lines, init.sh's hotplug lines, one sample line per
record and "end". A line that does not parse, a sample of a state the
summary does not name, or a value in another unit than the format's is
refused: exit 2, naming the line.

--data DIR also gives, where they are: smc-summary.txt (the module's
summary of a phase read by SMC: its cost per idle exit against the
ring's), trace.dat (trace-cmd's: read with the host's trace-cmd,
tools/rt_report/linux_trace.py), cyclictest-allowed.txt and
cyclictest-forbidden.txt (rt-tests' cyclictest -v, deep idle allowed and
forbidden).

Options: those of rt_report (tools/rt_report/provenance.py:
--config, --runtime-only, --cc, --run, --run-options, --exit-status,
--baseline, --force, --quiet), and
  --data DIR            the run directory of make linux-latency (above)
  --hardware            INPUT came from a board
  --require-ring        fail unless the records came from the call ring
                        (make linux-latency on this firmware)
  --min-deepest N       records each CPU must have of the deepest state (200)
  --min-each N          ... of every other state (20)
  --no-plots            no plots (they need Debian's python3-matplotlib)

Writes into OUT_DIR: samples.csv (one header row, then one row per
record, SAMPLES_CSV's columns: the CPU as Linux numbers it and as cluster
and core, the module's sample number and the firmware's record number that
joins trace.dat, ENTER_PSCI in ns on the counter, state, power_state,
function, outcome and the figures in ns; its provenance is report.json's),
report.json (format 2,
tools/rt_report/schema.py), linux-latency-<plat>.rst (µs),
plots/<state>.png/.svg (histograms), plots/timeline.png/.svg (one CPU's
idle exits), idle-states.dtsi (a device-tree fragment with the measured
idle-state parameters) and, from trace.dat, trace.json (Chrome/Perfetto).

Exit status: 0 when every check passed (docs/tools/pmf_idle.rst, "The
report's checks"); 1 when one failed (each printed); 2 on unusable input.
"""
import csv
import json
import math
import os
import re
import sys

from tools.common import pmf
from tools.common.console_watch import exit_text  # a run's exit status in words
from tools.rt_report import figures as fig
from tools.rt_report import linux_trace
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
# The samples' ticks= order: the order one call takes them.
ORDER = [pmf.index(n) for n in pmf.RECORD_ORDER]
# The ring must cost at most this share of the SMCs' per idle exit.
RING_COST_SHARE = 0.1

# Each line kind and its fields: name -> unit ("" a plain integer, "int" a
# signed one, "hex", "name" a word, "us"/"ns" an integer with that unit,
# "ticks" six counter values, "tick" one; "?" after a unit: "none" allowed).
NUM, INT, HEX, WORD, TICK = "", "int", "hex", "name", "tick"
LINES = {
    "cpu": {"cpu": NUM, "mpidr": HEX, "next_seq": NUM, "kept": NUM, "overwritten": NUM,
            "unmatched": NUM, "cpu_off": NUM, "other": NUM, "ring_torn": NUM, "ring_lost": NUM,
            "held": NUM, "idle_smc": NUM, "exits": NUM, "exit_cost": "ns", "traced_exits": NUM,
            "traced_exit_cost": "ns", "entries": NUM, "entry_cost": "ns"},
    "state": {"cpu": NUM, "idx": NUM, "state": WORD, "power_state": HEX + "?",
              "entry_latency": "us", "exit_latency": "us", "min_residency": "us",
              "accepted": NUM, "rejected_order": NUM, "rejected_stale": NUM, "abandoned": NUM,
              "denied": NUM, "stat_count": NUM + "?", "stat_residency": "us?"},
    "cpuidle": {"cpu": NUM, "idx": NUM, "state": WORD, "usage": NUM, "time": "us"},
    # cpuidle's counts when the module was reset (make linux-latency's init)
    "cpuidle_base": {"cpu": NUM, "idx": NUM, "state": WORD, "usage": NUM, "time": "us"},
    "topology": {"cpu": NUM, "cluster": NUM, "core": NUM},
    "hotplug": {"cpu": NUM, "count": NUM},
    "sample": {"cpu": NUM, "seq": NUM, "idx": INT, "state": WORD, "power_state": HEX + "?",
               "function": WORD, "outcome": WORD, "status": INT, "ring_seq": NUM,
               "powerdown": "ns", "wakeup": "ns", "cflush": "ns", "entry": TICK + "?",
               "deadline": TICK + "?", "exit": TICK + "?", "ticks": "ticks"},
}
# Fields a module of format 2 did not print yet, and the value they stand for.
OPTIONAL = {("cpu", "held"): 0}
HEADER = {"pmf_idle": re.compile(r"[23]"), "kernel": re.compile(r"\S+"),
          "smccc": re.compile(r"\d+\.\d+ conduit (smc|hvc)"), "pmf_version": re.compile(r"\d+"),
          "counter_hz": re.compile(r"[1-9]\d*"), "ring_size": re.compile(r"\d+"),
          "psci_stat": re.compile(r"yes|no"), "midr": re.compile(r"0x[0-9a-f]{8}"),
          "source": re.compile(r"ring base=0x[0-9a-f]+ size=0x[0-9a-f]+ records=\d+ "
                               r"described=[\w-]+|smc why=.+")}
POWER_CALLS = {n for n, _ in pmf.POWER_CALLS} | {"none"}
OUTCOMES = {n.lower() for n, _ in pmf.OUTCOMES} | {"none"}


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
    if unit in (INT, TICK):
        if not re.fullmatch(r"-?\d+" if unit == INT else r"\d+", text):
            raise InputError(f"{where}: {key}={text}: not a number")
        return int(text)
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
    for (k, key), default in OPTIONAL.items():
        if k == kind and key not in out:
            out[key] = default
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
    for k in ("pmf_idle", "counter_hz", "source"):
        if k not in d["header"]:
            raise InputError(f"no '{k}' line: not pmf_idle's summary (of this version, 2)")
    if not d["end"]:
        raise InputError("no 'end' line: the data was cut short")
    states = {(s["cpu"], s["idx"]): s for s in d["state"]}
    for s in d["sample"]:
        if s["function"] not in POWER_CALLS or s["outcome"] not in OUTCOMES:
            raise InputError(f"line {s['line']}: function {s['function']}, outcome "
                             f"{s['outcome']}: no power call or outcome of the PMF ABI")
        if s["idx"] < 0:
            if s["state"] != "none":
                raise InputError(f"line {s['line']}: a record of no idle state names state "
                                 f"{s['state']}")
            continue
        st = states.get((s["cpu"], s["idx"]))
        if st is None or st["state"] != s["state"] or st["power_state"] != s["power_state"]:
            raise InputError(f"line {s['line']}: a sample of an unknown state (cpu {s['cpu']}, "
                             f"idx {s['idx']}, {s['state']}): the summary names no such state")
    d["source"] = d["header"]["source"].split()[0]
    return d


def summarize(values):
    """count, and median, 99th percentile and maximum of @values, in ns."""
    return {"count": len(values), "median_ns": fig.median(values),
            "p99_ns": fig.percentile(values, 99), "max_ns": max(values)}


def ns_of(ticks, hz):
    return ticks * 1000000000 // hz


def derived(s, hz):
    """A record's intervals beyond the three figures, in ns (None where it
    has none): entry latency (Linux's idle entry to ENTER_HW_LOW_PWR),
    and for a timer wake-up (the armed deadline between ENTER_HW_LOW_PWR
    and EXIT_HW_LOW_PWR) the hardware wake (deadline to EXIT_HW_LOW_PWR,
    what no firmware sees) and the exit latency (deadline to Linux back)."""
    t = s["ticks"]  # in ORDER: ENTER_PSCI, ENTER_CFLUSH, EXIT_CFLUSH, ENTER_HW, EXIT_HW, EXIT_PSCI
    out = {"entry_latency": None, "exit_latency": None, "hw_wake": None}
    if s["entry"] is not None and s["entry"] <= t[3]:
        out["entry_latency"] = ns_of(t[3] - s["entry"], hz)
    dl = s["deadline"]
    if dl is not None and t[3] <= dl <= t[4] and s["outcome"] == "entered":
        out["hw_wake"] = ns_of(t[4] - dl, hz)
        if s["exit"] is not None and s["exit"] >= dl:
            out["exit_latency"] = ns_of(s["exit"] - dl, hz)
    return out


def idle_exit(s):
    """A record of an idle exit that entered its state (the tables' samples)."""
    return s["idx"] >= 0 and s["outcome"] == "entered"


def pooled_cost(cpu_lines, count, cost):
    """The mean per idle exit over every CPU of the lines (ns), and the exits."""
    n = sum(c[count] for c in cpu_lines)
    return (sum(c[count] * c[cost] for c in cpu_lines) / n if n else None), n


def analyse(d, min_deepest, min_each, require_ring=False, smc=None):
    """The report's content and its problems."""
    hz = int(d["header"]["counter_hz"])
    problems = []
    topo = {t["cpu"]: f"{t['cluster']}.{t['core']}" for t in d["topology"]}
    cpus = sorted({c["cpu"] for c in d["cpu"]})
    ring = d["source"] == "ring"

    def name(cpu):
        return topo.get(cpu, f"cpu{cpu}")

    if require_ring and not ring:
        problems.append(f"the records came by SMC, not from the call ring: "
                        f"{d['header']['source']}")
    states = sorted({(s["idx"], s["state"]) for s in d["state"]})
    deepest = max(states)[0] if states else None
    by = {}
    for s in d["sample"]:
        s.update(derived(s, hz))
        if idle_exit(s):
            by.setdefault((s["cpu"], s["idx"]), []).append(s)
        t = s["ticks"]
        where = f"line {s['line']} (cpu {name(s['cpu'])}, {s['state']}, sample {s['seq']})"
        if s["outcome"] == "entered" and not all(a <= b for a, b in zip(t, t[1:])):
            problems.append(f"{where}: timestamps out of order: {t}")
        want = {"powerdown": ns_of(t[3] - t[0], hz), "wakeup": ns_of(t[5] - t[4], hz),
                "cflush": ns_of(t[2] - t[1], hz)}
        for k, v in want.items():
            if s[k] != v:
                problems.append(f"{where}: {k}={s[k]}ns, but its timestamps give {v}ns")
            # (a record that flushed nothing, or stayed in no low power, says 0)
            if s[k] <= 0 and idle_exit(s):
                problems.append(f"{where}: {k} is {s[k]} ns, not positive")
    table = []
    for idx, sname in states:
        for cpu in cpus:
            got = by.get((cpu, idx), [])
            need = min_deepest if idx == deepest else min_each
            if len(got) < need:
                problems.append(f"cpu {name(cpu)}, {sname}: {len(got)} records of idle exits, "
                                f"fewer than {need}")
            if ring and idx == deepest and any(s["ring_seq"] == 0 for s in got):
                problems.append(f"cpu {name(cpu)}, {sname}: records not from the call ring")
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
    counts, rows, records = [], [], []
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
                           "denied": s["denied"],
                           "dt": {"entry_latency_us": s["entry_latency"],
                                  "exit_latency_us": s["exit_latency"],
                                  "min_residency_us": s["min_residency"]}})
            if s["rejected_order"]:
                problems.append(f"cpu {name(cpu)}, {s['state']}: {s['rejected_order']} records "
                                "with timestamps out of order (rejected by the module)")
        c = cpu_lines[cpu]
        # The samples the summary counted (those numbered below its
        # next_seq; the CPUs went on idling while they were copied). From
        # format 3 on, collect.sh holds them (debugfs hold) until listed:
        # every one is; before, a full buffer could lap the oldest first.
        listed = sum(1 for s in d["sample"] if s["cpu"] == cpu and s["seq"] < c["next_seq"])
        lapped_ok = d["header"]["pmf_idle"] == "2" and c["overwritten"] and listed < c["kept"]
        if listed != c["kept"] and not lapped_ok:
            problems.append(f"cpu {name(cpu)}: the module's summary kept {c['kept']} samples, "
                            f"{listed} of them listed")
        # CPU_OFF then CPU_ON counts once for the core power-down state
        # (docs/design/psci.rst): from the ring, each is a record of its
        # own; by SMC, init's count of hotplug rounds stands for them. The
        # module reads both counts on the CPU itself, where no idle exit
        # can be half counted: they agree exactly (docs/tools/pmf_idle.rst).
        offs = c["cpu_off"] if ring else hot.get(cpu, 0)
        if ring and cpu in hot and c["cpu_off"] != hot[cpu]:
            problems.append(f"cpu {name(cpu)}: {c['cpu_off']} CPU_OFF records from the ring, "
                            f"{hot[cpu]} hotplug rounds")
        if None not in stat and stat:
            diff = sum(stat) - taken - offs
            if diff != 0:
                problems.append(f"cpu {name(cpu)}: PSCI_STAT_COUNT totals {sum(stat)}, the "
                                f"module took {taken} and {offs} CPU_OFFs: {diff:+d} (0 "
                                "expected)")
            counts_cpu = {"cpu": name(cpu), "stat_total": sum(stat), "module_total": taken,
                          "hotplug": offs, "difference": diff}
        else:
            counts_cpu = {"cpu": name(cpu), "stat_total": None, "module_total": taken,
                          "hotplug": offs, "difference": None}
        for k in ("overwritten", "unmatched", "cpu_off", "other", "ring_torn", "ring_lost",
                  "held", "idle_smc", "exits", "traced_exits", "entries"):
            counts_cpu[k] = c[k]
        counts_cpu.update({"exit_cost_ns": c["exit_cost"],
                           "traced_exit_cost_ns": c["traced_exit_cost"],
                           "entry_cost_ns": c["entry_cost"]})
        if ring and c["idle_smc"]:
            problems.append(f"cpu {name(cpu)}: {c['idle_smc']} PMF SMCs on the idle path, "
                            "reading from the ring (0 expected)")
        if ring and (c["ring_torn"] or c["ring_lost"]):
            problems.append(f"cpu {name(cpu)}: ring records skipped: {c['ring_torn']} torn, "
                            f"{c['ring_lost']} overwritten before they were read")
        rows.append(counts_cpu)
        # Every record of the CPU by function and outcome (abandoned entries,
        # CPU_OFFs of hotplug, denials appear as such).
        kinds = {}
        for s in d["sample"]:
            if s["cpu"] == cpu:
                kinds[(s["function"], s["outcome"])] = kinds.get((s["function"], s["outcome"]),
                                                                 0) + 1
        records.append({"cpu": name(cpu), "records": sum(kinds.values()),
                        "by": [{"function": f, "outcome": o, "count": n}
                               for (f, o), n in sorted(kinds.items())]})
    res = {"states": [{"idx": i, "state": n} for i, n in states], "deepest": deepest,
           "source": d["header"]["source"],
           "cpuidle_since": "reset" if d["cpuidle_base"] else "boot",
           "table": table, "counts": counts, "per_cpu": rows, "records": records,
           "cpu_off": cpu_off_table(d, cpus, name), "idle_states": idle_params(d, states),
           "cost": cost(d, smc, problems, ring)}
    return res, problems


def cpu_off_table(d, cpus, name):
    """The figures of each CPU's CPU_OFF records (hotplug), as the tables'."""
    out = []
    for cpu in cpus:
        got = [s for s in d["sample"] if s["cpu"] == cpu and s["function"] == "CPU_OFF"]
        if got:
            out.append({"cpu": name(cpu), "count": len(got),
                        "figures": {f: summarize([s[KEYS[f]] for s in got]) for f in FIGURES}})
    return out


# The idle-state parameters (Linux's idle-states binding): name, the
# record's key, the DT property it stands for.
PARAMS = [("entry latency", "entry_latency", "entry-latency-us"),
          ("exit latency", "exit_latency", "exit-latency-us"),
          ("hardware wake", "hw_wake", None), ("firmware wake-up", "wakeup", None)]


def idle_params(d, states):
    """Per idle state, over every CPU: the measured parameters (median and
    p99, ns) beside the device tree's, and the break-even lower bound."""
    out = []
    for idx, sname in states:
        got = [s for s in d["sample"] if s["idx"] == idx and idle_exit(s)]
        dt = next((s for s in d["state"] if s["idx"] == idx), None)
        row = {"idx": idx, "state": sname, "records": len(got),
               "timer_wakeups": sum(1 for s in got if s["hw_wake"] is not None),
               "dt": {"entry_latency_us": dt["entry_latency"] if dt else None,
                      "exit_latency_us": dt["exit_latency"] if dt else None,
                      "min_residency_us": dt["min_residency"] if dt else None},
               "measured": {}}
        for _, key, _ in PARAMS:
            vals = [s[key] for s in got if s[key] is not None]
            row["measured"][key] = ({"count": len(vals), "median_ns": fig.median(vals),
                                     "p99_ns": fig.percentile(vals, 99)} if vals else None)
        m = row["measured"]
        # The binding's min-residency is energy's break-even, which needs a
        # power measurement; no residency shorter than entry + exit spends
        # any time in the state at all: its lower bound.
        if m["entry_latency"] and m["exit_latency"]:
            row["min_residency_lower_bound"] = {
                k: m["entry_latency"][k] + m["exit_latency"][k] for k in ("median_ns", "p99_ns")}
        else:
            row["min_residency_lower_bound"] = None
        out.append(row)
    return out


def cost(d, smc, problems, ring):
    """What the module costs per idle exit: the ring's (trace event off,
    on) against the SMCs' (the phase read by SMC, @smc: its summary's
    parse), pooled over the CPUs; and per idle entry (the notes, and the
    ring's batch every few periods), so per idle period too."""
    ring_ns, ring_n = pooled_cost(d["cpu"], "exits", "exit_cost")
    traced_ns, traced_n = pooled_cost(d["cpu"], "traced_exits", "traced_exit_cost")
    entry_ns, entry_n = pooled_cost(d["cpu"], "entries", "entry_cost")
    out = {"source": d["source"], "exit_ns": ring_ns, "exits": ring_n,
           "traced_exit_ns": traced_ns, "traced_exits": traced_n, "entry_ns": entry_ns,
           "entries": entry_n, "smc_exit_ns": None, "smc_exits": 0, "smc_entry_ns": None,
           "smc_entries": 0, "share_percent": None, "period_share_percent": None}
    if smc is not None:
        out["smc_exit_ns"], out["smc_exits"] = pooled_cost(smc["cpu"], "exits", "exit_cost")
        out["smc_entry_ns"], out["smc_entries"] = pooled_cost(smc["cpu"], "entries",
                                                              "entry_cost")
        out["smc_idle_smc"] = sum(c["idle_smc"] for c in smc["cpu"])
        # An idle period: its entry and its exit, each way of reading.
        if (ring and None not in (ring_ns, entry_ns, out["smc_exit_ns"], out["smc_entry_ns"])
                and out["smc_exit_ns"] + out["smc_entry_ns"] > 0):
            out["period_share_percent"] = ((ring_ns + entry_ns) * 100.0 /
                                           (out["smc_exit_ns"] + out["smc_entry_ns"]))
        if ring and out["smc_exit_ns"] and ring_ns is not None:
            # A figure of real time under a shared host, stated against its
            # goal, not a verdict: a busy host moves the SMCs' cost 2x
            # (docs/perf/linux-idle-latency.rst).
            out["share_percent"] = ring_ns * 100.0 / out["smc_exit_ns"]
    return out


# How make linux-latency runs cyclictest (tools/linux_latency/init.sh): as
# rt-tests' users do, SCHED_FIFO priority (-p), no --laptop (which leaves
# /dev/cpu_dma_latency alone and says so), and the PM QoS CPU latency each
# phase holds (--latency, µs): none (PM QoS's default), then 0 (WFI only).
CYCLICTEST_LATENCY_US = {"allowed": 2000000000, "forbidden": 0}
# Wake-ups each thread must have: the p99 is then the 5th largest or
# further in. init asks for 1000 (-l), but cyclictest stops every thread
# when the first has done them, and under TCG a thread whose vCPU the host
# held back lags by its long wake-ups (956 of 1000 in a 60 s run).
CYCLICTEST_MIN_LOOPS = 500


def cyclictest_problems(mode, text):
    """What is wrong with how cyclictest ran in phase @mode (its file's
    first line is the command, init.sh's), as the report's problems."""
    first = text.splitlines()[0] if text else ""
    out = []
    if "not setting cpu_dma_latency" in text:
        out.append(f"cyclictest ({mode}): --laptop: /dev/cpu_dma_latency not held")
    if not first.startswith("# cyclictest "):
        return out + [f"cyclictest ({mode}): the file does not start with its command line"]
    args = first[2:].split()
    prio = args[args.index("-p") + 1] if "-p" in args[:-1] else None
    if prio is None or not prio.isdigit() or int(prio) < 1:
        out.append(f"cyclictest ({mode}): no SCHED_FIFO priority (-p 1-99): '{first[2:]}'")
    if "--laptop" in args and not out:
        out.append(f"cyclictest ({mode}): --laptop: /dev/cpu_dma_latency not held")
    want = f"--latency={CYCLICTEST_LATENCY_US[mode]}"
    if want not in args:
        out.append(f"cyclictest ({mode}): not run with {want}")
    return out


def parse_cyclictest(text):
    """cyclictest -v's samples: {thread: [latency µs]} (each line "THREAD:
    LOOP: LATENCY"), or InputError for a file with none."""
    out = {}
    for ln in text.splitlines():
        m = re.fullmatch(r"\s*(\d+):\s+(\d+):\s+(\d+)\s*", ln)
        if m:
            out.setdefault(int(m.group(1)), []).append(int(m.group(3)))
    if not out:
        raise InputError("no cyclictest -v samples (THREAD: LOOP: LATENCY lines)")
    return out


def cyclictest(files, topo, res):
    """cyclictest with deep idle allowed and forbidden: per CPU (thread n
    runs on CPU n, -a) median, p99 and maximum in µs, and the penalty of
    deep idle (allowed minus forbidden), beside the firmware's share of an
    idle exit from the records (the deepest state's Wakeup and hardware
    wake, medians)."""
    modes, problems, commands = {}, [], {}
    for mode, path in files.items():
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        modes[mode] = parse_cyclictest(text)
        problems += cyclictest_problems(mode, text)
        commands[mode] = text.splitlines()[0][2:] if text.startswith("# ") else None
        few = [t for t, v in modes[mode].items() if len(v) < CYCLICTEST_MIN_LOOPS]
        if few:
            problems.append(f"cyclictest ({mode}): threads {few} have fewer than "
                            f"{CYCLICTEST_MIN_LOOPS} wake-ups: no p99")
    rows = []
    for cpu in sorted(set().union(*[set(m) for m in modes.values()])):
        row = {"cpu": topo.get(cpu, f"cpu{cpu}")}
        for mode, per in modes.items():
            v = per.get(cpu, [])
            row[mode] = ({"count": len(v), "median_us": fig.median(v),
                          "p99_us": fig.percentile(v, 99), "max_us": max(v)} if v else None)
        if row.get("allowed") and row.get("forbidden"):
            row["penalty"] = {k: row["allowed"][k] - row["forbidden"][k]
                              for k in ("median_us", "p99_us")}
        rows.append(row)
    deep = next((p for p in res["idle_states"] if p["idx"] == res["deepest"]), None)
    share = {}
    if deep:
        for key in ("wakeup", "hw_wake"):
            m = deep["measured"].get(key)
            share[f"{key}_median_ns"] = m["median_ns"] if m else None
    return {"rows": rows, "firmware": share, "commands": commands}, problems


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


def us(ns):
    return "--" if ns is None else f"{ns / 1000:.2f}"


def us_up(ns):
    """@ns in whole µs, rounded up (a DT property: a bound, never an underestimate)."""
    return math.ceil(ns / 1000)


def write_dtsi(path, p, res):
    """idle-states.dtsi: the measured parameters as DT properties, per
    state node (the 99th percentiles, rounded up to µs; min-residency-us
    the break-even's lower bound), a fragment that merges into the
    board's /cpus/idle-states."""
    emu = p.get("emulator", "hardware")
    where = ", ".join(str(x) for x in (p.get("run"), p.get("platform"), p.get("cpu_model"), emu)
                      if x)
    out = ["// SPDX-License-Identifier: BSD-3-Clause",
           f"// Idle-state parameters measured by make linux-latency ({where}):",
           "// the 99th percentiles of every idle exit recorded, rounded up to µs.",
           "// entry-latency-us: Linux's idle entry to ENTER_HW_LOW_PWR; exit-latency-us: the armed",
           "// timer's deadline to Linux back (timer wake-ups); min-residency-us: their sum, a lower",
           "// bound of the binding's energy break-even (no power was measured), never below the",
           "// device tree's own. Each value is at least the shallower state's (cpuidle's order).",
           "// " + ("An emulator's figures, not silicon's: measure on the board "
                    "(docs/plat/n1sdp.rst)." if emu != "hardware" else "Measured on hardware."),
           "/ {", "\tcpus {", "\t\tidle-states {"]
    # cpuidle's governors walk the states in index order, taking each as
    # deeper than the last (a deeper state's latencies and residency no
    # smaller), so each value is at least the shallower state's; and a
    # measured lower bound never lowers the residency the DT declared.
    floor = {}
    for row in sorted(res["idle_states"], key=lambda r: r["idx"]):
        m = row["measured"]
        lb = row["min_residency_lower_bound"]
        found = [("entry-latency-us", m["entry_latency"] and us_up(m["entry_latency"]["p99_ns"])),
                 ("exit-latency-us", m["exit_latency"] and us_up(m["exit_latency"]["p99_ns"])),
                 ("min-residency-us", lb and max(us_up(lb["p99_ns"]),
                                                 row["dt"]["min_residency_us"] or 0))]
        props = []
        for k, v in found:
            if v:
                floor[k] = max(v, floor.get(k, 0))
                props.append((k, floor[k]))
        out.append(f"\t\t\t{row['state']} {{")
        out += [f"\t\t\t\t{k} = <{v}>;" for k, v in props]
        if not props:
            out.append("\t\t\t\t/* no record of an idle exit measured it */")
        out.append("\t\t\t};")
    out += ["\t\t};", "\t};", "};", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


def write_rst(path, plat, p, res, verdict, problems, baseline, plotted):
    base = {(r["cpu"], r["state"]): r for r in baseline["table"]} if baseline else {}
    title = f"PSCI idle latency under Linux ({plat})"
    # (every idle exit is a sample: no iterations)
    fields = [f for f in prov.rst_fields(p).split("\n") if not f.startswith(":Iterations:")]
    src = res["source"]
    out = [title, "=" * len(title), ""] + fields + [
        f":Kernel: {p.get('kernel', 'not named')} (SMCCC {p.get('smccc', '?')}, "
        f"PMF v{p.get('pmf_version', '?')})",
        f":Records: {'from the firmware call ring, ' + src[5:] if src.startswith('ring') else 'by PMF SMC (' + src[8:] + ')'}",
        f":Verdict: {verdict}", ""]
    if baseline:
        out += [f"Figures that moved by more than {fig.DELTA_SHOWN_ABOVE:g}% and more than "
                f"one counter tick ({prov.tick_ns(p):g} ns) against the "
                f"baseline ({baseline['provenance'].get('run') or 'earlier run'}) carry "
                "the change.", ""]
    if problems:
        out += ["Problems:", ""] + [f"* {x}" for x in problems] + [""]
    out += ["Powerdown = ENTER_HW_LOW_PWR - ENTER_PSCI, Wakeup = EXIT_PSCI - EXIT_HW_LOW_PWR, "
            "Cache Flush = EXIT_CFLUSH - ENTER_CFLUSH, in µs (median, 99th percentile and "
            "maximum of every idle exit recorded that entered its state; "
            "docs/perf/psci-performance-methodology.rst). The tables hold every record "
            "copied off, taken until the copy; the counts below are the summary's, read "
            "just before it.", ""]
    dt = {c["state"]: c["dt"] for c in res["counts"]}
    out += ["Idle states (the device tree Linux booted with)", "-" * 47, "",
            rst_table(["state", "power_state", "entry-latency-us", "exit-latency-us",
                       "min-residency-us"],
                      [[s["state"], next((f"0x{c['power_state']:08x}" for c in res["counts"]
                                          if c["state"] == s["state"] and c["power_state"]
                                          is not None), "--"),
                        dt[s["state"]]["entry_latency_us"], dt[s["state"]]["exit_latency_us"],
                        dt[s["state"]]["min_residency_us"]] for s in res["states"]]), ""]
    # Under QEMU in real time a vCPU is a host thread: its longest figures
    # are the host's scheduling, not the firmware's or the guest's.
    host_max = p.get("emulator", "").startswith("QEMU") and not prov.icount(p)
    maxk = "max (the host's)" if host_max else "max"
    if host_max:
        out += ["Under QEMU in real time each vCPU is a thread of the host: a figure's maximum "
                "(columns \"max (the host's)\", milliseconds at times) is a vCPU the host "
                "descheduled in the middle of the path, the host's scheduling, not the "
                "firmware's; the medians and p99 are the firmware's, as QEMU runs it. A "
                "board's maxima are its own.", ""]
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
                    cells.append(fig.cell(st[k] if st else None, bst[k] if bst else None,
                                          resolution=prov.tick_ns(p)))
            rows.append(cells)
        out += [rst_table(["cpu", "count"] + [f"{f} {k}" for f in FIGURES
                                              for k in ("median", "p99", maxk)], rows), ""]
        if s["state"] in plotted:
            out += [f".. image:: plots/{plotted[s['state']]}.svg", ""]
    out += idle_state_rst(res, p) + records_rst(res) + cost_rst(res) + trace_rst(res)
    out += cyclictest_rst(res, host_max)
    out += ["Counts since the module's reset", "-" * 31, "",
            "PSCI_STAT_COUNT counts the state the firmware granted, the module and cpuidle "
            "the state Linux asked for: a cluster power-down asked while another core of "
            "the cluster runs is granted as a core power-down. Per CPU, the firmware's total "
            "is the module's (accepted and rejected) plus one per CPU_OFF (a hotplug round: "
            "CPU_OFF then CPU_ON counts one core power-down; its record from the ring, else "
            "init's count), exactly: the module reads both on the CPU itself, where no exit "
            "can be half counted. An abandoned or denied entry reaches no low-power state "
            f"and counts for neither. cpuidle's usage and time count from the "
            f"{res['cpuidle_since']}.", "",
            rst_table(["cpu", "state", "PSCI_STAT_COUNT", "cpuidle usage", "module accepted",
                       "rejected", "abandoned", "denied", "PSCI_STAT_RESIDENCY (ms)",
                       "cpuidle time (ms)"],
                      [[c["cpu"], c["state"], dash(c["stat_count"]), dash(c["cpuidle_usage"]),
                        c["accepted"], c["rejected_order"] + c["rejected_stale"], c["abandoned"],
                        c["denied"], ms(c["stat_residency_us"]), ms(c["cpuidle_time_us"])]
                       for c in res["counts"]]), "",
            rst_table(["cpu", "PSCI_STAT total", "module total", "CPU_OFFs", "difference",
                       "ring records torn", "lost", "PMF SMCs on the idle path"],
                      [[r["cpu"], "--" if r["stat_total"] is None else r["stat_total"],
                        r["module_total"], r["hotplug"],
                        "--" if r["difference"] is None else r["difference"], r["ring_torn"],
                        r["ring_lost"], r["idle_smc"]]
                       for r in res["per_cpu"]]), ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


def idle_state_rst(res, p):
    head = "Idle-state parameters, measured (Linux's idle-states binding)"
    out = [head, "-" * len(head), "",
           "Over every CPU's records of idle exits that entered the state: entry latency "
           "from Linux's idle entry (the cpu_idle event) to ENTER_HW_LOW_PWR; for timer "
           "wake-ups (the timer armed at idle entry fired between ENTER_HW_LOW_PWR and "
           "EXIT_HW_LOW_PWR) the exit latency from its deadline to Linux back, and of that "
           "the hardware wake, deadline to EXIT_HW_LOW_PWR, which no firmware stamp sees; "
           "the firmware's own wake-up (Wakeup). The binding's min-residency is the energy "
           "break-even against the shallower state: it needs a power measurement, and is at "
           "least entry + exit latency (below: that bound). In µs, median / 99th percentile, "
           "beside what the device tree declared; idle-states.dtsi holds the 99th "
           "percentiles as properties."
           + (" These are the emulator's figures (QEMU, real time), not silicon's: "
              "docs/plat/n1sdp.rst says how to take them on the board."
              if p.get("emulator", "hardware") != "hardware" else ""), ""]
    rows = []
    for r in res["idle_states"]:
        m = r["measured"]

        def mp(key):
            v = m.get(key)
            return "--" if v is None else f"{us(v['median_ns'])} / {us(v['p99_ns'])}"
        lb = r["min_residency_lower_bound"]
        rows.append([r["state"], r["records"], r["timer_wakeups"], mp("entry_latency"),
                     dash(r["dt"]["entry_latency_us"]), mp("exit_latency"),
                     dash(r["dt"]["exit_latency_us"]), mp("hw_wake"), mp("wakeup"),
                     "--" if lb is None else f"{us(lb['median_ns'])} / {us(lb['p99_ns'])}",
                     dash(r["dt"]["min_residency_us"])])
    out += [rst_table(["state", "records", "timer wake-ups", "entry latency", "DT",
                       "exit latency", "DT", "hardware wake", "firmware wake-up",
                       "min residency >=", "DT"], rows), ""]
    return out


def records_rst(res):
    out = ["Every record, by function and outcome", "-" * 37, "",
           "Every PSCI power call of each CPU the module took: abandoned entries (a "
           "wake-up already pending), denials, and the CPU_OFFs of hotplug (their record "
           "completed by the CPU_ON that brought the CPU back) appear as such.", ""]
    keys = sorted({(b["function"], b["outcome"]) for r in res["records"] for b in r["by"]})
    out += [rst_table(["cpu", "records"] + [f"{f} {o}" for f, o in keys],
                      [[r["cpu"], r["records"]] +
                       [next((b["count"] for b in r["by"] if (b["function"], b["outcome"]) == k),
                             0) for k in keys]
                       for r in res["records"]]), ""]
    if res["cpu_off"]:
        out += ["CPU_OFF records (hotplug), median / 99th percentile in µs:", "",
                rst_table(["cpu", "count"] + list(FIGURES),
                          [[r["cpu"], r["count"]] + [f"{us(r['figures'][f]['median_ns'])} / "
                                                     f"{us(r['figures'][f]['p99_ns'])}"
                                                     for f in FIGURES]
                           for r in res["cpu_off"]]), ""]
    return out


def cost_rst(res):
    c = res["cost"]
    out = ["What the module costs per idle exit", "-" * 35, "",
           "The module's own time on each idle exit and entry (its cpu_idle probe, from its "
           "first counter read to its last), mean over every CPU: reading the records from "
           "the call ring (the exit notes the time; the records are taken in a batch at an "
           "idle entry every few periods), with the trace event on (then taken at the exit, "
           "inside its cpu_idle span), and reading them by PMF SMC, six per idle exit, as on "
           "TF-A (a phase of the same workload before). Each idle entry notes the time and "
           "the armed timer.", ""]
    rows = [["ring, trace event off", "idle exit", c["exits"], us(c["exit_ns"])],
            ["ring, trace event on", "idle exit", c["traced_exits"], us(c["traced_exit_ns"])],
            ["ring (notes, a batch every few)", "idle entry", c["entries"], us(c["entry_ns"])],
            ["PMF SMCs (6 per exit)", "idle exit", c["smc_exits"], us(c["smc_exit_ns"])],
            ["PMF SMCs (notes)", "idle entry", c["smc_entries"], us(c["smc_entry_ns"])]]
    out += [rst_table(["reading", "on each", "count", "µs each"], rows), ""]
    if c["share_percent"] is not None:
        goal = c["share_percent"] <= RING_COST_SHARE * 100
        out += [f"The ring's exit costs {c['share_percent']:.1f}% of the SMCs' (the goal: "
                f"at most {RING_COST_SHARE * 100:.0f}%; " + ("met" if goal else "NOT met") +
                " in this run, in real time)" +
                (f"; a whole idle period, entry and exit, "
                 f"{c['period_share_percent']:.1f}%." if c["period_share_percent"] is not None
                 else "."), ""]
    return out


def trace_rst(res):
    t = res.get("trace")
    if not t:
        return []
    out = ["The trace (trace.dat, trace.json)", "-" * 33, ""]
    if "error" in t:
        return out + [f"trace.dat could not be read: {t['error']}", ""]
    return out + [
        f"trace-cmd report reads {t['events']} pmf_idle:psci_call events and "
        f"{t['spans']} cpu_idle spans; of the {t['idle_exit_events']} records of idle exits, "
        f"{t['inside']} lie inside the cpu_idle span they describe (the event and its "
        f"firmware segments, ENTER_PSCI to EXIT_PSCI), {t['before']} are of idle periods "
        f"before the trace began, {t['outside']} elsewhere. What woke each CPU is the "
        "kernel's own events beside them (" +
        ", ".join(f"{w['count']} {w['event']}" for w in (t.get("wake_events") or [])) +
        "): KernelShark and trace-cmd report read them from trace.dat. trace.json holds the "
        "same (the spans, the firmware's segments, each CPU's tasks and interrupt handlers, "
        "its wakeups, IPIs and timer expiries) for chrome://tracing and ui.perfetto.dev; "
        "samples.csv's ring_seq is the psci_call event's seq. plots/timeline.svg shows one "
        "CPU's idle exits.", "", ".. image:: plots/timeline.svg", ""]


def cyclictest_rst(res, host_max=False):
    """The cross-check's section; @host_max: under QEMU in real time (its
    maxima are the host's)."""
    c = res.get("cyclictest")
    if not c:
        return []
    fw = c["firmware"]
    out = ["Cross-check: cyclictest, deep idle allowed and forbidden", "-" * 56, "",
           "rt-tests' cyclictest, a thread per CPU waking every 10 ms: its latency (µs, "
           "median / 99th percentile / maximum) with every idle state allowed, and with deep "
           "idle forbidden (a PM QoS CPU latency of 0 held on /dev/cpu_dma_latency: WFI only). "
           "The difference is deep idle's end-to-end cost to a wake-up, beside the firmware's "
           f"share from the records (the deepest state's Wakeup, median "
           f"{us(fw.get('wakeup_median_ns'))} µs; its hardware wake, median "
           f"{us(fw.get('hw_wake_median_ns'))} µs).", ""]
    rows, negative = [], False
    for r in c["rows"]:
        def cell(m):
            return "--" if not m else f"{m['median_us']} / {m['p99_us']} / {m['max_us']}"
        pen = r.get("penalty")

        def p(v):
            nonlocal negative
            negative |= v < 0
            return f"{v}*" if v < 0 else f"{v}"
        rows.append([r["cpu"], cell(r.get("allowed")), cell(r.get("forbidden")),
                     "--" if not pen else f"{p(pen['median_us'])} / {p(pen['p99_us'])}"])
    cmds = c.get("commands") or {}
    out += [rst_table(["cpu", "deep idle allowed", "forbidden", "penalty (median / p99)"],
                      rows), ""]
    if cmds:
        out += ["Run as: " + "; ".join(f"``{cmds[m]}`` ({m})" for m in sorted(cmds) if cmds[m]) +
                (". The maxima are the host's: under QEMU a vCPU is a host thread, "
                 "descheduled at the host's will." if host_max else "."), ""]
    if negative:
        out += ["\\* Negative: that CPU's wake-ups were faster with deep idle allowed than "
                "with it forbidden. The two phases are separate runs, each with its own share "
                "of the host's noise (another process on the host delays a vCPU by "
                "milliseconds); where deep idle costs less than that noise differs between "
                "the runs, the difference has either sign, and is no cost of deep idle.", ""]
    return out


# samples.csv: one header row, one record per row, numbers unquoted (its
# provenance is report.json's). linux_cpu, seq: the CPU and the module's
# sample number (the samples file's); ring_seq: the firmware's record
# number, the pmf_idle:psci_call trace event's seq (0 by SMC): it joins
# trace.dat; enter_psci_ns: the record's ENTER_PSCI on the counter, ns.
SAMPLES_CSV = ["linux_cpu", "cluster", "core", "seq", "ring_seq", "enter_psci_ns", "state",
               "power_state", "function", "outcome", "powerdown_ns", "wakeup_ns", "cflush_ns",
               "entry_latency_ns", "exit_latency_ns", "hw_wake_ns"]


def qemu_timing(pv):
    """A QEMU run's timing as it was: tools/linux_latency/boot.sh boots
    Linux in real time (qemu_run --realtime), whatever the firmware build's
    REALTIME option (make run's) says: the provenance must not say
    REALTIME=0 of a real-time run."""
    if pv.get("emulator", "").startswith("QEMU"):
        pv["timing"] = "real time (no -icount)"
        if "REALTIME" in (pv.get("options") or {}):
            pv["options"]["REALTIME"] = "1"


def counter_hz(d):
    return int(d["header"]["counter_hz"])


def write_samples_csv(path, d, hz):
    """samples.csv: every record of @d (SAMPLES_CSV's columns)."""
    topo = {t["cpu"]: t for t in d["topology"]}
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(SAMPLES_CSV)
        for s in d["sample"]:
            t = topo.get(s["cpu"], {})
            enter = s["ticks"][0] * 1000000000 // hz
            w.writerow([s["cpu"], t.get("cluster", ""), t.get("core", ""), s["seq"],
                        s["ring_seq"], enter, s["state"],
                        "none" if s["power_state"] is None else f"0x{s['power_state']:08x}",
                        s["function"], s["outcome"], s["powerdown"], s["wakeup"], s["cflush"]] +
                       ["" if s[k] is None else s[k]
                        for k in ("entry_latency", "exit_latency", "hw_wake")])


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
        got = [x for x in d["sample"] if x["idx"] == s["idx"] and idle_exit(x)]
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
        save(fg, outdir, safe)
        plt.close(fg)
        done[s["state"]] = safe
    return done


def save(fg, outdir, name):
    fg.savefig(os.path.join(outdir, name + ".png"), dpi=100, metadata={"Software": None})
    fg.savefig(os.path.join(outdir, name + ".svg"), metadata={"Date": None, "Creator": None})


TIMELINE_EXITS = 40


def plot_timeline(outdir, d, res):
    """plots/timeline.png/.svg: one CPU's idle exits of the deepest state,
    one row each (the first TIMELINE_EXITS timer wake-ups), the entry aligned
    at ENTER_HW_LOW_PWR (left) and the exit at EXIT_HW_LOW_PWR (right):
    Linux's idle entry, Powerdown with its Cache Flush, then the hardware
    wake from the timer's deadline, Wakeup and Linux's return. The CPU with
    the most such records. Returns its name, or None."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    hz = int(d["header"]["counter_hz"])
    topo = {r["linux_cpu"]: r["cpu"] for r in res["table"]}
    got = [s for s in d["sample"] if s["idx"] == res["deepest"] and idle_exit(s) and
           s["exit_latency"] is not None and s["entry_latency"] is not None]
    if not got:
        return None
    cpu = max(sorted({s["cpu"] for s in got}), key=lambda c: sum(s["cpu"] == c for s in got))
    rows = [s for s in got if s["cpu"] == cpu][:TIMELINE_EXITS]
    us_of = lambda t: t * 1e6 / hz  # noqa: E731
    fg, (left, right) = plt.subplots(1, 2, figsize=(12, 0.18 * len(rows) + 1.8), sharey=True)
    colors = {"Linux": "#9e9e9e", "Powerdown": "#1f77b4", "Cache Flush": "#ff7f0e",
              "hardware wake": "#d62728", "Wakeup": "#2ca02c"}
    for y, s in enumerate(rows):
        t = s["ticks"]  # ENTER_PSCI, ENTER_CFLUSH, EXIT_CFLUSH, ENTER_HW, EXIT_HW, EXIT_PSCI
        e0, w0 = t[3], t[4]
        left.barh(y, us_of(t[0] - s["entry"]), left=us_of(s["entry"] - e0),
                  color=colors["Linux"], height=0.7)
        left.barh(y, us_of(t[3] - t[0]), left=us_of(t[0] - e0), color=colors["Powerdown"],
                  height=0.7)
        left.barh(y, us_of(t[2] - t[1]), left=us_of(t[1] - e0), color=colors["Cache Flush"],
                  height=0.35)
        right.barh(y, us_of(t[4] - s["deadline"]), left=us_of(s["deadline"] - w0),
                   color=colors["hardware wake"], height=0.7)
        right.barh(y, us_of(t[5] - t[4]), left=0, color=colors["Wakeup"], height=0.7)
        right.barh(y, us_of(s["exit"] - t[5]), left=us_of(t[5] - w0), color=colors["Linux"],
                   height=0.7)
    # The exit side's scale is the firmware's and Linux's segments; a
    # hardware wake far longer (an emulator's vCPU not scheduled) is cut
    # at the edge and its length written there.
    # The same for an exit far longer than most (its vCPU descheduled).
    tails = sorted(us_of(s["exit"] - s["ticks"][4]) for s in rows)
    after = max(tails[(len(tails) * 9) // 10], 1.0)
    hw = sorted(us_of(s["ticks"][4] - s["deadline"]) for s in rows)
    edge = max(4 * after, hw[len(hw) // 2] * 2, 1.0)
    right.set_xlim(-edge, after * 1.3)
    for y, s in enumerate(rows):
        w = us_of(s["ticks"][4] - s["deadline"])
        if w > edge:
            right.text(-edge, y, f" {w:.0f} µs", va="center", fontsize=7, color="white")
        x = us_of(s["exit"] - s["ticks"][4])
        if x > after * 1.3:
            right.text(after * 1.3, y, f"{x:.0f} µs ", va="center", ha="right", fontsize=7,
                       color="white")
    left.set_xlabel("µs from ENTER_HW_LOW_PWR (Linux's idle entry, Powerdown, Cache Flush)")
    right.set_xlabel("µs from EXIT_HW_LOW_PWR (timer deadline, Wakeup, Linux's return)")
    left.set_ylabel("idle exit (timer wake-ups, in order)")
    for ax in (left, right):
        ax.grid(axis="x", linewidth=0.3)
    # The first exit at the top (the axes share y: set once, after the bars).
    left.set_ylim(len(rows) - 0.5, -0.5)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in colors.values()]
    state = next(s["state"] for s in res["states"] if s["idx"] == res["deepest"])
    fg.suptitle(f"CPU {topo.get(cpu, cpu)}: {len(rows)} idle exits from {state}", fontsize=11)
    fg.tight_layout(rect=(0, 0.04, 1, 1))
    fg.legend(handles, list(colors), fontsize=8, loc="lower center", ncol=len(colors),
              frameon=False)
    save(fg, outdir, "timeline")
    plt.close(fg)
    return topo.get(cpu, str(cpu))


def read_text(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def main(argv):
    import argparse
    p = argparse.ArgumentParser(prog="linux_report", description="PSCI idle latency under "
                                "Linux from tools/pmf_idle's records (docs/tools/pmf_idle.rst).")
    prov.add_report_arguments(p)
    p.add_argument("plat", nargs="?", default="qemu", metavar="PLAT",
                   help="the platform (default qemu)")
    p.add_argument("--data", metavar="DIR",
                   help="make linux-latency's run directory: pmf-idle.txt, smc-summary.txt, "
                   "trace.dat, cyclictest-*.txt")
    p.add_argument("--hardware", action="store_true", help="INPUT came from a board")
    p.add_argument("--require-ring", action="store_true",
                   help="fail unless the records came from the firmware's call ring")
    p.add_argument("--min-deepest", type=int, default=200, metavar="N",
                   help="records each CPU must have of the deepest state (200)")
    p.add_argument("--min-each", type=int, default=20, metavar="N",
                   help="records each CPU must have of every other state (20)")
    p.add_argument("--no-plots", action="store_true",
                   help="no plots (they need Debian's python3-matplotlib)")
    a = p.parse_args(argv[1:])
    try:
        text = read_text(a.console)
        data_file = os.path.join(a.data, "pmf-idle.txt") if a.data else None
        # Without the port's files, the console holds every line (docs/linux.rst).
        data_text = read_text(data_file) if data_file and os.path.exists(data_file) else text
    except OSError as e:
        print(f"linux_report: {e}", file=sys.stderr)
        return 2
    extra = {}
    chrome = None
    try:
        d = parse(data_text)
        smc_path = os.path.join(a.data, "smc-summary.txt") if a.data else None
        if smc_path and os.path.exists(smc_path):
            extra["smc"] = parse(read_text(smc_path).rstrip("\n") + "\nend\n")
    except (InputError, OSError) as e:
        print(f"linux_report: {a.data or a.console}: {e}", file=sys.stderr)
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
    qemu_timing(pv)
    res, problems = analyse(d, a.min_deepest, a.min_each, a.require_ring, extra.get("smc"))
    topo_name = {t["cpu"]: f"{t['cluster']}.{t['core']}" for t in d["topology"]}
    if a.data:
        trace_path = os.path.join(a.data, "trace.dat")
        if os.path.exists(trace_path):
            try:
                events = linux_trace.parse(linux_trace.report_text(trace_path))
                spans = linux_trace.spans(events)
                res["trace"] = linux_trace.check(events, spans) | {
                    "spans": len(spans), "wake_events": linux_trace.wake_counts(events)}
                names = {s["idx"]: s["state"] for s in res["states"]} | {0: "WFI"}
                chrome = linux_trace.chrome(events, spans, names, topo_name)
                t = res["trace"]
                if t["events"] == 0 or t["inside"] == 0:
                    problems.append("trace.dat holds no pmf_idle:psci_call event inside a "
                                    "cpu_idle span")
                missing = [w["event"] for w in t["wake_events"] if w["count"] == 0]
                if missing and a.require_ring:
                    problems.append("trace.dat holds none of the kernel's " +
                                    ", ".join(missing) + " events: nothing shows what woke "
                                    "a CPU")
                if t["outside"]:
                    problems.append(f"trace.dat: {t['outside']} pmf_idle events of idle exits "
                                    f"lie outside their cpu_idle span: "
                                    f"{'; '.join(t['examples'])}")
            except linux_trace.TraceError as e:
                res["trace"] = {"error": str(e)}
                problems.append(f"trace.dat: {e}")
        elif a.require_ring:
            problems.append("no trace.dat from the guest")
        files = {m: os.path.join(a.data, f"cyclictest-{m}.txt") for m in ("allowed", "forbidden")}
        if all(os.path.exists(f) for f in files.values()):
            try:
                res["cyclictest"], bad = cyclictest(files, topo_name, res)
                problems += bad
            except InputError as e:
                problems.append(f"cyclictest: {e}")
    m = RELOADS.search(text)
    if m and m.group(2) != m.group(3):
        problems.append(f"loading and unloading the module {m.group(1)} times added "
                        f"{int(m.group(3)) - int(m.group(2))} warnings to dmesg")
    for ln in re.findall(r"^LATENCY: FAIL .*$", text, re.M):
        problems.append(ln[len("LATENCY: "):])
    if a.exit_status:
        problems.append(f"the boot ended: {exit_text(a.exit_status)}")
    if baseline and not a.force:
        bad = prov.mismatches(pv, baseline.get("provenance", {}))
        if bad:
            print(f"linux_report: the baseline cannot be compared: {'; '.join(bad)} "
                  "(COMPARE_ANYWAY=1 compares anyway)", file=sys.stderr)
            baseline = None
            problems.append("the baseline could not be compared")
    verdict = "FAIL" if problems else "PASS"
    os.makedirs(a.out, exist_ok=True)
    if chrome is not None:
        with open(os.path.join(a.out, "trace.json"), "w", encoding="utf-8") as f:
            json.dump(chrome, f)
    write_samples_csv(os.path.join(a.out, "samples.csv"), d, counter_hz(d))
    plotted = {}
    if not a.no_plots:
        try:
            plotted = plot_histograms(os.path.join(a.out, "plots"), d, res)
            res["timeline_cpu"] = plot_timeline(os.path.join(a.out, "plots"), d, res)
        except ImportError:
            print("linux_report: no plots (install python3-matplotlib)", file=sys.stderr)
    write_dtsi(os.path.join(a.out, "idle-states.dtsi"), pv, res)
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
        print(read_text(rst))
    for x in problems:
        print(f"linux_report: FAIL {x}", file=sys.stderr)
    print(f"linux_report: {verdict}: {len(d['sample'])} records of {len(d['cpu'])} CPUs "
          f"in {a.out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
