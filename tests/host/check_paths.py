#!/usr/bin/env python3
"""check_paths: every repository path that the documentation or a comment
names exists.

Reads docs/ and README.md whole, and the comments of the tree's sources
(C, assembly, make, shell and Python files), for words that start with one
of the tree's top folders (bl31/bl31_main.c, tests/lib/harness.sh, plat/fvp/,
docs/perf/...). A word with a placeholder (<plat>, <type>, *, {...}, $(...),
$VAR, a NAME in capitals) is checked up to the placeholder: its folder must
exist. A header may be named as #include names it (lib/pmf.h for
include/lib/pmf.h), a page of docs/ from its own folder. Paths under build/
are outputs and not checked, nor is a path in another tree named with its
root (TFA_SRC/plat/qemu/..., TF-A's source). A run's report copied into
docs/ (REPORTS: make compare-tfa's) quotes another firmware's own output,
whose paths are its tree's, and is not read.

Usage: check_paths.py [TOP]
Exit status 0 when every path exists; 1, naming each missing one and where
it is named (file:line), when not. Ends with "N passed, N failed".
"""
import os
import re
import subprocess
import sys

TOPS = ("bl1", "bl2", "bl31", "common", "docs", "drivers", "include", "lib", "make_helpers",
        "plat", "services", "tests", "tools", ".ci")
PATH = re.compile(r"(?<![\w./$-])((?:%s)/[\w.+*<>{}$()-]*(?:/[\w.+*<>{}$()-]*)*)" %
                  "|".join(re.escape(t) for t in TOPS))
# <plat>, *, {a,b}, $(VAR), $VAR, and NAME-like capitals stand for a part.
PLACEHOLDER = re.compile(r"[<*{$]|[A-Z]{2,}")
# Where comments are, by file type: a line's comment text.
C_LIKE = (".c", ".h", ".S", ".ld.S")
HASH_LIKE = (".mk", ".sh", ".py", ".awk", ".toml")
# Reports a run wrote, copied into docs/ as they are (docs/perf/tfa-comparison.rst).
REPORTS = ("docs/perf/compare-tfa-qemu.rst",)


def comment_text(path, line, state):
    """The comment part of @line (state: in a C block comment)."""
    name = os.path.basename(path)
    if name.endswith(C_LIKE):
        out = []
        rest = line
        while rest:
            if state["block"]:
                end = rest.find("*/")
                out.append(rest if end < 0 else rest[:end])
                if end < 0:
                    return " ".join(out)
                state["block"] = False
                rest = rest[end + 2:]
            else:
                start, slashes = rest.find("/*"), rest.find("//")
                if slashes >= 0 and (start < 0 or slashes < start):
                    out.append(rest[slashes + 2:])
                    return " ".join(out)
                if start < 0:
                    return " ".join(out)
                state["block"] = True
                rest = rest[start + 2:]
        return " ".join(out)
    if name.endswith(HASH_LIKE) or name in ("Makefile", "run"):
        i = line.find("#")
        return line[i + 1:] if i >= 0 else ""
    return line  # documentation: all of it


def files(top):
    listed = subprocess.run(["git", "-C", top, "ls-files"], capture_output=True, text=True,
                            check=False).stdout.split()
    for f in listed:
        if f in REPORTS:
            continue
        if f.startswith("docs/") and f.endswith(".rst") or f == "README.md":
            yield f
        elif f.endswith(C_LIKE + HASH_LIKE) or os.path.basename(f) == "Makefile" or \
                f == ".ci/run":
            yield f


def exists(top, word, where):
    """@word, named in the file @where, is a path of the tree: from the top,
    from include/ (a header as #include names it), or, in docs/, from the
    page's own folder (a toctree entry, without its .rst)."""
    word = word.rstrip(".,;:)'\"`>")
    if PLACEHOLDER.search(word):
        word = os.path.dirname(word[:PLACEHOLDER.search(word).start()] + "x")
    if not word:
        return True
    tries = [word, os.path.join("include", word)]
    if where.startswith("docs/"):
        here = os.path.dirname(where)
        tries += [os.path.join(here, word), os.path.join(here, word) + ".rst"]
    return any(os.path.exists(os.path.join(top, t)) for t in tries)


def main(argv):
    top = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    missing, seen = [], 0
    for f in files(top):
        state = {"block": False}
        with open(os.path.join(top, f), encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                text = comment_text(f, line, state)
                for m in PATH.finditer(text):
                    seen += 1
                    if not exists(top, m.group(1), f):
                        missing.append(f"{f}:{n}: {m.group(1).rstrip('.,;:)')} does not exist")
    for m in missing:
        print(f"FAIL {m}")
    print(f"{'PASS' if not missing else 'FAIL'} {seen} repository paths named in docs/ and "
          f"comments: {len(missing)} missing")
    print(f"{0 if missing else 1} passed, {1 if missing else 0} failed")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
