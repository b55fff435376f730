#!/bin/sh
# Installs what `make check` needs on a fresh Debian machine: the netlib test programs and reference
# BLAS/LAPACK, NumPy and R for the integration smoke test, the compiler toolchain, and MKL (PyPI
# `mkl` in the project-local .venv) for test_compact's check of the compact layout against MKL
# itself. Idempotent: only calls apt-get / pip when something is missing. MKL is optional: if pip
# cannot fetch it, test_compact says so and skips that part.
set -u
cd "$(dirname "$0")/.."
need=""
for p in gcc make libblas3 liblapack3 libblas-test python3-numpy r-base-core binutils python3-venv; do
  dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
install_mkl() {
  ls .venv/lib/libmkl_rt.so.* >/dev/null 2>&1 && return 0
  [ -x .venv/bin/pip ] || python3 -m venv .venv >&2 || { echo "install_deps: no .venv" >&2; return 0; }
  echo "install_deps: .venv/bin/pip install mkl" >&2
  .venv/bin/pip install -q --disable-pip-version-check mkl >&2 ||
    echo "install_deps: pip install mkl failed; test_compact will skip its MKL check" >&2
  return 0
}
[ -z "$need" ] && { install_mkl; exit 0; }
echo "install_deps: installing$need" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq --no-install-recommends $need >&2 || {
  echo "install_deps: apt-get failed; install these packages by hand:$need" >&2
  exit 1
}
install_mkl
