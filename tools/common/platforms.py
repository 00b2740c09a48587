"""platforms: the platforms of this tree, found as make finds them: a
folder plat/<name>/ with a platform.mk (make_helpers/plat.mk). No tool keeps
a list of them.

A build's config.mk carries what its platform declares (PLAT_TITLE,
PLAT_RUNNER...); for a log whose build is not at hand, fact() reads the
platform.mk itself: a NAME := VALUE line whose value make need not expand.
"""
import os
import re

from tools.common.module import TOP


def names():
    """Every platform of the tree, sorted."""
    plat = os.path.join(TOP, "plat")
    return sorted(d for d in os.listdir(plat)
                  if os.path.isfile(os.path.join(plat, d, "platform.mk")))


def _lines(path, depth=0):
    """The lines of the makefile @path, with those of each file it includes
    by a literal path (plat/common/qemu/qemu.mk) in their place."""
    try:
        with open(os.path.join(TOP, path), encoding="utf-8") as f:
            text = f.read()
    except (OSError, ValueError):
        return
    for line in text.splitlines():
        m = re.match(r"^-?include (\S+)\s*$", line)
        if m and "$" not in m.group(1) and depth < 4:
            yield from _lines(m.group(1), depth + 1)
        else:
            yield line


def fact(plat, name):
    """The literal value @plat's platform.mk (or a file it includes by a
    literal path, a shared module's) sets @name to, the last as make takes
    it, or None (no such platform, no such line, or a value with make
    variables in it)."""
    value = None
    pattern = re.compile(rf"^(?:override )?{re.escape(name)} :?= (.*)$")
    for line in _lines(os.path.join("plat", plat, "platform.mk")):
        m = pattern.match(line)
        if m:
            value = m.group(1).strip()
    if value is None or "$" in value:
        return None
    return value
