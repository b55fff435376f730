#!/bin/sh
# NumPy's own numpy.linalg test suite with nanoblas as the system's libblas.so.3 (and liblapack.so.3
# when LIBDIR has the LAPACK-carrying build), switched through Debian's alternatives by
# scripts/nanoblas-alternatives; the previous alternatives are ALWAYS restored (also on failure or
# interrupt) and checked to be exactly as before. The suite runs first on the system's BLAS as
# it is (the baseline): a test that already fails there is that library's (or NumPy's) on this
# CPU, reported in one note line and not counted against nanoblas; any other failure counts.
#   usage: tests/integration/run_numpy_suite.sh LIBDIR
# Needs root, update-alternatives, Debian's python3-numpy, python3-pytest and python3-hypothesis
# (NumPy's conftest imports it); exit 77 when one is missing. NB_ALTERNATIVES overrides the script
# that switches (only to test this test).
set -u
if [ $# -ne 1 ] || [ ! -d "$1" ]; then echo "usage: $0 LIBDIR" >&2; exit 2; fi
libdir=$(cd "$1" && pwd -P)
root=$(cd "$(dirname "$0")/../.." && pwd)
alternatives=${NB_ALTERNATIVES:-$root/scripts/nanoblas-alternatives}
py=/usr/bin/python3
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch 2>/dev/null)
triplet=${triplet:-x86_64-linux-gnu}

[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root to switch the system's alternatives"; exit 77; }
command -v update-alternatives >/dev/null 2>&1 ||
  { echo "SKIP: no update-alternatives (not a Debian-like system)"; exit 77; }
$py -c 'import numpy, pytest, hypothesis' 2>/dev/null ||
  { echo "SKIP: needs python3-numpy, python3-pytest, python3-hypothesis (tests/install_deps.sh)"; exit 77; }
for name in libblas.so.3 liblapack.so.3; do
  update-alternatives --query "$name-$triplet" >/dev/null 2>&1 ||
    { echo "SKIP: no alternative $name-$triplet (install libblas3/liblapack3)"; exit 77; }
done

pass=0; fail=0
result() { # PASS|FAIL text
  echo "  $1 $2"
  if [ "$1" = PASS ]; then pass=$((pass+1)); else fail=$((fail+1)); fi
}
summary() { echo "run_numpy_suite: $pass passed, $fail failed"; [ $fail -eq 0 ]; }
[ -x "$alternatives" ] || { result FAIL "no $alternatives"; summary; exit 1; }

tmp=$(mktemp -d)
# one switch at a time on this machine, and none while run_swap.sh compares with the system BLAS
exec 9>/tmp/nanoblas-alternatives-test.lock
flock -w 600 9 2>/dev/null || true
choice() { # per alternative: its Status and Value; then the providers registered
  for name in libblas.so.3 liblapack.so.3; do
    echo "$name: $(update-alternatives --query "$name-$triplet" | sed -n 's/^Status: //p;s/^Value: //p' | tr '\n' ' ')"
  done
  for name in libblas.so.3 liblapack.so.3; do
    echo "$name providers: $(update-alternatives --query "$name-$triplet" | sed -n 's/^Alternative: //p' | sort | tr '\n' ' ')"
  done
}
choice > "$tmp/before"
restored=0
restore() {
  [ $restored -eq 1 ] && return
  restored=1
  "$alternatives" remove > "$tmp/remove.log" 2>&1 || { echo "  ($alternatives remove failed:)"; cat "$tmp/remove.log"; }
  choice > "$tmp/after"
  if cmp -s "$tmp/before" "$tmp/after"; then
    result PASS "alternatives restored exactly: $(grep -v providers "$tmp/after" | tr '\n' ';')"
  else
    result FAIL "alternatives NOT restored: before [$(tr '\n' ';' < "$tmp/before")] after [$(tr '\n' ';' < "$tmp/after")]"
  fi
}
trap 'restore; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

echo "alternatives before: $(grep -v providers "$tmp/before" | tr '\n' ';')"
cpu=$(LC_ALL=C lscpu 2>/dev/null | awk -F': *' '/^Vendor ID/ {v = $2} /^Model name/ {m = $2}
  /^CPU family/ {f = $2} /^Model:/ {n = $2} END {printf "%s family %s model %s (%s)", v, f, n, m}')
# pytest on numpy.linalg with whatever libblas.so.3 / liblapack.so.3 the system gives now
suite() { # LOG
  (cd "$tmp" && env -u LD_LIBRARY_PATH -u LD_PRELOAD -u NANOBLAS_VERBOSE \
     $py -m pytest -q -p no:cacheprovider -rfE --pyargs numpy.linalg) > "$1" 2>&1
}
failed_ids() { sed -n 's/^\(FAILED\|ERROR\) \([^ ]*\).*/\2/p' "$1" | sort -u; }
# the baseline, before switching
suite "$tmp/pytest.base.log"
base_rc=$?
failed_ids "$tmp/pytest.base.log" > "$tmp/base.failed"
if [ $base_rc -ne 0 ]; then
  echo "  note: numpy.linalg on the system's BLAS alone ($(grep -h '^libblas.so.3:' "$tmp/before" | cut -d' ' -f3)) on $cpu:" \
    "$(grep -E '(passed|failed|error)' "$tmp/pytest.base.log" | tail -n 1); its failures are not counted against nanoblas"
fi
if ! "$alternatives" install "$libdir" > "$tmp/install.log" 2>&1; then
  result FAIL "$alternatives install $libdir failed: $(tail -n 3 "$tmp/install.log" | tr '\n' ' ')"
  restore; summary; exit 1
fi
choice > "$tmp/during"
# the files registered live in LIBDIR (LIBDIR/alternatives/ in scripts/nanoblas-alternatives)
want_lapack=no
[ -e "$libdir/alternatives/liblapack.so.3" ] || [ -e "$libdir/liblapack.so.3" ] && want_lapack=yes
if grep -q "^libblas.so.3: manual $libdir/" "$tmp/during" &&
   { [ $want_lapack = no ] || grep -q "^liblapack.so.3: manual $libdir/" "$tmp/during"; }; then
  result PASS "alternatives switched: $(grep -v providers "$tmp/during" | tr '\n' ';')"
else
  result FAIL "alternatives not switched to $libdir: $(grep -v providers "$tmp/during" | tr '\n' ';')"
fi

# what NumPy loads now, with no LD_* variable: the trace must show nanoblas running its BLAS calls,
# from NumPy (matmul) and, through our LAPACK, from numpy.linalg (solve)
env -u LD_LIBRARY_PATH -u LD_PRELOAD NANOBLAS_VERBOSE=2 $py -c '
import numpy as np
a = np.arange(40000.0).reshape(200, 200) % 7 + 200 * np.eye(200)
print("begin matmul", flush=True); a @ a
print("begin solve", flush=True); np.linalg.solve(a, a[0])
print("maps", " ".join(sorted({l.split()[-1] for l in open("/proc/self/maps") if "blas" in l or "lapack" in l})))
' > "$tmp/trace" 2>&1
grep -E '^nanoblas: \S+ .* set=\S+ time=[0-9.]+us$' "$tmp/trace" > "$tmp/calls"
mm=$(sed -n '/^begin matmul/,/^begin solve/p' "$tmp/trace" | grep -cE '^nanoblas: (cblas_)?dgemm_? ')
sv=$(sed -n '/^begin solve/,/^maps/p' "$tmp/trace" | grep -cE '^nanoblas: \S+ .* time=[0-9.]+us$')
maps=$(sed -n 's/^maps //p' "$tmp/trace")
# (without our liblapack.so.3, OpenBLAS's LAPACK may solve with its internal kernels)
svn=$sv
if [ $want_lapack = no ]; then svn=1; sv="$sv (not required: LAPACK is the system's)"; fi
if [ "$mm" -gt 0 ] && [ "$svn" -gt 0 ] && case " $maps" in *" $libdir/"*) true ;; *) false ;; esac; then
  result PASS "NumPy runs on nanoblas via the alternatives: matmul made $mm dgemm call(s), solve $sv BLAS call(s); mapped: $maps"
else
  result FAIL "NumPy does not run on nanoblas via the alternatives (dgemm lines: $mm, solve lines: $sv, mapped: $maps)"
  grep -v '^nanoblas' "$tmp/trace" | tail -n 5
fi

# the suite itself, nothing deselected: a failure counts unless the same test failed in the
# baseline on the system's own BLAS
start=$(date +%s)
suite "$tmp/pytest.log"
rc=$?
line=$(grep -E '(passed|failed|error)' "$tmp/pytest.log" | tail -n 1)
failed_ids "$tmp/pytest.log" > "$tmp/ours.failed"
ours_only=$(comm -23 "$tmp/ours.failed" "$tmp/base.failed")
shared=$(comm -12 "$tmp/ours.failed" "$tmp/base.failed")
if [ $rc -eq 0 ]; then
  result PASS "numpy.linalg test suite on nanoblas: $line ($(( $(date +%s) - start ))s)"
elif [ -s "$tmp/ours.failed" ] && [ -z "$ours_only" ]; then
  echo "  note: numpy.linalg tests failing on nanoblas and on the system's BLAS alone (not counted): $(echo "$shared" | tr '\n' ' ')"
  result PASS "numpy.linalg test suite on nanoblas: $line; every failure also fails on the system's BLAS alone ($(( $(date +%s) - start ))s)"
else
  result FAIL "numpy.linalg test suite on nanoblas (pytest exit $rc): $line"
  [ -n "$shared" ] && echo "  (also failing on the system's BLAS alone, not counted: $(echo "$shared" | tr '\n' ' '))"
  if [ -n "$ours_only" ]; then echo "$ours_only" | sed 's/^/  failing on nanoblas only: /' | head -n 20
  else tail -n 20 "$tmp/pytest.log"; fi
fi

restore
summary
