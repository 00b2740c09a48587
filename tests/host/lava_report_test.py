#!/usr/bin/env python3
"""Host tests of LAVA job logs in the report (tools/lava/lava_log.py,
tools/rt_report/jobs.py): a job's log.yaml read as a console, the job's
identity in the provenance, the aggregation of many jobs per board and core
(median, spread, count), the refusal of jobs of other platforms or firmware,
and malformed, truncated and failed logs named by job and line.

Logs are written here in the form lava-run writes and a LAVA server serves
(one YAML mapping a line), from consoles in the payload's format
(tests/host/rt_report_test.py's console()). Ends with "N passed, N failed".
"""
import json
import os
import subprocess
import tempfile
import unittest

from tests.lib import unittest_main
from tests.host.rt_report_test import SCENARIOS, FIGURES, console, value
from tools.common import module
from tools.lava import lava_log
from tools.rt_report import schema


def lava_log_text(text, shape=(2, 2), job="pass", fail_case=None, cut=None, values=value):
    """A job log: every console line as a target entry, then the test cases
    the job's monitors would have made of it (tools/lava/lava_jobs.py)."""
    out = ['- {"dt": "2026-12-02T02:00:00.0", "lvl": "info", '
           '"msg": "lava-dispatcher, installed at version: 2023.01"}']
    for line in text.splitlines():
        out.append("- " + json.dumps({"dt": "2026-12-02T02:00:01.0", "lvl": "target",
                                      "msg": line}))
    for name, n in SCENARIOS:
        for cl in range(shape[0]):
            for co in range(shape[1]):
                for f, figure in enumerate(FIGURES[n].split(",")):
                    case = f"test_rt_instr_{name}_c{cl}_{co}_{figure.lower().replace(' ', '_')}"
                    out.append("- " + json.dumps({"dt": "2026-12-02T02:00:02.0", "lvl": "results",
                                                  "msg": {"definition": "rt-instr-latency",
                                                          "case": case,
                                                          "result": "fail" if case == fail_case
                                                          else "pass",
                                                          "measurement": "%.3f" % (
                                                              values(1, name, cl, co, f) / 1000),
                                                          "units": "us"}}))
    out.append('- {"dt": "2026-12-02T02:00:03.0", "lvl": "results", "msg": {"definition": '
               '"payload", "case": "result", "result": "pass"}}')
    if job:
        out.append('- {"dt": "2026-12-02T02:00:04.0", "lvl": "results", "msg": {"definition": '
                   f'"lava", "case": "job", "result": "{job}"}}}}')
    body = "\n".join(out) + "\n"
    return body if cut is None else body[:cut]


class Jobs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def job(self, ident, device="n1sdp-01", text=None, **kw):
        """A job directory as docs/perf/lava.rst fetches one."""
        d = os.path.join(self.dir, f"job-{ident}")
        os.makedirs(d)
        with open(os.path.join(d, "log.yaml"), "w", encoding="utf-8") as f:
            f.write(text if text is not None else lava_log_text(console(), **kw))
        with open(os.path.join(d, "job-info.yaml"), "w", encoding="utf-8") as f:
            f.write(f"id: {ident}\ndevice: {device}\ndevice_type: qemu\n"
                    f"url: https://lab.invalid/scheduler/job/{ident}\n")
        return d

    def run_report(self, *args):
        r = subprocess.run(module.command("tools.rt_report.rt_report") + list(args),
                           capture_output=True, text=True, check=False,
                           env=module.env(dict(os.environ, SOURCE_DATE_EPOCH="1764590400")))
        return r.returncode, r.stdout + r.stderr

    def aggregate(self, *jobs, force=False):
        out = os.path.join(self.dir, "agg")
        rc, text = self.run_report("--jobs", *jobs, "--out", out, "--quiet",
                                   *(["--force"] if force else []))
        data = None
        if os.path.isfile(os.path.join(out, "lava-jobs.json")):
            with open(os.path.join(out, "lava-jobs.json"), encoding="utf-8") as f:
                data = json.load(f)
        return rc, text, data

    # --- one job's log --------------------------------------------------

    def test_log_console_and_results(self):
        text = console()
        d = self.job(1, text=lava_log_text(text))
        log = lava_log.read(os.path.join(d, "log.yaml"))
        self.assertEqual(log.text(), text)
        cases = [r for r in log.results if r["suite"] == "rt-instr-latency"]
        self.assertEqual(len(cases), (5 * 3 + 1) * 4)
        first = cases[0]
        self.assertEqual((first["case"], first["measurement"], first["units"]),
                         ("test_rt_instr_susp_deep_parallel_c0_0_powerdown",
                          value(1, "susp_deep_parallel", 0, 0, 0) / 1000, "us"))
        self.assertEqual(log.verdict_problems(), [])

    def test_report_from_a_job(self):
        d = self.job(42, device="n1sdp-03")
        out = os.path.join(self.dir, "one")
        # (the lab's build is not here)
        rc, text = self.run_report(os.path.join(d, "log.yaml"), out, "--no-plots", "--quiet",
                                   "--without-build")
        self.assertEqual(rc, 0, text)
        with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
            p = json.load(f)["provenance"]
        self.assertEqual(p["lava"], {"job": "42", "device": "n1sdp-03", "device_type": "qemu",
                                     "url": "https://lab.invalid/scheduler/job/42"})
        with open(os.path.join(out, "psci-performance-qemu.rst"), encoding="utf-8") as f:
            self.assertIn(":LAVA job: 42 on n1sdp-03 (qemu), https://lab.invalid/scheduler/job/42",
                          f.read())

    def test_malformed_line_named(self):
        good = lava_log_text(console()).splitlines()
        good[7] = '- {"dt": "2026-12-02T02:00:01.0", "lvl": "target", "msg": "unterminated'
        d = self.job(7, text="\n".join(good) + "\n")
        rc, text = self.run_report(d, os.path.join(self.dir, "x"), "--no-plots", "--quiet")
        self.assertEqual(rc, 2, text)
        self.assertIn("job 7:", text)
        self.assertIn("log.yaml line 8: not a LAVA log entry", text)

    def test_not_an_entry_named(self):
        good = lava_log_text(console()).splitlines()
        good[3] = "- just text"
        d = self.job(8, text="\n".join(good) + "\n")
        rc, text, _ = self.aggregate(d)
        self.assertEqual(rc, 2, text)
        self.assertIn("job 8:", text)
        self.assertIn("line 4: not a LAVA log entry (a mapping with lvl and msg)", text)

    def test_truncated_mid_line(self):
        full = lava_log_text(console())
        d = self.job(9, text=full[:len(full) // 2])
        rc, text, _ = self.aggregate(d)
        self.assertEqual(rc, 2, text)
        self.assertRegex(text, r"job 9: .*log.yaml line \d+: .*truncated")

    def test_truncated_before_the_job_result(self):
        d = self.job(10, job=None)
        rc, text, _ = self.aggregate(d)
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"job 10: the log ends at line \d+ before the job's own result")

    def test_failed_case_and_missing_cases(self):
        d = self.job(11, fail_case="test_rt_instr_cpu_off_serial_c1_0_wakeup")
        rc, text, _ = self.aggregate(d)
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"job 11: rt-instr-latency/test_rt_instr_cpu_off_serial_c1_0_wakeup: "
                         r"fail \(log line \d+\)")
        lines = [ln for ln in lava_log_text(console()).splitlines()
                 if "test_rt_instr_psci_version_parallel_c1_1" not in ln]
        log_path = os.path.join(self.job(12, text="\n".join(lines) + "\n"), "log.yaml")
        problems = lava_log.read(log_path, name="job 12").verdict_problems()
        self.assertIn("job 12: rt-instr-latency: 3 test cases, 4 expected "
                      "(test_rt_instr_psci_version_parallel: 1 figures x 4 cores)", problems)

    def test_a_job_of_other_test_cases(self):
        """A job without the payload (the Linux job) passes on its own test
        cases; one with only LAVA's own is a problem."""
        lines = ['- {"dt": "x", "lvl": "target", "msg": "LATENCY: init started"}',
                 '- {"dt": "x", "lvl": "results", "msg": {"definition": "linux-latency-states", '
                 '"case": "cpu_0_idx_1_state_cpu_power_down", "result": "pass", '
                 '"measurement": ! "196.0"}}',
                 '- {"dt": "x", "lvl": "results", "msg": {"definition": "lava", "case": "job", '
                 '"result": "pass"}}']
        path = os.path.join(self.job(15, text="\n".join(lines) + "\n"), "log.yaml")
        log = lava_log.read(path, name="job 15")
        self.assertEqual((log.verdict_problems(), log.results[0]["measurement"]), ([], 196.0))
        path = os.path.join(self.job(16, text="\n".join(lines[::2]) + "\n"), "log.yaml")
        self.assertEqual(lava_log.read(path, name="job 16").verdict_problems(),
                         ["job 16: no test case of the job's own (only LAVA's: did the monitors "
                          "see their start lines?)"])

    def test_bad_measurement_named(self):
        text = lava_log_text(console()).replace('"measurement": "0.640"', '"measurement": "n/a"', 1)
        d = self.job(13, text=text)
        rc, out, _ = self.aggregate(d)
        self.assertEqual(rc, 2, out)
        self.assertRegex(out, r"job 13: .*line \d+: rt-instr-latency/.*: measurement 'n/a' is not "
                         "a number")

    def test_job_lost_its_console(self):
        lines = [ln for ln in lava_log_text(console()).splitlines() if '"target"' not in ln]
        d = self.job(14, text="\n".join(lines) + "\n")
        rc, out, _ = self.aggregate(d)
        self.assertEqual(rc, 2, out)
        self.assertIn("job 14", out)
        self.assertIn("no runtime-instrumentation run in its console", out)

    def test_mutated_logs_only_log_errors(self):
        """Any damage to a log is a LogError naming the job, or a log that
        still reads; never another exception (the parser's fuzzing)."""
        import random
        from tools.rt_report import rt_report as rt
        good = lava_log_text(console()).encode()
        rng = random.Random(20)
        path = os.path.join(self.dir, "mutant.yaml")
        errors = 0
        for _ in range(300):
            data = bytearray(good)
            for _ in range(rng.randint(1, 8)):
                i = rng.randrange(len(data))
                op = rng.randrange(3)
                if op == 0:
                    data[i] = rng.randrange(256)
                elif op == 1:
                    del data[i:i + rng.randint(1, 40)]
                else:
                    data[i:i] = bytes(rng.choice(b'{}[]":,\n-!&*') for _ in range(3))
            with open(path, "wb") as f:
                f.write(data)
            try:
                log = lava_log.read(path, name="job m")
                log.verdict_problems()
                rt.parse(log.text())
            except lava_log.LogError as e:
                self.assertTrue(str(e).startswith("job m: "), str(e))
                errors += 1
        self.assertGreater(errors, 100)

    # --- many jobs --------------------------------------------------------

    def test_aggregate_per_board_and_core(self):
        def shifted(by):
            return lambda it, test, cl, co, f: value(it, test, cl, co, f) + by
        jobs = [self.job(1, "board-a", text=lava_log_text(console(values=shifted(0)))),
                self.job(2, "board-a", text=lava_log_text(console(values=shifted(32)))),
                self.job(3, "board-a", text=lava_log_text(console(values=shifted(160)))),
                self.job(4, "board-b", text=lava_log_text(console(values=shifted(16))))]
        rc, text, data = self.aggregate(*jobs)
        self.assertEqual(rc, 0, text)
        rows = {(r["board"], r["cluster"], r["core"], r["figure"]): r
                for r in data["scenarios"]["test_rt_instr_cpu_susp_serial"]}
        base = value(1, "cpu_susp_serial", 1, 0, 1)
        a = rows[("board-a", 1, 0, "Wakeup")]
        self.assertEqual((a["median_ns"], a["spread_ns"], a["count"], a["jobs"]),
                         (base + 32, 160, 3, ["1", "2", "3"]))
        b = rows[("board-b", 1, 0, "Wakeup")]
        self.assertEqual((b["median_ns"], b["spread_ns"], b["count"]), (base + 16, 0, 1))
        self.assertEqual(len(rows), 2 * 4 * 3)
        self.assertEqual(schema.check_file(os.path.join(self.dir, "agg", "lava-jobs.json")), [])
        with open(os.path.join(self.dir, "agg", "lava-jobs.rst"), encoding="utf-8") as f:
            rst = f.read()
        self.assertIn("* job 3 on board-a (qemu): https://lab.invalid/scheduler/job/3", rst)
        self.assertRegex(rst, r"\nboard-a +1 +0 +0\.70 \(0\.16, 3\) +0\.86 \(0\.16, 3\) +1\.02 \(0\.16, 3\)\n")

    def test_refuses_other_firmware(self):
        other = console().replace("v0.1-abc1234", "v0.1-def5678")
        jobs = [self.job(1), self.job(2, text=lava_log_text(other))]
        rc, text, data = self.aggregate(*jobs)
        self.assertEqual(rc, 2, text)
        self.assertIn("refusing to aggregate jobs that differ in firmware: v0.1-abc1234 in "
                      "job(s) 1; v0.1-def5678 in job(s) 2 (--force aggregates anyway)", text)
        self.assertIsNone(data)
        rc, text, data = self.aggregate(*jobs, force=True)
        self.assertEqual(rc, 0, text)
        self.assertTrue(data["forced"])

    def test_refuses_other_platform_and_topology(self):
        fvp = console(platform=("fvp", "Arm Base FVP"))
        big = console(shape=(2, 4))
        jobs = [self.job(1), self.job(2, text=lava_log_text(fvp)),
                self.job(3, text=lava_log_text(big, shape=(2, 4)))]
        rc, text, _ = self.aggregate(*jobs)
        self.assertEqual(rc, 2, text)
        self.assertIn("platform: qemu in job(s) 1, 3; fvp in job(s) 2", text)
        self.assertIn("topology: 2+2 in job(s) 1, 2; 4+4 in job(s) 3", text)

    def test_refuses_a_job_twice(self):
        d = self.job(5)
        rc, text, _ = self.aggregate(d, d)
        self.assertEqual(rc, 2, text)
        self.assertIn("job(s) 5 given more than once", text)


if __name__ == "__main__":
    unittest_main.main(__name__)
