#!/bin/sh
# xerbla behaviour: a program's own xerbla_/cblas_xerbla override ours (shared and static link);
# without one, ours prints the reference message and returns. usage: tests/check_xerbla.sh LIBDIR BUILD
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
exit $status
