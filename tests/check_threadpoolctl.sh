#!/bin/sh
# threadpoolctl must see nanoblas loaded as libopenblas.so.0 as an OpenBLAS: internal_api
# "openblas", version "nanoblas-<NANOBLAS_VERSION>", architecture = the kernel set in use, the
# thread count; and threadpool_limits(limits=1) must change openblas_get_num_threads() and put it
# back afterwards. Installs threadpoolctl into the project venv when it is missing.
# usage: tests/check_threadpoolctl.sh LIBDIR     exit 0 ok, 1 failure, 77 prerequisite missing
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
libdir=${1:?usage: $0 LIBDIR}
lib="$libdir/libopenblas.so.0"
py="$root/.venv/bin/python"

[ -x "$py" ] || { echo "threadpoolctl: SKIP, no venv python at $py" >&2; exit 77; }
[ -e "$lib" ] || { echo "threadpoolctl: FAIL, $lib missing (make lib)" >&2; exit 1; }
if ! "$py" -c 'import threadpoolctl' 2>/dev/null; then
    if ! "$root/.venv/bin/pip" install -q threadpoolctl >/dev/null 2>&1; then
        echo "threadpoolctl: SKIP, threadpoolctl is not installed and pip could not install it (no network?)" >&2
        exit 77
    fi
fi
version=$(sed -n 's/^#define NANOBLAS_VERSION "\(.*\)"$/\1/p' "$root/include/nanoblas.h")
[ -n "$version" ] || { echo "threadpoolctl: FAIL, NANOBLAS_VERSION not found in include/nanoblas.h" >&2; exit 1; }

# A start count that differs from 1 on any machine, so that the limit is visible; the same for
# OpenMP, whose per-thread limit threadpoolctl reads and sets when the threading layer is OpenMP.
NANOBLAS_NUM_THREADS=2 OMP_NUM_THREADS=2 NB_LIB="$lib" NB_VERSION="$version" "$py" - <<'EOF'
import ctypes, os, sys
import threadpoolctl

lib_path = os.environ["NB_LIB"]
want_version = "nanoblas-" + os.environ["NB_VERSION"]
lib = ctypes.CDLL(lib_path)
lib.openblas_get_corename.restype = ctypes.c_char_p
lib.nanoblas_get_kernel_set.restype = ctypes.c_char_p
failures = []

def check(ok, what):
    if not ok:
        failures.append(what)

entries = [e for e in threadpoolctl.threadpool_info() if e.get("internal_api") == "openblas"]
ours = [e for e in entries if os.path.realpath(e["filepath"]) == os.path.realpath(lib_path)]
check(len(ours) == 1, "threadpool_info() lists %d openblas entries for %s: %r" % (len(ours), lib_path, entries))
if ours:
    e = ours[0]
    core = lib.openblas_get_corename().decode()
    check(core == lib.nanoblas_get_kernel_set().decode(), "openblas_get_corename %r != kernel set" % core)
    check(e.get("version") == want_version, "version %r, want %r" % (e.get("version"), want_version))
    check(e.get("architecture") == core, "architecture %r, want %r" % (e.get("architecture"), core))
    check(e.get("num_threads") == lib.openblas_get_num_threads(),
          "num_threads %r, library says %d" % (e.get("num_threads"), lib.openblas_get_num_threads()))
    layer = {0: "disabled", 1: "pthreads", 2: "openmp"}.get(lib.openblas_get_parallel())
    check(e.get("threading_layer") == layer, "threading_layer %r, want %r" % (e.get("threading_layer"), layer))
    before = lib.openblas_get_num_threads()
    check(before == 2 or lib.openblas_get_parallel() == 0, "start count %d, want 2 (NANOBLAS_NUM_THREADS)" % before)
    with threadpoolctl.threadpool_limits(limits=1, user_api="blas"):
        inside = lib.openblas_get_num_threads()
    after = lib.openblas_get_num_threads()
    check(inside == 1, "inside threadpool_limits(1): %d threads" % inside)
    check(after == before, "after threadpool_limits: %d threads, before %d" % (after, before))
    print("threadpoolctl: %s version=%s architecture=%s threads=%d, limited to %d and restored"
          % (e["filepath"], e.get("version"), e.get("architecture"), before, inside))
for f in failures:
    print("threadpoolctl: FAIL, " + f, file=sys.stderr)
sys.exit(1 if failures else 0)
EOF
