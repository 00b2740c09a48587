"""tools.profile: make profile (docs/perf/profiling.rst)."""
