#!/usr/bin/env python3
"""qemu_run: boot the firmware on its QEMU machine, the one way it is done.

Every caller (make run, make bench, the test suites, the Linux test, the
LAVA jobs) starts QEMU through this script, so the machine is described
once: its platform's facts in the build's config.mk (QEMU_MACHINE, QEMU_SMP,
QEMU_CPUS..., which plat/common/qemu/qemu.mk says a platform.mk states),
turned into a command line by machine_args() below, the one place a QEMU
argument is added.

Usage: qemu_run.py [--config CONFIG_MK] [--flash FLASH] [options] [-- QEMU arguments]

  --config FILE       a build's resolved configuration (build/<plat>/<type>/
                      config.mk, or make plat-info's of a platform): the
                      machine, and the defaults for the CPU, topology,
                      memory, icount and QEMU binary below, and FLASH = its
                      flash.bin. Needed by everything that starts QEMU
  --flash FILE        secure flash image (BL1 at 0, the FIP at QEMU_FLASH_FIP_OFFSET)
  --make-flash BL1 FIP OUT  write that flash image (the layout of --config) and exit
  --cpu MODEL         QEMU -cpu model (default: the build's QEMU_CPU)
  --topology CxK      C clusters of K cores, -smp as the machine's
                      QEMU_SMP_TOPOLOGY spells it (QEMU virt:
                      -smp C*K,clusters=C,cores=K, so that the DTB's cpu-map
                      shows the shape the firmware models); default: the
                      build's QEMU_SMP
  --memory MIB        DRAM size in MiB (default: the build's QEMU_MEMORY_MB)
  --realtime          no -icount: wall-clock time, figures not reproducible
  --reboot            let a system reset reboot the machine (default: QEMU exits)
  --timeout SECONDS   wall-clock limit (0: none). When it expires, print where
                      every CPU is (PC, exception level, symbol) from QEMU's
                      monitor, stop QEMU and exit 124
  --first-output SECONDS  the same, sooner, when the console has printed
                      nothing at all by then (default 30; 0: none): BL1
                      prints its banner within a second of the start, so a
                      silent machine is a dead BL1, not a slow boot
  --stop REGEX        stop QEMU as soon as a console line matches REGEX (for
                      runs that are expected to halt); exit 0
  --stop-count N      ... the N-th time a line matches (default 1)
  --keep-going        do not stop when the boot stops: by default a line that
                      says the firmware halted (a loader's "Failed to load",
                      PANIC, ASSERT, an unhandled EL3 exception:
                      tools/common/console_watch.py) ends the run at once with
                      exit 3, the firmware's ERROR lines quoted on stderr
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
  --show-cmd          print the QEMU command line, then boot
  --print-cmd         print the QEMU command line and exit (no boot)
  --dump-dtb FILE     write the DTB QEMU gives this machine to FILE and exit
                      (no flash image needed)
  --describe          print, as JSON, what a run would be (QEMU binary and
                      version, CPU, topology as the payload prints it,
                      memory, the -icount setting or null, the machine's
                      arguments) and exit: the emulator's part of every
                      report's provenance

Exit status: QEMU's own (0 after PSCI SYSTEM_OFF), 3 when the boot stopped
(the firmware halted), 124 when the time limit expired, 125 when QEMU
could not be started, 130 when interrupted, 128 + N when QEMU crashed of
signal N (said so: SIGSEGV 139), 2 on bad arguments.
"""
import argparse
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import tempfile
import time

from tools.common.elf64 import elf_symbols  # the shared ELF reader
from tools.common import console_watch  # how every run ends
from tools.common.config_mk import read_config  # the one reader of config.mk
from tools.common.module import TOP  # the repository's top


def flash_payloads(config):
    """{a flash image of the build, relative to its folder: the payload
    image its FIP holds as BL33}, from config.mk's FIP_PAYLOADS (the
    Makefile's list of FIPs, DIR:PAYLOAD each; DIR/flash.bin is the
    flash image plat/qemu/platform.mk packs for each)."""
    pairs = (item.split(":", 1) for item in config.get("FIP_PAYLOADS", "").split())
    return {os.path.normpath(os.path.join(d, "flash.bin")): image for d, image in pairs}


def _toc_header_name():
    """A FIP begins with its ToC header's name, little-endian: the value
    include/tools_share/fip.h defines for lib/fip and tools/fiptool."""
    with open(os.path.join(TOP, "include", "tools_share", "fip.h"), encoding="utf-8") as f:
        m = re.search(r"^#define\s+FIP_TOC_HEADER_NAME\s+(0x[0-9A-Fa-f]+)u?\b", f.read(), re.M)
    if not m:
        raise RuntimeError("include/tools_share/fip.h defines no FIP_TOC_HEADER_NAME")
    return int(m.group(1), 16).to_bytes(4, "little")


TOC_HEADER_NAME = _toc_header_name()


def _dtb_max_size():
    """The DTB region BL2 edits (PLAT_DTB_MAX_SIZE of
    plat/common/qemu/include/qemu_def.h, every QEMU machine's), bytes."""
    with open(os.path.join(TOP, "plat", "common", "qemu", "include", "qemu_def.h"),
              encoding="utf-8") as f:
        m = re.search(r"^#define\s+PLAT_DTB_MAX_SIZE\s+(0x[0-9A-Fa-f]+)\b", f.read(), re.M)
    if not m:
        raise RuntimeError("plat/common/qemu/include/qemu_def.h defines no PLAT_DTB_MAX_SIZE")
    return int(m.group(1), 16)


DTB_MAX_SIZE = _dtb_max_size()


def dtb_problem(path):
    """Why the file @path, given to QEMU as -dtb, could never be the DTB
    BL2 edits, or None. QEMU lays the file's blocks out one after another
    from its header (libfdt's fdt_open_into) and pads the blob to twice
    the file's size plus 20000 bytes; BL2 gives up the padding past its
    region (lib/dtb's dtb_trim), not blocks. A file that is no DTB at all
    is QEMU's to refuse."""
    try:
        with open(path, "rb") as f:
            head = f.read(40)
    except OSError as e:
        return f"cannot be read ({e.strerror})"
    if len(head) < 40 or head[:4] != b"\xd0\x0d\xfe\xed":
        return None
    field = [int.from_bytes(head[i:i + 4], "big") for i in range(0, 40, 4)]
    # Header, one reservation entry at least, structure and strings blocks.
    blocks = 40 + 16 + field[9] + field[8]
    if blocks > DTB_MAX_SIZE:
        return (f"its blocks take {blocks} bytes, more than the {DTB_MAX_SIZE >> 20} MiB "
                f"region BL2 edits the DTB in (PLAT_DTB_MAX_SIZE, docs/plat/qemu.rst)")
    return None


def flash_problem(config, bl1, path):
    """Why the file @path cannot be a flash image of the build of @config
    (BL1 at 0, the FIP at QEMU_FLASH_FIP_OFFSET; @bl1 the build's bl1.bin,
    or None), or None. Only what would leave no BL1 to run is refused: with
    BL1 whole, a missing or damaged FIP is BL1's to report, at once."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        head = f.read(4)
    if size == 0:
        return "is empty"
    if head == TOC_HEADER_NAME:
        return ("begins with a FIP's ToC header: a fip.bin, not a flash image "
                "(make one with --make-flash BL1 FIP OUT)")
    if bl1 and os.path.isfile(bl1) and size < os.path.getsize(bl1):
        return (f"is {size} bytes, shorter than the build's BL1 ({os.path.getsize(bl1)} bytes): "
                "BL1 is cut short")
    limit = int(config.get("QEMU_FLASH_SIZE", "0"), 0)
    if limit and size > limit:
        return f"is {size} bytes, more than QEMU's {limit >> 20} MiB flash (QEMU_FLASH_SIZE)"
    return None


def make_flash(config, bl1, fip, out):
    """@out: the secure flash image QEMU boots, BL1 at 0 and @fip at
    QEMU_FLASH_FIP_OFFSET of QEMU_FLASH_SIZE (the platform's, from the
    build's @config). Returns the exit status (1: it does not fit)."""
    size = int(config["QEMU_FLASH_SIZE"], 0)
    offset = int(config["QEMU_FLASH_FIP_OFFSET"], 0)
    with open(bl1, "rb") as f:
        first = f.read()
    with open(fip, "rb") as f:
        image = f.read()
    if first[:4] == TOC_HEADER_NAME:
        print(f"qemu_run: {bl1} begins with a FIP's ToC header: BL1 comes first, then the FIP",
              file=sys.stderr)
        return 1
    if len(first) > offset:
        print(f"qemu_run: {bl1} is {len(first)} bytes; the flash holds {offset} before the FIP",
              file=sys.stderr)
        return 1
    if len(image) > size - offset:
        print(f"qemu_run: {fip} is {len(image)} bytes; QEMU's {size >> 20} MiB flash holds "
              f"{size - offset} from offset {offset:#x}", file=sys.stderr)
        return 1
    with open(out + ".tmp", "wb") as f:
        f.write(first + bytes(offset - len(first)) + image)
    os.replace(out + ".tmp", out)
    return 0


def machine_args(a, monitor=None):
    """The QEMU machine this firmware runs on (a.machine, a.smp: the
    platform's, from resolve()): the single description.

    With @monitor, the HMP monitor on that socket and the console on stdio;
    with a.flash, that flash image as the boot ROM; with a.dump_dtb, QEMU
    writes the machine's DTB there and exits.
    """
    machine = a.machine
    if a.dump_dtb:
        machine += f",dumpdtb={a.dump_dtb}"
    if a.flash and a.boot == "bl1-fip":
        # The N1SDP model (config.mk's QEMU_BOOT): BL1 where the SCP puts
        # it, the FIP (--flash) in the QSPI (docs/plat/n1sdp-model.rst).
        machine += f",fip={a.flash}"
    args = [
        "-nographic",
        "-machine", machine,
        "-cpu", a.cpu,
        "-smp", a.smp,
        "-m", str(a.memory),
        # No NIC: the default virtio NIC needs an option ROM (efi-virtio.rom)
        # from a package the firmware has no use for.
        "-nic", "none",
    ]
    if a.flash:
        args += ["-bios", a.bl1 if a.boot == "bl1-fip" else a.flash]
    if a.boot == "bl1-fip":
        # Two UARTs, one console: the AP's UART0 (BL1, BL2, the payload, the
        # OS) and the IOFPGA's UART0 (BL31's runtime console, N1SDP_RUN_UART).
        args += ["-chardev", "stdio,id=console,mux=on,signal=off",
                 "-serial", "chardev:console", "-serial", "chardev:console"]
        args += ["-monitor", f"unix:{monitor},server=on,wait=off"] if monitor else \
            ["-mon", "chardev=console"]
    elif monitor:
        args += ["-monitor", f"unix:{monitor},server=on,wait=off", "-serial", "stdio"]
    if not a.reboot:
        args.append("-no-reboot")
    if not a.realtime:
        # One instruction per ns, guest time independent of the host.
        args += ["-icount", "shift=0,align=off,sleep=off"]
    if a.trace:
        # QEMU 7.2 logs a translation block ("Trace <cpu>: ...") each time it
        # runs; with one instruction per block and no chaining between
        # blocks, that is every instruction (tools/profile/traces.py).
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
        "topology": a.shape,
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
    """NAME+OFFSET (IMAGE) of @pc in @tables [(image, [(value, size, name)])],
    or "?" when it lies in none of the images (past an image's last symbol,
    a symbol of no size names nothing: U-Boot relocated, say)."""
    best = None
    for image, syms in tables:
        if not syms or pc >= max(v + max(sz, 4) for v, sz, _ in syms):
            continue
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


def parser():
    """qemu_run's command line."""
    p = argparse.ArgumentParser(
        prog="qemu_run", description="Boot the firmware on its QEMU machine (the one "
        "description of it: the build's config.mk, machine_args()). Options not given come "
        "from --config.",
        epilog="Exit status: QEMU's (0 after PSCI SYSTEM_OFF); 3 the boot stopped; 124 the "
        "time limit; 125 QEMU could not start; 130 interrupted; 2 bad arguments.")
    p.add_argument("--config", metavar="CONFIG_MK",
                   help="a build's config.mk: the defaults below, and FLASH = its flash.bin")
    p.add_argument("--flash", help="secure flash image (BL1 at 0, the FIP at QEMU_FLASH_FIP_OFFSET)")
    p.add_argument("--make-flash", nargs=3, metavar=("BL1", "FIP", "OUT"),
                   help="write OUT, the flash image of BL1 and FIP (the layout of --config), and exit")
    p.add_argument("--cpu", metavar="MODEL", help="QEMU -cpu model (default: the build's)")
    p.add_argument("--topology", type=topology, metavar="CxK",
                   help="C clusters of K cores (-smp as the machine's QEMU_SMP_TOPOLOGY says)")
    p.add_argument("--memory", type=int, metavar="MIB", help="DRAM in MiB (default: the build's)")
    p.add_argument("--realtime", action="store_true", default=None,
                   help="no -icount: wall-clock time, figures not reproducible")
    p.add_argument("--reboot", action="store_true",
                   help="let a system reset reboot the machine (default: QEMU exits)")
    p.add_argument("--timeout", type=float, default=0, metavar="SECONDS",
                   help="wall-clock limit (0: none); on expiry print where each CPU is, exit 124")
    p.add_argument("--first-output", type=float, default=30, metavar="SECONDS",
                   help="... and sooner when the console printed nothing by then (0: no such limit)")
    p.add_argument("--stop", metavar="REGEX",
                   help="stop QEMU when a console line matches REGEX; exit 0")
    p.add_argument("--stop-count", type=int, default=1, metavar="N",
                   help="... the N-th time a line matches (default 1)")
    p.add_argument("--keep-going", action="store_true",
                   help="do not end the run when the firmware says it stopped (exit 3)")
    p.add_argument("--log", metavar="FILE", help="copy of the console, without carriage returns")
    p.add_argument("--quiet", action="store_true", help="do not echo the console to stdout")
    p.add_argument("--elf", action="append", default=[], metavar="FILE",
                   help="symbols for the time-limit report (repeatable; default: the build's)")
    p.add_argument("--trace", metavar="FILE",
                   help="log every instruction executed to FILE (make profile)")
    p.add_argument("--trace-ranges", metavar="R",
                   help="... only at guest addresses in R (QEMU's -dfilter syntax)")
    p.add_argument("--extra", default="", metavar="ARGS",
                   help="more QEMU arguments, split as a shell would (QEMU_EXTRA)")
    p.add_argument("--qemu", metavar="BINARY", help="default qemu-system-aarch64")
    p.add_argument("--show-cmd", action="store_true", help="print the QEMU command line, then boot")
    p.add_argument("--print-cmd", action="store_true",
                   help="print the QEMU command line and exit without booting")
    p.add_argument("--dump-dtb", metavar="FILE",
                   help="write the machine's DTB to FILE and exit (no flash image needed)")
    p.add_argument("--describe", action="store_true",
                   help="print, as JSON, what a run would be (the reports' provenance) and exit")
    p.add_argument("rest", nargs="*", metavar="-- QEMU ARG",
                   help="more QEMU arguments after --")
    return p


def resolve(a):
    """Fill in what --config gives (the machine, flash image, ELFs, CPU,
    topology, memory, icount); False, with the problem printed, on an
    unusable config."""
    config = {}
    a.boot, a.bl1 = "flash", None
    if a.config:
        try:
            config = read_config(a.config)
        except OSError as e:
            print(f"qemu_run: {a.config}: {e.strerror} (build first)", file=sys.stderr)
            return False
        except ValueError as e:
            print(f"qemu_run: {e}", file=sys.stderr)
            return False
        build = os.path.dirname(a.config)
        a.boot = config.get("QEMU_BOOT", "flash")
        a.bl1 = os.path.join(build, "bl1.bin")
        if a.flash is None:
            a.flash = os.path.join(build, "fip.bin" if a.boot == "bl1-fip" else "flash.bin")
        if not a.elf:
            a.elf = [os.path.join(build, f"{i}.elf") for i in ("bl1", "bl2", "bl31")]
            # The payload at PLAT_BL33_BASE is the one this flash holds (each
            # payload image links there): known only for the build's own flash images.
            payload = flash_payloads(config).get(os.path.relpath(os.path.abspath(a.flash), build))
            if payload and not (payload == "payload" and config.get("BL33")):
                a.elf.append(os.path.join(build, payload + ".elf"))
            a.elf = [e for e in a.elf if os.path.isfile(e)]
    a.config_values = config
    missing = [k for k in ("QEMU_MACHINE", "QEMU_SMP", "QEMU_CORE_LIMIT") if not config.get(k)]
    if missing:
        where = a.config or "no --config"
        print(f"qemu_run: {where}: no {', '.join(missing)}: give the --config of a build "
              f"of a platform QEMU runs (plat/common/qemu/qemu.mk)", file=sys.stderr)
        return False
    try:
        a.machine = config.get("QEMU_MACHINE", "")
        a.cpu = a.cpu or config.get("QEMU_CPU", "")
        a.qemu = a.qemu or config.get("QEMU", "qemu-system-aarch64")
        a.memory = a.memory or int(config.get("QEMU_MEMORY_MB", "0"), 0)
        limit = int(config.get("QEMU_CORE_LIMIT", "0"), 0)
        if a.realtime is None:
            a.realtime = config.get("REALTIME", "0") == "1"
    except ValueError as e:
        print(f"qemu_run: {a.config}: {e}", file=sys.stderr)
        return False
    if a.topology:
        clusters, per_cluster = a.topology
        cores = clusters * per_cluster
        a.smp = config.get("QEMU_SMP_TOPOLOGY", "").format(
            cores=cores, clusters=clusters, per_cluster=per_cluster)
        a.shape = "+".join([str(per_cluster)] * clusters)
    else:
        a.smp = config.get("QEMU_SMP", "")
        cores = int(a.smp.split(",")[0]) if a.smp.split(",")[0].isdigit() else 0
        a.shape = config.get("QEMU_TOPOLOGY", "")
    if limit and cores > limit:
        # BL31 has a node for each core it was built for: the others could
        # never be turned on, and a payload would wait for them.
        shape = f"--topology {a.topology[0]}x{a.topology[1]}" if a.topology else f"-smp {a.smp}"
        print(f"qemu_run: {shape}: {cores} cores, more than the {limit} this build runs "
              f"(QEMU_CORE_LIMIT)", file=sys.stderr)
        return False
    return True


# QEMU arguments that would make another machine than the build's: given
# in --extra (QEMU_EXTRA), the run's figures and its report would describe
# a machine that did not run. Each with what to give instead.
MACHINE_ARGS = {
    "-cpu": "the CPU is QEMU_CPU= (--cpu), which takes QEMU's properties too, "
            "e.g. QEMU_CPU=neoverse-n1,midr=0x413fd0c0",
    "-smp": "the cores are the build's platform's options (config.mk's QEMU_SMP; --topology)",
    "-m": "the memory is QEMU_MEMORY_MB= (--memory)",
    "-icount": "the timing is -icount shift=0, or none with REALTIME=1 (--realtime)",
    "-accel": "the figures are QEMU's TCG under -icount",
    "-machine": "the machine is the platform's (qemu_run's machine_args())",
    "-M": "the machine is the platform's (qemu_run's machine_args())",
    "-bios": "the flash image is the build's (--flash)",
    "-serial": "the console on stdio is the run's record",
}


def check_args(p, a):
    """Refuse, through parser @p (exit 2, naming the problem), what no run
    could use: a negative time, a pattern that is no regular expression, a
    log in no folder, symbols in no file, QEMU arguments that do not split
    or that would make another machine (MACHINE_ARGS). Sets a.extra_args."""
    for name, value in (("--timeout", a.timeout), ("--first-output", a.first_output)):
        if value < 0:
            p.error(f"{name} {value:g}: give 0 (none) or more seconds")
    if a.stop_count < 1:
        p.error(f"--stop-count {a.stop_count}: give 1 or more")
    if a.stop is not None:
        try:
            re.compile(a.stop)
        except re.error as e:
            p.error(f"--stop {a.stop!r}: not a regular expression ({e})")
    if a.log and not os.path.isdir(os.path.dirname(os.path.abspath(a.log))):
        p.error(f"--log {a.log}: no such folder")
    for e in a.elf:
        if not os.path.isfile(e):
            p.error(f"--elf {e}: no such file")
    try:
        a.extra_args = shlex.split(a.extra) + a.rest
    except ValueError as e:
        p.error(f"--extra {a.extra!r}: {e} (QEMU_EXTRA is split as a shell would)")
    for i, arg in enumerate(a.extra_args):
        why = MACHINE_ARGS.get(arg.split("=", 1)[0].replace("--", "-", 1))
        if why:
            p.error(f"--extra {arg}: not for QEMU_EXTRA: {why}")
        if arg.replace("--", "-", 1) == "-dtb" and i + 1 < len(a.extra_args):
            why = dtb_problem(a.extra_args[i + 1])
            if why:
                p.error(f"--extra -dtb {a.extra_args[i + 1]}: {why}")


def main_args(argv):
    """The arguments main() would run with, defaults from --config filled
    in (tools/lava: a LAVA job's machine is this one); None on bad input."""
    p = parser()
    a = p.parse_args(argv)
    check_args(p, a)
    return a if resolve(a) else None


def main(argv):
    p = parser()
    a = p.parse_args(argv)
    check_args(p, a)
    if a.make_flash:
        if not a.config:
            print("qemu_run: --make-flash needs --config (the build's flash layout)", file=sys.stderr)
            return 2
        try:
            return make_flash(read_config(a.config), *a.make_flash)
        except (OSError, KeyError, ValueError) as e:
            print(f"qemu_run: --make-flash: {e}", file=sys.stderr)
            return 2
    if not resolve(a):
        return 2
    if a.describe:
        return describe(a)
    if a.dump_dtb:
        a.flash = None
        cmd = [a.qemu] + machine_args(a) + a.extra_args
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
    problem = None if a.boot == "bl1-fip" else flash_problem(a.config_values,
                            a.config and os.path.join(os.path.dirname(a.config), "bl1.bin"),
                            a.flash)
    if problem:
        print(f"qemu_run: {a.flash}: {problem}", file=sys.stderr)
        return 2
    extra = a.extra_args
    limit = a.timeout
    if limit and "-S" in extra:
        print("qemu_run: -S (wait for a debugger): no time limit", file=sys.stderr)
        limit = 0

    if a.print_cmd:
        # As a user would type it: the console and QEMU's monitor on stdio.
        cmd = [a.qemu] + machine_args(a) + extra
        print(" ".join(shlex.quote(c) for c in cmd))
        return 0
    tmp = tempfile.mkdtemp(prefix="qemu_run.")
    try:
        return run(a, tmp, extra, limit)
    finally:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)


def run(a, tmp, extra, limit):
    """Boot, watching the console (tools/common/console_watch.py); the exit
    status (the module's docstring)."""
    monitor = os.path.join(tmp, "monitor.sock")
    cmd = [a.qemu] + machine_args(a, monitor) + extra
    if a.show_cmd:
        print("  QEMU    " + " ".join(shlex.quote(c) for c in cmd), flush=True)

    def where():
        try:
            tables = [(os.path.basename(e).split(".")[0], elf_symbols(e))
                      for e in a.elf if os.path.isfile(e)]
            return where_are_cpus(monitor, tables) or ["  (no answer from the monitor)"]
        except (OSError, ValueError) as e:
            return [f"  (monitor unavailable: {e})"]

    return console_watch.watch(cmd, log_path=a.log, quiet=a.quiet, timeout=limit,
                               stop=re.compile(a.stop) if a.stop else None,
                               stop_count=a.stop_count, keep_going=a.keep_going,
                               on_timeout=where, name="qemu_run",
                               first_output=a.first_output if limit and a.first_output < limit else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
