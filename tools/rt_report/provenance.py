"""Where a report's figures came from: the provenance every report records.

Firmware version (the banner the firmware printed, git describe with
"-dirty" for a tree with changes), build type, the build options that change
code (the build's config.mk, less CONFIG_RUNTIME_ONLY), compiler and
version, platform, CPU model and MIDR, topology, the emulator and its
version with the -icount setting (tools/qemu_run --describe, the one
description of the machine) or "hardware", the date and the number of
iterations.

Two reports are comparable only when platform, topology and timing (the
-icount setting, real time, or hardware) are the same: see mismatches().
"""
import datetime
import json
import os
import re
import subprocess

from tools.common import module
from tools.common.config_mk import read_config  # the one reader of config.mk

# The banner every image prints (common/version.c): "v0.1-b30d615-dirty(release)".
BANNER = re.compile(r"^NOTICE:  BL31: (v\S+?)\((\w+)\)$", re.M)
# The payload's line before its figures; older payloads printed the same
# words in their own report's header.
MACHINE = re.compile(r"MIDR 0x([0-9a-fA-F]+), counter (\d+) Hz")
CORES = re.compile(r"PAYLOAD: runtime instrumentation: (\d+) cores, clusters ([\d+]+)")

# The keys that must agree for two reports to be compared.
COMPARABLE = ("platform", "topology", "timing")


class ProvenanceError(Exception):
    pass


def add_report_arguments(p):
    """The options make passes to both report writers (rt_report, bench_report).

    Provenance: --config (the build's config.mk), --runtime-only (options that
    change no code), --cc, --run (the run's directory name), --exit-status
    (the emulator's); comparison: --baseline (an earlier run's directory),
    --force (compare different platforms/topologies/timing), --fail-above
    (a percentage); --quiet; --run-options (the make options not at their
    default, "NAME=VALUE ...": the run's name holds only their hash).
    """
    p.add_argument("console")
    p.add_argument("out")
    p.add_argument("--config")
    p.add_argument("--runtime-only", default="")
    p.add_argument("--cc")
    p.add_argument("--run")
    p.add_argument("--run-options", default="")
    p.add_argument("--exit-status", type=int, default=0)
    p.add_argument("--baseline")
    p.add_argument("--force", action="store_true")
    p.add_argument("--fail-above", type=float)
    p.add_argument("--quiet", action="store_true")


def compiler_version(cc):
    """The first line of `CC --version`."""
    try:
        out = subprocess.run(cc.split() + ["--version"], capture_output=True, text=True,
                             check=False, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return f"{cc} (version unknown)"
    first = out.strip().split("\n")[0] if out.strip() else ""
    return first or f"{cc} (version unknown)"


def emulator(config_path):
    """qemu_run's description of the machine a build runs on."""
    r = subprocess.run(module.command("tools.qemu_run.qemu_run") + ["--config", config_path,
                       "--describe"], capture_output=True, text=True, check=False, timeout=60,
                       env=module.env())
    if r.returncode != 0:
        raise ProvenanceError(f"qemu_run --describe failed: {r.stderr.strip()}")
    return json.loads(r.stdout)


# Platforms whose firmware runs in a model rather than on a board (QEMU is
# described by tools/qemu_run). Any other platform's log is a board's.
MODELS = {"fvp": "Arm Base FVP"}


def machine_of(plat, config, config_path, hardware):
    """What ran the firmware: {"emulator", "timing", "cpu", "topology"}
    (topology as qemu_run's CxK, or None). QEMU's own description for a
    qemu build, a model for fvp, hardware for a board's log or when the
    caller says so (--hardware): never QEMU for a log QEMU did not make."""
    if hardware or (plat != "qemu" and plat not in MODELS):
        return {"emulator": "hardware", "timing": "hardware", "cpu": "hardware",
                "topology": None}
    if plat in MODELS:
        model = os.path.basename(config.get("FVP_BASE", "")) or "model"
        return {"emulator": f"{MODELS[plat]} ({model})", "timing": "model (wall-clock)",
                "cpu": "model", "topology": None}
    if not config_path:
        return {"emulator": "QEMU (version unknown: no build configuration given)",
                "timing": "unknown (no build configuration given)", "cpu": "unknown",
                "topology": None}
    emu = emulator(config_path)
    return {"emulator": f"QEMU {emu['version']}",
            "timing": f"-icount {emu['icount']}" if emu.get("icount") else
            "real time (no -icount)", "cpu": emu["cpu"], "topology": emu["topology"]}


def collect(plat, text, config_path=None, runtime_only=(), cc=None, hardware=False,
            run=None, iterations=None, date=None, run_options=""):
    """The provenance of the run whose console is @text, on @plat (the
    platform the payload named): a board's log is "hardware" whether or not
    @hardware says so, and never QEMU's."""
    banner = BANNER.search(text)
    machine = MACHINE.search(text)
    cores = CORES.search(text)
    config = read_config(config_path) if config_path else {}
    emu = machine_of(plat, config, config_path, hardware)
    options = {k: v for k, v in sorted(config.items()) if k not in runtime_only}
    return {
        "firmware": banner.group(1) if banner else "unknown (no BL31 banner)",
        "build_type": banner.group(2) if banner else
        ("debug" if config.get("DEBUG") == "1" else "release" if config else "unknown"),
        "options": options,
        "compiler": compiler_version(cc) if cc else "unknown",
        "platform": plat,
        "cpu_model": emu["cpu"],
        "midr": f"0x{machine.group(1).lower()}" if machine else "unknown",
        "counter_hz": int(machine.group(2)) if machine else None,
        "cores": int(cores.group(1)) if cores else None,
        "topology": cores.group(2) if cores else
        (_shape(emu["topology"]) if emu["topology"] else "unknown"),
        "emulator": emu["emulator"],
        "timing": emu["timing"],
        "date": date or _now().strftime("%Y-%m-%d %H:%M:%S UTC"),
        "iterations": iterations,
        "run": run,
        "run_options": run_options.split(),
    }


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


def _shape(cxk):
    """qemu_run's "2x2" as the payload's "2+2"."""
    c, k = cxk.split("x")
    return "+".join([k] * int(c))


def mismatches(a, b):
    """What keeps two reports from being compared, one string per key."""
    return [f"{k}: {a.get(k)} here, {b.get(k)} in the baseline"
            for k in COMPARABLE if a.get(k) != b.get(k)]


def icount(p):
    return p.get("timing", "").startswith("-icount")


def tick_ns(p):
    """One counter tick in ns (the resolution of every figure), or 0."""
    hz = p.get("counter_hz")
    return 1e9 / hz if hz else 0


def rst_fields(p):
    """The provenance as a reStructuredText field list."""
    opts = " ".join(f"{k}={v}" for k, v in p["options"].items()) or "--"
    tick = f" ({tick_ns(p):g} ns per tick)" if p.get("counter_hz") else ""
    return "\n".join([
        f":Firmware: {p['firmware']} ({p['build_type']} build)",
        f":Compiler: {p['compiler']}",
        f":Build options: {opts}",
        f":Platform: {p['platform']}, {p.get('cores') or '?'} cores in clusters "
        f"{p['topology']}, CPU {p['cpu_model']}, MIDR {p['midr']}, "
        f"counter {p.get('counter_hz') or '?'} Hz{tick}",
        f":Emulator: {p['emulator']}, {p['timing']}",
        f":Date: {p['date']}",
        f":Iterations: {p.get('iterations') or '?'} per scenario",
        f":Run: {p.get('run') or '--'}",
        f":Run options: {' '.join(p.get('run_options') or []) or 'the defaults'}",
    ] + ([f":LAVA job: {p['lava']['job']} on {p['lava']['device']} "
          f"({p['lava']['device_type']}), {p['lava']['url']}"] if p.get("lava") else []))


def csv_comments(p):
    """The provenance as "# key: value" lines for the top of a CSV."""
    lines = []
    for k, v in p.items():
        if isinstance(v, dict):
            v = " ".join(f"{a}={b}" for a, b in v.items())
        lines.append(f"# {k}: {v}")
    return lines
