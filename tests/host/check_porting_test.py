#!/usr/bin/env python3
"""check_porting_test: make check's porting suite. The tree's porting
interface passes tests/host/check_porting.py; and the check fails on each
break it names, on a small tree of its own (a git repository in a
temporary folder) with the interface's parts: a header of include/plat/, a
module's header, make_helpers/plat.mk, the guide, generic code, a shared
module and a platform's own folder.

Usage: check_porting_test.py   Ends with "N passed, N failed".
"""
import os
import subprocess
import sys
import tempfile

from tests.host import check_porting

TREE = {
    "include/plat/plat_setup.h": "#ifndef PLAT_SETUP_H\n#define PLAT_SETUP_H\n"
                                 "void plat_setup_hook(void);\n#endif\n",
    "include/plat/plat_def.h": "/* PLAT_UART_BASE: the console's UART. */\n",
    "plat/common/include/helper.h": "/* PLAT_HELPER_BASE: where the helper's page is. */\n",
    "plat/common/helper.c": "#include <plat/plat_setup.h>\nint x = PLAT_HELPER_BASE;\n",
    "plat/board/platform.mk": "PLAT_TITLE := Board\nPLAT_BOARD_ONLY := 1\n",
    "plat/board/board.c": "int y = PLAT_BOARD_PRIVATE;\nvoid plat_setup_hook(void) {}\n",
    "make_helpers/plat.mk": "# PLAT_TITLE: its name\n",
    "Makefile": "TITLE := $(PLAT_TITLE)\n",
    "bl1/main.c": "#include <plat/plat_setup.h>\nvoid f(void) { plat_setup_hook(); (void)PLAT_UART_BASE; }\n",
    "docs/porting-guide.rst": "plat_setup_hook PLAT_UART_BASE PLAT_HELPER_BASE PLAT_TITLE\n",
}


def run(changes):
    """check()'s problems on TREE with @changes (path: text, None removes)."""
    with tempfile.TemporaryDirectory() as top:
        files = dict(TREE, **changes)
        for path, text in files.items():
            if text is None:
                continue
            os.makedirs(os.path.dirname(os.path.join(top, path)), exist_ok=True)
            with open(os.path.join(top, path), "w", encoding="utf-8") as f:
                f.write(text)
        subprocess.run(["git", "-C", top, "init", "-q"], check=True)
        return check_porting.check(top)[1]


passed = failed = 0


def expect(name, changes, want):
    """PASS when check() finds no problem (@want None), or one containing @want."""
    global passed, failed
    problems = run(changes)
    ok = not problems if want is None else any(want in p for p in problems)
    if ok:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {problems}")


top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
names, problems = check_porting.check(top)
for p in problems:
    print(f"FAIL this tree: {p}")
if problems:
    failed += 1
else:
    passed += 1
    print(f"PASS this tree: {names} names of the porting interface, each declared and in "
          f"{check_porting.GUIDE}")
expect("the small tree passes (a guard, a file name, a platform's own names ignored)", {},
       None)
expect("a macro generic code uses, not declared", {
    "bl1/main.c": "int z = PLAT_NEW_BASE;\n",
    "docs/porting-guide.rst": TREE["docs/porting-guide.rst"] + "PLAT_NEW_BASE\n"},
       "PLAT_NEW_BASE (used at bl1/main.c:1) lacks a declaration in include/plat/")
expect("a hook generic code calls, declared but not in the guide", {
    "docs/porting-guide.rst": "PLAT_UART_BASE PLAT_HELPER_BASE PLAT_TITLE\n"},
       "plat_setup_hook (used at bl1/main.c:2) lacks its name in docs/porting-guide.rst")
expect("a module's name declared in include/plat/ only by its module: fine for the module", {},
       None)
expect("... but not for generic code", {"bl1/main.c": "int z = PLAT_HELPER_BASE;\n"},
       "PLAT_HELPER_BASE (used at bl1/main.c:1) lacks a declaration in include/plat/")
expect("a platform.mk variable make reads, not in make_helpers/plat.mk", {
    "Makefile": "X := $(PLAT_BOARD_ONLY)\n",
    "docs/porting-guide.rst": TREE["docs/porting-guide.rst"] + "PLAT_BOARD_ONLY\n"},
       "PLAT_BOARD_ONLY (used at Makefile:1) lacks a declaration in make_helpers/plat.mk")
expect("PLAT_DEFAULT_<OPTION> is one name", {
    "Makefile": "X := $(PLAT_DEFAULT_DEBUG) $(PLAT_DEFAULT_LOG)\n",
    "make_helpers/plat.mk": "# PLAT_DEFAULT_<OPTION>\n",
    "docs/porting-guide.rst": TREE["docs/porting-guide.rst"] + "PLAT_DEFAULT_<OPTION>\n"},
       None)
print(f"{passed} passed, {failed} failed")
sys.exit(failed != 0)
