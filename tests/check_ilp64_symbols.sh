#!/bin/sh
# The ILP64 libraries' symbols (nm -D --defined-only):
#  1. libnanoblas64.so.0 exports the suffixed twin NAME64_ of every symbol of libnanoblas.so.0,
#     and nothing else;
#  2. libopenblas64.so.0 (= libblas64.so.3, libcblas64.so.3) exports every symbol of Debian's
#     libblas64.so.3 and every symbol of libnanoblas.so.0 under its own name;
#  3. libopenblas64_.so.0, where it was built (with LAPACK), exports only suffixed names (the
#     gfortran module procedures __*_MOD_* of LAPACK apart), the twins of 1 among them, and
#     LAPACK's (dgesv_64_);
#  4. include/nanoblas_suffix64.h is what scripts/gen_suffix64_header.sh writes today.
#   usage: tests/check_ilp64_symbols.sh LIBDIR
# For the aarch64 build (tests/run_arm.sh): NM=aarch64-linux-gnu-nm MULTIARCH=aarch64-linux-gnu.
set -u
export LC_ALL=C
dir=$(cd "$1" && pwd) || exit 2
NM=${NM:-nm}
ref=/usr/lib/${MULTIARCH:-x86_64-linux-gnu}/blas64/libblas64.so.3
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
syms() { $NM -D --defined-only "$1" | awk '$2 ~ /^[TtDdBbVvWwRrIi]$/ {print $3}' | sed 's/@.*//' | sort -u; }
fail=0
report() { # what list-file
  n=$(grep -c . "$2")
  if [ "$n" -gt 0 ]; then
    fail=1; echo "ilp64-symbols: $1: $n"; head -n 20 "$2" | tr '\n' ' ' | fold -w 100 | sed 's/^/  /'; echo
  fi
}
for f in libnanoblas.so.0 libnanoblas64.so.0 libopenblas64.so.0; do
  [ -f "$dir/$f" ] || { echo "ilp64-symbols: $dir/$f missing (make lib)"; exit 1; }
done
syms "$dir/libnanoblas.so.0" > "$tmp/lp64"
sed 's/$/64_/' "$tmp/lp64" | sort > "$tmp/twins"
syms "$dir/libnanoblas64.so.0" > "$tmp/sfx"
comm -23 "$tmp/twins" "$tmp/sfx" > "$tmp/miss"; report "LP64 symbols without a 64_ twin in libnanoblas64.so.0" "$tmp/miss"
comm -13 "$tmp/twins" "$tmp/sfx" > "$tmp/extra"; report "libnanoblas64.so.0 symbols that are no LP64 twin" "$tmp/extra"
echo "ilp64-symbols: $(wc -l < "$tmp/sfx") suffixed symbols in libnanoblas64.so.0 for $(wc -l < "$tmp/lp64") LP64 ones"

syms "$dir/libopenblas64.so.0" > "$tmp/ob64"
comm -23 "$tmp/lp64" "$tmp/ob64" > "$tmp/miss"; report "LP64 symbols missing from libopenblas64.so.0" "$tmp/miss"
if [ -f "$ref" ]; then
  syms "$ref" > "$tmp/deb"
  comm -23 "$tmp/deb" "$tmp/ob64" > "$tmp/miss"; report "symbols of Debian's libblas64.so.3 missing from libopenblas64.so.0" "$tmp/miss"
  echo "ilp64-symbols: libopenblas64.so.0 exports all $(wc -l < "$tmp/deb") symbols of $ref"
else
  echo "ilp64-symbols: $ref missing (apt-get install libblas64-3); that comparison not made"; fail=1
fi

if [ -f "$dir/libopenblas64_.so.0" ]; then
  syms "$dir/libopenblas64_.so.0" > "$tmp/obs"
  grep -v '64_$' "$tmp/obs" | grep -v '^__.*_MOD_' > "$tmp/bad"; report "unsuffixed symbols in libopenblas64_.so.0" "$tmp/bad"
  comm -23 "$tmp/twins" "$tmp/obs" > "$tmp/miss"; report "64_ twins missing from libopenblas64_.so.0" "$tmp/miss"
  grep -qx 'dgesv_64_' "$tmp/obs" || { echo "ilp64-symbols: no dgesv_64_ in libopenblas64_.so.0"; fail=1; }
  echo "ilp64-symbols: libopenblas64_.so.0: $(wc -l < "$tmp/obs") symbols, all suffixed"
fi

cd "$(dirname "$0")/.." || exit 2
if [ "${NM}" = nm ]; then
  scripts/gen_suffix64_header.sh "$dir" > "$tmp/h" &&
    if cmp -s "$tmp/h" include/nanoblas_suffix64.h; then echo "ilp64-symbols: include/nanoblas_suffix64.h is current"
    else echo "ilp64-symbols: include/nanoblas_suffix64.h is out of date (scripts/gen_suffix64_header.sh lib > include/nanoblas_suffix64.h)"; fail=1; fi
fi
[ $fail -eq 0 ]
