"""elf64: the little the host tools need from an ELF64 little-endian file.

Function symbols (for qemu_run's time-limit report and the profiler), the
contents of the allocated sections by address (instruction words for the
profiler and the ETM test encoder), the executable address ranges, and
what a dynamically linked program needs (the libraries it names and its
interpreter, for an initramfs: tests/linux/mkinitramfs.py).
Field layouts: the System V ABI's ELF chapter (ELF64 header, section
header, Elf64_Sym, Elf64_Dyn, program header).
"""
import struct

SHT_PROGBITS = 1
SHT_SYMTAB = 2
SHT_DYNAMIC = 6
DT_NULL = 0
DT_NEEDED = 1
PT_INTERP = 3
SHF_ALLOC = 0x2
SHF_EXECINSTR = 0x4
SHN_UNDEF = 0
SHN_ABS = 0xfff1
STT_NOTYPE = 0
STT_FUNC = 2
STB_GLOBAL = 1


class ElfError(ValueError):
    pass


class Elf:
    """An ELF64 file: .path, .entry, .sections, .symbols (sorted)."""

    def __init__(self, path):
        self.path = path
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise ElfError(f"{path}: {e.strerror}") from e
        if data[:4] != b"\x7fELF" or len(data) < 64 or data[4] != 2 or data[5] != 1:
            raise ElfError(f"{path} is not a little-endian ELF64 file")
        self.entry, = struct.unpack_from("<Q", data, 0x18)
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
        if shoff + shnum * shentsize > len(data):
            raise ElfError(f"{path}: section headers past the end of the file")
        # (name, type, flags, addr, offset, size, link)
        raw = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
        self._data = data
        self.sections = raw
        self.symbols = self._read_symbols(raw)

    def _read_symbols(self, raw):
        data = self._data
        syms = []
        for sh in raw:
            if sh[1] != SHT_SYMTAB:
                continue
            strtab = raw[sh[6]]
            for off in range(sh[4], sh[4] + sh[5], 24):
                name, info, _, shndx, value, size = struct.unpack_from("<IBBHQQ", data, off)
                kind, bind = info & 0xf, info >> 4
                # FUNC, and global labels in code (assembly entry points);
                # not the compiler's local markers, data labels, or
                # undefined or absolute symbols (linker-script constants).
                in_code = shndx not in (SHN_UNDEF, SHN_ABS) and shndx < len(raw) and \
                    raw[shndx][2] & SHF_EXECINSTR
                if not (kind == STT_FUNC or (kind == STT_NOTYPE and bind == STB_GLOBAL and in_code)):
                    continue
                if shndx in (SHN_UNDEF, SHN_ABS) or value == 0:
                    continue
                start = strtab[4] + name
                sname = data[start:data.index(b"\0", start)].decode()
                # $x/$d are the AArch64 ELF mapping symbols; __names are the
                # linker scripts' and the toolchain's, not functions.
                if sname and not sname.startswith(("$", "__")):
                    syms.append((value, size, sname))
        return sorted(syms)

    def exec_ranges(self):
        """[(start, end)] of the executable sections, end exclusive."""
        return sorted((s[3], s[3] + s[5]) for s in self.sections
                      if s[2] & SHF_EXECINSTR and s[2] & SHF_ALLOC and s[5])

    def read(self, addr, size):
        """Bytes at address @addr of an allocated PROGBITS section, or None."""
        for s in self.sections:
            if s[1] == SHT_PROGBITS and s[2] & SHF_ALLOC and s[3] <= addr and \
                    addr + size <= s[3] + s[5]:
                off = s[4] + addr - s[3]
                return self._data[off:off + size]
        return None

    def word(self, addr):
        """The little-endian 32-bit word at @addr (an A64 instruction), or None."""
        b = self.read(addr, 4)
        return None if b is None else struct.unpack("<I", b)[0]

    def symbol(self, name):
        """(address, size) of symbol @name, or None."""
        for value, size, sname in self.symbols:
            if sname == name:
                return value, size
        return None

    def function_at(self, addr):
        """(start, size, name) of the symbol covering @addr (the nearest
        symbol below it if sizes are missing), or None."""
        best = None
        for value, size, name in self.symbols:
            if value > addr:
                break
            if size and addr >= value + size:
                continue
            if best is None or value >= best[0]:
                best = (value, size, name)
        return best


    def needed(self):
        """The DT_NEEDED names of the dynamic section (the libraries to load)."""
        out = []
        for sh in self.sections:
            if sh[1] != SHT_DYNAMIC or sh[6] >= len(self.sections):
                continue
            strtab = self.sections[sh[6]]
            for off in range(sh[4], sh[4] + sh[5] - 15, 16):
                tag, val = struct.unpack_from("<qQ", self._data, off)
                if tag == DT_NULL:
                    break
                if tag == DT_NEEDED and val < strtab[5]:
                    start = strtab[4] + val
                    out.append(self._data[start:self._data.index(b"\0", start)].decode())
        return out

    def interpreter(self):
        """The PT_INTERP path (the dynamic loader), or None for a static file."""
        phoff, = struct.unpack_from("<Q", self._data, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", self._data, 0x36)
        for i in range(phnum):
            ptype, _, off, _, _, filesz = struct.unpack_from("<IIQQQQ", self._data,
                                                              phoff + i * phentsize)
            if ptype == PT_INTERP:
                return self._data[off:off + filesz].rstrip(b"\0").decode()
        return None


def elf_symbols(path):
    """(address, size, name) of the function symbols of an ELF64 file."""
    return Elf(path).symbols
