"""console_watch: run an emulator or model whose standard output is the
machine's console, and end the run at the right moment.

Shared by tools/qemu_run (QEMU) and tools/fvp_run (Arm's FVP), so that
every run of the firmware stops the same way:

* when a console line matches the caller's --stop pattern (exit 0);
* when the firmware says it has stopped for good (BOOT_STOPPED: a loader
  that refuses an image, panic(), a failed assertion, an unexpected EL3
  exception): nothing runs after such a line, so the run ends at once,
  after BOOT_STOPPED_DRAIN seconds for the rest of a crash report, with
  the firmware's ERROR lines quoted on stderr (exit 3);
* at the time limit (exit 124), after the caller's report of where the
  CPUs are; and as soon as the console has been silent from the start for
  the caller's first-output limit (a dead BL1 prints nothing: the run
  does not wait for the whole time limit to say so);
* when interrupted, SIGINT, SIGTERM or SIGHUP (exit 130): the emulator
  goes down with it;
* when the emulator dies of a signal of its own (its crash, not the
  firmware's): said so, exit 128 + the signal's number, as a shell says
  it (exit_text() words every status for the reports).
"""
import codecs
import os
import re
import select
import signal
import subprocess
import sys
import time

# The lines with which the firmware says it has stopped for good: a loader
# that refuses an image (bl1/bl1_main.c, bl2/bl2_main.c), panic() and failed
# assertions (common/log.c), an unexpected exception at EL3
# (common/crash.c); and the built-in payload's unexpected exception at EL2
# (tests/payload/cpus.c, payload_exception: it waits for ever after it).
BOOT_STOPPED = re.compile(r"^(ERROR: +BL\d+: Failed to load .*|PANIC at .*|ASSERT: .*|"
                          r"ERROR: +Unhandled exception in EL3.*|"
                          r"PAYLOAD: ERROR: unexpected exception.*)$", re.M)
# How long the console is still read after such a line, in seconds.
BOOT_STOPPED_DRAIN = 0.3

EXIT_STOPPED = 0
EXIT_BOOT_STOPPED = 3
EXIT_TIMEOUT = 124
EXIT_NOT_STARTED = 125
EXIT_INTERRUPTED = 130
# 128 + N: the emulator was killed by signal N (its own crash: SIGSEGV 139, SIGABRT 134).
EXIT_SIGNAL_BASE = 128


def exit_text(rc, emulator="QEMU"):
    """What the exit status @rc of a run (tools/qemu_run, tools/fvp_run)
    says, in words for a report: "" for 0."""
    if rc == 0:
        return ""
    if rc == EXIT_BOOT_STOPPED:
        return "the boot stopped (exit 3)"
    if rc == EXIT_TIMEOUT:
        return "the run exited 124 (the time limit)"
    if rc == EXIT_NOT_STARTED:
        return f"{emulator} could not be started (exit 125)"
    if rc == EXIT_INTERRUPTED:
        return "the run was interrupted (exit 130)"
    if rc > EXIT_SIGNAL_BASE:
        return (f"{emulator} crashed: killed by {signal_name(rc - EXIT_SIGNAL_BASE)} "
                f"(exit {rc}; the emulator's own fault, not the firmware's)")
    return f"{emulator} exited {rc}"


def signal_name(num):
    """SIGSEGV for 11, or 'signal N' for a number Python does not name."""
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def boot_stopped(text):
    """The lines that say why the firmware stopped, in the order printed
    (the last four of its ERROR lines before the first BOOT_STOPPED line,
    and that line), or [] when it did not stop."""
    m = BOOT_STOPPED.search(text)
    if not m:
        return []
    before = [line for line in text[:m.start()].splitlines() if line.startswith("ERROR:")]
    return before[-4:] + [m.group(1)]


def watch(cmd, *, log_path=None, quiet=False, timeout=0, stop=None, stop_count=1,
          keep_going=False, on_timeout=None, name="run", group=False, first_output=0):
    """Run @cmd with its output as the console; the exit status above, or
    the command's own when it ends by itself.

    @log_path gets a copy of the console without carriage returns; @quiet
    does not echo it (and gives the command no standard input); @timeout in
    seconds (0: none); @stop a compiled pattern, the run ends at its
    @stop_count-th matching line; @keep_going does not end the run when the
    boot stops; @on_timeout() returns the lines to print (and log) when the
    time limit is reached, before the command is stopped; @name prefixes
    this module's messages; with @group the command runs in a process
    group of its own, all of which is stopped with it (a wrapper that
    starts the model in the background), and reads no terminal.
    @first_output in seconds (0: none): a run that has printed nothing by
    then ends as at the time limit, saying so.
    """
    try:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL if quiet or group else None,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                start_new_session=group)
    except OSError as e:
        print(f"{name}: cannot start {cmd[0]}: {e.strerror}", file=sys.stderr)
        return EXIT_NOT_STARTED
    log = open(log_path, "w", encoding="utf-8", errors="replace") if log_path else None

    def terminate(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGHUP, terminate)

    # A UTF-8 character (the report's "µs") may arrive split across two
    # reads: decode the stream, not each read on its own.
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def emit(data, final=False):
        if not quiet:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        if log:
            log.write(decoder.decode(data, final).replace("\r", ""))
            log.flush()

    start = time.monotonic()
    pending, matches, outcome, drain_until = b"", 0, None, None
    seen = []  # the console's lines up to the boot's stop, for boot_stopped()
    heard = False  # any output yet
    fd = proc.stdout.fileno()
    try:
        while True:
            wait = 0.2
            if first_output and not heard:
                wait = max(0.0, min(wait, first_output - (time.monotonic() - start)))
            if timeout:
                wait = max(0.0, min(wait, timeout - (time.monotonic() - start)))
            if drain_until is not None:
                wait = max(0.0, min(wait, drain_until - time.monotonic()))
            ready, _, _ = select.select([fd], [], [], wait)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    break
                heard = True
                emit(data)
                *lines, pending = (pending + data).split(b"\n")
                for raw in lines:
                    line = raw.decode(errors="replace").rstrip("\r")
                    if drain_until is None and not keep_going:
                        seen.append(line)
                        if BOOT_STOPPED.match(line):
                            drain_until = time.monotonic() + BOOT_STOPPED_DRAIN
                    if stop and stop.search(line):
                        matches += 1
                if stop and matches >= stop_count:
                    outcome = "stopped"
                    break
            if drain_until is not None and time.monotonic() >= drain_until:
                outcome = "boot-stopped"
                break
            if not ready and timeout and time.monotonic() - start >= timeout:
                outcome = "timeout"
                break
            if not ready and first_output and not heard and time.monotonic() - start >= first_output:
                outcome = "silent"
                break
    except KeyboardInterrupt:
        outcome = "interrupted"

    report = []
    if outcome == "boot-stopped":
        report = [f"{name}: the boot stopped:"] + [f"  {line}" for line in
                                                   boot_stopped("\n".join(seen))]
    elif outcome in ("timeout", "silent"):
        report = [(f"{name}: time limit of {timeout:g} s reached" if outcome == "timeout" else
                   f"{name}: no console output in {first_output:g} s: the firmware did not start "
                   "(BL1 prints its banner first)") +
                  ("; where each CPU is:" if on_timeout else "")]
        if on_timeout:
            report += on_timeout()
    if report:
        sys.stdout.flush()
        print("\n".join(report), file=sys.stderr)
        if log and outcome in ("timeout", "silent"):
            log.write("\n".join(report) + "\n")
    def signal_all(sig):
        try:
            if group:
                os.killpg(proc.pid, sig)
            else:
                proc.send_signal(sig)
        except ProcessLookupError:
            pass
    if outcome is not None and (group or proc.poll() is None):
        signal_all(signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            signal_all(signal.SIGKILL)
    rc = proc.wait()
    # Whatever the command printed after the last read.
    emit(proc.stdout.read(), final=True)
    if outcome is None and rc < 0:
        # Nobody here stopped it: the emulator died of a signal (Popen's
        # -N), its own crash. A status a shell would give, not 256 - N.
        rc = EXIT_SIGNAL_BASE - rc
        line = f"{name}: {exit_text(rc, os.path.basename(cmd[0]))}"
        sys.stdout.flush()
        print(line, file=sys.stderr)
        if log:
            log.write(line + "\n")
    if log:
        log.close()
    return {"timeout": EXIT_TIMEOUT, "silent": EXIT_TIMEOUT, "boot-stopped": EXIT_BOOT_STOPPED,
            "stopped": EXIT_STOPPED, "interrupted": EXIT_INTERRUPTED}.get(outcome, rc)
