#!/usr/bin/env python3
"""check_porting: the porting interface is what its headers declare and
docs/porting-guide.rst names, nothing besides.

Every PLAT_* macro and plat_* symbol the code outside a platform's own
folder uses (the images, libraries, drivers, services, tests and tools,
and the modules of plat/ every port may name: plat/common, plat/arm) must
be
  - declared where a porter looks: in a header of include/plat/ (the
    porting interface; include/plat/plat_def.h for platform_def.h's
    constants), or, for one only a shared module of plat/ uses, in that
    module's own headers (plat/common/include, plat/common/qemu/include,
    plat/arm/css/include); and
  - named in docs/porting-guide.rst;
and every PLAT_* variable of a platform.mk that make, the tools or the
tests read (Makefile and *.mk, *.py, *.sh) must be declared in
make_helpers/plat.mk, the platform.mk's contract (a script may also name a
platform_def.h constant of include/plat/), and named in the guide.

Not interface: include guards (PLAT_..._H), file names (plat_setup.h),
and what a platform's own folder (plat/<name>/, with its platform.mk)
uses alone. PLAT_DEFAULT_<OPTION> is one name for every option.

Usage: check_porting.py [TOP]
Exit status 0 when every name is declared and named; 1, naming each name
that is not, where it is used (file:line) and what it lacks. Ends with
"N passed, N failed".
"""
import os
import re
import subprocess
import sys

C_SUFFIXES = (".c", ".h", ".S")
MAKE_SUFFIXES = (".mk",)
SCRIPT_SUFFIXES = (".py", ".sh")
C_NAME = re.compile(r"\b(PLAT_[A-Z0-9_]+|plat_[a-z0-9_]+)\b(?!\.(?:h|c|S|o|mk|rst|py|sh)\b)")
MAKE_NAME = C_NAME
SCRIPT_NAME = re.compile(r"\b(PLAT_[A-Z0-9_]+)\b")
GUARD = re.compile(r"^PLAT_\w+_H$")
INTERFACE = "include/plat"
MODULE_HEADERS = ("plat/common/include", "plat/common/qemu/include", "plat/arm/css/include")
MAKE_CONTRACT = "make_helpers/plat.mk"
GUIDE = "docs/porting-guide.rst"
# The check's own words and its test's (they name what they look for);
# make compare-tfa's tool, which reads TF-A's platform_def.h constants
# (PLAT_QEMU_FIP_BASE...) from TF-A's source: TF-A's interface, not ours;
# the N1SDP model, a QEMU machine whose comments cite TF-A's N1SDP
# constants (PLAT_ARM_GICD_BASE...) as the sources of its addresses.
EXEMPT = ("tests/host/check_porting.py", "tests/host/check_porting_test.py",
          "tools/rt_report/compare_tfa.py", "tools/n1sdp_model/n1sdp.c")


def tracked(top):
    """The tree's files: git's, and new ones not yet added (not ignored)."""
    out = subprocess.run(["git", "-C", top, "ls-files", "--cached", "--others",
                          "--exclude-standard"], capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if os.path.isfile(os.path.join(top, f))]


def platform_dirs(top):
    """plat/<name>/ of each platform (a folder with a platform.mk)."""
    plat = os.path.join(top, "plat")
    return tuple(f"plat/{d}/" for d in sorted(os.listdir(plat))
                 if os.path.isfile(os.path.join(plat, d, "platform.mk")))


def normal(name):
    """One name for a family: PLAT_DEFAULT_<OPTION>."""
    return "PLAT_DEFAULT_<OPTION>" if name.startswith("PLAT_DEFAULT_") else name


def read(top, path):
    with open(os.path.join(top, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def uses(top, files, suffixes, pattern):
    """{name: [file:line, ...]} of @pattern's names in @files with @suffixes."""
    found = {}
    for f in files:
        if not f.endswith(suffixes) and not (suffixes == MAKE_SUFFIXES and
                                             os.path.basename(f) == "Makefile"):
            continue
        for i, line in enumerate(read(top, f).splitlines(), 1):
            for m in pattern.finditer(line):
                name = normal(m.group(1))
                if not GUARD.match(name):
                    found.setdefault(name, []).append(f"{f}:{i}")
    return found


def words(text):
    return set(re.findall(r"[A-Za-z0-9_<>]+", text))


def check(top):
    files = tracked(top)
    platforms = platform_dirs(top)
    outside = [f for f in files if not f.startswith(platforms) and not f.startswith("docs/")
               and not f.startswith(INTERFACE + "/") and f not in EXEMPT]
    shared_plat = [f for f in outside if f.startswith("plat/")]
    generic = [f for f in outside if not f.startswith("plat/")]
    interface = words(" ".join(read(top, f) for f in files
                               if f.startswith(INTERFACE + "/") and f.endswith(".h")))
    modules = words(" ".join(read(top, f) for f in files
                             if f.startswith(MODULE_HEADERS) and f.endswith(".h")))
    contract = words(read(top, MAKE_CONTRACT))
    guide = words(read(top, GUIDE))

    problems = []
    c_generic = uses(top, generic, C_SUFFIXES, C_NAME)
    c_shared = uses(top, shared_plat, C_SUFFIXES, C_NAME)
    for name in sorted(set(c_generic) | set(c_shared)):
        where = (c_generic.get(name) or c_shared.get(name))[0]
        declared = name in interface or (name not in c_generic and name in modules)
        lacks = ([] if declared else [f"a declaration in {INTERFACE}/" +
                                      ("" if name in c_generic else " or its module's headers")])
        lacks += [] if name in guide else [f"its name in {GUIDE}"]
        if lacks:
            problems.append(f"{name} (used at {where}) lacks " + " and ".join(lacks))
    made = uses(top, outside, MAKE_SUFFIXES, MAKE_NAME)
    scripts = uses(top, outside, SCRIPT_SUFFIXES, SCRIPT_NAME)
    for name in sorted(set(made) | set(scripts)):
        where = (made.get(name) or scripts.get(name))[0]
        # (A script may name a platform_def.h constant, in a message or a comment.)
        declared = name in contract or (name not in made and name in interface)
        lacks = [] if declared else [f"a declaration in {MAKE_CONTRACT}"]
        lacks += [] if name in guide else [f"its name in {GUIDE}"]
        if lacks:
            problems.append(f"{name} (used at {where}) lacks " + " and ".join(lacks))
    names = len(set(c_generic) | set(c_shared) | set(made) | set(scripts))
    return names, problems


def main(argv):
    top = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    names, problems = check(top)
    for p in problems:
        print(f"FAIL {p}")
    if problems:
        print(f"FAIL the porting interface: {len(problems)} of {names} names undeclared or "
              f"unnamed")
        print("0 passed, 1 failed")
        return 1
    print(f"PASS the porting interface: {names} names, each declared and in {GUIDE}")
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
