#!/usr/bin/env python3
"""profile: where the instructions of a firmware path go (make profile).

Counts every instruction executed on a path, by function (inlined frames
as DWARF has them), source line, image and CPU, from an instruction
trace: QEMU's (recorded here, under -icount, so that two runs give the
same trace) or CoreSight ETM trace decoded by OpenCSD (etm_decode). How to
read the output: docs/perf/profiling.rst.

Usage:
  profile.py --build DIR --path NAME[,NAME...]  named paths (--list)
  profile.py --build DIR --from POINT --to POINT [--via FUNCTION]
options:
  --build DIR      a build (build/qemu/release): its bl1/bl2/bl31.elf, and
                   payload_profile.elf as BL33; its profile/flash.bin is run
  --elf NAME=FILE  an image by hand (repeatable; NAME bl33 for the normal
                   world); replaces the build's images
  --flash FILE     with --elf: record the trace of this flash image (another
                   firmware's, its images those --elf names: make compare-tfa
                   profiles TF-A so), on the machine of --config's build
  --trace FILE     a QEMU execution log to read instead of recording one
  --etm FILE       etm_decode's output to read instead (ETM trace)
  --record         record the QEMU trace even if the one there is current
  --keep           keep the trace it recorded (hundreds of MB) for the next
                   profile of the same build; by default it is deleted once
                   read (make profile PROFILE_KEEP=1)
  --out DIR        where <path>.txt/.csv/.json go (default DIR/profile)
  --top N          source lines listed (default 20)
Exit status 0, or 1 naming the problem ("profile: ...").
"""
import argparse
import hashlib
import json
import os
import pickle
import subprocess
import sys
from array import array

from tools.common import module
from tools.profile import paths, report, symbols, traces

QEMU_RUN = "tools.qemu_run.qemu_run"
FIRMWARE = ("bl1", "bl2", "bl31")
BL33_ELF = "payload_profile.elf"
# A QEMU run of the profiling payload takes seconds; this is a hang.
RECORD_TIMEOUT = 300


class Problem(Exception):
    pass


def trace_ranges(symbolizer, windows):
    """QEMU -dfilter ranges: the firmware images whole, and of the normal
    world only the functions the windows name (their SMC call sites)."""
    ranges = []
    for img in symbolizer.images:
        if img.name != "bl33":
            ranges += img.ranges
    resolver = paths.Resolver(symbolizer, {})
    names = set(paths.PAYLOAD_FUNCTIONS)
    for w in windows:
        names |= {leg.via for leg in w.legs if leg.via}
    for name in sorted(names):
        try:
            img, start, end = resolver.function(name)
        except paths.PathError:
            continue            # not in this payload: its paths find nothing
        if img.name == "bl33":
            ranges.append((start, end))
    return ",".join(f"0x{s:x}..0x{e - 1:x}" for s, e in sorted(ranges))


def record(config, flash, trace, ranges):
    """Run the profiling payload under QEMU (the machine of the build whose
    config.mk is @config), logging every instruction in @ranges to @trace,
    unless the trace there came from the same flash image and ranges."""
    with open(flash, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with open(config, "rb") as f:
        digest += hashlib.sha256(f.read()).hexdigest()
    meta = {"flash": digest, "ranges": ranges}
    meta_path = trace + ".meta"
    why = "no trace recorded yet"
    try:
        with open(meta_path, encoding="utf-8") as f:
            old = json.load(f)
        if not os.path.exists(trace):
            why = "the trace was deleted"
        elif old == meta:
            return False
        elif old.get("flash") != meta["flash"]:
            why = "the flash image or the build's config.mk changed"
        else:
            why = "other ranges: " + meta["ranges"]
    except (OSError, ValueError, AttributeError):
        pass
    console = os.path.join(os.path.dirname(trace), "console.log")
    cmd = module.command(QEMU_RUN) + ["--config", config,
           "--flash", flash, "--quiet", "--log", console, "--timeout", str(RECORD_TIMEOUT),
           "--trace", trace, "--trace-ranges", ranges]
    print(f"profile: recording {trace} (QEMU, one instruction per block; {why})", file=sys.stderr)
    rc = subprocess.run(cmd, env=module.env()).returncode
    if rc != 0:
        raise Problem(f"QEMU exited {rc} (console in {console})")
    with open(console, encoding="utf-8", errors="replace") as f:
        if "PROFILE: done" not in f.read():
            raise Problem(f"the profiling payload did not finish (console in {console})")
    with open(meta_path, "w", encoding="utf-8") as f:
        json.dump(meta, f)
    return True


def recorded_streams(trace):
    """The recorded trace's streams, parsed once: a cache of them beside the
    trace (<trace>.streams, 8 bytes an instruction) serves while the trace
    file is the same (size and modification time)."""
    cache = trace + ".streams"
    try:
        st = os.stat(trace)
    except OSError as e:
        raise Problem(f"{trace}: {e.strerror}") from None
    key = [st.st_size, st.st_mtime_ns]
    try:
        with open(cache, "rb") as f:
            saved = pickle.load(f)
        if saved["key"] == key:
            return {cpu: seq.tolist() for cpu, seq in saved["streams"].items()}
    except (OSError, EOFError, KeyError, TypeError, pickle.UnpicklingError):
        pass
    streams = traces.read(trace, "qemu")
    with open(cache + ".tmp", "wb") as f:
        pickle.dump({"key": key, "streams": {cpu: array("Q", seq) for cpu, seq in streams.items()}},
                    f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(cache + ".tmp", cache)
    return streams


def images_from(args):
    named = {}
    if args.build:
        for name in FIRMWARE:
            named[name] = os.path.join(args.build, name + ".elf")
        named["bl33"] = os.path.join(args.build, BL33_ELF)
    if args.elf:
        named = {}
        for spec in args.elf:
            name, eq, path = spec.partition("=")
            if not eq or not name:
                raise Problem(f"--elf {spec}: give NAME=FILE")
            named[name] = path
    if not named:
        raise Problem("give --build DIR or --elf NAME=FILE")
    return [symbols.Image(name, path) for name, path in named.items()]


def main(argv):
    p = argparse.ArgumentParser(prog="profile", add_help=True)
    p.add_argument("--build")
    p.add_argument("--elf", action="append", default=[])
    p.add_argument("--flash")
    p.add_argument("--config")
    p.add_argument("--path")
    p.add_argument("--from", dest="start")
    p.add_argument("--to", dest="end")
    p.add_argument("--via")
    p.add_argument("--trace")
    p.add_argument("--etm")
    p.add_argument("--record", action="store_true")
    p.add_argument("--keep", action="store_true")
    p.add_argument("--out")
    p.add_argument("--top", type=int, default=20)
    p.add_argument("--list", action="store_true")
    a = p.parse_args(argv)
    if a.list:
        for name, windows in paths.PATHS.items():
            for w in windows:
                print(f"{name}/{w.name}: {w.title}")
        return 0
    if a.path and (a.start or a.end):
        raise Problem("give --path, or --from and --to, not both")
    if a.path:
        jobs = []
        for name in a.path.split(","):
            if name not in paths.PATHS:
                raise Problem(f"no path {name!r}: one of {', '.join(paths.PATHS)}")
            jobs.append((name, paths.PATHS[name]))
    elif a.start and a.end:
        jobs = [("range", paths.explicit(a.start, a.end, a.via))]
    else:
        raise Problem("give --path NAME (one of " + ", ".join(paths.PATHS)
                      + "), or --from POINT --to POINT")

    images = images_from(a)
    sym = symbols.Symbolizer(images)
    if a.etm:
        streams = traces.read(a.etm, "etm")
    else:
        trace = a.trace
        if trace is None:
            if a.flash:
                if not (a.elf and a.config and a.out):
                    raise Problem("--flash needs --elf (its images), --config (the machine) "
                                  "and --out")
                flash, config, out = a.flash, a.config, a.out
            elif a.build:
                out = os.path.join(a.build, "profile")
                flash, config = os.path.join(out, "flash.bin"), os.path.join(a.build, "config.mk")
            else:
                raise Problem("give --trace, --etm, --build or --flash")
            trace = os.path.join(out, "trace.log")
            if not os.path.isfile(flash):
                raise Problem(f"{flash}: no such file (make profile builds it)")
            os.makedirs(out, exist_ok=True)
            if a.record and os.path.exists(trace + ".meta"):
                os.unlink(trace + ".meta")
            record(config, flash, trace,
                   trace_ranges(sym, [w for _, ws in jobs for w in ws]))
            streams = recorded_streams(trace)
        else:
            streams = traces.read(trace, "qemu")
    if not streams:
        raise Problem("the trace holds no instruction")
    # A trace recorded here is hundreds of MB: gone once read, unless kept
    # for another profile of the same run (--keep, PROFILE_KEEP=1).
    if a.trace is None and not a.etm and not a.keep:
        for f in (trace, trace + ".streams", trace + ".meta"):
            if os.path.exists(f):
                os.unlink(f)

    captures = symbols.capture_points(sym) if sym.image("bl31") else {}
    resolver = paths.Resolver(sym, captures)
    out = a.out or (os.path.join(a.build, "profile") if a.build else None)
    for label, windows in jobs:
        closed = {}
        summaries = []
        for w in windows:
            legs = paths.find_legs(w, streams, resolver, closed)
            summaries.append(report.summarise(label, w, legs, streams, sym, a.top))
        text = "".join(report.text(s) for s in summaries)
        sys.stdout.write(text)
        if out:
            os.makedirs(out, exist_ok=True)
            base = os.path.join(out, label)
            for ext, content in (("txt", text), ("csv", report.csv_text(summaries)),
                                 ("json", report.json_text(summaries))):
                with open(f"{base}.{ext}", "w", encoding="utf-8") as f:
                    f.write(content)
            print(f"profile: tables in {base}.txt, .csv, .json", file=sys.stderr)
        if not any(s["occurrences"] for s in summaries):
            raise Problem(f"{label}: no occurrence in the trace")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (Problem, paths.PathError, symbols.SymbolError, traces.TraceError) as e:
        print(f"profile: {e}", file=sys.stderr)
        sys.exit(1)
