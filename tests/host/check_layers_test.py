#!/usr/bin/env python3
"""check_layers_test: tests/host/check_layers.py fails on each break it is
there to catch. A copy of the tree's sources passes; then each break below,
made alone in the copy, must make the named check FAIL with the offending
file in its report (and the copy is restored after each).

Usage: check_layers_test.py        Ends with "N passed, N failed".
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CHECKER = os.path.join(HERE, "check_layers.py")
DIRS = ["bl1", "bl2", "bl31", "common", "drivers", "include", "lib", "plat", "services",
        "tests/payload", "tools"]

# (what breaks, file, text appended to it, the check that must fail, what its report names)
BREAKS = [
    ("lib/dtb reaches up to common/", "lib/dtb/dtb_memory.c",
     "#include <common/bl_common.h>\n", "layers point one way", "lib/dtb/dtb_memory.c"),
    ("the porting contract includes lib/psci", "include/plat/plat_psci.h",
     "#include <lib/psci/psci_coord.h>\n", "layers point one way", "include/plat/plat_psci.h"),
    ("a helper's API in include/plat/", "include/plat/plat_topology.h",
     "void hold_pen_release(unsigned int pos, uintptr_t entry);\n", "headers by tier",
     "hold_pen_release"),
    ("pmf.h declares a function services/ defines", "include/lib/pmf.h",
     "struct el3_context;\nvoid pmf_get_timestamp(uint32_t fid, uint64_t tid, uint64_t mpidr,"
     "\n\tuint64_t flags, struct el3_context *ctx);\n", "headers by tier",
     "services/ven_el3/ven_el3_svc.c"),
    ("an erratum #if in bl31_main.c", "bl31/bl31_main.c",
     "#if WORKAROUND_CVE_2022_23960\nstatic int bhb;\n#endif\n", "no erratum #if",
     "bl31/bl31_main.c"),
    ("a PMF slot address by hand", "bl31/aarch64/bl31_entrypoint.S",
     "\tadd\tx1, x1, x0, lsl #PMF_PERCPU_SHIFT\n", "no erratum #if",
     "bl31/aarch64/bl31_entrypoint.S"),
    ("a platform runs a step of the power-down tail", "plat/fvp/fvp_pm.c",
     "void fvp_tail(void)\n{\n\tcpu_pwr_down_final(0);\n}\n", "no erratum #if",
     "plat/fvp/fvp_pm.c"),
]


def run(root):
    p = subprocess.run([sys.executable, CHECKER, root], capture_output=True, text=True,
                       timeout=120)
    return p.returncode, p.stdout


def failed_block(out, check):
    """The report lines of check @check (a prefix of its name) if it FAILed."""
    lines, block, inside = out.splitlines(), [], False
    for line in lines:
        if line.startswith(("PASS ", "FAIL ")):
            inside = line.startswith("FAIL " + check)
        elif inside:
            block.append(line)
    return block if any(line.startswith("FAIL " + check) for line in lines) else None


def main():
    passed = failed = 0

    def report(ok, what):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        print(("PASS " if ok else "FAIL ") + what)

    with tempfile.TemporaryDirectory() as tmp:
        for d in DIRS:
            shutil.copytree(os.path.join(ROOT, d), os.path.join(tmp, d),
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        rc, out = run(tmp)
        report(rc == 0, "the tree as it is passes")
        if rc != 0:
            print(out)
        for what, path, text, check, named in BREAKS:
            full = os.path.join(tmp, path)
            with open(full, encoding="utf-8") as fh:
                orig = fh.read()
            with open(full, "w", encoding="utf-8") as fh:
                fh.write(orig + text)
            rc, out = run(tmp)
            with open(full, "w", encoding="utf-8") as fh:
                fh.write(orig)
            block = failed_block(out, check)
            ok = rc == 1 and block is not None and any(named in line for line in block)
            report(ok, f"{what}: '{check}...' fails naming {named}")
            if not ok:
                print("    " + out.replace("\n", "\n    "))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
