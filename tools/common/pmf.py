"""pmf: the PMF ABI the normal world reads, defined once (docs/design/pmf.rst).

The runtime-instrumentation timestamps (their index in a timestamp id,
their names, the order a call takes them in, the intervals the report
computes), the PMF SMC function IDs and result codes, and the layout of
the per-CPU rings of call records. BL31 and the test payload (through
include/lib/pmf.h), and tools/pmf_idle (the Linux module) compile against
the C header this module writes, pmf_abi.h, in their build trees; the
Python tools (tools/profile/symbols.py, tools/rt_report) import the tables.

Usage: python3 -m tools.common.pmf --c-header FILE
  write pmf_abi.h to FILE, only when its text changes.
"""
import os
import re
import sys

from tools.common.generated import c_header_main, c_strings

# The runtime-instrumentation service's six timestamps, in index order
# (bits 7:0 of the timestamp id; TF-A's order, which TFTF reads by).
SLOTS = ("ENTER_PSCI", "EXIT_PSCI", "ENTER_HW_LOW_PWR", "EXIT_HW_LOW_PWR",
         "ENTER_CFLUSH", "EXIT_CFLUSH")
# The order one call takes them in: a complete record satisfies
# ENTER_PSCI <= ENTER_CFLUSH <= ... <= EXIT_PSCI.
RECORD_ORDER = ("ENTER_PSCI", "ENTER_CFLUSH", "EXIT_CFLUSH", "ENTER_HW_LOW_PWR",
                "EXIT_HW_LOW_PWR", "EXIT_PSCI")
# The report's figures, each the interval between two timestamps
# (docs/perf/psci-performance-methodology.rst).
INTERVALS = {"Powerdown": ("ENTER_PSCI", "ENTER_HW_LOW_PWR"),
             "Wakeup": ("EXIT_HW_LOW_PWR", "EXIT_PSCI"),
             "Cache Flush": ("ENTER_CFLUSH", "EXIT_CFLUSH"),
             "Latency": ("ENTER_PSCI", "EXIT_PSCI")}
# One call's segments on a timeline, in the order it takes them: name,
# from, to (the figures but Latency, and the stay in low power between).
SEGMENTS = (("Powerdown",) + INTERVALS["Powerdown"], ("Cache Flush",) + INTERVALS["Cache Flush"],
            ("low power", "ENTER_HW_LOW_PWR", "EXIT_HW_LOW_PWR"),
            ("Wakeup",) + INTERVALS["Wakeup"])

# SMC function IDs of the PMF range (Vendor-Specific EL3, OEN 7, functions
# 0x20-0x2f; DEN0028 6.1): TF-A's two, and the ring's description.
SMC = (("PMF_SMC_GET_TIMESTAMP_32", 0x87000020), ("PMF_SMC_GET_TIMESTAMP_64", 0xC7000020),
       ("PMF_SMC_GET_VERSION_32", 0x87000021), ("PMF_SMC_GET_VERSION_64", 0xC7000021),
       ("PMF_SMC_GET_RING_64", 0xC7000022))
PMF_VERSION = 1
# Timestamp id fields: index 7:0, service 15:10, implementation 31:24.
TID = (("PMF_TID_INDEX_MASK", 0xff), ("PMF_TID_SVC_SHIFT", 10), ("PMF_TID_SVC_MASK", 0x3f),
       ("PMF_TID_IMPL_SHIFT", 24), ("PMF_ARM_TIF_IMPL_ID", 0x41), ("PMF_RT_INSTR_SVC_ID", 1))
# Result codes (x0), besides 0: a bad timestamp id or reserved argument, an
# MPIDR that names no core, a function the range does not have.
ERRORS = (("PMF_E_INVAL", -22), ("PMF_E_BAD_MPIDR", -2), ("PMF_E_UNKNOWN", -1))
# GET_TIMESTAMP's x3 bit 0: clean and invalidate the slot's line first.
CACHE_MAINT = 1

# The ring (docs/design/pmf.rst, "The call ring"): per CPU, a header line,
# then RING_RECORDS records of one line each. Offsets in bytes.
RING_MAGIC = 0x52464D50  # "PMFR", little-endian
RING_VERSION = 1
RING_LINE = 64
RING_RECORDS = 256
RING_HEADER = (("MAGIC", 0, 4), ("VERSION", 4, 2), ("HEADER_BYTES", 6, 2),
               ("RECORD_BYTES", 8, 2), ("RECORDS", 12, 4), ("MPIDR", 16, 8), ("HEAD", 24, 8),
               ("COUNTER_HZ", 32, 8))
RING_RECORD = (("TS", 0, 8 * len(SLOTS)), ("SEQ", 48, 8), ("POWER_STATE", 56, 4),
               ("FUNCTION", 60, 1), ("OUTCOME", 61, 1), ("STATUS", 62, 2))
# FUNCTION: the PSCI function number PSCI tells PMF, with this bit for the
# SMC64 form. The power calls are the only functions a record names; their
# numbers are PSCI's, read from its one definition (psci_numbers).
RING_FUNCTION_SMC64 = 0x80
POWER_CALL_NAMES = ("CPU_SUSPEND", "CPU_OFF", "CPU_FREEZE", "CPU_DEFAULT_SUSPEND",
                    "SYSTEM_SUSPEND")
PSCI_H = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "include", "lib",
                      "psci", "psci.h")


def psci_numbers(names, path=PSCI_H):
    """PSCI's function number of each of @names, as include/lib/psci/psci.h
    defines it: its PSCI_FID_<name> under its PSCI_FUNC_NUM_MASK."""
    defs = dict(re.findall(r"^#define\s+(PSCI_\w+)\s+U\((0x[0-9A-Fa-f]+)\)", open(
        path, encoding="utf-8").read(), re.M))
    mask = int(defs["PSCI_FUNC_NUM_MASK"], 16)
    return tuple((n, int(defs["PSCI_FID_" + n], 16) & mask) for n in names)


POWER_CALLS = psci_numbers(POWER_CALL_NAMES)
# OUTCOME: what the call did. DENIED: it returned an error (STATUS says
# which); FROZEN: CPU_FREEZE, which never returns (no exit stamps).
OUTCOMES = (("ENTERED", 1), ("ABANDONED", 2), ("DENIED", 3), ("FROZEN", 4))
# The PMF_GET_RING layout word (x3): version 7:0, log2 of the record size
# 15:8, records per CPU 31:16, the CPU's ring's offset in the region 63:32.
RING_LAYOUT = (("VERSION_SHIFT", 0), ("RECORD_SHIFT", 8), ("RECORDS_SHIFT", 16),
               ("OFFSET_SHIFT", 32))

NAMES = SLOTS


def index(name):
    """The timestamp index of @name ("ENTER_PSCI" -> 0)."""
    return SLOTS.index(name)


def interval_ns(figure, ticks, hz):
    """@figure's value in ns from @ticks (six counter values in index
    order), as the firmware's readers compute it: truncated."""
    start, end = INTERVALS[figure]
    return (ticks[index(end)] - ticks[index(start)]) * 1000000000 // hz


def c_header():
    """The text of pmf_abi.h."""
    out = ["/* Generated by tools/common/pmf.py (python3 -m tools.common.pmf): the PMF ABI",
           " * the normal world reads (docs/design/pmf.rst). Do not edit. */",
           "#ifndef PMF_ABI_H", "#define PMF_ABI_H", "",
           "/* Runtime-instrumentation timestamp indices (timestamp id bits 7:0). */"]
    out += [f"#define RT_INSTR_{n} {i}" for i, n in enumerate(SLOTS)]
    out += [f"#define RT_INSTR_TOTAL_IDS {len(SLOTS)}",
            "/* Their names, in index order, and the order one call takes them in. */",
            f"#define RT_INSTR_NAMES {c_strings(SLOTS)}",
            "#define RT_INSTR_RECORD_ORDER { " +
            ", ".join(f"RT_INSTR_{n}" for n in RECORD_ORDER) + " }",
            "/* X(NAME, name) for each, in the order one call takes them (trace fields). */",
            "#define RT_INSTR_FOR_EACH_IN_ORDER(X) " +
            " ".join(f"X({n}, {n.lower()})" for n in RECORD_ORDER), "",
            "/* SMC function IDs (Vendor-Specific EL3, functions 0x20-0x2f), PMF's version. */"]
    out += [f"#define {n} 0x{v:08X}" for n, v in SMC]
    out += [f"#define PMF_SMC_VERSION {PMF_VERSION}", "/* Timestamp id fields */"]
    out += [f"#define {n} {hex(v) if 'SHIFT' not in n and v > 1 else v}" for n, v in TID]
    out += [f"#define PMF_CACHE_MAINT {CACHE_MAINT}", "/* Result codes in x0 */"]
    out += [f"#define {n} ({v})" for n, v in ERRORS]
    out += ["", "/* The call ring: per CPU a header line, then records of a line each. */",
            f"#define PMF_RING_MAGIC 0x{RING_MAGIC:08X}",
            f"#define PMF_RING_VERSION {RING_VERSION}",
            f"#define PMF_RING_LINE {RING_LINE}",
            f"#define PMF_RING_RECORDS {RING_RECORDS}",
            "/* Header fields: byte offset, then size */"]
    for n, off, size in RING_HEADER:
        out += [f"#define PMF_RING_HDR_{n} {off}", f"#define PMF_RING_HDR_{n}_SIZE {size}"]
    out += ["/* Record fields: byte offset, then size; TS holds the six stamps in index order */"]
    for n, off, size in RING_RECORD:
        out += [f"#define PMF_RING_REC_{n} {off}", f"#define PMF_RING_REC_{n}_SIZE {size}"]
    out += [f"#define PMF_RING_FUNCTION_SMC64 0x{RING_FUNCTION_SMC64:02X}",
            "/* The power calls' function numbers, and X(NAME, number) for each */"]
    out += [f"#define PMF_RING_FN_{n} 0x{v:02X}" for n, v in POWER_CALLS]
    out += ["#define PMF_RING_FOR_EACH_FUNCTION(X) " +
            " ".join(f"X({n}, 0x{v:02X})" for n, v in POWER_CALLS),
            "/* Outcomes, and X(NAME, value) for each */"]
    out += [f"#define PMF_RING_{n} {v}" for n, v in OUTCOMES]
    out += ["#define PMF_RING_FOR_EACH_OUTCOME(X) " +
            " ".join(f"X({n}, {v})" for n, v in OUTCOMES)]
    out += ["#define PMF_RING_OUTCOME_NAMES { \"none\", " +
            ", ".join(f'"{n.lower()}"' for n, _ in OUTCOMES) + " }",
            "/* PMF_GET_RING's layout word (x3): field shifts */"]
    out += [f"#define PMF_RING_LAYOUT_{n} {v}" for n, v in RING_LAYOUT]
    out += ["", "#endif /* PMF_ABI_H */", ""]
    return "\n".join(out)


def main(argv):
    return c_header_main(argv, __doc__, c_header)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
