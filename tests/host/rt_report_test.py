#!/usr/bin/env python3
"""Host tests of the report tools (tools/rt_report): parsing the payload's
console, statistics of ITERATIONS, the 2% delta rule in the published form,
baselines and the refusal to compare unlike runs, regressions, the record
of a failed run, make bench's figures and one directory per run.

Consoles are written here in the payload's format (tests/payload/rt_instr.c);
QEMU is a stand-in script that only answers --version, so provenance is
checked without booting anything. Ends with "N passed, N failed".
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tests.lib import unittest_main
from tools.common import module
from tools.rt_report import compare, runs
from tools.rt_report import figures as fig
from tools.rt_report import rt_report, scenarios

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
        path = os.path.join(self.dir, f"config-{realtime}-{clusters}x{cores}.mk")
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"PLAT := qemu\nDEBUG := 0\nQEMU := {self.qemu}\nQEMU_CPU := neoverse-n1\n"
                    f"QEMU_CLUSTERS := {clusters}\nQEMU_CORES_PER_CLUSTER := {cores}\n"
                    f"QEMU_MEMORY_MB := 1024\nREALTIME := {realtime}\nITERATIONS := {iterations}\n")
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
                         {"min": 800, "median": 800, "max": 816, "samples": [800, 816, 800]})

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
        self.assertEqual(sc["rows"][3]["figures"]["Wakeup"]["median"], 16 * 53)

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
        with open(os.path.join(d, "test_rt_instr_susp_deep_serial.csv"), encoding="utf-8") as f:
            csv_text = f.read()
        self.assertIn("# firmware: v0.1-abc1234", csv_text)
        self.assertIn('"Cluster","Core","Powerdown","Wakeup","Cache Flush"', csv_text)

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
            self.assertIn('"0","0","Powerdown","800","800","816","800 816 800"', f.read())

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
        self.assertEqual((len(st["samples"]), st["spread"]), (9, 32))
        self.assertEqual(len(sc["test_rt_instr_susp_deep_serial"]["rows"][0]["figures"]
                             ["Powerdown"]["samples"]), 1)
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
            # No --hardware, and a QEMU build's configuration given by mistake.
            r = subprocess.run(module.command("tools.rt_report.rt_report") + [log, out,
                                "--config", self.config(), "--no-plots", "--quiet"],
                               capture_output=True, text=True, env=self.env, check=False)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            p = self.json(out)["provenance"]
            self.assertEqual(p["emulator"], emulator)
            self.assertNotIn("QEMU", json.dumps(p["emulator"]) + p["timing"])
            self.assertNotIn("-icount", p["timing"])

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
        self.assertIn("Without ``-icount`` (real time (no -icount))", rst)
        self.assertIn("noise of the host", rst)
        self.assertIn("up to 0.10 µs (10.71% of the median)", rst)

    def test_missing_iteration_rows(self):
        rc, out, _ = self.report(console(2, drop={(2, "cpu_off_serial", 1, 1)}))
        self.assertEqual(rc, 1, out)
        self.assertIn("test_rt_instr_cpu_off_serial: 3 rows for 4 cores (iteration 2)", out)

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
        self.assertEqual((row["baseline"], row["delta_percent"]), (640, 100.0))

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
        self.assertEqual((st["spread"], st["baseline_spread"]), (2352, 2352))
        self.assertEqual(self.json(d)["regressions"], [])

    def test_a_tick_is_not_a_regression(self):
        """One counter tick (16 ns) on a 32 ns cache flush is +50%, and
        where the interval fell on the counter's grid, not a change."""
        _, _, base = self.report(console(values=lambda it, t, cl, co, f: 32))
        rc, out, d = self.report(console(values=lambda it, t, cl, co, f: 48 if t == "cpu_off_serial"
                                         else 32), "--baseline", base, "--fail-above", "5")
        self.assertEqual(rc, 0, out)
        self.assertIn("0.05 (+50.00%)", self.rst(d))      # shown, as published
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
        j = self.json(base)
        j["provenance"]["platform"] = "n1sdp"
        with open(os.path.join(base, "report.json"), "w", encoding="utf-8") as f:
            json.dump(j, f)
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
BENCH: PSCI_VERSION                    {v} ns/call
BENCH: CPU_ON + warm boot + CPU_OFF   9000 ns/cycle
PAYLOAD: RESULT: PASS
"""


class Bench(Tmp):
    def test_figures_kept_and_compared(self):
        rc, out, base = self.report(BENCH.format(v=400), tool="bench_report")
        self.assertEqual(rc, 0, out)
        j = self.json(base, "bench.json")
        self.assertEqual([b["ns"] for b in j["benchmarks"]], [400, 9000])
        self.assertEqual(j["provenance"]["firmware"], "v0.1-abc1234")
        rc, out, _ = self.report(BENCH.format(v=480), "--baseline", base, "--fail-above", "5",
                                 tool="bench_report")
        self.assertEqual(rc, 1, out)
        self.assertIn("PSCI_VERSION: 400 -> 480 ns/call (+20.00%)", out)
        rc, out, _ = self.report(BENCH.format(v=404), "--baseline", base, "--fail-above", "5",
                                 tool="bench_report")
        self.assertEqual(rc, 0, out)

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


class Compare(unittest.TestCase):
    def test_worst_of(self):
        regs = ["a: core 0.0: Powerdown 0.45 -> 0.55 µs (+22.22%; spreads 0.00 and 0.02 µs)",
                "b: core 0.1: Wakeup 0.29 -> 0.40 µs (+37.93%; spreads 0.00 and 0.00 µs)"]
        self.assertEqual(compare.worst_of(regs), regs[1])


if __name__ == "__main__":
    unittest_main.main(__name__)
