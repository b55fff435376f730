"""NumPy/SciPy workloads of `make bench-blas` (bench/README.md): how most users meet a BLAS.

  blas_numpy.py run --n N --n-heavy NH --vec V --budget S    (Debian's /usr/bin/python3)
      times each workload through whatever libblas.so.3 the loader gives this process (the
      driver, bench/run_bench.sh MODE=blas, points LD_LIBRARY_PATH at a directory whose
      libblas.so.3 and libcblas.so.3 are the library under test, in front of Debian's reference
      LAPACK, the same for every library: the differences are the BLAS's alone). Prints
      "# blas PATHS" (the BLAS files mapped, to prove the swap) and one "workload,n,seconds" line
      each: the median of the calls timed (one untimed warm-up first; then calls until `budget`
      seconds have passed, at least 3 (1 when the warm-up took over 5 budgets), at most 50).
  blas_numpy.py report RAW.csv OUT.csv
      RAW lines "lib,threads,round,workload,n,seconds" (several rounds, libraries interleaved by
      the driver): the median over the rounds per workload, thread count and library; a table on
      stdout with each library's time (ms) and nanoblas's speed over each other library's (> 1:
      nanoblas faster), and OUT.csv.
"""
import statistics
import sys
import time


def workloads(n, nh, nv):
    import numpy as np
    from scipy.linalg import blas

    rng = np.random.default_rng(7)
    m = rng.standard_normal((nh, nh))
    sym = (m + m.T) / 2
    big = rng.standard_normal((n, n))
    spd = big @ big.T / n + np.eye(n)
    rhs = rng.standard_normal(n)
    # Fortran order, so that the scipy.linalg.blas wrappers pass the arrays without a copy
    af = np.asfortranarray(rng.standard_normal((n, n)) * 1e-3)
    tri = np.asfortranarray(np.triu(af) + np.eye(n))
    zf = np.asfortranarray((rng.standard_normal((n, n)) + 1j * rng.standard_normal((n, n))) * 1e-3)
    x, xz = rng.standard_normal(n), rng.standard_normal(n) + 1j * rng.standard_normal(n)
    v, w = rng.standard_normal(nv), rng.standard_normal(nv)
    vz = rng.standard_normal(nv // 2) + 1j * rng.standard_normal(nv // 2)
    wz = vz[::-1].copy()
    return [
        # (name, size, call)
        ("numpy.linalg.eigh", nh, lambda: np.linalg.eigh(sym)),
        ("numpy.linalg.svd", nh, lambda: np.linalg.svd(m)),
        ("numpy.linalg.solve", n, lambda: np.linalg.solve(big, rhs)),
        ("numpy.linalg.inv", n, lambda: np.linalg.inv(big)),
        ("numpy.linalg.cholesky", n, lambda: np.linalg.cholesky(spd)),
        ("numpy.matmul", n, lambda: big @ big),
        ("numpy.dot_vectors", nv, lambda: np.dot(v, w)),
        ("blas.dsymv", n, lambda: blas.dsymv(1.0, af, x)),
        ("blas.dgemv", n, lambda: blas.dgemv(1.0, af, x)),
        ("blas.dgemv_T", n, lambda: blas.dgemv(1.0, af, x, trans=1)),
        ("blas.dtrmv", n, lambda: blas.dtrmv(tri, x)),
        ("blas.dtrsv", n, lambda: blas.dtrsv(tri, x)),
        ("blas.dger", n, lambda: blas.dger(1e-9, x, x, a=af, overwrite_a=1)),
        ("blas.zhemv", n, lambda: blas.zhemv(1.0, zf, xz)),
        ("blas.zgemv", n, lambda: blas.zgemv(1.0, zf, xz)),
        ("blas.ddot", nv, lambda: blas.ddot(v, w)),
        ("blas.daxpy", nv, lambda: blas.daxpy(v, w, a=1e-9)),
        ("blas.dscal", nv, lambda: blas.dscal(-1.0, v)),
        ("blas.idamax", nv, lambda: blas.idamax(v)),
        ("blas.dasum", nv, lambda: blas.dasum(v)),
        ("blas.dnrm2", nv, lambda: blas.dnrm2(v)),
        ("blas.zdotc", nv // 2, lambda: blas.zdotc(vz, wz)),
    ]


def run(args):
    opts = dict(zip(args[::2], args[1::2]))
    n, nh = int(opts.get("--n", 2000)), int(opts.get("--n-heavy", 1200))
    nv, budget = int(opts.get("--vec", 4000000)), float(opts.get("--budget", 1.0))
    only = opts.get("--only")
    work = workloads(n, nh, nv)  # imports NumPy and SciPy, which load the BLAS
    with open("/proc/self/maps") as f:  # the BLAS this process runs on
        paths = {ln.split(None, 5)[5].strip() for ln in f if len(ln.split(None, 5)) == 6}
    blas_files = sorted(p for p in paths
                        if any(k in p.rsplit("/", 1)[-1] for k in ("blas", "blis", "mkl_rt")))
    print("# blas " + " ".join(blas_files), flush=True)
    # MKL's PyPI build has the Intel Fortran ABI only: a function returning a complex value
    # (zdotc_) takes a hidden result pointer there, and SciPy's gfortran-ABI call crashes
    intel_abi = any("mkl" in p.rsplit("/", 1)[-1] for p in blas_files)
    for name, size, call in work:
        if only and not any(o in name for o in only.split(",")):
            continue
        if intel_abi and name == "blas.zdotc":
            print(f"blas_numpy: {name} skipped on MKL (Intel Fortran ABI)", file=sys.stderr)
            continue
        t0 = time.perf_counter()
        call()
        # a call far slower than the budget (a library's pathological case) is timed once more
        # only, so that one library cannot hold the whole run
        least = 1 if time.perf_counter() - t0 > 5 * budget else 3
        times, start = [], time.perf_counter()
        while len(times) < least or (time.perf_counter() - start < budget and len(times) < 50):
            t0 = time.perf_counter()
            call()
            times.append(time.perf_counter() - t0)
        print(f"{name},{size},{statistics.median(times):.6e}", flush=True)


def report(raw_path, out_path):
    rows = {}  # (workload, n, threads) -> lib -> [seconds per round]
    libs, cpu = [], ""
    for line in open(raw_path):
        if line.startswith("# cpu"):
            cpu = line.split(":", 1)[1].strip()
        if line.startswith("#") or not line.strip():
            continue
        lib, threads, _rnd, rest = line.strip().split(",", 3)
        name, n, sec = rest.rsplit(",", 2)
        if lib not in libs:
            libs.append(lib)
        rows.setdefault((name, int(n), int(threads)), {}).setdefault(lib, []).append(float(sec))
    others = [lib for lib in libs if lib != "nanoblas"]
    out = open(out_path, "w")
    out.write(f"# cpu: {cpu}\nworkload,n,threads,lib,seconds,rounds,nb_ratio\n")
    print(f"NumPy/SciPy workloads: median milliseconds per call over the rounds (Debian's NumPy and "
          f"SciPy, the reference LAPACK, each library as libblas.so.3); nb/x = x's time / "
          f"nanoblas's (> 1: nanoblas faster); cpu: {cpu}")
    hdr = f"{'workload':24} {'n':>8} {'thr':>3} |" + "".join(f" {lib:>9.9}" for lib in libs)
    print(hdr + " |" + "".join(f" nb/{lib:<5.5}" for lib in others))
    ratios = {lib: [] for lib in others}
    for (name, n, threads), per in rows.items():
        med = {lib: statistics.median(v) for lib, v in per.items()}
        line = f"{name:24} {n:>8} {threads:>3} |"
        line += "".join(f" {med[lib] * 1e3:9.3f}" if lib in med else f" {'-':>9}" for lib in libs) + " |"
        for lib in others:
            if lib in med and "nanoblas" in med:
                q = med[lib] / med["nanoblas"]
                ratios[lib].append(q)
                line += f" {q:8.2f}"
            else:
                line += f" {'-':>8}"
        print(line)
        for lib in libs:
            if lib in med:
                q = med[lib] / med["nanoblas"] if "nanoblas" in med else 0
                out.write(f"{name},{n},{threads},{lib},{med[lib]:.6e},{len(per[lib])},"
                          f"{q:.4f}\n" if q else f"{name},{n},{threads},{lib},{med[lib]:.6e},"
                          f"{len(per[lib])},\n")
    for lib, qs in ratios.items():
        if qs:
            print(f"  numpy/scipy, nanoblas / {lib}: geomean {statistics.geometric_mean(qs):.2f}x "
                  f"over {len(qs)} rows; {sum(q < 1 for q in qs)} below 1.0x")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "run":
        run(sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "report":
        report(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
