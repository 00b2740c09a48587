#!/usr/bin/env python3
"""rt_report: turn the test payload's console output into the latency report.

Usage: rt_report.py CONSOLE_LOG OUT_DIR [PLAT] [options]

  --config CONFIG_MK    the build's resolved options: provenance (build options,
                        compiler, and through tools/qemu_run the emulator, CPU
                        and -icount). Without it, the build the log's banner
                        names (platform, build type, version) is looked up
                        under --build-base DIR (default: this tree's build/),
                        and a log whose build is not there is refused, unless
                        --without-build (no build options, compiler or
                        emulator in the provenance)
  --runtime-only NAMES  options that do not change code (CONFIG_RUNTIME_ONLY),
                        left out of the build options recorded (an older
                        config.mk, which does not list its BUILD_OPTIONS)
  --cc CC               the compiler, recorded with its version (an older
                        config.mk, without its CC_VERSION)
  --hardware            the console came from a board (a log that names a
                        board platform, n1sdp, is read as one without it)
  --model               the console came from n1fw's QEMU model of the board
                        (make run PLAT=n1sdp): labelled as the model's
  --run NAME            the run's name (its directory), recorded
  --exit-status N       QEMU's exit status: non-zero is a failure of the run
  --baseline RUN_DIR    an earlier run (its report.json): every figure that
                        moved by more than 2% and more than one counter tick
                        carries its delta, "13.42 (-45.40%)", and the
                        baseline's table follows each table
  --force               compare even when platform, topology or timing differ
  --fail-above PCT      exit 1 when a figure is worse than the baseline's by
                        more than PCT % (and by more than one counter tick)
  --no-plots            no plots (they need Debian's python3-matplotlib)
  --quiet               do not print the report

CONSOLE_LOG may also be a LAVA job's log (log.yaml, or the job's
directory: tools/lava/lava_log.py): its console is read, and the job's id,
device and URL go into the provenance. With --jobs JOB... --out DIR, one
report over many LAVA jobs (tools/rt_report/jobs.py).

Reads what the payload printed (tests/payload/rt_instr.c): the machine, the
scenarios with their figures ("PAYLOAD: scenario NAME: FIGURE,..."), one
<RT_INSTR:...> line per core per iteration (TFTF's format: test, cluster,
core, then ns values), and its verdict; older payloads without iterations or
announcements are read too (make compare runs older revisions). Writes into
OUT_DIR:

  psci-performance-<plat>.rst  the report: provenance, boot time, one table
                               per scenario (median per core, µs), with the
                               baseline's table after it, and the plots
  report.json                  everything: provenance, verdict and problems,
                               per core and figure min_ns/median_ns/max_ns/
                               samples_ns, the baseline's figures and deltas
                               (format 2: tools/rt_report/schema.py)
  <test>.csv                   TF-A's columns, each naming its unit: cluster,
                               core, powerdown_ns, wakeup_ns, cflush_ns (or
                               latency_ns), the medians
  <test>-samples.csv           every sample, one a row: cluster, core,
                               figure, sample (its number), value_ns
  plots/<test>.png, .svg       per core, each figure, beside the baseline's
  (each CSV is one header row and its rows, numbers unquoted, as
  csv.DictReader reads it; its provenance is report.json's; every number
  a program reads names its unit: tools/rt_report/schema.py)

A failed run gets the same files with what it has, and its verdict.

Exit status: 0 when the payload's verdict is PASS, every scenario has one row
per core per iteration in core order with the right number of values, every
iteration gave the same value under -icount, and no figure regressed beyond
--fail-above; 1 when anything is wrong (each problem is printed, naming the
scenario, core and check); 2 on unusable input or arguments, a baseline that
cannot be compared (the run's report is written all the same, without the
comparison), or a console with no measurement at all.
"""
import csv
import importlib
import json
import os
import re
import sys

from tools.common.console_watch import boot_stopped, exit_text  # the firmware's stop lines
from tools.rt_report import figures as fig
from tools.rt_report import provenance as prov
from tools.rt_report import scenarios
from tools.rt_report import schema

# "PAYLOAD: scenario NAME: FIGURE,FIGURE[ (N samples per core per iteration...)]"
SCENARIO = re.compile(r"^PAYLOAD: scenario (\w+): ([^(\n]+?)"
                      r"(?: \((\d+) samples per core per iteration[^)\n]*\))?$", re.M)
ROW = re.compile(r"<RT_INSTR:(\w+)((?:\t\d+)+)/>")
ITERATION = re.compile(r"^PAYLOAD: runtime instrumentation: iteration (\d+) of (\d+)$", re.M)
ITERATIONS = re.compile(r"^PAYLOAD: runtime instrumentation: MIDR .*, (\d+) iterations$", re.M)
SKIPPED = "PAYLOAD: runtime instrumentation: SKIPPED"
# A scenario the payload left out, and a core whose row it left out of a
# scenario, each with the reason (PAYLOAD_POWERDOWN_SUSPEND=0:
# tests/payload/rt_instr.c).
LEFT_OUT = re.compile(r"^PAYLOAD: SKIPPED (test_rt_instr_\w+): (.+)$", re.M)
NO_ROW = re.compile(r"^PAYLOAD: rows of (\w+): none of the lead core c(\d+)\.(\d+): (.+)$", re.M)
# Every verdict the payload printed ("PAYLOAD: RESULT: PASS"): it prints a
# second one, FAIL, when its last act (SYSTEM_OFF2) comes back instead of
# powering the machine off.
VERDICTS = re.compile(r"^PAYLOAD: RESULT: (\w+)", re.M)


def passed(text):
    """The payload's last verdict is PASS."""
    verdicts = VERDICTS.findall(text)
    return bool(verdicts) and verdicts[-1] == "PASS"
# What BL1 and BL2 say about trusted board boot (bl1/bl1_main.c, bl2/bl2_main.c).
BL1_AUTH = re.compile(r"^NOTICE:  BL1: BL2 authenticated in (\d+) us$", re.M)
BL2_AUTH = re.compile(r"^NOTICE:  BL2: BL31 and BL33 authenticated in (\d+) us$", re.M)
TBB_OFF = "Trusted board boot is off (TRUSTED_BOARD_BOOT=0)"
BL33_ENTRY = re.compile(r"^PAYLOAD: BL33 entered (\d+) us after reset$", re.M)

# The payload names its platform ("PAYLOAD: platform: qemu (QEMU virt)": the
# build's PLAT and the platform's PLAT_TITLE); older payloads, which ran on
# QEMU only, did not.
PLATFORM_LINE = re.compile(r"^PAYLOAD: platform: (\S+) \((.+)\)$", re.M)
OLD_PAYLOAD_TITLE = "QEMU virt"
# The report's layout, as the published N1SDP report has it: sections of
# TFTF's scenarios (keyed by TFTF's test names; each table's title is
# scenarios.title()) (tools/rt_report/scenarios.py, which the payload's
# table is generated from). A scenario the payload announces that is not here gets a section
# of its own. Payloads that did not announce their scenarios printed
# DEFAULT_FIGURES.
LAYOUT = scenarios.layout()
DEFAULT_FIGURES = scenarios.DEFAULT_FIGURES


class Usage(Exception):
    """Unusable input or arguments: exit 2."""


def fail(msg, code=1):
    print(f"rt_report: {msg}", file=sys.stderr)
    sys.exit(code)


def one_core_at_a_time(test):
    """True for a scenario where one core runs while the others are off
    (TFTF's *_serial tests): under -icount its figures are instruction
    counts of one path, the same on every iteration. In the *_parallel
    ones the cores meet at PSCI's locks and QEMU runs its emulated cores
    in turn, so a core's figure depends on where the others are: the
    spread is that interleaving (the same on every boot)."""
    return not test.endswith("_parallel")


def worst_spread(data, tests):
    """(spread %, spread ns, test, cluster, core, figure) of the figure whose
    iterations differ most, relative to its median, or None."""
    worst = None
    for test, per in data.items():
        if test not in tests:
            continue
        for (cl, co), figs in per.items():
            for name, s in figs.items():
                med = fig.median(s)
                spread = max(s) - min(s)
                rel = spread * 100.0 / med if med else 0.0
                if worst is None or rel > worst[0]:
                    worst = (rel, spread, test, cl, co, name)
    return worst


def title_of(test, unit="µs"):
    """@test's table title, its figures in @unit (the report's tables: µs)."""
    return scenarios.title(test, unit)


# --- reading the console ---------------------------------------------------

def parse(text):
    """What the payload printed: a dict with scenarios (name -> figures, in
    order), blocks (one per iteration: test -> rows), cores, layout (the
    (cluster, core) of each core in order), iterations announced."""
    scenarios = {m.group(1): m.group(2).split(",") for m in SCENARIO.finditer(text)}
    samples = {m.group(1): int(m.group(3) or 1) for m in SCENARIO.finditer(text)}
    marks = list(ITERATION.finditer(text))
    bounds = [m.start() for m in marks] + [len(text)]
    pieces = [text[bounds[i]:bounds[i + 1]] for i in range(len(marks))] if marks else [text]
    blocks = []
    for piece in pieces:
        rows = {}
        for m in ROW.finditer(piece):
            rows.setdefault(m.group(1), []).append([int(v) for v in m.group(2).split("\t")[1:]])
        blocks.append(rows)
    # Old payloads: the figures from the rows' width.
    for rows in blocks:
        for test, got in rows.items():
            if test not in scenarios and got:
                scenarios[test] = DEFAULT_FIGURES.get(len(got[0]) - 2, [
                    f"Figure {i + 1}" for i in range(len(got[0]) - 2)])
    cores = prov.CORES.search(text)
    layout = None
    if cores:
        shape = [int(n) for n in cores.group(2).split("+")]
        layout = [(c, k) for c, n in enumerate(shape) for k in range(n)]
    announced = ITERATIONS.search(text)
    return {
        "left_out": {m.group(1): m.group(2) for m in LEFT_OUT.finditer(text)},
        "no_row": {m.group(1): ((int(m.group(2)), int(m.group(3))), m.group(4))
                   for m in NO_ROW.finditer(text)},
        "scenarios": scenarios,
        "samples": samples,
        "blocks": blocks,
        "cores": int(cores.group(1)) if cores else None,
        "layout": layout,
        "iterations": int(announced.group(1)) if announced else (len(marks) or 1),
        "announced_scenarios": bool(SCENARIO.search(text)),
    }


def check_rows(run, problems):
    """TFTF's row rules, per iteration: one row per core (per sample, for
    a scenario sampled more than once), in core order, each with the
    scenario's number of values; but for the core the payload said has
    none (NO_ROW)."""
    many = len(run["blocks"]) > 1
    for i, rows in enumerate(run["blocks"]):
        where = f" (iteration {i + 1})" if many else ""
        for test, figures in run["scenarios"].items():
            got = rows.get(test, [])
            n = run["samples"].get(test, 1)
            width = 2 + len(figures)
            cores, layout = run["cores"], run["layout"]
            if test in run["no_row"]:
                cores -= 1
                layout = layout and [lc for lc in layout if lc != run["no_row"][test][0]]
            if len(got) != cores * n:
                problems.append(f"{test}: {len(got)} rows for {cores} cores"
                                + (f" x {n} samples" if n > 1 else "") + where)
            for row in got:
                if len(row) != width:
                    problems.append(f"{test}: core {row[0]}.{row[1]}: {len(row) - 2} values, "
                                    f"expected {width - 2}{where}")
            labels = [tuple(r[:2]) for r in got]
            if layout is not None and len(got) == cores * n and labels != layout * n:
                problems.append(f"{test}: rows are cores {labels}, expected "
                                f"{layout}{f' x {n}' if n > 1 else ''}{where}")
    if run["iterations"] != len(run["blocks"]) and run["announced_scenarios"]:
        problems.append(f"{len(run['blocks'])} iterations reported, "
                        f"{run['iterations']} announced")


def collect(run):
    """test -> {(cluster, core): {figure: [samples]}} from well-formed rows."""
    out = {}
    for rows in run["blocks"]:
        for test, got in rows.items():
            figures = run["scenarios"].get(test)
            if figures is None:
                continue
            for row in got:
                if len(row) != 2 + len(figures):
                    continue
                per = out.setdefault(test, {}).setdefault((row[0], row[1]), {})
                for name, value in zip(figures, row[2:]):
                    per.setdefault(name, []).append(value)
    return out


def boot_times(text):
    """The boot's figures the console gives, each named with its unit:
    BL1's and BL2's time authenticating and when BL33 started (µs from
    reset); a figure the console does not give is left out."""
    found = (("bl1_auth_us", BL1_AUTH), ("bl2_auth_us", BL2_AUTH), ("bl33_entered_us", BL33_ENTRY))
    return {k: int(m.group(1)) for k, pat in found for m in [pat.search(text)] if m}


def boot_line(text):
    """One sentence for the report's header: was this boot authenticated?"""
    t = boot_times(text)
    entry = f"; BL33 started {t['bl33_entered_us']} µs after reset" if "bl33_entered_us" in t else ""
    if "bl1_auth_us" in t and "bl2_auth_us" in t:
        return (f"Boot: authenticated (trusted board boot): BL1 spent {t['bl1_auth_us']} µs "
                f"checking BL2, BL2 {t['bl2_auth_us']} µs checking BL31 and BL33{entry}.")
    if TBB_OFF in text:
        return f"Boot: not authenticated (built with TRUSTED_BOARD_BOOT=0){entry}."
    if "bl1_auth_us" in t:
        return (f"Boot: BL1 authenticated BL2 in {t['bl1_auth_us']} µs; BL2 did not say it "
                f"authenticated BL31 and BL33 (the boot stopped in BL2?){entry}.")
    return ("Boot: not known to be authenticated (no BL1/BL2 lines in the console "
            f"log){entry}.")


# --- the baseline ------------------------------------------------------------

def load_baseline(path):
    """An earlier run's report.json, in today's format (an older one is read
    as it was written, its figures in ns; a newer one is refused)."""
    try:
        with open(os.path.join(path, "report.json"), encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise Usage(f"baseline {path}: no report.json ({e.strerror}): not a run directory "
                    "of make run") from None
    except ValueError as e:
        raise Usage(f"baseline {path}: report.json is not JSON: {e}") from None
    if "provenance" not in data or "scenarios" not in data:
        raise Usage(f"baseline {path}: report.json has no provenance or scenarios")
    try:
        data = schema.upgrade_report(data, f"baseline {path}: report.json")
    except schema.FormatError as e:
        raise Usage(str(e)) from None
    data["dir"] = os.path.realpath(path)
    return data


def figures_of_report(report):
    """(test, cluster, core, figure) -> (median, spread) in ns, from a report.json."""
    out = {}
    for sc in report.get("scenarios", []):
        for row in sc["rows"]:
            for name, st in row["figures"].items():
                out[(sc["name"], row["cluster"], row["core"], name)] = (
                    st["median_ns"], fig.spread(st.get("samples_ns") or [st["median_ns"]]))
    return out


# --- the report --------------------------------------------------------------

def grid(header, rows):
    """A reStructuredText grid table, indented for a directive."""
    w = [max(len(r[c]) for r in [header] + rows) for c in range(len(header))]
    rule = "   +" + "+".join("-" * (n + 2) for n in w) + "+"
    line = lambda r: "   |" + "|".join(f" {c:<{n}} " for c, n in zip(r, w)) + "|"  # noqa: E731
    out = [rule, line(header), rule]
    for r in rows:
        out += [line(r), rule]
    return out


def heading(text, ch):
    return [text, ch * len(text), ""]


def scenario_table(sc, label, own_baseline=True, resolution=0):
    """The lines of one `.. table::` of a report.json scenario, in µs; a
    change against the baseline of @resolution ns (a tick) or less shows
    no percentage."""
    header = ["Cluster", "Core"] + sc["figures"]
    rows = []
    for r in sc["rows"]:
        cells = [str(r["cluster"]), str(r["core"])]
        for name in sc["figures"]:
            st = r["figures"].get(name)
            cells.append(fig.cell(st["median_ns"], st.get("baseline_median_ns")
                                  if own_baseline else None, resolution=resolution)
                         if st else "--")
        rows.append(cells)
    return [f".. table:: {title_of(sc['name'])} ({label})", ""] + grid(header, rows) + [""]


def clock_of(p):
    """How the run's time was kept, as the start of a sentence."""
    timing = p.get("timing")
    if timing == "hardware":
        return "On the board (its generic counter)"
    if timing and timing.startswith("model"):
        return "In the model (wall-clock time)"
    if timing:
        return "Without ``-icount`` (QEMU in real time)"
    return "With the timing not known (no build given)"


def statistics_text(p, data, problems, samples):
    """What the figures are: how many samples of each scenario, the unit,
    and what the spread between samples is."""
    n = p.get("iterations") or 1
    many = sorted({k for k in samples.values() if k > 1})
    if n == 1:
        text = ("One iteration of the scenarios, in the order of TFTF's\n"
                "``tests-runtime-instrumentation.xml``")
    else:
        text = (f"{n} iterations of every scenario in one boot, in the order of TFTF's\n"
                "``tests-runtime-instrumentation.xml``")
    if many:
        text += (f", {'/'.join(map(str, many))} samples per core of each parallel scenario per "
                 "iteration,\neach with the cores' starts skewed by a different amount")
    if n > 1 or many:
        text += ("; the tables show the median per\ncore, the CSV and JSON files min, median, "
                 "max and every sample, in ns")
    text += ("; rows are the real cluster and\ncore of each CPU. Values in µs "
             "(ns / 1000, two decimals).")
    if prov.icount(p):
        text += ("\nUnder ``-icount`` QEMU runs one instruction per ns of guest time, so a\n"
                 "µs here is 1000 instructions executed, not the time the path takes on\n"
                 "hardware: compare these figures with each other, not with a board's.")
    if n > 1 and prov.icount(p):
        same = not any("differs between iterations" in q for q in problems)
        text += ("\nUnder ``-icount`` every iteration of a scenario where one core runs at a\n"
                 "time must give the same value: "
                 + ("they all did (checked)." if same else "**they did not** (see the verdict)."))
    if prov.icount(p):
        worst = worst_spread(data, [t for t in data if not one_core_at_a_time(t)])
        if worst and worst[1]:
            text += ("\nIn the parallel scenarios the cores meet at PSCI's locks and QEMU runs\n"
                     "its emulated cores in turn, so a core's figure depends on where the\n"
                     "others are: the spread between samples is that interleaving (the\n"
                     f"same on every boot), up to {fig.fmt_us(worst[1])} µs ({worst[2]}, core "
                     f"{worst[3]}.{worst[4]}, {worst[5]}).")
    elif n > 1 or many:
        worst = worst_spread(data, list(data))
        if worst:
            text += (f"\n{clock_of(p)} the spread between the\nsamples is the noise of the "
                     f"{'board' if p.get('timing') == 'hardware' else 'host'}, not the "
                     f"firmware's: up to {fig.fmt_us(worst[1])} µs ("
                     + (f"{worst[0]:.2f}% of the median" if worst[0] < 1000 else
                        f"{worst[0] / 100:.0f} times the median: a core the host did not run")
                     + f"), {worst[2]}, core {worst[3]}.{worst[4]}, {worst[5]}.")
    return text


def render(title, p, boot, report, baseline, problems, verdict, plots, regressions=(),
           fail_above=None, run=None):
    if str(p.get("emulator", "")).startswith("the N1SDP model"):
        # The model's figures are QEMU's, never the board's (docs/plat/n1sdp-model.rst).
        title = f"{title}, the N1SDP model under QEMU (not the board)"
    out = heading(f"Runtime Instrumentation Testing - {title}", "=")
    # Not the document's first element: Sphinx would take a field list
    # there for the page's metadata and not show it.
    out += ["What was measured, and how:", "", prov.rst_fields(p), "", boot, ""]
    out += statistics_text(p, report["_data"], problems, report["samples"]).split("\n") + [""]
    if baseline:
        bp = baseline["provenance"]
        out += [f"Baseline: {bp.get('firmware', 'firmware not known')} "
                f"({bp.get('build_type', 'build type not known')}), run "
                f"``{bp.get('run') or baseline['dir']}`` of {bp.get('date', 'a date not known')}. "
                "A figure that moved "
                f"by more than {fig.DELTA_SHOWN_ABOVE:g}% and by more than one counter tick "
                f"({prov.tick_ns(p):g} ns: a change of one tick is where the interval fell on "
                "the counter's grid) carries its change, e.g. "
                "``13.42 (-45.40%)``; the baseline's own table follows each table. A figure "
                "is a regression only when it got worse by more than either run's spread "
                "(max - min of its samples) and one counter tick"
                + (f", and by more than {fail_above:g}%" if fail_above is not None else "")
                + ".", ""]
        differs = prov.differences(p, bp)
        out += (["This run's firmware differs from the baseline's in what it ran: a figure "
                 "these move is no change of the code:", ""] +
                [f"- {d}" for d in differs] + [""]) if differs else \
            ["The two builds ran the same options, errata rows, CPU and compiler.", ""]
    if problems or regressions:
        out += [f"**Verdict: {verdict}.** " + (f"{len(problems)} problem(s):" if problems else
                                                f"{len(regressions)} regression(s):"), ""]
        out += ["- " + q.replace("*", "\\*") for q in list(problems) + list(regressions)] + [""]
    elif verdict != "PASS":
        out += [f"**Verdict: {verdict}.** The baseline could not be compared.", ""]
    out += heading("Results", "-")
    left_out = (run or {}).get("left_out", {})
    no_row = (run or {}).get("no_row", {})
    if left_out:
        out += ["Not run by this payload, as it says:", ""]
        out += [f"- ``{t}``: {why}" for t, why in left_out.items()] + [""]
    by_name = {sc["name"]: sc for sc in report["scenarios"]}
    base_by_name = {sc["name"]: sc for sc in baseline["scenarios"]} if baseline else {}
    sections = list(LAYOUT)
    known = {t for _, _, ts in sections for t in ts}
    sections += [(f"``{t}``", None, [t]) for t in by_name if t not in known]
    label = p.get("firmware", "this run")
    blabel = (f"baseline {baseline['provenance'].get('firmware', 'firmware not known')}, "
              f"{baseline['provenance'].get('run') or 'run'}") if baseline else None
    for section, para, tests in sections:
        tests = [t for t in tests if t in by_name]
        if not tests:
            continue
        out += heading(section, "~")
        if para:
            out += [para, ""]
        for t in tests:
            if t in no_row:
                (cl, co), why = no_row[t]
                out += [f"No row of the lead core, cluster {cl} core {co}: {why}.", ""]
            out += scenario_table(by_name[t], label, resolution=prov.tick_ns(p))
            if t in base_by_name:
                out += scenario_table(base_by_name[t], blabel)
            if t in plots:
                out += [f".. figure:: plots/{t}.*",
                        f"   :alt: {t}: per core, {', '.join(by_name[t]['figures'])} in µs", "",
                        f"   {title_of(t)}" +
                        (", current and baseline" if t in base_by_name else "") + ".", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def write_csvs(out, report):
    """TF-A's columns, each naming its unit (powerdown_ns: the medians), and
    every sample, one a row: tidy CSV (one header row, numbers unquoted),
    the provenance being report.json's beside them."""
    for sc in report["scenarios"]:
        with open(os.path.join(out, f"{sc['name']}.csv"), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["cluster", "core"] + [f"{scenarios.key(n)}_ns" for n in sc["figures"]])
            for r in sc["rows"]:
                w.writerow([r["cluster"], r["core"]] + [
                    r["figures"][n]["median_ns"] if n in r["figures"] else ""
                    for n in sc["figures"]])
        with open(os.path.join(out, f"{sc['name']}-samples.csv"), "w", newline="",
                  encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["cluster", "core", "figure", "sample", "value_ns"])
            for r in sc["rows"]:
                for n in sc["figures"]:
                    st = r["figures"].get(n)
                    for i, v in enumerate(st["samples_ns"] if st else []):
                        w.writerow([r["cluster"], r["core"], n, i, v])


def build_report(run, data, baseline):
    """The report.json scenarios: per core and figure, the statistics (and
    the samples' spread) and the baseline's median and spread (what both
    runs have), each key naming its unit."""
    bfig = figures_of_report(baseline) if baseline else {}
    scenarios = []
    for test, figures in run["scenarios"].items():
        per = data.get(test, {})
        order = [lc for lc in (run["layout"] or []) if lc in per] + \
            sorted(lc for lc in per if lc not in (run["layout"] or []))
        rows = []
        for cl, co in order:
            figs = {}
            for name in figures:
                if name not in per[(cl, co)]:
                    continue
                st = fig.stats(per[(cl, co)][name])
                st["spread_ns"] = fig.spread(st["samples_ns"])
                b, bspread = bfig.get((test, cl, co, name), (None, None))
                if b is not None:
                    st["baseline_median_ns"] = b
                    st["baseline_spread_ns"] = bspread
                d = fig.delta_percent(st["median_ns"], b)
                if d is not None:
                    st["delta_percent"] = round(d, 2)
                figs[name] = st
            rows.append({"cluster": cl, "core": co, "figures": figs})
        scenarios.append({"name": test, "title": title_of(test, "ns"), "figures": figures,
                          "samples_per_iteration": run["samples"].get(test, 1), "rows": rows})
    return {"scenarios": scenarios, "_data": data, "samples": run["samples"]}


def regressions_of(report, p, fail_above):
    """Each figure worse than the baseline's by more than @fail_above % and
    by more than either run's spread and one tick (figures.regression)."""
    out = []
    tick = prov.tick_ns(p)
    for sc in report["scenarios"]:
        for r in sc["rows"]:
            for name, st in r["figures"].items():
                b = st.get("baseline_median_ns")
                if fig.regression(st["median_ns"], b, fail_above, tick,
                                  (st["spread_ns"], st.get("baseline_spread_ns") or 0)):
                    out.append(f"{sc['name']}: core {r['cluster']}.{r['core']}: {name} "
                               f"{fig.fmt_us(b)} -> {fig.fmt_us(st['median_ns'])} µs "
                               f"({fig.delta_percent(st['median_ns'], b):+.2f}%; "
                               f"spreads {fig.fmt_us(st.get('baseline_spread_ns') or 0)} and "
                               f"{fig.fmt_us(st['spread_ns'])} µs)")
    return out


def parse_args(argv):
    import argparse
    p = argparse.ArgumentParser(
        prog="rt_report", description="The latency report (psci-performance-<plat>.rst, "
        "report.json, CSVs, plots) from the test payload's console output, of QEMU, a model "
        "or a board.", epilog="One report over many LAVA jobs: rt_report --jobs JOB... --out "
        "DIR. Exit status: 0 PASS; 1 a problem of the run or a regression; 2 unusable input "
        "or arguments, or a baseline that cannot be compared (the top of "
        "tools/rt_report/rt_report.py says more).")
    prov.add_report_arguments(p)
    p.add_argument("plat", nargs="?", metavar="PLAT",
                   help="the platform (default: the one the log names; it must agree)")
    p.add_argument("--hardware", action="store_true",
                   help="the console came from a board (a log that names a board platform is "
                   "read as one without it)")
    p.add_argument("--model", action="store_true",
                   help="the console came from n1fw's QEMU model of the N1SDP (make run PLAT=n1sdp)")
    p.add_argument("--no-plots", action="store_true",
                   help="no plots (they need Debian's python3-matplotlib)")
    # An option it does not know is named first, not taken for a missing log.
    for arg in argv:
        if arg == "--":
            break
        if arg.startswith("--") and arg != "--help" and \
                arg.split("=", 1)[0] not in p._option_string_actions:
            fail(f"unknown option {arg} (rt_report --help)", 2)
    try:
        return p.parse_args(argv)
    except SystemExit as e:
        if e.code == 0:         # --help
            raise
        fail("usage: rt_report.py CONSOLE_LOG OUT_DIR [PLAT] [options] (rt_report --help)", 2)


def is_lava_log(path):
    """A LAVA job's directory or log.yaml (tools/lava/lava_log.py), not a
    console log: its first line is a log entry, "- {...lvl...}"."""
    if os.path.isdir(path):
        return True
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            first = f.readline()
    except OSError:
        return False
    return first.startswith(("- {", "{")) and '"lvl"' in first


def read_lava(path):
    """The console of a LAVA job and the job's identity for the provenance."""
    from tools.lava import lava_log
    try:
        job = lava_log.LavaJob(path)
    except lava_log.LogError as e:
        fail(str(e), 2)
    lava = {"job": job.id, "device": job.device, "device_type": job.device_type,
            "url": job.url}
    return job.log.text(), lava


def main(argv):
    if "--jobs" in argv[1:]:
        from tools.rt_report import jobs
        return jobs.main(argv[1:], sys.modules[__name__])
    a = parse_args(argv[1:])
    out = a.out
    if os.path.exists(out) and not os.path.isdir(out):
        fail(f"{out} exists and is not a directory", 2)
    lava = None
    if is_lava_log(a.console):
        text, lava = read_lava(a.console)
    else:
        try:
            with open(a.console, encoding="utf-8", errors="replace") as f:
                text = f.read().replace("\r\n", "\n")
        except OSError as e:
            fail(f"cannot read {a.console}: {e.strerror}", 2)
    # The platform is the one the payload names; a PLAT given must agree.
    named = PLATFORM_LINE.search(text)
    if named is not None:
        if a.plat is not None and a.plat != named.group(1):
            fail(f"PLAT={a.plat}, but the log comes from {named.group(1)} "
                 f"({named.group(2)})", 2)
        a.plat, title = named.group(1), named.group(2)
    else:
        a.plat = a.plat or "qemu"
        title = OLD_PAYLOAD_TITLE if a.plat == "qemu" else a.plat
    try:
        baseline = load_baseline(a.baseline) if a.baseline else None
        config = prov.find_build(text, a.plat, a)
    except Usage as e:
        fail(str(e), 2)
    except (prov.ProvenanceError, ValueError) as e:
        fail(f"provenance: {e}", 2)
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        fail(f"cannot create {out}: {e.strerror}", 2)

    run = parse(text)
    try:
        p = prov.collect(a.plat, text, config, a.runtime_only.split(), a.cc, a.hardware,
                         a.run, run["iterations"] if run["cores"] else None,
                         run_options=a.run_options, model=a.model)
    except (prov.ProvenanceError, OSError, ValueError) as e:
        fail(f"provenance: {e}", 2)
    if lava:
        p["lava"] = lava
    # An unlike baseline is refused, but the run still gets its report.
    refusal = None
    if baseline and not a.force:
        why = prov.mismatches(p, baseline["provenance"]) if run["cores"] else []
        if why:
            refusal = (f"refusing to compare with {baseline['dir']}: " + "; ".join(why) +
                       " (--force, or COMPARE_ANYWAY=1 with make, compares anyway)")
            baseline = None
    # What the two builds ran differently: said beside every figure that moved.
    differs = prov.differences(p, baseline["provenance"]) if baseline else []
    for d in differs:
        print(f"rt_report: this run differs from the baseline: {d}", file=sys.stderr)

    problems = [line for line in text.splitlines() if line.startswith("PAYLOAD: FAIL")]
    stopped = boot_stopped(text)
    if stopped:
        problems.append("the boot stopped: " + " / ".join(stopped))
    elif a.exit_status != 0:
        problems.append(exit_text(a.exit_status))
    result = {"tool": "rt_report", "format": schema.FORMAT, "provenance": p,
              "left_out": {**{t: why for t, why in run["left_out"].items()},
                           **{f"{t} cluster {lc[0]} core {lc[1]}": why
                              for t, (lc, why) in run["no_row"].items()}},
              "boot": boot_line(text), "boot_times": boot_times(text),
              "baseline": {"dir": baseline["dir"], "provenance": baseline["provenance"],
                           "differences": differs}
              if baseline else None, "baseline_refused": refusal}

    def conclude(report=None, regressions=(), unusable=None, say=None):
        """Write report.json with the verdict the exit status gives, print
        why, and return that status: PASS 0; FAIL 1 (a problem of the run,
        or a regression); ERROR 2 (unusable input, a baseline not compared)."""
        code = 1 if problems or regressions else 2 if unusable or refusal else 0
        verdict = {0: "PASS", 1: "FAIL", 2: "ERROR"}[code]
        result.update(verdict=verdict, exit_status=code, problems=problems,
                      regressions=list(regressions),
                      scenarios=report["scenarios"] if report else [])
        with open(os.path.join(out, "report.json"), "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, ensure_ascii=False)
            f.write("\n")
        for q in problems:
            print(f"rt_report: {q}", file=sys.stderr)
        for q in regressions:
            print(f"rt_report: worse than the baseline: {q}", file=sys.stderr)
        if problems:
            print(f"rt_report: {len(problems)} problem(s); the run's record is in {out}/",
                  file=sys.stderr)
        elif regressions:
            print(f"rt_report: {len(regressions)} figure(s) worse than the baseline by more than "
                  f"{a.fail_above:g}% and than both runs' spread; report in {out}/",
                  file=sys.stderr)
        elif unusable:
            print(f"rt_report: {unusable}; the run's record is in {out}/", file=sys.stderr)
        elif refusal:
            print(f"rt_report: {refusal}; the run's report, without the comparison, is in "
                  f"{out}/", file=sys.stderr)
        elif say:
            print(say)
        return code

    if run["cores"] is None and SKIPPED in text:
        if problems or not passed(text):
            problems.append("the payload's verdict is not PASS; no report (runtime "
                            "instrumentation is not built in)")
            return conclude()
        result["skipped"] = "built without runtime instrumentation"
        return conclude(say="rt_report: no report: the firmware was built without runtime "
                        "instrumentation (ENABLE_RUNTIME_INSTRUMENTATION=0); every other check "
                        "passed")
    if run["cores"] is None:
        if problems:
            return conclude()
        return conclude(unusable="no runtime-instrumentation run in the console output "
                        "(did the payload start?)")

    if not run["scenarios"]:
        problems.append("the payload announced no scenario")
    check_rows(run, problems)
    for rows in run["blocks"]:
        for test in rows:
            if test not in run["scenarios"]:
                problems.append(f"{test}: rows of a scenario the payload did not announce")
    data = collect(run)
    if prov.icount(p):
        for test, per in data.items():
            if not one_core_at_a_time(test):
                continue
            for (cl, co), figs in per.items():
                for name, s in figs.items():
                    if len(set(s)) > 1:
                        problems.append(f"{test}: core {cl}.{co}: {name} differs between "
                                        f"iterations under -icount: {s} ns")
    if not passed(text):
        problems.append("the payload's verdict is not PASS"
                        + (" (it never finished)" if "PAYLOAD: RESULT:" not in text else ""))
    report = build_report(run, data, baseline)
    regressions = regressions_of(report, p, a.fail_above) if baseline and \
        a.fail_above is not None else []

    # The report, CSVs and JSON are written whatever happens to the plots
    # (matplotlib missing, a Ctrl-C while it draws): the run's record is
    # complete, with the reason the plots are not.
    plots, interrupted = {}, False
    if not a.no_plots:
        try:
            plotting = importlib.import_module("tools.rt_report.plots")
            plots = plotting.plot_all(os.path.join(out, "plots"), report, baseline, p)
        except ImportError as e:
            problems.append(f"plots: {e} (Debian's python3-matplotlib)")
        except KeyboardInterrupt:
            problems.append("interrupted (Ctrl-C) while drawing the plots: they are incomplete")
            interrupted = True
    verdict = "FAIL" if problems or regressions else "ERROR" if refusal else "PASS"
    rst = render(title, p, result["boot"], report, baseline, problems, verdict, plots,
                 regressions, a.fail_above, run)
    with open(os.path.join(out, f"psci-performance-{a.plat}.rst"), "w", encoding="utf-8") as f:
        f.write(rst)
    write_csvs(out, report)
    if not a.quiet and not interrupted:
        print(rst)
    code = conclude(report, regressions, say=(
        f"rt_report: {len(run['scenarios'])} scenarios x {run['cores']} cores x "
        f"{p['iterations']} iteration(s) passed; report, CSVs and JSON in {out}/"))
    return 130 if interrupted else code


if __name__ == "__main__":
    sys.exit(main(sys.argv))
