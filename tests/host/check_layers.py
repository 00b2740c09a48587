#!/usr/bin/env python3
"""check_layers: the structure rules of the tree, checked on every #include.

Usage: check_layers.py [ROOT]        (default: the repository holding this file)

Checks, each reported as PASS or FAIL with every offending line:
  - no include cycle among the project's headers;
  - layers point one way (docs/design/architecture.rst): nothing in lib/,
    drivers/ or include/{lib,drivers,arch}/ includes a file of plat/ (the
    platform's constants, platform_def.h, excepted), a BL image's own
    header (include/bl31/) or a test's; no file includes another module's
    *_private.h; include/arch/ includes nothing but include/arch/ and the C
    library; the porting interface (include/plat/) includes nothing of
    plat/;
  - no raw system-register access (MRS/MSR) in C outside include/arch/.
Ends with "N passed, N failed"; exit status 1 if anything failed.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
SYSREG = re.compile(r'["\s;](mrs|msr)\s', re.I)
SOURCE_DIRS = ["bl1", "bl2", "bl31", "common", "drivers", "include", "lib", "plat",
               "services", "tests/payload", "tools"]
SUFFIXES = (".c", ".h", ".S")


def rel(root, path):
    return os.path.relpath(path, root)


def files(root):
    for d in SOURCE_DIRS:
        for dirpath, _, names in os.walk(os.path.join(root, d)):
            for n in sorted(names):
                if n.endswith(SUFFIXES):
                    yield rel(root, os.path.join(dirpath, n))


def resolve(root, src, kind, name):
    """Repository files an #include may name (several for platform_def.h)."""
    cands = []
    if kind == '"':
        cands.append(os.path.normpath(os.path.join(os.path.dirname(src), name)))
    cands += [os.path.join("include", name), os.path.join("include/lib/libc", name)]
    # Private headers live beside their library (lib/psci/psci_private.h).
    cands += [os.path.join(os.path.dirname(src), name)]
    found = [c for c in dict.fromkeys(cands) if os.path.isfile(os.path.join(root, c))]
    if found:
        return found[:1]
    plats = [os.path.join("plat", p, "include", name) for p in sorted(os.listdir(
        os.path.join(root, "plat")))]
    return [p for p in plats if os.path.isfile(os.path.join(root, p))]


def component(path):
    parts = path.split("/")
    if parts[0] == "include":
        return "/".join(parts[:2])
    return parts[0] if parts[0] != "tests" else "/".join(parts[:2])


def layer_problem(src, dst, name):
    """Why @src may not include @dst (repository paths), or None."""
    low = src.startswith(("lib/", "drivers/", "include/lib/", "include/drivers/",
                          "include/arch/"))
    if dst.endswith("_private.h") and os.path.dirname(dst) != os.path.dirname(src):
        return f"another module's private header {dst}"
    if low and dst.startswith("plat/") and os.path.basename(dst) != "platform_def.h":
        return f"a platform's file {dst}"
    if (low or src.startswith("plat/") or src.startswith("include/plat/")) and \
            dst.startswith("include/bl"):
        return f"a BL image's own header {dst}"
    if not src.startswith("tests/") and dst.startswith("tests/"):
        return f"a test's file {dst}"
    if src.startswith("include/arch/") and not dst.startswith(("include/arch/",
                                                               "include/lib/libc/")):
        return f"{dst}: the arch layer includes only itself and the C library"
    if src.startswith("include/plat/") and dst.startswith("plat/") and \
            os.path.basename(dst) != "platform_def.h":
        return f"a platform's file {dst} in the porting interface"
    return None


def find_cycles(graph):
    cycles, state, stack = [], {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in graph.get(n, ()):
            if state.get(m) == 1:
                cycles.append(stack[stack.index(m):] + [m])
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)
    return cycles


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    graph, layer, sysreg = {}, [], []
    for f in files(root):
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        deps = []
        for m in INCLUDE.finditer(text):
            for dst in resolve(root, f, m.group(1), m.group(2)):
                deps.append(dst)
                why = layer_problem(f, dst, m.group(2))
                if why:
                    line = text.count("\n", 0, m.start()) + 1
                    layer.append(f"{f}:{line}: includes {why}")
        graph[f] = deps
        if f.endswith((".c", ".h")) and not f.startswith("include/arch/"):
            for i, line in enumerate(text.splitlines(), 1):
                if "asm" in line and SYSREG.search(line):
                    sysreg.append(f"{f}:{i}: {line.strip()}")
    headers = {k: [d for d in v if d.endswith(".h")] for k, v in graph.items()
               if k.endswith(".h")}
    cycles = find_cycles(headers)

    passed = failed = 0
    for name, problems in (("no include cycle", [" -> ".join(c) for c in cycles]),
                           ("layers point one way", layer),
                           ("no raw system-register access outside include/arch", sysreg)):
        if problems:
            failed += 1
            print(f"FAIL {name}")
            for p in problems:
                print(f"    {p}")
        else:
            passed += 1
            print(f"PASS {name}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
