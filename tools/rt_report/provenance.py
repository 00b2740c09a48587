"""Where a report's figures came from: the provenance every report records.

Firmware version (the banner the firmware printed, git describe with
"-dirty" for a tree with changes), build type, the build options that change
code (the build's config.mk: its BUILD_OPTIONS), compiler and version (its
CC_VERSION), platform, CPU model and MIDR, topology, the emulator and its
version with the -icount setting (tools/qemu_run --describe, the one
description of the machine) or "hardware", the date and the number of
iterations; for a platform that stands in for a board (config.mk's
PLAT_BOARD: QEMU for N1SDP), where its build differs from the board's.

The build is the one that made the firmware the log shows: given
(--config), or found from the log (find_build: the platform the payload
names, the build type and version the BL31 banner prints, under
--build-base). A field nothing tells is absent, never null or "unknown"
(tools/rt_report/schema.py checks it).

Two reports are comparable only when platform, topology and timing (the
-icount setting, real time, or hardware) are the same: see mismatches().
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import subprocess

from tools.common import module, platforms
from tools.common.config_mk import read_config  # the one reader of config.mk

# The banner every image prints (common/version.c): "v0.1-b30d615-dirty(release)";
# BL31's names the firmware that ran, any image's the build (a boot that
# stopped in BL1 or BL2 has no BL31 banner).
BANNER = re.compile(r"^NOTICE:  BL31: (v\S+?)\((\w+)\)$", re.M)
ANY_BANNER = re.compile(r"^NOTICE:  BL(?:1|2|31): (v\S+?)\((\w+)\)$", re.M)
# The options the images were built with, in each banner's second line
# (common/version.c): the first 8 hex digits of the SHA-256 of the build's
# config.h (the Makefile's options_id.h). Older firmware did not print it.
OPTIONS_ID = re.compile(r"^NOTICE:  BL(?:1|2|31): Built : .*, options ([0-9a-f]{8})$", re.M)
# The payload's line before its figures; older payloads printed the same
# words in their own report's header.
MACHINE = re.compile(r"MIDR 0x([0-9a-fA-F]+), counter (\d+) Hz")
# BL31's line naming the boot CPU (lib/cpus: "CPU Neoverse N1 r4p1 (MIDR
# 0x414fd0c1)"): the MIDR of a run whose payload does not print it (make bench).
BL31_CPU = re.compile(r"^NOTICE:  BL31: CPU .+? \(MIDR 0x([0-9a-fA-F]+)\)", re.M)
CORES = re.compile(r"PAYLOAD: runtime instrumentation: (\d+) cores, clusters ([\d+]+)")
# The CPU errata and CVE workarounds BL31 applied, one boot-log line each
# (lib/cpus/errata.c: "<CPU> erratum 1542419 (r3p0-r4p0): applied: ...").
ERRATUM = re.compile(r"^NOTICE:  BL31: .+? (?:erratum (\d+)|(CVE-\d+-\d+))(?: \([^)]*\))?: applied",
                     re.M)
# ... and those it skipped, with the reason up to its next colon
# ("skipped, no IMPLEMENTATION DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0): ...").
SKIPPED = re.compile(r"^NOTICE:  BL31: .+? (?:erratum (\d+)|(CVE-\d+-\d+))(?: \([^)]*\))?: "
                     r"skipped, ([^:\n]*)", re.M)

# The keys that must agree for two reports to be compared.
COMPARABLE = ("platform", "topology", "timing")

# Where make puts its builds (the Makefile's BUILD_BASE default).
BUILD_BASE = os.path.join(module.TOP, "build")


class ProvenanceError(Exception):
    pass


def add_report_arguments(p):
    """The options make passes to the report writers (rt_report,
    bench_report, linux_report), with what each does (--help)."""
    p.add_argument("console", metavar="CONSOLE_LOG",
                   help="what the machine printed: a console log (or, for rt_report, a LAVA "
                   "job's log.yaml or directory)")
    p.add_argument("out", metavar="OUT_DIR", help="where the report goes (made if missing)")
    p.add_argument("--config", metavar="CONFIG_MK",
                   help="the build's config.mk (BUILD/config.mk): its options, compiler and "
                   "version, and through tools/qemu_run the emulator, CPU and -icount. Default: "
                   "the build the log's banner names, under --build-base")
    p.add_argument("--build-base", metavar="DIR", default=BUILD_BASE,
                   help="where to look for the build that made the log's firmware "
                   "(DIR/<plat>/<release|debug>/config.mk; default: this tree's build/)")
    p.add_argument("--without-build", action="store_true",
                   help="report without the build's provenance (options, compiler, emulator) "
                   "when the build that made the firmware is not at hand")
    p.add_argument("--runtime-only", default="", metavar="NAMES",
                   help="options that change no code, left out of the recorded build options "
                   "(for a config.mk that does not list its BUILD_OPTIONS)")
    p.add_argument("--cc", metavar="CC",
                   help="the compiler, recorded with its version (for a config.mk without "
                   "its CC_VERSION)")
    p.add_argument("--run", metavar="NAME", help="the run's name (its directory), recorded")
    p.add_argument("--run-options", default="", metavar="'NAME=VALUE...'",
                   help="the make options not at their default (the run's name holds only "
                   "their hash), recorded")
    p.add_argument("--exit-status", type=int, default=0, metavar="N",
                   help="the emulator's exit status: not 0 is a failure of the run")
    p.add_argument("--baseline", metavar="RUN_DIR",
                   help="an earlier run's directory to compare with")
    p.add_argument("--force", action="store_true",
                   help="compare even when platform, topology or timing differ")
    p.add_argument("--fail-above", type=percent, metavar="PCT",
                   help="exit 1 when a figure is worse than the baseline's by more than PCT %% "
                   "(and by more than one counter tick and both runs' spread)")
    p.add_argument("--quiet", action="store_true", help="do not print the report")


def percent(text):
    """A --fail-above value: a percentage, 0 or more."""
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not v >= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a percentage, 0 or more")
    return v


def banner(text, pattern=BANNER):
    """(version, build type) of the BL31 banner in @text (@pattern: ANY_BANNER,
    any image's), or None."""
    m = pattern.search(text)
    return (m.group(1), m.group(2)) if m else None


def find_build(text, plat, a):
    """The config.mk of the build that made the firmware of @text (on @plat),
    from @a's --config, --build-base and --without-build, or None when the
    caller said to do without. ProvenanceError, saying what to give, when the
    build is not at hand or is another firmware's."""
    seen = banner(text, ANY_BANNER)
    if a.config:
        if not os.path.isfile(a.config):
            raise ProvenanceError(f"{a.config}: no such file (build first)")
        check_build(a.config, plat, seen, text=text)
        return a.config
    if a.without_build:
        return None
    give = ("give --config BUILD/config.mk of the build that made it (make report: "
            "REPORT_CONFIG=), or --without-build (REPORT_CONFIG=none) to report without the "
            "build's options, compiler and emulator")
    if seen is None:
        raise ProvenanceError(f"the log has no firmware banner to find its build by: {give}")
    path = os.path.join(a.build_base, plat, seen[1], "config.mk")
    if not os.path.isfile(path):
        raise ProvenanceError(f"the log's firmware is {seen[0]} ({plat}, {seen[1]}), and there "
                              f"is no such build in {a.build_base} (no {path}): {give}")
    check_build(path, plat, seen, give, text)
    return path


def check_build(path, plat, seen, give="give the build that made it", text=None):
    """ProvenanceError when the build of config.mk @path is not the one that
    made the firmware of the log @text: another platform, version, build
    type or set of options (the banner's options id)."""
    config = read_config(path)
    if config.get("PLAT", plat) != plat:
        raise ProvenanceError(f"{path} is a build of PLAT={config['PLAT']}, but the log comes "
                              f"from {plat}: {give}")
    ids = {m.group(1) for m in OPTIONS_ID.finditer(text)} if text else set()
    config_h = os.path.join(os.path.dirname(path), "include", "config.h")
    if ids and os.path.isfile(config_h):
        with open(config_h, "rb") as f:
            built = hashlib.sha256(f.read()).hexdigest()[:8]
        if built not in ids:
            raise ProvenanceError(f"{path} is the build of options {built}, but the log's firmware "
                                  f"was built with options {' '.join(sorted(ids))} (its banner): "
                                  f"the build was remade with other options since; {give}")
    if seen and "VERSION" in config and f"v{config['VERSION']}" != seen[0]:
        raise ProvenanceError(f"{path} is the build of v{config['VERSION']}, but the log's "
                              f"firmware is {seen[0]}: {give}")
    btype = {"0": "release", "1": "debug"}.get(config.get("DEBUG"))
    if seen and btype and btype != seen[1]:
        raise ProvenanceError(f"{path} is a {btype} build, but the log's firmware is a {seen[1]} "
                              f"build: {give}")


def compiler_version(cc):
    """The first line of `CC --version` (CC's name alone when it does not answer)."""
    try:
        out = subprocess.run(cc.split() + ["--version"], capture_output=True, text=True,
                             check=False, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return f"{cc} (its --version did not answer)"
    first = out.strip().split("\n")[0] if out.strip() else ""
    return first or f"{cc} (its --version did not answer)"


def emulator(config_path):
    """qemu_run's description of the machine a build runs on."""
    r = subprocess.run(module.command("tools.qemu_run.qemu_run") + ["--config", config_path,
                       "--describe"], capture_output=True, text=True, check=False, timeout=60,
                       env=module.env())
    if r.returncode != 0:
        raise ProvenanceError(f"qemu_run --describe failed: {r.stderr.strip()}")
    return json.loads(r.stdout)


def runner_of(plat, config):
    """What runs @plat's firmware (make_helpers/plat.mk's PLAT_RUNNER: qemu,
    fvp or none, a board): the build's config.mk says, else the platform's
    platform.mk in this tree; none when neither does."""
    if config.get("PLAT_RUNNER"):
        return config["PLAT_RUNNER"]
    return platforms.fact(plat, "PLAT_RUNNER") or "none"


def machine_of(plat, config, config_path, hardware, model=False):
    """What ran the firmware: {"emulator", "timing", "cpu", "topology"}
    (topology as the payload prints it: 2+2), each absent when nothing
    says. QEMU's own description for a build QEMU runs, the model for one
    a model runs (named by its platform's title), hardware for a board's
    log or when the caller says so (--hardware): never QEMU for a log QEMU
    did not make."""
    runner = runner_of(plat, config)
    if runner == "n1sdp-model" and model and not hardware and config_path:
        # n1fw's model of the board under QEMU: QEMU's timing, never the
        # board's figures (docs/plat/n1sdp-model.rst).
        emu = emulator(config_path)
        return {"emulator": f"the N1SDP model (n1fw's tools/n1sdp_model) under QEMU {emu['version']}",
                "timing": f"-icount {emu['icount']}" if emu.get("icount") else
                "real time (no -icount)", "cpu": emu["cpu"], "topology": emu["topology"]}
    if hardware or runner not in ("qemu", "fvp"):
        return {"emulator": "hardware", "timing": "hardware", "cpu": "hardware"}
    if runner == "fvp":
        model = os.path.basename(config.get("FVP_BASE", "")) or "model"
        title = config.get("PLAT_TITLE") or platforms.fact(plat, "PLAT_TITLE") or plat
        return {"emulator": f"{title} ({model})", "timing": "model (wall-clock)",
                "cpu": "model"}
    if not config_path:
        return {"emulator": "QEMU"}
    emu = emulator(config_path)
    return {"emulator": f"QEMU {emu['version']}",
            "timing": f"-icount {emu['icount']}" if emu.get("icount") else
            "real time (no -icount)", "cpu": emu["cpu"], "topology": emu["topology"]}


def board_of(config):
    """Where a build that stands in for a board (config.mk's PLAT_BOARD,
    PLAT_BOARD_CPU and BOARD_DIFFERENCES, the Makefile's) differs from
    the board's build: {"platform", "cpu", "differences": [{"option",
    "value", "board"}]}, or None."""
    if not config.get("PLAT_BOARD"):
        return None
    diffs = []
    for d in config.get("BOARD_DIFFERENCES", "").split():
        option, _, rest = d.partition("=")
        value, _, board = rest.rpartition(":")
        diffs.append({"option": option, "value": value, "board": board})
    return {"platform": config["PLAT_BOARD"], "cpu": config.get("PLAT_BOARD_CPU", ""),
            "differences": diffs}


def collect(plat, text, config_path=None, runtime_only=(), cc=None, hardware=False,
            run=None, iterations=None, date=None, run_options="", model=False):
    """The provenance of the run whose console is @text, on @plat (the
    platform the payload named), from the build's config.mk @config_path
    when given: a board's log is "hardware" whether or not @hardware says
    so, and never QEMU's. A field nothing tells is left out."""
    seen = banner(text)
    machine = MACHINE.search(text)
    bl31_cpu = BL31_CPU.search(text)
    cores = CORES.search(text)
    config = read_config(config_path) if config_path else {}
    emu = machine_of(plat, config, config_path, hardware, model)
    # The build options that change code: the build lists them (config.mk's
    # BUILD_OPTIONS); an older build's config.mk did not, and holds facts
    # beside its options.
    names = config["BUILD_OPTIONS"].split() if "BUILD_OPTIONS" in config else \
        [k for k in config if k not in runtime_only]
    p = {
        "firmware": seen[0] if seen else None,
        "build_type": seen[1] if seen else
        {"0": "release", "1": "debug"}.get(config.get("DEBUG")),
        "options": {k: config[k] for k in sorted(names) if k in config} if config else None,
        "compiler": config.get("CC_VERSION") or (compiler_version(cc) if cc else None),
        "platform": plat,
        "cpu_model": emu.get("cpu"),
        "midr": f"0x{machine.group(1).lower()}" if machine else
        f"0x{bl31_cpu.group(1).lower()}" if bl31_cpu else None,
        "counter_hz": int(machine.group(2)) if machine else None,
        "cores": int(cores.group(1)) if cores else None,
        "topology": cores.group(2) if cores else emu.get("topology"),
        "emulator": emu.get("emulator"),
        "timing": emu.get("timing"),
        "board": board_of(config),
        "errata": [m.group(1) or m.group(2) for m in ERRATUM.finditer(text)] or None,
        "errata_skipped": [{"id": m.group(1) or m.group(2), "why": m.group(3).strip()}
                           for m in SKIPPED.finditer(text)] or None,
        "date": date or _now().strftime("%Y-%m-%d %H:%M:%S UTC"),
        "iterations": iterations,
        "run": run,
        "run_options": run_options.split() or None,
    }
    return {k: v for k, v in p.items() if v is not None}


def _now():
    """Now, or SOURCE_DATE_EPOCH (reproducible-builds.org) when set: two
    runs can then give byte-identical reports."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is not None:
        try:
            return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc)
        except (ValueError, OverflowError, OSError):
            raise ProvenanceError(f"SOURCE_DATE_EPOCH={epoch}: not a time in seconds") from None
    return datetime.datetime.now(datetime.timezone.utc)


def mismatches(a, b):
    """What keeps two reports from being compared, one string per key."""
    return [f"{k}: {a.get(k, 'not known')} here, {b.get(k, 'not known')} in the baseline"
            for k in COMPARABLE if a.get(k) != b.get(k)]


def differences(a, b):
    """How the run of provenance @a differs from baseline @b in what it
    ran: one string per build option, erratum row, CPU or compiler that is
    not the same (options absent from one side say so), [] when none. A
    figure that moved because of these is no regression of the code."""
    out = []
    oa, ob = a.get("options") or {}, b.get("options") or {}
    if oa and ob:
        for k in sorted(set(oa) | set(ob)):
            if oa.get(k) != ob.get(k):
                out.append(f"{k}={oa.get(k, '(no such option)')} here, "
                           f"{ob.get(k, '(no such option)')} in the baseline")
    ea, eb = set(a.get("errata") or ()), set(b.get("errata") or ())
    if ea != eb and (ea or eb):
        out.append("errata applied: " + ", ".join(
            [f"+{e}" for e in sorted(ea - eb)] + [f"-{e}" for e in sorted(eb - ea)]) +
            " (+ here only, - in the baseline only)")
    for key, what in (("cpu_model", "CPU"), ("midr", "MIDR"), ("compiler", "compiler")):
        if a.get(key) and b.get(key) and a[key] != b[key]:
            out.append(f"{what} {a[key]} here, {b[key]} in the baseline")
    return out


def icount(p):
    return p.get("timing", "").startswith("-icount")


def tick_ns(p):
    """One counter tick in ns (the resolution of every figure), or 0."""
    hz = p.get("counter_hz")
    return 1e9 / hz if hz else 0


def revision(midr):
    """"r4p1" of a MIDR ("0x414fd0c1": Variant [23:20], Revision [3:0]), or None."""
    try:
        m = int(midr, 16)
    except (TypeError, ValueError):
        return None
    return f"r{(m >> 20) & 0xf}p{m & 0xf}"


def board_line(p):
    """One line: where this build differs from the board's it stands in for
    (options, CPU, and the board's code that did not run: the errata rows
    BL31 skipped, for want of the registers the board's cores have), or
    None for a build that stands in for none. Never "the same": a stand-in
    is not the board (docs/perf/qemu-and-board.rst says what else)."""
    b = p.get("board")
    if not b:
        return None
    if b["differences"]:
        line = (f"differs from make PLAT={b['platform']}'s in " +
                ", ".join(f"{d['option']}={d['value']} (the board: {d['board']})"
                          for d in b["differences"]) +
                " (what each moves: docs/perf/qemu-and-board.rst)")
    else:
        line = (f"make PLAT={b['platform']}'s options: every option that changes the "
                "firmware's code has the board's value")
    cpu = p.get("cpu_model")
    if cpu and b.get("cpu"):
        line += (f"; CPU {cpu}, the board's model" if cpu == b["cpu"] else
                 f"; CPU {cpu}, not the board's {b['cpu']}")
    skipped = p.get("errata_skipped") or []
    if skipped:
        rev = revision(p.get("midr"))
        why = sorted({s["why"] for s in skipped})
        line += (f"; not all of the board's code runs: {'this ' + rev if rev else 'this CPU'} "
                 f"skips the rows of {', '.join(s['id'] for s in skipped)} "
                 f"({'; '.join(why)}), which the board's cores run where their revision "
                 "needs them (BL31's log says what each does)")
    return line + ("" if b["differences"] else "; what else differs: docs/perf/qemu-and-board.rst")


def _said(p, key, why):
    return p.get(key) or f"not known ({why})"


def rst_fields(p):
    """The provenance as a reStructuredText field list."""
    opts = " ".join(f"{k}={v}" for k, v in p["options"].items()) if "options" in p else \
        "not known (no build given)"
    tick = f" ({tick_ns(p):g} ns per tick)" if p.get("counter_hz") else ""
    firmware = (f"{p['firmware']} ({p.get('build_type', 'build type not known')} build)"
                if "firmware" in p else "not known (no BL31 banner in the log)")
    board = board_line(p)
    return "\n".join([
        f":Firmware: {firmware}",
        f":Compiler: {_said(p, 'compiler', 'no build given')}",
        f":Build options: {opts or '--'}",
    ] + ([f":Board build: {board}"] if board else []) + [
        f":Platform: {p['platform']}, {p.get('cores') or '?'} cores in clusters "
        f"{p.get('topology', '?')}, CPU {_said(p, 'cpu_model', 'no build given')}, "
        f"MIDR {p.get('midr', '?')}, counter {p.get('counter_hz') or '?'} Hz{tick}",
    ] + ([f":CPU errata applied: {' '.join(p['errata'])} (BL31's boot log)"]
         if p.get("errata") else []) + [
        f":Emulator: {_said(p, 'emulator', 'no build given')}, "
        f"{_said(p, 'timing', 'timing: no build given')}",
        f":Report made: {p['date']}",
    ] + ([f":Iterations: {p['iterations']} per scenario"] if p.get("iterations") else []) + (
        [f":Run: {p['run']}"] if p.get("run") else []) + [
        f":Run options: {' '.join(p.get('run_options') or []) or 'the defaults'}",
    ] + ([f":LAVA job: {p['lava']['job']} on {p['lava']['device']} "
          f"({p['lava']['device_type']}), {p['lava']['url']}"] if p.get("lava") else []))
