#!/bin/sh
# Runs Debian's LAPACK testers (liblapack-test): the linear-equation ones (xlintst{s,d,c,z,ds,zc}
# with ?test.in, the RFP ones xlintstrf{s,d,c,z} with ?test_rfp.in) and the eigen ones
# (xeigtst{s,d,c,z} with every input file of LAPACK's own lapack_testing.py; LAPACK_TESTERS=lin
# leaves them out) against nanoblas's libopenblas.so.0,
# the BLAS and LAPACK in one library, with nanoblas's own getrf/getrs/laswp/potrf/potrs. Each
# tester that reports a failure is run again on the reference BLAS and LAPACK; the step fails on
# a failure that the reference does not have, except the ones listed in KNOWN below, each with
# its reason (they stay listed in the LAPACK issue until fixed).
#   usage: tests/netlib/run_lapack_testers.sh LIBDIR [OUTDIR]
# Exit 77 (skipped) when the testers or a libopenblas.so.0 with LAPACK are not there.
set -u
libdir=$(cd "$1" && pwd)
out=${2:-$(pwd)/tests/out/lapack}
triplet=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
tdir=/usr/lib/$triplet/lapack
if [ ! -x "$tdir/xlintstd" ]; then
  echo "lapack testers: liblapack-test is not installed (apt-get install liblapack-test)" >&2
  exit 77
fi
if [ ! -f "$libdir/libopenblas.so.0" ] || [ -L "$libdir/libopenblas.so.0" ]; then
  echo "lapack testers: $libdir/libopenblas.so.0 has no LAPACK (built without liblapack-dev)" >&2
  exit 77
fi
mkdir -p "$out/nb" && out=$(cd "$out" && pwd)
for f in libblas.so.3 liblapack.so.3; do ln -sf "$libdir/libopenblas.so.0" "$out/nb/$f"; done
ref="/usr/lib/$triplet/blas:/usr/lib/$triplet/lapack"

# Failures that nanoblas has and the reference has not, each with its reason; they stay listed in
# the LAPACK issue (20) until fixed. Matched against the normalised failure lines below.
# None at present.
# (xeigtsts nep SHS order 10 type 17 result 11, avx2 set only, followed sgemv 'T''s last bits on
# short columns: avx2's gemv_t now takes a last half vector of rows into its lane tree,
# kernels/generic/gemv_loops.h, and passes; the same step on avx512 would fail it.)
# (xeigtstd ded DES/DSX type 17 N=5 on avx512, DGEES INFO=N+1, followed dnrm2's last bits on
# vectors of 5: nrm2 now rounds each square before adding it, as the x86-64 reference does,
# kernels/generic/l1_loops.h, and tests/test_level1.c holds short vectors to the reference's sum.)
# (xeigtstc cgd CGV type 20 N=20 "result 5" on avx512 went with snrm2's accuracy: single-precision
# nrm2 now sums in double, blas/level1/l1_norm.tmpl.c.)
# (The RFP testers' STFSM/CTFSM cases that failed on every set are fixed: ?trsm splits its triangle
# where ?tfsm does, blas/level3/trxm.tmpl.c, and tests/test_trsm_split.c holds them.)
KNOWN=''

# The failure lines of one output, their ratios and counts removed (so that the same case failing
# under both libraries matches): per-case lines of the linear-equation testers ("Failure in",
# "failed"), of the eigen testers ("test( k)=", "result k is", "returned INFO="), their summaries
# ("k out of n tests failed"), and error-exit failures.
failures() {
  grep -E 'Failure in|failed to pass|[Ff]ailed|\*\*\*|test\( *[0-9]+\) *=|result +[0-9]+ +is|returned INFO|ISEED=' "$1" |
    grep -v 'passed the tests of the error exits' |
    sed -E 's/test *= *[0-9.EeD+-]+//; s/ratio *= *[0-9.EeD+-]+//; s/(test\( *[0-9]+\) *=) *[0-9.EeD+-]+/\1/;
            s/(result +[0-9]+ +is) *[0-9.EeD+-]+/\1/; s/: +[0-9]+ out of +[0-9]+/: out of/' | sort -u
}

T=$tdir
# tester:input, as LAPACK's own lapack_testing.py pairs them
lin="xlintsts:stest.in xlintstd:dtest.in xlintstc:ctest.in xlintstz:ztest.in xlintstds:dstest.in
     xlintstzc:zctest.in xlintstrfs:stest_rfp.in xlintstrfd:dtest_rfp.in xlintstrfc:ctest_rfp.in
     xlintstrfz:ztest_rfp.in"
eig=""
for p in s d c z; do
  for i in nep sep se2 svd ${p}ec ${p}ed ${p}gg ${p}gd ${p}sb ${p}sg ${p}bal ${p}bak ${p}gbal ${p}gbak \
           ${p}bb glm gqr gsv csd lse; do
    [ -f "$T/$i.in" ] && eig="$eig xeigtst$p:$i.in"
  done
done
[ "${LAPACK_TESTERS:-all}" = lin ] && eig=""

bad=0; ran=0
for pair in $lin $eig; do
  exe=${pair%%:*}; input=${pair#*:}
  [ -x "$T/$exe" ] || { echo "  $exe: not installed"; bad=1; continue; }
  tag="$exe-${input%.in}"
  log="$out/$tag.txt"
  (cd "$out" && LD_LIBRARY_PATH="$out/nb" "$T/$exe" < "$T/$input" > "$log" 2>&1)
  rc=$?
  ran=$((ran + 1))
  if [ $rc -ne 0 ] || ! grep -q 'End of tests' "$log"; then
    echo "  $tag: did not finish (exit $rc): $log"; bad=1; continue
  fi
  failures "$log" > "$out/$tag.fail"
  [ -s "$out/$tag.fail" ] || continue
  (cd "$out" && LD_LIBRARY_PATH="$ref" "$T/$exe" < "$T/$input" > "$out/$tag.ref.txt" 2>&1)
  failures "$out/$tag.ref.txt" > "$out/$tag.ref.fail"
  # failures only nanoblas has, less the known ones
  unknown=$(comm -23 "$out/$tag.fail" "$out/$tag.ref.fail" | grep -v -E "${KNOWN:-^\$}" | grep -v '^$')
  if [ -n "$unknown" ]; then
    echo "  $tag: failures the reference does not have ($log):"; printf '%s\n' "$unknown" | sed 's/^/    /'
    bad=1
  else
    echo "  $tag: failures as under the reference, or known (listed in this script): $(wc -l < "$out/$tag.fail") lines"
  fi
done
# nanoblas's outputs only: a reused folder may still hold the reference's from an earlier run
total=$(for f in "$out"/*.txt; do case $f in *.ref.txt) ;; *) cat "$f" ;; esac; done 2>/dev/null |
  grep -oE '[0-9]+ tests run' | awk '{s+=$1} END {print s+0}')
echo "lapack testers: $ran runs ($total tests), $( [ $bad = 0 ] && echo 'no failure that the reference does not have' || echo 'FAILED')"
exit $bad
