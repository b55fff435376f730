"""Checks one swapped run of workloads.py / workloads.R / openblas_client against a reference run:
  compare.py LABEL OURS REF STDERR MAPS_WANT [--lapack-optional] [--results-only]
             [--other OTHER NAME]
prints a PASS/FAIL line for each of: results, residuals, trace, loaded libraries; exit 1 on a FAIL.
REF is always the plain reference (netlib BLAS/LAPACK), never another optimized library.
- --other OTHER NAME: OTHER is the same workloads run on library NAME alone, where NAME's code
  also runs in OURS (LD_PRELOAD over OpenBLAS: its LAPACK and internal kernels). A quantity that
  NAME alone already gets wrong against REF on this CPU is NAME's: one "note" line names it and
  it is not counted against nanoblas. Every other quantity still fails on any disagreement.
- --results-only: only the results and residuals (checking another library's run: the note
  lines of run_swap.sh); STDERR and MAPS_WANT are not read.
- results: every "cmp" quantity of REF is in OURS and agrees normwise within its rtol.
- residuals: every "max" quantity of OURS is within its bound.
- trace: STDERR (NANOBLAS_VERBOSE=2) has nanoblas trace lines inside each workload's markers: the
  workloads that call BLAS directly must show the routine they call (DIRECT below); the LAPACK
  workloads must show at least one BLAS call from LAPACK, unless --lapack-optional (LAPACK that
  is not ours and may use its own internal kernels: the LD_PRELOAD-over-OpenBLAS way).
- libraries: some "# lib" path of OURS contains MAPS_WANT (regular expression)."""
import re
import sys

TRACE = re.compile(r"^nanoblas: (\S+) .* set=\S+ time=[0-9.]+us$")
MARK = re.compile(r"^nanoblas-test: begin (\S+)$")
DIRECT = {  # workload -> routine(s) it must reach in nanoblas
    "matmul_f64": r"(cblas_)?dgemm_?", "matmul_f32": r"(cblas_)?sgemm_?",
    "matmul_c128": r"(cblas_)?zgemm_?", "dot": r"(cblas_)?ddot_?", "gemv": r"(cblas_)?dgemv_?",
    "sp_dgemm": r"dgemm_", "sp_dsyrk": r"dsyrk_",
    "r_matmul": r"dgemm_", "r_gemv": r"dgemv_", "r_crossprod": r"dsyrk_", "r_tcrossprod": r"dgemm_",
    "r_qr": r"d(nrm2|dot|axpy|scal)_",  # R's LINPACK dqrdc2
    "c_dgemm": r"cblas_dgemm", "c_dsyrk": r"cblas_dsyrk",
}


def parse(path):
    cmp, small, libs = {}, {}, []
    for ln in open(path):
        p = ln.split()
        if ln.startswith("# lib "):
            libs.append(p[2])
        elif len(p) >= 4 and p[1] == "cmp":
            cmp[p[0]] = (float(p[2]), [complex(*map(float, t.split(","))) for t in p[3:]])
        elif len(p) == 4 and p[1] == "max":
            small[p[0]] = (float(p[2]), float(p[3]))
    return cmp, small, libs


def wrong_results(run, ref):
    """{name: why} for every "cmp" quantity of REF that RUN lacks or disagrees with."""
    bad = {}
    for name, (rtol, r) in ref[0].items():
        o = run[0].get(name, (0, []))[1]
        if len(o) != len(r):
            bad[name] = f"{name} (missing)"
            continue
        err = max(abs(a - b) for a, b in zip(o, r)) if r else 0.0
        scale = max(1.0, max((abs(z) for z in r), default=0.0))
        if not err <= rtol * scale:
            bad[name] = f"{name} (err {err / scale:.2g} > rtol {rtol:g})"
    return bad


def wrong_residuals(run):
    return {n: f"{n} {v:.3g} > {b:g}" for n, (b, v) in run[1].items() if not v <= b}


def main():
    args = sys.argv[6:]
    label, ours_path, ref_path, err_path, maps_want = sys.argv[1:6]
    lapack_optional = "--lapack-optional" in args
    results_only = "--results-only" in args
    other = None
    if "--other" in args:
        i = args.index("--other")
        other = (args[i + 1], args[i + 2])
    ok = True

    def report(passed, what):
        nonlocal ok
        ok &= passed
        print(f"  {'PASS' if passed else 'FAIL'} {label}: {what}")

    try:
        ours, ref = parse(ours_path), parse(ref_path)
    except (OSError, ValueError) as e:
        report(False, f"no results ({e})")
        return 1
    # the other library alone, against the same reference: what it gets wrong itself
    theirs = {}
    if other:
        try:
            orun = parse(other[0])
            theirs = {**wrong_results(orun, ref), **wrong_residuals(orun)}
        except (OSError, ValueError):  # it produced nothing: everything is in doubt
            theirs = {n: f"{n} (no output)" for n in list(ref[0]) + list(ours[1])}
    excused = []

    def counted(bad):
        for name in [n for n in bad if n in theirs]:
            excused.append(f"{theirs[name]}; ours: {bad.pop(name).split(' ', 1)[-1]}")
        return list(bad.values())

    bad = counted(wrong_results(ours, ref))
    report(bool(ref[0]) and not bad,
           f"{len(ref[0])} results" + (": " + ", ".join(bad) if bad else " agree with the reference run"))
    bad = counted(wrong_residuals(ours))
    report(bool(ours[1]) and not bad,
           f"{len(ours[1])} residuals" + (": " + ", ".join(bad) if bad else " small"))
    if excused:
        print(f"  note {label}: {other[1]} wrong on its own data for {', '.join(excused)}: "
              f"not counted against nanoblas")
    if results_only:
        return 0 if ok else 1

    calls, seg, total = {}, None, 0
    for ln in open(err_path, errors="replace"):
        ln = ln.rstrip("\n")
        m = MARK.match(ln)
        if m:
            seg = m.group(1)
            calls.setdefault(seg, set())
            continue
        t = TRACE.match(ln)
        if t:
            total += 1
            calls.setdefault(seg, set()).add(t.group(1))
    workloads = [w for w in calls if w not in (None, "end")]
    missing = [f"{w} (wants {DIRECT[w]}, saw {' '.join(sorted(calls[w])) or 'nothing'})"
               for w in workloads if w in DIRECT
               and not any(re.fullmatch(DIRECT[w], s) for s in calls[w])]
    lapack = [w for w in workloads if w not in DIRECT]
    silent = [w for w in lapack if not calls[w]]
    if lapack_optional:
        lapack_note = f"; {len(lapack) - len(silent)}/{len(lapack)} LAPACK workloads reached it"
        silent = []
    else:
        lapack_note = f"; all {len(lapack)} LAPACK workloads called its BLAS"
    seen = sorted(set().union(*calls.values())) if calls else []
    if total == 0:
        report(False, "trace: no NANOBLAS_VERBOSE=2 lines at all (nanoblas not used, or no trace)")
    elif missing or silent:
        report(False, "trace: " + "; ".join(missing + [f"{w} made no nanoblas call" for w in silent]))
    else:
        report(True, f"trace: nanoblas executed {total} calls ({' '.join(seen[:12])}"
               f"{' ...' if len(seen) > 12 else ''}){lapack_note}")
    libs = ours[2]
    report(any(re.search(maps_want, p) for p in libs),
           f"loaded {' '.join(libs) or 'no BLAS library'} (want {maps_want})")
    return 0 if ok else 1


sys.exit(main())
