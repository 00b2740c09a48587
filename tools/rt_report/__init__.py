"""tools.rt_report: the latency report, make bench, compare and scaling (docs/perf/)."""
