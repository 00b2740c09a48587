#!/usr/bin/env python3
"""mkinitramfs.py OUT BUSYBOX INIT [FILE...] [--lib-root DIR]... [--elf PROGRAM]...

Write a gzip'd newc cpio initramfs, deterministic (fixed mtimes): busybox
as /bin/busybox, INIT as /init and each FILE in / under its own name
(make linux-latency's module and scripts). Each --elf PROGRAM (a
dynamically linked arm64 program out of a Debian package, e.g. trace-cmd)
goes to /bin under its name, with the libraries it needs, and theirs,
found under the --lib-root trees (unpacked Debian packages) in
lib/aarch64-linux-gnu or usr/lib/aarch64-linux-gnu and put in
/lib/aarch64-linux-gnu by the name the program asks for, and its
interpreter at the path it names (/lib/ld-linux-aarch64.so.1). A library
none of the trees holds is an error naming it and the program."""
import gzip
import os
import sys

from tools.common.elf64 import Elf, ElfError

LIB_DIRS = ("lib/aarch64-linux-gnu", "usr/lib/aarch64-linux-gnu")


def entry(name, mode, data=b"", ino=[1]):
    ino[0] += 1
    hdr = "070701" + "".join(f"{v:08X}" for v in (
        ino[0], mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(name) + 1, 0))
    out = hdr.encode() + name.encode() + b"\0"
    out += b"\0" * (-len(out) % 4) + data
    return out + b"\0" * (-len(out) % 4)


def find_lib(name, roots):
    for root in roots:
        for d in LIB_DIRS:
            path = os.path.join(root, d, name)
            if os.path.exists(path):
                return os.path.realpath(path)
    return None


def elf_closure(program, roots):
    """{path in the image: host file} of @program's libraries and interpreter."""
    out = {}
    todo = [program]
    while todo:
        f = todo.pop()
        try:
            elf = Elf(f)
            needs, interp = elf.needed(), elf.interpreter()
        except ElfError as e:
            raise SystemExit(f"mkinitramfs: {e}")
        if interp and interp not in out:
            host = find_lib(os.path.basename(interp), roots)
            if host is None:
                raise SystemExit(f"mkinitramfs: {program}: no {interp} under {' '.join(roots)}")
            out[interp.lstrip("/")] = host
        for lib in needs:
            dest = f"lib/aarch64-linux-gnu/{lib}"
            if dest in out:
                continue
            host = find_lib(lib, roots)
            if host is None:
                raise SystemExit(f"mkinitramfs: {program} needs {lib}, which no "
                                 f"--lib-root holds ({' '.join(roots)})")
            out[dest] = host
            todo.append(host)
    return out


def main(argv):
    args, roots, elves = [], [], []
    i = 0
    while i < len(argv):
        if argv[i] in ("--lib-root", "--elf") and i + 1 < len(argv):
            (roots if argv[i] == "--lib-root" else elves).append(argv[i + 1])
            i += 2
            continue
        args.append(argv[i])
        i += 1
    if len(args) < 3:
        sys.exit(__doc__.strip().split("\n\n")[0])
    out, busybox, init, *files = args
    blob = b""
    dirs = ["bin", "dev", "proc", "sys", "tmp", "sbin"]
    images = {}
    for program in elves:
        images[f"bin/{os.path.basename(program)}"] = program
        images.update(elf_closure(program, roots))
    for path in sorted(images):
        parts = path.split("/")[:-1]
        for n in range(1, len(parts) + 1):
            d = "/".join(parts[:n])
            if d not in dirs:
                dirs.append(d)
    for d in dirs:
        blob += entry(d, 0o040755)
    blob += entry("bin/busybox", 0o100755, open(busybox, "rb").read())
    blob += entry("bin/sh", 0o120777, b"busybox")
    blob += entry("init", 0o100755, open(init, "rb").read())
    for f in files:
        blob += entry(os.path.basename(f), 0o100755, open(f, "rb").read())
    for path in sorted(images):
        blob += entry(path, 0o100755, open(images[path], "rb").read())
    blob += entry("TRAILER!!!", 0)
    with open(out, "wb") as f:
        f.write(gzip.compress(blob, mtime=0))


if __name__ == "__main__":
    main(sys.argv[1:])
