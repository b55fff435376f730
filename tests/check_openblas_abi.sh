#!/bin/sh
# A program built against Debian's libopenblas-dev (its cblas.h, -lopenblas) runs unchanged on our
# libopenblas.so.0: built once, run first on OpenBLAS (the baseline) and then with
# LD_LIBRARY_PATH=LIBDIR. Checks its results, that every entry point came from our file, that
# openblas_get_config() names nanoblas and that LAPACK's internal dgemm_ calls reached nanoblas
# (NANOBLAS_VERBOSE=2 trace). usage: tests/check_openblas_abi.sh [LIBDIR]   (default: lib)
# Exit 77 when libopenblas-dev is absent.
set -u
cd "$(dirname "$0")/.." || exit 1
libdir=$(cd "${1:-lib}" 2>/dev/null && pwd) || { echo "FAIL openblas-abi: no library directory ${1:-lib}"; exit 1; }
CC=${CC:-cc}
out=${TMPDIR:-/tmp}/nanoblas-abi.$$
trap 'rm -rf "$out"' EXIT INT TERM
mkdir -p "$out" || exit 1

if ! pkg-config --exists openblas 2>/dev/null; then
    echo "SKIP openblas-abi: pkg-config finds no openblas (Debian libopenblas-dev not installed)"
    exit 77
fi
ours="$libdir/libopenblas.so.0"
if [ ! -e "$ours" ]; then
    echo "FAIL openblas-abi: $ours does not exist (make lib)"
    exit 1
fi
if ! nm -D --defined-only "$ours" | grep -q ' dgesv_$'; then
    echo "SKIP openblas-abi: $ours carries no LAPACK (no liblapack_pic.a at build time)"
    exit 77
fi

if readelf -d "$ours" 2>/dev/null | grep -q 'NEEDED.*libasan'; then
    echo "SKIP openblas-abi: $ours is a sanitizer build (it cannot load into an uninstrumented program)"
    exit 77
fi

status=0
pass() { echo "PASS openblas-abi: $1"; }
fail() { echo "FAIL openblas-abi: $1"; status=1; }

# shellcheck disable=SC2046
if ! $CC -std=gnu11 -O1 -fPIE -pie $(pkg-config --cflags openblas) -o "$out/openblas_abi" \
        tests/abi/openblas_abi.c $(pkg-config --libs openblas) -lm -ldl 2> "$out/build.err"; then
    cat "$out/build.err"
    fail "cannot build tests/abi/openblas_abi.c against Debian's OpenBLAS"
    exit 1
fi
pass "built against $(pkg-config --variable=libdir openblas 2>/dev/null || echo OpenBLAS) ($(pkg-config --modversion openblas))"

# The CPU, for the notes: OpenBLAS picks its kernels from it (its corename is in the config line).
cpu=$(LC_ALL=C lscpu 2>/dev/null | awk -F': *' '/^Vendor ID/ {v = $2} /^Model name/ {m = $2}
  /^CPU family/ {f = $2} /^Model:/ {n = $2} END {printf "%s family %s model %s (%s)", v, f, n, m}')

# Baseline: the same binary on OpenBLAS. The program checks every result against its own plain
# loops, so the run on ours below is judged by those, never by OpenBLAS's answers: where OpenBLAS
# itself fails a check on this CPU, one note says so and nothing is counted against nanoblas.
if LD_BIND_NOW=1 "$out/openblas_abi" > "$out/base.out" 2>&1; then
    pass "runs on OpenBLAS: $(sed -n 's/^config: //p' "$out/base.out")"
else
    echo "note openblas-abi: OpenBLAS wrong on its own data on $cpu ($(sed -n 's/^config: //p' "$out/base.out")):" \
        "$(grep -E '^FAIL|checks,' "$out/base.out" | tr '\n' ';' | cut -c1-300) not counted against nanoblas"
fi

# On ours. LD_BIND_NOW: a missing entry point is reported at start with its name.
if LD_BIND_NOW=1 LD_LIBRARY_PATH="$libdir" NANOBLAS_VERBOSE=2 "$out/openblas_abi" \
        > "$out/ours.out" 2> "$out/ours.err"; then
    pass "runs unchanged on ours: $(tail -n 1 "$out/ours.out")"
else
    cat "$out/ours.out"; tail -n 5 "$out/ours.err"; fail "the program fails on our libopenblas.so.0"
fi
real_ours=$(readlink -f "$ours")
for entry in cblas_dgemm dgesv_ openblas_get_config; do
    from=$(sed -n "s/^$entry from: //p" "$out/ours.out")
    if [ -n "$from" ] && [ "$(readlink -f "$from")" = "$real_ours" ]; then
        pass "$entry comes from $ours"
    else
        fail "$entry comes from '${from:-?}', not $ours"
    fi
done
config=$(sed -n 's/^config: //p' "$out/ours.out")
case $config in
    *nanoblas*) pass "openblas_get_config() = $config" ;;
    *) fail "openblas_get_config() = '$config' does not name nanoblas" ;;
esac
# LAPACK's own BLAS calls go through dgemm_ (the program calls only cblas_dgemm and dsyrk; the
# reference dgeqrf's dlarfb calls dgemm_).
lapack_gemms=$(grep -c '^nanoblas: dgemm_ ' "$out/ours.err")
if [ "$lapack_gemms" -gt 0 ]; then
    pass "LAPACK inside libopenblas.so.0 called nanoblas's dgemm_ $lapack_gemms times"
else
    fail "no 'nanoblas: dgemm_' trace line: LAPACK's BLAS calls did not reach nanoblas"
fi
if grep -q 'DGESV' "$out/ours.err" "$out/ours.out"; then
    pass "LAPACK's illegal argument reported through xerbla_"
else
    fail "no xerbla message for dgesv_ with n = -1"
fi
# A program's own xerbla_ overrides ours, also for LAPACK's calls.
# shellcheck disable=SC2046
if $CC -std=gnu11 -O1 -o "$out/lapack_xerbla" tests/abi/lapack_xerbla.c $(pkg-config --libs openblas) \
        2> "$out/build.err" &&
   LD_LIBRARY_PATH="$libdir" "$out/lapack_xerbla" > "$out/xerbla.out" 2>&1; then
    pass "a program's own xerbla_ receives LAPACK's dgesv_ error"
else
    cat "$out/build.err" "$out/xerbla.out"; fail "the program's xerbla_ was not the one LAPACK called"
fi
exit $status
