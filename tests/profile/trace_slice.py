#!/usr/bin/env python3
"""trace_slice: cut a QEMU execution log down for the profiler's tests.

  trace_slice.py [--after-eret ELF] [--keep ELF]... [--lines N] IN OUT

--after-eret: drop everything before the first ERET in ELF's code (BL31's
exit to BL33: the end of the boot), and that ERET. --keep: keep only the
instructions inside these ELFs' executable sections (an EL3-only trace
keeps the firmware's). --lines: stop after N instructions. OUT is a QEMU
log again, one "Trace" line per instruction (the blocks QEMU took back
already gone), so both the profiler and etm_encode.py read it.
"""
import sys


from tools.common.elf64 import Elf
from tools.profile import a64, traces


def main(argv):
    after, keep, limit, args = None, [], None, []
    it = iter(argv)
    for a in it:
        if a == "--after-eret":
            after = Elf(next(it))
        elif a == "--keep":
            keep += Elf(next(it)).exec_ranges()
        elif a == "--lines":
            limit = int(next(it))
        else:
            args.append(a)
    if len(args) != 2:
        print("usage: trace_slice.py [--after-eret ELF] [--keep ELF]... [--lines N] IN OUT",
              file=sys.stderr)
        return 2
    with open(args[0], encoding="ascii", errors="replace") as f:
        events = traces.parse_qemu_events(f)
    if after is not None:
        cut = next((i for i, (_, pc) in enumerate(events) if a64.is_eret(after.word(pc))), None)
        if cut is None:
            print("trace_slice: no ERET in the trace", file=sys.stderr)
            return 1
        events = events[cut + 1:]
    if keep:
        events = [(c, pc) for c, pc in events if any(s <= pc < e for s, e in keep)]
    if limit is not None:
        events = events[:limit]
    with open(args[1], "w", encoding="ascii") as f:
        for cpu, pc in events:
            f.write(f"Trace {cpu}: 0x0 [0000000000000000/{pc:016x}/00000000/00000000] \n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, ValueError) as e:
        print(f"trace_slice: {e}", file=sys.stderr)
        sys.exit(1)
