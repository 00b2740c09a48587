"""Statistics of repeated samples and the delta rule of the published reports.

Shared by rt_report (the latency report), bench_report (make bench) and
compare (make compare), so that a figure, its delta and a regression mean
the same thing in each.

The delta rule is TF-A CI's, as in the N1SDP report
(docs/perf/psci-performance-methodology.rst): a figure carries its change
against the baseline, "13.42 (-45.40%)", only when that change is larger
than 2% either way, and larger than the counter's resolution: a change of
one tick (32 -> 16 ns) is where the interval fell on the counter's grid,
not a -50% of anything.
"""

# A change must be larger than this (in %, either way) to be shown.
DELTA_SHOWN_ABOVE = 2.0


def median(samples):
    """The median of a non-empty list; the mean of the middle two for an even count."""
    if not samples:
        raise ValueError("median of no sample")
    s = sorted(samples)
    mid = len(s) // 2
    if len(s) % 2:
        return s[mid]
    total = s[mid - 1] + s[mid]
    return total // 2 if total % 2 == 0 else total / 2


def percentile(samples, p):
    """The nearest-rank @p-th percentile of a non-empty list (make
    linux-latency's p99)."""
    if not samples:
        raise ValueError("percentile of no sample")
    s = sorted(samples)
    rank = -(-len(s) * p // 100)
    return s[max(0, int(rank) - 1)]


def stats(samples, unit="ns"):
    """min, median, max and every sample (in order) of one figure, each
    key naming @unit: {"min_ns", "median_ns", "max_ns", "samples_ns"}."""
    return {f"min_{unit}": min(samples), f"median_{unit}": median(samples),
            f"max_{unit}": max(samples), f"samples_{unit}": list(samples)}


def delta_percent(current, baseline):
    """(current - baseline) / baseline in %, or None when there is nothing to compare."""
    if current is None or baseline is None or baseline == 0:
        return None
    return (current - baseline) * 100.0 / baseline


def shown_delta(current, baseline, resolution=0):
    """The delta to print beside a figure, or None under the 2% rule or
    when the figures differ by no more than @resolution (one counter tick,
    in the figures' unit)."""
    d = delta_percent(current, baseline)
    if d is None or abs(d) <= DELTA_SHOWN_ABOVE or abs(current - baseline) <= resolution:
        return None
    return d


def fmt_delta(d):
    """The published form: "(-45.40%)", "(+56.25%)"."""
    return f"({d:+.2f}%)"


def fmt_us(ns):
    """ns as µs with two decimals, rounded half up to the nearest 10 ns."""
    cus = int(ns / 10 + 0.5)
    return f"{cus // 100}.{cus % 100:02d}"


def cell(ns, baseline_ns=None, fmt=fmt_us, resolution=0):
    """A table cell: the figure, and its delta when the 2% rule shows one
    and it is more than @resolution ns (one counter tick)."""
    if ns is None:
        return "--"
    d = shown_delta(ns, baseline_ns, resolution)
    return fmt(ns) + (f" {fmt_delta(d)}" if d is not None else "")


def spread(samples):
    """How far apart a figure's samples are: max - min (0 for one sample)."""
    return max(samples) - min(samples) if samples else 0


def regression(current, baseline, fail_above, resolution=0, spreads=(0, 0)):
    """True when @current is worse (larger) than @baseline by more than
    @fail_above % and by more than each of @resolution and @spreads.

    @current and @baseline are the two runs' medians; @spreads the spread of
    each run's samples (spread()); @resolution one counter tick in ns. A
    difference no larger than a run's own spread is what that run would
    show again with nothing changed (the interleaving of the cores in a
    parallel scenario, the host's noise), and one of a tick is where the
    interval fell on the counter's grid, not the code
    (docs/perf/psci-performance-methodology.rst, "Regressions")."""
    d = delta_percent(current, baseline)
    return (d is not None and d > fail_above and
            current - baseline > max((resolution,) + tuple(spreads)))
