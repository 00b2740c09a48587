"""run_suites: make check's one runner of the test suites that
tests/suites.toml lists (docs/design/architecture.rst, "Tests").

Each suite is a command ending with an "N passed, N failed" line; the
manifest says what it needs built first (make targets), how long it may
take, which tier it is in (quick: make check-quick's edit loop; full: make
check only) and which build trees it writes (locks). Two suites run at once
(--jobs), never two holding one lock; the longest first, counting for a
suite that holds a lock the whole chain of suites waiting on it. A suite
still running at its timeout is stopped (its process group) and fails,
named. Each suite's output goes to LOG_DIR/NAME.log; its FAIL/SKIP lines and
a line "--- NAME: N passed, N failed (T s, C s CPU)" are printed when it
ends (T: wall-clock seconds; C: the CPU seconds of the suite and every
process it waited for, what decides how much two suites at once slow each
other), and the last line is the total, "N passed, N failed".

{NAME} in a command or a need is the make variable NAME, given by make as
--var NAME=VALUE (make_helpers/check.mk).

Usage:
  python3 -m tests.run_suites [--var NAME=VALUE]... --needs [--suites A,B | --tier T]
      the make targets the selected suites need, on one line
  python3 -m tests.run_suites [--var NAME=VALUE]... [--suites A,B | --tier T]
      [--jobs N] [--log-dir DIR] [--list]
      run them (--list: print name, tier, timeout and command, and run nothing)
Exit status 0 only when every selected suite passed; 2 on a bad manifest
or a suite name that is not in it.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
MANIFEST = os.path.join(HERE, "suites.toml")
FIELDS = {"name": str, "command": str, "needs": list, "timeout": int, "tier": str,
          "locks": list, "about": str}
REQUIRED = ("name", "command", "timeout", "tier", "about")
TIERS = ("quick", "full")
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed")


class ManifestError(Exception):
    pass


def load(path=MANIFEST):
    """The suites of @path, in its order, each checked against FIELDS."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    suites, names = [], set()
    for i, s in enumerate(data.get("suite", [])):
        where = f"{os.path.relpath(path, TOP)}: suite {i + 1} ({s.get('name', '?')})"
        for k, v in s.items():
            if k not in FIELDS:
                raise ManifestError(f"{where}: unknown field {k!r} (fields: {', '.join(FIELDS)})")
            if not isinstance(v, FIELDS[k]):
                raise ManifestError(f"{where}: {k} must be a {FIELDS[k].__name__}")
        for k in REQUIRED:
            if k not in s:
                raise ManifestError(f"{where}: no {k}")
        if s["tier"] not in TIERS:
            raise ManifestError(f"{where}: tier {s['tier']!r} is not one of {', '.join(TIERS)}")
        if s["timeout"] <= 0:
            raise ManifestError(f"{where}: timeout must be a number of seconds above 0")
        if s["name"] in names:
            raise ManifestError(f"{where}: a second suite of that name")
        names.add(s["name"])
        s.setdefault("needs", [])
        s.setdefault("locks", [])
        suites.append(s)
    if not suites:
        raise ManifestError(f"{os.path.relpath(path, TOP)}: no [[suite]]")
    return suites


def expand(text, variables):
    """@text with each {NAME} replaced by the make variable NAME's value."""
    def one(m):
        if m.group(1) not in variables:
            raise ManifestError(f"{{{m.group(1)}}}: make_helpers/check.mk gives no such variable "
                                f"(it gives {', '.join(sorted(variables))})")
        return variables[m.group(1)]
    return re.sub(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", one, text)


def select(suites, names, tier):
    """The suites named in @names (comma-separated), or those of @tier, or all."""
    if names:
        want = [n for n in names.split(",") if n]
        known = {s["name"] for s in suites}
        unknown = [n for n in want if n not in known]
        if unknown:
            raise ManifestError(f"SUITES={names}: no suite {', '.join(unknown)} in "
                                f"tests/suites.toml (there are: {', '.join(s['name'] for s in suites)})")
        return [s for s in suites if s["name"] in want]
    if tier:
        return [s for s in suites if s["tier"] == tier]
    return suites


def counts(log):
    """(passed, failed, the lines worth printing) of a suite's log."""
    passed = failed = None
    shown = []
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = SUMMARY.match(line)
            if m:
                passed, failed = int(m.group(1)), int(m.group(2))
            elif line.startswith(("FAIL ", "SKIP ", "    ")):
                shown.append(line)
    return passed, failed, shown


def suite_env():
    """The suites' environment: this one without the jobserver of the make
    that started the runner (make check builds the needs two jobs at a
    time; a suite's own makes choose their -j)."""
    env = dict(os.environ)
    if "MAKEFLAGS" in env:
        words = [w for w in env["MAKEFLAGS"].split()
                 if not re.match(r"^(-j[0-9]*|--jobserver-(auth|fds)=.*)$", w)]
        env["MAKEFLAGS"] = " ".join(words)
    return env


class Run:
    def __init__(self, suite, variables, log_dir):
        self.suite = suite
        self.log = os.path.join(log_dir, suite["name"] + ".log")
        self.start = time.monotonic()
        self.out = open(self.log, "w", encoding="utf-8")
        # A process group of its own, so that a timeout stops all of it.
        self.proc = subprocess.Popen(["bash", "-c", expand(suite["command"], variables)],
                                     cwd=TOP, stdout=self.out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True,
                                     env=suite_env())
        self.timed_out = False
        self.cpu = None

    def poll(self):
        # wait4, not Popen.poll: the suite's CPU time (its own and that of
        # every process it waited for) comes with its exit status.
        pid, status, usage = os.wait4(self.proc.pid, os.WNOHANG)
        if pid:
            self.proc.returncode = os.waitstatus_to_exitcode(status)
            self.cpu = usage.ru_utime + usage.ru_stime
            return True
        if time.monotonic() - self.start > self.suite["timeout"]:
            self.timed_out = True
            self.stop()
            return True
        return False

    def stop(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(timeout=10)
                break
            except subprocess.TimeoutExpired:
                continue
        self.proc.wait()
        # Anything the suite left in its group (a QEMU started in the background).
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def report(self):
        """Print the suite's result; return (passed, failed)."""
        self.out.close()
        took = time.monotonic() - self.start
        name = self.suite["name"]
        p, f, shown = counts(self.log)
        print(f"=== {name}")
        for line in shown:
            print(line)
        rc = self.proc.returncode
        p, f = p or 0, f or 0
        if self.timed_out:
            print(f"FAIL {name}: still running at its timeout of {self.suite['timeout']} s, stopped "
                  f"(tests/suites.toml; see {self.log})")
            f += 1
        elif rc != 0 and f == 0:
            print(f"FAIL {name}: exited {rc} without a failing check (see {self.log})")
            with open(self.log, encoding="utf-8", errors="replace") as fh:
                for line in fh.readlines()[-20:]:
                    print("    " + line.rstrip("\n"))
            f = 1
        elif p + f == 0:
            print(f"FAIL {name}: no \"N passed, N failed\" line and no check (see {self.log})")
            f = 1
        cpu = "" if self.cpu is None else f", {self.cpu:.0f} s CPU"
        print(f"--- {name}: {p} passed, {f} failed ({took:.0f} s{cpu})", flush=True)
        return p, f, self.cpu or 0.0


def priority(suite, waiting):
    """How long the run still needs after @suite starts, at least: its own
    timeout, or, where it holds locks, the timeouts of all the @waiting
    suites that share one, since those run one after another. The highest
    starts first (the critical path decides when the whole ends)."""
    locks = set(suite["locks"])
    chain = sum(s["timeout"] for s in waiting if locks.intersection(s["locks"]))
    return max(suite["timeout"], chain)


def run(suites, variables, jobs, log_dir):
    """Run @suites, @jobs at a time, never two that share a lock, in the
    order of priority()."""
    os.makedirs(log_dir, exist_ok=True)
    waiting = list(suites)
    running, total_p, total_f, total_cpu, bad = [], 0, 0, 0.0, []
    start = time.monotonic()

    def stop_all(*_):
        for r in running:
            r.stop()
        sys.exit(130)
    signal.signal(signal.SIGTERM, stop_all)
    signal.signal(signal.SIGINT, stop_all)

    while waiting or running:
        held = {lock for r in running for lock in r.suite["locks"]}
        for s in sorted(waiting, key=lambda s: -priority(s, waiting)):
            if len(running) >= jobs:
                break
            if held.intersection(s["locks"]):
                continue
            waiting.remove(s)
            held.update(s["locks"])
            running.append(Run(s, variables, log_dir))
        time.sleep(0.2)
        for r in [r for r in running if r.poll()]:
            running.remove(r)
            p, f, cpu = r.report()
            total_p, total_f, total_cpu = total_p + p, total_f + f, total_cpu + cpu
            if f:
                bad.append(r.suite["name"])
    print(f"{len(suites)} suites in {time.monotonic() - start:.0f} s, {jobs} at a time, "
          f"{total_cpu:.0f} s CPU")
    if bad:
        print(f"Failing suites: {' '.join(bad)} (logs in {log_dir}/)")
    print(f"{total_p} passed, {total_f} failed")
    return 0 if total_f == 0 else 1


def main(argv):
    ap = argparse.ArgumentParser(prog="python3 -m tests.run_suites",
                                 description="Run the test suites of tests/suites.toml.")
    ap.add_argument("--var", action="append", default=[], metavar="NAME=VALUE",
                    help="a make variable that {NAME} in the manifest stands for")
    ap.add_argument("--suites", default="", help="comma-separated suite names (make check SUITES=)")
    ap.add_argument("--tier", choices=TIERS, help="only the suites of this tier")
    ap.add_argument("--jobs", type=int, default=2, help="suites run at once (default 2)")
    ap.add_argument("--log-dir", default="build/test-logs", help="where each suite's log goes")
    ap.add_argument("--needs", action="store_true", help="print the make targets needed, run nothing")
    ap.add_argument("--list", action="store_true", help="list the suites, run nothing")
    ap.add_argument("--manifest", default=MANIFEST, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    variables = {}
    for v in a.var:
        name, sep, value = v.partition("=")
        if not sep:
            ap.error(f"--var {v}: give NAME=VALUE")
        variables[name] = value
    try:
        suites = select(load(a.manifest), a.suites, a.tier)
        if a.needs:
            needs = []
            for s in suites:
                for n in expand(" ".join(s["needs"]), variables).split():
                    if n not in needs:
                        needs.append(n)
            print(" ".join(needs))
            return 0
        if a.list:
            for s in suites:
                print(f"{s['name']:22} {s['tier']:6} {s['timeout']:5} s  {s['about']}")
            return 0
        for s in suites:
            expand(s["command"], variables)
    except (ManifestError, tomllib.TOMLDecodeError) as e:
        print(f"run_suites: {e}", file=sys.stderr)
        return 2
    return run(suites, variables, max(1, a.jobs), a.log_dir)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
