#!/bin/sh
# OpenBLAS symbol coverage: every user-facing routine that Debian's OpenBLAS (libopenblas.so.0 of
# libopenblas0-pthread) exports must also be exported by LIBDIR/libopenblas.so.0, so that a program
# linked against libopenblas-dev loads and runs on ours.
# usage: tests/check_openblas_symbols.sh LIBDIR
#   OPENBLAS_REF=/path/libopenblas.so.0 picks another reference; MULTIARCH and NM as in
#   tests/check_symbols.sh. Exit 0: all present; 1: some missing (named); 77: no reference.
#
# User-facing means one of
#   Fortran routines     lower-case name ending in '_'          (dgemm_, dgesv_, saxpby_, ...)
#   CBLAS                cblas_*
#   LAPACKE              LAPACKE_*, lapack_*                     (none in Debian's 0.3.21 build)
#   info API             openblas_*, goto_*
# minus OpenBLAS's internals, which no program built against its headers calls:
#   ^blas_ ^gotoblas ^__               thread server, memory pool, kernel tables, Fortran modules
#   ^openblas_(read_env|.*_env|setaffinity|getaffinity|verbose|block_factor|thread_timeout|
#              fork_handler|warning)$   environment parsing, affinity, internal tunables/hooks
# Per-core kernels (*_k_HASWELL, sgemm_kernel_SKYLAKEX, ...), level-2/3 drivers (dgemm_nn,
# dtrsv_NUN, *_thread_*, *_parallel, *_single) and helpers such as c_abs match none of the
# user-facing patterns, so they are not listed at all.
# When ours carries no LAPACK (libopenblas.so.0 is then libnanoblas.so.0, see Makefile), the names
# that the reference LAPACK (liblapack.so.3 of liblapack3) exports are left out of the check.
set -u
[ $# -eq 1 ] || { echo "usage: $0 LIBDIR" >&2; exit 2; }
multiarch=${MULTIARCH:-x86_64-linux-gnu}
ref=${OPENBLAS_REF:-/usr/lib/$multiarch/openblas-pthread/libopenblas.so.0}
ours="$1/libopenblas.so.0"
NM=${NM:-nm}
if [ ! -f "$ref" ]; then
  echo "openblas symbols: SKIP: reference $ref absent (apt-get install libopenblas0-pthread)"
  exit 77
fi
[ -e "$ours" ] || { echo "openblas symbols: FAIL: $ours does not exist (make lib)" >&2; exit 1; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

syms() { $NM -D --defined-only "$1" | awk 'NF >= 3 {print $3}' | sed 's/@.*//' | sort -u; }
user_facing() {
  grep -E '^([a-z][a-z0-9_]*_|cblas_.*|LAPACKE_.*|lapack_.*|openblas_.*|goto_.*)$' |
    grep -Ev '^(blas_|gotoblas|__)' |
    grep -Ev '^openblas_(read_env|.*_env|setaffinity|getaffinity|verbose|block_factor|thread_timeout|fork_handler|warning)$'
}

syms "$ref" | user_facing > "$tmp/ref" || { echo "openblas symbols: FAIL: cannot read $ref" >&2; exit 1; }
syms "$ours" > "$tmp/ours" || { echo "openblas symbols: FAIL: cannot read $ours" >&2; exit 1; }
scope="BLAS and LAPACK"
if ! grep -qx 'dgesv_' "$tmp/ours"; then
  lapack=/usr/lib/$multiarch/lapack/liblapack.so.3
  if [ ! -f "$lapack" ]; then
    echo "openblas symbols: SKIP: $ours has no LAPACK and $lapack (liblapack3) is absent to tell LAPACK names apart"
    exit 77
  fi
  syms "$lapack" > "$tmp/lapack"
  blas=/usr/lib/$multiarch/blas/libblas.so.3
  if [ -f "$blas" ]; then # names in both (xerbla_, lsame_) stay in the check
    syms "$blas" > "$tmp/blas"
    comm -23 "$tmp/lapack" "$tmp/blas" > "$tmp/lapack.only"
    mv "$tmp/lapack.only" "$tmp/lapack"
  fi
  comm -23 "$tmp/ref" "$tmp/lapack" > "$tmp/ref.blas"
  mv "$tmp/ref.blas" "$tmp/ref"
  scope="BLAS only: this libopenblas.so.0 carries no LAPACK"
fi

total=$(wc -l < "$tmp/ref")
missing=$(comm -23 "$tmp/ref" "$tmp/ours")
if [ -n "$missing" ]; then
  echo "openblas symbols: FAIL: $(echo "$missing" | wc -l) of $total user-facing symbols of $ref missing from $ours:"
  echo "$missing" | tr '\n' ' ' | fold -s -w 100 | sed 's/^/  /'
  echo
  exit 1
fi
echo "openblas symbols: all $total user-facing symbols of Debian's OpenBLAS exported, $scope"
