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
  - no raw system-register access (MRS/MSR) in C outside include/arch;
  - headers by tier: the libraries and drivers take nothing from common/
    but its logging (common/debug.h; lib/dtb once reached up for the
    address-range sets, now lib/mem_ranges); the porting contract (include/plat/) declares
    only plat_* functions (a helper's API lives with its code, e.g.
    plat/common/include/) and includes neither lib/psci nor lib/auth, its
    callers; a library's or driver's header declares no function defined
    above it (services/, common/, plat/, an image: pmf.h once declared
    services/ven_el3's pmf_get_timestamp);
  - no #if of an erratum or a vulnerability workaround (ERRATA_*,
    WORKAROUND_*) in an image's main file (bl*/bl*_main.c): lib/cpus
    chooses a CPU's entry work (cpu_bl31_entry);
  - assembly takes the PMF slot layout from include/lib/pmf_macros.S
    (generated offsets), never from pmf.h's constants by hand; no
    platform file runs a step of lib/psci's power-down tail
    (cpu_pwr_down_final, cpu_leave_coherency, disable_mmu_el3).
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
# What lib/ and drivers/ may take from common/: the logging every layer uses.
COMMON_FOR_ALL = {"include/common/debug.h"}
ERRATUM_IF = re.compile(r'^\s*#\s*(if|ifdef|ifndef|elif)\b.*\b(ERRATA_\w+|WORKAROUND_\w+)', re.M)
PMF_BY_HAND = re.compile(r'\b(pmf_timestamps|PMF_PERCPU_SHIFT|PMF_PERCPU_SIZE|PMF_TS_SIZE)\b')
PMF_HELPER = "include/lib/pmf_macros.S"
PWR_DOWN_TAIL = re.compile(r'\b(cpu_pwr_down_final|cpu_leave_coherency|disable_mmu_el3(_flush)?)\b')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)


def rel(root, path):
    return os.path.relpath(path, root)


def files(root):
    for d in SOURCE_DIRS:
        for dirpath, _, names in os.walk(os.path.join(root, d)):
            # A platform's own tests (plat/<name>/tests/) are tests, as tests/unit is.
            if re.match(r"plat/[^/]+/tests(/|$)", rel(root, dirpath)):
                continue
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
    # The platforms' shared helpers (plat/common/include), on every include path.
    cands += [os.path.join("plat/common/include", name)]
    found = [c for c in dict.fromkeys(cands) if os.path.isfile(os.path.join(root, c))]
    if found:
        return found[:1]
    # A platform's own headers, or a shared module's (plat/arm/css/include).
    plats = [os.path.join(rel(root, d), name) for d, _, _ in sorted(os.walk(
        os.path.join(root, "plat"))) if os.path.basename(d) == "include"]
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
    if low and dst.startswith("include/common/") and dst not in COMMON_FOR_ALL:
        return f"{dst}, a file of common/ (above the libraries and drivers)"
    if src.startswith("include/plat/") and dst.startswith(("include/lib/psci/",
                                                           "include/lib/auth/")):
        return f"{dst}: the porting contract includes no library that calls it"
    return None


def top_level(text):
    """The file-scope statements of C @text (comments and preprocessor lines
    gone): (text up to ';' or '{', the character that ended it)."""
    text = COMMENT.sub(" ", text)
    text = re.sub(r'^[ \t]*#(?:[^\n]*\\\n)*[^\n]*', " ", text, flags=re.M)
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                out.append((text[start:i], "{"))
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                start = i + 1
        elif ch == ";" and depth == 0:
            out.append((text[start:i], ";"))
            start = i + 1
    return out


def function_name(stmt):
    """The function a declaration or definition names, or None."""
    s = " ".join(stmt.split())
    if not s or "(" not in s or s.startswith(("typedef", "_Static_assert")):
        return None
    if "=" in s.split("(")[0]:
        return None
    for name in re.findall(r'(\w+)\s*\(', s):
        if not name.startswith("__") and name not in ("sizeof", "if", "while"):
            return name
    return None


def declared(text):
    """Functions a header declares (not static inline definitions)."""
    return [n for s, end in top_level(text) if end == ";" and not
            s.lstrip().startswith("static") and (n := function_name(s))]


def defined(path, text):
    if path.endswith(".S"):
        return re.findall(r'^\s*func\s+(\w+)', text, re.M)
    return [n for s, end in top_level(text) if end == "{" and (n := function_name(s))]


def tier_problems(texts):
    """Headers by tier, beyond what an #include shows (see the docstring)."""
    problems = []
    above = ("services/", "common/", "plat/", "bl1/", "bl2/", "bl31/")
    defs = {}
    for f, text in texts.items():
        if f.endswith((".c", ".S")) and f.startswith(above):
            for n in defined(f, text):
                defs.setdefault(n, f)
    for f, text in texts.items():
        if not f.endswith(".h"):
            continue
        if f.startswith("include/plat/"):
            for n in declared(text):
                if not n.startswith("plat_"):
                    problems.append(f"{f}: declares {n}(), no porting hook (plat_*): a "
                                    "helper's API belongs with its code")
        if f.startswith(("include/lib/", "include/drivers/", "lib/", "drivers/")):
            for n in declared(text):
                if n in defs:
                    problems.append(f"{f}: declares {n}(), which {defs[n]} defines (above "
                                    "this layer)")
    return problems


def image_and_asm_problems(texts):
    problems = []
    for f, text in texts.items():
        if re.match(r'bl\w*/bl\w*_main\.c$', f):
            for m in ERRATUM_IF.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{f}:{line}: #if of {m.group(2)} in an image's main file "
                                "(lib/cpus: cpu_bl31_entry)")
        if f.endswith(".S") and f != PMF_HELPER:
            body = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
            for i, line in enumerate(body.splitlines(), 1):
                m = PMF_BY_HAND.search(line)
                if m:
                    problems.append(f"{f}:{i}: {m.group(1)}: a PMF slot address by hand "
                                    f"({PMF_HELPER})")
        if f.startswith("plat/") and f.endswith((".c", ".S")):
            body = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
            for m in PWR_DOWN_TAIL.finditer(body):
                line = body.count("\n", 0, m.start()) + 1
                problems.append(f"{f}:{line}: {m.group(1)}: a step of lib/psci's power-down "
                                "tail in a platform")
    return problems


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
    graph, layer, sysreg, texts = {}, [], [], {}
    for f in files(root):
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        texts[f] = text
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
                           ("no raw system-register access outside include/arch", sysreg),
                           ("headers by tier", tier_problems(texts)),
                           ("no erratum #if in an image's main file; no PMF slot or "
                            "power-down step by hand", image_and_asm_problems(texts))):
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
