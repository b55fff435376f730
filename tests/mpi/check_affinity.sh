#!/bin/sh
# nanoblas sizes its thread team from the CPUs the process may run on (its affinity mask), and a
# thread count asked for (NANOBLAS_NUM_THREADS, OMP_NUM_THREADS) is capped at that. Under mpirun
# the mask is what the rank is bound to. This runs tests/mpi/team_size.c (built here against
# LIBDIR/libnanoblas.so.0) under several mpirun placements and checks each rank's team against
# its mask: never larger; equal when no thread count is set; 1 for ranks bound one per core
# (on a machine without SMT; with SMT a core is several CPUs).
#   usage: tests/mpi/check_affinity.sh LIBDIR [OUTDIR]
# Exit 77 (skipped) when Open MPI or a C compiler is not installed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/mpi/mpi_common.sh
. "$here/mpi_common.sh"
libdir=$(cd "$1" && pwd)
out=${2:-$(pwd)/tests/out/mpi/affinity}
cc=${CC:-cc}

if ! find_mpirun; then
  echo "affinity: Open MPI's mpirun is not installed (apt-get install openmpi-bin)" >&2
  exit 77
fi
if ! command -v "$cc" > /dev/null 2>&1; then
  echo "affinity: no C compiler ($cc)" >&2
  exit 77
fi
mpi_env
mkdir -p "$out" && out=$(cd "$out" && pwd)
# linked by the library's path: the program records its soname and finds it through the rpath
if ! "$cc" -O2 -o "$out/team_size" "$here/team_size.c" "$libdir/libnanoblas.so.0" \
    -Wl,-rpath,"$libdir"; then
  echo "affinity: cannot build team_size against $libdir/libnanoblas.so.0" >&2
  exit 1
fi
cpus=$(ncpus) cores=$(ncores)
echo "affinity: $cpus CPUs ($cores cores) here; per rank: CPUs in its mask, the list, the team nanoblas and openblas_get_num_threads report"

bad=0
# check NAME EXPECT RANKS [VAR=VALUE...] -- MPIRUN_OPTIONS...: EXPECT is "mask" (team = the CPUs
# in the mask), "capped" (team <= those CPUs) or a number (team = it).
check() {
  _name=$1 _exp=$2 _r=$3
  shift 3
  _env=
  while [ $# -gt 0 ] && [ "$1" != -- ]; do _env="$_env $1"; shift; done
  shift
  # shellcheck disable=SC2086 # $_env: VAR=VALUE words
  env $_env "$MPIRUN" -np "$_r" "$@" "$out/team_size" > "$out/$_name.txt" 2>&1
  _rc=$?
  echo "  $_name: mpirun -np $_r $*${_env:+ with$_env}"
  sed 's/^/    /' "$out/$_name.txt"
  if [ $_rc -ne 0 ]; then echo "    FAIL: mpirun exited with $_rc"; bad=1; return; fi
  if [ "$(grep -c '^rank ' "$out/$_name.txt")" -ne "$_r" ]; then
    echo "    FAIL: not every rank reported"; bad=1; return
  fi
  # rank R cpus N list L nanoblas T openblas T
  if ! awk -v want="$_exp" '
      /^rank / {
        n = $4; t = $8; o = $10
        if (t != o) { print "    FAIL: rank " $2 ": nanoblas and openblas counts differ"; bad = 1 }
        if (t > n) { print "    FAIL: rank " $2 ": team " t " larger than its " n " CPUs"; bad = 1 }
        if (want == "mask" && t != n) { print "    FAIL: rank " $2 ": team " t ", mask " n; bad = 1 }
        if (want ~ /^[0-9]+$/ && t != want + 0) { print "    FAIL: rank " $2 ": team " t ", expected " want; bad = 1 }
      }
      END { exit bad }' "$out/$_name.txt"; then
    bad=1
  fi
}

if [ "$cores" -ge 2 ]; then
  # one rank per core: each sees its core alone (1 CPU, or its SMT siblings), asked for more
  # threads or not
  check bind_core_2 mask 2 -- --bind-to core
  check bind_core_2_ask2 mask 2 NANOBLAS_NUM_THREADS=2 OMP_NUM_THREADS=2 -- --bind-to core
  # Open MPI 4 binds to a core by default when there are at most 2 ranks: a hybrid rank started
  # without --bind-to none or pe= gets a team of one core (reported, not a failure of nanoblas)
  check default_1 mask 1 --
  # one rank over two cores (the hybrid layout: pe = threads per rank)
  check pe2_1 mask 1 -- --map-by slot:pe=2 --bind-to core
  # two ranks unbound: each sees every CPU, so each would start a full team (oversubscription
  # unless NANOBLAS_NUM_THREADS=1, as the pure-MPI runs set)
  check none_2 mask 2 -- --bind-to none
  check none_2_ask1 1 2 NANOBLAS_NUM_THREADS=1 -- --bind-to none
  if [ "$cpus" = "$cores" ]; then
    # no SMT: a rank bound to a core has exactly one CPU, so its team is 1
    check bind_core_2_is_1 1 2 -- --bind-to core
  fi
fi
check none_1 mask 1 -- --bind-to none
check none_1_capped capped 1 NANOBLAS_NUM_THREADS=64 -- --bind-to none
echo "affinity: $([ $bad = 0 ] && echo ok || echo FAILED), outputs in $out"
exit $bad
