#!/bin/sh
# Installs what `make check` needs on a fresh Debian machine: the netlib test programs and reference
# BLAS/LAPACK (liblapack-dev's liblapack_pic.a goes into our libopenblas.so.0; liblapack64-dev's
# liblapack64_pic.a into the ILP64 libopenblas64.so.0; libblas64-test: the 64-bit-integer
# testers), NumPy, SciPy, pytest
# and R for the integration tests, OpenBLAS's headers and library (a C program built against
# libopenblas-dev must run on ours), pkg-config and cmake (the install test), the compiler toolchain, and MKL (PyPI
# `mkl` in the project-local .venv) for test_compact's check of the compact layout against MKL
# itself. Idempotent: only calls apt-get / pip when something is missing. MKL is optional: if pip
# cannot fetch it, test_compact says so and skips that part.
# With the argument `arm`, only the aarch64 part (also run by `make check`, after the rest): the
# cross compiler, qemu-user-static, and through Debian multiarch (dpkg --add-architecture arm64)
# the arm64 C/OpenMP/Fortran runtimes and the arm64 netlib testers (libblas-test:arm64 and
# libblas64-test:arm64) that
# tests/run_arm.sh runs under qemu. Tolerant: if they cannot be installed it says why and exits
# 0, and the ARM tests are skipped (tests/run_arm.sh names what is missing).
set -u
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
install_arm() {
  arm_need=""
  for p in gcc-aarch64-linux-gnu libc6-dev-arm64-cross libgomp1-arm64-cross qemu-user-static \
           libc6:arm64 libgomp1:arm64 libgfortran5:arm64 libblas-test:arm64 libblas64-test:arm64; do
    dpkg -s "$p" >/dev/null 2>&1 || arm_need="$arm_need $p"
  done
  [ -z "$arm_need" ] && return 0
  echo "install_deps: installing (aarch64 tests)$arm_need" >&2
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    $SUDO dpkg --add-architecture arm64 >&2 || {
      echo "install_deps: dpkg --add-architecture arm64 failed; the aarch64 tests will be skipped" >&2
      return 0; }
  fi
  $SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq --no-install-recommends $arm_need >&2 ||
    echo "install_deps: could not install$arm_need; the aarch64 tests will be skipped" >&2
  return 0
}
if [ "${1:-}" = arm ]; then install_arm; exit 0; fi
need=""
# libblas-test is Multi-Arch: same, so `dpkg -s libblas-test` also answers for the arm64 testers
# that install_arm adds: the native one is asked for by its architecture.
native=$(dpkg --print-architecture 2>/dev/null || echo amd64)
for p in gcc make libblas3 liblapack3 liblapack-dev "libblas-test:$native" libopenblas-dev python3-numpy \
         python3-scipy python3-pytest python3-hypothesis r-base-core binutils python3-venv pkg-config cmake gfortran \
         "liblapack-test:$native" liblapack64-dev "libblas64-test:$native" liblapacke-dev libtmglib-dev openmpi-bin scalapack-mpi-test hpcc procps; do
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
# The aarch64 part (tests/run_arm.sh) is part of make check unless NB_CHECK_ARM=0.
arm_wanted() { [ "${NB_CHECK_ARM:-1}" != 0 ] && install_arm; return 0; }
[ -z "$need" ] && { install_mkl; arm_wanted; exit 0; }
echo "install_deps: installing$need" >&2
$SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq --no-install-recommends $need >&2 || {
  echo "install_deps: apt-get failed; install these packages by hand:$need" >&2
  exit 1
}
install_mkl
arm_wanted
