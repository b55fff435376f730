#!/bin/sh
# Runs the 24 netlib BLAS/CBLAS test programs of Debian's libblas-test against the library in $1
# (a directory holding libblas.so.3), with input files that extend Debian's defaults to larger sizes
# (up to the testers' limit of 65). Error-exit tests stay enabled. Prints one line per program and
# exits non-zero if any program does not report PASSED or reports a failure.
#   usage: tests/netlib/run_netlib.sh LIBDIR [OUTDIR]
# Environment, for another architecture's testers (tests/run_arm.sh runs the arm64 ones):
#   NETLIB_ARCH=arm64       the testers of Debian's libblas-test:<arch> (multiarch); default: native
#   NETLIB_EXEC="qemu-aarch64-static"   a command that runs each tester (an emulator)
#   NETLIB_SIZES=debian     Debian's input files as shipped (sizes up to 9 and 7) instead of the
#                           extended ones: emulated runs are 10-30x slower
#   NETLIB_ILP64=1          the testers of Debian's libblas64-test (64-bit integers; they load
#                           libblas64.so.3, which LIBDIR must then hold: the unsuffixed ILP64 library)
set -u
libdir=$(cd "$1" && pwd)
out=${2:-$(pwd)/tests/out/netlib}
exec_cmd=${NETLIB_EXEC:-}
w=; [ "${NETLIB_ILP64:-0}" = 1 ] && w=64
case ${NETLIB_ARCH:-} in
  "") pkg=libblas$w-test; tdir=/usr/lib/x86_64-linux-gnu/blas$w ;;
  arm64) pkg=libblas$w-test:arm64; tdir=/usr/lib/aarch64-linux-gnu/blas$w ;;
  *) pkg=libblas$w-test:$NETLIB_ARCH; tdir= ;;
esac
[ -d "$tdir" ] || tdir=$(dirname "$(dpkg -L "$pkg" 2>/dev/null | grep "/blas$w/xblat1d\$" | head -n1)")
if [ ! -x "$tdir/xblat1d" ]; then
  [ -n "$w" ] && [ ! -e "$libdir/libblas64.so.3" ] && echo "netlib: no $libdir/libblas64.so.3" >&2
  echo "netlib: $pkg is not installed (apt-get install $pkg)" >&2
  exit 2
fi
mkdir -p "$out" && out=$(cd "$out" && pwd)
rm -f "$out"/*

# Extend an input file: N values (0..65, 9 values = the testers' NIDMAX) and, for Level 2, band widths.
extend() {
  if [ "${NETLIB_SIZES:-}" = debian ]; then cat "$1"; return; fi
  sed -e 's/^[0-9]* *NUMBER OF VALUES OF N$/9                 NUMBER OF VALUES OF N/' \
      -e 's/^[0-9 ]* *VALUES OF N$/0 1 2 3 5 9 16 33 65      VALUES OF N/' \
      -e 's/^[0-9]* *NUMBER OF VALUES OF K$/7                 NUMBER OF VALUES OF K/' \
      -e 's/^[0-9 ]* *VALUES OF K$/0 1 2 4 7 16 65       VALUES OF K/' "$1"
}

fail=0; pass=0
# How many PASS lines each program prints when every routine passes (computational and error-exit
# tests; counted on the netlib reference BLAS itself), so a run that stops early cannot look green.
expected() {
  case $1 in
    xblat1[sd]) echo 13 ;; xblat1[cz]) echo 10 ;; x?cblat1) echo 10 ;;
    xblat2[sd]) echo 32 ;; xblat2[cz]) echo 34 ;; xblat3[sd]) echo 12 ;; xblat3[cz]) echo 18 ;;
    x[sd]cblat2) echo 48 ;; x[cz]cblat2) echo 51 ;; x[sd]cblat3) echo 18 ;; x[cz]cblat3) echo 27 ;;
  esac
}
run() { # name input-file-or-empty
  name=$1; input=$2
  log="$out/$name.log"
  start=$(date +%s)
  if [ -n "$input" ]; then
    extend "$tdir/$input" > "$out/$name.in"
    (cd "$out" && LD_LIBRARY_PATH="$libdir" timeout 600 $exec_cmd "$tdir/$name" < "$out/$name.in" > "$log" 2>&1)
  else
    (cd "$out" && LD_LIBRARY_PATH="$libdir" timeout 600 $exec_cmd "$tdir/$name" > "$log" 2>&1)
  fi
  rc=$?
  # The Fortran Level 2/3 testers write their summary to the file named in the input.
  for f in "$out"/?blat?.out; do [ -f "$f" ] && cat "$f" >> "$log" && rm -f "$f"; done
  npass=$(grep -cE 'PASSED|----- PASS -----' "$log")
  want=$(expected "$name")
  bad=$(grep -E 'FAIL|ILLEGAL|NOT DETECTED|XERBLA WAS CALLED|SUSPECT|ERROR|\*\*\*\*' "$log" | grep -v 'PASSED' | head -n 3)
  secs=$(( $(date +%s) - start ))
  if [ $rc -eq 0 ] && [ "$npass" -eq "$want" ] && [ -z "$bad" ]; then
    pass=$((pass+1)); echo "  PASS $name ($npass routines PASSED, ${secs}s)"
  else
    fail=$((fail+1)); echo "  FAIL $name (rc=$rc, $npass of $want PASSED; see $log)"; [ -n "$bad" ] && echo "$bad" | sed 's/^/       /'
  fi
}

for p in s d c z; do
  run xblat1$p ""
  run xblat2$p ${p}blat2.in
  run xblat3$p ${p}blat3.in
done
for p in s d c z; do
  run x${p}cblat1 ""
  run x${p}cblat2 ${p}in2
  run x${p}cblat3 ${p}in3
done
echo "netlib${w:+ (ILP64)}: $pass passed, $fail failed"
[ $fail -eq 0 ]
