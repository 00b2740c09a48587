"""symbols: which image, function and source line an instruction belongs to.

Images are the ELF files of one build (bl1, bl2, bl31, and the BL33
payload, named "bl33" whatever its file). Functions and lines come from
DWARF through binutils' addr2line in batch mode with inlined frames
(-a -f -i: for each address, the innermost frame first, then each frame
it was inlined into), one process per image; the ELF symbol table stands
in where DWARF has no function (assembly).

Capture points: the code addresses where the runtime-instrumentation
timestamps are taken (docs/perf/profiling.rst lists them), found from the
code and its DWARF rather than from fixed addresses (capture_points()).
"""
import os
import re
import shutil
import subprocess

from tools.common import pmf
from tools.profile import a64

from tools.common.elf64 import Elf, ElfError

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# The runtime-instrumentation timestamps' names (tools/common/pmf.py).
CAPTURE_NAMES = pmf.SLOTS


class SymbolError(ValueError):
    pass


class Image:
    def __init__(self, name, path):
        self.name = name
        self.path = path
        try:
            self.elf = Elf(path)
        except ElfError as e:
            raise SymbolError(str(e)) from None
        self.ranges = self.elf.exec_ranges()

    def contains(self, pc):
        return any(s <= pc < e for s, e in self.ranges)


def addr2line_tool():
    for tool in ("aarch64-linux-gnu-addr2line", "llvm-addr2line"):
        if shutil.which(tool):
            return tool
    raise SymbolError("no addr2line: install binutils-aarch64-linux-gnu")


def short_path(path):
    """A source path relative to the repository when it is inside it."""
    if path.startswith(REPO + os.sep):
        return path[len(REPO) + 1:]
    return path


def parse_addr2line(text):
    """{address: [(function, file, line)]} from `addr2line -a -f -i` output,
    innermost frame first (file "??" and line 0 where unknown)."""
    out = {}
    frames = None
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("0x"):
            frames = out.setdefault(int(line, 16), [])
            i += 1
            continue
        if frames is None or i + 1 >= len(lines):
            raise SymbolError(f"addr2line: unexpected output {line!r}")
        func, loc = line, lines[i + 1]
        # "file:line", "file:line (discriminator N)", "??:0", "??:?"
        loc = loc.split(" (discriminator")[0]
        file, _, num = loc.rpartition(":")
        frames.append((func, short_path(file) if file != "??" else "??",
                       int(num) if num.isdigit() else 0))
        i += 2
    return out


class Symbolizer:
    """Image, function frames and source line of code addresses."""

    def __init__(self, images):
        self.images = images
        self._frames = {}
        self._image_of = {}
        self._tool = None

    def image_of(self, pc):
        img = self._image_of.get(pc, False)
        if img is False:
            img = next((i for i in self.images if i.contains(pc)), None)
            self._image_of[pc] = img
        return img

    def image(self, name):
        for img in self.images:
            if img.name == name:
                return img
        return None

    def frames(self, pcs):
        """{pc: [(function, file, line)]} for each of @pcs, innermost first."""
        want = {}
        for pc in set(pcs) - set(self._frames):
            img = self.image_of(pc)
            want.setdefault(img, []).append(pc)
        for img, group in want.items():
            if img is None:
                for pc in group:
                    self._frames[pc] = [("?", "??", 0)]
                continue
            self._frames.update(self._symbolize(img, sorted(group)))
        return {pc: self._frames[pc] for pc in pcs}

    def _symbolize(self, img, pcs):
        self._tool = self._tool or addr2line_tool()
        try:
            run = subprocess.run([self._tool, "-e", img.path, "-a", "-f", "-i"],
                                 input="".join(f"0x{pc:x}\n" for pc in pcs),
                                 capture_output=True, text=True, check=True)
        except (OSError, subprocess.CalledProcessError) as e:
            raise SymbolError(f"{self._tool} -e {img.path}: {e}") from None
        found = parse_addr2line(run.stdout)
        result = {}
        for pc in pcs:
            frames = found.get(pc) or [("??", "??", 0)]
            # Assembly has lines but no DWARF function: the ELF symbol.
            if frames[0][0] == "??":
                sym = img.elf.function_at(pc)
                frames = [(sym[2] if sym else f"0x{pc:x}", frames[0][1], frames[0][2])] + \
                    frames[1:]
            result[pc] = frames
        return result


# ---------------------------------------------------------------------------
# Capture points
# ---------------------------------------------------------------------------
# A capture is named in C by its RT_INSTR_<NAME> slot, in assembly by the
# pmf_store_<name> macro of include/lib/pmf_macros.S (whose instructions
# DWARF gives the line that invokes it).
_TOKEN = re.compile(r"\bRT_INSTR_(" + "|".join(CAPTURE_NAMES) + r")\b|\bpmf_store_(" +
                    "|".join(n.lower() for n in CAPTURE_NAMES) + r")\b")


def _tokens(text):
    """The capture names @text names, upper case."""
    return {(c or asm).upper() for c, asm in _TOKEN.findall(text)}


class SourceLines:
    """Lines of source files by path (relative to the repository or absolute)."""

    def __init__(self, root=REPO):
        self.root = root
        self._files = {}

    def line(self, path, num):
        if path not in self._files:
            full = path if os.path.isabs(path) else os.path.join(self.root, path)
            try:
                with open(full, encoding="utf-8", errors="replace") as f:
                    self._files[path] = f.read().splitlines()
            except OSError:
                self._files[path] = None
        text = self._files[path]
        if text is None or not 1 <= num <= len(text):
            return None
        return text[num - 1]


# How far an assembly counter read may be from the line naming its slot
# (TF-A's bl31_entrypoint.S computes the slot's address first, then
# cleans it, then reads the counter), within its #if block.
ASM_LOOKBACK = 16


def capture_name(frames, sources):
    """The capture point a frame list names, or None.

    Walk the frames from the innermost outwards; the first source line that
    names exactly one RT_INSTR_<capture> token decides. A C line that names
    none may be a macro call whose arguments follow on the next lines (TF-A
    splits PMF_CAPTURE_TIMESTAMP(svc,\n RT_INSTR_..., ...) so): up to two
    more lines of the statement are read. An assembly line that names none
    may be followed by the store that does (the counter is read into a
    register, then stored to the capture's slot), so for .S files the next
    two lines are read too, and failing those the lines before it back to
    its block's #if (TF-A's: the slot's address first, then the read).
    """
    for _, path, num in frames:
        text = sources.line(path, num)
        if text is None:
            continue
        found = _tokens(text)
        if not found and path.endswith(".S"):
            for extra in (1, 2):
                more = sources.line(path, num + extra)
                if more is not None:
                    found |= _tokens(more)
                if found:
                    break
            for back in range(1, ASM_LOOKBACK + 1):
                if found:
                    break
                more = sources.line(path, num - back)
                if more is None or more.lstrip().startswith("#"):
                    break
                found |= _tokens(more)
        elif not found and not text.rstrip().endswith(";"):
            for extra in (1, 2):
                more = sources.line(path, num + extra)
                if more is None:
                    break
                found |= _tokens(more)
                if found or more.rstrip().endswith(";"):
                    break
        if len(found) == 1:
            return found.pop()
        if found:
            return None
    return None


def _walk_to_counter(img, start, limit=32):
    """The first MRS CNTPCT_EL0 on the straight-line path from @start,
    following unconditional direct branches, leaving loops (a conditional
    branch backwards: the Spectre-BHB loop) by their end and passing a
    conditional branch forwards (the reserved function ID's early answer,
    which reads no counter); None if another branch comes first."""
    pc = start
    for _ in range(limit):
        w = img.elf.word(pc)
        if w is None:
            return None
        if a64.is_mrs_cntpct(w):
            return pc
        br = a64.branch(w, pc)
        if br is None:
            pc += 4
        elif br[0] == "direct" and not br[2] and w & a64.B_MASK == a64.B_VAL:
            pc = br[1]
        elif br[0] == "direct" and br[2]:
            pc += 4
        else:
            return None
    return None


# Vector offsets from VBAR_EL3 (DDI 0487 D1.10.2, Table D1-7): synchronous
# exception from a lower EL using AArch64, and using AArch32.
LOWER_EL_SYNC_OFFSETS = (0x400, 0x600)
# BL31's vector tables: the plain one and, built with the Spectre-BHB
# workaround, the one whose lower-EL slots run the branch loop first
# (bl31/aarch64/runtime_exceptions.S); a CPU runs one or the other.
VECTOR_SYMBOLS = ("runtime_exceptions", "runtime_exceptions_bhb")


def capture_points(symbolizer, image_name="bl31", sources=None):
    """{capture name: sorted [address]} for the image @image_name.

    ENTER_PSCI is the counter read on the way in from the lower-EL
    synchronous vectors (of each vector table, VECTOR_SYMBOLS).
    Every other MRS CNTPCT_EL0 in the image is named by capture_name() on
    its own frames, or, in a function whose source names no capture (one
    that takes the slot as an argument), by its callers' frames when they
    all agree. A counter read that names no capture (PSCI statistics) is
    not a capture point.
    """
    img = symbolizer.image(image_name)
    if img is None:
        raise SymbolError(f"no image {image_name} for the capture points")
    sources = sources or SourceLines()
    points = {name: set() for name in CAPTURE_NAMES}
    enter = set()
    for vec in filter(None, (img.elf.symbol(s) for s in VECTOR_SYMBOLS)):
        for off in LOWER_EL_SYNC_OFFSETS:
            pc = _walk_to_counter(img, vec[0] + off)
            if pc is not None:
                enter.add(pc)
    points["ENTER_PSCI"] |= enter

    reads, calls = [], {}
    for start, end in img.ranges:
        for pc in range(start, end, 4):
            w = img.elf.word(pc)
            if a64.is_mrs_cntpct(w):
                if pc not in enter:
                    reads.append(pc)
            else:
                target = a64.direct_target(w, pc)
                if target is not None:
                    calls.setdefault(target, []).append(pc)
    frames = symbolizer.frames(reads)
    for pc in reads:
        name = capture_name(frames[pc], sources)
        if name is None:
            func = img.elf.function_at(pc)
            sites = calls.get(func[0], []) if func else []
            names = {capture_name(f, sources) for f in symbolizer.frames(sites).values()}
            if len(names) == 1:
                name = names.pop()
        if name is not None:
            points[name].add(pc)
    return {name: sorted(pcs) for name, pcs in points.items()}
