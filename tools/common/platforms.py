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


def fact(plat, name):
    """The literal value @plat's platform.mk sets @name to, or None (no
    such platform, no such line, or a value with make variables in it)."""
    try:
        with open(os.path.join(TOP, "plat", plat, "platform.mk"), encoding="utf-8") as f:
            text = f.read()
    except (OSError, ValueError):
        return None
    m = re.search(rf"^{re.escape(name)} :?= (.*)$", text, re.M)
    if not m or "$" in m.group(1):
        return None
    return m.group(1).strip()
