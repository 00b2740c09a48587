"""report: count a window's instructions by function, source line, image and
CPU, and write the tables (text), CSV and JSON.

A function is the innermost DWARF frame of the instruction: code inlined
from pmf_capture() into std_svc_handle() counts for pmf_capture, and the
table says where it was inlined ("in" column: the out-of-line function
around it). A source line is the innermost frame's file:line. Ties sort by
name, so the same trace always gives the same bytes.
"""
import csv
import io
import json
from collections import Counter


def _pct(n, total):
    return f"{100.0 * n / total:.1f}" if total else "0.0"


def summarise(path, window, legs, streams, symbolizer, top=20):
    """A dict describing @window's instructions (JSON-ready)."""
    counts = Counter()
    per_cpu = Counter()
    occurrences = []
    for leg_no, occs in enumerate(legs):
        for o in occs:
            pcs = streams[o.cpu][o.start:o.end]
            counts.update(pcs)
            per_cpu[o.cpu] += len(pcs)
            occurrences.append({"leg": leg_no, "cpu": o.cpu, "instructions": len(pcs)})
    total = sum(counts.values())
    frames = symbolizer.frames(sorted(counts))
    funcs, lines, images = Counter(), Counter(), Counter()
    for pc, n in counts.items():
        f = frames[pc]
        img = symbolizer.image_of(pc)
        iname = img.name if img else "?"
        inner, outer = f[0][0], f[-1][0]
        # A function of that name in each image is a function of its own
        # (memset in BL1, BL2 and BL31).
        key = (inner, outer if outer != inner else "", iname)
        funcs[key] += n
        lines[(f"{f[0][1]}:{f[0][2]}", inner)] += n
        images[iname] += n
    calls = len(legs[0]) if legs else 0
    per_call = (lambda n: round(n / calls, 1)) if calls else (lambda n: 0.0)
    # The k-th occurrence of the window: the k-th of every leg, added.
    by_leg = [[o["instructions"] for o in occurrences if o["leg"] == leg]
              for leg in range(len(legs))]
    each = [sum(counts_[k] for counts_ in by_leg if k < len(counts_)) for k in range(calls)]
    return {
        "path": path,
        "window": window.name,
        "title": window.title,
        "occurrences": calls,
        "legs": [len(occs) for occs in legs],
        "total": total,
        "per_occurrence": {"mean": per_call(total), "min": min(each, default=0),
                           "max": max(each, default=0)},
        "per_cpu": [{"cpu": c, "instructions": n, "percent": _pct(n, total)}
                    for c, n in sorted(per_cpu.items())],
        "per_image": [{"image": i, "instructions": n, "percent": _pct(n, total)}
                      for i, n in sorted(images.items(), key=lambda kv: (-kv[1], kv[0]))],
        "functions": [{"function": k[0], "inlined_in": k[1], "image": k[2],
                       "instructions": n, "per_call": per_call(n), "percent": _pct(n, total)}
                      for k, n in sorted(funcs.items(), key=lambda kv: (-kv[1], kv[0]))],
        "lines": [{"line": k[0], "function": k[1], "instructions": n,
                   "per_call": per_call(n), "percent": _pct(n, total)}
                  for k, n in sorted(lines.items(), key=lambda kv: (-kv[1], kv[0]))][:top],
        "occurrence_list": occurrences,
    }


def text(summary):
    s = summary
    out = io.StringIO()
    w = out.write
    w(f"== {s['path']}/{s['window']}: {s['title']}\n")
    if not s["occurrences"]:
        w("   no occurrence in the trace\n\n")
        return out.getvalue()
    cpus = ", ".join(str(c["cpu"]) for c in s["per_cpu"])
    po = s["per_occurrence"]
    w(f"   {s['occurrences']} occurrence(s), CPU {cpus}: {s['total']} instructions, "
      f"{po['mean']} per occurrence (min {po['min']}, max {po['max']})\n")
    if len(set(s["legs"])) > 1:
        w(f"   WARNING: the legs occur {s['legs']} times: some did not complete\n")
    n = max(6, len(str(s["total"])))    # the count columns, as wide as the total's
    m = max(8, len(f"{po['mean']:.1f}"))
    w(f"\n  {'instr':>{n}}      %  {'per call':>{m}}  {'function (in: inlined into)':48s} image\n")
    for f in s["functions"]:
        name = f["function"] + (f"  (in {f['inlined_in']})" if f["inlined_in"] else "")
        w(f"  {f['instructions']:{n}d} {f['percent']:>5}  {f['per_call']:{m}.1f}  {name:48s} "
          f"{f['image']}\n")
    w(f"  {s['total']:{n}d} 100.0  {po['mean']:{m}.1f}  total\n")
    w(f"\n   top {len(s['lines'])} source lines\n")
    for ln in s["lines"]:
        w(f"  {ln['instructions']:{n}d} {ln['percent']:>5}  {ln['per_call']:{m}.1f}  "
          f"{ln['line']}  ({ln['function']})\n")
    w("\n   by image: " + ", ".join(f"{i['image']} {i['instructions']} ({i['percent']}%)"
                                   for i in s["per_image"]) + "\n")
    w("   by CPU:   " + ", ".join(f"CPU {c['cpu']} {c['instructions']} ({c['percent']}%)"
                                   for c in s["per_cpu"]) + "\n\n")
    return out.getvalue()


def csv_text(summaries):
    out = io.StringIO()
    wr = csv.writer(out, lineterminator="\n")
    wr.writerow(["path", "window", "table", "name", "inlined_in", "image",
                 "instructions", "per_call", "percent"])
    for s in summaries:
        for f in s["functions"]:
            wr.writerow([s["path"], s["window"], "function", f["function"], f["inlined_in"],
                         f["image"], f["instructions"], f["per_call"], f["percent"]])
        for ln in s["lines"]:
            wr.writerow([s["path"], s["window"], "line", ln["line"], ln["function"], "",
                         ln["instructions"], ln["per_call"], ln["percent"]])
        for c in s["per_cpu"]:
            wr.writerow([s["path"], s["window"], "cpu", c["cpu"], "", "", c["instructions"],
                         "", c["percent"]])
        for i in s["per_image"]:
            wr.writerow([s["path"], s["window"], "image", i["image"], "", "",
                         i["instructions"], "", i["percent"]])
        wr.writerow([s["path"], s["window"], "total", "", "", "", s["total"],
                     s["per_occurrence"]["mean"], "100.0"])
    return out.getvalue()


def json_text(summaries):
    return json.dumps(summaries, indent=1, sort_keys=True) + "\n"
