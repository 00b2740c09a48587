#!/usr/bin/env python3
"""Host tests of the profiler (tools/profile): the QEMU trace parser, the
etm_decode reader, addr2line's inlined frames, the capture-point naming,
the cutting of a trace into windows, and the counting.

data/psci_version.qemu.log is a recorded excerpt of make profile's QEMU
trace of this firmware (QEMU 7.2, -singlestep -d exec,nochain -icount):
three BL1 instructions QEMU re-ran after an I/O access (cpu_io_recompile),
one block it logged but did not run (Stopped execution), CPU 1's first
twelve instructions, then CPU 0: the end of an SMC (BL31's ERET), the
payload's PSCI_VERSION call from profile_smc_psci_version (its SMC, the
call in BL31, the ERET, the RET back) and the first two instructions of
the next SMC, which came from another call site. The expectations below
are the addresses that build had (the excerpt needs no ELF file).

Prints "N passed, N failed" last (tests/run_tests.sh reads it).
"""
import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))

from tools.profile import a64, paths, report, symbols, traces

EXCERPT = os.path.join(HERE, "data", "psci_version.qemu.log")

# The build the excerpt was recorded from.
SMC_SITE = (0x60006c48, 0x60006c50)     # profile_smc_psci_version: SMC #0; RET
VECTOR_SYNC_A64 = 0xe060c00             # runtime_exceptions + 0x400
ENTER_PSCI = 0xe060c04                  # its MRS CNTPCT_EL0
EXIT_PSCI = 0xe06495c                   # MRS CNTPCT_EL0 in std_svc_handle
ERET_PC = 0xe0655d0                     # el3_exit's ERET
WORDS = {0x60006c48: 0xd4000003, 0x60006c4c: 0xd65f03c0, ERET_PC: a64.ERET,
         ENTER_PSCI: 0xd53be03e, EXIT_PSCI: 0xd53be021}


class FakeElf:
    def __init__(self, symbols_):
        self.syms = symbols_

    def word(self, pc):
        return WORDS.get(pc, 0xd503201f)        # NOP for anything else

    def symbol(self, name):
        return self.syms.get(name)


class FakeImage(symbols.Image):
    def __init__(self, name, ranges, syms):
        self.name, self.path, self.ranges, self.elf = name, name, ranges, FakeElf(syms)


class FakeSymbolizer(symbols.Symbolizer):
    """Images by address range; frames made up from a table."""

    def __init__(self, frames=None):
        super().__init__([
            FakeImage("bl1", [(0x0, 0x4000)], {}),
            FakeImage("bl31", [(0xe060000, 0xe068000)],
                      {"runtime_exceptions": (0xe060800, 0), "el3_exit": (0xe065570, 0x64)}),
            FakeImage("bl33", [(0x60000000, 0x60010000)],
                      {"profile_smc_psci_version": (SMC_SITE[0], SMC_SITE[1] - SMC_SITE[0]),
                       "other_site": (0x60000100, 8)}),
        ])
        self.table = frames or {}

    def frames(self, pcs):
        return {pc: self.table.get(pc, [(f"f{pc:x}", "x.c", 1)]) for pc in pcs}


def excerpt():
    with open(EXCERPT, encoding="ascii") as f:
        return traces.parse_qemu(f)


def run(windows, streams, sym=None, captures=None):
    sym = sym or FakeSymbolizer()
    captures = captures or {"ENTER_PSCI": [ENTER_PSCI], "EXIT_PSCI": [EXIT_PSCI]}
    resolver = paths.Resolver(sym, {k: captures.get(k, []) for k in symbols.CAPTURE_NAMES})
    closed = {}
    return [paths.find_legs(w, streams, resolver, closed) for w in windows]


class QemuTrace(unittest.TestCase):
    def test_excerpt(self):
        s = excerpt()
        self.assertEqual(sorted(s), [0, 1])
        self.assertEqual(len(s[1]), 12)
        self.assertEqual(s[1][:3], [0x0, 0x4, 0x8])
        # 4 blocks taken back: each re-run instruction appears once.
        self.assertEqual(s[0][:5], [0x1d2c, 0x1d30, 0x1e10, 0x1e14, 0x1e18])
        self.assertEqual(s[0].count(0x1e44), 1)
        self.assertEqual(s[0].count(0x1af8), 1)
        self.assertEqual(len(s[0]), 305)

    def test_take_back_must_follow_its_block(self):
        lines = ["Trace 0: 0x1 [0000000000000000/0000000000000010/0/0] \n",
                 "cpu_io_recompile: rewound execution of TB to 0000000000000014\n"]
        with self.assertRaisesRegex(traces.TraceError, "line 2: takes back the block at 0x14"):
            traces.parse_qemu(lines)
        with self.assertRaisesRegex(traces.TraceError, "line 1: takes back"):
            traces.parse_qemu(["Stopped execution of TB chain before 0x1 [0000000000000010] \n"])

    def test_garbage(self):
        with self.assertRaisesRegex(traces.TraceError, "line 2: not a QEMU exec trace line"):
            traces.parse_qemu(["\n", "hello\n"])
        with self.assertRaisesRegex(traces.TraceError, "line 1: not a QEMU exec trace line"):
            traces.parse_qemu(["Trace 0: 0x1 [00/10/0/0]\n"])


class EtmDecodeOutput(unittest.TestCase):
    def test_ranges(self):
        s = traces.parse_etm_decode(["# comment\n", "cpu 1 trace-on\n",
                                     "cpu 1 range 0x100 0x10c 3\n", "cpu 0 exception 2\n",
                                     "cpu 1 range 0x200 0x204 1\n"])
        self.assertEqual(s, {0: [], 1: [0x100, 0x104, 0x108, 0x200]})

    def test_bad(self):
        with self.assertRaisesRegex(traces.TraceError, "does not hold 2 A64 instructions"):
            traces.parse_etm_decode(["cpu 0 range 0x10 0x14 2\n"])
        with self.assertRaisesRegex(traces.TraceError, "not an etm_decode line"):
            traces.parse_etm_decode(["range 0x10 0x14 1\n"])


class Addr2line(unittest.TestCase):
    def test_inlined_frames(self):
        text = ("0x000000000e06495c\npmf_capture\n" + symbols.REPO + "/include/lib/pmf.h:117\n"
                "std_svc_handle\n" + symbols.REPO + "/services/std_svc/std_svc.c:20\n"
                "0x000000000e060c04\nsync_aarch64\n/elsewhere/runtime_exceptions.S:57 "
                "(discriminator 2)\n0x0000000000000010\n??\n??:0\n")
        f = symbols.parse_addr2line(text)
        self.assertEqual(f[0xe06495c], [("pmf_capture", "include/lib/pmf.h", 117),
                                        ("std_svc_handle", "services/std_svc/std_svc.c", 20)])
        self.assertEqual(f[0xe060c04], [("sync_aarch64", "/elsewhere/runtime_exceptions.S", 57)])
        self.assertEqual(f[0x10], [("??", "??", 0)])


class FakeSources(symbols.SourceLines):
    def __init__(self, files):
        super().__init__("/nonexistent")
        self._files = {k: v.splitlines() for k, v in files.items()}


class CapturePoints(unittest.TestCase):
    src = FakeSources({
        "pmf.h": "x\n\t__asm__ volatile(\"mrs %0, cntpct_el0\" : \"=r\"(ts));\n",
        "svc.c": "a\n\tpmf_capture(RT_INSTR_EXIT_PSCI, false);\n"
                 "\tpmf_capture(RT_INSTR_ENTER_CFLUSH, true); "
                 "pmf_capture(RT_INSTR_EXIT_CFLUSH, false);\n"
                 "\tx = RT_INSTR_TOTAL_IDS;\n",
        "entry.S": "\tmrs\tx2, cntpct_el0\n\tstr\tx2, [x1, #RT_INSTR_EXIT_HW_LOW_PWR * 8]\n",
        "stat.c": "\tpsci_stat_begin(pos, state);\n",
        "warm.S": "\tbl\tplat_my_core_pos\n\tpmf_store_exit_hw_low_pwr x0, x1, x2\n",
    })

    def test_inlined_call_site_names_it(self):
        self.assertEqual(symbols.capture_name([("pmf_capture", "pmf.h", 2),
                                               ("std_svc_handle", "svc.c", 2)], self.src),
                         "EXIT_PSCI")

    def test_assembly_store_on_the_next_line(self):
        self.assertEqual(symbols.capture_name([("bl31_warm_entrypoint", "entry.S", 1)], self.src),
                         "EXIT_HW_LOW_PWR")

    def test_assembly_macro_names_it(self):
        # DWARF gives a macro's instructions the line that invokes it.
        self.assertEqual(symbols.capture_name([("bl31_warm_entrypoint", "warm.S", 2)], self.src),
                         "EXIT_HW_LOW_PWR")

    def test_not_a_capture(self):
        self.assertIsNone(symbols.capture_name([("read_cntpct_el0", "pmf.h", 2),
                                                ("suspend", "stat.c", 1)], self.src))
        self.assertIsNone(symbols.capture_name([("f", "svc.c", 4)], self.src))  # TOTAL_IDS
        # Two captures on one line: ambiguous, not a guess.
        self.assertIsNone(symbols.capture_name([("f", "svc.c", 3)], self.src))
        self.assertIsNone(symbols.capture_name([("f", "missing.c", 3)], self.src))


class Windows(unittest.TestCase):
    def test_excerpt_psci_version(self):
        s = excerpt()
        seq = s[0]
        smc, pmf = run(paths.PATHS["psci_version"], s)
        self.assertEqual(len(smc[0]), 1)                # the other SMC is not via the site
        o = smc[0][0]
        self.assertEqual((seq[o.start], seq[o.end - 1]), (VECTOR_SYNC_A64, ERET_PC))
        self.assertEqual(o.end - o.start, 282)
        o = pmf[0][0]
        self.assertEqual((seq[o.start], seq[o.end]), (ENTER_PSCI, EXIT_PSCI))
        self.assertEqual(o.end - o.start, 234)

    def test_no_via_counts_every_call(self):
        legs, = run(paths.explicit(f"0x{VECTOR_SYNC_A64:x}", "insn:eret"), excerpt())
        self.assertEqual(len(legs[0]), 1)           # the second never reaches its ERET
        legs, = run(paths.explicit("capture:ENTER_PSCI", "capture:EXIT_PSCI"), excerpt())
        self.assertEqual([o.end - o.start for o in legs[0]], [234])

    def test_call_site_must_be_an_smc(self):
        # RET in the site, then an entry: not an SMC from there.
        seq = [SMC_SITE[0] + 4, VECTOR_SYNC_A64, ENTER_PSCI, EXIT_PSCI]
        legs, = run(paths.explicit("capture:ENTER_PSCI", "capture:EXIT_PSCI",
                                   "profile_smc_psci_version"), {0: seq})
        self.assertEqual(legs[0], [])
        seq[0] = SMC_SITE[0]
        legs, = run(paths.explicit("capture:ENTER_PSCI", "capture:EXIT_PSCI",
                                   "profile_smc_psci_version"), {0: seq})
        self.assertEqual([(o.start, o.end) for o in legs[0]], [(2, 3)])

    def test_in_call_ends_at_eret(self):
        # ENTER_PSCI of a call that never captures EXIT_PSCI (not PSCI), then
        # a PSCI call: only the second counts.
        seq = [ENTER_PSCI, 0xe061000, ERET_PC, SMC_SITE[0], ENTER_PSCI, 0xe061000, EXIT_PSCI]
        legs, = run(paths.explicit("capture:ENTER_PSCI", "capture:EXIT_PSCI"), {0: seq})
        self.assertEqual([(o.start, o.end) for o in legs[0]], [(4, 6)])

    def test_after_and_other_cpu(self):
        a, b, c = 0xe061000, 0xe061004, 0xe061008
        windows = [paths.Window("first", "", [paths.Leg(f"0x{a:x}", f"0x{b:x}", True)]),
                   paths.Window("second", "", [paths.Leg(f"0x{b:x}", f"0x{c:x}", True,
                                                         after="first")]),
                   paths.Window("cross", "", [paths.Leg(f"0x{a:x}", f"0x{b:x}", True),
                                              paths.Leg(f"0x{c:x}", f"0x{a:x}", True,
                                                        cpu="other")])]
        streams = {0: [b, c, a, b, c, b, c], 1: [c, a], 2: [a, b]}
        first, second, cross = run(windows, streams)
        self.assertEqual([(o.cpu, o.start, o.end) for o in first[0]], [(0, 2, 4), (2, 0, 2)])
        # Only the B after CPU 0's first window ended, once; CPU 2 never reaches C.
        self.assertEqual([(o.cpu, o.start, o.end) for o in second[0]], [(0, 3, 5)])
        # The second leg on CPU 1, the only CPU where the first leg did not run.
        self.assertEqual([(o.cpu, o.start, o.end) for o in cross[1]], [(1, 0, 2)])

    def test_start_and_inclusive_end(self):
        legs, = run([paths.Window("w", "", [paths.Leg("@start", "insn:eret", True, cpu="1")])],
                    {0: [0x10, ERET_PC], 1: [0x20, 0x24, ERET_PC, 0x28]})
        self.assertEqual([(o.cpu, o.start, o.end) for o in legs[0]], [(1, 0, 3)])

    def test_bad_points(self):
        for point, msg in (("nosuch", "no symbol 'nosuch'"), ("capture:NOPE", "no capture point"),
                           ("insn:nop", "unknown instruction class"), ("image:x", "no image"),
                           ("what:ever", "unknown point"), ("0xzz", "bad address"),
                           ("capture:ENTER_HW_LOW_PWR", "not found in bl31")):
            with self.assertRaisesRegex(paths.PathError, msg):
                run(paths.explicit(point, "insn:eret"), {0: [0]})


class Counting(unittest.TestCase):
    def test_functions_lines_images_cpus(self):
        frames = {0xe061000: [("pmf_capture", "pmf.h", 117), ("std_svc_handle", "svc.c", 20)],
                  0xe061004: [("std_svc_handle", "svc.c", 21)],
                  0xe061008: [("std_svc_handle", "svc.c", 21)],
                  0x100: [("bl1_main", "bl1.c", 5)], 0x108: [("bl1_main", "bl1.c", 6)]}
        sym = FakeSymbolizer(frames)
        w = paths.Window("w", "title", [paths.Leg("0xe061000", "0xe06100c"),
                                        paths.Leg("0x100", "0x104", cpu="other")])
        streams = {0: [0xe061000, 0xe061004, 0xe061008, 0xe06100c] * 2,
                   1: [0x100, 0x104, 0x100, 0x108, 0x104]}
        legs, = run([w], streams, sym)
        s = report.summarise("p", w, legs, streams, sym)
        self.assertEqual(s["total"], 9)
        self.assertEqual(s["occurrences"], 2)
        self.assertEqual(s["per_occurrence"], {"mean": 4.5, "min": 4, "max": 5})
        self.assertEqual([(f["function"], f["inlined_in"], f["image"], f["instructions"])
                          for f in s["functions"]],
                         [("std_svc_handle", "", "bl31", 4), ("bl1_main", "", "bl1", 3),
                          ("pmf_capture", "std_svc_handle", "bl31", 2)])
        self.assertEqual(s["functions"][0]["percent"], "44.4")
        self.assertEqual([(ln["line"], ln["instructions"]) for ln in s["lines"]],
                         [("svc.c:21", 4), ("bl1.c:5", 2), ("pmf.h:117", 2), ("bl1.c:6", 1)])
        self.assertEqual([(c["cpu"], c["instructions"]) for c in s["per_cpu"]], [(0, 6), (1, 3)])
        self.assertEqual([(i["image"], i["instructions"]) for i in s["per_image"]],
                         [("bl31", 6), ("bl1", 3)])
        text = report.text(s)
        self.assertIn("pmf_capture  (in std_svc_handle)", text)
        self.assertIn("by CPU:   CPU 0 6 (66.7%), CPU 1 3 (33.3%)", text)
        csv = report.csv_text([s])
        self.assertIn("p,w,function,pmf_capture,std_svc_handle,bl31,2,1.0,22.2", csv)
        # The same input gives the same bytes.
        self.assertEqual(report.json_text([s]),
                         report.json_text([report.summarise("p", w, legs, streams, sym)]))

    def test_one_name_in_two_images_is_two_rows(self):
        # memset in BL1 and in BL31: two functions; the rows add up per image.
        frames = {0x100: [("memset", "string.c", 3)], 0x104: [("memset", "string.c", 4)],
                  0xe061000: [("memset", "string.c", 3)]}
        sym = FakeSymbolizer(frames)
        w = paths.Window("w", "title", [paths.Leg("@start", "0x108", end_inclusive=False)])
        streams = {0: [0x100, 0x104, 0x100, 0xe061000, 0x108]}
        legs, = run([w], streams, sym)
        s = report.summarise("p", w, legs, streams, sym)
        self.assertEqual([(f["function"], f["image"], f["instructions"]) for f in s["functions"]],
                         [("memset", "bl1", 3), ("memset", "bl31", 1)])
        self.assertEqual([(i["image"], i["instructions"]) for i in s["per_image"]],
                         [("bl1", 3), ("bl31", 1)])


class A64(unittest.TestCase):
    def test_branches(self):
        self.assertEqual(a64.branch(0x94000bac, 0x34), ("direct", 0x2ee4, False))   # BL
        self.assertEqual(a64.branch(0xb4000040, 0x38), ("direct", 0x40, True))      # CBZ
        self.assertEqual(a64.branch(0x54000060, 0x2ec0), ("direct", 0x2ecc, True))  # B.EQ
        self.assertEqual(a64.branch(0x3717ffe0, 0xe064ed4), ("direct", 0xe064ed0, True))  # TBNZ
        self.assertEqual(a64.branch(0x17ffffff, 0x2ee0), ("direct", 0x2edc, False))  # B .-4
        self.assertEqual(a64.branch(0xd65f03c0, 0)[0], "indirect")                   # RET
        self.assertEqual(a64.branch(a64.ERET, 0)[0], "indirect")
        self.assertIsNone(a64.branch(0xd53be020, 0))                                 # MRS
        self.assertTrue(a64.is_isb(0xd5033fdf))
        self.assertTrue(a64.is_exception_call(0xd4000003))                          # SMC #0
        self.assertTrue(a64.is_mrs_cntpct(0xd53be03e))


if __name__ == "__main__":
    out = io.StringIO()
    result = unittest.TextTestRunner(stream=out, verbosity=2).run(
        unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]))
    sys.stdout.write(out.getvalue())
    bad = len(result.failures) + len(result.errors)
    print(f"{result.testsRun - bad} passed, {bad} failed")
    sys.exit(0 if bad == 0 else 1)
