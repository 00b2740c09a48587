"""linux_trace: make linux-latency's trace.dat, as the host reads it.

The trace is Debian's trace-cmd's (``trace-cmd record -e pmf_idle -e
power:cpu_idle`` and the kernel's events of what wakes a CPU, WAKE_EVENTS,
in the guest: tools/linux_latency/init.sh); the host's
``trace-cmd report -t`` reads it (it is refused if it cannot). From it:
each CPU's cpuidle spans (a ``cpu_idle`` event with a state, up to the
next with PWR_EVENT_EXIT, 4294967295), the ``pmf_idle:psci_call`` events
(tools/pmf_idle/pmf_idle_trace.h: the firmware's six timestamps, the idle
entry, the armed timer and the module's exit read, ns on the trace
clock), whether each event of an idle exit lies inside its span (the
event itself, and the firmware's segments from ENTER_PSCI to EXIT_PSCI),
and the same spans and segments, the tasks each CPU ran, its interrupt
handlers, and the wakeups, IPIs and timer expiries as a Chrome/Perfetto
JSON trace (the Trace Event Format's "X" and "i" events, "ts" and "dur" in
µs).
"""
import re
import shutil
import subprocess

from tools.common import pmf

EXIT_STATE = 4294967295
LINE = re.compile(r"^\s*(?P<comm>.*?)-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+(?P<ts>\d+\.\d+):\s+"
                  r"(?P<event>[\w:]+):\s+(?P<rest>.*)$")
FIELD = re.compile(r"(\w+)=(\S+)")
# The kernel's events that say what woke a CPU, as init.sh records them
# (subsystem:event), beside pmf_idle:psci_call and power:cpu_idle.
WAKE_EVENTS = ["sched:sched_switch", "sched:sched_wakeup", "irq:irq_handler_entry",
               "irq:irq_handler_exit", "ipi:ipi_raise", "timer:timer_expire_entry",
               "timer:hrtimer_expire_entry"]
# ipi_raise's reason, in parentheses after its mask: "(Rescheduling interrupts)".
IPI_REASON = re.compile(r"\((?P<reason>[^)]*)\)\s*$")
# Each CPU's tracks in trace.json: tid = TRACKS * cpu + the track's index.
TRACKS = ["cpuidle", "PSCI (firmware)", "tasks", "interrupts, IPIs, timers"]
# The firmware's segments of an idle exit, in the order a call takes them:
# name, from, to (tools/common/pmf.py).
SEGMENTS = pmf.SEGMENTS


class TraceError(Exception):
    pass


def report_text(path):
    """`trace-cmd report -t -i @path`'s output, or TraceError saying why not."""
    tool = shutil.which("trace-cmd")
    if tool is None:
        raise TraceError("no trace-cmd on this host to read it (apt-get install trace-cmd)")
    r = subprocess.run([tool, "report", "-t", "-i", path], capture_output=True, text=True,
                       errors="replace", check=False)
    if r.returncode != 0:
        raise TraceError(f"trace-cmd report failed ({r.returncode}): "
                         f"{(r.stderr or r.stdout).strip().splitlines()[-1:]}")
    return r.stdout


def parse(text):
    """The events of a trace-cmd report: [{"cpu", "ns", "event", fields...}]."""
    out = []
    for ln in text.splitlines():
        m = LINE.match(ln)
        if not m:
            continue
        sec, _, frac = m.group("ts").partition(".")
        ns = int(sec) * 1000000000 + int(frac.ljust(9, "0")[:9])
        ev = {"cpu": int(m.group("cpu")), "ns": ns, "event": m.group("event").split(":")[-1]}
        for k, v in FIELD.findall(m.group("rest")):
            # (target_cpu=001: decimal with leading zeros, which int(v, 0) refuses)
            ev[k] = (int(v, 16) if re.fullmatch(r"0x[0-9a-fA-F]+", v) else
                     int(v) if re.fullmatch(r"-?\d+", v) else v)
        if ev["event"] == "ipi_raise":
            r = IPI_REASON.search(m.group("rest"))
            ev["reason"] = r.group("reason") if r else None
        out.append(ev)
    return out


def spans(events):
    """Each CPU's cpuidle spans: [(cpu, state, start_ns, end_ns)] in order."""
    open_at, out = {}, []
    for ev in events:
        if ev["event"] != "cpu_idle":
            continue
        cpu = ev.get("cpu_id", ev["cpu"])
        if ev.get("state") == EXIT_STATE:
            if cpu in open_at:
                state, t0 = open_at.pop(cpu)
                out.append((cpu, state, t0, ev["ns"]))
        else:
            open_at[cpu] = (ev.get("state"), ev["ns"])
    return sorted(out, key=lambda s: (s[0], s[2]))


def stamps(ev):
    """A psci_call event's six firmware timestamps by name (ns)."""
    return {n: ev.get(n.lower(), 0) for n in pmf.SLOTS}


def check(events, span_list):
    """Where each psci_call event of an idle exit (state >= 0) lies: the
    cpuidle span of its CPU and state holding its firmware segments
    (ENTER_PSCI..EXIT_PSCI) must hold the event itself ("inside"); a record
    of an idle period before the trace began is "before"; anything else
    is "outside". The counts, and the first few outside."""
    by_cpu = {}
    for s in span_list:
        by_cpu.setdefault(s[0], []).append(s)
    res = {"events": 0, "idle_exit_events": 0, "inside": 0, "before": 0, "outside": 0,
           "examples": []}
    for ev in events:
        if ev["event"] != "psci_call":
            continue
        res["events"] += 1
        if ev.get("state", -1) < 0:
            continue
        res["idle_exit_events"] += 1
        ts = stamps(ev)
        mine = by_cpu.get(ev["cpu"], [])
        span = next((s for s in mine if s[1] == ev["state"] and s[2] <= ts["ENTER_PSCI"] and
                     ts["EXIT_PSCI"] <= s[3]), None)
        if span is not None and span[2] <= ev["ns"] <= span[3]:
            res["inside"] += 1
        elif span is None and (not mine or ts["EXIT_PSCI"] < mine[0][2]):
            res["before"] += 1
        else:
            res["outside"] += 1
            if len(res["examples"]) < 3:
                res["examples"].append(f"cpu {ev['cpu']}, record {ev.get('seq')} at "
                                       f"{ev['ns']} ns: {'its span does not hold the event' if span else 'no span holds its segments'}")
    return res


def wake_counts(events):
    """How many of each of WAKE_EVENTS the trace holds: [{"event", "count"}]
    in WAKE_EVENTS' order."""
    names = [e.split(":")[1] for e in WAKE_EVENTS]
    n = dict.fromkeys(names, 0)
    for ev in events:
        if ev["event"] in n:
            n[ev["event"]] += 1
    return [{"event": e, "count": n[e]} for e in names]


# The instant events of kernel_events() and the fields each keeps.
INSTANTS = {"sched_wakeup": ("comm", "pid", "target_cpu"), "ipi_raise": ("target_mask", "reason"),
            "timer_expire_entry": ("function",), "hrtimer_expire_entry": ("function",)}


def tid(cpu, track):
    return len(TRACKS) * cpu + TRACKS.index(track)


def kernel_events(events):
    """The tasks each CPU ran (from sched_switch to sched_switch), its
    interrupt handlers (irq_handler_entry to exit), and sched_wakeup,
    ipi_raise and the timer expiries as instants: Trace Event Format."""
    out, running, irq = [], {}, {}

    def us(ns):
        return ns / 1000.0
    for ev in events:
        cpu, kind, ns = ev["cpu"], ev["event"], ev["ns"]
        if kind == "sched_switch":
            if cpu in running:
                name, pid, t0 = running[cpu]
                out.append({"name": name, "cat": "sched", "ph": "X", "pid": 1,
                            "tid": tid(cpu, "tasks"), "ts": us(t0), "dur": us(ns - t0),
                            "args": {"comm": name, "tid": pid}})
            running[cpu] = (str(ev.get("next_comm")), ev.get("next_pid"), ns)
        elif kind == "irq_handler_entry":
            irq[cpu] = (ev.get("irq"), str(ev.get("name")), ns)
        elif kind == "irq_handler_exit" and cpu in irq:
            num, name, t0 = irq.pop(cpu)
            out.append({"name": f"irq {num} {name}", "cat": "irq", "ph": "X", "pid": 1,
                        "tid": tid(cpu, "interrupts, IPIs, timers"), "ts": us(t0),
                        "dur": us(ns - t0), "args": {"irq": num, "ret": ev.get("ret")}})
        elif kind in INSTANTS:
            # What each says, by name (the raw pointers and clocks left out).
            args = {k: ev[k] for k in INSTANTS[kind] if k in ev}
            name = {"sched_wakeup": f"wakeup {ev.get('comm')}",
                    "ipi_raise": f"IPI {ev.get('reason')}",
                    "timer_expire_entry": f"timer {ev.get('function')}",
                    "hrtimer_expire_entry": f"hrtimer {ev.get('function')}"}[kind]
            out.append({"name": name, "cat": kind, "ph": "i", "s": "t", "pid": 1,
                        "tid": tid(cpu, "interrupts, IPIs, timers"), "ts": us(ns),
                        "args": args})
    return out


def chrome(events, span_list, state_names, cpu_names):
    """The spans and segments as a Chrome/Perfetto JSON trace (Trace Event
    Format): per CPU a thread of cpuidle spans, one of the firmware's
    segments (each a complete "X" event; ts and dur in µs), one of the
    tasks it ran and one of its interrupt handlers, wakeups, IPIs and
    timer expiries (kernel_events); the timer deadlines that fall inside
    the trace as instant events."""
    out = [{"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "make linux-latency"}}]
    cpus = sorted({s[0] for s in span_list} | {ev["cpu"] for ev in events})
    for cpu in cpus:
        name = cpu_names.get(cpu, f"cpu{cpu}")
        for track in TRACKS:
            out.append({"name": "thread_name", "ph": "M", "pid": 1, "tid": tid(cpu, track),
                        "args": {"name": f"CPU {name} {track}"}})
    for cpu, state, t0, t1 in span_list:
        out.append({"name": state_names.get(state, f"state {state}"), "cat": "cpu_idle",
                    "ph": "X", "pid": 1, "tid": tid(cpu, "cpuidle"), "ts": t0 / 1000.0,
                    "dur": (t1 - t0) / 1000.0})
    out += kernel_events(events)
    marks = []
    for ev in events:
        if ev["event"] != "psci_call":
            continue
        ts, tid_ = stamps(ev), tid(ev["cpu"], "PSCI (firmware)")
        args = {"function": ev.get("function"), "outcome": ev.get("outcome"),
                "power_state": f"0x{ev.get('power_state', 0):08x}", "record": ev.get("seq")}
        for name, a, b in SEGMENTS:
            if ts[a] and ts[b] >= ts[a] and (ts[b] > ts[a] or name == "Powerdown"):
                out.append({"name": name, "cat": "psci", "ph": "X", "pid": 1, "tid": tid_,
                            "ts": ts[a] / 1000.0, "dur": (ts[b] - ts[a]) / 1000.0,
                            "args": args})
        if ev.get("timer_deadline"):
            marks.append({"name": "timer deadline", "cat": "timer", "ph": "i", "s": "t",
                          "pid": 1, "tid": tid_, "ts": ev["timer_deadline"] / 1000.0})
    # A deadline armed beyond the trace's end (an idle CPU's next timer, an
    # interrupt woke it first) would stretch the viewer's first view over
    # time with nothing in it: only those inside the trace are shown.
    end = max((e["ts"] + e["dur"] for e in out if e["ph"] == "X"), default=0.0)
    out += [m for m in marks if m["ts"] <= end]
    return {"traceEvents": out, "displayTimeUnit": "ns",
            "otherData": {"source": "make linux-latency: trace-cmd's trace.dat "
                          "(pmf_idle:psci_call, power:cpu_idle, " + ", ".join(WAKE_EVENTS) +
                          ")", "time unit": "µs"}}
