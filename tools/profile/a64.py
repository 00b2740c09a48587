"""a64: the A64 instruction classes the profiler and the ETM test encoder need.

Encodings from the Arm ARM (DDI 0487), chapter C4 "A64 Instruction Set
Encoding": branches, exception generation and system instructions. Only
what this firmware is built with (-march=armv8-a: no pointer
authentication, no BTI) is recognised; everything else is "other".
"""

# Branches (C4.1.3 "Branches, Exception Generating and System instructions")
B_MASK, B_VAL = 0xfc000000, 0x14000000          # B imm26
BL_MASK, BL_VAL = 0xfc000000, 0x94000000        # BL imm26
BCOND_MASK, BCOND_VAL = 0xff000010, 0x54000000  # B.cond imm19
CBZ_MASK, CBZ_VAL = 0x7e000000, 0x34000000      # CBZ/CBNZ imm19
TBZ_MASK, TBZ_VAL = 0x7e000000, 0x36000000      # TBZ/TBNZ imm14
BR_MASK = 0xfffffc1f
BR_VAL, BLR_VAL, RET_VAL = 0xd61f0000, 0xd63f0000, 0xd65f0000
ERET = 0xd69f03e0
# Exception generation: SVC, HVC, SMC #imm16
EXC_MASK = 0xffe0001f
SVC, HVC, SMC = 0xd4000001, 0xd4000002, 0xd4000003
# Hints and barriers
WFI, WFE = 0xd503207f, 0xd503205f
ISB_MASK, ISB_VAL = 0xfffff0ff, 0xd50330df      # ISB #CRm
# MRS Xt, CNTPCT_EL0: op0=3 op1=3 CRn=14 CRm=0 op2=1 (D13.8, CNTPCT_EL0)
MRS_CNTPCT_MASK, MRS_CNTPCT = 0xffffffe0, 0xd53be020


def sext(value, bits):
    sign = 1 << (bits - 1)
    return (value & (sign - 1)) - (value & sign)


def is_mrs_cntpct(w):
    return w is not None and w & MRS_CNTPCT_MASK == MRS_CNTPCT


def is_eret(w):
    return w == ERET


def is_wait(w):
    """WFI or WFE: where a core stops until something wakes it."""
    return w in (WFI, WFE)


def is_isb(w):
    return w is not None and w & ISB_MASK == ISB_VAL


def is_exception_call(w):
    """SVC, HVC or SMC: the exception they take returns to the next instruction."""
    return w is not None and w & EXC_MASK in (SVC, HVC, SMC)


def branch(w, pc):
    """Classify the instruction @w at @pc as a branch.

    Returns None for a non-branch, else (kind, target, conditional) with
    kind "direct" (target the address) or "indirect" (target None).
    """
    if w is None:
        return None
    if w & B_MASK == B_VAL or w & BL_MASK == BL_VAL:
        return "direct", pc + 4 * sext(w & 0x3ffffff, 26), False
    if w & BCOND_MASK == BCOND_VAL:
        cond = w & 0xf
        # AL and NV (1110, 1111) are unconditional.
        return "direct", pc + 4 * sext((w >> 5) & 0x7ffff, 19), cond < 14
    if w & CBZ_MASK == CBZ_VAL:
        return "direct", pc + 4 * sext((w >> 5) & 0x7ffff, 19), True
    if w & TBZ_MASK == TBZ_VAL:
        return "direct", pc + 4 * sext((w >> 5) & 0x3fff, 14), True
    if w & BR_MASK in (BR_VAL, BLR_VAL, RET_VAL) or w == ERET:
        return "indirect", None, False
    return None


def direct_target(w, pc):
    """Target of B/BL at @pc (calls and tail calls), else None."""
    if w is not None and (w & B_MASK == B_VAL or w & BL_MASK == BL_VAL):
        return pc + 4 * sext(w & 0x3ffffff, 26)
    return None
