#!/usr/bin/env python3
"""Host tests of tools/rt_report/linux_report.py (make linux-latency's
report): parsing tools/pmf_idle's lines from a console and from a board's
collect.sh file, the statistics (count, median, 99th percentile, maximum),
the checks (samples per state, figures positive, timestamps in order, the
figures their ticks give, PSCI_STAT_COUNT against the module's count), the
refusals (a malformed line, a sample of an unknown state, a wrong unit, data
cut short) and the files a run writes, BASELINE= deltas included.

The input is written here in pmf_idle's format (docs/tools/pmf_idle.rst).
Ends with "N passed, N failed".
"""
import csv
import json
import os
import re
import subprocess
import tempfile
import unittest

from tests.lib import unittest_main
from tools.common import module
from tools.rt_report import figures as fig
from tools.rt_report import linux_report as lr
from tools.rt_report import schema

HZ = 62500000  # 16 ns per tick
STATES = [(1, "cpu-power-down", 0x00010002, 2, 2, 10), (2, "cluster-pwrdown", 0x01010022, 3, 3, 5000)]


def sample(cpu, seq, idx, name, ps, base, pd=300, wk=125, cf=20):
    """One sample line; @pd/@wk/@cf in ticks."""
    t = [base, base + 10, base + 10 + cf, base + pd, base + pd + 5000, base + pd + 5000 + wk]
    ns = lambda x: x * 1000000000 // HZ  # noqa: E731
    return (f"sample cpu={cpu} seq={seq} idx={idx} state={name} power_state=0x{ps:08x} "
            f"powerdown={ns(pd)}ns wakeup={ns(wk)}ns cflush={ns(cf)}ns "
            f"ticks={','.join(map(str, t))}")


def data(per_state=(5, 8), cpus=2, hotplug=1, stat_extra=0, tweak=None, pd=300):
    """pmf_idle's lines for @cpus CPUs (cluster 0, cores 0..): @per_state
    samples of each state per CPU, their figures varying with the seq."""
    lines = ["pmf_idle 1", "kernel 6.1.0-57-arm64", "smccc 1.5 conduit smc", "pmf_version 1",
             f"counter_hz {HZ}", "ring_size 4096", "psci_stat yes"]
    samples = []
    for cpu in range(cpus):
        seq = 0
        kept = sum(per_state)
        lines.append(f"cpu cpu={cpu} mpidr=0x{cpu:x} next_seq={kept} kept={kept} overwritten=0 "
                     "unmatched=0 exit_cost=25000ns")
        for (idx, name, ps, en, ex, res), n in zip(STATES, per_state):
            hp = hotplug if idx == 1 and cpu else 0
            lines.append(f"state cpu={cpu} idx={idx} state={name} power_state=0x{ps:08x} "
                         f"entry_latency={en}us exit_latency={ex}us min_residency={res}us "
                         f"accepted={n} rejected_order=0 rejected_stale=0 abandoned=1 "
                         f"stat_count={n + hp + (stat_extra if idx == 1 else 0)} "
                         f"stat_residency=1000us")
            for k in range(n):
                samples.append(sample(cpu, seq, idx, name, ps, 1000 + 100000 * seq,
                                      pd=pd + k, wk=125 + 2 * k, cf=20 + idx))
                seq += 1
        lines.append(f"topology cpu={cpu} cluster=0 core={cpu}")
        for idx, name, *_ in STATES:
            lines.append(f"cpuidle cpu={cpu} idx={idx} state={name} usage=99 time=5000us")
        if cpu:
            lines.append(f"hotplug cpu={cpu} count={hotplug}")
    lines += samples + ["end"]
    if tweak:
        lines = tweak(lines)
    return "\n".join(lines) + "\n"


def console(text):
    """@text as make linux-latency's console prints it."""
    body = "".join(f"PMF_IDLE: {ln}\n" for ln in text.splitlines())
    return ("NOTICE:  BL31: v0.1-abc1234(release)\nLATENCY: init started\n"
            "LATENCY: at 9.1 s: loaded and unloaded 100 times, dmesg warnings 0 before, 0 after\n"
            f"LATENCY: BEGIN DATA\n{body}LATENCY: END DATA\nLATENCY: done at 20.0 s\n")


def run(text, *args):
    """linux_report on @text: (exit status, stderr, out dir)."""
    d = tempfile.mkdtemp()
    path = os.path.join(d, "in.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    out = os.path.join(d, "out")
    r = subprocess.run(module.command("tools.rt_report.linux_report") +
                       [path, out, "n1sdp", "--hardware", "--quiet",
                        "--no-plots", "--min-deepest", "8", "--min-each", "5"] + list(args),
                       capture_output=True, text=True, env=module.env(), check=False)
    return r.returncode, r.stderr + r.stdout, out


class Parse(unittest.TestCase):
    def test_board_file_and_console_read_the_same(self):
        a = lr.parse(data())
        b = lr.parse(console(data()))
        self.assertEqual(len(a["sample"]), 26)
        self.assertEqual([s["powerdown"] for s in a["sample"]],
                         [s["powerdown"] for s in b["sample"]])
        self.assertEqual(a["header"]["kernel"], "6.1.0-57-arm64")
        self.assertEqual(a["sample"][0]["ticks"], [1000, 1010, 1031, 1300, 6300, 6425])

    def test_console_lines_outside_the_markers_are_not_data(self):
        text = "PMF_IDLE: sample cpu=9 garbage\n" + console(data())
        self.assertEqual(len(lr.parse(text)["sample"]), 26)

    def test_malformed_line_refused(self):
        bad = data(tweak=lambda ls: ls[:20] + ["sample cpu=0 seq=x"] + ls[20:])
        with self.assertRaisesRegex(lr.InputError, r"line 21: seq=x: not a number"):
            lr.parse(bad)
        with self.assertRaisesRegex(lr.InputError, "no line of pmf_idle's format"):
            lr.parse(data(tweak=lambda ls: ls + ["hello world"]))
        with self.assertRaisesRegex(lr.InputError, "lacks wakeup"):
            lr.parse(data(tweak=lambda ls: [re.sub(r" wakeup=\d+ns", "", ln) for ln in ls]))

    def test_unknown_state_refused(self):
        bad = data(tweak=lambda ls: [ln.replace("idx=2 state=cluster-pwrdown", "idx=3 state=deep")
                                     if ln.startswith("sample") else ln for ln in ls])
        with self.assertRaisesRegex(lr.InputError, "unknown state .*idx 3, deep"):
            lr.parse(bad)

    def test_wrong_unit_refused(self):
        bad = data(tweak=lambda ls: [ln.replace("ns wakeup", "us wakeup", 1) for ln in ls])
        with self.assertRaisesRegex(lr.InputError, r"powerdown=\d+us: wrong unit \(in ns\)"):
            lr.parse(bad)
        bad = data(tweak=lambda ls: [ln.replace("min_residency=10us", "min_residency=10ms")
                                     for ln in ls])
        with self.assertRaisesRegex(lr.InputError, r"wrong unit \(in us\)"):
            lr.parse(bad)

    def test_cut_short_refused(self):
        with self.assertRaisesRegex(lr.InputError, "no 'end' line"):
            lr.parse(data().replace("end\n", ""))

    def test_refusal_exits_2_naming_the_line(self):
        rc, err, _ = run(data(tweak=lambda ls: ls[:9] + ["state cpu=0 idx=1"] + ls[9:]))
        self.assertEqual(rc, 2)
        self.assertIn("line 10:", err)


class Statistics(unittest.TestCase):
    def test_percentile_nearest_rank(self):
        self.assertEqual(fig.percentile(list(range(1, 101)), 99), 99)
        self.assertEqual(fig.percentile(list(range(1, 201)), 99), 198)
        self.assertEqual(fig.percentile([7], 99), 7)
        self.assertEqual(lr.summarize([4, 1, 3, 2]), {"count": 4, "median_ns": 2.5, "p99_ns": 4,
                                                      "max_ns": 4})

    def test_table(self):
        res, problems = lr.analyse(lr.parse(data()), 8, 5)
        self.assertEqual(problems, [])
        row = next(r for r in res["table"] if r["cpu"] == "0.1" and r["state"] == "cluster-pwrdown")
        self.assertEqual(row["count"], 8)
        # Powerdown ticks 300..307: 4800..4912 ns.
        self.assertEqual(row["figures"]["Powerdown"], {"count": 8, "median_ns": 4856,
                                                       "p99_ns": 4912, "max_ns": 4912})
        self.assertEqual(res["deepest"], 2)


class Checks(unittest.TestCase):
    def problems(self, text, deepest=8, each=5):
        return lr.analyse(lr.parse(text), deepest, each)[1]

    def test_too_few_samples_of_the_deepest_state(self):
        p = self.problems(data(), deepest=9)
        self.assertEqual(len(p), 2)
        self.assertIn("cpu 0.0, cluster-pwrdown: 8 samples, fewer than 9", p[0])

    def test_out_of_order_and_not_positive(self):
        def swap(ls):
            i = next(n for n, ln in enumerate(ls) if ln.startswith("sample"))
            ls[i] = sample(0, 0, 1, "cpu-power-down", 0x10002, 1000, cf=0)
            ls[i + 1] = ls[i + 1].replace("ticks=101000,", "ticks=999999999,")
            return ls
        p = self.problems(data(tweak=swap))
        self.assertTrue(any("cflush is 0 ns, not positive" in x for x in p), p)
        self.assertTrue(any("timestamps out of order" in x for x in p), p)

    def test_figure_must_match_its_ticks(self):
        p = self.problems(data(tweak=lambda ls: [ln.replace("powerdown=4800ns", "powerdown=4801ns")
                                                 for ln in ls]))
        self.assertTrue(any("powerdown=4801ns, but its timestamps give 4800ns" in x for x in p), p)

    def test_psci_stat_against_the_module(self):
        self.assertEqual(self.problems(data()), [])
        p = self.problems(data(stat_extra=1))
        self.assertEqual(len(p), 2)
        self.assertIn("PSCI_STAT_COUNT totals 15, the module took 13 and 1 hotplug rounds: +1", p[1])
        p = self.problems(data(hotplug=0, stat_extra=-1))
        self.assertTrue(all("-1" in x for x in p) and len(p) == 2, p)


class Files(unittest.TestCase):
    def test_pass_writes_csv_json_rst(self):
        rc, err, out = run(data())
        self.assertEqual(rc, 0, err)
        with open(os.path.join(out, "samples.csv"), encoding="utf-8") as f:
            rows = [r for r in csv.reader(ln for ln in f if not ln.startswith("#"))]
        self.assertEqual(rows[0], ["cpu", "state", "power_state", "powerdown_ns", "wakeup_ns",
                                   "cflush_ns"])
        self.assertEqual(rows[1], ["0.0", "cpu-power-down", "0x00010002", "4800", "2000", "336"])
        self.assertEqual(len(rows), 27)
        with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
            rep = json.load(f)
        self.assertEqual(rep["verdict"], "PASS")
        self.assertEqual(rep["provenance"]["kernel"], "6.1.0-57-arm64")
        self.assertEqual(rep["provenance"]["emulator"], "hardware")
        with open(os.path.join(out, "linux-latency-n1sdp.rst"), encoding="utf-8") as f:
            rst = f.read()
        self.assertIn(":Kernel: 6.1.0-57-arm64", rst)
        self.assertNotIn("unknown", rst.lower())
        self.assertEqual([q for f in schema.files_of(out) for q in schema.check_file(f)], [])
        self.assertIn("cluster-pwrdown  0x01010022   3                 3                5000", rst)

    def test_fail_exits_1_with_the_record(self):
        rc, err, out = run(data(stat_extra=3))
        self.assertEqual(rc, 1)
        self.assertIn("linux_report: FAIL cpu 0.0: PSCI_STAT_COUNT", err)
        with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["verdict"], "FAIL")

    def test_reload_warnings_fail(self):
        text = console(data()).replace("dmesg warnings 0 before, 0 after",
                                       "dmesg warnings 0 before, 2 after")
        # (a console names its firmware, whose build is not here)
        rc, err, _ = run(text, "--without-build")
        self.assertEqual(rc, 1, err)
        self.assertIn("100 times added 2 warnings", err)
        # (in a build tree of no builds: the checkout's own may hold an n1sdp one)
        rc, err, _ = run(text, "--build-base", tempfile.mkdtemp())
        self.assertEqual(rc, 2, err)
        self.assertIn("the log's firmware is v0.1-abc1234", err)

    def test_baseline_deltas(self):
        rc, err, base = run(data())
        self.assertEqual(rc, 0, err)
        rc, err, out = run(data(pd=400), "--baseline", base)
        self.assertEqual(rc, 0, err)
        with open(os.path.join(out, "linux-latency-n1sdp.rst"), encoding="utf-8") as f:
            rst = f.read()
        self.assertIn("against the baseline", rst)
        self.assertIn("(+", rst)

    def test_old_format_baseline(self):
        """A baseline of the format before units in keys is read as it was."""
        rc, err, base = run(data())
        self.assertEqual(rc, 0, err)
        path = os.path.join(base, "report.json")
        with open(path, encoding="utf-8") as f:
            rep = json.load(f)
        del rep["format"]
        for r in rep["table"]:
            r["figures"] = {n: {k.removesuffix("_ns"): v for k, v in st.items()}
                            for n, st in r["figures"].items()}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(rep, f)
        rc, err, out = run(data(pd=400), "--baseline", base)
        self.assertEqual(rc, 0, err)
        with open(os.path.join(out, "linux-latency-n1sdp.rst"), encoding="utf-8") as f:
            self.assertIn("(+", f.read())


if __name__ == "__main__":
    unittest_main.main(__name__)
