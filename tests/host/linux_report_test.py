#!/usr/bin/env python3
"""Host tests of tools/rt_report/linux_report.py (make linux-latency's
report) and tools/rt_report/linux_trace.py (its trace.dat): parsing
tools/pmf_idle's lines from a console, from a run directory's files and
from a board's collect.sh file, the statistics (count, median, 99th
percentile, maximum), the checks (records per state, figures positive,
timestamps in order, the figures their ticks give, PSCI_STAT_COUNT
against the module's count and the CPU_OFF records, no SMC and no
skipped record when reading the call ring, the ring's cost against the
SMCs'), the refusals (a malformed line, a sample of an unknown state or
function, a wrong unit, data cut short), the idle-state parameters and
their DT fragment, cyclictest's cross-check, the trace's spans, the
check that each event lies inside its cpu_idle span and the Chrome
trace, and the files a run writes, BASELINE= deltas included.

The input is written here in pmf_idle's format (docs/tools/pmf_idle.rst).
Ends with "N passed, N failed".
"""
import csv
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from tests.lib import unittest_main
from tools.common import module
from tools.rt_report import figures as fig
from tools.rt_report import linux_report as lr
from tools.rt_report import linux_trace
from tools.rt_report import schema

HZ = 62500000  # 16 ns per tick
STATES = [(1, "cpu-power-down", 0x00010002, 2, 2, 10), (2, "cluster-pwrdown", 0x01010022, 3, 3, 5000)]


def sample(cpu, seq, idx, name, ps, base, pd=300, wk=125, cf=20, outcome="entered",
           function="CPU_SUSPEND", ring_seq=None, timer=True):
    """One sample line; @pd/@wk/@cf in ticks. Its idle entry 40 ticks
    before ENTER_PSCI, the timer's deadline 100 ticks before
    EXIT_HW_LOW_PWR (@timer), Linux back 60 after EXIT_PSCI."""
    t = [base, base + 10, base + 10 + cf, base + pd, base + pd + 5000, base + pd + 5000 + wk]
    if outcome != "entered":
        t = [base, base + 3, base + 3, base + 3, base + 3, base + 5]
    ns = lambda x: x * 1000000000 // HZ  # noqa: E731
    idle = idx >= 0
    extra = (f" entry={base - 40} deadline={t[4] - 100 if timer else t[4] + 9999} "
             f"exit={t[5] + 60}" if idle else " entry=none deadline=none exit=none")
    return (f"sample cpu={cpu} seq={seq} idx={idx} state={name} power_state="
            f"{'0x%08x' % ps} function={function} outcome={outcome} status=0 "
            f"ring_seq={seq + 1 if ring_seq is None else ring_seq} "
            f"powerdown={ns(t[3] - t[0])}ns wakeup={ns(t[5] - t[4])}ns cflush={ns(t[2] - t[1])}ns"
            f"{extra} ticks={','.join(map(str, t))}")


def data(per_state=(5, 8), cpus=2, hotplug=1, stat_extra=0, tweak=None, pd=300, source="ring",
         idle_smc=0, torn=0, exit_cost=800, abandoned=1):
    """pmf_idle's lines for @cpus CPUs (cluster 0, cores 0..): @per_state
    records of each state per CPU, their figures varying with the seq, and
    on every CPU but the first @hotplug CPU_OFF records and as many
    hotplug rounds, and @abandoned abandoned entries of each state."""
    src = ("ring base=0x5ff00000 size=0x20000 records=256 described=dt" if source == "ring"
           else "smc why=PMF_GET_RING (0xc7000022) returned -1 on CPU 0: the firmware has no call ring")
    lines = ["pmf_idle 2", "kernel 6.1.0-57-arm64", "smccc 1.5 conduit smc", "pmf_version 1",
             f"counter_hz {HZ}", "ring_size 4096", "psci_stat yes", f"source {src}"]
    samples = []
    for cpu in range(cpus):
        seq = 0
        offs = hotplug if cpu else 0
        kept = sum(per_state) + (offs if source == "ring" else 0) + abandoned * len(STATES)
        lines.append(f"cpu cpu={cpu} mpidr=0x{cpu:x} next_seq={kept} kept={kept} overwritten=0 "
                     f"unmatched=0 cpu_off={offs if source == 'ring' else 0} other=0 "
                     f"ring_torn={torn} ring_lost=0 idle_smc={idle_smc} exits=500 "
                     f"exit_cost={exit_cost}ns traced_exits=200 traced_exit_cost=15000ns "
                     "entries=700 entry_cost=4000ns")
        for (idx, name, ps, en, ex, res), n in zip(STATES, per_state):
            hp = hotplug if idx == 1 and cpu else 0
            lines.append(f"state cpu={cpu} idx={idx} state={name} power_state=0x{ps:08x} "
                         f"entry_latency={en}us exit_latency={ex}us min_residency={res}us "
                         f"accepted={n} rejected_order=0 rejected_stale=0 abandoned={abandoned} "
                         f"denied=0 stat_count={n + hp + (stat_extra if idx == 1 else 0)} "
                         f"stat_residency=1000us")
            for k in range(n):
                samples.append(sample(cpu, seq, idx, name, ps, 1000 + 100000 * seq,
                                      pd=pd + k, wk=125 + 2 * k, cf=20 + idx))
                seq += 1
            for _ in range(abandoned):
                samples.append(sample(cpu, seq, idx, name, ps, 1000 + 100000 * seq,
                                      outcome="abandoned"))
                seq += 1
        for _ in range(offs if source == "ring" else 0):
            samples.append(sample(cpu, seq, -1, "none", 0, 1000 + 100000 * seq,
                                  function="CPU_OFF"))
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


def smc_summary(exit_cost=20000):
    """The summary of the phase read by SMC (smc-summary.txt)."""
    text = data(source="smc", hotplug=0, exit_cost=exit_cost)
    return "\n".join(ln for ln in text.splitlines()
                     if not ln.startswith(("sample", "topology", "cpuidle", "hotplug", "end")))


def console(text):
    """@text as make linux-latency's console prints it."""
    body = "".join(f"PMF_IDLE: {ln}\n" for ln in text.splitlines())
    return ("NOTICE:  BL31: v0.1-abc1234(release)\nLATENCY: init started\n"
            "LATENCY: at 9.1 s: loaded and unloaded 100 times, dmesg warnings 0 before, 0 after\n"
            f"LATENCY: BEGIN DATA\n{body}LATENCY: END DATA\nLATENCY: done at 20.0 s\n")


def run(text, *args, files=None):
    """linux_report on @text (and --data with @files): (status, output, out dir)."""
    d = tempfile.mkdtemp()
    path = os.path.join(d, "in.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    more = []
    if files:
        for name, content in files.items():
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(content)
        more = ["--data", d]
    out = os.path.join(d, "out")
    r = subprocess.run(module.command("tools.rt_report.linux_report") +
                       [path, out, "n1sdp", "--hardware", "--quiet",
                        "--no-plots", "--min-deepest", "8", "--min-each", "5"] + more + list(args),
                       capture_output=True, text=True, env=module.env(), check=False)
    return r.returncode, r.stderr + r.stdout, out


class Parse(unittest.TestCase):
    def test_board_file_and_console_read_the_same(self):
        a = lr.parse(data())
        b = lr.parse(console(data()))
        self.assertEqual(len(a["sample"]), 31)
        self.assertEqual([s["powerdown"] for s in a["sample"]],
                         [s["powerdown"] for s in b["sample"]])
        self.assertEqual(a["header"]["kernel"], "6.1.0-57-arm64")
        self.assertEqual(a["sample"][0]["ticks"], [1000, 1010, 1031, 1300, 6300, 6425])
        self.assertEqual(a["source"], "ring")
        off = [s for s in a["sample"] if s["function"] == "CPU_OFF"]
        self.assertEqual([(s["cpu"], s["idx"], s["state"], s["entry"]) for s in off],
                         [(1, -1, "none", None)])

    def test_console_lines_outside_the_markers_are_not_data(self):
        text = "PMF_IDLE: sample cpu=9 garbage\n" + console(data())
        self.assertEqual(len(lr.parse(text)["sample"]), 31)

    def test_malformed_line_refused(self):
        bad = data(tweak=lambda ls: ls[:20] + ["sample cpu=0 seq=x"] + ls[20:])
        with self.assertRaisesRegex(lr.InputError, r"line 21: seq=x: not a number"):
            lr.parse(bad)
        with self.assertRaisesRegex(lr.InputError, "no line of pmf_idle's format"):
            lr.parse(data(tweak=lambda ls: ls + ["hello world"]))
        with self.assertRaisesRegex(lr.InputError, "lacks wakeup"):
            lr.parse(data(tweak=lambda ls: [re.sub(r" wakeup=\d+ns", "", ln) for ln in ls]))
        with self.assertRaisesRegex(lr.InputError, "a malformed source line"):
            lr.parse(data(tweak=lambda ls: [ln.replace("described=dt", "described=") for ln in ls]))
        with self.assertRaisesRegex(lr.InputError, r"deadline=-5: not a number"):
            lr.parse(data(tweak=lambda ls: [re.sub(r"deadline=\d+", "deadline=-5", ln, count=1)
                                            for ln in ls]))

    def test_unknown_state_refused(self):
        bad = data(tweak=lambda ls: [ln.replace("idx=2 state=cluster-pwrdown", "idx=3 state=deep")
                                     if ln.startswith("sample") else ln for ln in ls])
        with self.assertRaisesRegex(lr.InputError, "unknown state .*idx 3, deep"):
            lr.parse(bad)
        bad = data(tweak=lambda ls: [ln.replace("function=CPU_OFF", "function=CPU_ON")
                                     for ln in ls])
        with self.assertRaisesRegex(lr.InputError, "function CPU_ON.*no power call"):
            lr.parse(bad)
        bad = data(tweak=lambda ls: [ln.replace("idx=-1 state=none", "idx=-1 state=deep")
                                     for ln in ls])
        with self.assertRaisesRegex(lr.InputError, "a record of no idle state names state deep"):
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
        with self.assertRaisesRegex(lr.InputError, "no 'source' line"):
            lr.parse(data(tweak=lambda ls: [ln for ln in ls if not ln.startswith("source")]))

    def test_refusal_exits_2_naming_the_line(self):
        rc, err, _ = run(data(tweak=lambda ls: ls[:10] + ["state cpu=0 idx=1"] + ls[10:]))
        self.assertEqual(rc, 2)
        self.assertIn("line 11:", err)


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
        # The abandoned entry is a record, not one of the table's samples.
        self.assertEqual(row["count"], 8)
        # Powerdown ticks 300..307: 4800..4912 ns.
        self.assertEqual(row["figures"]["Powerdown"], {"count": 8, "median_ns": 4856,
                                                       "p99_ns": 4912, "max_ns": 4912})
        self.assertEqual(res["deepest"], 2)

    def test_records_by_function_and_outcome(self):
        res, _ = lr.analyse(lr.parse(data()), 8, 5)
        by = {r["cpu"]: {(b["function"], b["outcome"]): b["count"] for b in r["by"]}
              for r in res["records"]}
        self.assertEqual(by["0.1"], {("CPU_OFF", "entered"): 1, ("CPU_SUSPEND", "abandoned"): 2,
                                     ("CPU_SUSPEND", "entered"): 13})
        self.assertEqual(by["0.0"].get(("CPU_OFF", "entered")), None)
        self.assertEqual(res["cpu_off"][0]["cpu"], "0.1")
        self.assertEqual(res["cpu_off"][0]["figures"]["Wakeup"]["median_ns"], 2000)

    def test_idle_state_parameters(self):
        """Entry latency from the idle entry (40 ticks before ENTER_PSCI) to
        ENTER_HW_LOW_PWR; a timer wake-up's hardware wake (its deadline 100
        ticks before EXIT_HW_LOW_PWR) and exit latency (to Linux back, 60
        ticks after EXIT_PSCI); a wake-up by something else has neither."""
        d = lr.parse(data())
        res, _ = lr.analyse(d, 8, 5)
        row = next(r for r in res["idle_states"] if r["state"] == "cpu-power-down")
        self.assertEqual((row["records"], row["timer_wakeups"]), (10, 10))
        m = row["measured"]
        # Powerdown 300..304 ticks + 40: 340..344 ticks, 5440..5504 ns.
        self.assertEqual(m["entry_latency"], {"count": 10, "median_ns": 5472, "p99_ns": 5504})
        self.assertEqual(m["hw_wake"]["median_ns"], 1600)
        # 100 + Wakeup (125..133 ticks) + 60
        self.assertEqual(m["exit_latency"]["p99_ns"], (100 + 133 + 60) * 16)
        self.assertEqual(row["min_residency_lower_bound"]["p99_ns"], 5504 + (100 + 133 + 60) * 16)
        self.assertEqual(row["dt"], {"entry_latency_us": 2, "exit_latency_us": 2,
                                     "min_residency_us": 10})
        other = lr.parse(data(tweak=lambda ls: [
            sample(0, 0, 1, "cpu-power-down", 0x10002, 1000, timer=False)
            if ln.startswith("sample cpu=0 seq=0 ") else ln for ln in ls]))
        s = other["sample"][0]
        s.update(lr.derived(s, HZ))
        self.assertEqual((s["hw_wake"], s["exit_latency"], s["entry_latency"]), (None, None, 5440))


class Checks(unittest.TestCase):
    def problems(self, text, deepest=8, each=5, **kw):
        return lr.analyse(lr.parse(text), deepest, each, **kw)[1]

    def test_too_few_records_of_the_deepest_state(self):
        p = self.problems(data(), deepest=9)
        self.assertEqual(len(p), 2)
        self.assertIn("cpu 0.0, cluster-pwrdown: 8 records of idle exits, fewer than 9", p[0])

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

    def test_psci_stat_against_the_module_and_its_cpu_off_records(self):
        self.assertEqual(self.problems(data()), [])
        p = self.problems(data(stat_extra=1))
        self.assertEqual(len(p), 2)
        self.assertIn("PSCI_STAT_COUNT totals 15, the module took 13 and 1 CPU_OFFs: +1", p[1])
        # By SMC, init's hotplug rounds stand for the CPU_OFFs.
        self.assertEqual(self.problems(data(source="smc")), [])
        p = self.problems(data(hotplug=0, stat_extra=-1, source="smc"))
        self.assertTrue(all("-1" in x for x in p) and len(p) == 2, p)
        # From the ring, each CPU_OFF is a record: one missing is seen.
        p = self.problems(data(tweak=lambda ls: [ln for ln in ls
                                                 if "function=CPU_OFF" not in ln and not
                                                 ln.startswith("hotplug")] +
                               ["hotplug cpu=1 count=2"]))
        self.assertTrue(any("1 CPU_OFF records from the ring, 2 hotplug rounds" in x for x in p),
                        p)

    def test_the_ring_reads_with_no_smc_and_skips_nothing(self):
        p = self.problems(data(idle_smc=6))
        self.assertTrue(any("6 PMF SMCs on the idle path, reading from the ring" in x for x in p))
        p = self.problems(data(torn=2))
        self.assertTrue(any("ring records skipped: 2 torn" in x for x in p), p)
        p = self.problems(data(source="smc"), require_ring=True)
        self.assertTrue(any("the records came by SMC, not from the call ring" in x for x in p), p)
        # Records that are no ring's, where the ring was read.
        p = self.problems(data(tweak=lambda ls: [re.sub(r"ring_seq=\d+", "ring_seq=0", ln)
                                                 for ln in ls]))
        self.assertTrue(any("cluster-pwrdown: records not from the call ring" in x for x in p), p)

    def test_the_rings_share_of_the_smcs_cost(self):
        smc = lr.parse(smc_summary(20000) + "\nend\n")
        res, p = lr.analyse(lr.parse(data(exit_cost=800)), 8, 5, smc=smc)
        self.assertEqual(p, [])
        self.assertEqual(res["cost"]["smc_exit_ns"], 20000)
        self.assertEqual(res["cost"]["share_percent"], 4.0)
        # A whole idle period: (800 + 4000) ns against (20000 + 4000) ns.
        self.assertEqual(res["cost"]["smc_entry_ns"], 4000)
        self.assertEqual(res["cost"]["period_share_percent"], 20.0)
        # Above the goal: stated, not a verdict (a figure of real time).
        res, p = lr.analyse(lr.parse(data(exit_cost=2500)), 8, 5, smc=smc)
        self.assertEqual(p, [])
        self.assertEqual(res["cost"]["share_percent"], 12.5)
        self.assertIn("12.5% of the SMCs' (the goal: at most 10%; NOT met in this run",
                      "\n".join(lr.cost_rst(res)))


def cyclictest_file(mode, lat=lambda t, n: 100 + n % 7, loops=1000, laptop=False):
    """cyclictest -v's output as make linux-latency's init writes it (its
    command first), or as the old init did (--laptop, -p 0, 300 loops)."""
    if laptop:
        head = "WARN: not setting cpu_dma_latency to save battery power\n"
    else:
        head = (f"# cyclictest -m -q -v -p 95 -t 2 -a -i 10000 -d 0 -l {loops} "
                f"--latency={lr.CYCLICTEST_LATENCY_US[mode]}\n"
                f"# /dev/cpu_dma_latency set to {lr.CYCLICTEST_LATENCY_US[mode]}us\n")
    return (head + "Thread 0 Interval: 10000\n" +
            "".join(f"       {t}:       {n}:    {lat(t, n)}\n" for n in range(loops) for t in (0, 1)))


class Provenance(unittest.TestCase):
    def test_a_real_time_run_says_so(self):
        """make linux-latency boots Linux in real time (boot.sh: qemu_run
        --realtime): its provenance says REALTIME=1, whatever the firmware
        build's make run option was."""
        pv = {"emulator": "QEMU 7.2.22", "timing": "-icount shift=0",
              "options": {"REALTIME": "0", "DEBUG": "0"}}
        lr.qemu_timing(pv)
        self.assertEqual(pv["options"], {"REALTIME": "1", "DEBUG": "0"})
        self.assertEqual(pv["timing"], "real time (no -icount)")
        board = {"emulator": "hardware", "options": {"DEBUG": "0"}}
        lr.qemu_timing(board)
        self.assertEqual(board, {"emulator": "hardware", "options": {"DEBUG": "0"}})


class HostMaxima(unittest.TestCase):
    def test_qemu_real_time_maxima_are_the_host_s(self):
        """Under QEMU in real time, the tables' maxima are labelled the
        host's (a descheduled vCPU), and cyclictest's; not on a board."""
        res, _ = lr.analyse(lr.parse(data()), 8, 5)
        files = Cyclictest.files(self)
        res["cyclictest"], _ = lr.cyclictest(files, {0: "0.0", 1: "0.1"}, res)
        for emulator, timing, host in (("QEMU 7.2.22", "real time (no -icount)", True),
                                       ("hardware", "hardware", False)):
            pv = {"platform": "qemu", "emulator": emulator, "timing": timing,
                  "counter_hz": HZ, "date": "2026-12-07 20:00:00 UTC"}
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "r.rst")
                lr.write_rst(path, "qemu", pv, res, "PASS", [], None, {})
                with open(path, encoding="utf-8") as f:
                    rst = f.read()
            self.assertEqual("max (the host's)" in rst, host, emulator)
            self.assertEqual("The maxima are the host's" in rst, host, emulator)


class Held(unittest.TestCase):
    def test_every_sample_the_summary_counted_is_listed(self):
        """Format 3 (collect.sh holds the samples while it copies them):
        one the summary counted and samples lacks is a failure even with
        a full buffer; format 2's full buffer lapped its oldest in the copy."""
        def lapped(fmt):
            return data(tweak=lambda ls: [
                ln.replace("pmf_idle 2", f"pmf_idle {fmt}").replace(" overwritten=0 ",
                                                                    " overwritten=7 ")
                for ln in ls if not ln.startswith("sample cpu=1 seq=0 ")])
        _, p = lr.analyse(lr.parse(lapped(3)), 8, 5)
        self.assertIn("cpu 0.1: the module's summary kept 16 samples, 15 of them listed", p)
        _, p = lr.analyse(lr.parse(lapped(2)), 8, 5)
        self.assertEqual([q for q in p if "listed" in q], [])
        d = lr.parse(data(tweak=lambda ls: [ln.replace("pmf_idle 2", "pmf_idle 3").replace(
            " ring_lost=0 ", " ring_lost=0 held=4 ") for ln in ls]))
        self.assertEqual([c["held"] for c in d["cpu"]], [4, 4])
        self.assertEqual([c["held"] for c in lr.parse(data())["cpu"]], [0, 0])


class Cyclictest(unittest.TestCase):
    def files(self, **kw):
        d = tempfile.mkdtemp()
        files = {}
        for mode, base in (("allowed", 500), ("forbidden", 300)):
            files[mode] = os.path.join(d, mode)
            with open(files[mode], "w", encoding="utf-8") as f:
                f.write(cyclictest_file(mode, lambda t, n, b=base: b + n % 7, **kw))
        return files

    def test_allowed_against_forbidden(self):
        res, _ = lr.analyse(lr.parse(data()), 8, 5)
        c, problems = lr.cyclictest(self.files(), {0: "0.0", 1: "0.1"}, res)
        self.assertEqual(problems, [])
        self.assertEqual([r["cpu"] for r in c["rows"]], ["0.0", "0.1"])
        self.assertEqual(c["rows"][0]["allowed"]["count"], 1000)
        self.assertEqual(c["rows"][0]["penalty"], {"median_us": 200, "p99_us": 200})
        self.assertIn("-p 95", c["commands"]["forbidden"])
        self.assertEqual(c["firmware"]["wakeup_median_ns"], res["idle_states"][1]["measured"]
                         ["wakeup"]["median_ns"])
        with self.assertRaisesRegex(lr.InputError, "no cyclictest -v samples"):
            lr.parse_cyclictest("ERROR: shm_open\n")

    def test_run_as_rt_tests_users_do(self):
        """The old init's cyclictest (--laptop: /dev/cpu_dma_latency left
        alone in the forbidden phase too, priority 0, 300 loops) is refused."""
        res, _ = lr.analyse(lr.parse(data()), 8, 5)
        _, problems = lr.cyclictest(self.files(laptop=True, loops=300), {}, res)
        self.assertIn("cyclictest (forbidden): --laptop: /dev/cpu_dma_latency not held",
                      problems)
        self.assertIn("cyclictest (forbidden): threads [0, 1] have fewer than 500 wake-ups: "
                      "no p99", problems)
        self.assertIn("cyclictest (allowed): the file does not start with its command line",
                      problems)

    def test_negative_penalty_explained(self):
        d = tempfile.mkdtemp()
        files = {}
        for mode, base in (("allowed", 300), ("forbidden", 500)):
            files[mode] = os.path.join(d, mode)
            with open(files[mode], "w", encoding="utf-8") as f:
                f.write(cyclictest_file(mode, lambda t, n, b=base: b + n % 7))
        res, _ = lr.analyse(lr.parse(data()), 8, 5)
        res["cyclictest"], _ = lr.cyclictest(files, {0: "0.0", 1: "0.1"}, res)
        text = "\n".join(lr.cyclictest_rst(res))
        self.assertIn("-200* / -200*", text)
        self.assertIn("* Negative: that CPU's wake-ups were faster with deep idle allowed", text)


REPORT = """cpus=2
          <idle>-0     [000]  10.000000000: cpu_idle:             state=2 cpu_id=0
          <idle>-0     [000]  10.000100000: psci_call:            cpu=0 state=2 function=CPU_SUSPEND smc64=1 power_state=0x01010022 outcome=ENTERED status=0 seq=7 enter_psci=10000010000 enter_cflush=10000011000 exit_cflush=10000012000 enter_hw_low_pwr=10000013000 exit_hw_low_pwr=10000090000 exit_psci=10000095000 idle_entry=9999999000 timer_deadline=10000080000 idle_exit=10000098000
          <idle>-0     [000]  10.000101000: cpu_idle:             state=4294967295 cpu_id=0
          <idle>-0     [001]  10.000200000: psci_call:            cpu=1 state=1 function=CPU_SUSPEND smc64=1 power_state=0x00010002 outcome=ENTERED status=0 seq=3 enter_psci=9000000000 enter_cflush=9000000100 exit_cflush=9000000200 enter_hw_low_pwr=9000000300 exit_hw_low_pwr=9000000400 exit_psci=9000000500 idle_entry=8999999000 timer_deadline=0 idle_exit=9000000600
          <idle>-0     [001]  10.000300000: cpu_idle:             state=1 cpu_id=1
          <idle>-0     [001]  10.000400000: cpu_idle:             state=4294967295 cpu_id=1
          <idle>-0     [001]  10.000500000: psci_call:            cpu=1 state=1 function=CPU_SUSPEND smc64=1 power_state=0x00010002 outcome=ENTERED status=0 seq=4 enter_psci=10000310000 enter_cflush=10000310100 exit_cflush=10000310200 enter_hw_low_pwr=10000310300 exit_hw_low_pwr=10000390000 exit_psci=10000395000 idle_entry=10000299000 timer_deadline=0 idle_exit=10000398000
          <idle>-0     [001]  10.000600000: psci_call:            cpu=1 state=-1 function=CPU_OFF smc64=0 power_state=0x00000000 outcome=ENTERED status=0 seq=5 enter_psci=10000510000 enter_cflush=10000510100 exit_cflush=10000510200 enter_hw_low_pwr=10000510300 exit_hw_low_pwr=10000590000 exit_psci=10000595000 idle_entry=0 timer_deadline=0 idle_exit=0
"""


class Trace(unittest.TestCase):
    def test_spans_and_where_each_event_lies(self):
        ev = linux_trace.parse(REPORT)
        self.assertEqual(len(ev), 8)
        self.assertEqual(ev[1]["ns"], 10000100000)
        self.assertEqual(ev[1]["outcome"], "ENTERED")
        sp = linux_trace.spans(ev)
        self.assertEqual(sp, [(0, 2, 10000000000, 10000101000), (1, 1, 10000300000, 10000400000)])
        c = linux_trace.check(ev, sp)
        # CPU 0's record inside its span; CPU 1's first of a period before
        # the trace; its second taken after its span closed; its CPU_OFF no
        # idle exit's.
        self.assertEqual({k: c[k] for k in ("events", "idle_exit_events", "inside", "before",
                                            "outside")},
                         {"events": 4, "idle_exit_events": 3, "inside": 1, "before": 1,
                          "outside": 1})
        self.assertIn("record 4", c["examples"][0])

    def test_chrome_trace(self):
        ev = linux_trace.parse(REPORT)
        sp = linux_trace.spans(ev)
        t = linux_trace.chrome(ev, sp, {1: "cpu-power-down", 2: "cluster-pwrdown"},
                               {0: "0.0", 1: "0.1"})
        x = [e for e in t["traceEvents"] if e["ph"] == "X"]
        idle = [e for e in x if e["cat"] == "cpu_idle"]
        self.assertEqual([(e["name"], e["tid"], e["ts"], e["dur"]) for e in idle][0],
                         ("cluster-pwrdown", 0, 10000000.0, 101.0))
        wake = next(e for e in x if e["name"] == "Wakeup" and e["tid"] == 1)
        self.assertEqual((wake["ts"], wake["dur"]), (10000090.0, 5.0))
        self.assertTrue(any(e["ph"] == "i" and e["name"] == "timer deadline"
                            for e in t["traceEvents"]))
        # A deadline beyond the trace's end (900 s) is left out.
        far = [dict(e, timer_deadline=900 * 10**9) if e["event"] == "psci_call" else e
               for e in ev]
        t2 = linux_trace.chrome(far, sp, {}, {})
        self.assertFalse([e for e in t2["traceEvents"] if e["ph"] == "i"])
        self.assertTrue([e for e in t2["traceEvents"] if e["ph"] == "X"])
        self.assertEqual(schema.check_trace_events(t), [])
        del t["otherData"]
        self.assertTrue(schema.check_trace_events(t))

    def test_what_woke_the_cpu(self):
        """The kernel's events beside the firmware's, as trace-cmd report
        prints them (target_cpu=001 too): counted, and in trace.json as
        each CPU's tasks, interrupt handlers and instants, every number
        with its unit or a name."""
        kernel = """
          <idle>-0     [001]  10.000000500: irq_handler_entry:    irq=11 name=arch_timer
          <idle>-0     [001]  10.000001500: irq_handler_exit:     irq=11 ret=handled
          <idle>-0     [001]  10.000001600: hrtimer_expire_entry: hrtimer=00000000a1b2c3d4 now=10000001600 function=tick_sched_timer/0x0
          <idle>-0     [001]  10.000001700: timer_expire_entry:   timer=00000000deadbeef function=process_timeout now=4294892296 baseclk=4294892296
          <idle>-0     [001]  10.000001800: sched_wakeup:         comm=sh pid=123 prio=120 target_cpu=001
          <idle>-0     [001]  10.000001900: ipi_raise:            target_mask=00000000,00000001 (Rescheduling interrupts)
          <idle>-0     [001]  10.000002000: sched_switch:         prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=123 next_prio=120
              sh-123   [001]  10.000003000: sched_switch:         prev_comm=sh prev_pid=123 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120
"""
        ev = linux_trace.parse(REPORT + kernel)
        self.assertEqual(linux_trace.wake_counts(ev), [
            {"event": "sched_switch", "count": 2}, {"event": "sched_wakeup", "count": 1},
            {"event": "irq_handler_entry", "count": 1}, {"event": "irq_handler_exit", "count": 1},
            {"event": "ipi_raise", "count": 1}, {"event": "timer_expire_entry", "count": 1},
            {"event": "hrtimer_expire_entry", "count": 1}])
        t = linux_trace.chrome(ev, linux_trace.spans(ev), {}, {0: "0.0", 1: "0.1"})
        by = {e.get("cat"): e for e in t["traceEvents"]}
        self.assertEqual((by["sched"]["name"], by["sched"]["dur"]), ("sh", 1.0))
        self.assertEqual((by["irq"]["name"], by["irq"]["dur"]), ("irq 11 arch_timer", 1.0))
        self.assertEqual(by["sched_wakeup"]["args"], {"comm": "sh", "pid": 123, "target_cpu": 1})
        self.assertEqual(by["ipi_raise"]["name"], "IPI Rescheduling interrupts")
        self.assertEqual(by["hrtimer_expire_entry"]["name"], "hrtimer tick_sched_timer/0x0")
        self.assertEqual(by["sched"]["tid"], linux_trace.tid(1, "tasks"))
        self.assertEqual(schema.check_trace_events(t), [])

    @unittest.skipUnless(shutil.which("trace-cmd"), "no trace-cmd on this host")
    def test_a_file_trace_cmd_cannot_read_is_an_error(self):
        d = tempfile.mkdtemp()
        path = os.path.join(d, "trace.dat")
        with open(path, "wb") as f:
            f.write(b"not a trace")
        with self.assertRaises(linux_trace.TraceError):
            linux_trace.report_text(path)


class Files(unittest.TestCase):
    def test_pass_writes_csv_json_rst_dtsi(self):
        rc, err, out = run(data())
        self.assertEqual(rc, 0, err)
        # Tidy: csv.DictReader takes the first line as the header, one
        # record per row, the CPU as numbers (no "1.0" a reader takes for
        # a float), the record's numbers that join trace.dat.
        with open(os.path.join(out, "samples.csv"), encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        self.assertEqual(list(rows[0]), ["linux_cpu", "cluster", "core", "seq", "ring_seq",
                                         "enter_psci_ns", "state", "power_state", "function",
                                         "outcome", "powerdown_ns", "wakeup_ns", "cflush_ns",
                                         "entry_latency_ns", "exit_latency_ns", "hw_wake_ns"])
        self.assertEqual(rows[0], {"linux_cpu": "0", "cluster": "0", "core": "0", "seq": "0",
                                   "ring_seq": rows[0]["ring_seq"],
                                   "enter_psci_ns": rows[0]["enter_psci_ns"],
                                   "state": "cpu-power-down", "power_state": "0x00010002",
                                   "function": "CPU_SUSPEND", "outcome": "entered",
                                   "powerdown_ns": "4800", "wakeup_ns": "2000",
                                   "cflush_ns": "336", "entry_latency_ns": "5440",
                                   "exit_latency_ns": "4560", "hw_wake_ns": "1600"})
        self.assertGreater(int(rows[0]["enter_psci_ns"]), 0)
        self.assertIn(("1", "0", "1", "none", "CPU_OFF"),
                      [(r["linux_cpu"], r["cluster"], r["core"], r["state"], r["function"])
                       for r in rows])
        self.assertEqual(len(rows), 31)
        with open(os.path.join(out, "samples.csv"), encoding="utf-8") as f:
            self.assertNotIn('"', f.read())
        with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
            rep = json.load(f)
        self.assertEqual(rep["verdict"], "PASS")
        self.assertEqual(rep["provenance"]["kernel"], "6.1.0-57-arm64")
        self.assertEqual(rep["provenance"]["emulator"], "hardware")
        with open(os.path.join(out, "linux-latency-n1sdp.rst"), encoding="utf-8") as f:
            rst = f.read()
        self.assertIn(":Kernel: 6.1.0-57-arm64", rst)
        self.assertIn(":Records: from the firmware call ring, base=0x5ff00000", rst)
        self.assertNotIn("unknown", rst.lower())
        self.assertEqual([q for f in schema.files_of(out) for q in schema.check_file(f)], [])
        self.assertIn("cluster-pwrdown  0x01010022   3                 3                5000", rst)
        self.assertIn("Every record, by function and outcome", rst)
        with open(os.path.join(out, "idle-states.dtsi"), encoding="utf-8") as f:
            dtsi = f.read()
        self.assertIn("Measured on hardware.", dtsi)
        # entry p99 5504 ns and exit p99 (100 + 133 + 60) x 16 ns, rounded up.
        self.assertRegex(dtsi, r"cpu-power-down \{\n\t+entry-latency-us = <6>;\n"
                               r"\t+exit-latency-us = <5>;\n\t+min-residency-us = <11>;")
        if shutil.which("dtc"):
            dts = os.path.join(out, "t.dts")
            with open(dts, "w", encoding="utf-8") as f:
                f.write("/dts-v1/;\n/ { cpus { idle-states { cpu-power-down { }; }; }; };\n" + dtsi)
            r = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", os.devnull, dts],
                               capture_output=True, text=True, check=False)
            self.assertEqual(r.returncode, 0, r.stderr)

    def test_dtsi_keeps_depth_order_and_declared_residency(self):
        """A deeper state measured faster than a shallower one (QEMU's
        cluster state) still gets values no smaller than it, and a measured
        lower bound never lowers the residency its DT declared."""
        def state(idx, name, entry, exit_, dt_res):
            m = {"p99_ns": None}
            return {"idx": idx, "state": name,
                    "dt": {"entry_latency_us": 1, "exit_latency_us": 1, "min_residency_us": dt_res},
                    "measured": {"entry_latency": dict(m, p99_ns=entry),
                                 "exit_latency": dict(m, p99_ns=exit_)},
                    "min_residency_lower_bound": {"median_ns": 0, "p99_ns": entry + exit_}}
        res = {"idle_states": [state(2, "cluster-pwrdown", 1500, 3797000, 5000),
                               state(1, "cpu-power-down", 2100, 4169000, 10)]}
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "idle-states.dtsi")
            lr.write_dtsi(path, {"emulator": "qemu"}, res)
            with open(path, encoding="utf-8") as f:
                dtsi = f.read()
        self.assertRegex(dtsi, r"cpu-power-down \{\n\t+entry-latency-us = <3>;\n"
                               r"\t+exit-latency-us = <4169>;\n\t+min-residency-us = <4172>;")
        self.assertRegex(dtsi, r"cluster-pwrdown \{\n\t+entry-latency-us = <3>;\n"
                               r"\t+exit-latency-us = <4169>;\n\t+min-residency-us = <5000>;")
        self.assertLess(dtsi.index("cpu-power-down"), dtsi.index("cluster-pwrdown"))

    def test_run_directory_files(self):
        """--data: pmf-idle.txt instead of the console's lines, the SMC
        phase's summary (the cost's other side), cyclictest's files."""
        rc, err, out = run(console(data(tweak=lambda ls: ls[:3] + ["sample cpu=9 junk"] + ls[3:]))
                           .replace("PMF_IDLE: sample cpu=9 junk\n", ""), "--without-build",
                           files={"pmf-idle.txt": data(), "smc-summary.txt": smc_summary(),
                                  "cyclictest-allowed.txt": cyclictest_file("allowed"),
                                  "cyclictest-forbidden.txt": cyclictest_file("forbidden")})
        self.assertEqual(rc, 0, err)
        with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
            rep = json.load(f)
        self.assertEqual(rep["cost"]["share_percent"], 4.0)
        self.assertEqual(rep["cyclictest"]["rows"][0]["penalty"], {"median_us": 0, "p99_us": 0})
        with open(os.path.join(out, "linux-latency-n1sdp.rst"), encoding="utf-8") as f:
            rst = f.read()
        self.assertIn("The ring's exit costs 4.0% of the SMCs' (the goal: at most 10%; met in this run, "
                      "in real time); a whole "
                      "idle period, entry and exit, 20.0%.", rst)
        self.assertIn("Cross-check: cyclictest", rst)

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
