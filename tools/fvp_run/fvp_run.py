#!/usr/bin/env python3
"""fvp_run: boot the firmware in Arm's Base FVP, the one way it is done.

Every run of PLAT=fvp (make run, the report's LAVA job) starts the model
through this script, so its parameters are described once, in
model_params() below; docs/plat/fvp.rst shows what --print-cmd prints for
the default build (tests/host/docs_test.sh checks that they agree).

Usage: fvp_run.py --config CONFIG_MK [--model PATH] [--timeout S] [--log FILE]
                  [--quiet] [--stop REGEX] [--keep-going] [--show-cmd] [--print-cmd]

  --config FILE    the build's config.mk (build/fvp/<type>/config.mk): the
                   topology (FVP_CLUSTERS, FVP_CORES_PER_CLUSTER), the model
                   (FVP_BASE) and the images beside it (bl1.bin, fip.bin)
  --model PATH     the model's executable (default: FVP_BASE of the build)
  --timeout S      wall-clock limit (0: none), as qemu_run's
  --log FILE       copy of the console (UART0)
  --quiet          do not echo the console
  --stop REGEX     stop the model when a console line matches; exit 0
  --keep-going     do not stop when the firmware says the boot stopped
  --show-cmd       print the model's command line, then run it
  --print-cmd      print the model's command line and exit

The model writes UART0 to a file (bp.pl011_uart0.out_file; uart0.log beside
--log) that is followed as it grows; the model's own messages go to
model.log there. With
bp.ve_sysregs.exit_on_shutdown=1 PSCI SYSTEM_OFF ends the model, and a run
ends like every other (tools/common/console_watch.py): exit 0 after
SYSTEM_OFF (the model's status), 3 when the boot stopped, 124 at the time
limit, 125 when the model could not be started, 2 on bad arguments.
"""
import argparse
import os
import re
import shlex
import shutil
import sys
import tempfile

from tools.common import console_watch  # how every run ends
from tools.common.config_mk import read_config  # the one reader of config.mk

# The model the documentation names when the build has none.
DEFAULT_MODEL = "FVP_Base_RevC-2xAEMvA"


def topology(config):
    """(clusters, cores per cluster) of a build's config.mk, as read by
    read_config(); ValueError if one is not a number."""
    return (int(config.get("FVP_CLUSTERS", "2"), 0),
            int(config.get("FVP_CORES_PER_CLUSTER", "2"), 0))


def model_params(build, clusters, cores, uart):
    """The model's -C parameters (name, value), for the build in @build with
    @clusters of @cores, UART0 written to @uart. docs/plat/fvp.rst says why
    each is set."""
    params = [("bp.secureflashloader.fname", os.path.join(build, "bl1.bin")),
              ("bp.flashloader0.fname", os.path.join(build, "fip.bin"))]
    params += [(f"cluster{c}.NUM_CORES", str(cores)) for c in range(clusters)]
    params += [("bp.secure_memory", "0"), ("cache_state_modelled", "1"),
               ("bp.pl011_uart0.out_file", uart), ("bp.pl011_uart0.unbuffered_output", "1"),
               ("bp.terminal_0.start_telnet", "0"), ("bp.vis.disable_visualisation", "1"),
               ("bp.ve_sysregs.exit_on_shutdown", "1"), ("pctl.startup", "0.0.*.*")]
    return params


def command(model, params):
    return [model] + [a for name, value in params for a in ("-C", f"{name}={value}")]


def main(argv):
    p = argparse.ArgumentParser(prog="fvp_run", description="Boot the firmware in Arm's Base "
                                "FVP (the one description of its parameters: model_params()).")
    p.add_argument("--config", required=True, metavar="CONFIG_MK",
                   help="the build's config.mk: topology, FVP_BASE, images beside it")
    p.add_argument("--model", metavar="PATH", help="the model (default: the build's FVP_BASE)")
    p.add_argument("--timeout", type=float, default=0, metavar="S",
                   help="wall-clock limit in seconds (0: none); exit 124")
    p.add_argument("--log", metavar="FILE", help="copy of the console (UART0)")
    p.add_argument("--quiet", action="store_true", help="do not echo the console")
    p.add_argument("--stop", metavar="REGEX", help="stop when a console line matches; exit 0")
    p.add_argument("--keep-going", action="store_true",
                   help="do not stop when the firmware says the boot stopped (exit 3)")
    p.add_argument("--show-cmd", action="store_true", help="print the command line, then run")
    p.add_argument("--print-cmd", action="store_true",
                   help="print the command line and exit without running the model")
    a = p.parse_args(argv)
    try:
        config = read_config(a.config)
        clusters, cores = topology(config)
    except OSError as e:
        print(f"fvp_run: {a.config}: {e.strerror} (build first)", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"fvp_run: {a.config}: {e}", file=sys.stderr)
        return 2
    build = os.path.dirname(a.config)
    model = a.model or config.get("FVP_BASE") or None
    if a.print_cmd:
        # As the documentation shows it: the console in the run's folder.
        uart = os.path.join(os.path.dirname(build), "report", "<run>", "uart0.log")
        print(" ".join(shlex.quote(c) for c in command(model or DEFAULT_MODEL,
                                                       model_params(build, clusters, cores,
                                                                    uart))))
        return 0
    if not model:
        print("fvp_run: no model: give --model or build with FVP_BASE=<path to the FVP>",
              file=sys.stderr)
        return 2
    if shutil.which(model) is None:
        print(f"fvp_run: {model}: not an executable model (FVP_BASE=)", file=sys.stderr)
        return console_watch.EXIT_NOT_STARTED
    for image in ("bl1.bin", "fip.bin"):
        if not os.path.isfile(os.path.join(build, image)):
            print(f"fvp_run: {os.path.join(build, image)}: no such file (build first)",
                  file=sys.stderr)
            return 2
    tmp = tempfile.mkdtemp(prefix="fvp_run.")
    try:
        # UART0 beside the console's copy in the run's folder (else a
        # temporary one).
        uart = os.path.join(os.path.dirname(a.log) if a.log else tmp, "uart0.log")
        open(uart, "w", encoding="utf-8").close()
        model_log = os.path.join(os.path.dirname(a.log), "model.log") if a.log else os.devnull
        cmd = command(model, model_params(build, clusters, cores, uart))
        if a.show_cmd:
            print("  FVP     " + " ".join(shlex.quote(c) for c in cmd), flush=True)
        # The model in the background, its UART followed until it exits;
        # then the model's own exit status.
        wrapper = ['sh', '-c', '"$@" >"$MODEL_LOG" 2>&1 & pid=$!; '
                   'tail -n +1 -s 0.1 -F --pid=$pid "$UART" 2>/dev/null; wait $pid', 'fvp_run']
        os.environ.update(MODEL_LOG=model_log, UART=uart)
        return console_watch.watch(wrapper + cmd, log_path=a.log, quiet=a.quiet,
                                   timeout=a.timeout, stop=re.compile(a.stop) if a.stop else None,
                                   keep_going=a.keep_going, name="fvp_run", group=True)
    finally:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
