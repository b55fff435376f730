#!/bin/sh
# Installs what `make check` needs on a fresh Debian machine: the netlib test programs and reference
# BLAS/LAPACK, NumPy and R for the integration smoke test, the compiler toolchain. Idempotent: only
# calls apt-get when something is missing.
set -u
need=""
for p in gcc make libblas3 liblapack3 libblas-test python3-numpy r-base-core binutils; do
  dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
[ -z "$need" ] && exit 0
echo "install_deps: installing$need" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq --no-install-recommends $need >&2 || {
  echo "install_deps: apt-get failed; install these packages by hand:$need" >&2
  exit 1
}
