"""lava_log: a LAVA job's log, as lava-run writes it and a LAVA server serves it.

A job's log (log.yaml: `lavacli jobs logs --raw ID`, or lava-run's output,
tools/lava/lava_run.py) is a YAML list with one entry a line:

  - {"dt": "2026-12-02T02:25:17.6", "lvl": "target", "msg": "NOTICE:  BL1: ..."}

lvl "target" entries are the device's console, one line each; lvl
"results" entries are test cases (msg: definition, case, result, and
measurement and units where the pattern had them; LAVA 2023.01's
lava_dispatcher/actions/test/monitor.py). A job directory holds log.yaml
and, beside it, job-info.yaml (`lavacli jobs show --yaml ID`: id, device,
device_type; url added by whoever fetched it) and job.yaml (`lavacli jobs
definition ID`), both optional. Each line is parsed on its own, so that a
malformed or cut-off log is refused naming the job and the line.
"""
import os
import re

import yaml


class LogError(Exception):
    """An unusable log: the message names the job and the line."""


def seconds(t):
    """A LAVA timeout mapping ({"minutes": 5}) in seconds."""
    unit = {"days": 86400, "hours": 3600, "minutes": 60, "seconds": 1}
    return sum(unit[k] * int(v) for k, v in t.items() if k in unit)


class LavaLog:
    def __init__(self, name, path):
        self.name = name
        self.path = path
        self.console = []   # (log line number, console line)
        self.results = []   # test cases, in order
        self.lines = 0

    def text(self):
        return "\n".join(line for _, line in self.console) + "\n"

    def job_result(self):
        for r in self.results:
            if r["suite"] == "lava" and r["case"] == "job":
                return r
        return None

    def expected_cases(self):
        """What the runtime-instrumentation payload said it would report
        (its own announcements on the console), as (suite, count,
        description, scenario) tuples; [] for a console without it (the
        Linux job's)."""
        text = self.text()
        m = re.search(r"^PAYLOAD: runtime instrumentation: (\d+) cores", text, re.M)
        if not m:
            return []
        cores = int(m.group(1))
        out = []
        for name, figures in re.findall(r"^PAYLOAD: scenario (\w+): ([^(\n]+?)\s*(?:\(|$)",
                                        text, re.M):
            n = len(figures.split(","))
            out.append(("rt-instr-latency", n * cores, f"{name}: {n} figures x {cores} cores",
                        name))
        m = re.search(r"^CONFORMANCE: (\d+) sections$", text, re.M)
        if m:
            out.append(("conformance", int(m.group(1)), f"{m.group(1)} conformance sections",
                        None))
        out.append(("payload", 1, "the payload's verdict", None))
        return out

    def verdict_problems(self):
        """Why this job did not pass: [] when LAVA says every test case
        passed, the job included, and every announced test case is there."""
        problems = []
        job = self.job_result()
        if job is None:
            problems.append(f"{self.name}: the log ends at line {self.lines} before the job's "
                            f"own result (truncated?)")
        elif job["result"] != "pass":
            problems.append(f"{self.name}: LAVA says the job {job['result']}ed"
                            + (f": {job['extra'].get('error_msg')}"
                               if job.get("extra", {}).get("error_msg") else ""))
        for r in self.results:
            if r["result"] != "pass":
                problems.append(f"{self.name}: {r['suite']}/{r['case']}: {r['result']} "
                                f"(log line {r['line']})")
        if not any(r["suite"] != "lava" for r in self.results):
            problems.append(f"{self.name}: no test case of the job's own (only LAVA's: did "
                            f"the monitors see their start lines?)")
        for suite, count, what, scenario in self.expected_cases():
            got = [r for r in self.results if r["suite"] == suite and
                   (scenario is None or r["case"].startswith(scenario + "_c"))]
            if len(got) != count:
                problems.append(f"{self.name}: {suite}: {len(got)} test cases, {count} "
                                f"expected ({what})")
        return problems


def _entry(name, path, number, line):
    text = line[2:] if line.startswith("- ") else line
    try:
        e = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem", None) or str(err).split("\n")[0]
        raise LogError(f"{name}: {path} line {number}: not a LAVA log entry ({mark}): "
                       f"{line[:80]!r}") from None
    if not isinstance(e, dict) or "lvl" not in e or "msg" not in e:
        raise LogError(f"{name}: {path} line {number}: not a LAVA log entry (a mapping with "
                       f"lvl and msg): {line[:80]!r}")
    return e


def _result(name, path, number, msg):
    if not isinstance(msg, dict) or not all(k in msg for k in ("definition", "case", "result")):
        raise LogError(f"{name}: {path} line {number}: a results entry without definition, "
                       f"case and result")
    r = {"suite": str(msg["definition"]), "case": str(msg["case"]),
         "result": str(msg["result"]), "line": number}
    if msg.get("measurement") is not None:
        try:
            r["measurement"] = float(msg["measurement"])
        except (TypeError, ValueError):
            raise LogError(f"{name}: {path} line {number}: {r['suite']}/{r['case']}: "
                           f"measurement {msg['measurement']!r} is not a number") from None
        r["units"] = str(msg.get("units", ""))
    if isinstance(msg.get("extra"), dict):
        r["extra"] = msg["extra"]
    return r


def read(path, name=None):
    """The log at @path (log.yaml); @name names the job in errors."""
    name = name or f"job {os.path.basename(os.path.dirname(os.path.abspath(path)))}"
    log = LavaLog(name, path)
    try:
        with open(path, encoding="utf-8") as f:
            data = f.read()
    except OSError as e:
        raise LogError(f"{name}: {path}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise LogError(f"{name}: {path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        raise LogError(f"{name}: {path} line {len(lines)}: the last line is cut off "
                       f"(no newline): the log is truncated")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        e = _entry(name, path, number, line)
        if e["lvl"] == "target":
            log.console.append((number, str(e["msg"])))
        elif e["lvl"] == "results":
            log.results.append(_result(name, path, number, e["msg"]))
    log.lines = len(lines)
    if not lines:
        raise LogError(f"{name}: {path}: empty log")
    return log


class LavaJob:
    """A job directory (or a log.yaml with its job-info.yaml beside it)."""

    def __init__(self, where):
        log_path = os.path.join(where, "log.yaml") if os.path.isdir(where) else where
        folder = os.path.dirname(os.path.abspath(log_path))
        self.info = {}
        info_path = os.path.join(folder, "job-info.yaml")
        if os.path.isfile(info_path):
            try:
                with open(info_path, encoding="utf-8") as f:
                    self.info = yaml.safe_load(f) or {}
            except yaml.YAMLError as e:
                raise LogError(f"{info_path}: not YAML ({str(e).splitlines()[0]})") from None
            if not isinstance(self.info, dict):
                raise LogError(f"{info_path}: not a mapping (lavacli jobs show --yaml)")
        self.id = str(self.info.get("id", os.path.basename(folder)))
        self.device = str(self.info.get("device") or "unknown")
        self.device_type = str(self.info.get("device_type") or self.info.get("device-type")
                               or "unknown")
        self.url = str(self.info.get("url") or "file://" + folder)
        self.log = read(log_path, name=f"job {self.id}")
        self.path = log_path
