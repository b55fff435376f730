"""NumPy/SciPy workloads of `make bench-blas` and `make bench-lapack` (bench/README.md): how most
users meet a BLAS and a LAPACK.

  blas_numpy.py run [--set blas|lapack] [options]        (Debian's /usr/bin/python3)
      times each workload through whatever libblas.so.3 and liblapack.so.3 the loader gives this
      process (the driver, bench/run_bench.sh MODE=blas or MODE=lapack, points LD_LIBRARY_PATH at
      a directory whose libblas.so.3 and libcblas.so.3 are the library under test, and whose
      liblapack.so.3 is either the same library's own LAPACK, NUMPY_LAPACK=own, or Debian's
      reference LAPACK behind it, NUMPY_LAPACK=ref). Prints "# blas PATHS" (the BLAS files
      mapped), "# lapack dgetrf_=FILE dgemm_=FILE mapped=PATHS" (the files that define dgetrf_ in
      the process's liblapack.so.3 and dgemm_ in its libblas.so.3, and the LAPACK files mapped),
      to prove the swap, then per workload a "# start NAME N" line and one "workload,n,seconds"
      line: the median of the calls timed (one untimed warm-up first; then calls until `budget`
      seconds have passed, at least 3 (1 when the warm-up took over 5 budgets), at most 50).
      --set blas (default): the bench-blas rows (--n, --n-heavy, --vec); --set lapack: the LAPACK
      rows at every size of --n-lapack (solve, lu_factor, cholesky, inv, det, qr, lstsq) and of
      --n-eig (eig, eigh, svd). --only A,B: the rows whose name contains A or B; --skip NAME@N,..:
      leave those rows out (the driver's way past a row that crashed a library); --budget S.
  blas_numpy.py report RAW.csv OUT.csv [TITLE]
      RAW lines "lib,threads,round,workload,n,seconds" (several rounds, libraries interleaved by
      the driver): the median over the rounds per workload, thread count and library; a table on
      stdout with each library's time (ms) and nanoblas's speed over each other library's (> 1:
      nanoblas faster), and OUT.csv. TITLE replaces the table's first words.
"""
import ctypes
import os
import statistics
import sys
import time


def blas_workloads(n, nh, nv):
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


def lapack_workloads(sizes, eig_sizes):
    """The LAPACK rows: (name, size, call) at every size of `sizes` (the factorizations and
    solvers) and of `eig_sizes` (the eigenvalue problems and the SVD, far slower)."""
    import numpy as np
    import scipy.linalg

    rows = []
    for k in sorted(set(sizes) | set(eig_sizes)):
        rng = np.random.default_rng(11 + k)
        # entries of variance 1/k: det stays finite at these sizes, and spd's eigenvalues stay
        # within [1, 5] or so (a well-conditioned Cholesky)
        g = rng.standard_normal((k, k)) / np.sqrt(k)
        b = rng.standard_normal(k)
        if k in sizes:
            spd = g @ g.T + np.eye(k)
            tall = rng.standard_normal((k, k // 2))  # lstsq: k x k/2, one right-hand side
            rows += [
                ("numpy.linalg.solve", k, lambda g=g, b=b: np.linalg.solve(g, b)),       # gesv
                ("scipy.linalg.lu_factor", k, lambda g=g: scipy.linalg.lu_factor(g)),    # getrf
                ("numpy.linalg.cholesky", k, lambda s=spd: np.linalg.cholesky(s)),       # potrf
                ("numpy.linalg.inv", k, lambda g=g: np.linalg.inv(g)),                   # gesv, B = I
                ("scipy.linalg.inv", k, lambda g=g: scipy.linalg.inv(g)),                # getrf + getri
                ("numpy.linalg.det", k, lambda g=g: np.linalg.det(g)),                   # getrf
                ("numpy.linalg.qr", k, lambda g=g: np.linalg.qr(g)),                     # geqrf + orgqr
                ("numpy.linalg.lstsq", k,
                 lambda a=tall, b=b: np.linalg.lstsq(a, b, rcond=None)),                 # gelsd
            ]
        if k in eig_sizes:
            sym = (g + g.T) / 2
            rows += [
                ("numpy.linalg.eig", k, lambda g=g: np.linalg.eig(g)),                   # geev
                ("numpy.linalg.eigh", k, lambda s=sym: np.linalg.eigh(s)),               # syevd
                ("numpy.linalg.svd", k, lambda g=g: np.linalg.svd(g)),                   # gesdd
            ]
    order = [r[0] for r in rows]
    # one workload at all its sizes, then the next one
    return sorted(rows, key=lambda r: (order.index(r[0]), r[1]))


def sizes_opt(text):
    return [int(v) for v in text.split(",") if v.strip()] if text else []


class DlInfo(ctypes.Structure):
    _fields_ = [("dli_fname", ctypes.c_char_p), ("dli_fbase", ctypes.c_void_p),
                ("dli_sname", ctypes.c_char_p), ("dli_saddr", ctypes.c_void_p)]


def defining_file(soname, symbol):
    """The real path of the file that defines `symbol` in the library the loader gives this
    process under `soname` (the one NumPy and SciPy loaded: dlopen finds it by that name),
    or '-'."""
    try:
        lib = ctypes.CDLL(soname)
        addr = ctypes.cast(getattr(lib, symbol), ctypes.c_void_p)
        libc = ctypes.CDLL(None)
        info = DlInfo()
        if not libc.dladdr(addr, ctypes.byref(info)) or not info.dli_fname:
            return "-"
        return os.path.realpath(info.dli_fname.decode())
    except (OSError, AttributeError):
        return "-"


def run(args):
    opts = dict(zip(args[::2], args[1::2]))
    which = opts.get("--set", "blas")
    budget = float(opts.get("--budget", 1.0))
    only = opts.get("--only")
    skip = set(s for s in opts.get("--skip", "").split(",") if s)
    if which == "lapack":
        work = lapack_workloads(sizes_opt(opts.get("--n-lapack", "1000,2000")),
                                sizes_opt(opts.get("--n-eig", "1000")))
    elif which == "blas":
        n, nh = int(opts.get("--n", 2000)), int(opts.get("--n-heavy", 1200))
        nv = int(opts.get("--vec", 4000000))
        work = blas_workloads(n, nh, nv)  # imports NumPy and SciPy, which load the BLAS
    else:
        sys.exit(f"blas_numpy: --set must be blas or lapack, not {which!r}")
    import numpy.linalg  # noqa: F401 (the LAPACK modules, loaded before the maps are read)
    import scipy.linalg  # noqa: F401
    with open("/proc/self/maps") as f:  # the BLAS and LAPACK this process runs on
        paths = {ln.split(None, 5)[5].strip() for ln in f if len(ln.split(None, 5)) == 6}
    libs = [p for p in paths if p.rsplit("/", 1)[-1].startswith("lib")]  # not the modules
    blas_files = sorted(p for p in libs
                        if any(k in p.rsplit("/", 1)[-1] for k in ("blas", "blis", "mkl_rt")))
    print("# blas " + " ".join(blas_files), flush=True)
    lapack_files = sorted(p for p in libs if "lapack" in p.rsplit("/", 1)[-1])
    print(f"# lapack dgetrf_={defining_file('liblapack.so.3', 'dgetrf_')} "
          f"dgemm_={defining_file('libblas.so.3', 'dgemm_')} "
          f"mapped={','.join(lapack_files) or '-'}", flush=True)
    # MKL's PyPI build has the Intel Fortran ABI only: a function returning a complex value
    # (zdotc_) takes a hidden result pointer there, and SciPy's gfortran-ABI call crashes
    intel_abi = any("mkl" in p.rsplit("/", 1)[-1] for p in blas_files)
    for name, size, call in work:
        if only and not any(o in name for o in only.split(",")):
            continue
        if f"{name}@{size}" in skip:
            continue
        if intel_abi and name == "blas.zdotc":
            print(f"blas_numpy: {name} skipped on MKL (Intel Fortran ABI)", file=sys.stderr)
            continue
        print(f"# start {name} {size}", flush=True)  # the row a crash interrupted
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


def report(raw_path, out_path, title=None):
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
    title = title or ("NumPy/SciPy workloads (Debian's NumPy and SciPy, the reference LAPACK, each "
                      "library as libblas.so.3)")
    print(f"{title}: median milliseconds per call over the rounds; nb/x = x's time / "
          f"nanoblas's (> 1: nanoblas faster); cpu: {cpu}")
    hdr = f"{'workload':24} {'n':>8} {'thr':>3} |" + "".join(f" {lib:>9.9}" for lib in libs)
    print(hdr + " |" + "".join(f" nb/{lib:<5.5}" for lib in others))
    ratios = {lib: {} for lib in others}  # lib -> threads -> [ratio per row]
    for (name, n, threads), per in rows.items():
        med = {lib: statistics.median(v) for lib, v in per.items()}
        line = f"{name:24} {n:>8} {threads:>3} |"
        line += "".join(f" {med[lib] * 1e3:9.3f}" if lib in med else f" {'-':>9}" for lib in libs) + " |"
        for lib in others:
            if lib in med and "nanoblas" in med:
                q = med[lib] / med["nanoblas"]
                ratios[lib].setdefault(threads, []).append(q)
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
    for lib, per_t in ratios.items():
        qs = [q for t in sorted(per_t) for q in per_t[t]]
        if qs:
            each = "".join(f"; {t} thread(s) {statistics.geometric_mean(per_t[t]):.2f}x"
                           for t in sorted(per_t))
            print(f"  nanoblas / {lib}: geomean {statistics.geometric_mean(qs):.2f}x over "
                  f"{len(qs)} rows{each}; {sum(q < 1 for q in qs)} rows below 1.0x")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "run":
        run(sys.argv[2:])
    elif len(sys.argv) in (4, 5) and sys.argv[1] == "report":
        report(*sys.argv[2:])
    else:
        sys.exit(__doc__)
