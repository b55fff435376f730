#!/bin/sh
# LAPACKE in our libopenblas.so.0 (mk/install.mk links Debian's liblapacke.a into it, as upstream
# OpenBLAS carries LAPACKE): tests/abi/lapacke_solve.c, built with Debian's lapacke.h and linked
# with -lopenblas against LIBDIR only, runs and solves; its LAPACKE_ and LAPACK entry points all
# resolve in our file. usage: tests/check_lapacke.sh [LIBDIR]   (default: lib)
# Exit 77 when lapacke.h (liblapacke-dev) is absent or the library was built without LAPACKE.
set -u
cd "$(dirname "$0")/.." || exit 1
libdir=$(cd "${1:-lib}" 2>/dev/null && pwd) || { echo "FAIL lapacke: no library directory ${1:-lib}"; exit 1; }
CC=${CC:-cc}
ours="$libdir/libopenblas.so.0"
if [ ! -f /usr/include/lapacke.h ]; then
  echo "SKIP lapacke: no /usr/include/lapacke.h (apt-get install liblapacke-dev)"; exit 77
fi
if [ ! -f "$ours" ] || ! nm -D --defined-only "$ours" | grep -q ' LAPACKE_dgesv$'; then
  echo "SKIP lapacke: $ours carries no LAPACKE (built without liblapacke-dev/libtmglib-dev)"; exit 77
fi
out=${TMPDIR:-/tmp}/nanoblas-lapacke.$$
trap 'rm -rf "$out"' EXIT INT TERM
mkdir -p "$out/lib" || exit 1
# only our file answers to -lopenblas: the link cannot pick up Debian's
ln -s "$ours" "$out/lib/libopenblas.so.0" && ln -s "$ours" "$out/lib/libopenblas.so"
$CC -O1 tests/abi/lapacke_solve.c -o "$out/lapacke_solve" -L"$out/lib" -lopenblas -lm ||
  { echo "FAIL lapacke: the test program did not build against -lopenblas"; exit 1; }
n=$(nm -D --defined-only "$ours" | grep -c ' LAPACKE_')
LD_LIBRARY_PATH="$out/lib" "$out/lapacke_solve" || { echo "FAIL lapacke"; exit 1; }
LD_LIBRARY_PATH="$out/lib" ldd "$out/lapacke_solve" | grep -q 'liblapacke' &&
  { echo "FAIL lapacke: the program also maps Debian's liblapacke"; exit 1; }
echo "lapacke: $n LAPACKE entry points in $ours; dgesv and zpotrf/zpotrs solved through them"
