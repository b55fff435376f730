#!/bin/sh
# A short HPL run (Debian's hpcc, Open MPI) with nanoblas as each rank's BLAS, in two
# configurations: 2 ranks x 1 thread on a 1 x 2 grid, and 1 rank x 2 threads on a 1 x 1 grid.
# Debian's hpcc is linked against libblas.so.3 (the alternatives' BLAS, dynamically); a directory
# whose libblas.so.3 is nanoblas's library, first in LD_LIBRARY_PATH, makes it nanoblas. Each run
# must end with HPL's scaled-residual check PASSED, and every rank must have printed nanoblas's
# load-time configuration (NANOBLAS_VERBOSE=1).
#   usage: tests/mpi/run_hpl.sh LIBDIR [OUTDIR]
# hpcc calls the CBLAS interface (cblas_dgemm, cblas_dtrsm, ...), which libblas.so.3 carries.
# HPL's check bounds the backward error of the whole solve (threshold 16): it catches a broken
# routine, not a small error in a few calls, which the ScaLAPACK testers are there for.
# HPL_N (default 2500) and HPL_NB (default 192) set the problem. hpcc also runs its other tests
# (STREAM, PTRANS, FFT, RandomAccess, ...; this build cannot run HPL alone), sized from N: about
# a few seconds in all at N = 2500 on 2 cores.
# Exit 77 (skipped) when Open MPI or hpcc is not installed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/mpi/mpi_common.sh
. "$here/mpi_common.sh"
libdir=$(cd "$1" && pwd)
out=${2:-$(pwd)/tests/out/mpi/hpl}
n=${HPL_N:-2500} nb=${HPL_NB:-192}
hpcc=$(command -v hpcc || echo /usr/bin/hpcc)

if ! find_mpirun; then
  echo "hpl: Open MPI's mpirun is not installed (apt-get install openmpi-bin)" >&2
  exit 77
fi
if [ ! -x "$hpcc" ]; then
  echo "hpl: hpcc is not installed (apt-get install hpcc)" >&2
  exit 77
fi
# HPL needs the BLAS only; the library with LAPACK is the one the ScaLAPACK step uses too
lib=$libdir/libopenblas.so.0
[ -f "$lib" ] || lib=$libdir/libnanoblas.so.0
if [ ! -f "$lib" ]; then
  echo "hpl: no libopenblas.so.0 or libnanoblas.so.0 in $libdir" >&2
  exit 1
fi
mpi_env
mkdir -p "$out" && out=$(cd "$out" && pwd)
blas_dir "$out/nb" "$lib"
if ! ldd "$hpcc" 2>/dev/null | grep -q 'libblas\.so\.3'; then
  echo "hpl: $hpcc does not load libblas.so.3 (a static BLAS?): cannot substitute nanoblas" >&2
  exit 77
fi
echo "hpl: $hpcc loads $(LD_LIBRARY_PATH="$out/nb" ldd "$hpcc" | awk '/libblas\.so\.3/ { print $3 }') -> $lib"

bad=0
start=$(date +%s)
for cfg in 2x1 1x2; do
  np=${cfg%x*} nt=${cfg#*x}
  place=$(placement "$np" "$nt")
  wd="$out/$cfg"
  mkdir -p "$wd"
  write_hpccinf "$wd/hpccinf.txt" "$n" "$nb" 1 "$np"
  rm -f "$wd/hpccoutf.txt" # hpcc appends
  t0=$(date +%s)
  # in the background, so that the ranks' mapped files can be read while they run; exec: $! is
  # mpirun itself, the ranks' parent
  # shellcheck disable=SC2086 # $place is a list of options
  (cd "$wd" && NANOBLAS_VERBOSE=1 NANOBLAS_NUM_THREADS=$nt OMP_NUM_THREADS=$nt \
    LD_LIBRARY_PATH="$out/nb${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    exec "$MPIRUN" -np "$np" $place "$hpcc" > "$wd/stdout.txt" 2>&1) &
  job=$!
  maps=$(mapped_blas $job | tr '\n' ' ')
  wait $job
  rc=$?
  secs=$(( $(date +%s) - t0 ))
  # shellcheck disable=SC2046 # four words
  set -- $(hpl_result "$wd/hpccoutf.txt" 2>/dev/null || echo - - - MISSING)
  loads=$(nb_loads "$wd/stdout.txt")
  msg=$(printf '  %s: %d rank(s) x %d thread(s), N %d NB %d grid 1x%d: %s GFLOPS, HPL %s s, residual %s %s (hpcc %d s)' \
    "$cfg" "$np" "$nt" "$n" "$nb" "$np" "$1" "$2" "$3" "$4" "$secs")
  echo "$msg"
  echo "    BLAS mapped by the ranks: ${maps:-none seen}"
  if [ $rc -ne 0 ]; then
    echo "    FAIL: hpcc exited with $rc ($wd/stdout.txt)"; bad=1
  fi
  if [ "$4" != PASSED ]; then
    echo "    FAIL: HPL's residual check is $4 ($wd/hpccoutf.txt)"; bad=1
  fi
  # (none seen: the run ended before its maps were read; the configuration count still proves it)
  case " $maps" in
    " "|*" $(cd "$(dirname "$lib")" && pwd -P)/$(basename "$lib") "*) ;;
    *) echo "    FAIL: the ranks did not map $lib"; bad=1 ;;
  esac
  if [ "$loads" -lt "$np" ]; then
    echo "    FAIL: only $loads of $np ranks loaded nanoblas ($wd/stdout.txt)"; bad=1
  fi
done
echo "hpl: $(( $(date +%s) - start )) s, outputs in $out"
exit $bad
