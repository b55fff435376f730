#!/bin/sh
# `make check`: install test dependencies, build, and run every test. Each step is counted;
# the last line is "N passed, N failed". Exit status is non-zero if anything failed.
set -u
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
pass=0; fail=0; failed=""; skipped=""; t_all=$(date +%s)
# A step passes on exit status 0 and fails on any other, except 77: the step's prerequisite is
# missing and could not be installed (it says which); it is listed as skipped in the summary.
# A step that runs past STEP_TIMEOUT seconds (default 1200; the longest takes about 2 minutes
# here; the package installs of the first step 3600) is stopped, with its children, and fails:
# a hang costs one step, not the CI run.
STEP_TIMEOUT=${STEP_TIMEOUT:-1200}
# Two tiers. make check (NB_CHECK_FULL unset): what CI runs, sized to fit its time. make
# check-full (NB_CHECK_FULL=1) adds what is said where FULL is read below: the LAPACK testers, the
# netlib ILP64 testers and the no-OpenMP tests on more sets, and the qemu runs make check samples
# or leaves out (tests/run_arm.sh FULL=1).
FULL=${NB_CHECK_FULL:-0}
step() { # name command...
  name=$1; shift
  echo "== $name"
  start=$(date +%s)
  lim=$STEP_TIMEOUT; [ "$name" = deps ] && lim=3600
  timeout -k 10 "$lim" "$@"; rc=$?
  [ $rc -eq 124 ] && echo "   (stopped after ${lim}s)"
  if [ $rc -eq 0 ]; then pass=$((pass+1)); r=ok
  elif [ $rc -eq 77 ]; then skipped="$skipped $name"; r=SKIPPED
  else fail=$((fail+1)); failed="$failed $name"; r=FAILED; fi
  echo "   [$r in $(( $(date +%s) - start ))s]"
}

# A build, timed (not a step: a failed build is counted where it is run)
built() { # name make-args...
  name=$1; shift
  start=$(date +%s)
  make -s -j"$JOBS" "$@"; rc=$?
  echo "   [build $name: $(( $(date +%s) - start ))s]"
  return $rc
}

step deps ./tests/install_deps.sh
[ -f config.mk ] || ./configure
if ! built main lib tests; then
  echo "build failed"; echo "0 passed, 1 failed"; exit 1
fi
lib="$(pwd)/lib"
sets=$(LD_LIBRARY_PATH="$lib" build/nb_info --sets)
echo "kernel sets this machine runs: $sets"
LD_LIBRARY_PATH="$lib" build/nb_info | sed 's/^/   /'

# The other three builds (no OpenMP, the sanitizers, aarch64) compile in the background at the
# lowest priority but one, while the tests below run: most tests keep one core busy, the builds
# take what the tests leave (nice 15: a test that runs two threads still gets both cores), and
# each build is waited for where its tests start (wait_build). The no-OpenMP build takes the
# main build's kernel objects (KBUILD=build, Makefile).
bgdir=$(pwd)/tests/out/builds
mkdir -p "$bgdir" && rm -f "$bgdir"/*
bg_make() { # name make-args...: one background build, its output in $bgdir/NAME.log
  n=$1; shift
  s0=$(date +%s)
  nice -n 15 make -s -j"$JOBS" "$@" > "$bgdir/$n.log" 2>&1; r=$?
  echo "$r $(( $(date +%s) - s0 ))" > "$bgdir/$n.rc"
}
arm_build=no
if [ "${NB_CHECK_ARM:-1}" != 0 ] && command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 &&
   ./tests/run_arm.sh --missing >/dev/null 2>&1; then arm_build=yes; fi
(
  bg_make no-openmp OPENMP_CFLAGS= BUILD=build-noomp KBUILD=build LIBDIR=lib-noomp ILP64=no lib tests
  bg_make sanitizers SAN=1 BUILD=build-san LIBDIR=lib-san ILP64=no lib tests
  [ $arm_build = yes ] && bg_make arm tests-arm DEBUG=-g1
) < /dev/null &
bg_pid=$!
# A build, waited for: true if it succeeded (its last lines shown if not)
wait_build() { # name
  w0=$(date +%s)
  while [ ! -f "$bgdir/$1.rc" ] && kill -0 $bg_pid 2>/dev/null; do sleep 5; done
  r=1; secs=?
  [ -f "$bgdir/$1.rc" ] && read -r r secs < "$bgdir/$1.rc"
  echo "   [build $1 (background): ${secs}s, waited $(( $(date +%s) - w0 ))s]"
  [ "$r" = 0 ] || { tail -n 30 "$bgdir/$1.log"; return 1; }
}

# Which sets run which programs at which size (test_mode PROGRAM SET -> full, quick or skip):
# - The amx set is the avx512 set with bf16 GEMM on AMX tiles (kernels/amx/kset_amx.c): where
#   both run, amx runs only the programs that reach bf16 (BF16_TESTS); the rest would run the
#   same code twice.
# - full_set, the first set left, runs every program at full size; the others run LONG_TESTS at
#   reduced size (NB_TEST_QUICK=1, tests/testutil.h: the edges of every block, chunk and
#   threshold, fewer random cases and one large size). Each of those took 1-3 minutes a set at
#   full size, nearly all of it in the test's own long-double reference.
BF16_TESTS="test_arch test_batch test_bf16 test_brgemm test_cblas_xerbla"
LONG_TESTS="test_l1_repro test_level2_blocked test_position test_l2sym test_lapack_inv"
in_list() { case " $2 " in *" $1 "*) true ;; *) false ;; esac; }
amx_dup=no
in_list amx "$sets" && in_list avx512 "$sets" && amx_dup=yes
full_set=""
for s in $sets; do
  [ "$s" = amx ] && [ $amx_dup = yes ] && continue
  full_set=$s; break
done
dup_set() { [ "$1" = amx ] && [ $amx_dup = yes ]; } # a set whose non-bf16 code another set runs
own_sets=""  # the sets less that one: the loops below that reach no bf16 code run these
for s in $sets; do dup_set "$s" || own_sets="$own_sets $s"; done
test_mode() { # program set
  if dup_set "$2"; then in_list "$1" "$BF16_TESTS" && echo full || echo skip
  elif [ "$2" = "$full_set" ] || ! in_list "$1" "$LONG_TESTS"; then echo full
  else echo quick; fi
}
[ "$FULL" = 1 ] && echo "make check-full: every tier"
echo "full size on $full_set; reduced on the others: $LONG_TESTS$( [ $amx_dup = yes ] && echo "; amx: $BF16_TESTS only")"

for t in build/tests/test_*; do
  n=$(basename "$t")
  for s in $sets; do
    case $(test_mode "$n" "$s") in
      full) step "$n[$s]" env LD_LIBRARY_PATH="$lib" NANOBLAS_ARCH=$s "$t" ;;
      quick) step "$n[$s,quick]" env LD_LIBRARY_PATH="$lib" NANOBLAS_ARCH=$s NB_TEST_QUICK=1 "$t" ;;
    esac
  done
done
# Every microarchitecture tuning entry (arch/uarch.c) forced on this CPU: the differential GEMM,
# Level 3 (and trmm/trsm), bf16 and thread-grid tests under its blocking rule, no-packing cut-offs, prefetch
# distances and thread grid (quick sizes; the best kernel set).
for u in zen2 zen3 zen4 zen5 skylakex icelake sapphirerapids graniterapids neoverse-n1 \
         neoverse-v1 neoverse-v2 default; do
  step "uarch[$u]" env LD_LIBRARY_PATH="$lib" NANOBLAS_UARCH=$u NB_TEST_QUICK=1 sh -c \
    'for t in test_gemm test_level3 test_level3_tri test_bf16 test_thread_grid; do
       out=$(build/tests/$t 2>&1) || { echo "$out" | tail -20; exit 1; }; echo "$out" | tail -1
     done'
done
# ?gemm3m's 3M driver at every size (its tuning cut-off lowered to 1; at the default, the test's
# small problems run ?gemm), on every kernel set.
for s in $own_sets; do
  step "gemm3m[$s]" env LD_LIBRARY_PATH="$lib" NANOBLAS_ARCH=$s NANOBLAS_TUNE=gemm3m_min=1 \
    build/tests/test_openblas_ext2
done
# Level 1 software prefetch both ways (the tuning entry's l1_prefetch: on for most entries, off
# on Sapphire Rapids), on every set (quick sizes): both paths through the differential and
# thread-count reproducibility tests. The prefetch-off run also streams every copy past the
# caches (copy_stream_min=1; by default only copies larger than the LLC do), so the streaming
# copy's head, vector steps and tail meet the guard zones at every alignment the tests make, and
# takes the half-width dot, axpy and scal loops of long calls at every length (l1_*_short_min=1;
# by default only the zen4 entry has them, from 64 and 16 KiB; sets without them ignore it).
# The streaming copy writes four pages side by side there (copy_stream_pages=4), and one stream
# in a run of test_level1 of its own (the zen3 entry's way). The rank updates' column prefetch
# (l2_rank_pf_*; by default only for triangles larger than the LLC) runs in test_l2sym and
# test_level2 at their sizes: on, 4096 and 1024 bytes ahead, in the l1_prefetch=1 run, off
# (distance 0) in the other.
for s in $own_sets; do
  step "copy_stream_min=1,copy_stream_pages=1[$s]" env LD_LIBRARY_PATH="$lib" NANOBLAS_ARCH=$s \
    NANOBLAS_TUNE=copy_stream_min=1,copy_stream_pages=1 build/tests/test_level1
  for pf in 0 1; do
    cs=$((1 - pf))
    step "l1_prefetch=$pf,copy_stream_min=$cs,l1_short_min=$cs[$s]" env LD_LIBRARY_PATH="$lib" \
      NANOBLAS_ARCH=$s \
      NANOBLAS_TUNE=l1_prefetch=$pf,copy_stream_min=$cs,copy_stream_pages=4,l1_dot_short_min=$cs,l1_axpy_short_min=$cs,l2_rank_pf_min=1,l2_rank_pf_real=$((pf * 4096)),l2_rank_pf_cplx=$((pf * 1024)) \
      NB_TEST_QUICK=1 sh -c 'for t in test_level1 test_l1_repro test_level2 test_l2sym test_position; do
               out=$(build/tests/$t 2>&1) || { echo "$out" | tail -20; exit 1; }; echo "$out" | tail -1
             done'
  done
done
# AMX permission refused (simulated through NANOBLAS_AMX_DENY): another set is chosen and the
# bf16 results stay correct.
case " $sets " in *" amx "*)
  step "test_bf16[amx refused]" env LD_LIBRARY_PATH="$lib" NANOBLAS_AMX_DENY=1 build/tests/test_bf16 ;;
esac
# The avx512 set's VDPBF16PS kernel, which the library itself prefers only on CPUs with
# AVX512_BF16 and no AMX: forced where this CPU can run it.
if LD_LIBRARY_PATH="$lib" build/nb_info | grep -q 'features:.*avx512_bf16' &&
   case " $sets " in *" avx512 "*) true ;; *) false ;; esac; then
  step "test_bf16[avx512 dpbf16]" env LD_LIBRARY_PATH="$lib" NANOBLAS_ARCH=avx512 NANOBLAS_BF16=dpbf16 \
    build/tests/test_bf16
fi
# No vector register on the stack in any micro-kernel k loop (objdump of the ISA kernel objects;
# the AVX2 12x4 / 24x4 tiles are compiled only as candidates for re-measuring).
isa_objs=$(ls build/kernels/*/*.o 2>/dev/null | grep -v '/generic/')
# Held to the same rule: the Level 1 and Level 2 vector kernels (kernels/l1_kernels.h,
# l2gen_kernels.h, l2sym_kernels.h) whose loops do FMAs (dot, nrm2, axpy, the symv panels, ...).
spill_strict='^(nb_[sd]gemm_(avx512|avx2|neon|sve)_[0-9]+v?x[0-9]+(_n[24])?|nb_([sdcz](dot[uc]?|asum|sum|nrm2|axpy|axpby|axpyc|rotm|omat[nt]|scal|rot|swap|symv_panel|syr2?_col|gemv_[nt]|gemv_[nt]_l2|axpy_l2|axpy4_l2|axpyb4_l2|dot_l2|trn_(cols|tri)_l2|tbsv_win)|[cz]gemm_small|[cz]tric_(trsm|trmm|trsm_split|trsm_pre)_(lo|up)|dsdot|i[sdcz]amax|csrot|zdrot|sbgemv_[nt]|sbdot)_(avx2|avx512|neon|sve)|l1_i[sd]amax_seg)$'
[ -n "$isa_objs" ] && step spills python3 tests/check_spills.py --strict "$spill_strict" \
  --allow '_(12x4|24x4)(_n2)?$' $isa_objs
step symbols ./tests/check_symbols.sh lib
step xerbla ./tests/check_xerbla.sh lib build
for s in $own_sets; do
  step "netlib[$s]" env NANOBLAS_ARCH=$s ./tests/netlib/run_netlib.sh lib tests/out/netlib-$s
done
# ILP64 (mk/ilp64.mk): the 24 testers of Debian's libblas64-test on the unsuffixed 64-bit-integer
# library (libblas64.so.3 -> libopenblas64.so.0) on full_set and generic (the 64-bit interface
# layer is the same code on every set; the LP64 testers above run each set's kernels; make
# check-full: generic too); the symbols of both conventions; the calls past 2^31 against both;
# the differential tests built against the suffixed API (build/tests64/, full size on full_set,
# reduced on the others).
for s in $sets; do
  [ "$s" = "$full_set" ] || { [ "$FULL" = 1 ] && [ "$s" = generic ]; } || continue
  step "netlib-ilp64[$s]" env NANOBLAS_ARCH=$s NETLIB_ILP64=1 ./tests/netlib/run_netlib.sh lib tests/out/netlib64-$s
done
step ilp64-symbols ./tests/check_ilp64_symbols.sh lib
step "ilp64-large[suffixed]" env LD_LIBRARY_PATH="$lib" build/tests64/large
step "ilp64-large[unsuffixed]" env LD_LIBRARY_PATH="$lib" build/tests64u/large
# LAPACK with 64-bit integers (where the build carries Debian's liblapack64)
for v in tests64 tests64u; do
  [ -x build/$v/lapack ] && step "ilp64-lapack[$v]" env LD_LIBRARY_PATH="$lib" build/$v/lapack
done
for t in build/tests64/test_*; do
  for s in $own_sets; do
    q=1; [ "$s" = "$full_set" ] && q=0
    step "ilp64:$(basename "$t")[$s]" env LD_LIBRARY_PATH="$lib" NANOBLAS_ARCH=$s NB_TEST_QUICK=$q "$t"
  done
done
# LAPACK's own testers (Debian's liblapack-test) on our libopenblas.so.0, compared with the same
# testers on the reference BLAS and LAPACK (tests/netlib/run_lapack_testers.sh): every tester on
# full_set; make check-full: on every set (the eigenvalue testers follow the last bits of nrm2,
# gemv and the like, which differ between sets; amx's are avx512's). 80-110 s a set here.
for s in $own_sets; do
  [ "$s" = "$full_set" ] || [ "$FULL" = 1 ] || continue
  step "lapack-testers[$s]" env NANOBLAS_ARCH=$s LAPACK_TESTERS=all \
    ./tests/netlib/run_lapack_testers.sh lib tests/out/lapack-$s
done
step lapacke ./tests/check_lapacke.sh lib
# ScaLAPACK's testers and HPL over Open MPI, 2 ranks x 1 thread and 1 rank x 2 threads, against
# the reference; each rank's thread team against its affinity mask (tests/mpi/, docs/MPI.md)
step mpi-affinity ./tests/mpi/check_affinity.sh lib tests/out/mpi/affinity
step mpi-scalapack ./tests/mpi/run_scalapack.sh lib tests/out/mpi/scalapack
step mpi-hpl ./tests/mpi/run_hpl.sh lib tests/out/mpi/hpl
# Drop-in use: install/uninstall with pkg-config and CMake; a program built against Debian's
# OpenBLAS run on our libopenblas.so.0; threadpoolctl seeing and controlling us; NumPy, SciPy and
# R with nanoblas swapped in three ways, checked against the reference BLAS and the call trace;
# NumPy's own linalg tests with nanoblas as the system's libblas.so.3 (alternatives, restored).
step install ./tests/check_install.sh
step openblas-abi ./tests/check_openblas_abi.sh lib
step openblas-symbols ./tests/check_openblas_symbols.sh lib
step threadpoolctl ./tests/check_threadpoolctl.sh lib
step swap-numpy-scipy-R ./tests/integration/run_swap.sh lib
step numpy-linalg-suite ./tests/integration/run_numpy_suite.sh lib

# The library built without OpenMP (what ./configure --disable-openmp gives) must pass the same
# differential tests, on full_set (make check-full: generic too): what it changes is in the
# drivers and threading/, the same code on every set (its kernels are the main build's objects).
# Reduced sizes (NB_TEST_QUICK, tests/testutil.h: fewer random repetitions and smaller large
# problems).
if wait_build no-openmp; then
  for t in build-noomp/tests/test_*; do
    for s in $sets; do
      [ "$s" = "$full_set" ] || { [ "$FULL" = 1 ] && [ "$s" = generic ]; } || continue
      step "no-openmp:$(basename "$t")[$s]" env LD_LIBRARY_PATH="$(pwd)/lib-noomp" NANOBLAS_ARCH=$s \
        NB_TEST_QUICK=1 "$t"
    done
  done
else
  fail=$((fail+1)); failed="$failed no-openmp-build"
fi

# The differential tests again under AddressSanitizer + UndefinedBehaviorSanitizer, at reduced
# sizes (NB_TEST_QUICK) like the no-OpenMP run: what each program keeps in that mode is said
# where it reads tu_quick(). At full size the large problems and the team sizes (the
# thread-equality tests re-run each case at 2, 3, 4 and 7 threads) made this the longest part of
# make check. Every set's kernels (amx: its bf16 programs); the thread-team programs, whose code
# is the same on every set, on full_set only.
THREAD_TESTS="test_threads test_thread_grid test_fork test_pool"
if wait_build sanitizers; then
  for t in build-san/tests/test_*; do
    n=$(basename "$t")
    for s in $sets; do
      [ "$(test_mode "$n" "$s")" = skip ] && continue
      in_list "$n" "$THREAD_TESTS" && [ "$s" != "$full_set" ] && continue
      step "asan-ubsan:$(basename "$t")[$s]" env LD_LIBRARY_PATH="$(pwd)/lib-san" NANOBLAS_ARCH=$s \
        NB_TEST_QUICK=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 "$t"
    done
  done
else
  fail=$((fail+1)); failed="$failed sanitizer-build"
fi

# aarch64: the cross build and its tests under qemu (tests/run_arm.sh; also `make check-arm`),
# when the cross toolchain is present (tests/install_deps.sh installs it, with the arm64 runtimes
# and netlib testers through Debian multiarch); each of its runs is one step here. NB_CHECK_ARM=0
# leaves it out (a quicker x86-only run).
if [ "${NB_CHECK_ARM:-1}" = 0 ]; then
  echo "== arm: not run (NB_CHECK_ARM=0; make check-arm runs it alone)"
elif command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
  echo "== arm (make check-arm)"
  [ $arm_build = yes ] && { wait_build arm || echo "   (run_arm.sh builds it again and reports)"; }
  arm_steps=$(mktemp)
  NB_STEP_FILE=$arm_steps NB_NO_INSTALL=1 JOBS=$JOBS FULL=$FULL ./tests/run_arm.sh
  rc=$?
  if [ $rc -eq 77 ]; then
    echo "   [arm skipped: see above]"
  else
    arm_pass=$(grep -c '^ok ' "$arm_steps"); arm_fail=$(grep -c '^FAILED ' "$arm_steps")
    pass=$((pass + arm_pass)); fail=$((fail + arm_fail))
    failed="$failed$(sed -n 's/^FAILED / /p' "$arm_steps" | tr -d '\n')"
    # a failure that recorded no step (e.g. the script itself died) still counts
    if [ $rc -ne 0 ] && [ "$arm_fail" -eq 0 ]; then fail=$((fail+1)); failed="$failed arm"; fi
  fi
  rm -f "$arm_steps"
else
  echo "== arm: skipped (no aarch64-linux-gnu-gcc; tests/install_deps.sh arm installs the cross toolchain)"
fi

wait $bg_pid 2>/dev/null
echo
[ -n "$skipped" ] && echo "skipped (prerequisite missing):$skipped"
[ -n "$failed" ] && echo "failed:$failed"
echo "make check took $(( $(date +%s) - t_all ))s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
