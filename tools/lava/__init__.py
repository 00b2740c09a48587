"""tools.lava: LAVA jobs for the three platforms, a server-less lava-run, LAVA job logs (docs/perf/lava.rst)."""
