#!/bin/sh
# NumPy and R smoke test: both compute a matrix product, a solve and a dot product with nanoblas
# (LD_LIBRARY_PATH=LIBDIR) and with the netlib reference BLAS; the results must agree to a tight
# relative tolerance, and the nanoblas run must really have loaded nanoblas.
# LAPACK comes from Debian's netlib liblapack.so.3 in both runs, so solve() calls our BLAS.
#   usage: tests/integration/run_smoke.sh LIBDIR
set -u
libdir=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
lapack=/usr/lib/x86_64-linux-gnu/lapack
ref=/usr/lib/x86_64-linux-gnu/blas
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
status=0

compare() { # name ours theirs
  /usr/bin/python3 - "$2" "$3" "$1" <<'PY'
import sys
ours, ref, name = (open(sys.argv[1]).read().split("\n"), open(sys.argv[2]).read().split("\n"), sys.argv[3])
def parse(lines):
    d = {}
    for ln in lines:
        p = ln.split()
        if len(p) >= 2 and p[0] != "blas:":
            d[p[0]] = [complex(*map(float, t.split(","))) for t in p[1:]]
    return d
if not any(l.startswith("blas: nanoblas") for l in ours):
    print(f"  FAIL {name}: nanoblas was not loaded"); sys.exit(1)
o, r = parse(ours), parse(ref)
bad = []
for k in r:
    if k not in o or len(o[k]) != len(r[k]):
        bad.append(k); continue
    scale = max(1.0, max(abs(z) for z in r[k]))
    err = max(abs(a - b) for a, b in zip(o[k], r[k]))
    if err > 1e-4 * scale if k in ("sgemm",) else err > 1e-10 * scale:
        bad.append(f"{k} (max abs err {err:.3g})")
if bad or not r:
    print(f"  FAIL {name}: mismatch in {', '.join(bad) or 'everything'}"); sys.exit(1)
print(f"  PASS {name}: {', '.join(r)} match the reference BLAS")
PY
}

if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
  LD_LIBRARY_PATH="$libdir:$lapack" /usr/bin/python3 "$here/smoke_numpy.py" > "$tmp/np_ours" 2>&1
  LD_LIBRARY_PATH="$ref:$lapack" /usr/bin/python3 "$here/smoke_numpy.py" > "$tmp/np_ref" 2>&1
  compare numpy "$tmp/np_ours" "$tmp/np_ref" || { status=1; cut -c1-200 "$tmp/np_ours" | head -n 5; }
else
  echo "  FAIL numpy: /usr/bin/python3 with numpy not available (apt-get install python3-numpy)"; status=1
fi
if command -v Rscript >/dev/null 2>&1; then
  # R's launcher puts R_LD_LIBRARY_PATH (default: the system library directory) in front of
  # LD_LIBRARY_PATH, which would hide our libblas.so.3: R's documented way is to set it.
  rlib=$(Rscript -e 'cat(R.home("lib"))' 2>/dev/null)
  R_LD_LIBRARY_PATH="$rlib:$libdir:$lapack" Rscript "$here/smoke_r.R" > "$tmp/r_ours" 2>&1
  R_LD_LIBRARY_PATH="$rlib:$ref:$lapack" Rscript "$here/smoke_r.R" > "$tmp/r_ref" 2>&1
  compare R "$tmp/r_ours" "$tmp/r_ref" || { status=1; cut -c1-200 "$tmp/r_ours" | head -n 5; }
else
  echo "  FAIL R: Rscript not available (apt-get install r-base-core)"; status=1
fi
exit $status
