/* nanoblas's thread pool: nb_parallel and nb_barrier (threading/nb_threads.h).

   Why not libgomp's teams: a libgomp thread that waits (for the next region, or in a barrier)
   spins without giving up its CPU, for about 10 ms on the Zen 3 guest of docs/PERFORMANCE.md,
   and how long is fixed from the environment before nanoblas is loaded. When the kernel puts a
   woken worker on the CPU of a spinning thread (a loaded machine, or a guest whose host is), the
   two take turns a time slice at a time: 2-thread Level 2 calls ran at 2-12 GB/s there while
   OpenBLAS, whose waits yield, kept 25-70. Every wait here spins briefly, then yields the CPU
   (so a thread that shares it runs), then sleeps on a futex.

   One pool per thread that opens regions (its "master"), created on the first team of >= 2, as
   libgomp keeps a pool per master: calls from several application threads run side by side on
   teams of their own. Workers block all signals (the program's handlers run on its own threads)
   and live until their master exits (a thread-specific-data destructor stops them) or the
   process ends. After fork() the child has none of them: the child handler moves the fork
   epoch, and a pool from an older epoch is abandoned, not used (its threads do not exist). */
#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "threading/nb_threads.h"

#define POOL_MAX 1024 /* the thread count's own cap (threads.c) */

/* The wait: spin on the CPU's pause instruction, calling sched_yield every YIELD_EVERY pauses
   (some 3-40 us, by the CPU's pause latency) so that a thread sharing this CPU runs, and sleep
   on the futex once AWAKE_NS have passed.
   - Yield, not libgomp's plain spin: with a woken worker queued on the CPU of a spinning thread,
     libgomp's teams took turns a time slice at a time. dgemv 2040 on 2 threads, one call every
     20 ms: 7.8 ms a call under libgomp, 1.1 ms here, OpenBLAS 1.2-1.4 (Zen 3 KVM guest).
   - Not a yield at every turn: that left one call in ten of a 2-thread ddot 131072 at twice
     the median (p90 40-45 us against 21 under libgomp; now 21-22).
   - Awake for 50 ms: waking a sleeping worker cost up to 0.5 ms on the guest (an idle vCPU is
     halted). With 2 ms, that dgemv every 5 or 20 ms took 1.4 and 1.8 ms a call, with 50 ms 1.0
     and 1.1; OpenBLAS's idle workers also stay awake, yielding, before they sleep.
   A region of a memory-bound Level 2 call lasts tens of microseconds: its barriers must never
   sleep. */
#define YIELD_EVERY 1024u
#define AWAKE_NS 50000000L

/* OMP_WAIT_POLICY=passive (or NANOBLAS_WAIT_POLICY, which wins): sleep at once, for programs
   that share their cores and would rather pay the wake-up. Read once, in pool_init; written
   before any worker exists. */
static long awake_ns = AWAKE_NS;

typedef struct pool pool;

typedef struct {
    pool *p;
    int idx;  /* the worker's tid is idx + 1 */
    int seen; /* the last job generation it has looked at */
} worker;

struct pool {
    /* the job: written by the master before gen moves on (seqlock-read by the workers) */
    nb_region_fn fn;
    void *ctx;
    int nt;
    int quit;
    int gen;       /* job generation, odd while a job is written: workers wait for it to move */
    int done;      /* workers that have finished the current job */
    int bar_count; /* threads arrived at the current barrier */
    int bar_gen;   /* barrier generation */
    int gen_sleepers, done_sleepers, bar_sleepers; /* threads asleep on gen, done, bar_gen */
    unsigned epoch;
    int master_cpu; /* the CPU the master posted the job from (-1: unknown) */
    int nworkers;   /* master only */
    pthread_t tids[POOL_MAX];
    worker w[POOL_MAX];
};

/* Moved by the fork child handler: pools of an older epoch belong to threads the child lacks.
   Global because a fork invalidates every thread's pool at once; atomic for the readers. */
static unsigned fork_epoch;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static pthread_key_t pool_key; /* the master's pool, for the destructor at thread exit */

static __thread pool *my_pool;  /* the pool this thread is master of */
static __thread pool *cur_pool; /* the region this thread runs in (barriers), NULL outside */
static __thread int cur_nt;
static __thread int in_region;  /* 1 inside nb_parallel and on workers */

static void futex_wait(int *addr, int val)
{
    syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake(int *addr)
{
    syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#endif
}

static long elapsed_ns(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - t0->tv_sec) * 1000000000L + (t.tv_nsec - t0->tv_nsec);
}

/* Returns once *w != old. The sleeper count and *w are sequentially consistent on both sides
   (here: count up, then read *w; in wake_all: write *w, then read the count), so a change made
   while this thread goes to sleep is either seen here or answered by a wake. */
static void wait_change(int *w, int old, int *sleepers)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (unsigned i = 1;; i++) {
        if (__atomic_load_n(w, __ATOMIC_ACQUIRE) != old)
            return;
        cpu_relax();
        if (!(i % YIELD_EVERY))
            sched_yield();
        if (!(i & 63) && elapsed_ns(&t0) > awake_ns)
            break;
    }
    __atomic_fetch_add(sleepers, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(w, __ATOMIC_SEQ_CST) == old)
        futex_wait(w, old);
    __atomic_fetch_sub(sleepers, 1, __ATOMIC_SEQ_CST);
}

static void wake_all(int *w, int *sleepers)
{
    if (__atomic_load_n(sleepers, __ATOMIC_SEQ_CST))
        futex_wake(w);
}

/* A worker that finds itself on its master's CPU moves off it: its affinity mask without that
   CPU, then the mask back (the thread stays where the kernel put it). Why: two threads that
   wait by yielding alternate every few microseconds, so the kernel's load balancer counts both
   as cache-hot and never pulls one to the idle CPU; once a migration had put a worker on its
   master's CPU (one run in three of a 2-thread ddot 131072 on the Zen 3 guest), every later
   call waited for the handoff: 500-1500 context switches in 3000 calls, one call in five or
   more at 2-6x the median. Only where the process may use at least nt CPUs. */
static void leave_master_cpu(int master_cpu, int nt)
{
    if (master_cpu < 0 || sched_getcpu() != master_cpu)
        return;
    cpu_set_t mask, others;
    if (sched_getaffinity(0, sizeof mask, &mask) || CPU_COUNT(&mask) < nt ||
        !CPU_ISSET(master_cpu, &mask))
        return;
    others = mask;
    CPU_CLR(master_cpu, &others);
    if (sched_setaffinity(0, sizeof others, &others) == 0)
        sched_setaffinity(0, sizeof mask, &mask);
}

static void *worker_main(void *arg)
{
    worker *me = arg;
    pool *p = me->p;
    in_region = 1; /* a BLAS call from inside a region's function runs on one thread */
    for (;;) {
        wait_change(&p->gen, me->seen, &p->gen_sleepers);
        /* seqlock read (post): gen is odd while the master writes the job, and the job read
           belongs to generation g only if gen still says g after it was read. A worker that sat
           out the last job may be reading while the master writes the next one. */
        int g = __atomic_load_n(&p->gen, __ATOMIC_ACQUIRE);
        if (g & 1) {
            cpu_relax();
            continue;
        }
        nb_region_fn fn = __atomic_load_n(&p->fn, __ATOMIC_RELAXED);
        void *ctx = __atomic_load_n(&p->ctx, __ATOMIC_RELAXED);
        int nt = __atomic_load_n(&p->nt, __ATOMIC_RELAXED);
        int quit = __atomic_load_n(&p->quit, __ATOMIC_RELAXED);
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if (__atomic_load_n(&p->gen, __ATOMIC_RELAXED) != g)
            continue; /* seen unchanged: the next wait returns at once and reads again */
        me->seen = g;
        if (quit)
            return NULL;
        if (me->idx + 1 < nt) {
            leave_master_cpu(__atomic_load_n(&p->master_cpu, __ATOMIC_RELAXED), nt);
            cur_pool = p, cur_nt = nt;
            fn(ctx, me->idx + 1, nt);
            cur_pool = NULL, cur_nt = 0;
            __atomic_fetch_add(&p->done, 1, __ATOMIC_SEQ_CST);
            wake_all(&p->done, &p->done_sleepers);
        }
    }
}

/* Posts a job (fn NULL with quit set: the stop order). Only the master calls it, and only when
   no job is running: every worker that took part in the last one has counted itself done. gen
   goes odd, the fields are written, gen goes even (the seqlock of worker_main). */
static void post(pool *p, nb_region_fn fn, void *ctx, int nt, int quit)
{
    __atomic_fetch_add(&p->gen, 1, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_RELEASE);
    __atomic_store_n(&p->done, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&p->fn, fn, __ATOMIC_RELAXED);
    __atomic_store_n(&p->ctx, ctx, __ATOMIC_RELAXED);
    __atomic_store_n(&p->nt, nt, __ATOMIC_RELAXED);
    __atomic_store_n(&p->quit, quit, __ATOMIC_RELAXED);
    __atomic_fetch_add(&p->gen, 1, __ATOMIC_SEQ_CST);
    wake_all(&p->gen, &p->gen_sleepers);
}

/* At a master's exit: stop and join its workers (idle: their master is not in a region). */
static void pool_destroy(void *arg)
{
    pool *p = arg;
    if (!p || p->epoch != __atomic_load_n(&fork_epoch, __ATOMIC_ACQUIRE))
        return; /* a pool from before a fork: its threads are not in this process */
    post(p, NULL, NULL, 0, 1);
    for (int i = 0; i < p->nworkers; i++)
        pthread_join(p->tids[i], NULL);
    free(p);
}

static void in_child(void) { __atomic_fetch_add(&fork_epoch, 1, __ATOMIC_ACQ_REL); }

static void pool_init(void)
{
    const char *policy = getenv("NANOBLAS_WAIT_POLICY");
    if (!policy || !*policy)
        policy = getenv("OMP_WAIT_POLICY");
    if (policy && strcasecmp(policy, "passive") == 0)
        awake_ns = 0;
    pthread_key_create(&pool_key, pool_destroy);
    pthread_atfork(NULL, NULL, in_child);
}

/* This thread's pool with at least `want` workers started, or with as many as could be. */
static pool *get_pool(int want)
{
    pthread_once(&pool_once, pool_init);
    unsigned epoch = __atomic_load_n(&fork_epoch, __ATOMIC_ACQUIRE);
    pool *p = my_pool;
    if (p && p->epoch != epoch)
        p = NULL; /* forked: the old pool's workers are gone (its memory is left as it is) */
    if (!p) {
        if (!(p = calloc(1, sizeof *p)))
            return NULL;
        p->epoch = epoch;
        my_pool = p;
        pthread_setspecific(pool_key, p);
    }
    if (want > POOL_MAX)
        want = POOL_MAX;
    if (p->nworkers < want) {
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old); /* inherited by the new threads */
        while (p->nworkers < want) {
            worker *w = &p->w[p->nworkers];
            w->p = p, w->idx = p->nworkers, w->seen = __atomic_load_n(&p->gen, __ATOMIC_RELAXED);
            if (pthread_create(&p->tids[p->nworkers], NULL, worker_main, w))
                break;
            p->nworkers++;
        }
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    return p;
}

void nb_parallel(int team, nb_region_fn fn, void *ctx)
{
    pool *p = team > 1 && !in_region ? get_pool(team - 1) : NULL;
    int nt = p ? (team - 1 < p->nworkers ? team : p->nworkers + 1) : 1;
    if (nt <= 1) {
        /* a serial region nested in one of ours: its barriers are its own (no-ops), not the
           outer region's */
        pool *outer = cur_pool;
        cur_pool = NULL;
        fn(ctx, 0, 1);
        cur_pool = outer;
        return;
    }
    __atomic_store_n(&p->master_cpu, sched_getcpu(), __ATOMIC_RELAXED);
    post(p, fn, ctx, nt, 0);
    in_region = 1, cur_pool = p, cur_nt = nt;
    fn(ctx, 0, nt);
    cur_pool = NULL, cur_nt = 0, in_region = 0;
    for (int d; (d = __atomic_load_n(&p->done, __ATOMIC_ACQUIRE)) != nt - 1;)
        wait_change(&p->done, d, &p->done_sleepers);
}

void nb_barrier(void)
{
    pool *p = cur_pool;
    if (!p || cur_nt <= 1)
        return;
    int g = __atomic_load_n(&p->bar_gen, __ATOMIC_ACQUIRE);
    if (__atomic_fetch_add(&p->bar_count, 1, __ATOMIC_ACQ_REL) == cur_nt - 1) {
        /* the last to arrive: nobody can arrive at the next barrier before bar_gen moves */
        __atomic_store_n(&p->bar_count, 0, __ATOMIC_RELAXED);
        __atomic_fetch_add(&p->bar_gen, 1, __ATOMIC_SEQ_CST);
        wake_all(&p->bar_gen, &p->bar_sleepers);
    } else {
        wait_change(&p->bar_gen, g, &p->bar_sleepers);
    }
}

int nb_in_region(void) { return in_region; }
