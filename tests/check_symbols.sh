#!/bin/sh
# Symbol completeness: every dynamic symbol that Debian's netlib libblas.so.3 (BLAS + CBLAS) defines
# must also be defined by ours. usage: tests/check_symbols.sh LIBDIR
set -u
ours="$1/libnanoblas.so.0"
ref=/usr/lib/x86_64-linux-gnu/blas/libblas.so.3
[ -f "$ref" ] || { echo "symbols: $ref missing (apt-get install libblas3)" >&2; exit 2; }
syms() { nm -D --defined-only "$1" | awk '$2 ~ /^[TtDdBbVvWwRr]$/ {print $3}' | sed 's/@.*//' | sort -u; }
missing=$(syms "$ref" | comm -23 - "$(syms "$ours" > /tmp/nb_syms.$$; echo /tmp/nb_syms.$$)")
rm -f /tmp/nb_syms.$$
total=$(syms "$ref" | wc -l)
if [ -n "$missing" ]; then
  echo "symbols: $(echo "$missing" | wc -l) of $total netlib symbols missing:"
  echo "$missing" | tr '\n' ' ' | fold -w 100 | sed 's/^/  /'; echo
  exit 1
fi
echo "symbols: all $total netlib libblas.so.3 symbols exported"
