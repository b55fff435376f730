/* Thread-count control: the OpenBLAS API that existing programs and threadpoolctl call, our own
   names, the environment, and the per-call decision. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "blas/nb_common.h"
#include "kernels/kernel.h" /* nb_rt.tune */
#include "threading/nb_threads.h"

/* The thresholds are the tuning entry's (arch/tuning.h): below par_min_flops a call runs on one
   thread (forking a team costs a few microseconds, as much as ~200 kflop of work, and small
   problems do not split into enough register tiles); Level 2 takes a thread per
   stream_min_elems matrix elements (a 256 x 256 double gemv takes ~10 us on one core, long
   enough that a second one pays for waking it; docs/PERFORMANCE.md). */
#define NB_PARALLEL_MIN_FLOPS (nb_rt.tune.par_min_flops)
#define NB_STREAM_MIN_ELEMS (nb_rt.tune.stream_min_elems)

/* The process-wide thread count, as OpenBLAS keeps it: openblas_set_num_threads must change
   what later calls from any thread use, so it is global by contract. Atomic because any thread
   may set it while others read it. 0 until initialised. It holds what was asked for; the cap
   below is applied where it is used, so that a later, wider affinity mask is followed. */
static int requested_threads;
static pthread_once_t threads_once = PTHREAD_ONCE_INIT;

/* NANOBLAS_OVERSUBSCRIBE=1 (read once at load; only tests want it): teams may exceed the CPUs the
   process may use. Otherwise a team never does: a team wider than the CPUs only adds switching
   (and libgomp keeps each extra worker alive for the process's lifetime: OMP_NUM_THREADS=1000 left
   one parked thread per team member, 186 for a 3000^3 dgemm on 2 cores, before the cap).
   Written before threads_once completes, read only after it. */
static int oversubscribe;

/* A positive integer from the environment, or 0. */
static int env_threads(const char *name)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return 0;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (errno || end == s || v <= 0)
        return 0;
    /* OMP_NUM_THREADS may be a list ("4,2") for nested levels: the first entry is ours. */
    if (*end && *end != ',')
        return 0;
    return v > 1024 ? 1024 : (int)v;
}

/* Cores this process may run on: the affinity mask (taskset, cgroups), else the online count.
   The calling thread's mask, as a team started from it inherits that mask, except where OpenMP
   places are in use (OMP_PLACES, OMP_PROC_BIND): libgomp binds the initial thread to its first
   place before our constructor runs (sched_getaffinity then said 1 CPU on this 2-core machine) and
   puts each team member on a place of its own; omp_get_num_procs() then answers the CPUs the
   process started with. Cheap enough for every threaded call (one system call). */
/* CPUs online, read once (init_threads): glibc's sysconf(_SC_NPROCESSORS_ONLN) opens and parses
   a sysfs file, tens of microseconds that every threaded call would pay through capped(). */
static long online_cpus;

static int usable_cores(void)
{
    int n = 0;
#ifdef _OPENMP
    if (omp_get_num_places() > 0 && (n = omp_get_num_procs()) >= 1)
        return n;
#endif
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        n = CPU_COUNT(&set);
#endif
    long online = online_cpus > 0 ? online_cpus : sysconf(_SC_NPROCESSORS_ONLN);
    if (n <= 0 || (online > 0 && n > online))
        n = online > 0 ? (int)online : 1;
    return n;
}

static void init_threads(void)
{
    online_cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int n = env_threads("NANOBLAS_NUM_THREADS");
    if (!n)
        n = env_threads("OPENBLAS_NUM_THREADS");
    if (!n)
        n = env_threads("OMP_NUM_THREADS");
    if (!n)
        n = usable_cores();
    __atomic_store_n(&requested_threads, n, __ATOMIC_RELAXED);
    const char *over = getenv("NANOBLAS_OVERSUBSCRIBE");
    oversubscribe = over && *over && strcmp(over, "0") != 0;
}

/* n, unless it exceeds the CPUs the process may use (see oversubscribe). */
static int capped(int n)
{
    if (!oversubscribe) {
        int cores = usable_cores();
        if (n > cores)
            n = cores;
    }
    return n;
}

/* What a large call from the calling thread uses: what nanoblas_get_num_threads reports. */
__attribute__((unused)) /* only OpenMP builds read the count */
static int get_threads(void)
{
    pthread_once(&threads_once, init_threads);
    int n = __atomic_load_n(&requested_threads, __ATOMIC_RELAXED);
#ifdef _OPENMP
    /* The calling thread's OpenMP limit (omp_set_num_threads, OMP_NUM_THREADS) caps ours, as an
       OpenMP build of OpenBLAS follows omp_get_max_threads(): threadpoolctl limits an OpenBLAS
       whose openblas_get_parallel() says OpenMP through omp_set_num_threads. set_threads sets
       both, so the count set through our API is the one the calling thread gets. */
    int omp = omp_get_max_threads();
    if (omp >= 1 && omp < n)
        n = omp;
#endif
    return capped(n);
}

static void set_threads(int n)
{
    pthread_once(&threads_once, init_threads);
    if (n < 1) /* OpenBLAS treats 0 and negatives as "all cores" */
        n = usable_cores();
    n = n > 1024 ? 1024 : n;
    __atomic_store_n(&requested_threads, n, __ATOMIC_RELAXED);
#ifdef _OPENMP
    /* and the calling thread's OpenMP limit, which caps the count (get_threads), as OpenBLAS's
       OpenMP build does; capped as OpenBLAS caps it, so the program's own regions on this thread
       do not get the oversubscription either */
    omp_set_num_threads(capped(n));
#endif
}

/* A team with at least `min_per_thread` of `work` per thread, at most `max_parts` threads. */
static int team_for(double work, double min_per_thread, size_t max_parts)
{
#ifdef _OPENMP
    /* one thread inside a region of ours (a pool worker, or the master while its region runs)
       and inside the program's own OpenMP regions, whose threads are its cores' users already */
    if (work < 2 * min_per_thread || max_parts < 2 || nb_in_region() || omp_in_parallel())
        return 1;
    int n = get_threads();
    double cap = work / min_per_thread;
    if (cap < n)
        n = (int)cap;
    if ((size_t)n > max_parts)
        n = (int)max_parts;
    return n < 1 ? 1 : n;
#else
    (void)work, (void)min_per_thread, (void)max_parts;
    return 1;
#endif
}

int nb_threads_for(double flops, size_t max_parts)
{
    if (!nb_rt.kset) /* a call before the load-time constructor (static link): thresholds first */
        nb_init();
    return team_for(flops, NB_PARALLEL_MIN_FLOPS / 2, max_parts);
}

int nb_threads_for_stream(double elems, size_t max_parts)
{
    if (!nb_rt.kset)
        nb_init();
    return team_for(elems, NB_STREAM_MIN_ELEMS, max_parts);
}

NB_EXPORT void nanoblas_set_num_threads(int n) { set_threads(n); }
NB_EXPORT int nanoblas_get_num_threads(void)
{
#ifdef _OPENMP
    return get_threads();
#else
    return 1;
#endif
}

NB_EXPORT void openblas_set_num_threads(int n) { set_threads(n); }
NB_EXPORT void goto_set_num_threads(int n) { set_threads(n); }
NB_EXPORT int openblas_get_num_threads(void) { return nanoblas_get_num_threads(); }
/* Fortran callers pass by reference (OpenBLAS exports this form too). */
NB_EXPORT void openblas_set_num_threads_(const int *n) { set_threads(*n); }

/* OpenBLAS's encoding: 0 sequential, 1 pthreads, 2 OpenMP. */
NB_EXPORT int openblas_get_parallel(void)
{
#ifdef _OPENMP
    return 2;
#else
    return 0;
#endif
}

/* At load: the environment is read once. */
__attribute__((constructor)) static void threads_at_load(void) { pthread_once(&threads_once, init_threads); }
