/* peak.c: register-only FMA throughput per ISA and streaming memory bandwidth, measured
   on 1..N concurrent threads. The ISA loops are compiled with per-function target attributes and
   chosen at run time, so this file builds with the baseline compiler flags. */
#define _GNU_SOURCE
#include "peak.h"

#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#define PEAK_X86 1
#include <immintrin.h>
#else
#define PEAK_X86 0
#endif

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

const char *peak_isa_name(enum peak_isa isa)
{
    switch (isa) {
    case PEAK_AVX2: return "avx2";
    case PEAK_AVX512: return "avx512";
    default: return "generic";
    }
}

enum peak_isa peak_isa_for_kernel_set(const char *ks)
{
    if (!ks)
        return PEAK_GENERIC;
    if (!strcmp(ks, "avx512") || !strcmp(ks, "amx"))
        return PEAK_AVX512;
    if (!strcmp(ks, "avx2"))
        return PEAK_AVX2;
    return PEAK_GENERIC;
}

int peak_isa_supported(enum peak_isa isa)
{
#if PEAK_X86
    __builtin_cpu_init();
    switch (isa) {
    case PEAK_AVX512: return __builtin_cpu_supports("avx512f") != 0;
    case PEAK_AVX2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    default: return 1;
    }
#else
    return isa == PEAK_GENERIC;
#endif
}

/* ---- FMA loops ------------------------------------------------------------------------------
   NACC independent accumulator chains, each updated acc = acc * x + y once per iteration. With
   x slightly below 1 the values converge to y / (1 - x) and stay normal. NACC = 12 covers
   latency x throughput (4 x 2 on current x86 cores) with room, and fits the 16 ymm registers of
   AVX2 together with x and y. Each function returns the flops it did (2 per lane per FMA). */
#define NACC 12
#define REP12(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)

static volatile double g_sink;

#define FMA_BODY(VT, SET1, FMA, ADD, LANES, STORE_T, STORE)                                     \
    VT x = SET1(0.99999), y = SET1(1e-5);                                                       \
    REP12(DECL)                                                                                 \
    for (long it = 0; it < iters; it++) {                                                       \
        REP12(STEP)                                                                             \
    }                                                                                           \
    VT s = a0;                                                                                  \
    REP12(SUM)                                                                                  \
    STORE_T out[LANES];                                                                         \
    STORE(out, s);                                                                              \
    g_sink = (double)out[0];                                                                    \
    return 2.0 * NACC * (LANES) * (double)iters;

#if PEAK_X86
#define DECL(i) __m512d a##i = _mm512_set1_pd(0.1 * (i));
#define STEP(i) a##i = _mm512_fmadd_pd(a##i, x, y);
#define SUM(i) s = _mm512_add_pd(s, a##i);
__attribute__((target("avx512f"))) static double fma_avx512_d(long iters)
{
    FMA_BODY(__m512d, _mm512_set1_pd, _mm512_fmadd_pd, _mm512_add_pd, 8, double,
             _mm512_storeu_pd)
}
#undef DECL
#undef STEP
#undef SUM

#define DECL(i) __m512 a##i = _mm512_set1_ps(0.1f * (i));
#define STEP(i) a##i = _mm512_fmadd_ps(a##i, x, y);
#define SUM(i) s = _mm512_add_ps(s, a##i);
__attribute__((target("avx512f"))) static double fma_avx512_s(long iters)
{
    FMA_BODY(__m512, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, 16, float,
             _mm512_storeu_ps)
}
#undef DECL
#undef STEP
#undef SUM

#define DECL(i) __m256d a##i = _mm256_set1_pd(0.1 * (i));
#define STEP(i) a##i = _mm256_fmadd_pd(a##i, x, y);
#define SUM(i) s = _mm256_add_pd(s, a##i);
__attribute__((target("avx2,fma"))) static double fma_avx2_d(long iters)
{
    FMA_BODY(__m256d, _mm256_set1_pd, _mm256_fmadd_pd, _mm256_add_pd, 4, double,
             _mm256_storeu_pd)
}
#undef DECL
#undef STEP
#undef SUM

#define DECL(i) __m256 a##i = _mm256_set1_ps(0.1f * (i));
#define STEP(i) a##i = _mm256_fmadd_ps(a##i, x, y);
#define SUM(i) s = _mm256_add_ps(s, a##i);
__attribute__((target("avx2,fma"))) static double fma_avx2_s(long iters)
{
    FMA_BODY(__m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, 8, float,
             _mm256_storeu_ps)
}
#undef DECL
#undef STEP
#undef SUM
#endif /* PEAK_X86 */

/* Generic: 16-byte GCC vectors with the baseline flags (SSE2 mul + add on x86-64; a fused
   multiply-add where the baseline has one and the compiler contracts a * x + y). */
typedef double v2d __attribute__((vector_size(16)));
typedef float v4f __attribute__((vector_size(16)));
#define V2D_SET1(v) ((v2d){(v), (v)})
#define V4F_SET1(v) ((v4f){(float)(v), (float)(v), (float)(v), (float)(v)})
#define V_FMA(a, b, c) ((a) * (b) + (c))
#define V_ADD(a, b) ((a) + (b))
#define V_STORE(p, v) memcpy((p), &(v), sizeof(v))

#define DECL(i) v2d a##i = V2D_SET1(0.1 * (i));
#define STEP(i) a##i = V_FMA(a##i, x, y);
#define SUM(i) s = V_ADD(s, a##i);
static double fma_generic_d(long iters)
{
    FMA_BODY(v2d, V2D_SET1, V_FMA, V_ADD, 2, double, V_STORE)
}
#undef DECL
#undef STEP
#undef SUM

#define DECL(i) v4f a##i = V4F_SET1(0.1f * (i));
#define STEP(i) a##i = V_FMA(a##i, x, y);
#define SUM(i) s = V_ADD(s, a##i);
static double fma_generic_s(long iters)
{
    FMA_BODY(v4f, V4F_SET1, V_FMA, V_ADD, 4, float, V_STORE)
}
#undef DECL
#undef STEP
#undef SUM

typedef double (*fma_fn)(long);

static fma_fn fma_pick(enum peak_isa isa, int is_double)
{
#if PEAK_X86
    if (isa == PEAK_AVX512)
        return is_double ? fma_avx512_d : fma_avx512_s;
    if (isa == PEAK_AVX2)
        return is_double ? fma_avx2_d : fma_avx2_s;
#endif
    return is_double ? fma_generic_d : fma_generic_s;
}

/* ---- running a timed loop on N threads at once -----------------------------------------------
   Thread 0 is the caller. Every trial starts and ends on a barrier; thread 0 times the span
   between the two barriers, so the figure covers all threads working concurrently. */
#define TRIALS 4

struct team {
    int nthreads;
    int trials;
    pthread_barrier_t bar;
    double best; /* shortest trial, seconds */
    void (*work)(struct team *, int tid);
    /* FMA */
    fma_fn fn;
    long iters;
    /* streaming update */
    double *a, *b;
    size_t n;
};

static void team_trials(struct team *t, int tid)
{
    for (int trial = 0; trial < t->trials; trial++) {
        pthread_barrier_wait(&t->bar);
        double t0 = now_s();
        t->work(t, tid);
        pthread_barrier_wait(&t->bar);
        if (tid == 0) {
            double dt = now_s() - t0;
            if (trial == 0 || dt < t->best)
                t->best = dt;
        }
    }
}

struct member {
    struct team *t;
    int tid;
};

static void *member_main(void *p)
{
    struct member *m = p;
    team_trials(m->t, m->tid);
    return NULL;
}

/* Runs t->trials trials of t->work on t->nthreads threads; returns 0 on success. */
static int team_run(struct team *t)
{
    int n = t->nthreads;
    pthread_t *th = calloc((size_t)n, sizeof *th);
    struct member *mb = calloc((size_t)n, sizeof *mb);
    if (!th || !mb || pthread_barrier_init(&t->bar, NULL, (unsigned)n)) {
        free(th);
        free(mb);
        return -1;
    }
    int started = 1, rc = 0;
    for (int i = 1; i < n; i++) {
        mb[i].t = t;
        mb[i].tid = i;
        if (pthread_create(&th[i], NULL, member_main, &mb[i])) {
            rc = -1;
            break;
        }
        started++;
    }
    if (rc == 0)
        team_trials(t, 0);
    /* If a thread failed to start, the others would wait forever on the barrier: there is no
       way out but to report it; this does not happen short of resource exhaustion. */
    for (int i = 1; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&t->bar);
    free(th);
    free(mb);
    return rc;
}

static void fma_work(struct team *t, int tid)
{
    (void)tid;
    t->fn(t->iters);
}

double peak_fma_gflops(enum peak_isa isa, int is_double, int threads)
{
    if (!peak_isa_supported(isa))
        return 0.0;
    if (threads < 1)
        threads = 1;
    fma_fn fn = fma_pick(isa, is_double);
    /* Calibrate once per loop on one thread: iterations for ~25 ms per trial. */
    static long iters_cache[PEAK_NISA][2];
    long iters = iters_cache[isa][is_double != 0];
    if (!iters) {
        iters = 1L << 16;
        for (;;) {
            double t0 = now_s();
            fn(iters);
            double dt = now_s() - t0;
            if (dt > 0.005 || iters > (1L << 40))
                break;
            iters *= 4;
        }
        double t0 = now_s();
        fn(iters);
        double dt = now_s() - t0;
        if (dt > 0)
            iters = (long)((double)iters * 0.025 / dt) + 1;
        iters_cache[isa][is_double != 0] = iters;
    }
    struct team t = {
        .nthreads = threads, .trials = TRIALS, .work = fma_work, .fn = fn, .iters = iters};
    if (team_run(&t) || t.best <= 0)
        return 0.0;
    double flops_per_thread = 2.0 * NACC * (double)iters;
    int lanes;
    switch (isa) {
    case PEAK_AVX512: lanes = is_double ? 8 : 16; break;
    case PEAK_AVX2: lanes = is_double ? 4 : 8; break;
    default: lanes = is_double ? 2 : 4; break;
    }
    return flops_per_thread * lanes * threads / t.best * 1e-9;
}

/* ---- streaming update ------------------------------------------------------------------------ */
static void chunk(size_t n, int nthreads, int tid, size_t *lo, size_t *hi)
{
    size_t per = (n + (size_t)nthreads - 1) / (size_t)nthreads;
    per = (per + 7) & ~(size_t)7; /* whole cache lines per thread */
    *lo = per * (size_t)tid;
    *hi = *lo + per;
    if (*lo > n)
        *lo = n;
    if (*hi > n)
        *hi = n;
}

/* a[i] += s * b[i]: two streams read, one written back to lines just read, the access
   pattern of a GEMM with small k updating C; every byte counted is a byte moved (no
   write-allocate traffic left out, unlike a triad into a third array). */
static void update_work(struct team *t, int tid)
{
    size_t lo, hi;
    chunk(t->n, t->nthreads, tid, &lo, &hi);
    double *restrict a = t->a;
    const double *restrict b = t->b;
    const double s = 1e-3;
    for (size_t i = lo; i < hi; i++)
        a[i] += s * b[i];
}

static void init_work(struct team *t, int tid)
{
    size_t lo, hi;
    chunk(t->n, t->nthreads, tid, &lo, &hi);
    for (size_t i = lo; i < hi; i++) {
        t->a[i] = 0.0;
        t->b[i] = 1.0;
    }
}

double peak_stream_gbs(size_t bytes, int threads)
{
    /* The arrays are kept between calls (the measurement is repeated during a run). */
    static double *a, *b;
    static size_t have;
    if (threads < 1)
        threads = 1;
    size_t n = bytes / 2 / sizeof(double);
    n = (n + 7) & ~(size_t)7;
    size_t sz = n * sizeof(double);
    struct team t = {.nthreads = threads, .n = n};
    if (n != have) {
        free(a);
        free(b);
        a = aligned_alloc(64, sz);
        b = aligned_alloc(64, sz);
        have = 0;
        if (!a || !b) {
            free(a);
            free(b);
            a = b = NULL;
            return 0.0;
        }
        /* First touch by the threads that will stream the data (matters on NUMA machines). */
        t.a = a;
        t.b = b;
        t.work = init_work;
        t.trials = 1;
        if (team_run(&t))
            return 0.0;
        have = n;
    }
    t.a = a;
    t.b = b;
    t.work = update_work;
    t.trials = TRIALS;
    double gbs = 0.0;
    if (team_run(&t) == 0 && t.best > 0)
        gbs = 3.0 * (double)sz / t.best * 1e-9;
    g_sink = a[n / 2];
    return gbs;
}

/* Size of the highest cache level from sysfs (what the kernel reports for cpu0); glibc's
   sysconf can be far off on some AMD/virtual machines, so it is only the fallback. */
static size_t llc_sysfs(void)
{
    size_t best = 0;
    int best_level = 0;
    for (int idx = 0; idx < 16; idx++) {
        char path[128], buf[64];
        int level = 0;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", idx);
        FILE *f = fopen(path, "r");
        if (!f)
            break;
        if (fscanf(f, "%d", &level) != 1)
            level = 0;
        fclose(f);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", idx);
        f = fopen(path, "r");
        if (!f)
            continue;
        if (!fgets(buf, sizeof buf, f))
            buf[0] = 0;
        fclose(f);
        if (!strncmp(buf, "Instruction", 11))
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", idx);
        f = fopen(path, "r");
        if (!f)
            continue;
        unsigned long v = 0;
        char unit = 0;
        int got = fscanf(f, "%lu%c", &v, &unit);
        fclose(f);
        if (got < 1)
            continue;
        size_t bytes = v;
        if (got == 2 && (unit == 'K' || unit == 'k'))
            bytes = v << 10;
        else if (got == 2 && (unit == 'M' || unit == 'm'))
            bytes = v << 20;
        if (level > best_level || (level == best_level && bytes > best)) {
            best_level = level;
            best = bytes;
        }
    }
    return best;
}

size_t peak_llc_bytes(void)
{
    size_t s = llc_sysfs();
    if (s)
        return s;
    long l3 = -1, l2 = -1;
#ifdef _SC_LEVEL3_CACHE_SIZE
    l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#ifdef _SC_LEVEL2_CACHE_SIZE
    l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    if (l3 > 0)
        return (size_t)l3;
    if (l2 > 0)
        return (size_t)l2;
    return (size_t)32 << 20;
}
