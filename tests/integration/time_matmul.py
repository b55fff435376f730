"""Median wall time of a NumPy float64 matmul through whatever BLAS this process loaded.
  time_matmul.py N REPEATS   -> prints "<median seconds> <BLAS file mapped>"
One untimed warm-up call first (thread start-up, page faults of the output)."""
import statistics
import sys
import time

import numpy as np

n, repeats = int(sys.argv[1]), int(sys.argv[2])
rng = np.random.default_rng(7)
a, b = rng.standard_normal((n, n)), rng.standard_normal((n, n))
c = np.empty((n, n))
np.matmul(a, b, out=c)
times = []
for _ in range(repeats):
    t0 = time.perf_counter()
    np.matmul(a, b, out=c)
    times.append(time.perf_counter() - t0)
with open("/proc/self/maps") as f:  # path: 6th field; a file replaced since ends in " (deleted)"
    fields = [ln.split(None, 5) for ln in f]
paths = {m[5].strip().removesuffix(" (deleted)") for m in fields if len(m) == 6}
libs = sorted(p for p in paths if "blas" in p.rsplit("/", 1)[-1])
print(f"{statistics.median(times):.4f} {' '.join(libs)}")
