#!/usr/bin/env python3
"""check_tlbi: CVE-2025-10263's rule on an image's instructions.

Usage: check_tlbi.py OBJDUMP ELF on|off

Disassembles ELF (OBJDUMP -d) and finds each broadcast TLB invalidation
(TLBI ...IS or ...OS: inner or outer shareable) and the DSB that completes
it. With "on" (a build with WORKAROUND_CVE_2025_10263=1) the two
instructions right after that DSB must be TLBI VALE3IS and DSB ISH (Arm
security notice 112137; include/lib/cpus/errata.h, cpu_broadcast_tlbi_done),
and the image must hold at least one broadcast TLBI (else the check proves
nothing); with "off" no TLBI VALE3IS may follow one. Prints one line per
broadcast TLBI, then "N passed, N failed".

Exit status: 0 when every one keeps the rule, 1 when not, 2 on bad usage.
"""
import re
import subprocess
import sys

INSN = re.compile(r"^\s*([0-9a-f]+):\s+[0-9a-f]{8}\s+(\S+)\s*(.*)$")
FUNC = re.compile(r"^[0-9a-f]+ <(.+)>:$")
BROADCAST = re.compile(r"^tlbi$")
# How far the completing DSB may be from its TLBI (argument moves between).
DSB_WITHIN = 4


def instructions(objdump, elf):
    """[(address, function, mnemonic, operands)] of ELF's code, in order."""
    out = subprocess.run([objdump, "-d", elf], capture_output=True, text=True, check=True).stdout
    func, insns = "?", []
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            func = m.group(1)
            continue
        m = INSN.match(line)
        if m:
            insns.append((m.group(1), func, m.group(2), m.group(3).split("//")[0].strip()))
    return insns


def is_broadcast(mnemonic, operands):
    if mnemonic != "tlbi":
        return False
    op = operands.split(",")[0].strip()
    return op.endswith("is") or op.endswith("os")


def main(argv):
    if len(argv) != 4 or argv[3] not in ("on", "off"):
        print("usage: check_tlbi.py OBJDUMP ELF on|off", file=sys.stderr)
        return 2
    objdump, elf, mode = argv[1:]
    insns = instructions(objdump, elf)
    passed = failed = 0
    seen = 0
    i = 0
    while i < len(insns):
        addr, func, mn, ops = insns[i]
        if not is_broadcast(mn, ops):
            i += 1
            continue
        seen += 1
        dsb = next((j for j in range(i + 1, min(i + 1 + DSB_WITHIN, len(insns)))
                    if insns[j][2] == "dsb"), None)
        after = [(m, o.split(",")[0].strip()) for _, _, m, o in insns[dsb + 1:dsb + 3]] \
            if dsb is not None else []
        has_cve = after == [("tlbi", "vale3is"), ("dsb", "ish")]
        where = f"{func} 0x{addr}: tlbi {ops}"
        if dsb is None:
            ok, why = False, "no DSB completes it"
        elif mode == "on":
            ok, why = has_cve, "then TLBI VALE3IS, DSB ISH" if has_cve else \
                f"after its DSB: {' ; '.join(' '.join(a) for a in after) or 'nothing'}"
        else:
            ok, why = not has_cve, "no second TLBI (the option is off)" if not has_cve else \
                "a TLBI VALE3IS follows although the option is off"
        print(f"{'PASS' if ok else 'FAIL'} {where}, {insns[dsb][3] if dsb is not None else ''}"
              f" DSB; {why}")
        passed, failed = passed + ok, failed + (not ok)
        # The sequence's own TLBI VALE3IS is no broadcast TLBI of its own.
        i = dsb + 3 if has_cve else i + 1
    if mode == "on" and seen == 0:
        print(f"FAIL {elf}: no broadcast TLBI at all (nothing to check)")
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
