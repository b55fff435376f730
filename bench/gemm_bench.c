/* gemm_bench: times cblas_sgemm / cblas_dgemm / cblas_cgemm / cblas_zgemm of nanoblas and of
   other BLAS libraries, each loaded with dlopen from a path given on the command line, in one
   process.

   Method, per shape (type, layout, transposes, m, n, k) and thread count:
   - every library gets the same operands (64-byte aligned, uniform random in [-1, 1));
   - a warm-up call, whose result is compared with the first library's (a mis-loaded library or
     a wrong result shows up as a warning and a '!' in the table);
   - a calibration picks how many calls make one timing sample (>= 1 ms, so small shapes are
     timed over many calls);
   - samples are taken round-robin across the libraries (lib A, lib B, ..., lib A, ...) so that
     machine noise hits all of them alike, until each has had its time budget and the minimum
     number of samples, or the maximum number of samples;
   - the median sample is reported as GFLOPS (2mnk flops per call; 8mnk for complex: a complex
     multiply-add is 4 real multiplies and 4 real adds) and as a percentage of the FMA peak
     measured by this program for the instruction set of the nanoblas kernel set in use (fp32 for
     s and c, fp64 for d and z).
   With --gemm3m, c and z time cblas_cgemm3m / cblas_zgemm3m instead (rows labelled c3m, z3m;
   still 8mnk flops, the count of ?gemm, so that the rates compare; a looser verify tolerance).
   The table goes to stdout, one CSV row per library and shape to --csv, progress to stderr.

   The program is not linked to any BLAS: everything comes through dlopen(RTLD_LOCAL |
   RTLD_DEEPBIND), so several BLAS libraries, which export the same names, coexist. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "bench_libs.h"
#include "peak.h"
#include "shapes.h"
#include "gemm_bench.h"

/* ---- small utilities ------------------------------------------------------------------------ */
void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gemm_bench: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gemm_bench: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void *xaligned(size_t bytes)
{
    size_t sz = (bytes + 63) & ~(size_t)63;
    if (sz == 0)
        sz = 64;
    void *p = aligned_alloc(64, sz);
    if (!p)
        die("out of memory allocating %zu bytes", sz);
    return p;
}

/* splitmix64: a simple, well-distributed 64-bit generator; enough for benchmark operands. */
static double rng_unit(uint64_t *s) /* uniform in [-1, 1) */
{
    return (double)(rng_next(s) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

static void fill(void *p, size_t count, int is_double, uint64_t seed)
{
    uint64_t s = seed;
    if (is_double) {
        double *d = p;
        for (size_t i = 0; i < count; i++)
            d[i] = rng_unit(&s);
    } else {
        float *f = p;
        for (size_t i = 0; i < count; i++)
            f[i] = (float)rng_unit(&s);
    }
}

static double median(const double *v, int n)
{
    double tmp[MAX_SAMPLES];
    if (n <= 0)
        return 0.0;
    memcpy(tmp, v, (size_t)n * sizeof *tmp);
    qsort(tmp, (size_t)n, sizeof *tmp, cmp_double);
    return (n & 1) ? tmp[n / 2] : 0.5 * (tmp[n / 2 - 1] + tmp[n / 2]);
}

int cpus_usable(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0)
            return n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* Load from elsewhere: CPU time the whole machine spent busy (/proc/stat, plus time the
   hypervisor stole) minus this process's own CPU time, over a span of wall time. */
struct load_snap {
    double busy, self, wall;
};

static void load_snap(struct load_snap *l)
{
    l->wall = now_s();
    l->busy = -1;
    FILE *f = fopen("/proc/stat", "r");
    if (f) {
        unsigned long long v[10] = {0};
        if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                   &v[4], &v[5], &v[6], &v[7]) == 8) {
            /* user nice system idle iowait irq softirq steal: all but idle and iowait */
            double tick = (double)sysconf(_SC_CLK_TCK);
            l->busy = (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / (tick > 0 ? tick : 100);
        }
        fclose(f);
    }
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    l->self = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- libraries ------------------------------------------------------------------------------ */


struct lib libs[MAX_LIBS];
int nlibs;
int g_no_deepbind; /* --no-deepbind */
int g_gemm3m;      /* --gemm3m: c and z call cblas_cgemm3m / cblas_zgemm3m */

static void lib_set_threads(struct lib *L, int n) { bench_set_threads(&L->set, n); }

static int lib_load(struct lib *L)
{
    dlerror();
    L->h = dlopen(L->path, RTLD_NOW | RTLD_LOCAL | (g_no_deepbind ? 0 : RTLD_DEEPBIND));
    if (!L->h) {
        note("cannot load %s (%s): %s -- skipped", L->name, L->path, dlerror());
        return -1;
    }
    L->sgemm = (sgemm_fn)dlsym(L->h, "cblas_sgemm");
    L->dgemm = (dgemm_fn)dlsym(L->h, "cblas_dgemm");
    /* --gemm3m: the 3M routines (the same signature as cblas_cgemm / cblas_zgemm) take the
       complex slots. */
    L->cgemm = (xgemm_fn)dlsym(L->h, g_gemm3m ? "cblas_cgemm3m" : "cblas_cgemm");
    L->zgemm = (xgemm_fn)dlsym(L->h, g_gemm3m ? "cblas_zgemm3m" : "cblas_zgemm");
    if (!L->sgemm && !L->dgemm && !L->cgemm && !L->zgemm) {
        note("%s (%s) exports no cblas_?gemm%s -- skipped", L->name, L->path,
             g_gemm3m ? " (c, z: cblas_?gemm3m)" : "");
        dlclose(L->h);
        L->h = NULL;
        return -1;
    }
    L->set = bench_find_setter(L->h);
    char *o = bench_describe_lib(L->h, L->info, sizeof L->info, &L->is_nanoblas);
    snprintf(o, sizeof L->info - (size_t)(o - L->info), "threads via %s",
             L->set.name ? L->set.name : "environment only");
    return 0;
}

/* ---- peak figures (measured once, cached) --------------------------------------------------- */
static FILE *csv;
static int nb_index = -1; /* index of nanoblas in libs[], or -1 */
static enum peak_isa peak_isa_used;

static double peak_cache[PEAK_NISA][2][MAX_THREADS_LIST + 1];
static double bw_cache[MAX_THREADS_LIST + 1];
static int max_threads_in_list(void)
{
    int mx = 1;
    for (int i = 0; i < opt.nthreads; i++)
        if (opt.threads[i] > mx)
            mx = opt.threads[i];
    return mx;
}

static int thread_slot(int t)
{
    for (int i = 0; i < opt.nthreads; i++)
        if (opt.threads[i] == t)
            return i + 1;
    return 0; /* slot 0: one thread, always measured */
}

#define PEAK_ROUNDS 5

/* Every figure is the largest of PEAK_ROUNDS measurements taken round-robin, so that a noisy
   spell of the machine does not sink one of them; refresh_peaks() adds one more measurement of
   the figures a shape uses just before the shape is timed, so the reference keeps up with a
   machine that was busy at the start. */
static void measure_peaks(void)
{
    for (int round = 0; round < PEAK_ROUNDS; round++) {
        for (int i = -1; i < opt.nthreads; i++) {
            int t = i < 0 ? 1 : opt.threads[i];
            if (i >= 0 && (t == 1 || thread_slot(t) != i + 1))
                continue; /* one thread is slot 0; skip repeated counts */
            int slot = t == 1 ? 0 : i + 1;
            for (int isa = 0; isa < PEAK_NISA; isa++) {
                /* All ISAs on one thread (for information, two rounds); only the one used for
                   % of peak on more threads. */
                int used = isa == (int)peak_isa_used;
                if (!peak_isa_supported((enum peak_isa)isa) || (!used && (t > 1 || round >= 2)))
                    continue;
                for (int dbl = 0; dbl < 2; dbl++) {
                    double g = peak_fma_gflops((enum peak_isa)isa, dbl, t);
                    if (g > peak_cache[isa][dbl][slot])
                        peak_cache[isa][dbl][slot] = g;
                }
            }
            double b = peak_stream_gbs(opt.bw_bytes, t);
            if (b > bw_cache[slot])
                bw_cache[slot] = b;
        }
    }
}

static void refresh_peaks(int is_double, int threads, int want_bw)
{
    if (opt.no_peak)
        return;
    int slot = threads == 1 ? 0 : thread_slot(threads);
    double g = peak_fma_gflops(peak_isa_used, is_double, threads);
    if (g > peak_cache[peak_isa_used][is_double][slot])
        peak_cache[peak_isa_used][is_double][slot] = g;
    if (want_bw) {
        double b = peak_stream_gbs(opt.bw_bytes, threads);
        if (b > bw_cache[slot])
            bw_cache[slot] = b;
    }
}

static double peak_get(enum peak_isa isa, int is_double, int threads)
{
    if (opt.no_peak)
        return 0.0;
    int slot = threads == 1 ? 0 : thread_slot(threads);
    double *p = &peak_cache[isa][is_double][slot];
    if (*p == 0.0)
        *p = peak_fma_gflops(isa, is_double, threads);
    return *p;
}

static double bw_get(int threads)
{
    if (opt.no_peak)
        return 0.0;
    int slot = threads == 1 ? 0 : thread_slot(threads);
    if (bw_cache[slot] == 0.0)
        bw_cache[slot] = peak_stream_gbs(opt.bw_bytes, threads);
    return bw_cache[slot];
}

/* ---- one measurement ------------------------------------------------------------------------ */
struct problem {
    char type;      /* 's', 'd', 'c' or 'z' */
    int is_double;  /* fp64 parts (d, z): the tolerance and the peak of the type */
    int is_complex; /* c, z: an element is a (re, im) pair */
    int layout, ta, tb;
    int m, n, k;
    int lda, ldb, ldc;
    size_t a_elems, b_elems, c_elems; /* elements, each of elem_bytes */
    size_t elem_bytes;
    void *A, *B, *C, *Cref;
    uint64_t c_seed;
};

/* Flops of one call: a complex multiply-add is 4 real multiplies and 4 real adds. */
static double problem_flops(const struct problem *p)
{
    return (p->is_complex ? 8.0 : 2.0) * p->m * (double)p->n * p->k;
}

static void call_gemm(const struct lib *L, const struct problem *p)
{
    static const float one_c[2] = {1.0f, 0.0f};
    static const double one_z[2] = {1.0, 0.0};
    switch (p->type) {
    case 'd':
        L->dgemm(p->layout, p->ta, p->tb, p->m, p->n, p->k, 1.0, p->A, p->lda, p->B, p->ldb, 1.0,
                 p->C, p->ldc);
        break;
    case 's':
        L->sgemm(p->layout, p->ta, p->tb, p->m, p->n, p->k, 1.0f, p->A, p->lda, p->B, p->ldb,
                 1.0f, p->C, p->ldc);
        break;
    case 'z':
        L->zgemm(p->layout, p->ta, p->tb, p->m, p->n, p->k, one_z, p->A, p->lda, p->B, p->ldb,
                 one_z, p->C, p->ldc);
        break;
    default:
        L->cgemm(p->layout, p->ta, p->tb, p->m, p->n, p->k, one_c, p->A, p->lda, p->B, p->ldb,
                 one_c, p->C, p->ldc);
        break;
    }
}

static int lib_has(const struct lib *L, char type)
{
    if (!L->h)
        return 0;
    switch (type) {
    case 's': return L->sgemm != NULL;
    case 'd': return L->dgemm != NULL;
    case 'c': return L->cgemm != NULL;
    default: return L->zgemm != NULL;
    }
}

/* The row label of a type: "z3m" / "c3m" for the complex types under --gemm3m, else the letter. */
static const char *type_label(char type)
{
    static char buf[8];
    int is_complex = type == 'c' || type == 'z';
    snprintf(buf, sizeof buf, "%c%s", type, g_gemm3m && is_complex ? "3m" : "");
    return buf;
}

/* Largest relative max-norm difference from the reference library that passes. The 3M method
   forms the imaginary part as a difference (P3 - P1 - P2) of products larger than it, so its
   error bound is wider: x10 for c and z under --gemm3m. */
static double verify_tol(const struct problem *p)
{
    double tol = p->is_double ? 1e-9 : 1e-3;
    return g_gemm3m && p->is_complex ? 10 * tol : tol;
}

static double time_calls(const struct lib *L, const struct problem *p, long calls)
{
    double t0 = now_s();
    for (long i = 0; i < calls; i++)
        call_gemm(L, p);
    return now_s() - t0;
}

/* max |C - Cref| / max |Cref| over the m x n (or n x m) stored block; for complex types over
   the real and imaginary parts alike (a stored column is 2 x rows consecutive reals). */
static double rel_diff(const struct problem *p)
{
    size_t w = p->is_complex ? 2 : 1;
    size_t rows = w * (size_t)(p->layout == COL_MAJOR ? p->m : p->n);
    int cols = p->layout == COL_MAJOR ? p->n : p->m;
    double dmax = 0, rmax = 0;
    for (int j = 0; j < cols; j++)
        for (size_t i = 0; i < rows; i++) {
            size_t idx = (size_t)j * w * (size_t)p->ldc + i;
            double c, r;
            if (p->is_double) {
                c = ((double *)p->C)[idx];
                r = ((double *)p->Cref)[idx];
            } else {
                c = ((float *)p->C)[idx];
                r = ((float *)p->Cref)[idx];
            }
            double d = fabs(c - r);
            if (!(d <= dmax)) /* catches NaN */
                dmax = isnan(d) ? INFINITY : d;
            if (fabs(r) > rmax)
                rmax = fabs(r);
        }
    return rmax > 0 ? dmax / rmax : dmax;
}

struct result {
    int ok;
    double samples[MAX_SAMPLES];
    int nsamples;
    long inner;
    double spent;
    double gf_med, gf_min, gf_max;
    double reldiff; /* -1: not compared (the reference itself) */
};

/* Worker threads left spinning by a multi-threaded call compete only with multi-threaded calls
   of the next library, and with the first calls of a row that follows a multi-threaded row: a
   1-thread row pauses once at its start, not after every sample. */
static void settle(int threads)
{
    if (opt.settle_ms > 0 && threads > 1)
        usleep((useconds_t)opt.settle_ms * 1000);
}

static int trans_code(char t)
{
    return t == 'C' ? CONJ_TRANS : t == 'T' ? TRANS : NO_TRANS;
}

/* type: 's', 'd', 'c' or 'z'; ta, tb: 'N', 'T' or 'C' (the caller turns C into T for s and d). */
static void problem_setup(struct problem *p, const struct shape *s, char type, int layout,
                          char ta, char tb)
{
    memset(p, 0, sizeof *p);
    p->type = type;
    p->is_double = type == 'd' || type == 'z';
    p->is_complex = type == 'c' || type == 'z';
    int is_double = p->is_double;
    size_t w = p->is_complex ? 2 : 1; /* reals per element */
    p->elem_bytes = w * (is_double ? 8 : 4);
    p->layout = layout;
    p->ta = trans_code(ta);
    p->tb = trans_code(tb);
    p->m = s->m;
    p->n = s->n;
    p->k = s->k;
    /* Stored shapes: op(A) is m x k, op(B) is k x n, C is m x n (T and C store alike). */
    int ar = ta != 'N' ? s->k : s->m, ac = ta != 'N' ? s->m : s->k;
    int br = tb != 'N' ? s->n : s->k, bc = tb != 'N' ? s->k : s->n;
    int col = layout == COL_MAJOR;
    p->lda = (col ? ar : ac) + opt.ld_pad;
    p->ldb = (col ? br : bc) + opt.ld_pad;
    p->ldc = (col ? s->m : s->n) + opt.ld_pad;
    if (p->lda < 1)
        p->lda = 1;
    if (p->ldb < 1)
        p->ldb = 1;
    if (p->ldc < 1)
        p->ldc = 1;
    p->a_elems = (size_t)p->lda * (size_t)(col ? ac : ar);
    p->b_elems = (size_t)p->ldb * (size_t)(col ? bc : br);
    p->c_elems = (size_t)p->ldc * (size_t)(col ? s->n : s->m);
    size_t e = p->elem_bytes;
    p->A = xaligned(p->a_elems * e);
    p->B = xaligned(p->b_elems * e);
    p->C = xaligned(p->c_elems * e);
    p->Cref = opt.verify ? xaligned(p->c_elems * e) : NULL;
    fill(p->A, p->a_elems * w, is_double, opt.seed * 3 + 1);
    fill(p->B, p->b_elems * w, is_double, opt.seed * 3 + 2);
    p->c_seed = opt.seed * 3 + 3;
    fill(p->C, p->c_elems * w, is_double, p->c_seed);
}

static void problem_free(struct problem *p)
{
    free(p->A);
    free(p->B);
    free(p->C);
    free(p->Cref);
}

/* Runs all libraries on one problem at `threads` threads. Returns the load from elsewhere
   (load_other) during the timed samples only, not the warm-ups or pauses; -1 if unknown. */
static double measure(struct problem *p, int threads, struct result *res)
{
    double busy = 0, self = 0, wall = 0;
    int load_ok = 1;
    double flops = problem_flops(p);
    int ref = -1;
    settle(2);
    for (int li = 0; li < nlibs; li++) {
        struct result *r = &res[li];
        memset(r, 0, sizeof *r);
        r->reldiff = -1;
        struct lib *L = &libs[li];
        if (!lib_has(L, p->type))
            continue;
        r->ok = 1;
        lib_set_threads(L, threads);
        /* Warm-up, on the seeded C so that the result can be compared. */
        if (opt.verify)
            fill(p->C, p->c_elems * (p->is_complex ? 2 : 1), p->is_double, p->c_seed);
        double tw = time_calls(L, p, 1);
        if (opt.verify) {
            size_t bytes = p->c_elems * p->elem_bytes;
            if (ref < 0) {
                memcpy(p->Cref, p->C, bytes);
                ref = li;
            } else {
                r->reldiff = rel_diff(p);
                if (!(r->reldiff <= verify_tol(p)))
                    note("WARNING: %s differs from %s by %.3g (relative, max-norm) on this shape",
                         L->name, libs[ref].name, r->reldiff);
            }
        }
        /* Calibration: calls per sample so that a sample lasts >= opt.min_sample. A warm-up
           call far longer than that (even if slowed by first-call costs) needs none. */
        long inner = 1;
        double t = tw;
        if (tw < 10 * opt.min_sample) {
            t = time_calls(L, p, 1);
            while (t < opt.min_sample * 0.5 && inner < 100000000L) {
                double f = t > 0 ? opt.min_sample / t : 1000.0;
                if (f < 2)
                    f = 2;
                if (f > 1000)
                    f = 1000;
                inner = (long)((double)inner * f) + 1;
                t = time_calls(L, p, inner);
            }
            if (t < opt.min_sample && t > 0)
                inner = (long)ceil((double)inner * opt.min_sample / t);
        }
        r->inner = inner;
        settle(threads);
    }
    /* Samples, round-robin across libraries; the starting library rotates. */
    for (int rep = 0;; rep++) {
        int all_done = 1;
        for (int j = 0; j < nlibs; j++) {
            int li = (j + rep) % nlibs;
            struct result *r = &res[li];
            if (!r->ok)
                continue;
            int done;
            if (opt.fixed_reps)
                done = r->nsamples >= opt.fixed_reps;
            else
                done = r->nsamples >= opt.max_reps ||
                       (r->nsamples >= opt.min_reps && r->spent >= opt.budget);
            if (done)
                continue;
            all_done = 0;
            /* After a settle pause the cores are idle and slow to come back (a vCPU the host
               has descheduled, caches and frequency cooled): a short sample would time that
               wake-up, which made the 2-thread rows of sub-millisecond calls 20% slower or
               faster at random. One untimed sample first; long samples (one call) need none. */
            if (opt.settle_ms > 0 && threads > 1 && r->inner > 1)
                (void)time_calls(&libs[li], p, r->inner);
            struct load_snap l0, l1;
            load_snap(&l0);
            double dt = time_calls(&libs[li], p, r->inner);
            load_snap(&l1);
            if (l0.busy < 0 || l1.busy < 0)
                load_ok = 0;
            busy += l1.busy - l0.busy;
            self += l1.self - l0.self;
            wall += l1.wall - l0.wall;
            r->spent += dt;
            r->samples[r->nsamples++] = dt > 0 ? flops * (double)r->inner / dt * 1e-9 : 0.0;
            settle(threads);
        }
        if (all_done)
            break;
    }
    for (int li = 0; li < nlibs; li++) {
        struct result *r = &res[li];
        if (!r->ok)
            continue;
        r->gf_med = median(r->samples, r->nsamples);
        r->gf_min = r->gf_max = r->samples[0];
        for (int i = 1; i < r->nsamples; i++) {
            if (r->samples[i] < r->gf_min)
                r->gf_min = r->samples[i];
            if (r->samples[i] > r->gf_max)
                r->gf_max = r->samples[i];
        }
    }
    if (!load_ok || wall <= 0)
        return -1;
    double o = (busy - self) / wall;
    return o < 0 ? 0 : o;
}

/* ---- output --------------------------------------------------------------------------------- */

static void header_line(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("# ", f);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    va_end(ap);
}

/* Writes the '#' preamble to stdout and the CSV. */
static void preamble(void)
{
    char model[256], date[64];
    cpu_model(model, sizeof model);
    time_t tt = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S %Z", localtime(&tt));
    int complex_types = 0;
    for (int ti = 0; ti < opt.ntypes; ti++)
        complex_types |= opt.types[ti] == 'c' || opt.types[ti] == 'z';
    FILE *outs[2] = {stdout, csv};
    for (int o = 0; o < 2; o++) {
        FILE *f = outs[o];
        if (!f)
            continue;
        header_line(f, "gemm_bench: cblas_?gemm%s, alpha = beta = 1, median of timed samples "
                       "after a warm-up call", g_gemm3m ? " (c, z: cblas_?gemm3m)" : "");
        if (complex_types && g_gemm3m)
            header_line(f, "c3m, z3m: cblas_cgemm3m / cblas_zgemm3m (--gemm3m), alpha = beta = "
                           "1+0i; GFLOPS count 8mnk flops per call, the conventional count of "
                           "?gemm (s, d: 2mnk), so that rates compare with ?gemm's; %% of peak "
                           "against the fp32 (c) or fp64 (z) peak; verify tolerance x10");
        else if (complex_types)
            header_line(f, "c, z: alpha = beta = 1+0i; GFLOPS count 8mnk flops per call (s, d: "
                           "2mnk); %% of peak against the fp32 (c) or fp64 (z) peak");
        header_line(f, "date: %s", date);
        header_line(f, "cpu: %s; %d usable cpus", model, cpus_usable());
        for (int li = 0; li < nlibs; li++)
            if (libs[li].h)
                header_line(f, "lib %s: %s [%s]", libs[li].name, libs[li].path, libs[li].info);
        if (!opt.no_peak) {
            for (int isa = PEAK_NISA - 1; isa >= 0; isa--) {
                if (!peak_isa_supported((enum peak_isa)isa))
                    continue;
                header_line(f, "FMA peak %-7s 1 thread: fp64 %7.1f GFLOPS, fp32 %7.1f GFLOPS",
                            peak_isa_name((enum peak_isa)isa), peak_get(isa, 1, 1),
                            peak_get(isa, 0, 1));
            }
            for (int i = 0; i < opt.nthreads; i++) {
                int t = opt.threads[i];
                if (t == 1)
                    continue;
                header_line(f, "FMA peak %-7s %d threads: fp64 %7.1f GFLOPS, fp32 %7.1f GFLOPS",
                            peak_isa_name(peak_isa_used), t, peak_get(peak_isa_used, 1, t),
                            peak_get(peak_isa_used, 0, t));
            }
            if (thread_slot(1) == 0)
                header_line(f, "stream bandwidth (a += s*b) 1 thread: %.1f GB/s (%zu MiB)",
                            bw_get(1), opt.bw_bytes >> 20);
            for (int i = 0; i < opt.nthreads; i++) {
                int t = opt.threads[i];
                if (thread_slot(t) != i + 1)
                    continue; /* listed twice */
                header_line(f, "stream bandwidth (a += s*b) %d thread%s: %.1f GB/s (%zu MiB)", t,
                            t > 1 ? "s" : "", bw_get(t), opt.bw_bytes >> 20);
            }
            header_line(f, "%% of peak: against the %s FMA peak of the type at the same thread "
                           "count (the ISA of the nanoblas kernel set in use)",
                        peak_isa_name(peak_isa_used));
        }
        if (opt.ld_pad)
            header_line(f, "leading dimensions padded by %d", opt.ld_pad);
        header_line(f, "other: CPUs' worth of time taken by other processes or stolen by the "
                       "hypervisor during the row's timed samples (> 0.1: the row was disturbed)");
    }
    if (csv) {
        fprintf(csv, "type,layout,trans,m,n,k,threads,lib,gflops,gflops_min,gflops_max,"
                     "pct_peak,peak_gflops,ratio_nanoblas,reps,calls_per_rep,sec_per_call,"
                     "verify_reldiff,bw_bound_gflops,bw_gbs,other_load\n");
        fflush(csv);
    }
}

static void table_header(void)
{
    printf("%-4s %-3s %-2s %6s %6s %6s %3s |", "type", "lay", "tr", "m", "n", "k", "thr");
    for (int li = 0; li < nlibs; li++) {
        if (!libs[li].h)
            continue;
        if (li == nb_index || nb_index < 0)
            printf(" %9.9s GF  %%pk |", libs[li].name);
        else
            printf(" %9.9s GF  %%pk  nb/x |", libs[li].name);
    }
    printf(" other\n");
    fflush(stdout);
}

/* The shape streams from memory: its operands do not fit in the last-level cache. */
static int streams_from_memory(const struct problem *p)
{
    double e = (double)p->elem_bytes;
    double foot = e * ((double)p->m * p->n + (double)p->m * p->k + (double)p->k * p->n);
    return foot > (double)peak_llc_bytes();
}

static void report(const struct problem *p, char ta, char tb, int threads,
                   const struct result *res, double other)
{
    const char *type = type_label(p->type);
    const char *lay = p->layout == COL_MAJOR ? "col" : "row";
    double peak = peak_get(peak_isa_used, p->is_double, threads);
    double e = (double)p->elem_bytes;
    double flops = problem_flops(p);
    /* Memory-bound estimate: C read and written once, A and B read once. */
    double bytes = e * (2.0 * p->m * (double)p->n + (double)p->m * p->k + (double)p->k * p->n);
    double bw = 0, bw_bound = 0;
    if (!opt.no_peak && streams_from_memory(p)) {
        bw = bw_get(threads);
        bw_bound = flops / bytes * bw; /* GB/s * flops/byte = GFLOPS */
        if (peak > 0 && bw_bound >= 4 * peak)
            bw_bound = 0; /* far from memory bound (a large cube): not worth a note */
    }
    double nb = nb_index >= 0 && res[nb_index].ok ? res[nb_index].gf_med : 0;
    printf("%-4s %-3s %c%c %6d %6d %6d %3d |", type, lay, ta, tb, p->m, p->n, p->k, threads);
    for (int li = 0; li < nlibs; li++) {
        const struct result *r = &res[li];
        if (!libs[li].h)
            continue;
        int is_ref = li == nb_index || nb_index < 0;
        if (!r->ok) {
            printf(is_ref ? " %12s %4s |" : " %12s %4s %5s |", "-", "-", "-");
            continue;
        }
        char mark = (r->reldiff > verify_tol(p) || isnan(r->reldiff)) ? '!' : ' ';
        printf(" %11.2f%c", r->gf_med, mark);
        if (peak > 0)
            printf(" %4.0f", 100.0 * r->gf_med / peak);
        else
            printf(" %4s", "-");
        if (!is_ref) {
            if (nb > 0 && r->gf_med > 0)
                printf(" %5.2f", nb / r->gf_med);
            else
                printf(" %5s", "-");
        }
        printf(" |");
    }
    if (other >= 0)
        printf(" %5.2f", other);
    printf("\n");
    if (bw_bound > 0) {
        /* Roofline: the lower of the bandwidth bound and the FMA peak is what can be reached. */
        double roof = peak > 0 && peak < bw_bound ? peak : bw_bound;
        printf("     bandwidth bound at %.1f GB/s: %.1f GFLOPS; roofline %.1f GFLOPS (%s):", bw,
               bw_bound, roof, roof < bw_bound ? "FMA peak" : "bandwidth");
        for (int li = 0; li < nlibs; li++)
            if (res[li].ok)
                printf(" %s %.0f%%", libs[li].name, 100.0 * res[li].gf_med / roof);
        printf(" of it\n");
    }
    fflush(stdout);
    if (csv) {
        for (int li = 0; li < nlibs; li++) {
            const struct result *r = &res[li];
            if (!r->ok)
                continue;
            fprintf(csv, "%s,%s,%c%c,%d,%d,%d,%d,%s,%.4f,%.4f,%.4f,", type, lay, ta, tb, p->m, p->n,
                    p->k, threads, libs[li].name, r->gf_med, r->gf_min, r->gf_max);
            if (peak > 0)
                fprintf(csv, "%.2f,%.2f,", 100.0 * r->gf_med / peak, peak);
            else
                fprintf(csv, ",,");
            if (nb > 0 && r->gf_med > 0)
                fprintf(csv, "%.4f,", nb / r->gf_med);
            else
                fprintf(csv, ",");
            fprintf(csv, "%d,%ld,%.6g,", r->nsamples, r->inner,
                    r->gf_med > 0 ? flops / (r->gf_med * 1e9) : 0.0);
            if (r->reldiff >= 0 || isnan(r->reldiff))
                fprintf(csv, "%.3g,", r->reldiff);
            else
                fprintf(csv, ",");
            if (bw_bound > 0)
                fprintf(csv, "%.2f,%.2f,", bw_bound, bw);
            else
                fprintf(csv, ",,");
            if (other >= 0)
                fprintf(csv, "%.2f\n", other);
            else
                fprintf(csv, "\n");
        }
        fflush(csv);
    }
}

static void set_env_threads(int n)
{
    static const char *vars[] = {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                                 "BLIS_NUM_THREADS", "NANOBLAS_NUM_THREADS"};
    char v[16];
    snprintf(v, sizeof v, "%d", n);
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        setenv(vars[i], v, 1);
}

/* For s and d, C (conjugate transpose) is T. */
static char real_trans(char t)
{
    return t == 'C' ? 'T' : t;
}

static int has_conj(int tr)
{
    return opt.trans[tr][0] == 'C' || opt.trans[tr][1] == 'C';
}

/* A --trans entry with a C that comes, for s and d, to the pair of an entry without C or of an
   earlier entry with C would time the same calls again: it is left out for those types (lists
   without C run as they are). */
static int real_trans_repeat(int tr)
{
    if (!has_conj(tr))
        return 0;
    char a = real_trans(opt.trans[tr][0]), b = real_trans(opt.trans[tr][1]);
    for (int i = 0; i < opt.ntrans; i++)
        if ((i < tr || !has_conj(i)) && real_trans(opt.trans[i][0]) == a &&
            real_trans(opt.trans[i][1]) == b)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    parse_args(argc, argv);
    int mx = max_threads_in_list();
    if (opt.settle_ms < 0)
        opt.settle_ms = mx > 1 ? 300 : 0;
    if (!opt.bw_bytes) {
        size_t llc4 = 4 * peak_llc_bytes();
        opt.bw_bytes = llc4 > ((size_t)256 << 20) ? llc4 : (size_t)256 << 20;
    }
    /* The libraries read their thread counts from the environment when they load. */
    if (!opt.keep_env)
        set_env_threads(mx);
    int loaded = 0;
    for (int li = 0; li < nlibs; li++) {
        if (lib_load(&libs[li]) == 0) {
            loaded++;
            note("loaded %s: %s [%s]", libs[li].name, libs[li].path, libs[li].info);
            if (libs[li].is_nanoblas && nb_index < 0)
                nb_index = li;
            if (mx > 1 && !libs[li].set.fn)
                note("%s has no known thread setter: it runs with its environment's count",
                     libs[li].name);
            for (int ti = 0; ti < opt.ntypes; ti++) {
                const char *lab = type_label((char)opt.types[ti]); /* "z3m": cblas_zgemm3m */
                if (!lib_has(&libs[li], (char)opt.types[ti]))
                    note("%s exports no cblas_%cgemm%s: no %s figures for it", libs[li].name,
                         lab[0], lab + 1, lab);
            }
        }
    }
    if (!loaded)
        die("no library could be loaded");
    if (nb_index >= 0) {
        const char *(*ks)(void) =
            (const char *(*)(void))dlsym(libs[nb_index].h, "nanoblas_get_kernel_set");
        peak_isa_used = peak_isa_for_kernel_set(ks());
    } else {
        peak_isa_used = peak_isa_supported(PEAK_AVX512) ? PEAK_AVX512
                        : peak_isa_supported(PEAK_AVX2) ? PEAK_AVX2
                                                          : PEAK_GENERIC;
    }
    if (opt.csv) {
        csv = fopen(opt.csv, "w");
        if (!csv)
            die("cannot write %s: %s", opt.csv, strerror(errno));
    }
    if (!opt.no_peak) {
        note("measuring FMA peaks and memory bandwidth ...");
        double t0 = now_s();
        measure_peaks();
        note("... done in %.1f s", now_s() - t0);
    } else {
        /* Half a second of busy work first: the first row of a process otherwise met a core
           still waking up (the 1-thread 8^3 rows of --no-peak runs came out 30% slow). The peak
           measurement does the same job when it runs. */
        volatile double sink = 0;
        for (double t_end = now_s() + 0.5; now_s() < t_end;)
            for (int i = 0; i < 10000; i++)
                sink = sink + 1.0;
    }
    preamble();
    table_header();

    /* Expand shapes x (trans, layout) defaults. */
    int total = 0, ntrans_real = 0;
    for (int tr = 0; tr < opt.ntrans; tr++)
        ntrans_real += !real_trans_repeat(tr);
    for (int ti = 0; ti < opt.ntypes; ti++) {
        int ntrans = opt.types[ti] == 'c' || opt.types[ti] == 'z' ? opt.ntrans : ntrans_real;
        for (int si = 0; si < nshapes; si++)
            total += (shapes[si].ta ? 1 : ntrans) * (shapes[si].layout ? 1 : opt.nlayouts);
    }
    total *= opt.nthreads;
    static struct result res[MAX_LIBS];
    int step = 0;
    double t_start = now_s();
    for (int ti = 0; ti < opt.ntypes; ti++) {
        char type = (char)opt.types[ti];
        int is_double = type == 'd' || type == 'z';
        int is_complex = type == 'c' || type == 'z';
        for (int si = 0; si < nshapes; si++) {
            const struct shape *s = &shapes[si];
            int ntr = s->ta ? 1 : opt.ntrans, nla = s->layout ? 1 : opt.nlayouts;
            for (int tr = 0; tr < ntr; tr++) {
                if (!s->ta && !is_complex && real_trans_repeat(tr))
                    continue;
                for (int la = 0; la < nla; la++) {
                    char ta = s->ta ? s->ta : opt.trans[tr][0];
                    char tb = s->ta ? s->tb : opt.trans[tr][1];
                    if (!is_complex) {
                        ta = real_trans(ta);
                        tb = real_trans(tb);
                    }
                    int layout = s->layout ? s->layout : opt.layouts[la];
                    struct problem p;
                    problem_setup(&p, s, type, layout, ta, tb);
                    for (int th = 0; th < opt.nthreads; th++) {
                        int threads = opt.threads[th];
                        step++;
                        fprintf(stderr, "[%d/%d] %s %s %c%c %dx%dx%d threads %d:", step, total,
                                type_label(type), layout == COL_MAJOR ? "col" : "row", ta, tb, s->m,
                                s->n, s->k, threads);
                        fflush(stderr);
                        double t0 = now_s();
                        refresh_peaks(is_double, threads, streams_from_memory(&p));
                        double other = measure(&p, threads, res);
                        for (int li = 0; li < nlibs; li++)
                            if (res[li].ok)
                                fprintf(stderr, " %s %.1f", libs[li].name, res[li].gf_med);
                        fprintf(stderr, " GFLOPS (%.1f s", now_s() - t0);
                        if (other >= 0)
                            fprintf(stderr, "; other load %.2f cpus%s", other,
                                    other > 0.1 ? ": disturbed" : "");
                        fprintf(stderr, ")\n");
                        report(&p, ta, tb, threads, res, other);
                    }
                    problem_free(&p);
                }
            }
        }
    }
    fprintf(stderr, "gemm_bench: %d measurements in %.0f s\n", step, now_s() - t_start);
    if (!opt.no_peak) {
        /* The references as they stand at the end (each row used the value current then). */
        FILE *outs[2] = {stdout, csv};
        for (int o = 0; o < 2; o++) {
            if (!outs[o])
                continue;
            for (int i = -1; i < opt.nthreads; i++) {
                int t = i < 0 ? 1 : opt.threads[i];
                if (i >= 0 && (t == 1 || thread_slot(t) != i + 1))
                    continue;
                header_line(outs[o], "final %s FMA peak %d thread%s: fp64 %.1f, fp32 %.1f GFLOPS; "
                            "stream bandwidth %.1f GB/s",
                            peak_isa_name(peak_isa_used), t, t > 1 ? "s" : "",
                            peak_get(peak_isa_used, 1, t), peak_get(peak_isa_used, 0, t),
                            bw_get(t));
            }
        }
    }
    if (csv)
        fclose(csv);
    return 0;
}
