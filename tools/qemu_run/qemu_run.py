#!/usr/bin/env python3
"""qemu_run: boot the firmware on QEMU's virt machine, the one way it is done.

Every caller (make run, make bench, the test suites, the Linux test) starts
QEMU through this script, so the machine is described once, in
machine_args() below: adding a QEMU argument is a one-line change there.

Usage: qemu_run.py [--config CONFIG_MK] [--flash FLASH] [options] [-- QEMU arguments]

  --config FILE       a build's resolved configuration (build/<plat>/<type>/
                      config.mk): the defaults for the CPU, topology, memory,
                      icount and QEMU binary below, and FLASH = its flash.bin
  --flash FILE        secure flash image (BL1 at 0, the FIP at 0x40000)
  --cpu MODEL         QEMU -cpu model (default neoverse-n1)
  --topology CxK      C clusters of K cores: -smp C*K,clusters=C,cores=K, so
                      that the DTB's cpu-map shows the shape the firmware models
  --memory MIB        DRAM size in MiB (default 1024)
  --realtime          no -icount: wall-clock time, figures not reproducible
  --reboot            let a system reset reboot the machine (default: QEMU exits)
  --timeout SECONDS   wall-clock limit (0: none). When it expires, print where
                      every CPU is (PC, exception level, symbol) from QEMU's
                      monitor, stop QEMU and exit 124
  --stop REGEX        stop QEMU as soon as a console line matches REGEX (for
                      runs that are expected to halt); exit 0
  --stop-count N      ... the N-th time a line matches (default 1)
  --log FILE          copy of the console, without its carriage returns
  --quiet             do not echo the console to stdout
  --elf FILE          symbols for the time-limit report (repeatable; with
                      --config, default: the build's *.elf)
  --trace FILE        log every instruction executed (make profile): one
                      instruction per translation block (-singlestep), each
                      logged when it runs (-d exec,nochain) to FILE
  --trace-ranges R    ... only those at guest addresses in R, QEMU's -dfilter
                      syntax (START..END inclusive, comma-separated)
  --extra "ARGS"      more QEMU arguments, split as a shell would (QEMU_EXTRA)
  --qemu BINARY       default qemu-system-aarch64
  --print-cmd         print the QEMU command line first
  --dump-dtb FILE     write the DTB QEMU gives this machine to FILE and exit
                      (no flash image needed)
  --describe          print, as JSON, what a run would be (QEMU binary and
                      version, CPU, topology, memory, the -icount setting or
                      null, the machine's arguments) and exit: the
                      emulator's part of every report's provenance

Exit status: QEMU's own (0 after PSCI SYSTEM_OFF), 124 when the time limit
expired, 125 when QEMU could not be started, 2 on bad arguments.
"""
import argparse
import codecs
import json
import os
import re
import select
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from elf64 import elf_symbols  # noqa: E402  (the shared ELF reader, tools/common)


def machine_args(a, monitor=None):
    """The QEMU virt machine this firmware runs on: the single description.

    With @monitor, the HMP monitor on that socket and the console on stdio;
    with a.flash, that flash image as the boot ROM; with a.dump_dtb, QEMU
    writes the machine's DTB there and exits.
    """
    clusters, cores = a.topology
    machine = "virt,secure=on,virtualization=on,gic-version=3"
    if a.dump_dtb:
        machine += f",dumpdtb={a.dump_dtb}"
    args = [
        "-nographic",
        "-machine", machine,
        "-cpu", a.cpu,
        "-smp", f"{clusters * cores},clusters={clusters},cores={cores}",
        "-m", str(a.memory),
        # No NIC: the default virtio NIC needs an option ROM (efi-virtio.rom)
        # from a package the firmware has no use for.
        "-nic", "none",
    ]
    if a.flash:
        args += ["-bios", a.flash]
    if monitor:
        args += ["-monitor", f"unix:{monitor},server=on,wait=off", "-serial", "stdio"]
    if not a.reboot:
        args.append("-no-reboot")
    if not a.realtime:
        # One instruction per ns, guest time independent of the host.
        args += ["-icount", "shift=0,align=off,sleep=off"]
    if a.trace:
        # QEMU 7.2 logs a translation block ("Trace <cpu>: ...") each time it
        # runs; with one instruction per block and no chaining between
        # blocks, that is every instruction (tools/profile/qemu_trace.py).
        args += ["-singlestep", "-d", "exec,nochain", "-D", a.trace]
        if a.trace_ranges:
            args += ["-dfilter", a.trace_ranges]
    return args


def describe(a):
    """The emulator's provenance for the reports (tools/rt_report)."""
    try:
        out = subprocess.run([a.qemu, "--version"], capture_output=True, text=True,
                             check=False, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"qemu_run: cannot run {a.qemu} --version: {e}", file=sys.stderr)
        return 125
    m = re.search(r"QEMU emulator version (\S+)(?: \(([^)]*)\))?", out)
    args = machine_args(a)
    icount = args[args.index("-icount") + 1] if "-icount" in args else None
    print(json.dumps({
        "emulator": "QEMU",
        "binary": a.qemu,
        "version": (m.group(1) + (f" ({m.group(2)})" if m.group(2) else "")) if m else
        out.strip().split("\n")[0],
        "cpu": a.cpu,
        "topology": f"{a.topology[0]}x{a.topology[1]}",
        "memory_mb": a.memory,
        "icount": icount,
        "args": args,
    }, indent=1))
    return 0


def topology(text):
    m = re.fullmatch(r"(\d+)x(\d+)", text)
    if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not CLUSTERSxCORES, e.g. 2x2")
    return int(m.group(1)), int(m.group(2))


def symbolize(pc, tables):
    best = None
    for image, syms in tables:
        for value, size, name in syms:
            if value > pc:
                break
            if size and pc >= value + size:
                continue
            if best is None or value > best[0]:
                best = (value, f"{name}+0x{pc - value:x} ({image})")
    return best[1] if best else "?"


def monitor_command(path, command, timeout=5.0):
    """Run one HMP command on QEMU's monitor socket; its output."""
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(timeout)
    s.connect(path)
    buf = b""
    deadline = time.monotonic() + timeout
    while b"(qemu) " not in buf and time.monotonic() < deadline:
        buf += s.recv(65536)
    s.sendall(command.encode() + b"\n")
    buf = b""
    while buf.count(b"(qemu) ") < 1 and time.monotonic() < deadline:
        chunk = s.recv(65536)
        if not chunk:
            break
        buf += chunk
    s.close()
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", buf.decode(errors="replace"))


def where_are_cpus(monitor, tables):
    out = monitor_command(monitor, "info registers -a")
    lines = []
    for cpu in re.split(r"\nCPU#", "\n" + out)[1:]:
        num = cpu.split("\n", 1)[0].strip()
        pc = re.search(r"PC=([0-9a-f]+)", cpu)
        el = re.search(r"PSTATE=[0-9a-f]+ [^\n]*?(EL\d[ht])", cpu)
        if not pc:
            continue
        pcv = int(pc.group(1), 16)
        lines.append(f"  CPU {num}: PC 0x{pcv:x} at {el.group(1) if el else '?'}"
                     f"  {symbolize(pcv, tables)}")
    return lines


def read_config(path):
    """NAME := value lines of a build's config.mk."""
    config = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            name, sep, value = line.partition(":=")
            if sep:
                config[name.strip()] = value.strip()
    return config


def main(argv):
    p = argparse.ArgumentParser(prog="qemu_run", add_help=True)
    p.add_argument("--config")
    p.add_argument("--flash")
    p.add_argument("--cpu")
    p.add_argument("--topology", type=topology)
    p.add_argument("--memory", type=int)
    p.add_argument("--realtime", action="store_true", default=None)
    p.add_argument("--reboot", action="store_true")
    p.add_argument("--timeout", type=float, default=0)
    p.add_argument("--stop")
    p.add_argument("--stop-count", type=int, default=1)
    p.add_argument("--log")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--elf", action="append", default=[])
    p.add_argument("--trace")
    p.add_argument("--trace-ranges")
    p.add_argument("--extra", default="")
    p.add_argument("--qemu")
    p.add_argument("--print-cmd", action="store_true")
    p.add_argument("--dump-dtb")
    p.add_argument("--describe", action="store_true")
    p.add_argument("rest", nargs="*")
    a = p.parse_args(argv)
    config = {}
    if a.config:
        try:
            config = read_config(a.config)
        except OSError as e:
            print(f"qemu_run: {a.config}: {e.strerror} (build first)", file=sys.stderr)
            return 2
        build = os.path.dirname(a.config)
        if a.flash is None:
            a.flash = os.path.join(build, "flash.bin")
        if not a.elf:
            a.elf = sorted(os.path.join(build, f) for f in os.listdir(build)
                           if f.endswith(".elf"))
    try:
        a.cpu = a.cpu or config.get("QEMU_CPU", "neoverse-n1")
        a.qemu = a.qemu or config.get("QEMU", "qemu-system-aarch64")
        a.topology = a.topology or (int(config.get("QEMU_CLUSTERS", "2"), 0),
                                    int(config.get("QEMU_CORES_PER_CLUSTER", "2"), 0))
        a.memory = a.memory or int(config.get("QEMU_MEMORY_MB", "1024"), 0)
        if a.realtime is None:
            a.realtime = config.get("REALTIME", "0") == "1"
    except ValueError as e:
        print(f"qemu_run: {a.config}: {e}", file=sys.stderr)
        return 2
    if a.describe:
        return describe(a)
    if a.dump_dtb:
        a.flash = None
        cmd = [a.qemu] + machine_args(a) + shlex.split(a.extra) + a.rest
        rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, check=False)
        if rc.returncode != 0 or not os.path.isfile(a.dump_dtb):
            print(f"qemu_run: QEMU could not dump its DTB: {rc.stderr.strip()}", file=sys.stderr)
            return 1
        return 0
    if a.flash is None:
        print("qemu_run: give --flash or --config", file=sys.stderr)
        return 2
    if not os.path.isfile(a.flash):
        print(f"qemu_run: {a.flash}: no such flash image (build it first)", file=sys.stderr)
        return 2
    stop = re.compile(a.stop) if a.stop else None
    extra = shlex.split(a.extra) + a.rest
    limit = a.timeout
    if limit and "-S" in extra:
        print("qemu_run: -S (wait for a debugger): no time limit", file=sys.stderr)
        limit = 0

    tmp = tempfile.mkdtemp(prefix="qemu_run.")
    monitor = os.path.join(tmp, "monitor.sock")
    cmd = [a.qemu] + machine_args(a, monitor) + extra
    if a.print_cmd:
        print("  QEMU    " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    log = open(a.log, "w", encoding="utf-8", errors="replace") if a.log else None
    try:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL if a.quiet else None,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as e:
        print(f"qemu_run: cannot start {a.qemu}: {e.strerror}", file=sys.stderr)
        return 125

    # A SIGTERM (a test harness's timeout, make being stopped) takes QEMU down too.
    def terminate(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGHUP, terminate)

    start = time.monotonic()
    pending = b""
    matches = 0
    outcome = None
    fd = proc.stdout.fileno()

    # A UTF-8 character (the report's "µs") may arrive split across two
    # reads: decode the stream, not each read on its own.
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def emit(data, final=False):
        if not a.quiet:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        if log:
            log.write(decoder.decode(data, final).replace("\r", ""))
            log.flush()

    try:
        while True:
            wait = 0.2
            if limit:
                wait = max(0.0, min(wait, limit - (time.monotonic() - start)))
            ready, _, _ = select.select([fd], [], [], wait)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    break
                emit(data)
                if stop:
                    *lines, pending = (pending + data).split(b"\n")
                    matches += sum(1 for line in lines
                                   if stop.search(line.decode(errors="replace")))
                    if matches >= a.stop_count:
                        outcome = "stopped"
                        break
            elif limit and time.monotonic() - start >= limit:
                outcome = "timeout"
                break
    except KeyboardInterrupt:
        outcome = "interrupted"

    if outcome == "timeout":
        report = [f"qemu_run: time limit of {limit:g} s reached; where each CPU is:"]
        try:
            tables = [(os.path.basename(e).split(".")[0], elf_symbols(e))
                      for e in a.elf if os.path.isfile(e)]
            report += where_are_cpus(monitor, tables) or ["  (no answer from the monitor)"]
        except (OSError, ValueError) as e:
            report.append(f"  (monitor unavailable: {e})")
        text = "\n".join(report) + "\n"
        sys.stdout.flush()
        print(text, end="", file=sys.stderr)
        if log:
            log.write(text)
    if outcome is not None and proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
    rc = proc.wait()
    # Whatever QEMU printed after the last read.
    emit(proc.stdout.read(), final=True)
    if log:
        log.close()
    for f in os.listdir(tmp):
        os.unlink(os.path.join(tmp, f))
    os.rmdir(tmp)
    if outcome == "timeout":
        return 124
    if outcome == "stopped":
        return 0
    if outcome == "interrupted":
        return 130
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
