#!/usr/bin/env python3
"""check_fvp_doc: docs/plat/fvp.rst shows the command line that
tools/fvp_run prints for a PLAT=fvp build (the one source of the model's
parameters), with that build's folder shown as build/.

Usage: PYTHONPATH=TOP python3 plat/fvp/tests/check_fvp_doc.py TOP BUILD_BASE
       (BUILD_BASE/fvp/release built)
Exit status 0 when they agree; 1, printing both, when they do not.
"""
import re
import shlex
import subprocess
import sys

from tools.common import module


def main(argv):
    top, base = argv[1:3]
    with open(f"{top}/docs/plat/fvp.rst", encoding="utf-8") as f:
        page = f.read()
    m = re.search(r"::\n\n(   FVP_Base_RevC-2xAEMvA \\\n(?:     .*\n)+)", page)
    if not m:
        print("check_fvp_doc: docs/plat/fvp.rst shows no FVP_Base_RevC-2xAEMvA command line")
        return 1
    shown = shlex.split(m.group(1).replace("\\\n", " "))
    out = subprocess.run(module.command("tools.fvp_run.fvp_run") + [
                         "--config", f"{base}/fvp/release/config.mk", "--print-cmd"],
                         capture_output=True, text=True, check=True, env=module.env()).stdout
    printed = shlex.split(out.replace(base.rstrip("/") + "/", "build/"))
    if shown != printed:
        print(f"check_fvp_doc: the page shows\n  {shown}\nfvp_run prints\n  {printed}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
