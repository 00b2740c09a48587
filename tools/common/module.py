"""module: how one host tool starts another: as a module of the tree's
package (python3 -m tools.qemu_run.qemu_run), whatever the folder it runs
in, with the tree's top on the child's PYTHONPATH."""
import os
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def command(module):
    """The command line that runs @module (e.g. "tools.rt_report.runs")."""
    return [sys.executable, "-m", module]


def env(base=None):
    """@base (default: this process's environment) with the tree's top
    first on PYTHONPATH, for a child started with command()."""
    e = dict(os.environ if base is None else base)
    e["PYTHONPATH"] = TOP + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    return e
