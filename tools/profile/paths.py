"""paths: the firmware paths make profile knows, and how a trace is cut into them.

A path is one or more windows, each reported on its own. A window is one
or more legs; a leg is a stretch of one CPU's instruction stream, from an
instruction that matches its `start` point (counted) up to one that
matches its `end` point (counted only if end_inclusive). Legs run on
different CPUs when a path crosses CPUs (CPU_ON: the caller's SMC, then
the target's warm boot); their instructions add up in the window.

Points (resolved by Resolver):
  SYMBOL[+OFFSET], 0xADDRESS  that code address
  capture:NAME                a runtime-instrumentation capture point
                              (symbols.capture_points)
  insn:eret, insn:wait        an ERET / a WFI or WFE
  image:NAME                  any instruction of image NAME (bl33: the
                              normal-world image)
  @start                      the CPU's first instruction in the trace

Leg conditions:
  via=FUNCTION  the leg starts only if this CPU came into the start's image
                by an SMC (HVC, SVC) in FUNCTION: the instruction before it
                entered the image is that SMC (the payload has one SMC call
                site per path, profile_smc.S)
  in_call       an ERET (back to the caller) before the end abandons the
                leg: a PMF interval lies within one call
  after=WINDOW  ... only if this CPU ended WINDOW since the leg last started
  cpu=N         ... only on CPU N; cpu=other: on a CPU no earlier leg of
                the window ran on
"""
from dataclasses import dataclass, field

from tools.profile import a64
from tools.profile.symbols import VECTOR_SYMBOLS  # BL31's vector tables


@dataclass
class Leg:
    start: str
    end: str
    end_inclusive: bool = False
    via: str = None
    after: str = None
    cpu: str = None
    in_call: bool = False


@dataclass
class Window:
    name: str
    title: str
    legs: list = field(default_factory=list)


# Where an SMC from the normal world enters EL3: the lower-EL AArch64
# synchronous exception vector (DDI 0487 D1.10.2: VBAR_EL3 + 0x400) of
# whichever of BL31's vector tables the CPU runs (Resolver.point). In a
# leg with via=, the first firmware instruction after that function's SMC,
# whatever table VBAR_EL3 holds (another firmware's, such as TF-A's
# Cortex-A57 mitigation vectors, which branch to its plain table's slot
# after their own work): the leg opens where the CPU enters the image, never
# again inside the call (_scan's entry_only).
SMC_ENTRY = "smc-entry"

PATHS = {
    "psci_version": [
        Window("smc", "PSCI_VERSION: SMC entry to ERET",
               [Leg(SMC_ENTRY, "insn:eret", True, via="profile_smc_psci_version")]),
        Window("pmf", "PSCI_VERSION: ENTER_PSCI -> EXIT_PSCI",
               [Leg("capture:ENTER_PSCI", "capture:EXIT_PSCI",
                    via="profile_smc_psci_version", in_call=True)]),
    ],
    "cpu_suspend": [
        Window("powerdown", "CPU_SUSPEND (core power-down): ENTER_PSCI -> ENTER_HW_LOW_PWR",
               [Leg("capture:ENTER_PSCI", "capture:ENTER_HW_LOW_PWR",
                    via="payload_suspend_smc", in_call=True)]),
        Window("wakeup", "CPU_SUSPEND (core power-down): EXIT_HW_LOW_PWR -> EXIT_PSCI",
               [Leg("capture:EXIT_HW_LOW_PWR", "capture:EXIT_PSCI", after="powerdown",
                    in_call=True)]),
    ],
    # BL31's ERET is the last instruction before the normal world: up to it
    # (inclusive) is up to the normal-world entry point (exclusive), and
    # needs no trace of the normal world.
    "cpu_on": [
        Window("call", "CPU_ON: the caller's SMC entry to ERET, then the target core "
               "from bl31_warm_entrypoint to its ERET into the normal world",
               [Leg(SMC_ENTRY, "insn:eret", True, via="profile_smc_cpu_on"),
                Leg("bl31_warm_entrypoint", "insn:eret", True, cpu="other")]),
    ],
    "cpu_off": [
        Window("powerdown", "CPU_OFF: ENTER_PSCI -> ENTER_HW_LOW_PWR",
               [Leg("capture:ENTER_PSCI", "capture:ENTER_HW_LOW_PWR",
                    via="profile_smc_cpu_off", in_call=True)]),
        Window("smc", "CPU_OFF: SMC entry to the core's first WFI/WFE",
               [Leg(SMC_ENTRY, "insn:wait", via="profile_smc_cpu_off")]),
    ],
    "boot": [
        Window("primary", "Boot: reset to BL31's ERET into BL33, primary core",
               [Leg("@start", "insn:eret", True, cpu="0")]),
    ],
}

# Payload functions a recorded trace must include for the paths above.
PAYLOAD_FUNCTIONS = sorted({leg.via for windows in PATHS.values() for w in windows
                            for leg in w.legs if leg.via})


class PathError(ValueError):
    pass


def explicit(start, end, via=None):
    """The window of PROFILE_FROM / PROFILE_TO (any CPU); between two
    capture points, within one call as the PMF intervals are."""
    in_call = start.startswith("capture:") and end.startswith("capture:")
    return [Window("range", f"{start} -> {end}", [Leg(start, end, via=via, in_call=in_call)])]


class Resolver:
    """Turns point names into predicates on a PC."""

    def __init__(self, symbolizer, captures):
        self.sym = symbolizer
        self.captures = captures

    def address(self, text):
        """A code address from SYMBOL[+OFFSET] or 0xADDRESS."""
        name, plus, off = text.partition("+")
        try:
            offset = int(off, 0) if plus else 0
        except ValueError:
            raise PathError(f"bad offset in {text!r}") from None
        if name.startswith("0x"):
            try:
                return int(name, 16) + offset
            except ValueError:
                raise PathError(f"bad address {text!r}") from None
        found = [img.elf.symbol(name) for img in self.sym.images]
        found = [f for f in found if f is not None]
        if not found:
            raise PathError(f"no symbol {name!r} in "
                            + ", ".join(img.name for img in self.sym.images))
        return found[0][0] + offset

    def function(self, name):
        """(image, start, end) of function @name."""
        for img in self.sym.images:
            s = img.elf.symbol(name)
            if s is not None:
                size = s[1]
                if not size:
                    raise PathError(f"{name} has no size in {img.name}'s symbol table")
                return img, s[0], s[0] + size
        raise PathError(f"no function {name!r} in "
                        + ", ".join(img.name for img in self.sym.images))

    def firmware_entry(self):
        """SMC_ENTRY in a leg with via=: any firmware instruction (the leg
        opens only where the CPU enters the image)."""
        def firmware(pc):
            img = self.sym.image_of(pc)
            return img is not None and img.name != "bl33"
        return firmware

    def point(self, text):
        """A predicate pc -> bool for point @text (None for @start)."""
        if text == "@start":
            return None
        if text == SMC_ENTRY:
            addrs = frozenset(s[0] + 0x400 for img in self.sym.images
                              for s in (img.elf.symbol(v) for v in VECTOR_SYMBOLS) if s)
            if not addrs:
                raise PathError("no vector table (" + ", ".join(VECTOR_SYMBOLS) + ") in "
                                + ", ".join(img.name for img in self.sym.images))
            return lambda pc: pc in addrs
        kind, colon, arg = text.partition(":")
        if not colon:
            addr = self.address(text)
            return lambda pc: pc == addr
        if kind == "capture":
            pcs = frozenset(self.captures.get(arg, ()))
            if arg not in self.captures:
                raise PathError(f"no capture point {arg}: one of {', '.join(self.captures)}")
            if not pcs:
                raise PathError(f"capture point {arg}: not found in bl31 "
                                "(is ENABLE_RUNTIME_INSTRUMENTATION 0?)")
            return lambda pc: pc in pcs
        if kind == "insn":
            test = {"eret": a64.is_eret, "wait": a64.is_wait}.get(arg)
            if test is None:
                raise PathError(f"unknown instruction class {arg!r}: eret or wait")
            words = {}

            def match(pc):
                if pc not in words:
                    img = self.sym.image_of(pc)
                    words[pc] = test(img.elf.word(pc)) if img else False
                return words[pc]
            return match
        if kind == "image":
            img = self.sym.image(arg)
            if img is None:
                raise PathError(f"no image {arg!r}")
            return img.contains
        raise PathError(f"unknown point {text!r}")


@dataclass
class Occurrence:
    cpu: int
    start: int      # index in the CPU's stream
    end: int        # exclusive
    closed_at: int = None   # the instruction that matched the end point


def find_legs(window, streams, resolver, closed_by_window):
    """[[Occurrence]] per leg of @window over @streams ({cpu: [pc]}).

    @closed_by_window: {window name: {cpu: [index]}} of the instructions
    that ended the windows found earlier (after=); this window's are added.
    """
    legs_found = []
    cpus_used = set()
    for leg in window.legs:
        start = resolver.point(leg.start)
        end = resolver.point(leg.end)
        if end is None:
            raise PathError("@start can only begin a leg")
        via = resolver.function(leg.via) if leg.via else None
        entry_only = leg.start == SMC_ENTRY and via is not None
        if entry_only:
            start = resolver.firmware_entry()
        eret = resolver.point("insn:eret") if leg.in_call else None
        found = []
        for cpu in sorted(streams):
            if leg.cpu == "other" and cpu in cpus_used:
                continue
            if leg.cpu not in (None, "other") and str(cpu) != leg.cpu:
                continue
            after = None
            if leg.after:
                if leg.after not in closed_by_window:
                    raise PathError(f"after={leg.after}: no such earlier window")
                after = closed_by_window[leg.after].get(cpu, [])
            found += _scan(cpu, streams[cpu], start, end, leg.end_inclusive, via, after, eret,
                           resolver.sym, entry_only)
        cpus_used |= {o.cpu for o in found}
        legs_found.append(found)
    ends = closed_by_window.setdefault(window.name, {})
    for occ in legs_found[-1]:
        ends.setdefault(occ.cpu, []).append(occ.closed_at)
    return legs_found


class _StreamIndex:
    """Where each address occurs in one CPU's stream, and where the stream
    goes from one image to another: made once per stream, so that a scan
    visits only the instructions that can change its state (a start, an
    end, an ERET, an image change) instead of every instruction (a boot
    is millions)."""

    def __init__(self, seq, sym):
        self.seq = seq
        self.sym = sym
        self.at = {}
        for i, pc in enumerate(seq):
            where = self.at.get(pc)
            if where is None:
                self.at[pc] = [i]
            else:
                where.append(i)
        self._changes = None

    def where(self, pred):
        """The indices of the instructions @pred (pc -> bool) holds for, in order."""
        return sorted(i for pc, where in self.at.items() if pred(pc) for i in where)

    def image_changes(self):
        """The indices whose instruction is in another image (or none) than
        the one before it; index 0 if the first is in an image."""
        if self._changes is None:
            ids = {}
            for pc in self.at:
                img = self.sym.image_of(pc)
                ids[pc] = -1 if img is None else self.sym.images.index(img)
            seq = [ids[pc] for pc in self.seq]
            self._changes = ([0] if seq and seq[0] >= 0 else []) + \
                [i for i in range(1, len(seq)) if seq[i] != seq[i - 1]]
        return self._changes


_indices = {}


def _index(seq, sym):
    cached = _indices.get(id(seq))
    if cached is None or cached.seq is not seq or cached.sym is not sym:
        cached = _indices[id(seq)] = _StreamIndex(seq, sym)
    return cached


def _scan(cpu, seq, start, end, inclusive, via, after, eret, sym, entry_only=False):
    """The occurrences of one leg in CPU @cpu's stream @seq. Only the
    instructions where a start, an end, an ERET or an image change happens
    can change the scan's state; the others are skipped. @entry_only: a
    start counts only where the CPU enters an image (SMC_ENTRY)."""
    index = _index(seq, sym)
    ends = set(index.where(end))
    erets = set(index.where(eret)) if eret is not None else set()
    starts = set(index.where(start)) if start is not None else ({0} if seq else set())
    changes = set(index.image_changes()) if via is not None else set()
    found = []
    open_at = None
    came_by_via = False     # this CPU's last entry into an image: an SMC in `via`
    last_opened = -1
    after_i = 0
    for i in sorted(starts | ends | erets | changes):
        if i in changes:
            prev = seq[i - 1] if i > 0 else None
            came_by_via = prev is not None and via[1] <= prev < via[2] and \
                a64.is_exception_call(via[0].elf.word(prev))
        if open_at is not None and i > open_at:
            if i in ends:
                stop = i + 1 if inclusive else i
                found.append(Occurrence(cpu, open_at, stop, i))
                open_at = None
                continue
            if i in erets:
                open_at = None          # returned to the caller: not this call
                continue
        opens = i in starts and (not entry_only or i in changes)
        if opens and via is not None:
            opens = came_by_via
        if opens and after is not None:
            while after_i < len(after) and after[after_i] <= i:
                after_i += 1
            # The earlier window ended (at this instruction or before)
            # since this leg last started.
            opens = after_i > 0 and after[after_i - 1] > last_opened
        if opens:
            # A second start before an end abandons the first one.
            open_at = i
            last_opened = i
    return found
