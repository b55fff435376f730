#!/bin/sh
# xerbla behaviour: a program's own xerbla_/cblas_xerbla override ours (shared and static link);
# without one, ours prints the reference message and returns. usage: tests/check_xerbla.sh LIBDIR BUILD
# Where LIBDIR holds the ILP64 libraries, the same for libnanoblas64.so.0 / .a (suffixed names:
# the program's xerbla_64_ must win) and libopenblas64.so.0 (unsuffixed, 64-bit INFO).
# For the aarch64 cross build (tests/run_arm.sh): CC=aarch64-linux-gnu-gcc, RUN="qemu-aarch64-static"
# (the command that runs a built program) and CONFIG=build-arm/config.mk.
set -u
lib=$(cd "$1" && pwd); out=$2/xerbla; mkdir -p "$out"
CC=${CC:-cc}
RUN=${RUN:-}
status=0
extra=$(sed -n 's/^OPENMP_CFLAGS = //p' "${CONFIG:-config.mk}" 2>/dev/null)
$CC -I. -o "$out/override_shared" tests/xerbla/override.c -L"$lib" -lnanoblas &&
  LD_LIBRARY_PATH="$lib" $RUN "$out/override_shared" || { echo "  FAIL override (shared)"; status=1; }
$CC -I. -o "$out/override_static" tests/xerbla/override.c "$lib/libnanoblas.a" -lm $extra &&
  $RUN "$out/override_static" || { echo "  FAIL override (static)"; status=1; }
$CC -I. -o "$out/default" tests/xerbla/default.c -L"$lib" -lnanoblas &&
  LD_LIBRARY_PATH="$lib" $RUN "$out/default" > "$out/default.out" 2> "$out/default.err" || status=1
if grep -q 'On entry to DGEMM parameter number 8 had an illegal value' "$out/default.err" &&
   grep -q 'still running' "$out/default.out"; then
  echo "xerbla default: message printed and the program continued"
else
  echo "  FAIL default xerbla:"; cat "$out/default.err" "$out/default.out"; status=1
fi
if [ -f "$lib/libnanoblas64.so.0" ]; then
  $CC -I. -DNANOBLAS_ILP64_SUFFIX -o "$out/override64_shared" tests/xerbla/override.c -L"$lib" -lnanoblas64 &&
    LD_LIBRARY_PATH="$lib" $RUN "$out/override64_shared" || { echo "  FAIL override (ILP64 suffixed, shared)"; status=1; }
  $CC -I. -DNANOBLAS_ILP64_SUFFIX -o "$out/override64_static" tests/xerbla/override.c "$lib/libnanoblas64.a" -lm $extra &&
    $RUN "$out/override64_static" || { echo "  FAIL override (ILP64 suffixed, static)"; status=1; }
  $CC -I. -DNANOBLAS_ILP64 -o "$out/override64u" tests/xerbla/override.c -L"$lib" -l:libopenblas64.so.0 &&
    LD_LIBRARY_PATH="$lib" $RUN "$out/override64u" || { echo "  FAIL override (ILP64 unsuffixed libopenblas64.so.0)"; status=1; }
  $CC -I. -DNANOBLAS_ILP64_SUFFIX -o "$out/default64" tests/xerbla/default.c -L"$lib" -lnanoblas64 &&
    LD_LIBRARY_PATH="$lib" $RUN "$out/default64" > "$out/default64.out" 2> "$out/default64.err" || status=1
  if grep -q "On entry to DGEMM parameter number 8 had an illegal value" "$out/default64.err" &&
     grep -q 'still running' "$out/default64.out"; then
    echo "xerbla default (ILP64): message printed and the program continued"
  else
    echo "  FAIL default xerbla (ILP64):"; cat "$out/default64.err" "$out/default64.out"; status=1
  fi
fi
exit $status
