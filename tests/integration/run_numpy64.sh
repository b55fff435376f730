#!/bin/sh
# `make check-numpy64`: a real ILP64 consumer. NumPy built from source with 64-bit BLAS integers
# (-Duse-ilp64=true, blas = lapack = openblas64, symbol suffix 64_) in the project's venv (.venv),
# found through nanoblas's openblas64.pc: nanoblas is installed (make install) into
# build/numpy64/prefix, whose private pkg-config directory lib/pkgconfig/nanoblas holds
# openblas64.pc (-lopenblas64_: the suffixed ILP64 BLAS, CBLAS and reference LAPACK). Then:
#  - numpy.show_config() names openblas64, and NumPy's LAPACK module calls dgesv_64_ from
#    libopenblas64_.so.0;
#  - the call trace (NANOBLAS_VERBOSE=2) shows nanoblas's ILP64 library running NumPy's matmul and
#    solve (cblas_dgemm int=64, dgetrf_ int=64);
#  - NumPy's own numpy.linalg test suite passes.
# The build is kept (build/numpy64/stamp) and redone only when the NumPy requested, the prefix or
# the library changes. Not part of make check: the NumPy build takes minutes.
#   usage: tests/integration/run_numpy64.sh [LIBDIR]    (default lib)
#   NUMPY_SPEC: the NumPy to build (default "numpy>=2.2,<2.4")
set -u
cd "$(dirname "$0")/../.." || exit 1
root=$(pwd)
libdir=${1:-lib}
work=$root/build/numpy64
prefix=$work/prefix
py=$root/.venv/bin/python
spec=${NUMPY_SPEC:-numpy>=2.2,<2.4}
say() { echo "numpy64: $*"; }

[ -f "$libdir/libopenblas64_.so.0" ] ||
    { say "SKIP: $libdir/libopenblas64_.so.0 missing (it needs Debian's liblapack64-dev at build time)"; exit 77; }
if [ ! -x "$py" ]; then
    python3 -m venv "$root/.venv" || { say "SKIP: cannot create .venv"; exit 77; }
fi
mkdir -p "$work"
say "make install PREFIX=$prefix"
make --no-print-directory -s install PREFIX="$prefix" LIBDIR="$libdir" > "$work/install.log" 2>&1 ||
    { tail -n 20 "$work/install.log"; say "FAIL: make install"; exit 1; }
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig/nanoblas"
pkg-config --exists openblas64 || { say "FAIL: pkg-config finds no openblas64 in $PKG_CONFIG_PATH"; exit 1; }
say "openblas64.pc: $(pkg-config --cflags --libs openblas64)"

# Rebuild NumPy when the spec, the prefix or the library differ from the last build's.
want="$spec $prefix $(cksum < "$libdir/libopenblas64_.so.0")"
if [ "$(cat "$work/stamp" 2>/dev/null)" != "$want" ] || ! "$py" -c 'import numpy' 2>/dev/null; then
    say "building $spec from source (pip, meson: -Duse-ilp64=true -Dblas=openblas64 -Dlapack=openblas64); minutes"
    start=$(date +%s)
    # The rpath makes NumPy's extension modules find libopenblas64_.so.0 in the prefix.
    if ! LDFLAGS="-Wl,-rpath,$prefix/lib/nanoblas" "$py" -m pip install -q --disable-pip-version-check \
            --no-binary numpy --no-cache-dir --force-reinstall --no-deps \
            -Csetup-args=-Duse-ilp64=true -Csetup-args=-Dblas=openblas64 -Csetup-args=-Dlapack=openblas64 \
            -Csetup-args=-Dblas-symbol-suffix=64_ -Csetup-args=-Dallow-noblas=false \
            "$spec" > "$work/build.log" 2>&1; then
        tail -n 40 "$work/build.log"; say "FAIL: the NumPy build (log: $work/build.log)"; exit 1
    fi
    echo "$want" > "$work/stamp"
    say "built in $(( $(date +%s) - start ))s"
fi
"$py" -c 'import pytest, hypothesis' 2>/dev/null ||
    "$py" -m pip install -q --disable-pip-version-check pytest hypothesis > "$work/pip-test.log" 2>&1 ||
    { say "SKIP: pytest/hypothesis not installable into .venv"; exit 77; }

status=0
cd "$work" || exit 1   # away from any numpy source tree
cfg=$("$py" -c 'import numpy; numpy.show_config()' 2>&1)
echo "$cfg" | sed -n '/Build Dependencies/,/Python Information/p' | sed 's/^/   /' | head -n 30
# ILP64: NumPy's LAPACK module calls the suffixed routines, from libopenblas64_.so.0
mod=$("$py" -c 'import numpy.linalg._umath_linalg as m; print(m.__file__)')
if echo "$cfg" | grep -q '"name": "openblas64"' && nm -D "$mod" | grep -q ' U dgesv_64_$' &&
   readelf -d "$mod" | grep -q 'NEEDED.*libopenblas64_\.so\.0'; then
    say "numpy.show_config() names openblas64; $(basename "$mod") needs libopenblas64_.so.0 and calls dgesv_64_ (ILP64)"
else
    say "FAIL: NumPy is not built on openblas64 with the 64_ suffix"; status=1
fi
trace=$(NANOBLAS_VERBOSE=2 "$py" -c '
import numpy as np
rng = np.random.default_rng(0)
a = rng.random((300, 300)) + 300 * np.eye(300)
b = rng.random((300, 4))
c = a @ a
x = np.linalg.solve(a, b)
assert np.allclose(a @ x, b)
' 2>&1)
if echo "$trace" | grep -q '^nanoblas: cblas_dgemm int=64 ' && echo "$trace" | grep -q '^nanoblas: dgetrf_ int=64 '; then
    say "trace: $(echo "$trace" | grep -c '^nanoblas: .* int=64 ') ILP64 nanoblas calls, e.g."
    echo "$trace" | grep -E '^nanoblas: (cblas_dgemm|dgetrf_) int=64 ' | head -n 2 | sed 's/^/   /'
else
    echo "$trace" | tail -n 20; say "FAIL: no ILP64 nanoblas calls (cblas_dgemm, dgetrf_ with int=64) in the trace"; status=1
fi
say "python -m pytest --pyargs numpy.linalg"
if "$py" -m pytest -q -p no:cacheprovider --pyargs numpy.linalg > "$work/pytest.log" 2>&1; then
    say "numpy.linalg: $(tail -n 1 "$work/pytest.log")"
else
    tail -n 30 "$work/pytest.log"; say "FAIL: numpy.linalg tests (log: $work/pytest.log)"; status=1
fi
exit $status
