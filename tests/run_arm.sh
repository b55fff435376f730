#!/bin/sh
# `make check-arm`: cross-builds the aarch64 library and tests (build-arm/, lib-arm/) and runs them
# under qemu-aarch64 user-mode emulation: every tests/test_*.c program for each kernel set on the
# emulated CPUs that matter (NEON only: -cpu max,sve=off; SVE at 128, 256 and 512 bits), the
# detection checks (NANOBLAS_VERBOSE, NANOBLAS_ARCH), the static library, and Debian's arm64
# netlib BLAS/CBLAS testers against our arm64 libblas.so.3. Speed is not measured: qemu says
# nothing about ARM hardware.
#
# Which runs: the generic and neon sets do not depend on the SVE vector length, so they run on
# the NEON-only CPU (the detection step checks that NANOBLAS_ARCH still selects them on an SVE
# CPU); the sets that appear only when SVE is there (sve) run at 128 and 512 bits (and 256 with
# FULL=1), the wide lengths sampled (see the job list below). Tests run in reduced-size mode
# (NB_TEST_QUICK=1, tests/testutil.h; QUICK=0 for full size), JOBS at a time. Each run is one
# step; the last line is "N passed, N failed".
#   FULL=1             every run of the job list below (make check-full); default: make check's
#                      tier, about a third of the qemu time
#   NB_STEP_FILE=FILE  append "ok NAME" / "FAILED NAME" per step (tests/run_all.sh counts them)
#   --missing          only check that the toolchain, qemu and the arm64 runtimes are there: exit 0
#                      if so, else 1 with what is missing (tests/run_all.sh asks before it builds)
# Exit status: 0 all passed, 1 something failed, 77 the toolchain or qemu is missing (said why).
set -u
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
QUICK=${QUICK:-1}
out=$(pwd)/tests/out/arm
QEMU=${QEMU:-qemu-aarch64-static}
command -v "$QEMU" >/dev/null 2>&1 && QEMU=$(command -v "$QEMU") # a full path: tests exec it

missing() {
  m=""
  command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || m="$m aarch64-linux-gnu-gcc(gcc-aarch64-linux-gnu)"
  command -v "$QEMU" >/dev/null 2>&1 || m="$m $QEMU(qemu-user-static)"
  # The arm64 C and OpenMP runtimes come from Debian multiarch: qemu runs the programs with the
  # host's /lib/ld-linux-aarch64.so.1. (The cross toolchain's sysroot, -L /usr/aarch64-linux-gnu,
  # hangs in pthread_create under this qemu, so it is used for linking only.)
  [ -e /lib/ld-linux-aarch64.so.1 ] || m="$m ld-linux-aarch64(libc6:arm64)"
  [ -e /usr/lib/aarch64-linux-gnu/libgomp.so.1 ] || m="$m libgomp(libgomp1:arm64)"
  [ -x /usr/lib/aarch64-linux-gnu/blas/xblat1d ] || m="$m netlib-testers(libblas-test:arm64)"
  [ -x /usr/lib/aarch64-linux-gnu/blas64/xblat1d ] || m="$m netlib-ilp64-testers(libblas64-test:arm64)"
  echo "$m"
}
m=$(missing)
# --missing: only say whether everything is there (exit 0) or what is not (exit 1)
if [ "${1:-}" = --missing ]; then [ -z "$m" ] && exit 0; echo "missing:$m"; exit 1; fi
if [ -n "$m" ] && [ "${NB_NO_INSTALL:-0}" != 1 ]; then
  ./tests/install_deps.sh arm
  m=$(missing)
fi
if [ -n "$m" ]; then
  echo "check-arm: skipped, missing:$m (tests/install_deps.sh arm installs them)"
  exit 77
fi

start_all=$(date +%s)
echo "== arm: build (./configure --host=aarch64-linux-gnu --builddir=build-arm; make tests-arm)"
if ! make -s -j"$JOBS" tests-arm; then
  echo "arm build failed"; echo "0 passed, 1 failed"
  [ -n "${NB_STEP_FILE:-}" ] && echo "FAILED arm:build" >> "$NB_STEP_FILE"
  exit 1
fi
echo "   [built in $(( $(date +%s) - start_all ))s]"
lib=$(pwd)/lib-arm
mkdir -p "$out" && rm -rf "${out:?}"/*

# The emulated CPUs: name and qemu -cpu value.
CPUS="sve-off:max,sve=off sve128:max,sve128=on sve256:max,sve256=on sve512:max,sve512=on"
cpu_of() { for c in $CPUS; do [ "${c%%:*}" = "$1" ] && echo "${c#*:}"; done; }
emu() { # CPU-NAME VAR=VALUE program args... : run an aarch64 program on that emulated CPU
  c=$(cpu_of "$1"); e=$2; shift 2
  env LD_LIBRARY_PATH="$lib" QEMU_CPU="$c" "$e" "$QEMU" "$@"
}
sets_off=$(emu sve-off NB_=0 build-arm/nb_info --sets)
sets_sve=$(emu sve256 NB_=0 build-arm/nb_info --sets)
vl_sets=""
for s in $sets_sve; do case " $sets_off " in *" $s "*) ;; *) vl_sets="$vl_sets $s" ;; esac; done
echo "kernel sets: NEON-only CPU: $sets_off; SVE CPU: $sets_sve (vector-length dependent:${vl_sets:- none})"

# The job list, one line each: NAME|CPU|SET|SAMPLE|command (run from the repository root);
# SAMPLE is NB_TEST_SAMPLE (tests/testutil.h: keep about one case in N, chosen by a hash of the
# case number; 1 = all). qemu runs these programs 10-30x slower than a CPU, so there are two tiers:
# FULL=0 (make check, CI; about 10 minutes of 2 jobs here) and FULL=1 (make check-full and
# `make check-arm FULL=1`: every run below, about 35 minutes here). What runs where:
# - neon on the NEON-only CPU and sve at 128 bits: every test program; FULL=1 every case of the
#   quick sizes, FULL=0 one case in 2. The programs of LONG_TESTS (2-3 minutes each under qemu
#   even at quick sizes, in their own long-double references) one case in $LONG_SAMPLE (FULL=0:
#   twice that); x86 runs every case of the same drivers.
# - sve at 512 bits (FULL=1: 256 bits too), where qemu costs 3x more per case (it emulates every
#   predicated lane of a 48-float tile): the programs whose code path depends on the vector length
#   (the GEMM tiles, packing and edges, gemv, compact's native format), one case in $WIDE_SAMPLE
#   (FULL=0: twice that). test_level3 and test_level3_tri sample their fixed shapes and
#   thread-count cases too: unsampled, those took 6+ minutes a length, the longest runs here.
# - generic (the C kernels, which make check runs in full on x86): FULL=1 every program but the
#   threads test, one case in $GENERIC_SAMPLE; FULL=0 its netlib testers only.
# - the netlib testers for each set, and for sve at 128 and 512 bits (every tier).
# - ILP64: the netlib ILP64 testers for sve at 128 bits (FULL=1: neon too), the past-2^31 calls
#   on both conventions, the differential tests against the suffixed API on one set (FULL=0: one
#   case in 4, and not test_threads, whose team code the LP64 runs take through the same layer).
FULL=${FULL:-0}
tier=1; [ "$FULL" = 1 ] || tier=2   # the sampling factor of this tier
WIDE_SAMPLE=$(( ${WIDE_SAMPLE:-4} * tier ))
GENERIC_SAMPLE=${GENERIC_SAMPLE:-4}
LONG_SAMPLE=$(( ${LONG_SAMPLE:-2} * tier ))
LONG_TESTS="test_l1_repro test_level2_blocked test_l2sym"
sample_of() { # program: the NB_TEST_SAMPLE for neon and sve at 128 bits
  case " $LONG_TESTS " in *" $1 "*) echo "$LONG_SAMPLE" ;; *) echo "$tier" ;; esac
}
sample_tag() { [ "$1" = 1 ] || echo ",1/$1"; }
WIDE_TESTS="test_gemm test_level2 test_level2_blocked test_level3 test_level3_tri test_compact test_batch"
[ "$FULL" = 1 ] && WIDE_TESTS="$WIDE_TESTS test_cblas"
WIDE_CPUS="sve512"; [ "$FULL" = 1 ] && WIDE_CPUS="sve256 sve512"
jobs=$out/jobs.txt
: > "$jobs"
add() { echo "$1|$2|$3|$4|$5" >> "$jobs"; }
# netlib first: the longest jobs start first. Debian's input sizes under emulation.
for s in $sets_off; do add "netlib[$s,sve-off]" sve-off "$s" 1 "tests/netlib/run_netlib.sh lib-arm $out/netlib-$s-sve-off"; done
for s in $vl_sets; do
  for c in sve128 sve512; do add "netlib[$s,$c]" "$c" "$s" 1 "tests/netlib/run_netlib.sh lib-arm $out/netlib-$s-$c"; done
done
# ILP64 (mk/ilp64.mk): Debian's arm64 libblas64-test testers on lib-arm/libblas64.so.3, the
# past-2^31 calls on both conventions, and the differential tests built against the suffixed API.
if [ "$FULL" = 1 ]; then
  for s in $sets_off; do
    [ "$s" = generic ] || add "netlib-ilp64[$s,sve-off]" sve-off "$s" 1 "env NETLIB_ILP64=1 tests/netlib/run_netlib.sh lib-arm $out/netlib64-$s-sve-off"
  done
fi
for s in $vl_sets; do add "netlib-ilp64[$s,sve128]" sve128 "$s" 1 "env NETLIB_ILP64=1 tests/netlib/run_netlib.sh lib-arm $out/netlib64-$s-sve128"; done
for t in build-arm/tests64/large build-arm/tests64u/large; do
  [ -x "$t" ] && add "ilp64-$(basename "$(dirname "$t")")-large[sve128]" sve128 "${sets_sve%% *}" 1 "$t"
done
# The ILP64 differential tests on one set (sve at 128 bits, else the first of the NEON-only CPU's):
# the 64-bit interface layer is the same code on every set, and the LP64 runs below take each
# set's kernels through it.
ilp64_on="${vl_sets%% *}"; ilp64_cpu=sve128
[ -n "$ilp64_on" ] || { ilp64_on="${sets_off%% *}"; ilp64_cpu=sve-off; }
ilp64_sample=1; [ "$FULL" = 1 ] || ilp64_sample=4
for t in build-arm/tests64/test_*; do
  n=$(basename "$t")
  [ "$FULL" = 1 ] || [ "$n" != test_threads ] || continue
  add "ilp64:$n[$ilp64_on,$ilp64_cpu$(sample_tag $ilp64_sample)]" "$ilp64_cpu" "$ilp64_on" "$ilp64_sample" "$t"
done
for t in build-arm/tests/test_*; do
  n=$(basename "$t")
  smp=$(sample_of "$n")
  for s in $sets_off; do
    if [ "$s" = generic ]; then
      [ "$FULL" = 1 ] && [ "$n" != test_threads ] &&
        add "$n[$s,sve-off,1/$GENERIC_SAMPLE]" sve-off "$s" "$GENERIC_SAMPLE" "$t"
    else
      add "$n[$s,sve-off$(sample_tag "$smp")]" sve-off "$s" "$smp" "$t"
    fi
  done
  for s in $vl_sets; do
    add "$n[$s,sve128$(sample_tag "$smp")]" sve128 "$s" "$smp" "$t"
    case " $WIDE_TESTS " in *" $n "*)
      w=$WIDE_SAMPLE
      for c in $WIDE_CPUS; do add "$n[$s,$c,1/$w]" "$c" "$s" "$w" "$t"; done ;;
    esac
  done
done

# One job: its output in $out/NAME.log, its exit status and seconds in $out/NAME.rc.
cat > "$out/job.sh" <<'JOB'
#!/bin/sh
# job.sh LINE: runs one line of jobs.txt (written by tests/run_arm.sh)
cpu_of() { for c in $CPUS; do [ "${c%%:*}" = "$1" ] && echo "${c#*:}"; done; }
line=$1
name=${line%%|*}; rest=${line#*|}; cpu=${rest%%|*}; rest=${rest#*|}; set=${rest%%|*}; rest=${rest#*|}
sample=${rest%%|*}; cmd=${rest#*|}
log="$ARM_OUT/$(echo "$name" | tr '[],/' '__.-').log"
start=$(date +%s)
case $cmd in
  tests/netlib/*|"env NETLIB_ILP64=1 tests/netlib/"*)
    env QEMU_CPU="$(cpu_of "$cpu")" NANOBLAS_ARCH="$set" NETLIB_ARCH=arm64 NETLIB_EXEC="$QEMU" \
      NETLIB_SIZES=debian timeout -k 10 1200 $cmd > "$log" 2>&1 ;;
  *)
    env LD_LIBRARY_PATH="$ARM_LIB" QEMU_CPU="$(cpu_of "$cpu")" NANOBLAS_ARCH="$set" \
      NB_TEST_EMULATOR="$QEMU" NB_TEST_QUICK="$QUICK" NB_TEST_SAMPLE="$sample" timeout 900 "$QEMU" "$(pwd)/$cmd" > "$log" 2>&1 ;;
esac
echo "$? $(( $(date +%s) - start ))" > "$log.rc"
JOB
export ARM_OUT="$out" ARM_LIB="$lib" QEMU QUICK CPUS
chmod +x "$out/job.sh"
echo "== arm: $(wc -l < "$jobs") runs under qemu, $JOBS at a time (logs in tests/out/arm/)"
tr '\n' '\0' < "$jobs" | xargs -0 -P "$JOBS" -n 1 "$out/job.sh"

# Report in job order, one step each.
pass=0; fail=0; failed=""
record() { # ok|FAILED NAME SECONDS [detail]
  if [ "$1" = ok ]; then pass=$((pass+1)); else fail=$((fail+1)); failed="$failed $2"; fi
  echo "== arm:$2"; echo "   [$1 in ${3}s]"
  [ -n "${NB_STEP_FILE:-}" ] && echo "$1 arm:$2" >> "$NB_STEP_FILE"
  return 0
}
while IFS= read -r line; do
  name=${line%%|*}
  log="$out/$(echo "$name" | tr '[],/' '__.-').log"
  rc=1; secs=0
  [ -f "$log.rc" ] && read -r rc secs < "$log.rc"
  if [ "$rc" = 0 ]; then record ok "$name" "$secs"
  else record FAILED "$name" "$secs"; tail -n 15 "$log" 2>/dev/null | sed 's/^/     /'; fi
  grep -h ' checks, \|^netlib:' "$log" 2>/dev/null | tail -n 1 | sed 's/^/   /'
done < "$jobs"

# Detection: what NANOBLAS_VERBOSE=1 reports on each emulated CPU (features, vector length,
# chosen set), and NANOBLAS_ARCH choosing each set the CPU runs.
detect() { # CPU-NAME expected-vector-length-in-bytes (0: no SVE)
  v=$(emu "$1" NANOBLAS_VERBOSE=1 build-arm/nb_info --sets 2>&1 >/dev/null)
  echo "$v" | grep -E '^(features|sve vector length|kernel set)' | sed 's/^/     /'
  echo "$v" | grep -q '^features:.* asimd' || { echo "     asimd not reported"; return 1; }
  if [ "$2" = 0 ]; then
    echo "$v" | grep -qE '^features:.* sve( |$)|^sve vector length' && { echo "     SVE reported on a CPU without it"; return 1; }
  else
    echo "$v" | grep -q '^features:.* sve .*sve2' || { echo "     sve/sve2 not reported"; return 1; }
    echo "$v" | grep -q "^sve vector length: $2 bytes" || { echo "     vector length is not $2 bytes"; return 1; }
  fi
  echo "$v" | grep -q '^features:.* bf16.* i8mm' || { echo "     bf16/i8mm not reported"; return 1; }
  sets=$(emu "$1" NB_=0 build-arm/nb_info --sets)
  best=${sets%% *}
  echo "$v" | grep -q "^kernel set: $best (best supported)" || { echo "     best set $best not chosen"; return 1; }
  for s in $sets; do
    emu "$1" NANOBLAS_ARCH="$s" build-arm/nb_info | grep -q "^kernel set: $s (NANOBLAS_ARCH=$s)" ||
      { echo "     NANOBLAS_ARCH=$s not honoured"; return 1; }
  done
  emu "$1" NANOBLAS_ARCH=avx512 build-arm/nb_info | grep -q "^kernel set: $best (NANOBLAS_ARCH=avx512 is not a kernel set" ||
    { echo "     NANOBLAS_ARCH=avx512 not refused"; return 1; }
  return 0
}
for c in sve-off:0 sve128:16 sve256:32 sve512:64; do
  s0=$(date +%s)
  if detect "${c%%:*}" "${c#*:}"; then r=ok; else r=FAILED; fi
  record $r "detect[${c%%:*}]" $(( $(date +%s) - s0 ))
done

# The static library: nb_info linked against libnanoblas.a runs and reports the same sets.
s0=$(date +%s)
cc_omp=$(sed -n 's/^OPENMP_CFLAGS = //p' build-arm/config.mk)
if aarch64-linux-gnu-gcc -I. -Iinclude tests/nb_info.c lib-arm/libnanoblas.a -lm $cc_omp -lpthread \
     -o build-arm/nb_info_static &&
   [ "$(emu sve256 NB_=0 build-arm/nb_info_static --sets)" = "$sets_sve" ]; then r=ok; else r=FAILED; fi
record $r "static-lib" $(( $(date +%s) - s0 ))

# The same ABI checks as on x86: every symbol of Debian's arm64 netlib libblas.so.3 exported;
# a program's own xerbla overrides ours (shared and static), ours prints and returns; and no
# vector register on the stack in a micro-kernel k loop (tests/check_spills.py reads aarch64
# objects with aarch64-linux-gnu-objdump).
s0=$(date +%s)
if NM=aarch64-linux-gnu-nm MULTIARCH=aarch64-linux-gnu ./tests/check_symbols.sh lib-arm; then r=ok; else r=FAILED; fi
record $r "symbols" $(( $(date +%s) - s0 ))
s0=$(date +%s)
if NM=aarch64-linux-gnu-nm MULTIARCH=aarch64-linux-gnu ./tests/check_ilp64_symbols.sh lib-arm; then r=ok; else r=FAILED; fi
record $r "ilp64-symbols" $(( $(date +%s) - s0 ))
s0=$(date +%s)
if CC=aarch64-linux-gnu-gcc RUN="env QEMU_CPU=max $QEMU" CONFIG=build-arm/config.mk \
     ./tests/check_xerbla.sh lib-arm build-arm; then r=ok; else r=FAILED; fi
record $r "xerbla" $(( $(date +%s) - s0 ))
s0=$(date +%s)
sp=$(python3 tests/check_spills.py build-arm/kernels/neon/*.o build-arm/kernels/sve/*.o); rc=$?
echo "$sp" | grep -v '(reported)' | sed 's/^/   /'
if [ $rc = 0 ]; then r=ok; else r=FAILED; fi
record $r "spills" $(( $(date +%s) - s0 ))

echo
[ -n "$failed" ] && echo "arm failed:$failed"
echo "arm: $pass passed, $fail failed ($(( $(date +%s) - start_all ))s)"
[ "$fail" -eq 0 ]
