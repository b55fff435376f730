/* Thread-count control: the OpenBLAS API that existing programs and threadpoolctl call, our own
   names, the environment, and the per-call decision. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
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

#ifdef _OPENMP
/* fork() and GNU libgomp, as observed with gcc 12.2's (programs that run teams, fork, and open
   `omp parallel num_threads(n)` in the child under a 5 s alarm):
   - a thread that has been the master of a team of >= 2 keeps a pool of parked workers, which
     fork does not copy; in the child that thread's next team of >= 2 waits for them forever (the
     child hung, whatever the team sizes, 2 after 2, 3 after 2, 2 after 3, 4 after 2). Teams of 1
     never touch the pool and run.
   - a child whose forking thread had no pool (the parent ran no team, or only teams of 1, or ran
     them on another thread that had exited) starts new workers and runs teams of 2 normally; and
     a thread created in a child that hangs that way also runs its teams (it has no pool yet).
   - a child that ran a team is a parent with a pool: its own children hang as above.
   So what matters is the forking thread's pool, which is per thread and invisible through the
   OpenMP API. omp_pause_resource_all frees it, but not for us to call before every fork: even
   omp_pause_soft dropped the program's own threadprivate values in the workers; in the child it
   hung too (it waits for the missing workers). The rule, per thread:
   - team_master: this thread is about to open (or has opened) a team of >= 2 of ours, so it has a
     pool. Set in team_for before the caller's region starts.
   - no_team: this thread is the forking thread of a child whose pool is unusable; its calls run
     on one thread, and nanoblas_get_num_threads says 1 there (an explicit set_num_threads cannot
     change that: libgomp cannot run the team). It is inherited by its own children.
   - at fork, also when the process has more than one thread: those may be workers of the
     program's own OpenMP regions on this thread, which we cannot see; we cannot tell them from
     any other thread, so any second thread (or a thread count we cannot read) means one thread in
     the child. (A process that is down to one thread has no live workers: any pool its thread
     holds is a stale copy from an earlier fork, which no_team records.)
   Thread-local, so no atomics: the prepare and child handlers run on the forking thread (the
   child's only thread), and threads created in a child start clean, as libgomp allows. */
static __thread int team_master, no_team, fork_no_team;

/* The process's thread count from /proc/self/stat (field 20), 0 if unknown. Plain system calls
   into a stack buffer: no stdio locks or allocation inside a fork handler. */
static int process_threads(void)
{
    char buf[1024];
    int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    size_t len = 0;
    for (;;) {
        ssize_t r = read(fd, buf + len, sizeof buf - 1 - len);
        if (r <= 0 || (len += (size_t)r) == sizeof buf - 1)
            break;
    }
    close(fd);
    buf[len] = '\0';
    /* field 2 is the command name in parentheses, which may itself hold spaces and ')' */
    const char *p = strrchr(buf, ')');
    for (int field = 2; p && *p; p++)
        if (*p == ' ' && ++field == 20) {
            int n = 0;
            for (p++; *p >= '0' && *p <= '9' && n < 1000000; p++)
                n = n * 10 + (*p - '0');
            return n;
        }
    return 0;
}

static void before_fork(void)
{
    fork_no_team = team_master || no_team || process_threads() != 1;
}

static void in_child(void) { no_team = fork_no_team; }
#endif

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
#ifdef _OPENMP
    pthread_atfork(before_fork, NULL, in_child);
#endif
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
    if (no_team)
        return 1;
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
    if (work < 2 * min_per_thread || max_parts < 2 || omp_in_parallel())
        return 1;
    int n = get_threads();
    double cap = work / min_per_thread;
    if (cap < n)
        n = (int)cap;
    if ((size_t)n > max_parts)
        n = (int)max_parts;
    if (n <= 1)
        return 1;
    /* from here on this thread owns a libgomp pool that a child forked from it cannot use: the
       flag is set before the caller's region starts it */
    team_master = 1;
    return n;
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

/* At load: the environment is read once, and the fork handlers are in place before the program
   can fork (a child must know whether the thread it was forked from had a libgomp pool). */
__attribute__((constructor)) static void threads_at_load(void) { pthread_once(&threads_once, init_threads); }
