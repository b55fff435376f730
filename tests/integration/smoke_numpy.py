"""NumPy through the BLAS found at run time: prints results that run_smoke.sh compares between
nanoblas and the netlib reference BLAS. Run with Debian's /usr/bin/python3."""
import sys
import numpy as np

rng = np.random.default_rng(12345)
a = rng.standard_normal((173, 91))
b = rng.standard_normal((91, 205))
m = rng.standard_normal((120, 120)) + 120 * np.eye(120)
rhs = rng.standard_normal((120, 3))
x = rng.standard_normal(1001)
y = rng.standard_normal(1001)
ca = (rng.standard_normal((40, 33)) + 1j * rng.standard_normal((40, 33)))
cb = (rng.standard_normal((33, 27)) + 1j * rng.standard_normal((33, 27)))

results = {
    "dgemm": a @ b,
    "sgemm": a.astype(np.float32) @ b.astype(np.float32),
    "zgemm": ca @ cb,
    "gemv": a @ b[:, 0],
    "solve": np.linalg.solve(m, rhs),
    "dot": np.dot(x, y),
    "vdot": np.vdot(ca.ravel(), ca.ravel()),
}
with open("/proc/self/maps") as f:
    maps = f.read()
print("blas:", "nanoblas" if "libnanoblas" in maps else "other")
for k, v in results.items():
    v = np.atleast_1d(np.asarray(v, dtype=np.complex128)).ravel()
    print(k, " ".join(f"{z.real:.17g},{z.imag:.17g}" for z in v))
