"""NumPy or SciPy linear algebra through whatever BLAS/LAPACK the dynamic loader gives this process.
Run with Debian's /usr/bin/python3:  workloads.py numpy|scipy OUTFILE
OUTFILE gets one line per checked quantity (compare.py reads it):
  <name> cmp <rtol> <values...>   compared with the reference-BLAS run, normwise:
                                  max|ours - ref| <= rtol * max(1, max|ref|)
  <name> max <bound> <value>      must hold on its own: value <= bound (residuals)
  # lib <path>                    a BLAS/LAPACK object mapped into the process (/proc/self/maps)
Only quantities that do not depend on the BLAS's rounding choices are compared: products, unique
solutions and factors (cholesky), singular values, eigenvalues, |diag R|; never sign-ambiguous
vectors. Before each workload a marker line "nanoblas-test: begin <name>" goes to stderr (fd 2,
unbuffered, in order with the library's NANOBLAS_VERBOSE=2 trace lines) so that compare.py can tell
which BLAS calls each workload made."""
import os
import sys

import numpy as np

suite, out_path = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(20261123)
u_cache = {}
lines = []


def begin(name):
    os.write(2, f"nanoblas-test: begin {name}\n".encode())


def proj(m):
    """Two fixed random projections of a matrix: linear, so an error in any one element shows."""
    m = np.atleast_2d(m)
    key = m.shape
    if key not in u_cache:
        r = np.random.default_rng(m.shape[0] * 7919 + m.shape[1])
        u_cache[key] = (r.standard_normal(m.shape[1]), r.standard_normal(m.shape[0]))
    u, w = u_cache[key]
    return np.concatenate([m @ u, w @ m])


def cmp(name, values, rtol):
    v = np.atleast_1d(np.asarray(values, dtype=np.complex128)).ravel()
    lines.append(f"{name} cmp {rtol:g} " + " ".join(f"{z.real:.17g},{z.imag:.17g}" for z in v))


def small(name, value, bound):
    lines.append(f"{name} max {bound:g} {float(value):.6g}")


def rel_resid(lhs, rhs, scale):
    return np.linalg.norm(lhs - rhs) / max(scale, 1e-300)


def spd(n):
    g = rng.standard_normal((n, n))
    return g @ g.T / n + np.eye(n)


def numpy_workloads():
    a = rng.standard_normal((300, 200))
    b = rng.standard_normal((200, 250))
    begin("matmul_f64")
    cmp("matmul_f64", proj(a @ b), 1e-12)
    begin("matmul_f32")
    cmp("matmul_f32", proj((a.astype(np.float32) @ b.astype(np.float32)).astype(np.float64)), 1e-4)
    ca = a + 1j * rng.standard_normal(a.shape)
    cb = b + 1j * rng.standard_normal(b.shape)
    begin("matmul_c128")
    cmp("matmul_c128", proj(ca @ cb), 1e-12)
    x, y = rng.standard_normal(5001), rng.standard_normal(5001)
    begin("dot")
    cmp("dot", [np.dot(x, y), np.dot(a[:, 0], a[:, 1])], 1e-12)
    begin("gemv")
    cmp("gemv", a @ b[:, 0], 1e-12)

    m = rng.standard_normal((300, 300)) + 30 * np.eye(300)
    rhs = rng.standard_normal((300, 4))
    begin("solve")
    xs = np.linalg.solve(m, rhs)
    cmp("solve", proj(xs), 1e-10)
    small("solve.resid", rel_resid(m @ xs, rhs, np.linalg.norm(m) * np.linalg.norm(xs)), 1e-13)
    begin("inv")
    mi = np.linalg.inv(m)
    cmp("inv", proj(mi), 1e-10)
    small("inv.resid", rel_resid(m @ mi, np.eye(300), np.linalg.norm(m) * np.linalg.norm(mi)), 1e-13)

    tall = rng.standard_normal((400, 150))
    tb = rng.standard_normal(400)
    begin("lstsq")
    sol, _, rank, sv = np.linalg.lstsq(tall, tb, rcond=None)
    cmp("lstsq", sol, 1e-10)
    cmp("lstsq.sv", sv, 1e-12)
    small("lstsq.rank_deficit", 150 - rank, 0)

    begin("svd")
    uu, s, vt = np.linalg.svd(a, full_matrices=False)
    cmp("svd.s", s, 1e-12)
    small("svd.resid", rel_resid((uu * s) @ vt, a, np.linalg.norm(a)), 1e-13)

    sym = spd(250)
    begin("eigh")
    w, v = np.linalg.eigh(sym)
    cmp("eigh.w", w, 1e-12)
    small("eigh.resid", rel_resid(sym @ v, v * w, np.linalg.norm(sym)), 1e-13)

    begin("cholesky")
    chol = np.linalg.cholesky(sym)
    cmp("cholesky", proj(chol), 1e-11)
    small("cholesky.resid", rel_resid(chol @ chol.T, sym, np.linalg.norm(sym)), 1e-13)


def scipy_workloads():
    import scipy.linalg as sl
    from scipy.linalg import blas

    m = rng.standard_normal((300, 300)) + 30 * np.eye(300)
    rhs = rng.standard_normal((300, 4))
    begin("sp_solve")
    xs = sl.solve(m, rhs)
    cmp("sp_solve", proj(xs), 1e-10)
    small("sp_solve.resid", rel_resid(m @ xs, rhs, np.linalg.norm(m) * np.linalg.norm(xs)), 1e-13)

    begin("sp_lu")
    p, lo, up = sl.lu(m)
    cmp("sp_lu.absdiagU", np.sort(np.abs(np.diag(up))), 1e-9)
    small("sp_lu.resid", rel_resid(p @ lo @ up, m, np.linalg.norm(m)), 1e-13)

    tall = rng.standard_normal((350, 200))
    begin("sp_qr")
    q, r = sl.qr(tall, mode="economic")
    cmp("sp_qr.absdiagR", np.abs(np.diag(r)), 1e-11)
    small("sp_qr.resid", rel_resid(q @ r, tall, np.linalg.norm(tall)), 1e-13)
    small("sp_qr.orth", rel_resid(q.T @ q, np.eye(200), 200 ** 0.5), 1e-13)

    begin("sp_svd")
    s = sl.svd(tall, compute_uv=False)
    cmp("sp_svd.s", s, 1e-12)

    sym = spd(250)
    begin("sp_eigh")
    w, v = sl.eigh(sym)
    cmp("sp_eigh.w", w, 1e-12)
    small("sp_eigh.resid", rel_resid(sym @ v, v * w, np.linalg.norm(sym)), 1e-13)

    begin("sp_cholesky")
    up = sl.cholesky(sym)
    cmp("sp_cholesky", proj(up), 1e-11)
    small("sp_cholesky.resid", rel_resid(up.T @ up, sym, np.linalg.norm(sym)), 1e-13)

    a = np.asfortranarray(rng.standard_normal((260, 180)))
    b = np.asfortranarray(rng.standard_normal((260, 210)))
    begin("sp_dgemm")
    cmp("sp_dgemm", proj(blas.dgemm(0.5, a, b, trans_a=1)), 1e-12)
    begin("sp_dsyrk")
    c = blas.dsyrk(1.5, a)  # upper triangle of 1.5 * a @ a.T
    cmp("sp_dsyrk", proj(np.triu(c)), 1e-12)


{"numpy": numpy_workloads, "scipy": scipy_workloads}[suite]()
begin("end")
with open("/proc/self/maps") as f:  # path: 6th field; a file replaced since ends in " (deleted)"
    fields = [ln.split(None, 5) for ln in f]
paths = {m[5].strip().removesuffix(" (deleted)") for m in fields if len(m) == 6}
libs = sorted(p for p in paths if ".so" in p)
lines += [f"# lib {p}" for p in libs
          if os.path.basename(p).startswith("lib") and any(k in p for k in ("blas", "lapack"))]
with open(out_path, "w") as f:
    f.write("\n".join(lines) + "\n")
