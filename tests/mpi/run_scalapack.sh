#!/bin/sh
# Runs Debian's ScaLAPACK testers (scalapack-mpi-test, Open MPI build) with nanoblas as each
# rank's BLAS and LAPACK, in two configurations: 2 ranks x 1 thread and 1 rank x 2 threads. The
# testers load libscalapack-openmpi.so.2.2, which needs libblas.so.3 and liblapack.so.3 (Debian's
# alternatives); a directory of those two names (and libcblas.so.3) pointing at nanoblas's
# libopenblas.so.0, the BLAS and LAPACK in one library, put first in LD_LIBRARY_PATH, replaces them.
# Each tester runs again on the reference BLAS and LAPACK (the netlib builds under blas/ and
# lapack/) with the same ranks and inputs; the step fails on a tester that failed more checks
# under nanoblas than under the reference, or did not finish where the reference did, or whose
# ranks did not all load nanoblas (each prints its configuration with NANOBLAS_VERBOSE=1).
#   usage: tests/mpi/run_scalapack.sh LIBDIR [OUTDIR]
# The short pass uses inputs written here (in OUTDIR/<config>/), a few sizes per tester, large
# enough (up to ~300) that the local BLAS calls reach nanoblas's blocked and threaded paths.
# FULL=1 also runs every tester of the package on its own stock input (the process grids
# rewritten to fit the ranks) and the BLACS tester. ONLY=xdlu,dpb3tst,... runs those testers only.
# Exit 77 (skipped) when Open MPI, the testers, the reference BLAS or a libopenblas.so.0 with
# LAPACK are not there.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/mpi/mpi_common.sh
. "$here/mpi_common.sh"
libdir=$(cd "$1" && pwd)
out=${2:-$(pwd)/tests/out/mpi/scalapack}
triplet=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
tdir=/usr/lib/$triplet/scalapack/openmpi-tests
ref="/usr/lib/$triplet/blas:/usr/lib/$triplet/lapack"

if ! find_mpirun; then
  echo "scalapack: Open MPI's mpirun is not installed (apt-get install openmpi-bin)" >&2
  exit 77
fi
if [ ! -x "$tdir/xdlu" ]; then
  echo "scalapack: the Open MPI testers are not installed (apt-get install scalapack-mpi-test)" >&2
  exit 77
fi
if [ ! -f "/usr/lib/$triplet/blas/libblas.so.3" ] || [ ! -f "/usr/lib/$triplet/lapack/liblapack.so.3" ]; then
  echo "scalapack: the reference BLAS/LAPACK are not installed (apt-get install libblas3 liblapack3)" >&2
  exit 77
fi
if [ ! -f "$libdir/libopenblas.so.0" ] || [ -L "$libdir/libopenblas.so.0" ]; then
  echo "scalapack: $libdir/libopenblas.so.0 has no LAPACK (built without liblapack-dev)" >&2
  exit 77
fi
mpi_env
mkdir -p "$out" && out=$(cd "$out" && pwd)
blas_dir "$out/nb" "$libdir/libopenblas.so.0"

# The process grids (P x Q pairs) an input lists: every grid that NP ranks can form, so that no
# test is skipped for want of ranks.
grids() {
  if [ "$1" -ge 2 ]; then g=3; ps='1 1 2'; qs='1 2 1'; else g=1; ps=1; qs=1; fi
}

# The LU and Cholesky testers' last input flag asks for the condition estimate and iterative
# refinement (P?GECON/P?GERFS, P?POCON/P?PORFS). On a grid of more than one process, Debian 12's
# testers then stop at random, under any BLAS, the reference one included, with "On entry to
# P?GETRS parameter number 1 had an illegal value" and hang or exit (about one run in two here;
# upstream: Reference-ScaLAPACK/scalapack issue 121, LU and LLT tests deadlock). So the flag is
# on (T) for one rank, whose only grid is 1 x 1, and off (F) for more.
refine() {
  if [ "$1" -ge 2 ]; then echo F; else echo T; fi
}

# The short pass's inputs, in DIR for NP ranks. Thresholds are the stock inputs' ones.
write_inputs() {
  d=$1
  grids "$2"
  cond=$(refine "$2")
  cat > "$d/LU.dat" <<EOF
'ScaLAPACK LU, nanoblas MPI check'
'nanoblas'
'LU.out'                output file (unused: device 6)
6                       device out
4                       number of problem sizes
31 96 257 300           values of M
31 96 250 300           values of N
3                       number of NB
4 32 64                 values of NB
2                       number of NRHS
1 5                     values of NRHS
2                       number of NBRHS
1 3                     values of NBRHS
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
1.0                     threshold
$cond                       test condition estimation and iterative refinement
EOF
  cat > "$d/LLT.dat" <<EOF
'ScaLAPACK Cholesky, nanoblas MPI check'
'nanoblas'
'LLT.out'               output file (unused: device 6)
6                       device out
'L'                     Lower or Upper
4                       number of problem sizes
31 96 257 300           values of N
3                       number of NB
4 32 64                 values of NB
2                       number of NRHS
1 5                     values of NRHS
2                       number of NBRHS
1 3                     values of NBRHS
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
3.0                     threshold
$cond                       test condition estimation and iterative refinement
EOF
  cat > "$d/QR.dat" <<EOF
'ScaLAPACK orthogonal factorizations, nanoblas MPI check'
'nanoblas'
'QR.out'                output file (unused: device 6)
6                       device out
6                       number of factorizations
'QR' 'QL' 'LQ' 'RQ' 'QP' 'TZ'
3                       number of problem sizes
40 150 200              values of M
33 170 230              values of N
2                       number of block sizes
8 32                    values of MB
8 32                    values of NB
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
5.0                     threshold
EOF
  cat > "$d/INV.dat" <<EOF
'ScaLAPACK inversion, nanoblas MPI check'
'nanoblas'
'INV.out'               output file (unused: device 6)
6                       device out
5                       number of matrix types
'GEN' 'UTR' 'LTR' 'UPD' 'LPD'
3                       number of problem sizes
20 120 250              values of N
3                       number of NB
4 32 64                 values of NB
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
1.0                     threshold
EOF
  cat > "$d/LS.dat" <<EOF
'ScaLAPACK least squares, nanoblas MPI check'
'nanoblas'
'LS.out'                output file (unused: device 6)
6                       device out
3                       number of problem sizes
60 40 150               values of M
40 60 120               values of N
2                       number of NB
8 32                    values of NB
2                       number of NRHS
1 4                     values of NRHS
2                       number of NBRHS
1 2                     values of NBRHS
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
4.0                     threshold
EOF
  cat > "$d/TRD.dat" <<EOF
'ScaLAPACK tridiagonal reduction, nanoblas MPI check'
'nanoblas'
'TRD.out'               output file (unused: device 6)
6                       device out
'L'                     Lower or Upper
3                       number of problem sizes
20 101 180              values of N
2                       number of NB
4 32                    values of NB
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
10.0                    threshold
EOF
  cat > "$d/HRD.dat" <<EOF
'ScaLAPACK Hessenberg reduction, nanoblas MPI check'
'nanoblas'
'HRD.out'               output file (unused: device 6)
6                       device out
3                       number of problem sizes
40 120 150              values of N
1 3 1                   values of ILO
40 110 150              values of IHI
2                       number of NB
4 32                    values of NB
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
3.0                     threshold
EOF
  cat > "$d/BRD.dat" <<EOF
'ScaLAPACK bidiagonal reduction, nanoblas MPI check'
'nanoblas'
'BRD.out'               output file (unused: device 6)
6                       device out
3                       number of problem sizes
40 150 120              values of M
33 120 160              values of N
2                       number of NB
4 32                    values of NB
$g                       number of process grids
$ps                   values of P
$qs                   values of Q
10.0                    threshold
EOF
  # the eigensolver and SVD inputs list (P, Q, NB) triples per test instead of grids
  nbs=$(echo "$ps" | sed 's/[0-9]*/16/g')
  cat > "$d/SEPR.dat" <<EOF
'ScaLAPACK symmetric eigensolver (MRRR), nanoblas MPI check'
' '
'sepr.out'              output file (unused: device 6)
6                       device out
$2                       maximum number of processes
'Y'
' '
'TEST 1 - a small matrix of every type'
1                       number of matrices
12                      matrix sizes
1                       number of uplo choices
'L'                     uplo choices
$g                       number of process configurations (P, Q, NB)
$ps                   values of P
$qs                   values of Q
$(echo "$ps" | sed 's/[0-9]*/3/g')                   values of NB
22                      number of matrix types
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22
'N'                     subset tests
250.0                   threshold
-1                      absolute tolerance
' '
'TEST 2 - a larger matrix, all requests'
1                       number of matrices
150                     matrix sizes
1                       number of uplo choices
'U'                     uplo choices
$g                       number of process configurations (P, Q, NB)
$ps                   values of P
$qs                   values of Q
$nbs                   values of NB
1                       number of matrix types
8                       matrix types
'Y'                     subset tests
150.0                   threshold
-1                      absolute tolerance
' '
'End of tests'
-1
EOF
  cat > "$d/SVD.dat" <<EOF
'ScaLAPACK singular value decomposition, nanoblas MPI check'
6                       device out
$2                       maximum number of processes
' '
'TEST 1 - a tall matrix'
20.0                    threshold
1                       number of matrices
120                     rows
40                      columns
$g                       number of process configurations (P, Q, NB)
$ps                   values of P
$qs                   values of Q
$nbs                   values of NB
' '
'TEST 2 - a wide matrix'
20.0                    threshold
1                       number of matrices
50                      rows
90                      columns
$g                       number of process configurations (P, Q, NB)
$ps                   values of P
$qs                   values of Q
$nbs                   values of NB
' '
'End of tests'
-1
EOF
  # PBLAS: the stock inputs (small shapes with offsets, every routine), grids rewritten
  for f in PDBLAS1TST PDBLAS2TST PDBLAS3TST PZBLAS3TST; do
    stock_grids "$tdir/PBLAS/$f.dat" > "$d/$f.dat"
  done
}

# A stock input with its process-grid lines replaced by the grids NP ranks can form ($g $ps $qs,
# set by grids()): the count, the P line and the Q line; the banded solvers' inputs (BLU, BLLT)
# list 1 x Q grids as one line of Q values.
stock_grids() {
  awk -v g="$g" -v ps="$ps" -v qs="$qs" '
    { line[NR] = $0 }
    END {
      n1 = split(ps, p1, " ")
      for (i = 1; i <= NR; i++) {
        if (tolower(line[i]) !~ /number of process(or)? grids/) { print line[i]; continue }
        if (line[i + 1] ~ /Process Columns/) {
          print n1 "    number of process grids"
          c = ""; for (j = 1; j <= n1; j++) c = c " " j
          print c "    values of Q"; i += 1
        } else {
          print g "    number of process grids"; print ps "    values of P"; print qs "    values of Q"; i += 2
        }
      }
    }' "$1"
}

# FULL=1: every stock input, grids rewritten, in DIR (the eigensolver/SVD inputs list their own
# (P, Q, NB) per test; the testers skip those that need more ranks).
write_stock_inputs() {
  grids "$2"
  for f in "$tdir"/*.dat "$tdir"/PBLAS/*.dat; do
    stock_grids "$f" > "$1/$(basename "$f")"
  done
  # the refinement flag is the last line of LU.dat and LLT.dat (see refine())
  for f in LU LLT; do
    sed "\$s/^T/$(refine "$2")/" "$1/$f.dat" > "$1/$f.tmp" && mv "$1/$f.tmp" "$1/$f.dat"
  done
  for f in "$tdir"/BLACS/*.dat; do
    # the BLACS tester's last (auxiliary) test ends in BLACS_ABORT, which kills the run
    sed "s/^'T'\( *Run AUX\)/'F'\1/" "$f" > "$1/$(basename "$f")"
  done
}

# passed failed skipped, from a tester's output; KIND says how that tester reports.
counts() {
  awk -v kind="$2" '
    kind == "sum" && /tests completed and passed/ { p += $1 }
    kind == "sum" && /tests completed and failed/ { f += $1 }
    kind == "sum" && (/tests skipped/ || /tests completed without checking/) { s += $1 }
    kind == "pblas" && $1 == "|" && NF == 6 && $3 ~ /^[0-9]+$/ { p += $4; f += $5; s += $6 }
    kind == "rows" && /PASSED *$/ { p++ }
    kind == "rows" && /FAILED *$/ { f++ }
    kind == "svd" && /^ *Passed/ { p++ }
    kind == "svd" && /^ *(Failed|FAILED)/ { f++ }
    kind == "blacs" && / TESTS: .*PASSED,/ {
      gsub(/[;,.]/, " "); for (i = 1; i < NF; i++) {
        if ($(i+1) == "PASSED") p += $i; if ($(i+1) == "FAILED") f += $i; if ($(i+1) == "SKIPPED") s += $i } }
    END { printf "%d %d %d\n", p, f, s }' "$1"
}

finished() {
  case $2 in
    blacs) grep -q 'IN THIS TEST RUN' "$1" && ! grep -q 'MPI_ABORT' "$1" ;;
    rows) grep -q 'PASSED\|FAILED' "$1" && ! grep -q 'MPI_ABORT' "$1" ;;
    *) grep -qi 'end of tests' "$1" ;;
  esac
}

# name:input:kind:ranks (ranks empty: the configuration's)
SHORT="xslu:LU.dat:sum: xdlu:LU.dat:sum: xclu:LU.dat:sum: xzlu:LU.dat:sum:
xdllt:LLT.dat:sum: xzllt:LLT.dat:sum: xdqr:QR.dat:sum: xzqr:QR.dat:sum: xdinv:INV.dat:sum:
xdls:LS.dat:sum: xdtrd:TRD.dat:sum: xdhrd:HRD.dat:sum: xdbrd:BRD.dat:sum:
xdsyevr:SEPR.dat:sum: xdsvd:SVD.dat:svd:
PBLAS/dpb1tst:PDBLAS1TST.dat:pblas: PBLAS/dpb2tst:PDBLAS2TST.dat:pblas:
PBLAS/dpb3tst:PDBLAS3TST.dat:pblas: PBLAS/zpb3tst:PZBLAS3TST.dat:pblas:"

# FULL: every tester on its stock input; the BLACS tester's stock grids need 4 ranks (it calls no
# BLAS: it checks the MPI setup that the others rely on). A tester given its own rank count runs
# once, in the first configuration, with 1 thread per rank (oversubscribed where the machine has
# fewer cores).
full_list() {
  for x in "$tdir"/x[sdcz]*; do
    n=$(basename "$x")
    case $n in
      x?lu) i=LU ;; x?dblu|x?gblu|x?dtlu) i=BLU ;; x?llt) i=LLT ;; x?pbllt|x?ptllt) i=BLLT ;;
      x?qr) i=QR ;; x?inv) i=INV ;; x?ls) i=LS ;; x?trd) i=TRD ;; x?hrd) i=HRD ;; x?brd) i=BRD ;;
      x?nep) i=NEP ;; x?evc) i=EVC ;;
      # the eigensolver and SVD inputs give (P, Q, NB) per test, up to 4 processes, and these
      # testers stop at a grid larger than the ranks: 4 ranks, as the inputs were written for
      x?sep|x?gsep) echo "$n:SEP.dat:sum:4"; continue ;;
      x?syevr|x?heevr) echo "$n:SEPR.dat:sum:4"; continue ;;
      x?svd) echo "$n:SVD.dat:svd:4"; continue ;;
      x?hseqr) echo "$n::rows:"; continue ;; # no input: one N = 500 case on the ranks given
      *) continue ;;
    esac
    echo "$n:$i.dat:sum:"
  done
  for p in s d c z; do for l in 1 2 3; do
    echo "PBLAS/${p}pb${l}tst:P$(echo $p | tr sdcz SDCZ)BLAS${l}TST.dat:pblas:"
  done; done
  echo "BLACS/xCbtest::blacs:4"
  echo "BLACS/xFbtest::blacs:4"
}

# A tester that stops on an error may leave its other ranks waiting forever (see refine()):
# each run has a time limit (seconds), far above the few seconds one takes.
limit=${TESTER_TIMEOUT:-120}
if command -v timeout > /dev/null 2>&1; then tmo="timeout -k 10 $limit"; else tmo=; fi

# run LOG LIBPATH RANKS PLACEMENT EXE THREADS [VAR=VALUE...]: one tester run in $wd
run() {
  _log=$1 _lp=$2 _r=$3 _pl=$4 _exe=$5 _t=$6
  shift 6
  # shellcheck disable=SC2086 # $tmo and $_pl are lists of words
  (cd "$wd" && env "$@" NANOBLAS_NUM_THREADS="$_t" OMP_NUM_THREADS="$_t" \
    LD_LIBRARY_PATH="$_lp${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    $tmo "$MPIRUN" -np "$_r" $_pl "$tdir/$_exe" > "$_log" 2>&1)
}

bad=0
start=$(date +%s)
for cfg in 2x1 1x2; do
  np=${cfg%x*} nt=${cfg#*x}
  place=$(placement "$np" "$nt")
  sets=short
  [ "${FULL:-0}" = 1 ] && sets="short stock"
  for set in $sets; do
    wd="$out/$cfg/$set"
    mkdir -p "$wd"
    if [ "$set" = short ]; then write_inputs "$wd" "$np"; list=$SHORT; else write_stock_inputs "$wd" "$np"; list=$(full_list); fi
    echo "scalapack $cfg: $np rank(s) x $nt thread(s) (mpirun -np $np $place), $set inputs"
    tp=0 tf=0 trp=0 trf=0 nt_=0
    for t in $list; do
      exe=${t%%:*}
      kind=$(echo "$t" | cut -d: -f3) r=$(echo "$t" | cut -d: -f4)
      ranks=${r:-$np} pl=$place th=$nt
      if [ -n "$r" ]; then
        [ "$cfg" = 2x1 ] || continue
        pl=$(placement "$ranks" 1) th=1
      fi
      name=$(basename "$exe")
      case ",${ONLY:-$name}," in *",$name,"*) ;; *) continue ;; esac
      log="$wd/$name.nb.txt" rlog="$wd/$name.ref.txt"
      run "$log" "$out/nb" "$ranks" "$pl" "$exe" "$th" NANOBLAS_VERBOSE=1
      rc=$?
      run "$rlog" "$ref" "$ranks" "$pl" "$exe" "$th"
      rrc=$?
      nfin=1 rfin=1
      { [ $rc -eq 0 ] && finished "$log" "$kind"; } || nfin=0
      { [ $rrc -eq 0 ] && finished "$rlog" "$kind"; } || rfin=0
      # shellcheck disable=SC2046 # three numbers
      set -- $(counts "$log" "$kind")
      np_=$1 nf=$2 ns=$3
      # shellcheck disable=SC2046
      set -- $(counts "$rlog" "$kind")
      rp=$1 rfl=$2 rs=$3
      loads=$(nb_loads "$log") rloads=$(nb_loads "$rlog")
      note=
      [ $nfin = 0 ] && note="$note (nanoblas run did not finish: exit $rc)"
      [ $rfin = 0 ] && note="$note (reference run did not finish: exit $rrc)"
      line=$(printf '  %-8s nanoblas %5d passed %3d failed %4d skipped | reference %5d passed %3d failed %4d skipped%s' \
        "$name" "$np_" "$nf" "$ns" "$rp" "$rfl" "$rs" "$note")
      why=
      if [ "$loads" -lt "$ranks" ]; then
        why="only $loads of $ranks ranks loaded nanoblas"
      elif [ "$rloads" -ne 0 ]; then
        why="the reference run loaded nanoblas"
      elif [ $nfin = 0 ] && [ $rfin = 1 ]; then
        why="did not finish where the reference did"
      elif [ "$nf" -gt "$rfl" ]; then
        why="more failed checks than the reference"
      elif [ $nfin = 1 ] && [ "$np_" -eq 0 ]; then
        why="no test ran"
      fi
      tp=$((tp + np_)) tf=$((tf + nf)) trp=$((trp + rp)) trf=$((trf + rfl)) nt_=$((nt_ + 1))
      if [ -n "$why" ]; then
        echo "$line"
        echo "    FAIL: $why ($log)"
        grep -E 'FAILED|Failed|illegal value' "$log" | grep -v -E 'flagged as PASSED|TOTAL TESTS|completed and failed' |
          head -5 | sed 's/^/      /'
        bad=1
      else
        echo "$line"
      fi
    done
    echo "  $nt_ testers: nanoblas $tp passed, $tf failed; reference $trp passed, $trf failed"
  done
done
echo "scalapack: $(( $(date +%s) - start )) s, logs in $out"
exit $bad
