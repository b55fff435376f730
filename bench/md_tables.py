#!/usr/bin/env python3
"""Markdown tables from gemm_bench CSV files, for docs/PERFORMANCE.md.

usage: md_tables.py FILE.csv...

One table per file: a row per (type, layout, transposes, m, n, k, threads), a column per library
with its median GFLOPS, then nanoblas's ratio to each other library and nanoblas's % of the FMA
peak the run measured. The CSV's comment lines (CPU, libraries, peaks, bandwidth) are kept as a
list above the table, so that a table never travels without the conditions it was measured in;
the table's title line names the CPU (run_bench.sh's "# cpu-id:" line: model, vendor, family,
model number, ISA; else gemm_bench's "# cpu:" line), as the figures hold for that CPU only.
"""
import csv
import sys


def table(path):
    notes, cpu = [], {}
    with open(path, newline="") as f:
        lines = [ln for ln in f]
    for ln in lines:
        if ln.startswith("#"):
            text = ln[1:].strip()
            for key in ("cpu-id:", "cpu:"):
                if text.startswith(key) and key not in cpu:
                    cpu[key] = text[len(key):].strip()
            if text.startswith(("cpu-id:", "cpu:", "lib ", "FMA peak", "stream bandwidth", "date:")):
                notes.append(text if len(text) < 160 else text[:157] + "...")
    reader = csv.DictReader(ln for ln in lines if not ln.startswith("#"))
    libs, shapes, data = [], [], {}
    for r in reader:
        key = (r["type"], r["layout"], r["trans"], r["m"], r["n"], r["k"], r["threads"])
        if key not in data:
            data[key] = {}
            shapes.append(key)
        if r["lib"] not in libs:
            libs.append(r["lib"])
        data[key][r["lib"]] = r
    others = [lib for lib in libs if lib != "nanoblas"]
    where = cpu.get("cpu-id:") or cpu.get("cpu:")
    title = f"`{path}`: measured on {where} (these figures hold for this CPU only)" if where else \
        f"`{path}`: the CPU was not recorded in this file, so these figures belong to no known machine"
    out = [title, ""] + [f"- {n}" for n in notes] + [""]
    head = ["type", "layout", "op", "m", "n", "k", "thr"] + [f"{lib} GF" for lib in libs]
    head += [f"nb/{lib}" for lib in others] + ["nb % peak"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for key in shapes:
        row = list(key)
        d = data[key]
        nb = float(d["nanoblas"]["gflops"]) if "nanoblas" in d else None
        for lib in libs:
            row.append(f"{float(d[lib]['gflops']):.1f}" if lib in d else "-")
        for lib in others:
            row.append(f"{nb / float(d[lib]['gflops']):.2f}" if nb and lib in d else "-")
        row.append(d["nanoblas"]["pct_peak"] if "nanoblas" in d else "-")
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2])
        return 2
    print("\n\n".join(table(p) for p in paths))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
