#!/bin/sh
# bench/run_bench.sh: the driver behind `make bench` (MODE=headline), `make bench-full`
# (MODE=full), `make bench-threads` (MODE=threads: only the thread-scaling group),
# `make bench-bf16` (MODE=bf16), `make bench-batch` (MODE=batch), `make bench-blas` (MODE=blas:
# every BLAS family, build/bench/blas_suite, then the NumPy/SciPy workloads, bench/blas_numpy.py)
# and `make bench-lapack` (MODE=lapack: only the NumPy/SciPy LAPACK workloads and the R rows,
# bench/blas_r.R, each library with its own LAPACK). Installs what is missing
# (Debian's OpenBLAS and BLIS, gnuplot, MKL from pip into .venv; LIBXSMM for MODE=batch), runs
# build/bench/gemm_bench (and blas_bench, batch_bench) and writes bench/out/: tables (.txt), CSV
# and PNG plots.
#
# Environment: MODE=headline|full|threads|bf16|batch|blas|lapack|plot (plot: redraw gemm.png from
# headline.csv), BENCH_BIN, LIBDIR (relative to the repository or absolute), BENCH_OUT (default
# bench/out), BENCH_NO_INSTALL=1 (use only
# what is present), BENCH_NO_MKL=1, BENCH_ARGS (extra gemm_bench options appended to every run,
# e.g. "--quick"), BENCH_PLOTTER=matplotlib (skip gnuplot), BATCH_ARGS (extra batch_bench
# options, MODE=batch), SUITE_BIN (MODE=blas: build/bench/blas_suite), QUICK=1 (MODE=blas and
# MODE=lapack: the short smoke run), NUMPY=0 (MODE=blas: without the NumPy/SciPy rows), SUITE_ARGS
# (extra blas_suite options). NumPy/SciPy/R rows (MODE=blas and MODE=lapack): NUMPY_LAPACK=own|ref
# (the LAPACK behind each library: its own, or Debian's reference LAPACK for all; default ref for
# MODE=blas, own for MODE=lapack), NUMPY_LIBS (comma list of the libraries to run, e.g.
# nanoblas,openblas,mkl; default all found), ROUNDS (default 3, QUICK 1), ONLY (comma list: the
# rows whose name contains one of them), MODE=lapack only: N_LAPACK (sizes of the factorization
# rows and the R rows, default 1000,2000; QUICK 200,300), N_EIG (sizes of eig, eigh and svd, default
# 1000; QUICK 200), LAPACK_BUDGET (seconds of calls per row, default 1), R=0 (without the R rows),
# PROC_TIMEOUT (seconds one process may run, default 1800).
set -u
cd "$(dirname "$0")/.." || exit 1
ROOT=$(pwd)
MODE=${MODE:-headline}
BENCH_BIN=${BENCH_BIN:-build/bench/gemm_bench}
LIBDIR=${LIBDIR:-lib}
case $LIBDIR in /*) LIBABS=$LIBDIR ;; *) LIBABS=$ROOT/$LIBDIR ;; esac
OUT=${BENCH_OUT:-bench/out}
BENCH_ARGS=${BENCH_ARGS:-}
START=$(date +%s)

say() { echo "run_bench: $*" >&2; }
elapsed() { echo "$(( $(date +%s) - START ))s"; }

case $MODE in
  headline|full|threads|bf16|batch|blas|lapack|plot) ;;
  *) say "MODE must be headline, full, threads, bf16, batch, blas, lapack or plot (got '$MODE')"; exit 2 ;;
esac
[ "$MODE" = plot ] && { BENCH_NO_INSTALL=1; BENCH_NO_MKL=1; }

# ---- build ------------------------------------------------------------------------------------
SUITE_BIN=${SUITE_BIN:-build/bench/blas_suite}
[ "$MODE" = blas ] && NEED_BIN=$SUITE_BIN || NEED_BIN=$BENCH_BIN
if [ "$MODE" = lapack ]; then
  # no benchmark program: the libraries only (libopenblas.so.0 carries nanoblas's LAPACK)
  if [ ! -e "$LIBDIR/libnanoblas.so.0" ] || [ ! -e "$LIBDIR/libopenblas.so.0" ]; then
    say "building nanoblas"
    make -s -j2 lib || { say "build failed"; exit 1; }
  fi
elif [ ! -x "$NEED_BIN" ] || [ ! -e "$LIBDIR/libnanoblas.so.0" ]; then
  say "building nanoblas and the benchmark"
  make -s -j2 lib "$NEED_BIN" || { say "build failed"; exit 1; }
fi
mkdir -p "$OUT" || exit 1

# ---- dependencies -----------------------------------------------------------------------------
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else say "not root and no sudo: cannot run '$*'"; return 1
  fi
}
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
SYS_PY=/usr/bin/python3
[ -x "$SYS_PY" ] || SYS_PY=$(command -v python3 || echo python3)
have_matplotlib() { "$SYS_PY" -c 'import matplotlib' >/dev/null 2>&1; }

want=""
if [ "${BENCH_NO_INSTALL:-0}" != 1 ] && command -v apt-get >/dev/null 2>&1 \
   && command -v dpkg-query >/dev/null 2>&1; then
  installed libopenblas0-pthread || want="$want libopenblas0-pthread"
  if ! installed libblis4-pthread && ! installed libblis4-openmp \
     && ! installed libblis4-serial; then
    want="$want libblis4-pthread"
  fi
  if ! command -v gnuplot >/dev/null 2>&1 && ! have_matplotlib; then want="$want gnuplot-nox"; fi
  if [ "${BENCH_NO_MKL:-0}" != 1 ] && ! ls .venv/lib/libmkl_rt.so.* >/dev/null 2>&1 \
     && ! "$SYS_PY" -c 'import ensurepip' >/dev/null 2>&1; then
    want="$want python3-venv"
  fi
  # bench-blas's and bench-lapack's NumPy/SciPy rows: Debian's NumPy and SciPy, the reference
  # LAPACK (NUMPY_LAPACK=ref, and BLIS's rows); bench-lapack's R rows: Debian's R
  if { [ "$MODE" = blas ] && [ "${NUMPY:-1}" != 0 ]; } || [ "$MODE" = lapack ]; then
    /usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || want="$want python3-numpy"
    /usr/bin/python3 -c 'import scipy' >/dev/null 2>&1 || want="$want python3-scipy"
    installed liblapack3 || want="$want liblapack3"
  fi
  if [ "$MODE" = lapack ] && [ "${R:-1}" != 0 ] && ! command -v Rscript >/dev/null 2>&1; then
    want="$want r-base-core"
  fi
  if [ -n "$want" ]; then
    say "installing:$want"
    # shellcheck disable=SC2086 # $want is a word list
    if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $want >&2; then
      say "apt-get install failed; updating the package lists and trying again"
      # shellcheck disable=SC2086
      if ! { as_root apt-get update -q >&2 &&
             as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $want >&2; }; then
        say "could not install:$want -- continuing with what is present"
      fi
    fi
  fi
elif [ "${BENCH_NO_INSTALL:-0}" != 1 ]; then
  say "no apt-get here: not installing anything, using what is present"
fi

# MKL: the pip package `mkl` in a project-local virtual environment.
MKL=""
if [ "${BENCH_NO_MKL:-0}" != 1 ]; then
  if ! ls .venv/lib/libmkl_rt.so.* >/dev/null 2>&1 && [ "${BENCH_NO_INSTALL:-0}" != 1 ]; then
    if [ ! -x .venv/bin/pip ]; then
      say "creating .venv ($SYS_PY -m venv .venv)"
      "$SYS_PY" -m venv .venv >&2 || say "could not create .venv"
    fi
    if [ -x .venv/bin/pip ]; then
      say "installing MKL: .venv/bin/pip install mkl"
      .venv/bin/pip install -q --disable-pip-version-check mkl >&2 || say "pip install mkl failed"
    fi
  fi
  MKL=$(find .venv/lib -maxdepth 1 -name 'libmkl_rt.so.*' 2>/dev/null | sort | tail -n 1)
  [ -n "$MKL" ] && MKL="$ROOT/$MKL"
fi

# ---- locate the libraries -----------------------------------------------------------------------
MA=$(gcc -print-multiarch 2>/dev/null)
[ -n "$MA" ] || MA=$(uname -m)-linux-gnu
first_file() { for f in "$@"; do [ -e "$f" ] && { echo "$f"; return 0; }; done; return 1; }
OPENBLAS=$(first_file /usr/lib/"$MA"/openblas-pthread/libopenblas.so.0 \
  /usr/lib/"$MA"/openblas-openmp/libopenblas.so.0 /usr/lib/"$MA"/openblas-serial/libopenblas.so.0)
BLIS=$(first_file /usr/lib/"$MA"/blis-pthread/libblis.so.4 /usr/lib/"$MA"/blis-openmp/libblis.so.4 \
  /usr/lib/"$MA"/blis-serial/libblis.so.4)

LIBS=""
note_lib() { # name path
  if [ -n "$2" ]; then say "$1: $2"; LIBS="$LIBS --lib $1=$2"
  else say "$1: not found -- skipped"; fi
}
note_lib openblas "$OPENBLAS"
note_lib blis "$BLIS"
if [ "${BENCH_NO_MKL:-0}" = 1 ]; then say "mkl: BENCH_NO_MKL=1 -- skipped"
else note_lib mkl "$MKL"; fi
# MKL's libmkl_rt loads its threading layer and libiomp5 (package intel-openmp) from its own
# directory; that directory also goes on the library path in case a build needs it there.
if [ -n "$MKL" ]; then
  LD_LIBRARY_PATH="$(dirname "$MKL")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export LD_LIBRARY_PATH
fi

NCPU=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)

# The CPU every number here was measured on: lscpu's model line, the vendor, family, model and
# stepping, and the ISA extensions that decide which kernels each library runs. It goes on top of
# every table and CSV (a "# cpu-id:" line) and into every plot title, so that no result is read as
# the libraries' speed in general: on another CPU (Intel or AMD, with or without AVX-512 and AMX)
# every library, MKL above all, takes other code paths.
cpu_field() { LC_ALL=C lscpu 2>/dev/null | sed -n "s/^$1: *//p" | head -n 1; }
CPU_MODEL=$(cpu_field 'Model name')
[ -n "$CPU_MODEL" ] || CPU_MODEL=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -n 1)
CPU_VENDOR=$(cpu_field 'Vendor ID')
CPU_FLAGS=" $(grep -m1 -E '^(flags|Features)' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
CPU_ISA=""
for f in avx2 fma avx512f avx512_bf16 avx512_fp16 amx_tile asimd sve; do
  case $CPU_FLAGS in *" $f "*) CPU_ISA="$CPU_ISA $f" ;; esac
done
CPU_ID="${CPU_MODEL:-unknown CPU} -- ${CPU_VENDOR:-vendor ?} family $(cpu_field 'CPU family') model $(cpu_field 'Model') stepping $(cpu_field 'Stepping'); ISA:${CPU_ISA:- (none listed)}"
# the CPU a CSV was measured on (its own "# cpu-id:" line, else gemm_bench's "# cpu:" line): a
# plot redrawn later, on another machine, still names the right one
csv_cpu() {
  c=$(sed -n 's/^# cpu-id: //p' "$1" 2>/dev/null | head -n 1)
  [ -n "$c" ] || c=$(sed -n 's/^# cpu: //p' "$1" 2>/dev/null | head -n 1)
  echo "${c:-CPU not recorded}"
}
# stamp FILE...: the "# cpu-id:" line on top of each file written on this machine (once)
stamp() {
  for f in "$@"; do
    [ -f "$f" ] || continue
    head -n 1 "$f" | grep -q '^# cpu-id: ' && continue
    { echo "# cpu-id: $CPU_ID"; cat "$f"; } > "$f.stamp" && mv "$f.stamp" "$f"
  done
}
single_thread_env() {
  export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 BLIS_NUM_THREADS=1 \
         NANOBLAS_NUM_THREADS=1
}
unset_thread_env() {
  unset OPENBLAS_NUM_THREADS OMP_NUM_THREADS MKL_NUM_THREADS BLIS_NUM_THREADS NANOBLAS_NUM_THREADS
}

banner() {
  echo "== nanoblas gemm benchmark ($MODE) -- $(date '+%Y-%m-%d %H:%M:%S %Z')"
  echo "cpu: $CPU_ID"
  echo "cpus: $NCPU; nanoblas: $LIBABS/libnanoblas.so.0"
  echo "every figure below is of this CPU only; another CPU gives other numbers and other ratios"
  if [ -n "${MKL:-}" ] && [ "$CPU_VENDOR" != GenuineIntel ]; then
    echo "note: MKL on this ${CPU_VENDOR:-non-Intel} CPU runs other code paths than on Intel's (see its" \
         "processor string in the lib lines): its figures here say nothing about MKL on Intel"
  fi
}

# run NAME gemm_bench-options...: table to OUT/NAME.txt and stdout, CSV to
# OUT/NAME.csv, progress to stderr.
run() {
  name=$1; shift
  say "[$(elapsed)] $name: $BENCH_BIN $*"
  # shellcheck disable=SC2086 # BENCH_ARGS is a word list
  "$BENCH_BIN" --lib nanoblas="$LIBABS/libnanoblas.so.0" "$@" $BENCH_ARGS \
    --csv "$OUT/$name.csv" > "$OUT/$name.txt"
  rc=$?
  stamp "$OUT/$name.csv" "$OUT/$name.txt"
  cat "$OUT/$name.txt"
  echo
  [ $rc = 0 ] || say "$name: gemm_bench exited with status $rc"
  return $rc
}

# summary FILE.csv: per library, the geometric mean, min and max of nanoblas / library.
summary() {
  awk -F, '
    /^#/ || $1 == "type" { next }
    $14 != "" && $8 != "nanoblas" && $14 > 0 {
      w = $1 " " $2 " " $3 " " $4 "x" $5 "x" $6 " t" $7
      n[$8]++; s[$8] += log($14)
      if (!($8 in lo) || $14 < lo[$8]) { lo[$8] = $14; lw[$8] = w }
      if (!($8 in hi) || $14 > hi[$8]) { hi[$8] = $14; hw[$8] = w }
    }
    END {
      for (l in n)
        printf "  nanoblas / %-9s geomean %.2f over %d rows; min %.2f (%s), max %.2f (%s)\n",
               l, exp(s[l] / n[l]), n[l], lo[l], lw[l], hi[l], hw[l]
    }' "$1" | sort
}

# plot CSV PNG TITLE: GFLOPS vs cube size (m = n = k, col NN, 1 thread), one line per library,
# fp64 and fp32 side by side, with the measured FMA peak as a dashed line; the title ends with
# the CPU the CSV was measured on.
plot() {
  csv=$1; png=$2; title="$3, $(csv_cpu "$1")"
  dat="$OUT/plot"
  rm -rf "$dat"; mkdir -p "$dat"
  awk -F, -v dir="$dat" '
    /^#/ || $1 == "type" { next }
    $2 == "col" && $3 == "NN" && $4 == $5 && $5 == $6 && $7 == 1 {
      k = $1 " " $8 " " $4; sum[k] += $9; cnt[k]++   # a size measured twice: the mean
      if ($13 != "") print $13 > (dir "/" $1 ".peak")
      if (!seen[$8]++) print $8 > (dir "/libs")
    }
    END {
      for (k in sum) {
        split(k, a, " "); print a[3], sum[k] / cnt[k] > (dir "/" a[1] "-" a[2] ".raw")
      }
    }' "$csv"
  for f in "$dat"/*.raw; do
    [ -e "$f" ] && sort -n "$f" > "${f%.raw}.dat"
  done
  [ -s "$dat/libs" ] || { say "plot: no cube rows in $csv"; return 1; }
  if [ "${BENCH_PLOTTER:-gnuplot}" = gnuplot ] && command -v gnuplot >/dev/null 2>&1; then
    gp="$dat/plot.gp"
    {
      echo "set terminal pngcairo size 1400,620 font 'sans,11' noenhanced"
      echo "set output '$png'"
      echo "set multiplot layout 1,2 title \"$title\""
      echo "set logscale x 2; set grid; set key below horizontal; set yrange [0:*]"
      echo "set xlabel 'm = n = k'; set ylabel 'GFLOPS'"
      for t in d s; do
        if [ $t = d ]; then echo "set title 'dgemm (fp64)'"
        else echo "set title 'sgemm (fp32)'"; fi
        line="plot"; sep=" "
        i=1
        while read -r lib; do
          if [ -s "$dat/$t-$lib.dat" ]; then
            line="$line$sep'$dat/$t-$lib.dat' using 1:2 with linespoints lw 2 pt 7 lc $i"
            line="$line title '$lib'"
            sep=", "
          fi
          i=$((i + 1))
        done < "$dat/libs"
        if [ -s "$dat/$t.peak" ]; then
          pk=$(sort -n "$dat/$t.peak" | tail -n 1)
          line="$line$sep$pk with lines dt 2 lc rgb 'black' title 'FMA peak (measured)'"
        fi
        echo "$line"
      done
      echo "unset multiplot"
    } > "$gp"
    gnuplot "$gp" && { say "plot: $png (gnuplot)"; return 0; }
    say "gnuplot failed"
  fi
  if have_matplotlib; then
    "$SYS_PY" - "$dat" "$png" "$title" <<'EOF' && { say "plot: $png (matplotlib)"; return 0; }
import os, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import matplotlib.ticker
d, png, title = sys.argv[1:4]
libs = open(os.path.join(d, "libs")).read().split()
fig, axes = plt.subplots(1, 2, figsize=(14, 6.2))
for ax, t, name in zip(axes, "ds", ("dgemm (fp64)", "sgemm (fp32)")):
    for lib in libs:
        p = os.path.join(d, "%s-%s.dat" % (t, lib))
        if os.path.exists(p) and os.path.getsize(p):
            xy = [tuple(map(float, l.split())) for l in open(p)]
            ax.plot([a for a, _ in xy], [b for _, b in xy], "o-", lw=2, label=lib)
    p = os.path.join(d, t + ".peak")
    if os.path.exists(p) and os.path.getsize(p):
        ax.axhline(max(float(v) for v in open(p).read().split()), ls="--", color="k",
                   label="FMA peak (measured)")
    ax.set_xscale("log", base=2); ax.set_ylim(bottom=0); ax.grid(True)
    ax.xaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    ax.set_xlabel("m = n = k"); ax.set_ylabel("GFLOPS"); ax.set_title(name)
    ax.legend(loc="lower right")
fig.suptitle(title)
fig.savefig(png, dpi=100)
EOF
  fi
  say "plot: neither gnuplot nor matplotlib worked -- no PNG"
  return 1
}

# threads_group NAME: thread scaling 1..cpus, nanoblas beside OpenBLAS, BLIS and MKL at the same
# counts: the large cubes (scaling), 256 (must not slow down with threads) and the small cubes
# (must cost nothing: one thread whatever the count).
# The small rows go in a second run without BLIS: Debian's pthread BLIS starts and joins its
# threads on every multi-threaded call (0.1-20 GFLOPS at 8-256 there), and the churn slowed the
# other libraries' small calls in the same rows by up to 25%.
threads_group() {
  unset_thread_env
  # shellcheck disable=SC2086 # LIBS is a word list
  run "$1" $LIBS --threads "1-$NCPU" --type d,s --shapes 2048,4096
  rc=$?
  nb_libs=$(echo "$LIBS" | sed 's/--lib blis=[^ ]*//')
  # shellcheck disable=SC2086
  run "$1-small" $nb_libs --threads "1-$NCPU" --type d,s --shapes 256,cubes-small || rc=1
  single_thread_env
  return $rc
}

# scaling CSV: per shape and library, GFLOPS at each thread count and the speedup over 1 thread.
scaling() {
  echo "thread scaling (GFLOPS at 1..$NCPU threads, speedup over 1 thread; $CPU_ID):"
  awk -F, '/^#/ || $1 == "type" { next }
    { key = $1 " " $4 "x" $5 "x" $6 " " $8; if (!(key in v)) order[++n] = key
      if ($7 == 1) one[key] = $9
      v[key] = v[key] sprintf("  %s: %.1f", $7, $9)
      if ($7 != 1 && one[key] > 0) v[key] = v[key] sprintf(" (%.2fx)", $9 / one[key]) }
    END { for (i = 1; i <= n; i++) printf "  %-28s%s\n", order[i], v[order[i]] }' "$1"
}

# plot_bf16 CSV PNG: GFLOPS against the cube size at 1 thread and at the most threads: each
# library's bf16 GEMM (solid) and sgemm (dashed). gnuplot only.
plot_bf16() {
  command -v gnuplot >/dev/null 2>&1 || { say "plot_bf16: no gnuplot -- no PNG"; return 0; }
  dat="$OUT/plot-bf16"
  rm -rf "$dat"; mkdir -p "$dat"
  awk -F, -v dir="$dat" '/^#/ || $1 == "routine" { next }
    $2 == $3 && $3 == $4 {
      f = dir "/" $1 "-" $6 "-t" $5 ".dat"; print $3, $7 > f
      if (!seen[$1 "-" $6]++) print $1 "-" $6 > (dir "/series") }' "$1"
  gp="$dat/plot.gp"
  {
    echo "set terminal pngcairo size 1400,620 font 'sans,11' noenhanced"
    echo "set output '$2'"
    echo "set multiplot layout 1,2 title 'bf16 GEMM (solid) and sgemm (dashed), $(csv_cpu "$1")'"
    echo "set logscale x 2; set grid; set key below horizontal; set yrange [0:*]"
    echo "set xlabel 'm = n = k'; set ylabel 'GFLOPS'"
    for t in 1 "$NCPU"; do
      echo "set title '$t thread(s)'"
      line="plot"; sep=" "; i=1
      while read -r ser; do
        f="$dat/$ser-t$t.dat"
        [ -s "$f" ] || continue
        case $ser in sgemm-*) dt=2 ;; *) dt=1 ;; esac
        line="$line$sep'$f' using 1:2 with linespoints lw 2 pt 7 dt $dt lc $i title '$ser'"
        sep=", "; i=$((i + 1))
      done < "$dat/series"
      echo "$line"
    done
    echo "unset multiplot"
  } > "$gp"
  gnuplot "$gp" && say "plot: $2"
}

# plot_batch CSV PNG: the compact workload, GFLOPS against the size at 1 thread, one line per
# variant (each library's compact and batch calls). gnuplot only.
plot_batch() {
  command -v gnuplot >/dev/null 2>&1 || { say "plot_batch: no gnuplot -- no PNG"; return 0; }
  dat="$OUT/plot-batch"
  rm -rf "$dat"; mkdir -p "$dat"
  awk -F, -v dir="$dat" '$1 == "compact" && $6 == 1 {
      print $4, $9 > (dir "/" $2 "-" $7 ".dat")
      if (!seen[$2 "-" $7]++) print $2 "-" $7 > (dir "/series") }' "$1"
  [ -s "$dat/series" ] || { say "plot_batch: no compact rows in $1"; return 0; }
  gp="$dat/plot.gp"
  model=$(csv_cpu "$1")
  {
    echo "set terminal pngcairo size 1000,620 font 'sans,11' noenhanced"
    echo "set output '$2'"
    echo "set title 'compact GEMM, 16384 problems per size, 1 thread, $model'"
    echo "set grid; set key below horizontal; set yrange [0:*]"
    echo "set xlabel 'm = n = k'; set ylabel 'GFLOPS'"
    line="plot"; sep=" "; i=1
    while read -r ser; do
      case $ser in *-batch) dt=2 ;; *) dt=1 ;; esac
      line="$line$sep'$dat/$ser.dat' using 1:2 with linespoints lw 2 pt 7 dt $dt lc $i title '$ser'"
      sep=", "; i=$((i + 1))
    done < "$dat/series"
    echo "$line"
  } > "$gp"
  gnuplot "$gp" && say "plot: $2"
}

# plot_blas FAMILIES.csv PNG: bench-blas's per-family ratios, nanoblas / each library at each
# thread count (geometric mean over the family's types and sizes), one cluster of bars per family,
# log scale, 1.0 marked. gnuplot only.
plot_blas() {
  command -v gnuplot >/dev/null 2>&1 || { say "plot_blas: no gnuplot -- no PNG"; return 0; }
  dat="$OUT/plot-blas"
  rm -rf "$dat"; mkdir -p "$dat"
  awk -F, '/^#/ || $1 == "family" { next }
    $4 != 0 {
      key = $3 " " $4 "t"; if (!(key in seen)) { seen[key] = 1; cols[++nc] = key }
      if (!($1 in fs)) { fs[$1] = 1; fams[++nf] = $1 }
      v[$1 SUBSEP key] = $5 }
    END {
      printf "family"; for (c = 1; c <= nc; c++) printf " \"nb/%s\"", cols[c]; print ""
      for (f = 1; f <= nf; f++) {
        printf "%s", fams[f]
        for (c = 1; c <= nc; c++) printf " %s", ((fams[f] SUBSEP cols[c]) in v) ? v[fams[f] SUBSEP cols[c]] : "?"
        print "" } }' "$1" > "$dat/ratios.dat"
  ncols=$(head -n 1 "$dat/ratios.dat" | awk -F'"' '{ print (NF - 1) / 2 + 1 }')
  [ "${ncols:-1}" -gt 1 ] || { say "plot_blas: no ratios in $1"; return 0; }
  {
    echo "set terminal pngcairo size 1800,700 font 'sans,10' noenhanced"
    echo "set output '$2'"
    echo "set title 'nanoblas speed / other library, geometric mean per family over types and size classes (> 1: nanoblas faster), $(csv_cpu "$1")'"
    echo "set style data histograms; set style histogram clustered gap 1; set style fill solid 0.8 border -1"
    echo "set datafile missing '?'; set logscale y 2; set yrange [0.0625:16]; set grid ytics"
    echo "set xtics rotate by -50 scale 0; set key top left horizontal; set ylabel 'ratio'"
    echo "plot for [i=2:$ncols] '$dat/ratios.dat' using i:xtic(1) title columnheader(i), 1 with lines lc rgb 'black' lw 2 notitle"
  } > "$dat/plot.gp"
  gnuplot "$dat/plot.gp" && say "plot: $2"
}

# defines FILE SYMBOL: FILE's dynamic symbol table defines SYMBOL (binutils' nm)
defines() { nm -D --defined-only "$1" 2>/dev/null | awk -v s="$2" '$3 == s { f = 1 } END { exit !f }'; }

# own_lapack NAME BLASFILE: prints the file that holds library NAME's own LAPACK, or nothing.
own_lapack() {
  case $1 in
    nanoblas)
      # this build's libopenblas.so.0: nanoblas plus the reference LAPACK in which nanoblas's
      # own routines (?getrf, ?getrs, ?potrf, ?potrs, ?laswp, ...) replace the reference ones; a
      # build without liblapack-dev makes it a mere link to libnanoblas.so.0, without LAPACK
      defines "$LIBABS/libopenblas.so.0" dgeev_ && echo "$LIBABS/libopenblas.so.0" ;;
    openblas)
      # Debian's OpenBLAS ships its LAPACK as a liblapack.so.3 of its own beside libopenblas.so.0
      # (the liblapack.so.3 alternative): it is OpenBLAS's when its dgetrf_ calls OpenBLAS's LU
      # drivers (dgetrf_single, dgetrf_parallel) in libopenblas.so.0. Else libopenblas.so.0
      # itself, which carries OpenBLAS's LAPACK too.
      f=$(dirname "$2")/liblapack.so.3
      if [ -e "$f" ] && defines "$f" dgetrf_ &&
         nm -D --undefined-only "$f" 2>/dev/null | grep -qwE 'dgetrf_(single|parallel)'; then
        echo "$f"
      elif defines "$2" dgetrf_ && defines "$2" dgeev_; then
        echo "$2"
      fi ;;
    mkl) defines "$2" dgetrf_ && defines "$2" dgeev_ && echo "$2" ;;
  esac
}

# check_bindings LIB WHAT: reads the LD_DEBUG=bindings output of the process just run
# (SWAP_LD/p.*, then removed) and checks where the symbols went: the LAPACK routines that NumPy's
# and SciPy's LAPACK modules (numpy/linalg/*, scipy/linalg/_flapack) and R's (modules/lapack.so)
# call must bind to LIB's LAPACK (SWAP_DIR/LIB/allow-lapack), dgemm_, dsyrk_ and dtrsm_ wherever
# they are called from to LIB's BLAS (allow-blas). One summary line per process in the
# verification file; a warning on stderr for every symbol that went elsewhere, and the summary on
# stderr when VERBOSE_CHECK=1 (the first round).
check_bindings() {
  cat "$SWAP_LD"/p.* 2>/dev/null | awk '
    /binding file / && /symbol `/ {
      from = $0; sub(/.*binding file /, "", from); sub(/ \[[0-9]+\] to .*/, "", from)
      to = $0; sub(/.* to /, "", to); sub(/ \[[0-9]+\]: .*/, "", to)
      sym = $0; sub(/.*symbol `/, "", sym); sub(/'"'"'.*/, "", sym)
      if (sym ~ /^d(gesv|getrf|getri|getrs|potrf|geqrf|orgqr|gelsd|geev|syevd|gesdd)_$/) {
        if (from ~ /(numpy\/linalg\/|scipy\/linalg\/_flapack|R\/modules\/+lapack)/)
          print "lapack", sym, to
        else if (from ~ /\/lib[^\/]*\.so[^\/]*$/)
          print "within", sym, to, from  # a library calling LAPACK: checked if it is the LAPACK
      } else if (sym ~ /^d(gemm|syrk|trsm)_$/)
        print "blas", sym, to
    }' | sort -u > "$SWAP_LD/bind"
  rm -f "$SWAP_LD"/p.*
  : > "$SWAP_LD/bind.real"
  while read -r k sym to from; do
    # the LAPACK's calls to its own routines (dgesv_ to dgetrf_) must stay in it, too
    if [ "$k" = within ]; then
      grep -qxF "$(readlink -f "$from")" "$SWAP_DIR/$1/allow-lapack" || continue
      k=lapack
    fi
    real=$(readlink -f "$to")
    ok=ok; grep -qxF "$real" "$SWAP_DIR/$1/allow-$k" || ok=WRONG
    echo "$k $ok $real $sym" >> "$SWAP_LD/bind.real"
  done < "$SWAP_LD/bind"
  sum=$(sort -u "$SWAP_LD/bind.real" | awk -v lib="$1" '
    { key = $1 " " $2 " " $3; if (!(key in s)) { order[++n] = key; s[key] = $4 } else s[key] = s[key] "," $4 }
    END { for (i = 1; i <= n; i++) { split(order[i], a, " ")
            printf "%s%s %s -> %s%s", (i > 1 ? "; " : ""), toupper(a[1]), s[order[i]], a[3], (a[2] == "ok" ? "" : " (NOT " lib "'"'"'s " a[1] ")") } }')
  grep -q '^lapack ' "$SWAP_LD/bind.real" || sum="${sum:+$sum; }no LAPACK binding seen"
  echo "$1 $2: ${sum:-no binding seen}" >> "$SWAP_VERIFY"
  if grep -q ' WRONG ' "$SWAP_LD/bind.real" || ! grep -q '^lapack ' "$SWAP_LD/bind.real"; then
    say "$SWAP_KIND: WARNING, $1 $2 did not run on $1's intended files: $sum"
  elif [ "${VERBOSE_CHECK:-0}" = 1 ]; then
    say "$SWAP_KIND: $1 $2: $sum"
  fi
}

# check_mapped LIB WHAT FILE: the "# blas" and "# lapack" lines a process printed (the files
# mapped, the file that defines dgetrf_ in its liblapack.so.3, or R's La_library()) must name
# LIB's own files.
check_mapped() {
  real=$(head -n 1 "$SWAP_DIR/$1/allow-blas")
  grep -q "^# blas .*$real" "$3" || \
    say "$SWAP_KIND: WARNING, $1 not mapped in $2 ($(grep -m 1 '^# blas' "$3")): its figures are not its own"
  la=$(sed -n 's/^# lapack \(dgetrf_\|La_library\)=\([^ ]*\).*/\2/p' "$3" | head -n 1)
  if [ -n "$la" ] && ! grep -qxF "$la" "$SWAP_DIR/$1/allow-lapack"; then
    say "$SWAP_KIND: WARNING, $2 of $1: LAPACK from $la, not from $(tr '\n' ' ' < "$SWAP_DIR/$1/allow-lapack")"
  fi
}

# swap_rows KIND: the NumPy/SciPy rows under Debian's python3 (KIND numpy: bench-blas's
# workloads, bench/blas_numpy.py --set blas; KIND lapack: bench-lapack's LAPACK workloads, --set
# lapack, then the R rows, bench/blas_r.R), once per library and thread count (1 and all
# cores; BLIS at 1 only, see below), in rounds that interleave the libraries (the first one
# rotating). Each library is the process's libblas.so.3 and libcblas.so.3, and its
# liblapack.so.3 is (NUMPY_LAPACK=own, MODE=lapack's default) the library's own LAPACK (nanoblas:
# this build's libopenblas.so.0, which then also serves as its BLAS; OpenBLAS: Debian's OpenBLAS
# liblapack.so.3; MKL: libmkl_rt; BLIS has none: the reference LAPACK) or (NUMPY_LAPACK=ref,
# MODE=blas's default) Debian's reference LAPACK for all, so that the differences are the BLAS's:
# symlinks in OUT/KIND-libs/NAME/, first on LD_LIBRARY_PATH (R: on R_LD_LIBRARY_PATH, which R's
# start-up script puts in front of LD_LIBRARY_PATH together with /usr/lib/<multiarch>, where the
# system's libblas.so.3 would win). Every process runs with LD_DEBUG=bindings, and the files its
# BLAS and LAPACK calls bound to are checked (check_bindings, OUT/KIND-verify.txt), as are the
# files it reports mapped (check_mapped). A row that crashes a library or runs past PROC_TIMEOUT
# is skipped for that library from then on, with a message, and the process goes on past it.
# Table OUT/KIND.txt, CSV OUT/KIND.csv (medians over the rounds), raw numbers OUT/KIND-raw.csv.
swap_rows() {
  SWAP_KIND=$1
  py=/usr/bin/python3
  reflapack=/usr/lib/$MA/lapack/liblapack.so.3
  if [ "$SWAP_KIND" = lapack ]; then lmode=${NUMPY_LAPACK:-own}; else lmode=${NUMPY_LAPACK:-ref}; fi
  case $lmode in own|ref) ;; *) say "NUMPY_LAPACK must be own or ref (got '$lmode')"; return 1 ;; esac
  "$py" -c 'import numpy, scipy' >/dev/null 2>&1 || { say "$SWAP_KIND: no python3-numpy/python3-scipy -- skipped"; return 0; }
  [ -e "$reflapack" ] || { say "$SWAP_KIND: no $reflapack (liblapack3) -- skipped"; return 0; }
  SWAP_DIR="$OUT/$SWAP_KIND-libs"; SWAP_LD="$OUT/$SWAP_KIND-ld"; SWAP_VERIFY="$OUT/$SWAP_KIND-verify.txt"
  rm -rf "$SWAP_DIR" "$SWAP_LD"; mkdir -p "$SWAP_DIR" "$SWAP_LD" || return 1
  raw="$OUT/$SWAP_KIND-raw.csv"; err="$OUT/$SWAP_KIND.err"; one="$OUT/$SWAP_KIND-one.txt"
  { echo "# cpu: $CPU_ID"; echo "# lapack: $lmode"; } > "$raw"
  : > "$err"
  echo "# $(date '+%Y-%m-%d %H:%M:%S %Z'); LAPACK: $lmode; cpu: $CPU_ID" > "$SWAP_VERIFY"
  libs=""
  for lib in nanoblas openblas blis mkl; do
    case ",${NUMPY_LIBS:-$lib}," in *",$lib,"*) ;; *) continue ;; esac
    case $lib in
      nanoblas) b=$LIBABS/libnanoblas.so.0 ;;
      openblas) b=$OPENBLAS ;;
      blis) b=$BLIS ;;
      mkl) b=${MKL:-}; [ "${BENCH_NO_MKL:-0}" = 1 ] && b="" ;;
    esac
    [ -n "$b" ] || continue
    l=$reflapack; lnote="Debian's reference LAPACK"
    if [ "$lmode" = own ]; then
      if [ "$lib" = blis ]; then
        lnote="Debian's reference LAPACK (BLIS has none)"
      else
        o=$(own_lapack "$lib" "$b")
        if [ -n "$o" ]; then
          l=$o; lnote="its own"
          # nanoblas: BLAS and LAPACK from the one libopenblas.so.0 (libnanoblas.so.0 beside it
          # would be a second copy of nanoblas, with threads of its own)
          [ "$lib" = nanoblas ] && b=$o
        else
          say "$SWAP_KIND: WARNING, no LAPACK of $lib's found: it runs on the reference LAPACK"
          lnote="Debian's reference LAPACK (its own not found)"
        fi
      fi
    fi
    mkdir -p "$SWAP_DIR/$lib"
    for n in libblas.so.3 libcblas.so.3; do ln -s "$b" "$SWAP_DIR/$lib/$n"; done
    ln -s "$l" "$SWAP_DIR/$lib/liblapack.so.3"
    readlink -f "$b" > "$SWAP_DIR/$lib/allow-blas"
    readlink -f "$l" > "$SWAP_DIR/$lib/allow-lapack"
    # OpenBLAS's own LAPACK is in libopenblas.so.0 as well as in Debian's liblapack.so.3, and R
    # reaches the former: its libblas.so.3 is in the global scope, searched first
    [ "$lib" = openblas ] && [ "$lmode" = own ] && readlink -f "$b" >> "$SWAP_DIR/$lib/allow-lapack"
    # libmkl_rt loads MKL's interface layer (libmkl_intel_lp64) into the global scope, and the
    # modules loaded after it bind to that one: MKL's too
    if [ "$lib" = mkl ]; then
      for f in "$(dirname "$b")"/libmkl_*.so*; do
        readlink -f "$f" >> "$SWAP_DIR/$lib/allow-blas"
        [ "$lmode" = own ] && readlink -f "$f" >> "$SWAP_DIR/$lib/allow-lapack"
      done
    fi
    echo "# lib $lib: BLAS $(readlink -f "$b"); LAPACK $(readlink -f "$l") ($lnote)" | tee -a "$raw" "$SWAP_VERIFY" >&2
    libs="$libs $lib"
  done
  [ -n "$libs" ] || { say "$SWAP_KIND: no library to run"; return 1; }
  budget=${LAPACK_BUDGET:-1}
  if [ "$SWAP_KIND" = lapack ]; then
    if [ "${QUICK:-0}" = 1 ]; then nl=${N_LAPACK:-200,300}; ne=${N_EIG:-200}; budget=${LAPACK_BUDGET:-0.2}
    else nl=${N_LAPACK:-1000,2000}; ne=${N_EIG:-1000}; fi
    args="--set lapack --n-lapack $nl --n-eig $ne --budget $budget"
    rounds=${ROUNDS:-3}; [ "${QUICK:-0}" = 1 ] && rounds=${ROUNDS:-1}
    ptime=${PROC_TIMEOUT:-1800}; [ "${QUICK:-0}" = 1 ] && ptime=${PROC_TIMEOUT:-300}
    title="NumPy/SciPy and R LAPACK workloads (Debian's NumPy, SciPy and R; LAPACK: $lmode)"
  else
    if [ "${QUICK:-0}" = 1 ]; then args="--n 500 --n-heavy 300 --vec 1000000 --budget 0.2"; rounds=${ROUNDS:-1}
    else args="--n 2000 --n-heavy 1200 --vec 4000000 --budget 1"; rounds=${ROUNDS:-3}; fi
    args="--set blas $args"
    # one process's limit: a library that hangs costs this much, and its later rows show "-"
    ptime=${PROC_TIMEOUT:-300}; [ "${QUICK:-0}" = 1 ] && ptime=${PROC_TIMEOUT:-120}
    title="NumPy/SciPy workloads (Debian's NumPy and SciPy, each library as libblas.so.3; LAPACK: $lmode)"
  fi
  # the R rows: bench-lapack only
  rhome=""
  if [ "$SWAP_KIND" = lapack ] && [ "${R:-1}" != 0 ]; then
    if ! command -v Rscript >/dev/null 2>&1; then say "lapack: no Rscript (r-base-core) -- R rows skipped"
    else rhome=$(R RHOME 2>/dev/null); [ -n "$rhome" ] || say "lapack: R RHOME failed -- R rows skipped"
    fi
  fi
  tlist=1; [ "$NCPU" -gt 1 ] && tlist="1 $NCPU"
  nlib=$(echo "$libs" | wc -w); nt=$(echo "$tlist" | wc -w); total=$((rounds * nlib * nt)); i=0
  case " $libs " in *" blis "*) total=$((total - rounds * (nt - 1))) ;; esac
  for r in $(seq 1 "$rounds"); do
    # the first library rotates from round to round
    order=$(echo "$libs" | awk -v r="$r" '{ for (i = 0; i < NF; i++) printf "%s ", $(((i + r - 1) % NF) + 1) }')
    VERBOSE_CHECK=0; [ "$r" = 1 ] && VERBOSE_CHECK=1
    for t in $tlist; do
      for lib in $order; do
        # Debian's pthread BLIS starts and joins its threads on every multi-threaded call: the
        # thousands of small calls inside eigh or solve then took minutes (solve at 500: 86 s a
        # call) -- BLIS runs these rows at 1 thread only, as in full-threads-small
        if [ "$lib" = blis ] && [ "$t" != 1 ]; then
          [ "$r" = 1 ] && say "$SWAP_KIND: blis skipped at $t threads (thread start-up on every call)"
          continue
        fi
        i=$((i + 1))
        say "[$(elapsed)] $SWAP_KIND $i/$total: round $r/$rounds, $lib, $t thread(s)"
        lpath="$SWAP_DIR/$lib"
        [ "$lib" = mkl ] && lpath="$lpath:$(dirname "$MKL")"
        # NUMPY_LAPACK=ref: the reference LAPACK preloaded, so that it is first in the global
        # scope: else what a BLAS library exports or loads there wins over it (libmkl_rt loads
        # MKL's LAPACK-carrying libmkl_intel_lp64 globally, and every module NumPy and SciPy load
        # after it bound dgesv_ and the rest there; R's libblas.so.3 is global from the start)
        preload=""; [ "$lmode" = ref ] && preload="$SWAP_DIR/$lib/liblapack.so.3"
        # NumPy/SciPy; past a row that crashes (or times out), in a new process without it
        : > "$one"; measured=""; tries=0
        while :; do
          skip=$( { cat "$SWAP_DIR/$lib/skip" 2>/dev/null; echo "$measured"; } | tr '\n' ',' | tr -s ',' | sed 's/^,//; s/,$//')
          # shellcheck disable=SC2086 # args is a word list
          env LD_PRELOAD="$preload" OPENBLAS_NUM_THREADS="$t" OMP_NUM_THREADS="$t" MKL_NUM_THREADS="$t" \
            BLIS_NUM_THREADS="$t" NANOBLAS_NUM_THREADS="$t" LD_LIBRARY_PATH="$lpath" \
            LD_DEBUG=bindings LD_DEBUG_OUTPUT="$SWAP_LD/p" \
            timeout "$ptime" "$py" "$ROOT/bench/blas_numpy.py" run $args ${ONLY:+--only "$ONLY"} \
            ${skip:+--skip "$skip"} > "$one.try" 2>> "$err"
          rc=$?
          cat "$one.try" >> "$one"
          [ $tries = 0 ] && check_bindings "$lib" "python t$t r$r"
          rm -f "$SWAP_LD"/p.*
          [ $rc = 0 ] && break
          row=$(awk '/^# start / { row = $3 "@" $4; open = 1; next } !/^#/ { open = 0 } END { if (open) print row }' "$one.try")
          if [ -z "$row" ] || [ $tries -ge 5 ]; then
            say "$SWAP_KIND: $lib at $t thread(s) exited with status $rc (see $err)"; break
          fi
          [ $rc = 124 ] && why="ran past PROC_TIMEOUT=${ptime}s" || why="crashed (exit status $rc)"
          say "$SWAP_KIND: $row $why on $lib at $t thread(s): skipped on $lib from now on"
          echo "$row" >> "$SWAP_DIR/$lib/skip"
          measured=$(grep -v '^#' "$one" | awk -F, '{ printf "%s@%s,", $1, $2 }')
          tries=$((tries + 1))
        done
        check_mapped "$lib" "python t$t r$r" "$one"
        grep -v '^#' "$one" | sed "s/^/$lib,$t,$r,/" >> "$raw"
        # R
        if [ -n "$rhome" ]; then
          env LD_PRELOAD="$preload" OPENBLAS_NUM_THREADS="$t" OMP_NUM_THREADS="$t" MKL_NUM_THREADS="$t" \
            BLIS_NUM_THREADS="$t" NANOBLAS_NUM_THREADS="$t" LD_LIBRARY_PATH="$lpath" \
            R_LD_LIBRARY_PATH="$rhome/lib:$lpath" LD_DEBUG=bindings LD_DEBUG_OUTPUT="$SWAP_LD/p" \
            timeout "$ptime" Rscript "$ROOT/bench/blas_r.R" --n "$nl" --budget "$budget" \
            ${ONLY:+--only "$ONLY"} > "$one" 2>> "$err"
          rc=$?
          check_bindings "$lib" "R t$t r$r"
          [ $rc = 0 ] || say "$SWAP_KIND: R on $lib at $t thread(s) exited with status $rc (see $err)"
          check_mapped "$lib" "R t$t r$r" "$one"
          grep -v '^#' "$one" | sed "s/^/$lib,$t,$r,/" >> "$raw"
        fi
      done
    done
  done
  rm -f "$one" "$one.try"
  "$py" "$ROOT/bench/blas_numpy.py" report "$raw" "$OUT/$SWAP_KIND.csv" "$title" > "$OUT/$SWAP_KIND.txt"
  stamp "$OUT/$SWAP_KIND.txt" "$OUT/$SWAP_KIND.csv"
  cat "$OUT/$SWAP_KIND.txt"
}

# ---- the runs -----------------------------------------------------------------------------------
status=0
if [ "$MODE" = plot ]; then
  plot "$OUT/headline.csv" "$OUT/gemm.png" "cblas_?gemm, 1 thread" || status=1
elif [ "$MODE" = bf16 ]; then
  # bf16 GEMM: nanoblas's cblas_sbgemm, MKL's cblas_gemm_bf16bf16f32 and each library's sgemm on
  # the same values in fp32, cubes and a skinny shape, 1..cpus threads; table, CSV and plot.
  banner | tee "$OUT/bf16-banner.txt"
  BB=$(dirname "$BENCH_BIN")/blas_bench
  BBLIBS=""
  [ -n "$OPENBLAS" ] && BBLIBS="$BBLIBS --lib openblas=$OPENBLAS"
  [ -n "${MKL:-}" ] && BBLIBS="$BBLIBS --lib mkl=$MKL"
  unset_thread_env
  # shellcheck disable=SC2086
  "$BB" $BBLIBS --ops sbgemm,sgemm --sizes 32,64,128,256,512,1024,2048,4096 \
    --gemm 16x4096x4096 --threads "$(seq -s, 1 "$NCPU")" --csv "$OUT/bf16.csv" \
    | tee "$OUT/bf16.txt" || status=1
  stamp "$OUT/bf16.csv" "$OUT/bf16.txt"
  single_thread_env
  plot_bf16 "$OUT/bf16.csv" "$OUT/bf16.png" || status=1
elif [ "$MODE" = batch ]; then
  # Batched GEMM (bench/batch_bench.c): IrGEMM's mix, strided batches, compact GEMM and the
  # batch-reduce GEMM, against OpenBLAS (a loop of cblas_?gemm), MKL and LIBXSMM; table and CSV.
  banner | tee "$OUT/batch-banner.txt"
  BB=$(dirname "$BENCH_BIN")/batch_bench
  BB_BUILD=$(dirname "$(dirname "$BB")")
  # LIBXSMM comes only as static libraries (libxsmm-dev), linked into batch_bench when it is
  # built: after installing it, batch_bench is rebuilt.
  if [ "${BENCH_NO_INSTALL:-0}" != 1 ] && command -v apt-get >/dev/null 2>&1 \
     && command -v dpkg-query >/dev/null 2>&1 && ! installed libxsmm-dev; then
    say "installing: libxsmm-dev"
    if as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libxsmm-dev >&2 \
       || { as_root apt-get update -q >&2 &&
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libxsmm-dev >&2; }; then
      make -s -W bench/batch_bench.c BUILD="$BB_BUILD" "$BB" || status=1
    else
      say "could not install libxsmm-dev -- LIBXSMM left out"
    fi
  fi
  if [ ! -x "$BB" ]; then
    make -s BUILD="$BB_BUILD" "$BB" || { say "building $BB failed"; exit 1; }
  fi
  BBLIBS=""
  [ -n "$OPENBLAS" ] && BBLIBS="$BBLIBS --lib openblas=$OPENBLAS"
  [ -n "${MKL:-}" ] && BBLIBS="$BBLIBS --lib mkl=$MKL"
  unset_thread_env
  say "[$(elapsed)] batch: $BB$BBLIBS ${BATCH_ARGS:-}"
  # shellcheck disable=SC2086 # BBLIBS and BATCH_ARGS are word lists
  { "$BB" --lib nanoblas="$LIBABS/libnanoblas.so.0" $BBLIBS ${BATCH_ARGS:-} \
      --csv "$OUT/batch.csv"; echo $? > "$OUT/batch.rc"; } | tee "$OUT/batch.txt"
  rc=$(cat "$OUT/batch.rc" 2>/dev/null || echo 1)
  rm -f "$OUT/batch.rc"
  stamp "$OUT/batch.csv" "$OUT/batch.txt"
  case $rc in
    0) ;;
    3) say "batch_bench: WRONG RESULTS (rows marked '!' in $OUT/batch.txt)"; status=1 ;;
    *) say "batch_bench exited with status $rc"; status=1 ;;
  esac
  single_thread_env
  plot_batch "$OUT/batch.csv" "$OUT/batch-compact.png" || status=1
elif [ "$MODE" = blas ]; then
  # Every BLAS family (bench/blas_suite.c): one worker process per library, rows interleaved,
  # medians; the suite sets each library's thread count itself. Then the NumPy/SciPy rows.
  banner | tee "$OUT/blas-banner.txt"
  unset_thread_env
  quick=""; [ "${QUICK:-0}" = 1 ] && quick=--quick
  say "[$(elapsed)] blas: $SUITE_BIN$LIBS $quick ${SUITE_ARGS:-}"
  # shellcheck disable=SC2086 # LIBS and SUITE_ARGS are word lists
  "$SUITE_BIN" --lib nanoblas="$LIBABS/libnanoblas.so.0" $LIBS $quick ${SUITE_ARGS:-} \
    --csv "$OUT/blas.csv" --fam-csv "$OUT/blas-families.csv" > "$OUT/blas.txt" || status=1
  stamp "$OUT/blas.csv" "$OUT/blas.txt" "$OUT/blas-families.csv"
  cat "$OUT/blas.txt"
  plot_blas "$OUT/blas-families.csv" "$OUT/blas.png" || status=1
  if [ "${NUMPY:-1}" != 0 ]; then
    echo
    swap_rows numpy || status=1
  else
    say "numpy: NUMPY=0 -- skipped"
  fi
elif [ "$MODE" = lapack ]; then
  # The NumPy/SciPy LAPACK workloads and the R rows alone, each library with its own LAPACK
  # (NUMPY_LAPACK=ref: Debian's reference LAPACK behind every library), 1 and all cores, ROUNDS
  # rounds interleaving the libraries, medians: bench/out/lapack.{txt,csv}, lapack-raw.csv,
  # lapack-verify.txt (where each process's BLAS and LAPACK calls went).
  banner | tee "$OUT/lapack-banner.txt"
  swap_rows lapack || status=1
elif [ "$MODE" = threads ]; then
  banner | tee "$OUT/threads-banner.txt"
  threads_group threads || status=1
  echo "summary (nanoblas / other GFLOPS at the same thread count; this CPU only: $CPU_ID; > 1: nanoblas faster):"
  for f in threads threads-small; do
    echo "$f:"
    summary "$OUT/$f.csv"
    scaling "$OUT/$f.csv"
  done
  # Level 2/3 routines besides gemm, at the same thread counts (bench/blas_bench.c).
  BB=$(dirname "$BENCH_BIN")/blas_bench
  if [ -x "$BB" ]; then
    BBLIBS=""
    [ -n "$OPENBLAS" ] && BBLIBS="$BBLIBS --lib openblas=$OPENBLAS"
    [ -n "${MKL:-}" ] && BBLIBS="$BBLIBS --lib mkl=$MKL"
    unset_thread_env
    # shellcheck disable=SC2086
    "$BB" $BBLIBS --sizes 256,2048 --threads "$(seq -s, 1 "$NCPU")" | tee "$OUT/threads-blas.txt" \
      || status=1
    stamp "$OUT/threads-blas.txt"
    single_thread_env
  fi
elif [ "$MODE" = headline ]; then
  banner | tee "$OUT/headline.txt.head"
  single_thread_env
  # shellcheck disable=SC2086 # LIBS is a word list
  run headline $LIBS --threads 1 --type d,s --shapes plot,skinny || status=1
  cat "$OUT/headline.txt.head" "$OUT/headline.txt" > "$OUT/headline.txt.new" && \
    mv "$OUT/headline.txt.new" "$OUT/headline.txt"
  rm -f "$OUT/headline.txt.head"
  echo "summary (nanoblas / other GFLOPS; this CPU only: $CPU_ID; > 1: nanoblas faster):"
  summary "$OUT/headline.csv"
  plot "$OUT/headline.csv" "$OUT/gemm.png" "cblas_?gemm, 1 thread" || status=1
else
  banner | tee "$OUT/full-banner.txt"
  single_thread_env
  # shellcheck disable=SC2086
  run full-main $LIBS --threads 1 --type d,s \
      --shapes headline,trans,odd,cubes-small,skinny || status=1
  # AVX2 against AVX2: separate process, the variables must be set before the libraries load.
  # Only where the CPU has AVX2 (OPENBLAS_CORETYPE=Haswell would run illegal instructions else);
  # without AVX-512 it is the kernel set both libraries run anyway.
  case $CPU_FLAGS in
    *" avx2 "*)
      case $CPU_FLAGS in *" avx512f "*) ;; *) say "full-avx2: this CPU has no AVX-512, so AVX2 is what full-main ran too" ;; esac
      (
        export NANOBLAS_ARCH=avx2 OPENBLAS_CORETYPE=Haswell
        if [ -n "$OPENBLAS" ]; then
          run full-avx2 --lib openblas="$OPENBLAS" --threads 1 --type d,s --shapes 2048
        else
          run full-avx2 --threads 1 --type d,s --shapes 2048
        fi
      ) || status=1 ;;
    *) say "full-avx2: skipped, this CPU has no AVX2" ;;
  esac
  threads_group full-threads || status=1
  plot "$OUT/full-main.csv" "$OUT/full-gemm.png" "cblas_?gemm, 1 thread (bench-full)" || true
  echo "== summary (nanoblas / other GFLOPS; this CPU only: $CPU_ID; > 1: nanoblas faster)"
  for f in full-main full-avx2 full-threads full-threads-small; do
    [ -f "$OUT/$f.csv" ] || continue
    echo "$f:"
    summary "$OUT/$f.csv"
  done
  scaling "$OUT/full-threads.csv"
  scaling "$OUT/full-threads-small.csv"
fi
say "done in $(elapsed); results in $OUT/"
exit $status
