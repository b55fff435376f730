#!/bin/sh
# Debian's NumPy, SciPy and R run linear-algebra workloads (workloads.py, workloads.R) with nanoblas
# swapped in three ways; each run is checked against the same workloads on Debian's netlib
# reference BLAS + LAPACK (compare.py: results, residuals, the NANOBLAS_VERBOSE=2 trace proving
# nanoblas executed the calls, the libraries mapped):
#   ld_library_path  our libblas.so.3/libcblas.so.3 (BLAS only) + the reference liblapack.so.3 on
#                    LD_LIBRARY_PATH: the reference LAPACK's BLAS calls are nanoblas calls
#   ld_preload       LD_PRELOAD=LIBDIR/libnanoblas.so.0 over the system's OpenBLAS
#   libopenblas      LD_LIBRARY_PATH=LIBDIR: its libblas.so.3, liblapack.so.3 and the
#                    LAPACK-carrying libopenblas.so.0 replace the system's; plus a C program
#                    built against Debian's libopenblas-dev (-lopenblas) run unchanged on it
# Every result is judged against the reference BLAS/LAPACK, never against another optimized
# library: the LD_PRELOAD way also runs the system BLAS alone, and a quantity that library itself
# gets wrong on this CPU is reported in a note and not counted (its LAPACK and internal kernels
# still run under the preload); the C program's reference run is on the netlib libraries too
# (through a stand-in for OpenBLAS's own API), and its run on Debian's OpenBLAS is only compared
# for a note.
# Last, NumPy's 2000x2000 float64 matmul timed through nanoblas and through the system OpenBLAS
# (reported, not asserted: the PASS only says both runs happened; the line names the CPU).
#   usage: tests/integration/run_swap.sh LIBDIR        (exit 77: a prerequisite is missing)
set -u
if [ $# -ne 1 ] || [ ! -d "$1" ]; then echo "usage: $0 LIBDIR" >&2; exit 2; fi
libdir=$(cd "$1" && pwd -P)
here=$(cd "$(dirname "$0")" && pwd)
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch 2>/dev/null)
sysdir=/usr/lib/${triplet:-x86_64-linux-gnu}
ref_path=$sysdir/blas:$sysdir/lapack
py=/usr/bin/python3

missing=""
[ -f "$libdir/libnanoblas.so.0" ] || missing="$missing $libdir/libnanoblas.so.0 (make lib)"
$py -c 'import numpy, scipy' 2>/dev/null || missing="$missing python3-numpy/python3-scipy"
command -v Rscript >/dev/null 2>&1 || missing="$missing r-base-core"
[ -e "$sysdir/blas/libblas.so.3" ] && [ -e "$sysdir/lapack/liblapack.so.3" ] ||
  missing="$missing libblas3/liblapack3 (reference BLAS/LAPACK)"
if [ -n "$missing" ]; then echo "SKIP: missing:$missing (tests/install_deps.sh)"; exit 77; fi
rlib=$(Rscript -e 'cat(R.home("lib"))' 2>/dev/null)
cpu=$(LC_ALL=C lscpu 2>/dev/null | awk -F': *' '/^Vendor ID/ {v = $2} /^Model name/ {m = $2}
  /^CPU family/ {f = $2} /^Model:/ {n = $2} END {printf "%s family %s model %s (%s)", v, f, n, m}')
echo "cpu: $cpu"

# the system's own BLAS is part of every comparison: not while run_numpy_suite.sh has switched it
exec 9>/tmp/nanoblas-alternatives-test.lock
flock -s -w 600 9 2>/dev/null || true
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
pass=0; fail=0; skip=0
result() { # PASS|FAIL|SKIP text
  echo "  $1 $2"
  case $1 in PASS) pass=$((pass+1)) ;; FAIL) fail=$((fail+1)) ;; *) skip=$((skip+1)) ;; esac
}
count() { # file with compare.py output
  cat "$1"
  pass=$((pass + $(grep -c '^  PASS' "$1"))); fail=$((fail + $(grep -c '^  FAIL' "$1")))
}

# run PROG OUT LIBPATH PRELOAD [VAR=VALUE...]: one workload program with the loader set up.
# R's launcher puts R_LD_LIBRARY_PATH (default: R's lib and the system directory) in front of
# LD_LIBRARY_PATH, which would hide our libraries: R's documented way is to set it.
run() {
  prog=$1 out=$2 path=$3 preload=$4; shift 4
  set -- env -u LD_LIBRARY_PATH -u LD_PRELOAD -u R_LD_LIBRARY_PATH -u NANOBLAS_VERBOSE "$@"
  [ -n "$preload" ] && set -- "$@" LD_PRELOAD="$preload"
  case $prog in
    R) [ -n "$path" ] && set -- "$@" R_LD_LIBRARY_PATH="$rlib:$path"
       "$@" Rscript "$here/workloads.R" "$out" 2>"$out.err" ;;
    c) [ -n "$path" ] && set -- "$@" LD_LIBRARY_PATH="$path"
       "$@" "$tmp/openblas_client" "$out" 2>"$out.err" ;;
    *) [ -n "$path" ] && set -- "$@" LD_LIBRARY_PATH="$path"
       "$@" $py "$here/workloads.py" "$prog" "$out" 2>"$out.err" ;;
  esac
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "  ($prog exited with status $rc; its stderr without trace lines ends:)"
    grep -v '^nanoblas' "$out.err" | tail -n 4 | cut -c1-200 | sed 's/^/    /'
  fi
}

echo "reference runs: LD_LIBRARY_PATH=$ref_path"
for prog in numpy scipy R; do run $prog "$tmp/$prog.ref" "$ref_path" ""; done

# way 1: a directory holding only the BLAS names, in front of the reference LAPACK
mkdir "$tmp/blas-only"
ln -s "$libdir/libnanoblas.so.0" "$tmp/blas-only/libblas.so.3"
ln -s "$libdir/libnanoblas.so.0" "$tmp/blas-only/libcblas.so.3"
echo "way ld_library_path: LD_LIBRARY_PATH=<libblas.so.3, libcblas.so.3 -> $libdir/libnanoblas.so.0>:$sysdir/lapack"
for prog in numpy scipy R; do
  run $prog "$tmp/$prog.ldpath" "$tmp/blas-only:$sysdir/lapack" "" NANOBLAS_VERBOSE=2
  $py "$here/compare.py" "${prog}[ld_library_path]" "$tmp/$prog.ldpath" "$tmp/$prog.ref" "$tmp/$prog.ldpath.err" \
    'libnanoblas\.so\.0$' > "$tmp/cmp"; count "$tmp/cmp"
done

# way 2: preloaded over the system OpenBLAS; OpenBLAS's own LAPACK may call its internal kernels,
# so only the workloads calling BLAS directly must reach nanoblas. The system BLAS alone runs the
# same workloads first: what it gets wrong by itself is not counted against nanoblas.
echo "way ld_preload: LD_PRELOAD=$libdir/libnanoblas.so.0 (system libblas.so.3/liblapack.so.3 as they are)"
for prog in numpy scipy R; do
  run $prog "$tmp/$prog.sys" "" ""
  sysname="the system BLAS alone ($(sed -n 's/^# lib //p' "$tmp/$prog.sys" 2>/dev/null | xargs -n1 basename 2>/dev/null | sort -u | tr '\n' ' ' | sed 's/ $//'))"
  run $prog "$tmp/$prog.preload" "" "$libdir/libnanoblas.so.0" NANOBLAS_VERBOSE=2
  $py "$here/compare.py" "${prog}[ld_preload]" "$tmp/$prog.preload" "$tmp/$prog.ref" "$tmp/$prog.preload.err" \
    'libnanoblas\.so\.0$' --lapack-optional --other "$tmp/$prog.sys" "$sysname" > "$tmp/cmp"; count "$tmp/cmp"
done

# A libopenblas.so.0 of OpenBLAS's own API (thread count, config string) over the netlib
# BLAS/LAPACK, so that the C program built with -lopenblas has a reference run.
build_refshim() {
  mkdir -p "$tmp/refshim" || return 1
  printf '%s\n' 'static int threads = 1;' \
    'void openblas_set_num_threads(int n) { threads = n < 1 ? 1 : n; }' \
    'int openblas_get_num_threads(void) { return threads; }' \
    'int openblas_get_parallel(void) { return 1; }' \
    'char *openblas_get_config(void) { return (char *)"netlib reference BLAS/LAPACK (test stand-in)"; }' \
    > "$tmp/refshim.c"
  cc -shared -fPIC -o "$tmp/refshim/libopenblas.so.0" -Wl,-soname,libopenblas.so.0 -Wl,--no-as-needed "$tmp/refshim.c" \
    "$sysdir/blas/libblas.so.3" "$sysdir/lapack/liblapack.so.3" 2>"$tmp/cc.err"
}

# way 3: the private directory with the LAPACK-carrying libopenblas.so.0
echo "way libopenblas: LD_LIBRARY_PATH=$libdir"
if ! nm -D --defined-only "$libdir/libopenblas.so.0" 2>/dev/null | grep -q ' T dgesv_$'; then
  if [ -f "$sysdir/liblapack_pic.a" ]; then
    result FAIL "libopenblas: $libdir/libopenblas.so.0 carries no LAPACK (no dgesv_) although $sysdir/liblapack_pic.a exists"
  else
    result SKIP "libopenblas: no $sysdir/liblapack_pic.a (liblapack-dev), so $libdir/libopenblas.so.0 is BLAS only"
  fi
else
  for prog in numpy scipy R; do
    run $prog "$tmp/$prog.openblas" "$libdir" "" NANOBLAS_VERBOSE=2
    $py "$here/compare.py" "${prog}[libopenblas]" "$tmp/$prog.openblas" "$tmp/$prog.ref" "$tmp/$prog.openblas.err" \
      "^$libdir/lib(nanoblas|openblas)\\.so\\.0\$" > "$tmp/cmp"; count "$tmp/cmp"
  done
  # Debian's libopenblas.so.0 must not be mapped at all in this way
  if grep -h '^# lib' "$tmp"/*.openblas | grep -q "$sysdir/openblas"; then
    result FAIL "libopenblas: the system OpenBLAS was still loaded: $(grep -h '^# lib' "$tmp"/*.openblas | sort -u | tr '\n' ' ')"
  else
    result PASS "libopenblas: no system OpenBLAS object mapped in the NumPy, SciPy and R runs"
  fi
  # an OpenBLAS program, built against Debian's libopenblas-dev, unchanged on our libopenblas.so.0
  # shellcheck disable=SC2046 # pkg-config prints several words
  if ! pkg-config --exists openblas 2>/dev/null; then
    result SKIP "openblas-client: pkg-config finds no openblas (libopenblas-dev)"
  elif ! cc -std=gnu11 -O1 -o "$tmp/openblas_client" "$here/openblas_client.c" \
         $(pkg-config --cflags --libs openblas) -lm 2>"$tmp/cc.err"; then
    result FAIL "openblas-client: does not build against libopenblas-dev: $(head -c 300 "$tmp/cc.err")"
  elif ! build_refshim; then
    result FAIL "openblas-client: cannot build the reference stand-in libopenblas.so.0: $(head -c 300 "$tmp/cc.err")"
  else
    # the reference: netlib BLAS/LAPACK under a stand-in for OpenBLAS's own API
    run c "$tmp/client.ref" "$tmp/refshim:$ref_path" ""
    run c "$tmp/client.ours" "$libdir" "" NANOBLAS_VERBOSE=2
    $py "$here/compare.py" "openblas-client (vs the reference BLAS/LAPACK)" "$tmp/client.ours" "$tmp/client.ref" \
      "$tmp/client.ours.err" "^$libdir/libopenblas\\.so\\.0\$" > "$tmp/cmp"; count "$tmp/cmp"
    echo "    openblas_get_config(): $(sed -n 's/^# config //p' "$tmp/client.ours")"
    # Debian's OpenBLAS on the same program, against the same reference: a note, never counted
    run c "$tmp/client.openblas" "" ""
    if ! $py "$here/compare.py" "openblas-client on Debian's OpenBLAS" "$tmp/client.openblas" "$tmp/client.ref" \
         - - --results-only > "$tmp/cmp.ob"; then
      echo "  note openblas-client: Debian's OpenBLAS wrong on its own data on $cpu:" \
        "$(grep '^  FAIL' "$tmp/cmp.ob" | sed 's/^  FAIL [^:]*: //' | tr '\n' ';' | cut -c1-300) not counted against nanoblas"
    fi
  fi
fi

# NumPy 2000x2000 float64 matmul, nanoblas (BLAS-only LD_LIBRARY_PATH) vs the system OpenBLAS, both
# with the same thread count (NB_TIMING_THREADS, default: the online CPUs). Five rounds, each one
# process per library (warm-up call, then one timed call), alternating so that load from elsewhere
# on the machine hits both alike; medians.
threads=${NB_TIMING_THREADS:-$(nproc 2>/dev/null || echo 1)}
for _ in 1 2 3 4 5; do
  env -u LD_PRELOAD NANOBLAS_NUM_THREADS="$threads" OPENBLAS_NUM_THREADS="$threads" \
    LD_LIBRARY_PATH="$tmp/blas-only:$sysdir/lapack" $py "$here/time_matmul.py" 2000 1 >> "$tmp/time.ours"
  env -u LD_PRELOAD -u LD_LIBRARY_PATH NANOBLAS_NUM_THREADS="$threads" OPENBLAS_NUM_THREADS="$threads" \
    $py "$here/time_matmul.py" 2000 1 >> "$tmp/time.openblas"
done
median() { sort -g "$1" | sed -n 3p | cut -d' ' -f1; }
if [ "$(grep -c libnanoblas "$tmp/time.ours")" -eq 5 ] && [ "$(grep -c libopenblas "$tmp/time.openblas")" -eq 5 ]; then
  result PASS "$(awk -v a="$(median "$tmp/time.ours")" -v b="$(median "$tmp/time.openblas")" -v t="$threads" 'BEGIN {
    printf "numpy matmul 2000 f64 on this CPU only: nanoblas %.3f s, OpenBLAS %.3f s, ratio %.2f (OpenBLAS time / nanoblas time, above 1: nanoblas faster; median of 5, %d thread(s) each)", a, b, b / a, t }') on $cpu"
else
  result FAIL "numpy matmul timing did not run on the two libraries: $(cat "$tmp/time.ours" "$tmp/time.openblas" | tr '\n' ' ')"
fi

echo "run_swap: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
