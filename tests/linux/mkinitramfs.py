#!/usr/bin/env python3
"""mkinitramfs.py OUT BUSYBOX INIT [FILE...]: write a gzip'd newc cpio
initramfs with busybox as /bin/busybox, INIT as /init and each FILE in /
under its own name (make linux-latency's module and scripts), deterministic
(fixed mtimes)."""
import gzip
import os
import sys


def entry(name, mode, data=b"", ino=[1]):
    ino[0] += 1
    hdr = "070701" + "".join(f"{v:08X}" for v in (
        ino[0], mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(name) + 1, 0))
    out = hdr.encode() + name.encode() + b"\0"
    out += b"\0" * (-len(out) % 4) + data
    return out + b"\0" * (-len(out) % 4)


def main(out, busybox, init, *files):
    blob = b""
    for d in ("bin", "dev", "proc", "sys", "tmp", "sbin"):
        blob += entry(d, 0o040755)
    blob += entry("bin/busybox", 0o100755, open(busybox, "rb").read())
    blob += entry("bin/sh", 0o120777, b"busybox")
    blob += entry("init", 0o100755, open(init, "rb").read())
    for f in files:
        blob += entry(os.path.basename(f), 0o100755, open(f, "rb").read())
    blob += entry("TRAILER!!!", 0)
    with open(out, "wb") as f:
        f.write(gzip.compress(blob, mtime=0))


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit("usage: mkinitramfs.py OUT BUSYBOX INIT [FILE...]")
    main(*sys.argv[1:])
