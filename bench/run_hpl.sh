#!/bin/sh
# bench/run_hpl.sh: the driver behind `make bench-hpl`. HPL (Debian's hpcc, Open MPI) on the same
# input with each library as every rank's BLAS -- nanoblas, OpenBLAS (Debian's openblas-pthread)
# and MKL (the pip package in .venv) -- in two configurations: 2 ranks x 1 thread on a 1 x 2 grid
# and 1 rank x 2 threads on a 1 x 1 grid (generally, with NCPU physical cores: NCPU ranks x 1
# thread on a 1 x NCPU grid, and 1 rank x NCPU threads). Rounds interleave the libraries (every
# library and configuration once per round), so that a slow spell of a shared machine falls on all
# of them alike; the table gives each one's median and best GFLOPS. Every run must pass HPL's
# residual check. Writes bench/out/hpl.csv (every run) and bench/out/hpl.txt (the table).
#
# hpcc is linked against libblas.so.3; each library gets a directory whose libblas.so.3 is it, put
# first in LD_LIBRARY_PATH. What each rank actually mapped is read from /proc/<rank>/maps during
# the run and goes into the CSV. Debian's hpcc calls the CBLAS interface (cblas_dgemm,
# cblas_dtrsm, cblas_idamax, ...; real double only), which libmkl_rt exports as well: MKL's Fortran
# conventions (Intel's, not gfortran's) do not come into play.
# hpcc also runs its other tests (this build cannot run HPL alone), sized from N: at N = 10000 on 2
# cores they take ~30 s per run besides HPL's own few seconds.
#
# Environment: LIBDIR (nanoblas's libraries, default lib), BENCH_OUT (default bench/out), HPL_N
# (default 10000), HPL_NB (default 192), ROUNDS (default 3), LIBS (comma list, default
# nanoblas,openblas,mkl), CONFIGS (comma list of RANKSxTHREADS, default NCPUx1,1xNCPU), MKL (the
# libmkl_rt.so.* file, default the newest in .venv/lib), OPENBLAS (default Debian's
# openblas-pthread/libopenblas.so.0), QUICK=1 (N 2000, 1 round: a check of the set-up).
set -u
cd "$(dirname "$0")/.." || exit 1
ROOT=$(pwd)
# shellcheck source=tests/mpi/mpi_common.sh
. tests/mpi/mpi_common.sh
LIBDIR=${LIBDIR:-lib}
case $LIBDIR in /*) ;; *) LIBDIR=$ROOT/$LIBDIR ;; esac
OUT=${BENCH_OUT:-bench/out}
case $OUT in /*) ;; *) OUT=$ROOT/$OUT ;; esac
if [ "${QUICK:-0}" = 1 ]; then N=${HPL_N:-2000} ROUNDS=${ROUNDS:-1}; else N=${HPL_N:-10000} ROUNDS=${ROUNDS:-3}; fi
NB=${HPL_NB:-192}
NCPU=$(ncores)
CONFIGS=${CONFIGS:-${NCPU}x1,1x$NCPU}
LIBS=${LIBS:-nanoblas,openblas,mkl}
MA=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
START=$(date +%s)

say() { echo "bench-hpl: $*" >&2; }

if ! find_mpirun; then say "Open MPI's mpirun is not installed (apt-get install openmpi-bin)"; exit 77; fi
HPCC=$(command -v hpcc || echo /usr/bin/hpcc)
if [ ! -x "$HPCC" ]; then say "hpcc is not installed (apt-get install hpcc)"; exit 77; fi
mpi_env

# the library file of each name ("" when absent: that library is skipped)
lib_file() {
  case $1 in
    nanoblas)
      if [ -f "$LIBDIR/libopenblas.so.0" ]; then echo "$LIBDIR/libopenblas.so.0"
      elif [ -f "$LIBDIR/libnanoblas.so.0" ]; then echo "$LIBDIR/libnanoblas.so.0"; fi ;;
    openblas)
      f=${OPENBLAS:-/usr/lib/$MA/openblas-pthread/libopenblas.so.0}
      [ -f "$f" ] && echo "$f" ;;
    mkl)
      if [ -n "${MKL:-}" ]; then [ -f "$MKL" ] && echo "$MKL"
      else find "$ROOT/.venv/lib" -maxdepth 1 -name 'libmkl_rt.so.*' 2>/dev/null | sort | tail -n 1; fi ;;
  esac
}
# the thread variables each library reads (all set: a library's OpenMP runtime reads OMP_*)
thread_env() {
  case $1 in
    nanoblas) echo "NANOBLAS_NUM_THREADS=$2 OMP_NUM_THREADS=$2 NANOBLAS_VERBOSE=1" ;;
    openblas) echo "OPENBLAS_NUM_THREADS=$2 OMP_NUM_THREADS=$2" ;;
    mkl) echo "MKL_NUM_THREADS=$2 OMP_NUM_THREADS=$2" ;;
  esac
}

mkdir -p "$OUT/hpl-runs" || exit 1
libs=
for l in $(echo "$LIBS" | tr ',' ' '); do
  f=$(lib_file "$l")
  if [ -z "$f" ]; then say "$l: not found -- skipped"; continue; fi
  say "$l: $f"
  libs="$libs $l"
  blas_dir "$OUT/hpl-runs/$l/blas" "$f"
  # libmkl_rt loads its interface, threading layer and libiomp5 from its own directory
  echo "$OUT/hpl-runs/$l/blas:$(dirname "$f")" > "$OUT/hpl-runs/$l/path"
done
[ -n "$libs" ] || { say "no library to run"; exit 1; }

cpu_field() { LC_ALL=C lscpu 2>/dev/null | sed -n "s/^$1: *//p" | head -n 1; }
CPU_ID="$(cpu_field 'Model name') -- $(cpu_field 'Vendor ID') family $(cpu_field 'CPU family') model $(cpu_field 'Model'), $NCPU cores"
say "cpu: $CPU_ID; load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
say "HPL N $N NB $NB, configurations $CONFIGS, $ROUNDS round(s), libraries:$libs"

csv=$OUT/hpl.csv
{
  echo "# cpu-id: $CPU_ID"
  echo "# hpcc $(dpkg-query -W -f '${Version}' hpcc 2>/dev/null), $("$MPIRUN" --version 2>/dev/null | head -n 1), N $N NB $NB"
  echo "round,library,config,ranks,threads,P,Q,N,NB,gflops,hpl_seconds,residual,check,load1,mapped"
} > "$csv"

bad=0
runs=0
total=$(( ROUNDS * $(echo "$libs" | wc -w) * $(echo "$CONFIGS" | tr ',' ' ' | wc -w) ))
r=1
while [ $r -le "$ROUNDS" ]; do
  for cfg in $(echo "$CONFIGS" | tr ',' ' '); do
    np=${cfg%x*} nt=${cfg#*x}
    place=$(placement "$np" "$nt")
    for l in $libs; do
      runs=$((runs + 1))
      wd=$OUT/hpl-runs/$l/$cfg
      mkdir -p "$wd"
      write_hpccinf "$wd/hpccinf.txt" "$N" "$NB" 1 "$np"
      rm -f "$wd/hpccoutf.txt" # hpcc appends
      t0=$(date +%s)
      # the machine's 1-minute load average as the run starts: on a shared machine, a run that
      # began under load reads low
      load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
      # shellcheck disable=SC2046,SC2086 # word lists
      (cd "$wd" && exec env $(thread_env "$l" "$nt") \
        LD_LIBRARY_PATH="$(cat "$OUT/hpl-runs/$l/path")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        "$MPIRUN" -np "$np" $place "$HPCC" > "$wd/stdout.txt" 2>&1) &
      job=$!
      maps=$(mapped_blas $job | tr '\n' ' ' | sed 's/ $//')
      wait $job
      rc=$?
      # shellcheck disable=SC2046 # four words
      set -- $(hpl_result "$wd/hpccoutf.txt" 2>/dev/null || echo - - - MISSING)
      g=$1 t=$2 res=$3 v=$4
      [ $rc -eq 0 ] || v="$v(exit $rc)"
      if [ "$v" != PASSED ]; then bad=1; fi
      if [ "$l" = nanoblas ] && [ "$(nb_loads "$wd/stdout.txt")" -lt "$np" ]; then
        v="$v(nanoblas not loaded)"; bad=1
      fi
      cp "$wd/hpccoutf.txt" "$wd/hpccoutf.round$r.txt" 2>/dev/null
      echo "$r,$l,$cfg,$np,$nt,1,$np,$N,$NB,$g,$t,$res,$v,${load:-},$maps" >> "$csv"
      say "[$runs/$total] round $r $l $cfg: $g GFLOPS (HPL $t s, hpcc $(( $(date +%s) - t0 )) s), residual $res $v; load $load; mapped: ${maps:-?} -- $(( $(date +%s) - START )) s"
    done
  done
  r=$((r + 1))
done

# the table: the median and the best GFLOPS of each library and configuration over the rounds
# that passed (the best: the run that a busy machine disturbed least)
table=$OUT/hpl.txt
{
  echo "HPL (hpcc $(dpkg-query -W -f '${Version}' hpcc 2>/dev/null)), N $N, NB $NB, $ROUNDS round(s): GFLOPS median / best (runs that passed)"
  echo "cpu: $CPU_ID"
  printf '%-10s' library
  for cfg in $(echo "$CONFIGS" | tr ',' ' '); do
    printf '  %22s' "${cfg%x*} rank x ${cfg#*x} thread"
  done
  echo
  for l in $libs; do
    printf '%-10s' "$l"
    for cfg in $(echo "$CONFIGS" | tr ',' ' '); do
      m=$(awk -F, -v l="$l" -v c="$cfg" '
        $2 == l && $3 == c && $13 == "PASSED" { v[++n] = $10 + 0 }
        END {
          if (!n) { print "-"; exit }
          for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
          printf "%.1f / %.1f (%d)", (n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2), v[n], n
        }' "$csv")
      printf '  %22s' "$m"
    done
    echo
  done
  echo "(n): the runs that passed. Every run, its residual, the load average as it began and the"
  echo "library its ranks mapped: $csv"
} > "$table"
cat "$table"
say "done in $(( $(date +%s) - START )) s; $([ $bad = 0 ] && echo "every residual check PASSED" || echo "SOME RUNS FAILED (see $csv)")"
exit $bad
