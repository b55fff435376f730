/* Thread-count control: the OpenBLAS API that existing programs and threadpoolctl call, our own
   names, the environment, and the per-call decision. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "blas/nb_common.h"
#include "threading/nb_threads.h"

/* Below this many flops a call runs on one thread: forking a team costs a few microseconds, as
   much as ~200 kflop of work, and small problems do not split into enough register tiles. */
#define NB_PARALLEL_MIN_FLOPS 4.0e6

/* Level 2: a thread per this many matrix elements. A gemv on a 256 x 256 double matrix takes
   ~10 us on one core, long enough that a second one pays for waking it (measured below in
   docs/PERFORMANCE.md); below that the calling thread is faster alone. */
#ifndef NB_STREAM_MIN_ELEMS
#define NB_STREAM_MIN_ELEMS 32768.0
#endif

/* The process-wide thread count, as OpenBLAS keeps it: openblas_set_num_threads must change
   what later calls from any thread use, so it is global by contract. Atomic because any thread
   may set it while others read it. 0 until initialised. */
static int requested_threads;
static pthread_once_t threads_once = PTHREAD_ONCE_INIT;

/* Set in the child of a fork(): GNU libgomp's thread pool does not survive fork (the child has
   only the forking thread, and a parallel region would wait forever for the missing workers), so
   a forked child computes on its calling thread alone. Written only by the atfork handler. */
static int in_forked_child;

static void mark_forked_child(void) { in_forked_child = 1; }

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

/* Cores this process may run on: the affinity mask (taskset, cgroups), else the online count. */
static int usable_cores(void)
{
    int n = 0;
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        n = CPU_COUNT(&set);
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (n <= 0 || (online > 0 && n > online))
        n = online > 0 ? (int)online : 1;
    return n;
}

static void init_threads(void)
{
    int n = env_threads("NANOBLAS_NUM_THREADS");
    if (!n)
        n = env_threads("OPENBLAS_NUM_THREADS");
    if (!n)
        n = env_threads("OMP_NUM_THREADS");
    if (!n)
        n = usable_cores();
    __atomic_store_n(&requested_threads, n, __ATOMIC_RELAXED);
    pthread_atfork(NULL, NULL, mark_forked_child);
}

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
    return n;
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
       OpenMP build does */
    omp_set_num_threads(n);
#endif
}

/* A team with at least `min_per_thread` of `work` per thread, at most `max_parts` threads. */
static int team_for(double work, double min_per_thread, size_t max_parts)
{
#ifdef _OPENMP
    if (work < 2 * min_per_thread || max_parts < 2 || omp_in_parallel())
        return 1;
    int n = get_threads();
    if (in_forked_child)
        return 1;
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
    return team_for(flops, NB_PARALLEL_MIN_FLOPS / 2, max_parts);
}

int nb_threads_for_stream(double elems, size_t max_parts)
{
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

/* At load, so that the fork handler is in place before the program can fork (its own OpenMP
   regions leave a libgomp pool behind just as ours do). */
__attribute__((constructor)) static void threads_at_load(void) { pthread_once(&threads_once, init_threads); }
