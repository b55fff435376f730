/* The thread pool itself (threading/pool.c, compiled into this program: its functions are
   internal to the library). Regions of random sizes, back to back and after pauses long enough
   for the workers to fall asleep; barriers whose every phase is checked; several masters at
   once, each with its own pool; nested regions; a master thread's exit; fork; the passive wait
   policy (straight to the futex). A lost wake-up
   or a worker running a job twice shows up as a hang (the alarm) or a wrong count. Built with
   -fsanitize=thread by hand, it is also the pool's race test (docs/ARCHITECTURE.md, Threads). */
#define _GNU_SOURCE
#include "threading/pool.c"

#include <stdio.h>
#include <sys/wait.h>

#include "tests/testutil.h"

#define MAXT 8

typedef struct {
    int nt_seen[MAXT];  /* the nt each thread was given */
    int runs[MAXT];     /* how often each tid ran */
    int phase[MAXT];    /* the barrier phase each thread has passed */
    int bad;            /* barrier violations */
    int phases;
    int nested_nt; /* the nt of the region that the last thread opened inside its own */
} region_log;

static void nested_fn(void *ctx, int tid, int nt)
{
    region_log *L = ctx;
    if (tid == 0)
        L->nested_nt = nt;
    nb_barrier(); /* in a serial nested region a no-op, not the outer region's barrier */
}

static void log_fn(void *ctx, int tid, int nt)
{
    region_log *L = ctx;
    L->nt_seen[tid] = nt;
    __atomic_fetch_add(&L->runs[tid], 1, __ATOMIC_RELAXED);
    for (int ph = 1; ph <= L->phases; ph++) {
        __atomic_store_n(&L->phase[tid], ph, __ATOMIC_RELEASE);
        nb_barrier();
        /* after the barrier every thread has reached phase ph, and none has gone past it
           (nobody passes the next barrier before this thread arrives there) */
        for (int t = 0; t < nt; t++) {
            int p = __atomic_load_n(&L->phase[t], __ATOMIC_ACQUIRE);
            if (p != ph)
                __atomic_fetch_add(&L->bad, 1, __ATOMIC_RELAXED);
        }
        nb_barrier();
    }
    if (tid == nt - 1)
        nb_parallel(2, nested_fn, L);
}

/* n regions of team 1..4 from this thread, some after a pause (sleeping workers). */
static long run_regions(int n, unsigned seed, int pauses)
{
    long fails = 0;
    for (int r = 0; r < n; r++) {
        seed = seed * 1103515245u + 12345u;
        int team = 1 + (int)((seed >> 16) % 4);
        region_log L = {.phases = 1 + (int)((seed >> 8) % 3)};
        if (pauses && r % 50 == 49)
            usleep(5000); /* past the yield phase: the workers sleep on the futex */
        nb_parallel(team, log_fn, &L);
        int nt = L.nt_seen[0];
        /* nested in a team: one thread; nested in a region of one (not a team, as in OpenMP):
           a team of its own may run it */
        fails += nt < 1 || nt > team || L.bad || (nt > 1 ? L.nested_nt != 1 : L.nested_nt < 1);
        for (int t = 0; t < MAXT; t++)
            fails += L.runs[t] != (t < nt) || (t < nt && L.nt_seen[t] != nt);
    }
    return fails;
}

static void *master(void *arg)
{
    long *fails = arg;
    *fails = run_regions(tu_quick() ? 300 : 1500, (unsigned)(size_t)arg, 1);
    return NULL; /* the pool's destructor joins its workers here */
}

int main(void)
{
    alarm(120); /* the whole program takes about a second: a hang is a lost wake-up */
    int n = tu_quick() ? 1000 : 5000;
    TU_CHECK(run_regions(n, 1, 1) == 0, "one master: %d regions", n);
    TU_CHECK(!nb_in_region(), "the master is outside a region after it");

    pthread_t th[3];
    long fails[3] = {0};
    for (int i = 0; i < 3; i++)
        TU_CHECK(pthread_create(&th[i], NULL, master, &fails[i]) == 0, "pthread_create");
    for (int i = 0; i < 3; i++)
        pthread_join(th[i], NULL), TU_CHECK(fails[i] == 0, "master thread %d: %ld bad regions", i,
                                                fails[i]);

    /* the passive policy: every wait goes to the futex at once, so a lost wake-up hangs */
    awake_ns = 0;
    TU_CHECK(run_regions(n / 2, 3, 0) == 0, "passive waits: %d regions", n / 2);

    /* the parent's workers are parked: a child has none and must start its own */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(120);
        _exit(run_regions(200, 7, 0) == 0 ? 0 : 1);
    }
    int status = 0;
    TU_CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
             "regions in a forked child (status %d)", status);

    printf("test_pool: %ld checks, %ld failed\n", tu_checks, tu_failures);
    return tu_failures != 0;
}
