#!/usr/bin/env python3
"""rt_report: turn the test payload's console output into the latency report.

Usage: rt_report.py CONSOLE_LOG OUT_DIR [PLAT]

Reads the <RT_INSTR:...> lines (TFTF's format: test, cluster, core, then ns
values) and the reStructuredText report the payload printed between its
"RT_INSTR REPORT" markers, and writes into OUT_DIR:

  psci-performance-<plat>.rst   the report, as printed, with a sentence on
                                whether the boot was authenticated (from
                                BL1 and BL2's lines; the platform is the one
                                the report's title names; PLAT, if given,
                                must agree)
  <test>.csv                    one per scenario, ns, TF-A's column names
                                (Cluster, Core, Powerdown, Wakeup, Cache Flush;
                                or Cluster, Core, Latency), every field quoted

Exit status: 0 when the payload's verdict is PASS and every scenario has
exactly one row per core, in core order, with the right number of values,
and the report is present; 1 when anything is wrong (each problem is
printed, naming the scenario, core and check); 2 on unusable input or
arguments.
"""
import csv
import os
import re
import sys

# The payload announces each scenario and its figures before the rows
# (tests/payload/rt_instr.c): the list comes from the run itself.
SCENARIO = re.compile(r"^PAYLOAD: scenario (\w+): (.+)$", re.M)
ROW = re.compile(r"<RT_INSTR:(\w+)((?:\t\d+)+)/>")
CORES = re.compile(r"PAYLOAD: runtime instrumentation: (\d+) cores, clusters ([\d+]+)")
SKIPPED = "PAYLOAD: runtime instrumentation: SKIPPED"
BEGIN, END = "----- RT_INSTR REPORT BEGIN -----", "----- RT_INSTR REPORT END -----"
# What BL1 and BL2 say about trusted board boot (bl1/bl1_main.c, bl2/bl2_main.c).
BL1_AUTH = re.compile(r"^NOTICE:  BL1: BL2 authenticated in (\d+) us$", re.M)
BL2_AUTH = re.compile(r"^NOTICE:  BL2: BL31 and BL33 authenticated in (\d+) us$", re.M)
TBB_OFF = "Trusted board boot is off (TRUSTED_BOARD_BOOT=0)"
BL33_ENTRY = re.compile(r"^PAYLOAD: BL33 entered (\d+) us after reset$", re.M)


def fail(msg, code=1):
    print(f"rt_report: {msg}", file=sys.stderr)
    sys.exit(code)


def parse(text):
    scenarios = {m.group(1): m.group(2).split(",") for m in SCENARIO.finditer(text)}
    rows = {}
    for m in ROW.finditer(text):
        values = [int(v) for v in m.group(2).split("\t")[1:]]
        rows.setdefault(m.group(1), []).append(values)
    report = None
    if BEGIN in text and END in text:
        report = text.split(BEGIN, 1)[1].split(END, 1)[0].strip("\r\n") + "\n"
    cores = CORES.search(text)
    layout = None
    if cores:
        shape = [int(n) for n in cores.group(2).split("+")]
        layout = [(c, k) for c, n in enumerate(shape) for k in range(n)]
    return scenarios, rows, report, int(cores.group(1)) if cores else None, layout


def boot_line(text):
    """One sentence for the report's header: was this boot authenticated?"""
    bl1, bl2 = BL1_AUTH.search(text), BL2_AUTH.search(text)
    bl33 = BL33_ENTRY.search(text)
    entry = f"; BL33 started {bl33.group(1)} µs after reset" if bl33 else ""
    if bl1 and bl2:
        return (f"Boot: authenticated (trusted board boot): BL1 spent {bl1.group(1)} µs "
                f"checking BL2, BL2 {bl2.group(1)} µs checking BL31 and BL33{entry}.")
    if TBB_OFF in text:
        return f"Boot: not authenticated (built with TRUSTED_BOARD_BOOT=0){entry}."
    return ("Boot: not known to be authenticated (no BL1/BL2 lines in the console "
            f"log){entry}.")


def with_boot_line(report, line):
    """The report with @line as a paragraph after its first paragraph."""
    lines = report.split("\n")
    # Title, underline, blank line, then the first paragraph up to a blank line.
    end = next((i for i in range(3, len(lines)) if lines[i] == ""), len(lines))
    return "\n".join(lines[:end] + ["", line] + lines[end:])


def main(argv):
    if len(argv) not in (3, 4):
        fail("usage: rt_report.py CONSOLE_LOG OUT_DIR [PLAT]", 2)
    plat = argv[3] if len(argv) == 4 else None
    if os.path.exists(argv[2]) and not os.path.isdir(argv[2]):
        fail(f"{argv[2]} exists and is not a directory", 2)
    try:
        with open(argv[1], encoding="utf-8", errors="replace") as f:
            text = f.read().replace("\r\n", "\n")
    except OSError as e:
        fail(f"cannot read {argv[1]}: {e.strerror}", 2)
    out = argv[2]
    # The platform is the one the payload names in its report's title
    # (PLAT_TITLE in each platform_def.h); a PLAT given must agree.
    titles = {"QEMU virt": "qemu", "Arm N1SDP": "n1sdp", "Arm Base FVP": "fvp"}
    named = re.search(r"^Runtime Instrumentation Testing - (.+)$", text, re.M)
    if named is not None:
        logged = titles.get(named.group(1).strip())
        if logged is None:
            fail(f"the log names an unknown platform: {named.group(1).strip()!r}", 2)
        if plat is not None and plat != logged:
            fail(f"PLAT={plat}, but the log comes from {logged}", 2)
        plat = logged
    plat = plat or "qemu"
    scenarios, rows, report, cores, layout = parse(text)

    problems = [line for line in text.splitlines() if line.startswith("PAYLOAD: FAIL")]
    if cores is None and SKIPPED in text:
        if problems or "PAYLOAD: RESULT: PASS" not in text:
            for p in problems:
                print(f"rt_report: {p}", file=sys.stderr)
            fail("the payload's verdict is not PASS; no report (runtime "
                 "instrumentation is not built in)")
        print("rt_report: no report: the firmware was built without runtime "
              "instrumentation (ENABLE_RUNTIME_INSTRUMENTATION=0); every other check passed")
        return 0
    if cores is None:
        fail("no runtime-instrumentation run in the console output "
             "(did the payload start?)", 2)
    if not scenarios:
        problems.append("the payload announced no scenario")
    for test, figures in scenarios.items():
        got = rows.get(test, [])
        width = 2 + len(figures)
        if len(got) != cores:
            problems.append(f"{test}: {len(got)} rows for {cores} cores")
        for row in got:
            if len(row) != width:
                problems.append(f"{test}: core {row[0]}.{row[1]}: {len(row) - 2} values, "
                                f"expected {width - 2}")
        labels = [tuple(r[:2]) for r in got]
        if layout is not None and len(got) == cores and labels != layout:
            problems.append(f"{test}: rows are cores {labels}, expected {layout}")
    if report is None:
        problems.append("no report between the RT_INSTR REPORT markers")
    if "PAYLOAD: RESULT: PASS" not in text:
        problems.append("the payload's verdict is not PASS"
                        + (" (it never finished)" if "PAYLOAD: RESULT:" not in text else ""))

    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        fail(f"cannot create {out}: {e.strerror}", 2)
    for test, values in rows.items():
        if test not in scenarios:
            problems.append(f"{test}: rows of a scenario the payload did not announce")
            continue
        header = ["Cluster", "Core"] + scenarios[test]
        with open(os.path.join(out, f"{test}.csv"), "w", newline="") as f:
            w = csv.writer(f, dialect="unix")
            w.writerow(header)
            w.writerows(values)
    if report is not None:
        with open(os.path.join(out, f"psci-performance-{plat}.rst"), "w", encoding="utf-8") as f:
            f.write(with_boot_line(report, boot_line(text)))

    if problems:
        for p in problems:
            print(f"rt_report: {p}", file=sys.stderr)
        fail(f"{len(problems)} problem(s); partial report in {out}/")
    print(f"rt_report: {len(scenarios)} scenarios x {cores} cores passed; "
          f"report and CSVs in {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
