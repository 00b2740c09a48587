#!/usr/bin/env python3
"""etm_encode: turn a QEMU instruction trace of our firmware into CoreSight
ETMv4 trace, as an ETR would hold it, for the profiler's round-trip test
(tests/profile/etm_roundtrip.sh): OpenCSD must decode it back into the
instructions QEMU ran.

  etm_encode.py --elf FILE... [--ns-elf FILE...] [--el3-only] [--raw CPU]
                QEMU_TRACE OUT_TRACE OUT_CONFIG

--elf: the firmware images (EL3, Secure); --ns-elf: the normal world's
(EL2, Non-secure). Each CPU gets a trace unit of its own (trace ID 0x10 +
CPU) configured for instruction trace only: no branch broadcast, no cycle
counts, no timestamps, no context ID or VMID, no return stack
(TRCCONFIGR = 0). The QEMU trace holds what the unit traces (QEMU's
-dfilter, or the test, leaves the rest out): where it jumps past
untraced code, the unit says where the next traced instruction is. An
SMC (HVC, SVC) traced is an Exception packet. With --el3-only, the unit
traces the firmware only, as an ETM filtered to EL3 on the board does:
each ERET leaves the traced code and the next exception entry brings the
core back with Trace On. Packets (Arm IHI 0064, ETMv4 architecture
specification, chapter 6 "Trace packets", instruction trace):

  A-Sync        11 x 0x00, 0x80: the alignment synchronisation
  Trace Info    0x01, PLCTL 0x00: no sections (no cycle counting, no
                speculation, key 0)
  Trace On      0x04: a discontinuity; the next address says where
  Context       0x81, context byte: the context of the addresses after it
  Address with Context, 64-bit IS0   0x85, 8 address bytes, context byte
  Long Address, 64-bit IS0           0x9d, 8 address bytes
  Short Address, IS0                 0x95, 1 or 2 bytes (address bits 8:2,
                                     and 16:9 with the continuation bit)
  Atom format 1, 2, 3                0xf6|E, 0xd8|EE, 0xf8|EEE (bit 0 first)
  Exception     0x06, info byte: bits 5:1 TYPE (0x2: Call, an SMC, HVC
                or SVC), E1:E0 = 0; then the preferred return address
                (the next instruction), then the target with its context

IS0 address bytes: byte 0 bits 6:0 = A[8:2], byte 1 bits 6:0 = A[15:9],
bytes 2-7 = A[23:16] .. A[63:56]. Context byte: bits 1:0 = EL, bit 4 = SF
(AArch64), bit 5 = NS; bits 6 and 7 (VMID, context ID present) 0.

A P0 element (IHI 0064 "P0 elements") is a branch: each taken branch is
an E atom and each branch not taken an N atom; a taken indirect branch is
followed by the address of its target. The decoder follows direct branches
itself from the program image, so those need no address. ISB counts as a
direct branch to the next instruction, always taken (IHI 0064 appendix
F.1, "Branch instructions", A64 direct branches).

The output is frame-formatted (--raw CPU: that CPU's byte stream alone): the
CoreSight formatter's 16-byte frames (IHI 0029, CoreSight Architecture
Specification, "Formatter and deformatter"): bytes 0-14 carry trace bytes
and IDs, an ID in an even byte with bit 0 set; byte 15 holds bit 0 of each
even byte that carries data, and for an ID byte whether the new ID starts
after the next byte (1) or with it (0). ID 0 is the null source (padding).
"""
import struct
import sys


from tools.common.elf64 import Elf
from tools.profile import a64, traces

TRACE_ID_BASE = 0x10
# ETMv4.2 on a v8 A-profile core, as OpenCSD reads them (IHI 0064 7.3):
# TRCIDR0: COMMOPT 1, TSSIZE 64-bit, NUMEVENT 4, RETSTACK, TRCCCI, TRCBB
# implemented (and not enabled); TRCIDR1: Arm, ETMv4.2; TRCIDR2: IASIZE
# 64-bit, CIDSIZE 32, VMIDSIZE 8.
CONFIG = {"TRCIDR0": 0x28000EA1, "TRCIDR1": 0x4100F424, "TRCIDR2": 0x00000488,
          "TRCIDR8": 0, "TRCIDR9": 0, "TRCIDR10": 0, "TRCIDR11": 0, "TRCIDR12": 0,
          "TRCIDR13": 0, "TRCCONFIGR": 0}

A_SYNC = bytes(11) + b"\x80"
TRACE_INFO = b"\x01\x00"
TRACE_ON = b"\x04"
EXCEPTION = b"\x06"
EXCEPTION_CALL = 0x2
EL3_SECURE_A64 = 0x13          # EL3, SF = 1, NS = 0
EL2_NONSECURE_A64 = 0x32       # EL2, SF = 1, NS = 1


class EncodeError(ValueError):
    pass


def addr_bytes(a):
    return bytes([(a >> 2) & 0x7f, (a >> 9) & 0x7f]) + struct.pack("<Q", a)[2:]


class Unit:
    """One trace unit: the packets for one CPU's instructions."""

    def __init__(self, images, el3_only):
        self.images = images            # [(Elf, context byte)]
        self.el3_only = el3_only
        self.out = bytearray()
        self.atoms = []
        self.last_addr = None
        self.context = None
        self.synced = False

    def word(self, pc):
        return self.image(pc)[0].word(pc)

    def image(self, pc):
        for elf, context in self.images:
            if elf.word(pc) is not None:
                return elf, context
        raise EncodeError(f"0x{pc:x} is in no image")

    def context_of(self, pc):
        return self.image(pc)[1]

    def flush_atoms(self):
        while self.atoms:
            n = min(3, len(self.atoms))
            bits = sum(a << i for i, a in enumerate(self.atoms[:n]))
            self.out.append({1: 0xf6, 2: 0xd8, 3: 0xf8}[n] | bits)
            del self.atoms[:n]

    def atom(self, taken, indirect=False):
        self.atoms.append(1 if taken else 0)
        # A target address follows its atom's packet: no later atom in it.
        if indirect or len(self.atoms) == 3:
            self.flush_atoms()

    def address(self, a, context=None):
        self.flush_atoms()
        context = self.context if context is None else context
        if context != self.context:
            self.out += b"\x85" + addr_bytes(a) + bytes([context])
            self.context = context
        elif self.last_addr is not None and (a ^ self.last_addr) >> 17 == 0:
            if (a ^ self.last_addr) >> 9 == 0:
                self.out += bytes([0x95, (a >> 2) & 0x7f])
            else:
                self.out += bytes([0x95, 0x80 | (a >> 2) & 0x7f, (a >> 9) & 0xff])
        else:
            self.out += b"\x9d" + addr_bytes(a)
        self.last_addr = a

    def trace_on(self, pc):
        self.flush_atoms()
        if not self.synced:
            self.out += A_SYNC + TRACE_INFO
            self.synced = True
            self.context = None
        self.out += TRACE_ON
        # After Trace On the context is given again (IHI 0064): here as a
        # Context packet and a long address; elsewhere, where the context
        # changes, as an Address with Context packet.
        self.context = self.context_of(pc)
        self.out += bytes([0x81, self.context]) + b"\x9d" + addr_bytes(pc)
        self.last_addr = pc

    def exception(self, ret, target):
        self.flush_atoms()
        self.out += EXCEPTION + bytes([EXCEPTION_CALL << 1])
        self.address(ret)
        self.address(target, self.context_of(target))

    def step(self, pc, nxt):
        """Packets for the instruction at @pc, the CPU's next traced one
        being @nxt (None at the end of the trace). True if a Trace On must
        come before @nxt."""
        w = self.word(pc)
        br = ("direct", pc + 4, False) if a64.is_isb(w) else a64.branch(w, pc)
        if br is None:
            if nxt is None or nxt == pc + 4:
                return False
            if a64.is_exception_call(w):
                self.exception(pc + 4, nxt)
                return False
            raise EncodeError(f"0x{pc:x} is not a branch, but 0x{nxt:x} comes next")
        kind, target, cond = br
        if kind == "direct":
            if nxt is None:
                if not cond:
                    self.atom(True)
                return False
            if nxt == target:
                self.atom(True)
            elif nxt == pc + 4 and cond:
                self.atom(False)
            else:
                raise EncodeError(f"the branch at 0x{pc:x} goes neither to 0x{target:x} "
                                  f"nor on, but to 0x{nxt:x}")
            return False
        self.atom(True, indirect=True)
        if nxt is None:
            return False
        if self.el3_only and a64.is_eret(w):
            return True         # to the untraced normal world
        self.address(nxt, self.context_of(nxt))
        return False


def encode(events, images, el3_only=False):
    """{cpu: bytearray} and the order the CPUs' bytes came in, [(cpu, bytes)],
    for @events [(cpu, pc)] in execution order."""
    seqs = {}
    for cpu, pc in events:
        seqs.setdefault(cpu, []).append(pc)
    units = {cpu: Unit(images, el3_only) for cpu in seqs}
    pos = {cpu: 0 for cpu in seqs}
    need_on = {cpu: True for cpu in seqs}
    chunks = []
    for cpu, pc in events:
        u, i = units[cpu], pos[cpu]
        start = len(u.out)
        if need_on[cpu]:
            u.trace_on(pc)
        seq = seqs[cpu]
        need_on[cpu] = u.step(pc, seq[i + 1] if i + 1 < len(seq) else None)
        pos[cpu] = i + 1
        if len(u.out) > start:
            chunks.append((cpu, bytes(u.out[start:])))
    for cpu, u in units.items():
        start = len(u.out)
        u.flush_atoms()
        if len(u.out) > start:
            chunks.append((cpu, bytes(u.out[start:])))
    return units, chunks


def frames(items):
    """Formatter frames for [(trace ID, byte)] in order, padded with the null ID."""
    out = bytearray()
    cur = None
    i = 0
    n = len(items)
    while i < n or cur not in (None, 0):
        frame = bytearray(16)
        aux = 0
        pos = 0
        while pos < 15:
            if pos % 2:                         # odd: data of the current ID
                if i < n and items[i][0] == cur:
                    frame[pos] = items[i][1]
                    i += 1
                else:
                    frame[pos] = 0              # only after the switch to ID 0
                pos += 1
                continue
            k = pos // 2
            if i >= n:
                if cur not in (None, 0):
                    frame[pos] = 0x01           # null ID, padding from here
                    cur = 0
                else:
                    frame[pos] = 0
                pos += 1
                continue
            nid, byte = items[i]
            last = i + 1 >= n
            if nid != cur:
                frame[pos] = (nid << 1) | 1     # new ID, starting with the next byte
                cur = nid
            elif pos < 14 and (last or items[i + 1][0] != cur):
                # One byte of this ID left before a switch (or the end): the
                # switch goes here, delayed by one byte (aux bit set).
                after = 0 if last else items[i + 1][0]
                frame[pos] = (after << 1) | 1
                aux |= 1 << k
                frame[pos + 1] = byte
                i += 1
                cur = after
                pos += 2
                continue
            else:
                frame[pos] = byte & 0xfe
                aux |= (byte & 1) << k
                i += 1
            pos += 1
        frame[15] = aux
        out += frame
    return bytes(out)


def config_text(cpus):
    text = ["# ETMv4 trace unit configuration, one section per CPU (etm_decode --config)"]
    for cpu in sorted(cpus):
        text.append(f"[cpu {cpu}]")
        text += [f"{k} = 0x{v:08x}" for k, v in CONFIG.items()]
        text.append(f"TRCTRACEIDR = 0x{TRACE_ID_BASE + cpu:02x}")
    return "\n".join(text) + "\n"


def main(argv):
    elves, raw, args, el3_only = [], None, [], False
    it = iter(argv)
    for a in it:
        if a == "--elf":
            elves.append((Elf(next(it)), EL3_SECURE_A64))
        elif a == "--ns-elf":
            elves.append((Elf(next(it)), EL2_NONSECURE_A64))
        elif a == "--el3-only":
            el3_only = True
        elif a == "--raw":
            raw = int(next(it))
        else:
            args.append(a)
    if len(args) != 3 or not elves:
        print("usage: etm_encode.py --elf FILE... [--ns-elf FILE...] [--el3-only] [--raw CPU] "
              "QEMU_TRACE OUT_TRACE OUT_CONFIG", file=sys.stderr)
        return 2
    with open(args[0], encoding="ascii", errors="replace") as f:
        events = traces.parse_qemu_events(f)
    units, chunks = encode(events, elves, el3_only)
    if raw is not None:
        data = bytes(units[raw].out)
        cpus = [raw]
    else:
        data = frames([(TRACE_ID_BASE + cpu, b) for cpu, chunk in chunks for b in chunk])
        cpus = list(units)
    with open(args[1], "wb") as f:
        f.write(data)
    with open(args[2], "w", encoding="ascii") as f:
        f.write(config_text(cpus))
    print(f"etm_encode: {len(events)} instructions, {len(data)} bytes of trace", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (EncodeError, traces.TraceError, ValueError) as e:
        print(f"etm_encode: {e}", file=sys.stderr)
        sys.exit(1)
