#!/usr/bin/env python3
"""Host tests of the report tools (tools/rt_report): parsing the payload's
console, statistics of ITERATIONS, the 2% delta rule in the published form,
baselines and the refusal to compare unlike runs, regressions, the record
of a failed run, make bench's figures and one directory per run.

Consoles are written here in the payload's format (tests/payload/rt_instr.c);
QEMU is a stand-in script that only answers --version, so provenance is
checked without booting anything. Ends with "N passed, N failed".
"""
import csv
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tests.lib import unittest_main
from tools.common import module
from tools.rt_report import compare, runs
from tools.rt_report import figures as fig
from tools.rt_report import rt_report, scenarios, schema

# make plat-info's answer for each set of options a test's config.mk takes.
MAKE_PLAT_INFO = {}

# The payload's scenarios (tools/rt_report/scenarios.py, the one table).
SCENARIOS = [(test.removeprefix("test_rt_instr_"), len(figs)) for _, test, figs, _, _ in scenarios.SCENARIOS]
FIGURES = {n: ",".join(f) for n, f in scenarios.DEFAULT_FIGURES.items()}


def value(it, test, cl, co, f):
    """A figure of the stand-in machine: a multiple of the 16 ns tick."""
    return 16 * (40 + 10 * f + 2 * cl + co)


def console(iterations=1, values=value, shape=(2, 2), verdict="PASS", old=False, drop=(),
            platform=("qemu", "QEMU virt"), samples=1, skew=lambda n: 0):
    """A console in the payload's format; each parallel scenario with
    @samples samples per core per iteration, sample n adding skew(n) ns."""
    lines = ["NOTICE:  BL1: v0.1-abc1234(release)", "NOTICE:  BL1: BL2 authenticated in 4913 us",
             "NOTICE:  BL2: BL31 and BL33 authenticated in 7295 us",
             "NOTICE:  BL31: v0.1-abc1234(release)", "PAYLOAD: BL33 entered 13565 us after reset"]
    cores = shape[0] * shape[1]
    if not old:
        lines.append(f"PAYLOAD: platform: {platform[0]} ({platform[1]})")
    lines.append(f"PAYLOAD: runtime instrumentation: {cores} cores, clusters "
                 f"{'+'.join([str(shape[1])] * shape[0])}, deepest power_state 0x02010222")
    if not old:
        lines.append("PAYLOAD: runtime instrumentation: MIDR 0x414fd0c1, counter 62500000 Hz, "
                     f"{iterations} iterations")
    many = lambda name: samples if name.endswith("_parallel") else 1  # noqa: E731
    for name, n in SCENARIOS:
        lines.append(f"PAYLOAD: scenario test_rt_instr_{name}: {FIGURES[n]}" +
                     (" (9 samples per core per iteration, start skew 0-1023 rounds)"
                      .replace("9", str(samples), 1) if many(name) > 1 else ""))
    for it in range(1, iterations + 1):
        if not old:
            lines.append(f"PAYLOAD: runtime instrumentation: iteration {it} of {iterations}")
        for name, n in SCENARIOS:
            lines.append(f"PAYLOAD: test_rt_instr_{name}: PASS")
            for k in range(many(name)):
                for cl in range(shape[0]):
                    for co in range(shape[1]):
                        if (it, name, cl, co) in drop or (it, name, cl, co, k) in drop:
                            continue
                        vals = "\t".join(str(values(it, name, cl, co, f) +
                                              (skew(k) if many(name) > 1 else 0))
                                          for f in range(n))
                        lines.append(f"<RT_INSTR:test_rt_instr_{name}\t{cl}\t{co}\t{vals}/>")
    if old:
        lines += ["----- RT_INSTR REPORT BEGIN -----",
                  "4 cores in 2 clusters (2+2), MIDR 0x414fd0c1, counter 62500000 Hz (16 ns per tick).",
                  "----- RT_INSTR REPORT END -----"]
    lines += [f"PAYLOAD: runtime instrumentation: {verdict}", f"PAYLOAD: RESULT: {verdict}"]
    return "\n".join(lines) + "\n"


def board_config(base, plat="n1sdp", btype="release", version="0.1-abc1234", extra=""):
    """A build's config.mk as make writes it (the Makefile's CONFIG_MK_FACTS
    beside the options), in BASE/PLAT/BTYPE/; its path."""
    d = os.path.join(base, plat, btype)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "config.mk")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"PLAT := {plat}\nDEBUG := {int(btype == 'debug')}\nLOG_LEVEL := 20\n"
                "WORKAROUND_CVE_2022_23960 := 1\nRUN_TIMEOUT := 300\n"
                "FIP_PAYLOADS := .:payload bench:payload_bench\n"
                f"VERSION := {version}\nCC := aarch64-linux-gnu-gcc\n"
                "CC_VERSION := aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0\n"
                "BUILD_OPTIONS := PLAT DEBUG LOG_LEVEL WORKAROUND_CVE_2022_23960\n" + extra)
    return path


class Tmp(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        qemu = os.path.join(self.dir, "qemu")
        with open(qemu, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\necho 'QEMU emulator version 7.2.0 (stand-in)'\n")
        os.chmod(qemu, 0o755)
        self.qemu = qemu
        self.n = 0
        self.env = module.env(dict(os.environ, SOURCE_DATE_EPOCH="1764590400"))

    def tearDown(self):
        self.tmp.cleanup()

    def config(self, realtime=0, clusters=2, cores=2, iterations=1):
        """A build's config.mk for qemu at these options, with the facts of
        the machine make states for them (make plat-info: QEMU_MACHINE,
        QEMU_SMP...), not a restatement of them."""
        path = os.path.join(self.dir, f"config-{realtime}-{clusters}x{cores}.mk")
        options = {"PLAT": "qemu", "DEBUG": "0", "QEMU": self.qemu, "QEMU_CPU": "neoverse-n1",
                   "QEMU_CLUSTERS": clusters, "QEMU_CORES_PER_CLUSTER": cores,
                   "QEMU_MEMORY_MB": "1024", "REALTIME": realtime, "ITERATIONS": iterations}
        key = tuple(options.items())
        if key not in MAKE_PLAT_INFO:
            MAKE_PLAT_INFO[key] = subprocess.run(
                ["make", "-s", "--no-print-directory", "-C", TOP, "plat-info"] +
                [f"{k}={v}" for k, v in options.items()], capture_output=True, text=True,
                check=True, env=dict(os.environ, MAKEFLAGS="")).stdout
        info = MAKE_PLAT_INFO[key]
        built = re.search(r"^BUILD_OPTIONS := (.*)$", info, re.M).group(1).split()
        facts = [line for line in info.splitlines()
                 if re.match(r"(PLAT|QEMU)_\w+ :=", line) and line.split()[0] not in built]
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(f"{k} := {v}\n" for k, v in options.items()) +
                    "".join(f"{line}\n" for line in facts))
        return path

    def report(self, text, *args, config=None, tool="rt_report"):
        """Run a report tool on a console TEXT; (exit status, output, out dir)."""
        self.n += 1
        log = os.path.join(self.dir, f"console{self.n}.log")
        out = os.path.join(self.dir, f"run{self.n}")
        with open(log, "w", encoding="utf-8") as f:
            f.write(text)
        cmd = module.command("tools.rt_report." + tool) + [log, out, "qemu",
               "--config", config or self.config(), "--no-plots" if tool == "rt_report"
               else "--quiet"] + list(args)
        if tool == "rt_report":
            cmd.append("--quiet")
        r = subprocess.run(cmd, capture_output=True, text=True, env=self.env, check=False)
        return r.returncode, r.stdout + r.stderr, out

    def rt(self, *args, tool="rt_report"):
        """Run a report tool with @args alone; (exit status, output)."""
        r = subprocess.run(module.command("tools.rt_report." + tool) + list(args) +
                           (["--no-plots", "--quiet"] if tool == "rt_report" else ["--quiet"]),
                           capture_output=True, text=True, env=self.env, check=False)
        return r.returncode, r.stdout + r.stderr

    def edit_json(self, out, change, name="report.json"):
        """Rewrite OUT/NAME with @change applied to its data."""
        j = self.json(out, name)
        change(j)
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            json.dump(j, f)

    def json(self, out, name="report.json"):
        with open(os.path.join(out, name), encoding="utf-8") as f:
            return json.load(f)

    def rst(self, out):
        with open(os.path.join(out, "psci-performance-qemu.rst"), encoding="utf-8") as f:
            return f.read()


class Figures(unittest.TestCase):
    def test_median(self):
        self.assertEqual(fig.median([3, 1, 2]), 2)
        self.assertEqual(fig.median([4, 1, 3, 2]), 2.5)
        self.assertEqual(fig.median([16, 48]), 32)
        self.assertRaises(ValueError, fig.median, [])

    def test_stats_keep_every_sample(self):
        self.assertEqual(fig.stats([800, 816, 800]),
                         {"min_ns": 800, "median_ns": 800, "max_ns": 816,
                          "samples_ns": [800, 816, 800]})

    def test_published_form(self):
        # The N1SDP report's own example: 13.42 against 24.58.
        self.assertEqual(fig.cell(13420, 24580), "13.42 (-45.40%)")
        self.assertEqual(fig.cell(1250, 800), "1.25 (+56.25%)")

    def test_two_percent_rule(self):
        self.assertEqual(fig.cell(10200, 10000), "10.20")       # exactly 2%: not shown
        self.assertEqual(fig.cell(9800, 10000), "9.80")
        self.assertEqual(fig.cell(10201, 10000), "10.20 (+2.01%)")
        self.assertEqual(fig.cell(800, None), "0.80")
        self.assertEqual(fig.cell(800, 0), "0.80")

    def test_a_tick_is_no_percentage(self):
        """32 -> 16 ns is one 16 ns tick of QEMU's counter: no "(-50.00%)"."""
        self.assertEqual(fig.cell(16, 32, resolution=16), "0.02")
        self.assertEqual(fig.cell(48, 32, resolution=16), "0.05")
        self.assertEqual(fig.cell(64, 32, resolution=16), "0.06 (+100.00%)")
        self.assertEqual(fig.cell(16, 32), "0.02 (-50.00%)")   # no resolution given

    def test_us_rounding(self):
        self.assertEqual(fig.fmt_us(784), "0.78")
        self.assertEqual(fig.fmt_us(785), "0.79")
        self.assertEqual(fig.fmt_us(32), "0.03")

    def test_regression_threshold_and_tick(self):
        self.assertTrue(fig.regression(1100, 1000, 5))
        self.assertFalse(fig.regression(1040, 1000, 5))
        self.assertFalse(fig.regression(900, 1000, 5))
        # One 16 ns tick on a 96 ns figure is 16.7%, and not a regression.
        self.assertFalse(fig.regression(112, 96, 5, resolution=16))
        self.assertTrue(fig.regression(128, 96, 5, resolution=16))

    def test_regression_beyond_both_spreads(self):
        self.assertTrue(fig.regression(1100, 1000, 5, 16, (0, 0)))
        self.assertFalse(fig.regression(1100, 1000, 5, 16, (100, 0)))    # within the baseline's
        self.assertFalse(fig.regression(1100, 1000, 5, 16, (0, 150)))    # within this run's
        self.assertTrue(fig.regression(1100, 1000, 5, 16, (99, 80)))
        self.assertEqual(fig.spread([288, 2640, 288]), 2352)
        self.assertEqual(fig.spread([5]), 0)


class Report(Tmp):
    def test_one_iteration(self):
        rc, out, d = self.report(console())
        self.assertEqual(rc, 0, out)
        j = self.json(d)
        self.assertEqual(j["verdict"], "PASS")
        self.assertEqual(len(j["scenarios"]), 6)
        sc = j["scenarios"][0]
        self.assertEqual(sc["name"], "test_rt_instr_susp_deep_parallel")
        self.assertEqual([(r["cluster"], r["core"]) for r in sc["rows"]],
                         [(0, 0), (0, 1), (1, 0), (1, 1)])
        self.assertEqual(sc["rows"][3]["figures"]["Wakeup"]["median_ns"], 16 * 53)

    def test_provenance_everywhere(self):
        rc, out, d = self.report(console())
        self.assertEqual(rc, 0, out)
        p = self.json(d)["provenance"]
        self.assertEqual(p["firmware"], "v0.1-abc1234")
        self.assertEqual(p["build_type"], "release")
        self.assertEqual(p["platform"], "qemu")
        self.assertEqual(p["midr"], "0x414fd0c1")
        self.assertEqual(p["topology"], "2+2")
        self.assertEqual(p["emulator"], "QEMU 7.2.0 (stand-in)")
        self.assertEqual(p["timing"], "-icount shift=0,align=off,sleep=off")
        self.assertEqual(p["iterations"], 1)
        self.assertEqual(p["date"], "2025-12-01 12:00:00 UTC")
        self.assertIn("ITERATIONS", p["options"])
        rst = self.rst(d)
        for text in (":Firmware: v0.1-abc1234 (release build)", ":Emulator: QEMU 7.2.0",
                     "-icount", ":Iterations: 1", "MIDR 0x414fd0c1", "Boot: authenticated"):
            self.assertIn(text, rst)
        # Tidy CSV: csv.DictReader's header is the first line, numbers
        # unquoted; the provenance is report.json's, not "# key" lines.
        with open(os.path.join(d, "test_rt_instr_susp_deep_serial.csv"), encoding="utf-8") as f:
            csv_text = f.read()
        rows = list(csv.DictReader(csv_text.splitlines()))
        self.assertEqual(list(rows[0]), ["cluster", "core", "powerdown_ns", "wakeup_ns",
                                         "cflush_ns"])
        self.assertEqual([(r["cluster"], r["core"]) for r in rows],
                         [("0", "0"), ("0", "1"), ("1", "0"), ("1", "1")])
        self.assertTrue(all(int(r["powerdown_ns"]) > 0 for r in rows))
        self.assertNotIn('"', csv_text)
        self.assertNotIn("#", csv_text)

    def test_errata_applied(self):
        """The CPU errata and CVE workarounds BL31's boot log says it
        applied (lib/cpus/errata.c) are the run's provenance; the skipped
        ones are not."""
        rows = ("NOTICE:  BL31: CPU Neoverse N1 r3p0 (MIDR 0x413fd0c0)\n"
                "NOTICE:  BL31: Neoverse N1 CVE-2018-3639: applied: PSTATE.SSBS = 0 at reset\n"
                "NOTICE:  BL31: Neoverse N1 erratum 1542419 (r3p0-r4p0): applied: patch\n"
                "NOTICE:  BL31: Neoverse N1 erratum 1946160 (r3p0-r4p1): skipped, no "
                "IMPLEMENTATION DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0): patches\n"
                "NOTICE:  BL31: Neoverse N1 CVE-2025-10263: skipped, built with "
                "WORKAROUND_CVE_2025_10263=0\n")
        banner = "NOTICE:  BL31: v0.1-abc1234(release)\n"
        rc, out, d = self.report(console().replace(banner, banner + rows))
        self.assertEqual(rc, 0, out)
        self.assertEqual(self.json(d)["provenance"]["errata"], ["CVE-2018-3639", "1542419"])
        self.assertIn(":CPU errata applied: CVE-2018-3639 1542419 (BL31's boot log)",
                      self.rst(d))
        rc, out, d = self.report(console())
        self.assertNotIn("errata", self.json(d)["provenance"])

    def test_six_tables_of_medians(self):
        def v(it, test, cl, co, f):
            if test == "susp_deep_parallel":
                return 816 if it == 2 else 800
            return 832
        rc, out, d = self.report(console(3, v))
        self.assertEqual(rc, 0, out)
        rst = self.rst(d)
        self.assertEqual(rst.count(".. table::"), 6)
        self.assertIn("3 iterations of every scenario", rst)
        with open(os.path.join(d, "test_rt_instr_susp_deep_parallel-samples.csv"),
                  encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        # One sample a row: core 0.0's three Powerdown samples.
        self.assertEqual([(r["sample"], r["value_ns"]) for r in rows
                          if (r["cluster"], r["core"], r["figure"]) == ("0", "0", "Powerdown")],
                         [("0", "800"), ("1", "816"), ("2", "800")])

    def test_icount_serial_must_repeat(self):
        def v(it, test, cl, co, f):
            return 800 + (16 if test == "cpu_susp_serial" and it == 2 and cl == 1 else 0)
        rc, out, d = self.report(console(3, v))
        self.assertEqual(rc, 1, out)
        self.assertIn("test_rt_instr_cpu_susp_serial: core 1.0: Powerdown differs between "
                      "iterations under -icount: [800, 816, 800] ns", out)
        self.assertEqual(self.json(d)["verdict"], "FAIL")
        self.assertIn("**they did not**", self.rst(d))

    def test_icount_parallel_spread_is_interleaving(self):
        def v(it, test, cl, co, f):
            return 624 if test != "susp_deep_parallel" or it % 2 else 5120
        rc, out, d = self.report(console(4, v))
        self.assertEqual(rc, 0, out)
        rst = self.rst(d)
        self.assertIn("they all did (checked)", rst)
        self.assertIn("the spread between samples is that interleaving", rst)

    def test_parallel_samples(self):
        rc, out, d = self.report(console(samples=9, skew=lambda k: 16 * (k % 3)))
        self.assertEqual(rc, 0, out)
        j = self.json(d)
        sc = {s["name"]: s for s in j["scenarios"]}
        par = sc["test_rt_instr_susp_deep_parallel"]
        self.assertEqual(par["samples_per_iteration"], 9)
        st = par["rows"][0]["figures"]["Powerdown"]
        self.assertEqual((len(st["samples_ns"]), st["spread_ns"]), (9, 32))
        self.assertEqual(len(sc["test_rt_instr_susp_deep_serial"]["rows"][0]["figures"]
                             ["Powerdown"]["samples_ns"]), 1)
        self.assertIn("9 samples per core of each parallel scenario per iteration", self.rst(d))
        rc, out, _ = self.report(console(samples=9, drop={(1, "cpu_susp_parallel", 1, 0, 4)}))
        self.assertEqual(rc, 1, out)
        self.assertIn("test_rt_instr_cpu_susp_parallel: 35 rows for 4 cores x 9 samples", out)

    def test_icount_says_instructions(self):
        rc, out, d = self.report(console())
        self.assertIn("µs here is 1000 instructions executed, not the time", self.rst(d))
        rc, out, d = self.report(console(), config=self.config(realtime=1))
        self.assertNotIn("1000 instructions", self.rst(d))

    def test_boot_stopped_is_quoted(self):
        text = ("NOTICE:  BL1: v0.1-abc1234(release)\n"
                "ERROR:   BL1: Trusted Boot FW certificate: NV counter 0 below the platform's 1\n"
                "ERROR:   BL1: Failed to load BL2: nothing was run from the FIP\n")
        rc, out, d = self.report(text, "--exit-status", "3")
        self.assertEqual(rc, 1, out)
        self.assertIn("the boot stopped: ERROR:   BL1: Trusted Boot FW certificate: NV counter 0 "
                      "below the platform's 1 / ERROR:   BL1: Failed to load BL2", out)
        self.assertNotIn("did the payload start", out)
        j = self.json(d)
        self.assertEqual((j["verdict"], j["exit_status"]), ("FAIL", 1))

    def test_board_and_model_logs(self):
        for plat, emulator in (("n1sdp", "hardware"), ("fvp", "Arm Base FVP (model)")):
            self.n += 1
            log = os.path.join(self.dir, f"board{self.n}.log")
            out = os.path.join(self.dir, f"board{self.n}")
            with open(log, "w", encoding="utf-8") as f:
                f.write(console(platform=(plat, plat.upper())))
            # No --hardware: the log names its platform.
            rc, text = self.rt(log, out, "--config", board_config(self.dir, plat))
            self.assertEqual(rc, 0, text)
            p = self.json(out)["provenance"]
            self.assertEqual(p["emulator"], emulator)
            self.assertNotIn("QEMU", json.dumps(p["emulator"]) + p["timing"])
            self.assertNotIn("-icount", p["timing"])
            # A QEMU build's configuration given by mistake is refused.
            rc, text = self.rt(log, out + "-qemu", "--config", self.config())
            self.assertEqual(rc, 2, text)
            self.assertIn(f"is a build of PLAT=qemu, but the log comes from {plat}", text)

    def test_interrupted_while_plotting(self):
        """A Ctrl-C while the plots are drawn leaves the report, CSVs and
        JSON, the verdict saying why (rt_report run in this process, its
        plotting module a stand-in that is interrupted)."""
        import types
        log = os.path.join(self.dir, "ctrl-c.log")
        out = os.path.join(self.dir, "ctrl-c")
        with open(log, "w", encoding="utf-8") as f:
            f.write(console())

        def plot_all(*args):
            raise KeyboardInterrupt
        saved = sys.modules.get("tools.rt_report.plots")
        sys.modules["tools.rt_report.plots"] = types.SimpleNamespace(plot_all=plot_all)
        try:
            rc = rt_report.main(["rt_report.py", log, out, "qemu", "--config", self.config(),
                                 "--quiet"])
        finally:
            if saved is None:
                del sys.modules["tools.rt_report.plots"]
            else:
                sys.modules["tools.rt_report.plots"] = saved
        self.assertEqual(rc, 130)
        j = self.json(out)
        self.assertEqual(j["verdict"], "FAIL")
        self.assertIn("interrupted (Ctrl-C) while drawing the plots: they are incomplete",
                      j["problems"])
        self.assertEqual(len(j["scenarios"]), 6)
        self.assertTrue(os.path.isfile(os.path.join(out, "psci-performance-qemu.rst")))
        self.assertTrue(os.path.isfile(os.path.join(out, "test_rt_instr_cpu_off_serial.csv")))

    def test_realtime_spread_is_noise(self):
        def v(it, test, cl, co, f):
            return 800 + 48 * it
        rc, out, d = self.report(console(3, v), config=self.config(realtime=1))
        self.assertEqual(rc, 0, out)
        rst = self.rst(d)
        self.assertIn("Without ``-icount`` (QEMU in real time) the spread", rst)
        self.assertNotIn("(real time (no -icount))", rst)
        self.assertIn("noise of the host", rst)
        self.assertIn("up to 0.10 µs (10.71% of the median)", rst)

    def test_missing_iteration_rows(self):
        rc, out, _ = self.report(console(2, drop={(2, "cpu_off_serial", 1, 1)}))
        self.assertEqual(rc, 1, out)
        self.assertIn("test_rt_instr_cpu_off_serial: 3 rows for 4 cores (iteration 2)", out)

    def test_rows_the_payload_left_out(self):
        # PAYLOAD_POWERDOWN_SUSPEND=0 (tests/payload/rt_instr.c): the suspend
        # scenarios announced as skipped, CPU_OFF_SERIAL without its lead's row.
        suspends = [n for n, _ in SCENARIOS if "susp" in n]
        why = "PAYLOAD_POWERDOWN_SUSPEND=0: no CPU_SUSPEND that powers a core down"
        text = console(drop={(1, "cpu_off_serial", 0, 0)})
        text = "\n".join(line for line in text.splitlines()
                         if not any(f"test_rt_instr_{n}" in line for n in suspends)) + "\n"
        skipped = "".join(f"PAYLOAD: SKIPPED test_rt_instr_{n}: {why}\n" for n in suspends)
        no_row = ("PAYLOAD: rows of test_rt_instr_cpu_off_serial: none of the lead core c0.0: "
                  "PAYLOAD_POWERDOWN_SUSPEND=0 (its row is its CPU_SUSPEND to the deepest level)\n")
        at = text.index("PAYLOAD: scenario")
        rc, out, d = self.report(text[:at] + skipped + no_row + text[at:])
        self.assertEqual(rc, 0, out)
        j = self.json(d)
        self.assertEqual([s["name"] for s in j["scenarios"]],
                         ["test_rt_instr_cpu_off_serial", "test_rt_instr_psci_version_parallel"])
        self.assertEqual([(r["cluster"], r["core"]) for r in j["scenarios"][0]["rows"]],
                         [(0, 1), (1, 0), (1, 1)])
        self.assertEqual(len(j["left_out"]), 5)
        self.assertIn("No row of the lead core, cluster 0 core 0: PAYLOAD_POWERDOWN_SUSPEND=0",
                      self.rst(d))
        self.assertIn(f"- ``test_rt_instr_cpu_susp_serial``: {why}", self.rst(d))
        # A row missing without the payload's word for it is still a problem.
        rc, out, _ = self.report(text[:at] + skipped + text[at:])
        self.assertEqual(rc, 1, out)
        self.assertIn("test_rt_instr_cpu_off_serial: 3 rows for 4 cores", out)

    def test_old_payload(self):
        rc, out, d = self.report(console(old=True))
        self.assertEqual(rc, 0, out)
        p = self.json(d)["provenance"]
        self.assertEqual((p["midr"], p["counter_hz"], p["iterations"]), ("0x414fd0c1", 62500000, 1))

    def test_failed_run_keeps_its_record(self):
        rc, out, d = self.report(console(verdict="FAIL"), "--exit-status", "124")
        self.assertEqual(rc, 1, out)
        j = self.json(d)
        self.assertEqual(j["verdict"], "FAIL")
        self.assertIn("the run exited 124 (the time limit)", j["problems"])
        self.assertEqual(len(j["scenarios"]), 6)     # the partial figures
        self.assertIn("**Verdict: FAIL.**", self.rst(d))

    def test_a_later_verdict_counts(self):
        # SYSTEM_OFF2 came back after the PASS: the payload's second verdict, FAIL, stands.
        text = console() + ("PAYLOAD: calling SYSTEM_OFF2 (HIBERNATE_OFF)\n"
                            "PAYLOAD: ERROR: SYSTEM_OFF2 returned -2\nPAYLOAD: RESULT: FAIL\n")
        rc, out, d = self.report(text)
        self.assertEqual(rc, 1, out)
        self.assertEqual(self.json(d)["verdict"], "FAIL")
        self.assertIn("the payload's verdict is not PASS", self.json(d)["problems"])

    def test_no_measurement(self):
        rc, out, d = self.report("NOTICE:  BL31: v0.1-abc1234(release)\n")
        self.assertEqual(rc, 2, out)
        self.assertIn("did the payload start?", out)
        self.assertEqual((self.json(d)["verdict"], self.json(d)["exit_status"]), ("ERROR", 2))


class Baseline(Tmp):
    def slower(self, it, test, cl, co, f):
        return value(it, test, cl, co, f) * (2 if test == "cpu_susp_serial" and f == 0 else 1)

    def test_deltas_and_baseline_table(self):
        rc, out, base = self.report(console())
        self.assertEqual(rc, 0, out)
        rc, out, d = self.report(console(values=self.slower), "--baseline", base)
        self.assertEqual(rc, 0, out)
        rst = self.rst(d)
        self.assertIn("| 1.28 (+100.00%) |", rst)
        self.assertIn("(baseline v0.1-abc1234", rst)
        self.assertEqual(rst.count(".. table::"), 12)
        self.assertNotIn("(+0.00%)", rst)
        row = self.json(d)["scenarios"][3]["rows"][0]["figures"]["Powerdown"]
        self.assertEqual((row["baseline_median_ns"], row["delta_percent"]), (640, 100.0))
        self.assertIn("The two builds ran the same options, errata rows, CPU and compiler.", rst)
        self.assertEqual(self.json(d)["baseline"]["differences"], [])

    def test_what_the_builds_ran_differently_is_said(self):
        """make compare REF= across a change of default: the figures that
        moved, and why (an option and an erratum row the baseline had not)."""
        def with_errata(text, rows):
            return text.replace("NOTICE:  BL31: v0.1-abc1234(release)\n",
                                "NOTICE:  BL31: v0.1-abc1234(release)\n" + "".join(
                                    f"NOTICE:  BL31: Neoverse N1 CVE-{r}: applied: x\n"
                                    for r in rows))
        old = self.config()
        with open(old, "a", encoding="utf-8") as f:
            f.write("WORKAROUND_CVE_2018_3639 := 0\n")
        _, _, base = self.report(with_errata(console(), ["2022-23960"]), config=old)
        new = os.path.join(self.dir, "new.mk")
        with open(self.config(), encoding="utf-8") as f, open(new, "w", encoding="utf-8") as g:
            g.write(f.read() + "WORKAROUND_CVE_2018_3639 := 1\n")
        rc, out, d = self.report(with_errata(console(values=self.slower),
                                             ["2022-23960", "2018-3639"]),
                                 "--baseline", base, config=new)
        self.assertEqual(rc, 0, out)
        diffs = self.json(d)["baseline"]["differences"]
        self.assertIn("WORKAROUND_CVE_2018_3639=1 here, 0 in the baseline", diffs)
        self.assertIn("errata applied: +CVE-2018-3639 (+ here only, - in the baseline only)",
                      diffs)
        self.assertIn("rt_report: this run differs from the baseline: WORKAROUND_CVE_2018_3639=1 "
                      "here, 0 in the baseline", out)
        self.assertIn("- WORKAROUND_CVE_2018_3639=1 here, 0 in the baseline", self.rst(d))

    def test_fail_above(self):
        _, _, base = self.report(console())
        rc, out, d = self.report(console(values=self.slower), "--baseline", base,
                                 "--fail-above", "5")
        self.assertEqual(rc, 1, out)
        self.assertIn("worse than the baseline: test_rt_instr_cpu_susp_serial: core 0.0: "
                      "Powerdown 0.64 -> 1.28 µs (+100.00%; spreads 0.00 and 0.00 µs)", out)
        j = self.json(d)
        self.assertEqual(len(j["regressions"]), 4)
        # The verdict is what the exit status says.
        self.assertEqual((j["verdict"], j["exit_status"]), ("FAIL", 1))
        self.assertIn("**Verdict: FAIL.** 4 regression(s):", self.rst(d))
        rc, out, d = self.report(console(), "--baseline", base, "--fail-above", "5")
        self.assertEqual(rc, 0, out)
        self.assertEqual((self.json(d)["verdict"], self.json(d)["regressions"]), ("PASS", []))

    def test_identical_runs_compare_clean(self):
        def noisy(k):
            return (0, 16, 2352, 0, 16, 0, 1360, 0, 0)[k]
        _, _, base = self.report(console(samples=9, skew=noisy))
        rc, out, d = self.report(console(samples=9, skew=noisy), "--baseline", base,
                                 "--fail-above", "5")
        self.assertEqual(rc, 0, out)
        self.assertEqual(self.json(d)["regressions"], [])

    def test_interleaving_is_not_a_regression(self):
        """A parallel figure whose median moves from one mode to the other,
        by far more than 5% but within both runs' spread, is shown with its
        delta and is no regression."""
        _, _, base = self.report(console(samples=9, skew=lambda k: 2352 if k < 4 else 0))
        rc, out, d = self.report(console(samples=9, skew=lambda k: 2352 if k < 5 else 0),
                                 "--baseline", base, "--fail-above", "5")
        self.assertEqual(rc, 0, out)
        st = self.json(d)["scenarios"][0]["rows"][0]["figures"]["Powerdown"]
        self.assertGreater(st["delta_percent"], 100)
        self.assertEqual((st["spread_ns"], st["baseline_spread_ns"]), (2352, 2352))
        self.assertEqual(self.json(d)["regressions"], [])

    def test_a_tick_is_not_a_regression(self):
        """One counter tick (16 ns) on a 32 ns cache flush is +50%, and
        where the interval fell on the counter's grid, not a change."""
        _, _, base = self.report(console(values=lambda it, t, cl, co, f: 32))
        rc, out, d = self.report(console(values=lambda it, t, cl, co, f: 48 if t == "cpu_off_serial"
                                         else 32), "--baseline", base, "--fail-above", "5")
        self.assertEqual(rc, 0, out)
        # Within the counter's resolution: no percentage, and said why.
        self.assertNotIn("(+50.00%)", self.rst(d))
        self.assertIn("| 0.05      |", self.rst(d))
        self.assertIn("by more than one counter tick (16 ns", self.rst(d))
        self.assertEqual(self.json(d)["regressions"], [])

    def test_a_hundred_instructions_are(self):
        """A planted 100-instruction delay (6 ticks) in a serial path is
        flagged, with the figure named."""
        _, _, base = self.report(console(samples=9, skew=lambda k: 16 * (k % 2)))
        rc, out, d = self.report(console(samples=9, skew=lambda k: 16 * (k % 2),
                                         values=lambda it, t, cl, co, f: value(it, t, cl, co, f)
                                         + (96 if t.startswith("cpu_susp") and f == 0 else 0)),
                                 "--baseline", base, "--fail-above", "5")
        self.assertEqual(rc, 1, out)
        self.assertIn("test_rt_instr_cpu_susp_serial: core 0.0: Powerdown 0.64 -> 0.74 µs", out)
        self.assertIn("test_rt_instr_cpu_susp_parallel: core 0.0: Powerdown", out)

    def test_refuses_other_topology(self):
        _, _, base = self.report(console())
        rc, out, d = self.report(console(shape=(1, 2)), "--baseline", base,
                                 config=self.config(clusters=1))
        self.assertEqual(rc, 2, out)
        self.assertIn("refusing to compare", out)
        j = self.json(d)       # the run's own report, without the comparison
        self.assertEqual((j["verdict"], j["exit_status"], j["baseline"]), ("ERROR", 2, None))
        self.assertIn("topology", j["baseline_refused"])
        self.assertIn("topology: 2 here, 2+2 in the baseline", out)
        rc, out, _ = self.report(console(shape=(1, 2)), "--baseline", base, "--force",
                                 config=self.config(clusters=1))
        self.assertEqual(rc, 0, out)

    def test_refuses_other_timing(self):
        _, _, base = self.report(console())
        rc, out, _ = self.report(console(), "--baseline", base, config=self.config(realtime=1))
        self.assertEqual(rc, 2, out)
        self.assertIn("timing: real time (no -icount) here, -icount", out)

    def test_refuses_other_platform(self):
        _, _, base = self.report(console())
        self.edit_json(base, lambda j: j["provenance"].update(platform="n1sdp"))
        rc, out, _ = self.report(console(), "--baseline", base)
        self.assertEqual(rc, 2, out)
        self.assertIn("platform: qemu here, n1sdp in the baseline", out)

    def test_platform_from_the_log(self):
        rc, out, d = self.report(console())
        self.assertEqual(rc, 0, out)
        self.assertIn("Runtime Instrumentation Testing - QEMU virt\n", self.rst(d))
        rc, out, _ = self.report(console(platform=("n1sdp", "Arm N1SDP")))
        self.assertEqual(rc, 2, out)
        self.assertIn("PLAT=qemu, but the log comes from n1sdp (Arm N1SDP)", out)

    def test_not_a_run(self):
        rc, out, _ = self.report(console(), "--baseline", self.dir)
        self.assertEqual(rc, 2, out)
        self.assertIn("no report.json", out)


BENCH = """NOTICE:  BL31: v0.1-abc1234(release)
PAYLOAD: bench
BENCH: DRAM zeroing                  66000 ns/call
BENCH: floor: an SMC the vectors answer  60 ns/call
BENCH: PSCI_VERSION                    {v} ns/call
BENCH: CPU_ON + warm boot + CPU_OFF   9000 ns/cycle
PAYLOAD: RESULT: PASS
"""


class Bench(Tmp):
    def test_figures_kept_and_compared(self):
        rc, out, base = self.report(BENCH.format(v=400), tool="bench_report")
        self.assertEqual(rc, 0, out)
        j = self.json(base, "bench.json")
        self.assertEqual([b["ns"] for b in j["benchmarks"]], [66000, 60, 400, 9000])
        # The distance from the floor, in ns, of it and each path after it
        # (the SMCs), in the record and shown; none for a path before it.
        self.assertEqual([b.get("above_floor_ns") for b in j["benchmarks"]],
                         [None, 0, 340, 8940])
        log = os.path.join(self.dir, "shown.log")
        with open(log, "w", encoding="utf-8") as f:
            f.write(BENCH.format(v=400))
        shown = subprocess.run(module.command("tools.rt_report.bench_report") + [
            log, os.path.join(self.dir, "shown"), "qemu", "--config", self.config()],
            capture_output=True, text=True, env=self.env, check=False).stdout
        self.assertRegex(shown, r"BENCH: PSCI_VERSION +400 ns/call +\+340 ns above the floor")
        self.assertRegex(shown, r"BENCH: DRAM zeroing +66000 ns/call\n")
        self.assertEqual(j["provenance"]["firmware"], "v0.1-abc1234")
        rc, out, _ = self.report(BENCH.format(v=480), "--baseline", base, "--fail-above", "5",
                                 tool="bench_report")
        self.assertEqual(rc, 1, out)
        self.assertIn("PSCI_VERSION: 400 -> 480 ns/call (+20.00%)", out)
        rc, out, _ = self.report(BENCH.format(v=404), "--baseline", base, "--fail-above", "5",
                                 tool="bench_report")
        self.assertEqual(rc, 0, out)
        self.assertNotIn("differs from the baseline", out)

    def test_no_floor(self):
        # An older payload measured no floor: no distance, the figures kept.
        text = BENCH.format(v=400).replace("BENCH: floor: an SMC the vectors answer  60 ns/call\n",
                                           "")
        rc, out, d = self.report(text, tool="bench_report")
        self.assertEqual(rc, 0, out)
        self.assertNotIn("above_floor_ns", self.json(d, "bench.json")["benchmarks"][1])

    def test_no_figure(self):
        rc, out, d = self.report("PAYLOAD: RESULT: PASS\n", tool="bench_report")
        self.assertEqual(rc, 1, out)
        self.assertIn("no BENCH figure", out)
        self.assertEqual(self.json(d, "bench.json")["verdict"], "FAIL")


class Runs(Tmp):
    def test_one_directory_per_run(self):
        a = runs.new_run_dir(self.dir, "release-gnu", "latest")
        b = runs.new_run_dir(self.dir, "release-gnu", "latest")
        c = runs.new_run_dir(self.dir, "debug-llvm-REALTIME=1", "latest")
        self.assertEqual(len({a, b, c}), 3)
        self.assertEqual(os.path.realpath(os.path.join(self.dir, "latest")), os.path.realpath(c))
        self.assertTrue(os.path.basename(c).startswith("debug-llvm-REALTIME=1-"))

    def test_latest_pass(self):
        def run(name, verdict, scenarios=("x",)):
            d = runs.new_run_dir(self.dir, name, "latest")
            with open(os.path.join(d, "report.json"), "w", encoding="utf-8") as f:
                json.dump({"verdict": verdict, "scenarios": list(scenarios)}, f)
            return d
        good = run("release-gnu", "PASS")
        run("release-gnu-1a2b3c4d", "PASS")       # another variant
        run("release-gnu", "FAIL")
        run("release-gnu", "PASS", scenarios=())   # no figures (instrumentation off)
        self.assertEqual(runs.latest_pass(self.dir, "release-gnu"), good)
        self.assertIsNone(runs.latest_pass(self.dir, "debug-gnu"))

    def test_short_names_and_every_option_recorded(self):
        """make run with a dozen options: the run's name holds their hash
        (the Makefile's RUN_VARIANT), its provenance every one."""
        opts = " ".join(f"OPTION_{i}={'x' * 40}" for i in range(12))
        rc, out, d = self.report(console(), "--run-options", opts)
        self.assertEqual(rc, 0, out)
        self.assertEqual(len(self.json(d)["provenance"]["run_options"]), 12)
        self.assertIn(f":Run options: {opts}", self.rst(d))


class QuietRun(Tmp):
    """make run again with nothing changed (tools/rt_report/runs.py): QEMU
    stood in for by a script printing a payload's console."""

    def test_nothing_changed_is_quiet(self):
        text = console()
        con = os.path.join(self.dir, "console.txt")
        with open(con, "w", encoding="utf-8") as f:
            f.write(text)
        with open(self.qemu, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\n[ \"$1\" = --version ] && { echo 'QEMU emulator version 7.2.0 "
                    f"(stand-in)'; exit 0; }}\ncat '{con}'\n")
        config = self.config()
        flash = os.path.join(self.dir, "flash.bin")
        with open(flash, "wb") as f:
            f.write(b"\x01" * 4096)
        reports = os.path.join(self.dir, "report")

        def make_run():
            r = subprocess.run(module.command("tools.rt_report.runs") +
                               ["report", "--runs", reports, "--variant", "release-gnu", "--plat",
                                "qemu", "--config", config, "--flash", flash, "--timeout", "60"],
                               capture_output=True, text=True, env=self.env, check=False)
            return r.returncode, r.stdout.splitlines()
        rc, first = make_run()
        self.assertEqual(rc, 0, first)
        self.assertGreater(len(first), 100)       # the console and the report
        rc, again = make_run()
        self.assertEqual(rc, 0, again)
        self.assertLessEqual(len(again), 2, again)
        self.assertRegex(again[-1], r"^make run: nothing changed since release-gnu-\d{8}-\d{6}"
                                    r"(-\d+)? \(the same flash image, configuration and QEMU "
                                    r"arguments\): the same figures$")
        with open(flash, "ab") as f:              # another image: all of it again
            f.write(b"\x02")
        rc, changed = make_run()
        self.assertEqual(rc, 0, changed)
        self.assertGreater(len(changed), 100)


class BoardLog(Tmp):
    """A board's console log: the report takes the provenance of the build
    that made its firmware, found from the log (the platform it names, the
    banner's build type and version) or given, and refuses to guess."""

    def board_log(self):
        log = os.path.join(self.dir, "n1sdp.log")
        with open(log, "w", encoding="utf-8") as f:
            f.write(console(platform=("n1sdp", "Arm N1SDP")))
        return log

    def test_found_from_the_banner(self):
        base = os.path.join(self.dir, "build")
        board_config(base, btype="debug", version="0.1-0000000")    # another build
        board_config(base)
        out = os.path.join(self.dir, "out")
        rc, text = self.rt(self.board_log(), out, "--build-base", base)
        self.assertEqual(rc, 0, text)
        p = self.json(out)["provenance"]
        self.assertEqual(p["options"], {"DEBUG": "0", "LOG_LEVEL": "20", "PLAT": "n1sdp",
                                        "WORKAROUND_CVE_2022_23960": "1"})
        self.assertEqual(p["compiler"], "aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0")
        self.assertEqual((p["emulator"], p["timing"]), ("hardware", "hardware"))
        rst = self.rst_of(out, "n1sdp")
        self.assertIn(":Compiler: aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0\n", rst)
        self.assertIn(":Build options: DEBUG=0 LOG_LEVEL=20 PLAT=n1sdp "
                      "WORKAROUND_CVE_2022_23960=1\n", rst)
        self.assertNotIn("unknown", rst.lower())
        self.assertNotIn("FIP_PAYLOADS", rst)      # a fact of the build, not an option

    def test_refused_without_its_build(self):
        base = os.path.join(self.dir, "build")
        log = self.board_log()
        rc, text = self.rt(log, os.path.join(self.dir, "a"), "--build-base", base)
        self.assertEqual(rc, 2, text)
        self.assertIn("the log's firmware is v0.1-abc1234 (n1sdp, release), and there is no "
                      "such build in", text)
        self.assertIn("give --config BUILD/config.mk of the build that made it (make report: "
                      "REPORT_CONFIG=), or --without-build (REPORT_CONFIG=none)", text)
        board_config(base, version="0.1-def5678")
        rc, text = self.rt(log, os.path.join(self.dir, "b"), "--build-base", base)
        self.assertEqual(rc, 2, text)
        self.assertIn("is the build of v0.1-def5678, but the log's firmware is v0.1-abc1234",
                      text)
        debug = board_config(self.dir, btype="debug")
        rc, text = self.rt(log, os.path.join(self.dir, "c"), "--config", debug)
        self.assertEqual(rc, 2, text)
        self.assertIn("is a debug build, but the log's firmware is a release build", text)

    def test_the_options_its_banner_names(self):
        """Two builds of one commit print one version: the banner's options
        id (SHA-256 of config.h) tells which build made the log."""
        base = os.path.join(self.dir, "build")
        path = board_config(base)
        config_h = os.path.join(os.path.dirname(path), "include", "config.h")
        os.makedirs(os.path.dirname(config_h))
        with open(config_h, "w", encoding="utf-8") as f:
            f.write("#define WORKAROUND_CVE_2022_23960 1\n")
        with open(config_h, "rb") as f:
            built = hashlib.sha256(f.read()).hexdigest()[:8]
        log = self.board_log()
        with open(log, encoding="utf-8") as f:
            text = f.read()
        for i, (logged, rc_wanted) in enumerate(((built, 0), ("0badc0de", 2))):
            with open(log, "w", encoding="utf-8") as f:
                f.write(text.replace("NOTICE:  BL31: v0.1-abc1234(release)\n",
                                     "NOTICE:  BL31: v0.1-abc1234(release)\n"
                                     f"NOTICE:  BL31: Built : 10:00:00, Dec  5 2026, options "
                                     f"{logged}\n"))
            rc, out = self.rt(log, os.path.join(self.dir, f"o{i}"), "--build-base", base)
            self.assertEqual(rc, rc_wanted, out)
        self.assertIn(f"is the build of options {built}, but the log's firmware was built with "
                      "options 0badc0de", out)

    def test_a_boot_that_stopped_in_bl1(self):
        """No BL31 banner: BL1's names the build; the report is the failure's."""
        base = os.path.join(self.dir, "build")
        board_config(base)
        log = os.path.join(self.dir, "stopped.log")
        with open(log, "w", encoding="utf-8") as f:
            f.write("NOTICE:  BL1: v0.1-abc1234(release)\n"
                    "ERROR:   BL1: Failed to load BL2: nothing was run from the FIP\n")
        out = os.path.join(self.dir, "out")
        # (no payload named the platform: make report LOG= PLAT=n1sdp)
        rc, text = self.rt(log, out, "n1sdp", "--build-base", base)
        self.assertEqual(rc, 1, text)
        self.assertIn("the boot stopped: ERROR:   BL1: Failed to load BL2", text)
        p = self.json(out)["provenance"]
        self.assertEqual((p["build_type"], p["options"]["PLAT"]), ("release", "n1sdp"))
        self.assertNotIn("firmware", p)

    def test_without_build(self):
        out = os.path.join(self.dir, "out")
        rc, text = self.rt(self.board_log(), out, "--without-build")
        self.assertEqual(rc, 0, text)
        p = self.json(out)["provenance"]
        self.assertNotIn("compiler", p)
        self.assertNotIn("options", p)
        rst = self.rst_of(out, "n1sdp")
        self.assertIn(":Compiler: not known (no build given)", rst)
        self.assertNotIn("unknown", rst.lower())

    def rst_of(self, out, plat):
        with open(os.path.join(out, f"psci-performance-{plat}.rst"), encoding="utf-8") as f:
            return f.read()


class BoardBuild(Tmp):
    """QEMU's build against the board's (config.mk's PLAT_BOARD and
    BOARD_DIFFERENCES, which the Makefile writes): one line in the report
    and in make bench."""

    def qemu_config(self, differences="", cpu="neoverse-n1"):
        path = self.config()
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"PLAT_BOARD := n1sdp\nPLAT_BOARD_CPU := neoverse-n1\n"
                    f"BOARD_DIFFERENCES := {differences}\n")
        if cpu != "neoverse-n1":
            with open(path, encoding="utf-8") as f:
                text = f.read().replace("QEMU_CPU := neoverse-n1", f"QEMU_CPU := {cpu}")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return path

    def test_the_board_s_build(self):
        """The board's options are not the board: QEMU's N1 skips the
        board's rows for want of its IMPLEMENTATION DEFINED registers, and
        the line says which, never "the same as make PLAT=n1sdp's"."""
        text = console().replace(
            "NOTICE:  BL31: v0.1-abc1234(release)\n", "NOTICE:  BL31: v0.1-abc1234(release)\n"
            "NOTICE:  BL31: Neoverse N1 erratum 1946160 (r3p0-r4p1): skipped, no IMPLEMENTATION "
            "DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0): instruction patches 3-5 at reset\n"
            "NOTICE:  BL31: Neoverse N1 erratum 2743102 (r0p0-r4p1): skipped, no IMPLEMENTATION "
            "DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0): DSB SY between setting "
            "CORE_PWRDN_EN and its ISB\n")
        rc, out, d = self.report(text, config=self.qemu_config())
        self.assertEqual(rc, 0, out)
        self.assertNotIn("the same as make PLAT=n1sdp's", self.rst(d))
        self.assertIn(":Board build: make PLAT=n1sdp's options: every option that changes "
                      "the firmware's code has the board's value; CPU neoverse-n1, the board's "
                      "model; not all of the board's code runs: this r4p1 skips the rows of "
                      "1946160, 2743102 (no IMPLEMENTATION DEFINED registers here "
                      "(PLAT_CPU_IMPDEF_REGS=0)), which the board's cores run where their "
                      "revision needs them (BL31's log says what each does); what else differs: "
                      "docs/perf/qemu-and-board.rst\n", self.rst(d))
        self.assertEqual(self.json(d)["provenance"]["board"],
                         {"platform": "n1sdp", "cpu": "neoverse-n1", "differences": []})

    def test_bench_names_the_revision_from_bl31(self):
        """make bench's payload prints no MIDR: BL31's CPU line gives the
        revision the skipped rows are named with."""
        text = BENCH.format(v=126).replace(
            "NOTICE:  BL31: v0.1-abc1234(release)\n", "NOTICE:  BL31: v0.1-abc1234(release)\n"
            "NOTICE:  BL31: CPU Neoverse N1 r4p1 (MIDR 0x414fd0c1)\n"
            "NOTICE:  BL31: Neoverse N1 erratum 2743102 (r0p0-r4p1): skipped, no IMPLEMENTATION "
            "DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0): DSB SY between setting "
            "CORE_PWRDN_EN and its ISB\n")
        r = subprocess.run(module.command("tools.rt_report.bench_report") + [
            self.write(text), os.path.join(self.dir, "b3"), "--config", self.qemu_config()],
            capture_output=True, text=True, env=self.env, check=False)
        self.assertIn("; not all of the board's code runs: this r4p1 skips the rows of 2743102 "
                      "(no IMPLEMENTATION DEFINED registers here (PLAT_CPU_IMPDEF_REGS=0))",
                      r.stdout)

    def test_what_differs(self):
        config = self.qemu_config("WORKAROUND_CVE_2022_23960=0:1 TRUSTED_BOARD_BOOT=0:1",
                                  cpu="cortex-a57")
        rc, out, d = self.report(console(), config=config)
        self.assertEqual(rc, 0, out)
        self.assertIn(":Board build: differs from make PLAT=n1sdp's in "
                      "WORKAROUND_CVE_2022_23960=0 (the board: 1), TRUSTED_BOARD_BOOT=0 (the "
                      "board: 1) (what each moves: docs/perf/qemu-and-board.rst); CPU "
                      "cortex-a57, not the board's neoverse-n1\n", self.rst(d))
        rc, out = self.rt(self.write(BENCH.format(v=126)), os.path.join(self.dir, "b"), "qemu",
                          "--config", config, tool="bench_report")
        self.assertEqual(rc, 0, out)
        # (--quiet prints no figures; the line comes with them.)
        r = subprocess.run(module.command("tools.rt_report.bench_report") + [
            self.write(BENCH.format(v=126)), os.path.join(self.dir, "b2"), "--config", config],
            capture_output=True, text=True, env=self.env, check=False)
        self.assertIn("BENCH: board build: differs from make PLAT=n1sdp's in "
                      "WORKAROUND_CVE_2022_23960=0 (the board: 1)", r.stdout)

    def test_qemu_takes_the_board_s_defaults(self):
        """make help PLAT=qemu and PLAT=n1sdp: every option both platforms
        have has the same default (what BOARD_DIFFERENCES relies on), the
        board's own options and QEMU's apart."""
        def defaults(plat):
            r = subprocess.run(["make", "-s", "--no-print-directory", "-C", module.TOP, "help",
                                f"PLAT={plat}"], capture_output=True, text=True, check=False)
            self.assertEqual(r.returncode, 0, r.stderr)
            return dict(re.findall(r"^  (\w+)=.*?\[(.*)\]$", r.stdout, re.M))
        qemu, board = defaults("qemu"), defaults("n1sdp")
        both = sorted(set(qemu) & set(board))
        self.assertGreaterEqual(len(both), 15, both)
        self.assertEqual({o: qemu[o] for o in both}, {o: board[o] for o in both})
        for o in ("WORKAROUND_CVE_2022_23960", "PSCI_OS_INIT_MODE",
                  "ENABLE_RUNTIME_INSTRUMENTATION"):
            self.assertEqual((o, qemu[o]), (o, "1"))

    def write(self, text):
        self.n += 1
        path = os.path.join(self.dir, f"log{self.n}.log")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path


def old_format(path):
    """Turn the report.json (or bench.json) in @path back into format 1, as
    the tree before units in keys wrote it."""
    with open(path, encoding="utf-8") as f:
        j = json.load(f)
    del j["format"]
    j["provenance"]["run"] = None          # format 1 wrote null fields
    back = {v: k for k, v in schema._FIGURE_V1.items()}
    for sc in j.get("scenarios", []):
        sc["title"] = sc["title"].replace("(ns)", "(µs)")
        for r in sc["rows"]:
            r["figures"] = {n: {back.get(k, k): v for k, v in st.items()}
                            for n, st in r["figures"].items()}
    for b in j.get("benchmarks", []):
        b["baseline"] = b.pop("baseline_ns", None)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(j, f)
    return j


class Units(Tmp):
    """Every number a program reads names its unit; no title says µs over
    ns values; no provenance field is null or "unknown"
    (tools/rt_report/schema.py); records of the older format are read."""

    def check(self, *dirs):
        return [q for d in dirs for f in schema.files_of(d) for q in schema.check_file(f)]

    def test_every_output_names_its_unit(self):
        _, _, base = self.report(console(samples=9, skew=lambda k: 16 * (k % 2)))
        rc, out, d = self.report(console(samples=9, skew=lambda k: 32 * (k % 2)), "--baseline",
                                 base, "--fail-above", "5")
        self.assertEqual(rc, 0, out)
        _, _, bbase = self.report(BENCH.format(v=400), tool="bench_report")
        # A console without the payload's machine line: no counter, no cores.
        rc, out, b = self.report(BENCH.format(v=404), "--baseline", bbase, tool="bench_report")
        self.assertEqual(rc, 0, out)
        self.assertEqual(self.check(base, d, bbase, b), [])
        with open(os.path.join(b, "bench.csv"), encoding="utf-8") as f:
            text = f.read()
        self.assertNotIn("None", text)
        self.assertTrue(text.startswith(
            "path,ns,unit,baseline_ns,delta_percent,above_floor_ns\n"
            "DRAM zeroing,66000,ns/call,66000,0.00,\n"
            "floor: an SMC the vectors answer,60,ns/call,60,0.00,0\n"
            "PSCI_VERSION,404,ns/call,400,1.00,344"), text)
        self.assertEqual(schema.main([base, d, b]), 0)

    def test_each_break_is_caught(self):
        j = {"format": 2, "provenance": {"counter_hz": None, "compiler": "unknown"},
             "scenarios": [{"title": "latencies (µs)", "rows": [
                 {"cluster": 0, "core": 0, "figures": {"Wakeup": {"median_ns": 608,
                                                                  "median": 608}}}]}]}
        got = schema.check_json(j)
        self.assertIn("scenarios[0].title: 'latencies (µs)' says µs over values in ns", got)
        self.assertIn("scenarios[0].rows[0].figures.Wakeup.median: a number without its unit in "
                      "its key", got)
        self.assertIn("provenance.counter_hz: null: a provenance field is filled or absent", got)
        self.assertIn('provenance.compiler: "unknown": a provenance field is filled or absent',
                      got)
        self.assertEqual(len(got), 4, got)
        got = schema.check_csv("# cores: None\n# run: x\n"
                               '"Cluster","Core","Powerdown","wakeup_ns"\n"0","0","608","x"\n')
        self.assertEqual(got, ["line 1: '# cores: None': a provenance field is filled or absent",
                               "column 'Cluster': no unit in its name (e.g. cluster_ns)",
                               "column 'Core': no unit in its name (e.g. core_ns)",
                               "column 'Powerdown': no unit in its name (e.g. powerdown_ns)",
                               "column wakeup_ns: 'x' is not a number"])
        self.assertEqual(schema.check_results_yaml("- {suite: s, case: c, measurement: 0.3}\n"),
                         ["s/c: a measurement without units"])

    def test_old_format_baselines_are_read(self):
        _, _, base = self.report(console())
        old_format(os.path.join(base, "report.json"))
        self.assertNotEqual(self.check(base), [])          # the old format breaks the rules
        rc, out, d = self.report(console(values=lambda *v: Baseline.slower(None, *v)), "--baseline",
                                 base)
        self.assertEqual(rc, 0, out)
        row = self.json(d)["scenarios"][3]["rows"][0]["figures"]["Powerdown"]
        self.assertEqual((row["baseline_median_ns"], row["delta_percent"]), (640, 100.0))
        self.assertIn("| 1.28 (+100.00%) |", self.rst(d))
        _, _, bbase = self.report(BENCH.format(v=400), tool="bench_report")
        old_format(os.path.join(bbase, "bench.json"))
        rc, out, _ = self.report(BENCH.format(v=480), "--baseline", bbase, "--fail-above", "5",
                                 tool="bench_report")
        self.assertEqual(rc, 1, out)
        self.assertIn("PSCI_VERSION: 400 -> 480 ns/call (+20.00%)", out)

    def test_newer_format_refused(self):
        _, _, base = self.report(console())
        self.edit_json(base, lambda j: j.update(format=99))
        rc, out, _ = self.report(console(), "--baseline", base)
        self.assertEqual(rc, 2, out)
        self.assertIn("report.json is of format 99; this tree reads formats 1 to 2", out)


class Help(Tmp):
    def test_every_option_described(self):
        for tool, want in (("rt_report", "the build's config.mk"),
                           ("bench_report", "make bench's figures")):
            r = subprocess.run(module.command("tools.rt_report." + tool) + ["--help"],
                               capture_output=True, text=True, env=self.env, check=False)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn(want, r.stdout)
            opts = [ln.split()[0] for ln in r.stdout.splitlines() if ln.startswith("  -")]
            self.assertGreaterEqual(len(opts), 12, r.stdout)
            lines = r.stdout.splitlines()
            for o in opts:
                i = next(i for i, ln in enumerate(lines) if ln.startswith("  " + o))
                # The description, beside the option or on the next line.
                described = re.search(r"\S  +\S", lines[i].strip()) or (
                    i + 1 < len(lines) and lines[i + 1].startswith(" " * 10))
                self.assertTrue(described, f"{tool} --help: {o} has no description")


class Compare(unittest.TestCase):
    def test_worst_of(self):
        regs = ["a: core 0.0: Powerdown 0.45 -> 0.55 µs (+22.22%; spreads 0.00 and 0.02 µs)",
                "b: core 0.1: Wakeup 0.29 -> 0.40 µs (+37.93%; spreads 0.00 and 0.00 µs)"]
        self.assertEqual(compare.worst_of(regs), regs[1])

    def test_an_older_revision_gets_its_machine_facts(self):
        """A REF older than make_helpers/plat.mk wrote no PLAT_RUNNER nor
        QEMU_MACHINE: compare gives them from this tree's make plat-info,
        and leaves REF's options as they were."""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "config.mk")
            old = "PLAT := qemu\nQEMU_CLUSTERS := 1\nBUILD_OPTIONS := PLAT QEMU_CLUSTERS\n"
            with open(path, "w", encoding="utf-8") as f:
                f.write(old)
            compare.machine_facts(path, "qemu", ["QEMU_CLUSTERS=1", "QEMU_CORES_PER_CLUSTER=3"])
            with open(path, encoding="utf-8") as f:
                text = f.read()
            self.assertTrue(text.startswith(old))
            self.assertIn("\nPLAT_RUNNER := qemu\n", text)
            self.assertIn("\nQEMU_SMP := 3,clusters=1,cores=3\n", text)
            self.assertNotIn("DEBUG :=", text)   # an option: REF's own, or none
            compare.machine_facts(path, "qemu", ["QEMU_CLUSTERS=1", "QEMU_CORES_PER_CLUSTER=3"])
            with open(path, encoding="utf-8") as f:
                self.assertEqual(f.read(), text)  # given once


class RunEnds(Tmp):
    """How a run ends (tools/common/console_watch.py, tools/qemu_run): QEMU
    stood in for by scripts that behave as the case needs."""

    def emulator(self, body):
        path = os.path.join(self.dir, f"emu{self.n}")
        self.n += 1
        with open(path, "w", encoding="utf-8") as f:
            f.write("#!/usr/bin/env python3\nimport os, signal, sys, time\n" + body)
        os.chmod(path, 0o755)
        return path

    def qemu_run(self, qemu, *args):
        r = subprocess.run(module.command("tools.qemu_run.qemu_run") +
                           ["--config", self.config(), "--flash", self.qemu, "--qemu", qemu,
                            "--quiet", "--timeout", "60"] + list(args),
                           capture_output=True, text=True, env=self.env, check=False, timeout=120)
        return r.returncode, r.stdout + r.stderr

    def test_a_payload_exception_ends_the_run_at_once(self):
        """The payload's unexpected exception at EL2 (tests/payload/cpus.c)
        waits for ever: the run ends at once, quoting it and BL2's ERROR."""
        qemu = self.emulator(
            "print('ERROR:   BL2: DTB at 0x40000000 is invalid: totalsize 0x204e20 exceeds the "
            "region size 0x100000; BL33 gets it untouched')\n"
            "print('PAYLOAD: ERROR: unexpected exception, vector slot 4, ESR_EL2 0x97820006, "
            "ELR_EL2 0x6000c9c0', flush=True)\ntime.sleep(100)\n")
        start = time.monotonic()
        rc, out = self.qemu_run(qemu)
        self.assertLess(time.monotonic() - start, 10)
        self.assertEqual(rc, 3, out)
        self.assertIn("qemu_run: the boot stopped:\n  ERROR:   BL2: DTB at 0x40000000 is invalid", out)
        self.assertIn("  PAYLOAD: ERROR: unexpected exception, vector slot 4, ESR_EL2 0x97820006", out)

    def test_qemu_s_own_crash_is_said(self):
        """QEMU killed by a signal of its own: said so, 128 + the signal, as
        a shell does (not 256 - 11 = 245), and the report words it."""
        qemu = self.emulator("print('NOTICE:  BL1: v0.1', flush=True)\n"
                             "os.kill(os.getpid(), signal.SIGSEGV)\n")
        rc, out = self.qemu_run(qemu)
        self.assertEqual(rc, 139, out)
        self.assertIn("qemu_run: emu", out)
        self.assertIn("crashed: killed by SIGSEGV (exit 139; the emulator's own fault, not the "
                      "firmware's)", out)
        code, out, run = self.report(console(), "--exit-status", "139")
        self.assertEqual(code, 1, out)
        self.assertIn("QEMU crashed: killed by SIGSEGV", out)
        self.assertNotIn("exited 139", out)

    def test_a_dtb_whose_blocks_overflow_is_refused_before_boot(self):
        """-dtb FILE: QEMU pads it to twice its size (BL2 cuts that back),
        but blocks past the 1 MiB region are refused before QEMU starts,
        naming the limit; a file that fits goes on to QEMU."""
        def dtb(struct_size, name):
            path = os.path.join(self.dir, name)
            head = [0xd00dfeed, 56 + struct_size, 56, 56 + struct_size, 40, 17, 16, 0, 0,
                    struct_size]
            with open(path, "wb") as f:
                f.write(b"".join(v.to_bytes(4, "big") for v in head) + bytes(16 + struct_size))
            return path
        big, small = dtb(1 << 20, "big.dtb"), dtb(600 << 10, "small.dtb")
        qemu = self.emulator("print('PAYLOAD: RESULT: PASS', flush=True)\n")
        rc, out = self.qemu_run(qemu, "--extra", f"-dtb {big}")
        self.assertEqual(rc, 2, out)
        self.assertIn(f"--extra -dtb {big}: its blocks take 1048632 bytes, more than the 1 MiB "
                      "region BL2 edits the DTB in (PLAT_DTB_MAX_SIZE", out)
        rc, out = self.qemu_run(qemu, "--extra", f"-dtb {small}")
        self.assertEqual(rc, 0, out)


if __name__ == "__main__":
    unittest_main.main(__name__)
