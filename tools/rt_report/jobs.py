"""rt_report --jobs: one report over many LAVA jobs (docs/perf/lava.rst).

Usage: rt_report.py --jobs JOB... --out DIR [--force] [--quiet]

Each JOB is a LAVA job directory (log.yaml, with job-info.yaml and job.yaml
beside it where fetched: tools/lava/lava_log.py) or a job's log.yaml. From
each job's console the payload's rows are read as rt_report reads a console
log (rt_report.parse, check_rows, collect); each job gives, per scenario,
core and figure, its median over its own samples. The report gives, per
board (the job's device) and per core, the median of those over the jobs,
their spread (max - min) and how many jobs: DIR/lava-jobs.rst (µs) and
DIR/lava-jobs.json (median_ns, spread_ns).

Jobs are comparable as runs are with a baseline (provenance.mismatches:
platform, topology, timing) and, over a series, also by firmware version:
jobs that differ in any of these are refused, naming them, unless --force.

Exit status: 0 when every job passed and the report is written; 1 when a
job's payload failed or its rows are wrong (the report is written from the
others); 2 on unusable input: a malformed or truncated log (named with the
job and the line), a refused mix of jobs, no job at all.
"""
import json
import os
import sys

from tools.lava import lava_log  # LAVA job logs
from tools.rt_report import figures as fig
from tools.rt_report import provenance as prov
from tools.rt_report import schema

HERE = os.path.dirname(os.path.abspath(__file__))

# What jobs of one series must share, beyond what a baseline must share.
SERIES = prov.COMPARABLE + ("firmware",)


class Refused(Exception):
    """Input the report cannot be made from: exit 2."""


def parse_args(argv):
    import argparse
    p = argparse.ArgumentParser(prog="rt_report --jobs", description="One report over many "
                                "LAVA jobs: per board and core, the median of the jobs' medians.")
    p.add_argument("--jobs", nargs="+", required=True, metavar="JOB",
                   help="LAVA job directories (log.yaml, job-info.yaml) or log.yaml files")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="where lava-jobs.rst and lava-jobs.json go")
    p.add_argument("--force", action="store_true",
                   help="aggregate jobs of other platforms, topologies, timing or firmware")
    p.add_argument("--quiet", action="store_true", help="do not print the report")
    return p.parse_args(argv)


def read_job(where, rt):
    """One job: its identity, provenance and per-figure medians."""
    job = lava_log.LavaJob(where)
    text = job.log.text()
    run = rt.parse(text)
    named = rt.PLATFORM_LINE.search(text)
    if run["cores"] is None or named is None:
        raise Refused(f"job {job.id} ({job.path}): no runtime-instrumentation run in its "
                      f"console (the log has {len(job.log.console)} console lines)")
    p = prov.collect(named.group(1), text, iterations=run["iterations"],
                     date="from the job")
    problems = [f"job {job.id}: {q}" for q in job.log.verdict_problems()]
    rows = []
    rt.check_rows(run, rows)
    problems += [f"job {job.id}: {q}" for q in rows]
    if not rt.passed(text):
        problems.append(f"job {job.id}: the payload's verdict is not PASS")
    medians = {test: {core: {name: fig.median(s) for name, s in figs.items()}
                      for core, figs in per.items()}
               for test, per in rt.collect(run).items()}
    return {"id": job.id, "device": job.device, "device_type": job.device_type,
            "url": job.url, "path": job.path, "provenance": p, "scenarios": run["scenarios"],
            "medians": medians, "problems": problems}


def refusals(jobs):
    """Why these jobs are not one series: one string per differing key."""
    out = []
    for key in SERIES:
        values = {}
        for j in jobs:
            values.setdefault(str(j["provenance"].get(key)), []).append(j["id"])
        if len(values) > 1:
            out.append(f"{key}: " + "; ".join(f"{v} in job(s) {', '.join(ids)}"
                                              for v, ids in values.items()))
    return out


def aggregate(jobs):
    """scenario -> [{board, cluster, core, figure, median_ns, spread_ns, count, jobs}]."""
    out = {}
    order = []
    for j in jobs:
        for test in j["scenarios"]:
            if test not in order:
                order.append(test)
    for test in order:
        cells = {}
        for j in jobs:
            for core, figs in j["medians"].get(test, {}).items():
                for name, value in figs.items():
                    cells.setdefault((j["device"], core[0], core[1], name), []).append(
                        (j["id"], value))
        rows = []
        for (board, cl, co, name), got in sorted(cells.items(), key=lambda kv: (
                kv[0][0], kv[0][1], kv[0][2])):
            values = [v for _, v in got]
            rows.append({"board": board, "cluster": cl, "core": co, "figure": name,
                         "median_ns": fig.median(values), "spread_ns": fig.spread(values),
                         "count": len(values), "jobs": [i for i, _ in got]})
        out[test] = rows
    return out


def render(jobs, agg, problems):
    lines = ["PSCI latency over LAVA jobs", "=" * 27, ""]
    p = jobs[0]["provenance"]
    lines += [f":Firmware: {p.get('firmware', 'not known')} ({p.get('build_type', '?')} build)",
              f":Platform: {p['platform']}, {p.get('cores')} cores in clusters "
              f"{p.get('topology', '?')}, MIDR {p.get('midr', '?')}, "
              f"counter {p.get('counter_hz') or '?'} Hz",
              f":Jobs: {len(jobs)}",
              ""]
    lines += ["Jobs", "----", ""]
    for j in jobs:
        lines.append(f"* job {j['id']} on {j['device']} ({j['device_type']}): {j['url']}")
    lines.append("")
    lines += ["Per board and core: the median of the jobs' medians, the spread (max - min) "
              "over the jobs and the number of jobs; µs.", ""]
    for test, rows in agg.items():
        names = []
        for r in rows:
            if r["figure"] not in names:
                names.append(r["figure"])
        lines += [f"``{test}``", "-" * (len(test) + 4), ""]
        head = ["Board", "Cluster", "Core"] + [f"{n} (spread, jobs)" for n in names]
        table = {}
        for r in rows:
            table.setdefault((r["board"], r["cluster"], r["core"]), {})[r["figure"]] = r
        body = []
        for (board, cl, co), figs in table.items():
            body.append([board, str(cl), str(co)] + [
                f"{fig.fmt_us(figs[n]['median_ns'])} ({fig.fmt_us(figs[n]['spread_ns'])}, "
                f"{figs[n]['count']})" if n in figs else "--" for n in names])
        widths = [max(len(x) for x in col) for col in zip(head, *body)]
        rule = "  ".join("=" * w for w in widths)
        lines += [rule, "  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip(), rule]
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in body]
        lines += [rule, ""]
    if problems:
        lines += ["Problems", "--------", ""] + [f"* {q}" for q in problems] + [""]
    return "\n".join(lines)


def main(argv, rt):
    a = parse_args(argv)
    try:
        jobs = []
        for where in a.jobs:
            try:
                jobs.append(read_job(where, rt))
            except lava_log.LogError as e:
                raise Refused(str(e)) from None
        if not jobs:
            raise Refused("no job given")
        ids = [j["id"] for j in jobs]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise Refused(f"job(s) {', '.join(dup)} given more than once")
        why = refusals(jobs)
        if why and not a.force:
            raise Refused("refusing to aggregate jobs that differ in " + "; ".join(why) +
                          " (--force aggregates anyway)")
    except Refused as e:
        print(f"rt_report: {e}", file=sys.stderr)
        return 2
    problems = [q for j in jobs for q in j["problems"]]
    agg = aggregate([j for j in jobs if not j["problems"]] or jobs)
    os.makedirs(a.out, exist_ok=True)
    rst = render(jobs, agg, problems)
    with open(os.path.join(a.out, "lava-jobs.rst"), "w", encoding="utf-8") as f:
        f.write(rst)
    with open(os.path.join(a.out, "lava-jobs.json"), "w", encoding="utf-8") as f:
        json.dump({"tool": "rt_report --jobs", "format": schema.FORMAT, "forced": bool(why),
                   "jobs": [{k: v for k, v in j.items() if k != "medians"} for j in jobs],
                   "scenarios": agg, "problems": problems}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    if not a.quiet:
        print(rst)
    for q in problems:
        print(f"rt_report: {q}", file=sys.stderr)
    print(f"rt_report: {len(jobs)} jobs on {len({j['device'] for j in jobs})} board(s); "
          f"report in {a.out}/lava-jobs.rst" + (f"; {len(problems)} problem(s)"
                                                 if problems else ""))
    return 1 if problems else 0
