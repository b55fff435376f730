#!/bin/sh
# Symbol completeness: every dynamic symbol that Debian's netlib libblas.so.3 (BLAS + CBLAS) defines
# must also be defined by ours. usage: tests/check_symbols.sh LIBDIR
# For the aarch64 build (tests/run_arm.sh): NM=aarch64-linux-gnu-nm MULTIARCH=aarch64-linux-gnu,
# against Debian's arm64 libblas.so.3 (libblas3:arm64).
set -u
ours="$1/libnanoblas.so.0"
ref=/usr/lib/${MULTIARCH:-x86_64-linux-gnu}/blas/libblas.so.3
NM=${NM:-nm}
[ -f "$ref" ] || { echo "symbols: $ref missing (apt-get install libblas3)" >&2; exit 2; }
syms() { $NM -D --defined-only "$1" | awk '$2 ~ /^[TtDdBbVvWwRr]$/ {print $3}' | sed 's/@.*//' | sort -u; }
missing=$(syms "$ref" | comm -23 - "$(syms "$ours" > /tmp/nb_syms.$$; echo /tmp/nb_syms.$$)")
rm -f /tmp/nb_syms.$$
total=$(syms "$ref" | wc -l)
if [ -n "$missing" ]; then
  echo "symbols: $(echo "$missing" | wc -l) of $total netlib symbols missing:"
  echo "$missing" | tr '\n' ' ' | fold -w 100 | sed 's/^/  /'; echo
  exit 1
fi
echo "symbols: all $total netlib libblas.so.3 symbols exported"
