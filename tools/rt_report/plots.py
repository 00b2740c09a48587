"""The report's plots: for each scenario, per core, each figure in µs, with
the baseline's bar beside the current one (matplotlib, Debian's
python3-matplotlib).

One panel per figure (Powerdown, Wakeup and Cache Flush differ by two
orders of magnitude: on one axis the cache flush would vanish), cores on
the x axis, the median as the bar, min..max as an error bar (a whisker)
when the samples differ, the value written on each bar; the legend says
what the bar and the whiskers are, and the axis what a µs is (under
-icount: 1000 instructions executed, not time on a board). Up to four cores the
panels stand side by side; with more, one above the other, as wide as the
bars need, the values written upright, so that 16 cores with a baseline
stay readable. PNG and SVG, both reproducible (no date, fixed SVG ids).
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402

from tools.rt_report import provenance as prov  # noqa: E402
from tools.rt_report import scenarios  # noqa: E402

CURRENT, BASELINE = "#1f5fa8", "#b0b0b0"


def _us(ns):
    return ns / 1000.0


# The margins, in inches: fixed, since the text around each panel is the
# same from plot to plot (matplotlib's tight_layout measures it each time,
# and was half of a report's run time).
LEFT, RIGHT, TOP = 0.95, 0.15, 0.65  # y label (two lines) and ticks; suptitle and panel title
BOTTOM = 0.6                         # x label and ticks, above the legend
LEGEND_ROW = 0.25
GAP_X, GAP_Y = 1.05, 0.9             # the next panel's y label; its title and x label


def _margins(fig, shape, legend_rows, stacked):
    """Place @shape (rows, columns) panels in @fig with the fixed margins."""
    w, h = fig.get_size_inches()
    nrows, ncols = shape
    bottom = BOTTOM + LEGEND_ROW * legend_rows
    axis_w = (w - LEFT - RIGHT - GAP_X * (ncols - 1)) / ncols
    axis_h = (h - TOP - bottom - (GAP_Y if stacked else 0) * (nrows - 1)) / nrows
    fig.subplots_adjust(left=LEFT / w, right=1 - RIGHT / w, top=1 - TOP / h, bottom=bottom / h,
                        wspace=GAP_X / axis_w, hspace=GAP_Y / axis_h if stacked else 0)


def y_label(p):
    """The value axis: µs, and under -icount what a µs is."""
    if prov.icount(p):
        return "µs of -icount time\n(1 µs = 1000 instructions)"
    return "latency (µs)"


def whisker_text(samples):
    """The legend's entry for the whiskers of figures of @samples samples."""
    return (f"whisker: min to max of a core's {'/'.join(map(str, sorted(set(samples))))} "
            "samples (bar and value: their median)")


def plot_scenario(path, sc, base_sc, label, base_label, ylabel="latency (µs)"):
    """PATH.png and PATH.svg for one report.json scenario (and the baseline's)."""
    figures = sc["figures"]
    cores = [f"{r['cluster']}.{r['core']}" for r in sc["rows"]]
    base_rows = {(r["cluster"], r["core"]): r for r in base_sc["rows"]} if base_sc else {}
    width = 0.38 if base_sc else 0.6
    stacked = len(cores) > 4
    bars_per_core = 2 if base_sc else 1
    if stacked:
        # One panel per row, 0.3 in per bar: a value label upright per bar.
        wide = max(6.5, 1.2 + 0.3 * bars_per_core * len(cores))
        height = 2.6 * len(figures)
    else:
        wide = 3.6 * len(figures) + 0.8
        height = 3.6
    # The legend: each run's bars, and the whiskers where a figure's
    # samples differ; side by side when the plot is wide enough, else one
    # above the other.
    samples = [len(st["samples_ns"]) for s_ in ([sc] + ([base_sc] if base_sc else []))
               for r in s_["rows"] for st in r["figures"].values()
               if st["max_ns"] != st["min_ns"]]
    texts = [label] + ([base_label] if base_sc else []) + ([whisker_text(samples)] if samples else [])
    # About 0.065 in a character at the legend's 8 points, 0.6 in for the
    # key and the gap of each entry.
    one_row = sum(0.6 + 0.065 * len(t) for t in texts) <= max(wide, 6.5) - 0.5
    ncol = len(texts) if one_row else 1
    rows = 1 if one_row else len(texts)
    fig, axes = plt.subplots(len(figures) if stacked else 1, 1 if stacked else len(figures),
                             figsize=(max(wide, 6.5), height + 0.25 * rows), squeeze=False)
    for ax, name in zip(axes.flat, figures):
        xs = list(range(len(cores)))
        cur = [r["figures"].get(name) for r in sc["rows"]]
        series = [(cur, CURRENT, label, -width / 2 if base_sc else 0.0)]
        if base_sc:
            base = [base_rows.get((r["cluster"], r["core"]), {}).get("figures", {}).get(name)
                    for r in sc["rows"]]
            series.insert(0, (base, BASELINE, base_label, -width / 2))
            series[1] = (cur, CURRENT, label, width / 2)
        top = 0.0
        for stats, color, legend, shift in series:
            pos = [x + shift for x, s in zip(xs, stats) if s]
            med = [_us(s["median_ns"]) for s in stats if s]
            lo = [_us(s["median_ns"] - s["min_ns"]) for s in stats if s]
            hi = [_us(s["max_ns"] - s["median_ns"]) for s in stats if s]
            spread = any(lo) or any(hi)
            bars = ax.bar(pos, med, width, color=color, label=legend,
                          yerr=[lo, hi] if spread else None, capsize=3 if spread else 0,
                          edgecolor="black", linewidth=0.5)
            ax.bar_label(bars, labels=[f"{m:.2f}" for m in med], fontsize=7 if not stacked else 6,
                         padding=2, rotation=90 if stacked else 0)
            top = max([top] + [m + h for m, h in zip(med, hi)])
        ax.set_title(name, fontsize=10)
        ax.set_xticks(xs, cores)
        ax.set_xlabel("core (cluster.core)")
        ax.set_ylabel(ylabel)
        ax.set_ylim(0, top * (1.35 if stacked else 1.18) if top else 1)
        ax.grid(axis="y", linewidth=0.3)
        ax.set_axisbelow(True)
    fig.suptitle(scenarios.title(sc["name"], "µs").replace("``", ""), fontsize=11)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    if samples:
        handles.append(Line2D([0], [0], color="black", linestyle="none", marker="|",
                              markersize=10, markeredgewidth=1.2))
        labels.append(whisker_text(samples))
    fig.legend(handles, labels, loc="lower center", ncol=ncol, fontsize=8, frameon=False)
    _margins(fig, axes.shape, rows, stacked)
    fig.savefig(path + ".png", dpi=100, metadata={"Software": None})
    fig.savefig(path + ".svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)


def plot_all(outdir, report, baseline, provenance):
    """One plot per scenario with rows; the scenario names plotted."""
    os.makedirs(outdir, exist_ok=True)
    # Reproducible SVG: ids from a fixed salt, text kept as text.
    matplotlib.rcParams["svg.hashsalt"] = "n1fw"
    matplotlib.rcParams["svg.fonttype"] = "none"
    base_by_name = {sc["name"]: sc for sc in baseline["scenarios"]} if baseline else {}
    def name(p):
        return p.get("firmware", "firmware not known") + (f", {p['run']}" if p.get("run") else "")

    label = f"current ({name(provenance)})"
    base_label = f"baseline ({name(baseline['provenance'])})" if baseline else None
    done = {}
    for sc in report["scenarios"]:
        if not sc["rows"]:
            continue
        plot_scenario(os.path.join(outdir, sc["name"]), sc, base_by_name.get(sc["name"]),
                      label, base_label, y_label(provenance))
        done[sc["name"]] = True
    return done
