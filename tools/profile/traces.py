"""traces: instruction streams for the profiler, one list of PCs per CPU.

Two sources give the same thing:

* QEMU 7.2's execution log (-singlestep -d exec,nochain): one line per
  translation block run, "Trace <cpu>: <host ptr> [<cs_base>/<pc>/<flags>/
  <cflags>] <symbol>"; with one instruction per block, one line per
  instruction. Two kinds of line take the previous one back, because QEMU
  logged a block it then did not run: "Stopped execution of TB chain
  before <host ptr> [<pc>]" (the instruction budget of -icount ran out at
  the block's start) and "cpu_io_recompile: rewound execution of TB to
  <pc>" (an I/O access in the block; -icount re-runs it as the last of
  its block). Both follow the line of the block they take back.

* etm_decode's output (tools/profile/etm_decode.c), decoded by OpenCSD
  from CoreSight ETMv4 trace: "cpu <n> range <start> <end> <count>" for
  <count> A64 instructions executed from <start> up to <end> (exclusive),
  and other lines ("cpu <n> trace-on", "cpu <n> exception ...", comments
  from '#') that are not instructions.
"""


class TraceError(ValueError):
    pass


def parse_qemu_events(lines):
    """[(cpu, pc)] in execution order from the lines of a QEMU execution log."""
    events = []
    revocable = False       # the last event came from a Trace line just read
    for n, line in enumerate(lines, 1):
        if line.startswith("Trace "):
            # [<cs_base>/<pc>/...: both 16 hex digits for a 64-bit guest.
            b = line.find("[")
            try:
                if line[b + 17] != "/" or line[b + 34] != "/":
                    raise ValueError
                events.append((int(line[6:line.index(":")]), int(line[b + 18:b + 34], 16)))
            except (ValueError, IndexError):
                raise TraceError(f"line {n}: not a QEMU exec trace line: {line.strip()!r}") \
                    from None
            revocable = True
        elif line.startswith("Stopped execution of TB chain before "):
            _take_back(events, revocable, int(line.split("[", 1)[1].split("]", 1)[0], 16), n)
            revocable = False
        elif line.startswith("cpu_io_recompile: rewound execution of TB to "):
            _take_back(events, revocable, int(line.rsplit(" ", 1)[1], 16), n)
            revocable = False
        elif line.strip():
            raise TraceError(f"line {n}: not a QEMU exec trace line: {line.strip()!r}")
    return events


def _take_back(events, revocable, pc, n):
    if not revocable or events[-1][1] != pc:
        raise TraceError(f"line {n}: takes back the block at 0x{pc:x}, "
                         "which is not the block logged just before")
    events.pop()


def by_cpu(events):
    """{cpu: [pc, ...]} from [(cpu, pc)]."""
    cpus = {}
    for cpu, pc in events:
        cpus.setdefault(cpu, []).append(pc)
    return cpus


def parse_qemu(lines):
    """{cpu: [pc, ...]} from the lines of a QEMU execution log."""
    return by_cpu(parse_qemu_events(lines))


def parse_etm_decode(lines):
    """{cpu: [pc, ...]} from etm_decode's output (A64: 4 bytes each)."""
    cpus = {}
    for n, line in enumerate(lines, 1):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        if len(f) < 3 or f[0] != "cpu":
            raise TraceError(f"line {n}: not an etm_decode line: {line.strip()!r}")
        try:
            cpu = int(f[1])
        except ValueError:
            raise TraceError(f"line {n}: bad CPU number {f[1]!r}") from None
        seq = cpus.setdefault(cpu, [])
        if f[2] != "range":
            continue
        try:
            start, end, count = int(f[3], 16), int(f[4], 16), int(f[5])
        except (ValueError, IndexError):
            raise TraceError(f"line {n}: bad range line: {line.strip()!r}") from None
        if end - start != 4 * count or count <= 0:
            raise TraceError(f"line {n}: range 0x{start:x}-0x{end:x} does not hold "
                             f"{count} A64 instructions")
        seq.extend(range(start, end, 4))
    return cpus


def read(path, kind):
    """Read the trace file @path of @kind "qemu" or "etm"."""
    parse = parse_qemu if kind == "qemu" else parse_etm_decode
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return parse(f)
    except OSError as e:
        raise TraceError(f"{path}: {e.strerror}") from None
    except TraceError as e:
        raise TraceError(f"{path}: {e}") from None
