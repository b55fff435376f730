# Shared by the scripts of tests/mpi/ and bench/run_hpl.sh (sourced, not run): finds Open MPI's
# launcher, sets what Open MPI needs to start ranks on this one machine in a container, and makes
# the directories of symlinks through which a program built against Debian's libblas.so.3 /
# liblapack.so.3 loads another library.

# Open MPI's launcher: the testers of scalapack-mpi-test (openmpi-tests/) and Debian's hpcc are
# linked against Open MPI's libmpi.so.40, and MPICH's mpirun cannot start them. The alternative
# `mpirun` may point at MPICH, so the Open MPI name comes first.
find_mpirun() {
  for m in mpirun.openmpi orterun mpirun; do
    if command -v "$m" > /dev/null 2>&1 && "$m" --version 2>/dev/null | grep -q 'Open MPI'; then
      # shellcheck disable=SC2034 # read by the scripts that source this file
      MPIRUN=$m
      return 0
    fi
  done
  return 1
}

# Open MPI refuses to run as root unless told twice (containers and CI run as root): the only
# settings this Debian 12 container required. The others are precautions for containers in
# general: ranks talk through shared memory only (self,vader: no TCP or InfiniBand probing, which
# can hang or warn without a network) with the ob1 layer (not UCX, which probes devices too);
# vader's single-copy path uses process_vm_readv, which a container without CAP_SYS_PTRACE denies,
# so it is off; the launcher starts the local ranks itself (plm isolated: no ssh/rsh needed). A
# value the caller has set already is kept.
mpi_env() {
  : "${OMPI_ALLOW_RUN_AS_ROOT:=1}" "${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:=1}"
  : "${OMPI_MCA_btl:=self,vader}" "${OMPI_MCA_pml:=ob1}"
  : "${OMPI_MCA_btl_vader_single_copy_mechanism:=none}" "${OMPI_MCA_plm:=isolated}"
  export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl OMPI_MCA_pml \
    OMPI_MCA_btl_vader_single_copy_mechanism OMPI_MCA_plm
  # the thread variables of the caller would otherwise leak into every configuration
  unset NANOBLAS_NUM_THREADS OPENBLAS_NUM_THREADS OMP_NUM_THREADS MKL_NUM_THREADS NANOBLAS_VERBOSE
}

# The CPUs this process may run on (its affinity mask).
ncpus() {
  nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1
}

# The physical cores among them: what Open MPI counts as slots and binds "--bind-to core" ranks
# to (with SMT, a core is 2 or more of the CPUs above). lscpu lists every online CPU's core; the
# CPUs outside this process's mask are not subtracted (containers usually get whole machines or
# cpusets of whole cores). Without lscpu: the CPU count.
ncores() {
  _c=$(LC_ALL=C lscpu -p=SOCKET,CORE 2>/dev/null | grep -v '^#' | sort -u | wc -l)
  _n=$(ncpus)
  if [ "${_c:-0}" -ge 1 ] && [ "$_c" -le "$_n" ]; then echo "$_c"; else echo "$_n"; fi
}

# mpirun's placement options for RANKS ranks of THREADS threads each on this machine. One rank per
# core, bound to it, when the ranks fill the machine (Open MPI 4 binds to a core anyway when there
# are at most 2 ranks); a rank of several threads is bound to THREADS cores (pe=), never to the
# single core Open MPI would choose, else its team would see one core. Fewer cores than RANKS x
# THREADS (a 1-core runner): nothing is bound and ranks may share cores.
placement() {
  _r=$1 _t=$2 _c=$(ncores)
  if [ $((_r * _t)) -gt "$_c" ]; then
    echo "--oversubscribe --bind-to none"
  elif [ "$_t" -gt 1 ]; then
    echo "--map-by slot:pe=$_t --bind-to core"
  else
    echo "--bind-to core"
  fi
}

# DIR/libblas.so.3, libcblas.so.3 and liblapack.so.3 -> LIB: with DIR first in LD_LIBRARY_PATH,
# a program (and libscalapack-openmpi.so) linked against Debian's BLAS/LAPACK sonames loads LIB.
blas_dir() {
  mkdir -p "$1"
  for _f in libblas.so.3 libcblas.so.3 liblapack.so.3; do ln -sf "$2" "$1/$_f"; done
}

# How many ranks printed nanoblas's load-time configuration (NANOBLAS_VERBOSE=1) into LOG: the
# proof that each rank's BLAS was nanoblas, whatever ldd says about the file names.
nb_loads() {
  _n=$(grep -c '^nanoblas configuration' "$1" 2>/dev/null)
  echo "${_n:-0}"
}

# hpcc's input (HPL.dat's format, plus its own lines 33-36) for one HPL run of order N, block NB,
# on a P x Q grid, into FILE. The HPL variant is the common one (right-looking panel, Crout
# recursion, 1-ring-modified broadcast, lookahead 1). hpcc runs its other tests as well (this
# build has no switch to run HPL alone), sized from N; PTRANS gets no extra sizes.
write_hpccinf() {
  cat > "$1" <<EOT
HPLinpack benchmark input file
nanoblas HPL run (lines 1-4 are ignored by hpcc, which writes hpccoutf.txt)
HPL.out      output file name (if any)
6            device out (6=stdout,7=stderr,file)
1            # of problems sizes (N)
$2           Ns
1            # of NBs
$3           NBs
0            PMAP process mapping (0=Row-,1=Column-major)
1            # of process grids (P x Q)
$4           Ps
$5           Qs
16.0         threshold
1            # of panel fact
2            PFACTs (0=left, 1=Crout, 2=Right)
1            # of recursive stopping criterium
4            NBMINs (>= 1)
1            # of panels in recursion
2            NDIVs
1            # of recursive panel fact.
1            RFACTs (0=left, 1=Crout, 2=Right)
1            # of broadcast
1            BCASTs (0=1rg,1=1rM,2=2rg,3=2rM,4=Lng,5=LnM)
1            # of lookahead depth
1            DEPTHs (>=0)
2            SWAP (0=bin-exch,1=long,2=mix)
64           swapping threshold
0            L1 in (0=transposed,1=no-transposed) form
0            U  in (0=transposed,1=no-transposed) form
1            Equilibration (0=no,1=yes)
8            memory alignment in double (> 0)
##### line 32: a separator, ignored #####
0            number of additional problem sizes for PTRANS
1000         values of N
0            number of additional blocking sizes for PTRANS
64           values of NB
EOT
}

# "GFLOPS SECONDS RESIDUAL VERDICT" of the HPL run in hpcc's output file (VERDICT: PASSED or
# FAILED; "- - - MISSING" when the HPL section has no result line).
hpl_result() {
  awk '
    /^Begin of HPL section/ { in_hpl = 1 }
    /^End of HPL section/ { in_hpl = 0 }
    in_hpl && /^W[RC][0-9]/ && NF == 7 { g = $7; t = $6 }
    in_hpl && /^\|\|Ax-b\|\|/ { r = $2; v = $NF }
    END { if (g == "" || v == "") print "- - - MISSING"; else print g, t, r, v }' "$1"
}

# The BLAS files that the ranks of a running mpirun (PID) have mapped, as /proc/<rank>/maps names
# them (the symlinks resolved: the real file), one per line; empty if no rank showed any within
# about 10 s. A second proof, for any library, beside NANOBLAS_VERBOSE: read while the job runs.
mapped_blas() {
  _i=0
  while [ $_i -lt 40 ] && kill -0 "$1" 2>/dev/null; do
    _m=$(for _p in $(pgrep -P "$1" 2>/dev/null); do
           grep -o -E '/[^ ]*(blas|mkl_rt)[^ /]*\.so[^ ]*$' "/proc/$_p/maps" 2>/dev/null
         done | sort -u)
    if [ -n "$_m" ]; then
      echo "$_m"
      return 0
    fi
    sleep 0.25
    _i=$((_i + 1))
  done
}
