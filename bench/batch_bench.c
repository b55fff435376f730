/* batch_bench: times the batched GEMM interfaces of nanoblas beside other BLAS libraries loaded
   with dlopen in one process (as gemm_bench and blas_bench do), and beside LIBXSMM when the build
   found its static library (Debian's libxsmm-dev; it has no shared one).

   Workloads (--work, default all four; column-major throughout):
   irgemm   IrGEMM's mix: 4 groups of {10000, 1000, 100, 100} square problems of m = n = k =
            {10, 20, 30, 40}, every problem with its own A, B and C (separate allocations, as an
            application has them), alpha = beta = 1. Each library's cblas_?gemm_batch, a plain
            loop of cblas_?gemm calls (OpenBLAS, or any library named by --loop or lacking the
            batch call), LIBXSMM. Default: s and d, NN/NT/TN/TT, 1 and 2 threads.
   strided  10000 problems of 8^3 and of 32^3 stored back to back (stride = one matrix):
            cblas_?gemm_batch_strided, the loop, LIBXSMM. Default d, NN, 1 thread.
   compact  16384 problems of each size 2..32: each library's mkl_?gemm_compact on operands it
            packed itself (mkl_?gepack_compact, in the format its mkl_get_format_compact returns;
            only the gemm call is timed), and each library's cblas_?gemm_batch (one group) on the
            same problems unpacked. Default d, NN, 1 thread.
   brgemm   C = sum of 32 products of 64 x 64 fp32 blocks (A and B blocks back to back, beta = 0):
            nanoblas_sbrgemm_strided, 32 cblas_sgemm calls of each library into the same C (beta
            = 1 after the first), LIBXSMM's batch-reduce kernel. 1 thread.

   LIBXSMM is called through its dispatch interface: one JIT kernel per group
   (libxsmm_?mmdispatch, looked up inside every timed call, as a batch routine must), called for
   each problem, spread over the threads by an OpenMP dynamic loop at more than one thread. Its
   batch routines were not used: for fp32 above 32^3 they hand the work to the BLAS they were
   linked against, which here is the library's stub.

   Method, per row (workload, type, transposes, size, thread count): every variant first gets C
   reset and one call (its warm-up), whose result is compared with the program's own
   double-precision triple loop (max over the problems of max|C - Cref| / max|Cref|); above 1e-9
   (fp64) or 1e-3 (fp32) the result is WRONG: marked '!', reported on stdout and stderr, and the
   exit status is 3. Then --reps samples round-robin over the variants (the first one rotates),
   each sample at least --min-sample ms of back-to-back calls (with beta = 1, C keeps
   accumulating); at more than one thread each sample follows a --settle pause (300 ms: the last
   variant's idle workers stop spinning; MKL's spin for 200 ms after a call) and one untimed call
   (the team and the vector units wake up). The figure is the median GFLOPS (2 m n k per
   problem). A routine that a library lacks shows '-'. The table goes to stdout, progress to
   stderr, one CSV row per variant and row to --csv. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"
#include "bench_libs.h"
#include "batch_problems.h"


typedef void (*gemm_s)(int, int, int, int, int, int, float, const float *, int, const float *, int,
                       float, float *, int);
typedef void (*gemm_d)(int, int, int, int, int, int, double, const double *, int, const double *,
                       int, double, double *, int);
typedef void (*batch_s)(int, const int *, const int *, const int *, const int *, const int *,
                        const float *, const float **, const int *, const float **, const int *,
                        const float *, float **, const int *, int, const int *);
typedef void (*batch_d)(int, const int *, const int *, const int *, const int *, const int *,
                        const double *, const double **, const int *, const double **,
                        const int *, const double *, double **, const int *, int, const int *);
typedef void (*strided_s)(int, int, int, int, int, int, float, const float *, int, int,
                          const float *, int, int, float, float *, int, int, int);
typedef void (*strided_d)(int, int, int, int, int, int, double, const double *, int, int,
                          const double *, int, int, double, double *, int, int, int);
typedef int (*cformat_f)(void);
typedef int (*csize_f)(int ld, int sd, int format, int nm);
typedef void (*cpack_s)(int, int, int, const float *const *, int, float *, int, int, int);
typedef void (*cpack_d)(int, int, int, const double *const *, int, double *, int, int, int);
typedef void (*cunpack_s)(int, int, int, float *const *, int, const float *, int, int, int);
typedef void (*cunpack_d)(int, int, int, double *const *, int, const double *, int, int, int);
typedef void (*cgemm_s)(int, int, int, int, int, int, float, const float *, int, const float *,
                        int, float, float *, int, int, int);
typedef void (*cgemm_d)(int, int, int, int, int, int, double, const double *, int,
                        const double *, int, double, double *, int, int, int);
typedef void (*brgemm_s)(int, int, int, int, int, int, float, const float *, int, long long,
                         const float *, int, long long, float, float *, int, int);

#define MAX_LIBS 8
#define MAX_VARIANTS 16
#define MAX_REPS 99

/* ---- small utilities (the shared ones are in bench_util.h) ------------------------------------ */
static void *xmalloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!p) {
        fprintf(stderr, "batch_bench: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

/* CPU seconds the whole machine spent busy (/proc/stat, stolen time included; -1 if unknown) and
   this process's own CPU seconds: their difference over a span is other processes' load. */
static void load_snap(double *busy, double *self)
{
    *busy = -1;
    FILE *f = fopen("/proc/stat", "r");
    if (f) {
        unsigned long long v[8];
        if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                   &v[4], &v[5], &v[6], &v[7]) == 8) /* all but idle (3) and iowait (4) */
            *busy = (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) /
                    (double)sysconf(_SC_CLK_TCK);
        fclose(f);
    }
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    *self = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* count values uniform in [-1, 1), continuing the stream *s. */
static void fill(void *p, size_t count, int dbl, uint64_t *s)
{
    for (size_t i = 0; i < count; i++) {
        double v = (double)(rng_next(s) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
        if (dbl)
            ((double *)p)[i] = v;
        else
            ((float *)p)[i] = (float)v;
    }
}

static double elem(const void *p, size_t i, int dbl)
{
    return dbl ? ((const double *)p)[i] : (double)((const float *)p)[i];
}

/* ---- libraries ------------------------------------------------------------------------------- */
static struct lib {
    char name[64], path[PATH_MAX], info[400];
    void *h;
    int is_nb, loop;                    /* loop: also timed as a loop of cblas_?gemm */
    void *gemm[2], *batch[2], *strided[2]; /* [0] fp32, [1] fp64 */
    void *cgemm[2], *cpack[2], *cunpack[2], *csize[2];
    cformat_f cformat;
    void *sbrgemm;
    struct bench_setter set;
} libs[MAX_LIBS];
static int nlibs;

static int has_compact(const struct lib *L, int dbl)
{
    return L->cgemm[dbl] && L->cpack[dbl] && L->cunpack[dbl] && L->csize[dbl] && L->cformat;
}

static void lib_load(struct lib *L)
{
    L->h = dlopen(L->path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!L->h) {
        fprintf(stderr, "batch_bench: cannot load %s (%s): %s -- skipped\n", L->name, L->path,
                dlerror());
        return;
    }
    static const char *const pre = "sd";
    char n[64];
    for (int t = 0; t < 2; t++) {
#define SYM(field, fmt) (snprintf(n, sizeof n, fmt, pre[t]), L->field[t] = dlsym(L->h, n))
        SYM(gemm, "cblas_%cgemm");
        SYM(batch, "cblas_%cgemm_batch");
        SYM(strided, "cblas_%cgemm_batch_strided");
        SYM(cgemm, "mkl_%cgemm_compact");
        SYM(cpack, "mkl_%cgepack_compact");
        SYM(cunpack, "mkl_%cgeunpack_compact");
        SYM(csize, "mkl_%cget_size_compact");
#undef SYM
    }
    L->cformat = (cformat_f)dlsym(L->h, "mkl_get_format_compact");
    L->sbrgemm = dlsym(L->h, "nanoblas_sbrgemm_strided");
    L->set = bench_find_setter(L->h);
    size_t o = (size_t)(bench_describe_lib(L->h, L->info, sizeof L->info, &L->is_nb) - L->info);
    if (o < sizeof L->info && (has_compact(L, 0) || has_compact(L, 1)))
        o += (size_t)snprintf(L->info + o, sizeof L->info - o, "compact format %d; ",
                              L->cformat());
    if (o < sizeof L->info)
        o += (size_t)snprintf(L->info + o, sizeof L->info - o, "threads via %s; has:",
                              L->set.name ? L->set.name : "environment only");
    /* which routines it has, for both types ('!': neither, 's'/'d': only that type) */
    const struct { const char *what; int s, d; } has[] = {
        {"?gemm", L->gemm[0] != NULL, L->gemm[1] != NULL},
        {"?gemm_batch", L->batch[0] != NULL, L->batch[1] != NULL},
        {"?gemm_batch_strided", L->strided[0] != NULL, L->strided[1] != NULL},
        {"?gemm_compact", has_compact(L, 0), has_compact(L, 1)},
        {"sbrgemm_strided", L->sbrgemm != NULL, L->sbrgemm != NULL},
    };
    for (size_t i = 0; i < sizeof has / sizeof has[0]; i++)
        if (o < sizeof L->info)
            o += (size_t)snprintf(L->info + o, sizeof L->info - o, " %s%s",
                                  has[i].s && has[i].d ? ""
                                  : has[i].s           ? "s:"
                                  : has[i].d           ? "d:"
                                                       : "!",
                                  has[i].what);
}

/* ---- problem lists: independent square column-major GEMMs in groups -------------------------- */
static const uint64_t SEED_AB = 11, SEED_C = 12;

static int pdim(const struct plist *p, size_t i, int *g)
{
    size_t first = 0;
    for (*g = 0; *g < p->ngroups - 1 && i >= first + (size_t)p->gsize[*g]; ++*g)
        first += (size_t)p->gsize[*g];
    return p->gdim[*g];
}

/* contig: every operand in one block, problem i at i d^2 (strided and compact workloads); else
   every A, B, C its own allocation, in problem order. */
static void plist_init(struct plist *p, int dbl, int ta, int tb, int ngroups, const int *dim,
                       const int *size, int contig)
{
    memset(p, 0, sizeof *p);
    p->dbl = dbl, p->ta = ta, p->tb = tb, p->ngroups = ngroups;
    size_t e = dbl ? 8 : 4, total = 0;
    for (int g = 0; g < ngroups; g++) {
        p->gdim[g] = dim[g], p->gsize[g] = size[g];
        p->gta[g] = ta, p->gtb[g] = tb, p->sab[g] = 1.0f, p->dab[g] = 1.0;
        p->np += (size_t)size[g];
        total += (size_t)size[g] * (size_t)dim[g] * (size_t)dim[g];
        p->flops += 2.0 * size[g] * (double)dim[g] * dim[g] * dim[g];
    }
    p->A = xmalloc(p->np * sizeof(void *));
    p->B = xmalloc(p->np * sizeof(void *));
    p->C = xmalloc(p->np * sizeof(void *));
    p->off = xmalloc(p->np * sizeof(size_t));
    p->ref = xmalloc(total * sizeof(double));
    if (contig)
        for (int o = 0; o < 3; o++)
            p->blk[o] = xmalloc(total * e);
    uint64_t s = SEED_AB;
    size_t at = 0;
    for (size_t i = 0; i < p->np; i++) {
        int g, d = pdim(p, i, &g);
        size_t dd = (size_t)d * (size_t)d;
        p->off[i] = at;
        if (contig) {
            p->A[i] = (char *)p->blk[0] + at * e;
            p->B[i] = (char *)p->blk[1] + at * e;
            p->C[i] = (char *)p->blk[2] + at * e;
        } else {
            if (!(p->A[i] = malloc(dd * e)) || !(p->B[i] = malloc(dd * e)) ||
                !(p->C[i] = malloc(dd * e))) {
                fprintf(stderr, "batch_bench: out of memory\n");
                exit(1);
            }
        }
        fill(p->A[i], dd, dbl, &s);
        fill(p->B[i], dd, dbl, &s);
        at += dd;
    }
}

static void plist_free(struct plist *p)
{
    for (size_t i = 0; !p->blk[0] && i < p->np; i++)
        free(p->A[i]), free(p->B[i]), free(p->C[i]);
    for (int o = 0; o < 3; o++)
        free(p->blk[o]);
    free(p->A), free(p->B), free(p->C), free(p->off), free(p->ref);
}

static void plist_reset_c(struct plist *p)
{
    uint64_t s = SEED_C;
    for (size_t i = 0; i < p->np; i++) {
        int g, d = pdim(p, i, &g);
        fill(p->C[i], (size_t)d * (size_t)d, p->dbl, &s);
    }
}

/* Cref = op(A) op(B) + C, in double, for every problem. */
static void plist_reference(struct plist *p)
{
    plist_reset_c(p);
    double *at = xmalloc(64 * 64 * sizeof(double)), *bt = xmalloc(64 * 64 * sizeof(double));
    for (size_t i = 0; i < p->np; i++) {
        int g;
        size_t d = (size_t)pdim(p, i, &g);
        double *r = p->ref + p->off[i];
        for (size_t x = 0; x < d; x++) /* op(A) and op(B) as column-major doubles */
            for (size_t y = 0; y < d; y++) {
                at[x + y * d] = elem(p->A[i], p->ta == TRANS ? y + x * d : x + y * d, p->dbl);
                bt[x + y * d] = elem(p->B[i], p->tb == TRANS ? y + x * d : x + y * d, p->dbl);
            }
        for (size_t x = 0; x < d * d; x++)
            r[x] = elem(p->C[i], x, p->dbl);
        for (size_t j = 0; j < d; j++)
            for (size_t l = 0; l < d; l++)
                for (size_t x = 0; x < d; x++)
                    r[x + j * d] += at[x + l * d] * bt[l + j * d];
    }
    free(at), free(bt);
}

/* max|C - Cref| / max|Cref| over n elements; a NaN counts as infinite. */
static double max_rel(const void *c, const double *ref, size_t n, int dbl)
{
    double dmax = 0, rmax = 0;
    for (size_t x = 0; x < n; x++) {
        double d = fabs(elem(c, x, dbl) - ref[x]);
        if (!(d <= dmax))
            dmax = isnan(d) ? INFINITY : d;
        rmax = fabs(ref[x]) > rmax ? fabs(ref[x]) : rmax;
    }
    return rmax > 0 ? dmax / rmax : dmax;
}

/* The worst problem's max_rel. */
static double plist_check(const struct plist *p)
{
    double worst = 0;
    for (size_t i = 0; i < p->np; i++) {
        int g, d = pdim(p, i, &g);
        double r = max_rel(p->C[i], p->ref + p->off[i], (size_t)d * (size_t)d, p->dbl);
        worst = r > worst || isnan(r) ? r : worst;
    }
    return worst;
}

/* ---- the batch-reduce problem: C = sum_i op(A_i) op(B_i), fp32 ------------------------------- */

/* ---- variants: one way of computing a row's problems ---------------------------------------- */
enum vkind { V_BATCH, V_LOOP, V_STRIDED, V_COMPACT, V_BRGEMM, V_BRLOOP, V_XSMM, V_XSMM_BR };
struct variant {
    char label[48];
    enum vkind kind;
    struct lib *L; /* NULL for LIBXSMM */
    int ok;        /* runs on this row (has the routine, and the call was accepted) */
    void *pk[3];   /* compact: the library's packed A, B, C, each followed by PK_GUARD bytes */
    size_t pk_bytes; /* what the library's mkl_?get_size_compact asked for */
    int fmt;
    double maxrel, samples[MAX_REPS], med, lo, hi;
    long calls; /* calls in the last sample */
};

struct row {
    const char *work;
    int dbl, threads;
    double other;      /* other processes' load during the samples, in CPUs (-1: unknown) */
    struct plist *p;   /* irgemm, strided, compact */
    struct brprob *br; /* brgemm */
};

/* One call of variant v on the row's problems: 0, or -1 when the variant cannot run it. */
static int call(struct variant *v, struct row *r)
{
    struct plist *p = r->p;
    struct lib *L = v->L;
    int dbl = r->dbl;
    switch (v->kind) {
    case V_BATCH:
        if (!L->batch[dbl])
            return -1;
        if (dbl)
            ((batch_d)L->batch[1])(COL, p->gta, p->gtb, p->gdim, p->gdim, p->gdim, p->dab,
                                   (const double **)p->A, p->gdim, (const double **)p->B, p->gdim,
                                   p->dab, (double **)p->C, p->gdim, p->ngroups, p->gsize);
        else
            ((batch_s)L->batch[0])(COL, p->gta, p->gtb, p->gdim, p->gdim, p->gdim, p->sab,
                                   (const float **)p->A, p->gdim, (const float **)p->B, p->gdim,
                                   p->sab, (float **)p->C, p->gdim, p->ngroups, p->gsize);
        return 0;
    case V_LOOP:
        if (!L->gemm[dbl])
            return -1;
        for (size_t i = 0; i < p->np; i++) {
            int g, d = pdim(p, i, &g);
            if (dbl)
                ((gemm_d)L->gemm[1])(COL, p->ta, p->tb, d, d, d, 1.0, p->A[i], d, p->B[i], d, 1.0,
                                     p->C[i], d);
            else
                ((gemm_s)L->gemm[0])(COL, p->ta, p->tb, d, d, d, 1.0f, p->A[i], d, p->B[i], d,
                                     1.0f, p->C[i], d);
        }
        return 0;
    case V_STRIDED: {
        int d = p->gdim[0], s = d * d, n = (int)p->np;
        if (!L->strided[dbl])
            return -1;
        if (dbl)
            ((strided_d)L->strided[1])(COL, p->ta, p->tb, d, d, d, 1.0, p->A[0], d, s, p->B[0], d,
                                       s, 1.0, p->C[0], d, s, n);
        else
            ((strided_s)L->strided[0])(COL, p->ta, p->tb, d, d, d, 1.0f, p->A[0], d, s, p->B[0],
                                       d, s, 1.0f, p->C[0], d, s, n);
        return 0;
    }
    case V_COMPACT: {
        int d = p->gdim[0], n = (int)p->np;
        if (!v->pk[0])
            return -1;
        if (dbl)
            ((cgemm_d)L->cgemm[1])(COL, p->ta, p->tb, d, d, d, 1.0, v->pk[0], d, v->pk[1], d, 1.0,
                                   v->pk[2], d, v->fmt, n);
        else
            ((cgemm_s)L->cgemm[0])(COL, p->ta, p->tb, d, d, d, 1.0f, v->pk[0], d, v->pk[1], d,
                                   1.0f, v->pk[2], d, v->fmt, n);
        return 0;
    }
    case V_BRGEMM:
        if (!L->sbrgemm)
            return -1;
        ((brgemm_s)L->sbrgemm)(COL, r->br->ta, r->br->tb, BR_DIM, BR_DIM, BR_DIM, 1.0f, r->br->A,
                               BR_DIM, BR_DIM * BR_DIM, r->br->B, BR_DIM, BR_DIM * BR_DIM, 0.0f,
                               r->br->C, BR_DIM, BR_COUNT);
        return 0;
    case V_BRLOOP:
        if (!L->gemm[0])
            return -1;
        for (int i = 0; i < BR_COUNT; i++)
            ((gemm_s)L->gemm[0])(COL, r->br->ta, r->br->tb, BR_DIM, BR_DIM, BR_DIM, 1.0f,
                                 r->br->A + (size_t)i * BR_DIM * BR_DIM, BR_DIM,
                                 r->br->B + (size_t)i * BR_DIM * BR_DIM, BR_DIM, i ? 1.0f : 0.0f,
                                 r->br->C, BR_DIM);
        return 0;
#ifdef BATCH_BENCH_LIBXSMM
    case V_XSMM:
#ifndef _OPENMP
        if (r->threads > 1)
            return -1; /* built without OpenMP: no way to spread its kernels */
#endif
        return xsmm_run(p, r->threads);
    case V_XSMM_BR: return xsmm_br_run(r->br);
#else
    default: return -1;
#endif
    }
    return -1;
}

static double row_flops(const struct row *r)
{
    return r->p ? r->p->flops : 2.0 * BR_COUNT * BR_DIM * (double)BR_DIM * BR_DIM;
}

/* compact: the library packs A, B and the reset C in its own format, into buffers of the size
   it asked for plus a guard zone that must stay untouched. */
enum { PK_GUARD = 4096 };

static int guard_intact(const struct variant *v)
{
    for (int o = 0; o < 3; o++)
        for (size_t x = 0; x < PK_GUARD; x++)
            if (((const unsigned char *)v->pk[o])[v->pk_bytes + x] != 0xa5)
                return 0;
    return 1;
}
/* compact: the library packs A, B and the reset C in its own format. */
static void compact_prepare(struct variant *v, struct plist *p)
{
    struct lib *L = v->L;
    int dbl = p->dbl, d = p->gdim[0], n = (int)p->np;
    if (!has_compact(L, dbl))
        return;
    v->fmt = L->cformat();
    int bytes = ((csize_f)L->csize[dbl])(d, d, v->fmt, n);
    if (bytes <= 0)
        return;
    plist_reset_c(p);
    v->pk_bytes = (size_t)(unsigned)bytes;
    for (int o = 0; o < 3; o++) {
        void **src = o == 0 ? p->A : o == 1 ? p->B : p->C;
        v->pk[o] = xmalloc(v->pk_bytes + PK_GUARD);
        memset((char *)v->pk[o] + v->pk_bytes, 0xa5, PK_GUARD);
        if (dbl)
            ((cpack_d)L->cpack[1])(COL, d, d, (const double *const *)src, d, v->pk[o], d, v->fmt,
                                   n);
        else
            ((cpack_s)L->cpack[0])(COL, d, d, (const float *const *)src, d, v->pk[o], d, v->fmt,
                                   n);
    }
}

/* Reset C, one call, compare with the reference. Returns 0, or -1 if the variant cannot run. */
static int verify(struct variant *v, struct row *r)
{
    struct plist *p = r->p;
    if (v->kind == V_COMPACT) {
        int d = p->gdim[0], n = (int)p->np;
        if (!v->pk[0])
            return -1;
        plist_reset_c(p); /* the packed C, reset: repacked */
        if (r->dbl)
            ((cpack_d)v->L->cpack[1])(COL, d, d, (const double *const *)p->C, d, v->pk[2], d,
                                      v->fmt, n);
        else
            ((cpack_s)v->L->cpack[0])(COL, d, d, (const float *const *)p->C, d, v->pk[2], d,
                                      v->fmt, n);
        if (call(v, r))
            return -1;
        /* all-ones bytes are a NaN in both types: a matrix the unpack skips fails the check */
        memset(p->blk[2], 0xff, (p->off[n - 1] + (size_t)d * (size_t)d) * (r->dbl ? 8 : 4));
        if (r->dbl)
            ((cunpack_d)v->L->cunpack[1])(COL, d, d, (double *const *)p->C, d, v->pk[2], d,
                                          v->fmt, n);
        else
            ((cunpack_s)v->L->cunpack[0])(COL, d, d, (float *const *)p->C, d, v->pk[2], d, v->fmt,
                                          n);
        v->maxrel = plist_check(p);
        if (!guard_intact(v)) {
            fprintf(stderr, "batch_bench: %s wrote past the %zu bytes of its "
                    "mkl_%cget_size_compact\n", v->label, v->pk_bytes, r->dbl ? 'd' : 's');
            v->maxrel = INFINITY;
        }
        return 0;
    }
    if (p) {
        plist_reset_c(p);
        if (call(v, r))
            return -1;
        v->maxrel = plist_check(p);
        return 0;
    }
    for (int x = 0; x < BR_DIM * BR_DIM; x++) /* beta = 0: C must be overwritten, NaN or not */
        r->br->C[x] = NAN;
    if (call(v, r))
        return -1;
    v->maxrel = max_rel(r->br->C, r->br->ref, BR_DIM * BR_DIM, 0);
    return 0;
}

/* ---- options and output ---------------------------------------------------------------------- */
static struct {
    int reps, settle_ms, keep_env;
    double min_sample, min_sample_mt;
    int work[4], prec[2], trans[4]; /* 1: selected */
    int prec_set, trans_set, threads_set;
    int threads[16], nthreads;
    int csizes[64], ncsizes;
    FILE *csv;
} opt;
static int wrong_results;

static const char *const work_names[4] = {"irgemm", "strided", "compact", "brgemm"};
static const char *const trans_names[4] = {"NN", "NT", "TN", "TT"};

static int wrong(const struct variant *v, int dbl)
{
    return !(v->maxrel <= (dbl ? 1e-9 : 1e-3));
}

static void print_header(const char *title, const struct variant *v, int nv)
{
    printf("\n## %s\n", title);
    printf("%-4s %-2s %5s %5s %3s |", "prec", "tr", "size", "count", "thr");
    for (int i = 0; i < nv; i++)
        printf(i ? " %*s %5s |" : " %*s |", (int)(strlen(v[i].label) > 9 ? strlen(v[i].label) : 9),
               v[i].label, "nb/x");
    printf(" %5s | maxrel  other\n", "T/1T");
}

/* The table row, CSV rows and loud notes on wrong results. ratio_1t: first variant's GFLOPS at
   one thread on the same problems (0: not measured). */
static void report(const struct row *r, const char *size, int count, const char *tr,
                   struct variant *v, int nv, double base1t)
{
    char prec = r->dbl ? 'd' : 's';
    double first = v[0].ok ? v[0].med : 0, worst = 0;
    printf("%-4c %-2s %5s %5d %3d |", prec, tr, size, count, r->threads);
    for (int i = 0; i < nv; i++) {
        int w = (int)(strlen(v[i].label) > 9 ? strlen(v[i].label) : 9);
        if (!v[i].ok)
            printf(i ? " %*s %5s |" : " %*s |", w, "-", "-");
        else {
            printf(" %*.2f%c", w - 1, v[i].med, wrong(&v[i], r->dbl) ? '!' : ' ');
            if (!i)
                printf(" |");
            else if (first > 0 && v[i].med > 0)
                printf(" %5.2f |", first / v[i].med);
            else
                printf(" %5s |", "-");
            if (!(v[i].maxrel <= worst))
                worst = v[i].maxrel;
        }
    }
    if (r->threads > 1 && base1t > 0 && first > 0)
        printf(" %5.2f |", first / base1t);
    else
        printf(" %5s |", "-");
    printf(" %.1e", worst);
    if (r->other >= 0)
        printf(" %5.2f", r->other);
    printf("\n");
    for (int i = 0; i < nv; i++)
        if (v[i].ok && wrong(&v[i], r->dbl)) {
            wrong_results++;
            printf("   ** WRONG RESULT: %s %s %c %s size %s threads %d: max rel diff %.3g (limit "
                   "%g) **\n", v[i].label, r->work, prec, tr, size, r->threads, v[i].maxrel,
                   r->dbl ? 1e-9 : 1e-3);
            fprintf(stderr, "batch_bench: ** WRONG RESULT: %s %s %c %s size %s threads %d: max "
                    "rel diff %.3g **\n", v[i].label, r->work, prec, tr, size, r->threads,
                    v[i].maxrel);
        }
    fflush(stdout);
    if (!opt.csv)
        return;
    for (int i = 0; i < nv; i++) {
        if (!v[i].ok)
            continue;
        fprintf(opt.csv, "%s,%c,%s,%s,%d,%d,%s,%s,%.4f,%.4f,%.4f,%d,%ld,%.3g,%d,", r->work, prec,
                tr, size, count, r->threads, v[i].label, v[i].L ? v[i].L->name : "libxsmm",
                v[i].med, v[i].lo, v[i].hi, opt.reps, v[i].calls, v[i].maxrel,
                wrong(&v[i], r->dbl));
        if (i && first > 0 && v[i].med > 0)
            fprintf(opt.csv, "%.4f,", first / v[i].med);
        else
            fprintf(opt.csv, ",");
        if (!i && r->threads > 1 && base1t > 0)
            fprintf(opt.csv, "%.4f,", first / base1t);
        else
            fprintf(opt.csv, ",");
        if (r->other >= 0)
            fprintf(opt.csv, "%.2f\n", r->other);
        else
            fprintf(opt.csv, "\n");
    }
    fflush(opt.csv);
}

/* ---- timing ---------------------------------------------------------------------------------- */
static int last_threads = 1;

static void measure(struct row *r, struct variant *v, int nv)
{
    for (int l = 0; l < nlibs; l++)
        if (libs[l].h)
            bench_set_threads(&libs[l].set, r->threads);
    if (last_threads > 1) /* the previous row's workers stop spinning */
        usleep((useconds_t)opt.settle_ms * 1000);
    last_threads = r->threads;
    double flops = row_flops(r);
    for (int i = 0; i < nv; i++) {
        v[i].ok = 0, v[i].med = v[i].lo = v[i].hi = 0, v[i].maxrel = 0, v[i].calls = 0;
        if (v[i].kind == V_COMPACT && !v[i].pk[0])
            compact_prepare(&v[i], r->p);
        v[i].ok = verify(&v[i], r) == 0;
    }
    double busy0, self0, busy1, self1, wall0 = now_s();
    load_snap(&busy0, &self0);
    for (int rep = 0; rep < opt.reps; rep++)
        for (int j = 0; j < nv; j++) {
            struct variant *x = &v[(j + rep) % nv];
            if (!x->ok)
                continue;
            if (r->threads > 1) {
                usleep((useconds_t)opt.settle_ms * 1000);
                call(x, r);
            }
            long calls = 0;
            double t, t0 = now_s();
            do {
                call(x, r);
                calls++;
            } while ((t = now_s() - t0) < (r->threads > 1 ? opt.min_sample_mt : opt.min_sample));
            x->samples[rep] = flops * (double)calls / t * 1e-9;
            x->calls = calls;
        }
    load_snap(&busy1, &self1);
    double wall = now_s() - wall0;
    r->other = busy0 < 0 || busy1 < 0 || wall <= 0 ? -1 : (busy1 - busy0 - (self1 - self0)) / wall;
    if (r->other < 0 && busy0 >= 0 && busy1 >= 0)
        r->other = 0; /* tick rounding */
    for (int i = 0; i < nv; i++) {
        if (!v[i].ok)
            continue;
        qsort(v[i].samples, (size_t)opt.reps, sizeof(double), cmp_double);
        v[i].med = v[i].samples[opt.reps / 2], v[i].lo = v[i].samples[0];
        v[i].hi = v[i].samples[opt.reps - 1];
    }
}

static void progress(int step, int total, const struct row *r, const char *tr, const char *size,
                     const struct variant *v, int nv, double t0)
{
    fprintf(stderr, "[%d/%d] %s %c %s %s threads %d:", step, total, r->work, r->dbl ? 'd' : 's',
            tr, size, r->threads);
    for (int i = 0; i < nv; i++)
        if (v[i].ok)
            fprintf(stderr, " %s %.1f", v[i].label, v[i].med);
        else
            fprintf(stderr, " %s -", v[i].label);
    fprintf(stderr, " GFLOPS (%.1f s)\n", now_s() - t0);
}

static void add_variant(struct variant *v, int *nv, enum vkind kind, struct lib *L,
                        const char *suffix)
{
    if (*nv >= MAX_VARIANTS)
        return;
    memset(&v[*nv], 0, sizeof v[*nv]);
    v[*nv].kind = kind, v[*nv].L = L;
    snprintf(v[*nv].label, sizeof v[*nv].label, "%.24s-%s",
             L ? (strcmp(L->name, "nanoblas") ? L->name : "nb") : "xsmm",
             suffix);
    ++*nv;
}

static void free_packed(struct variant *v, int nv)
{
    for (int i = 0; i < nv; i++)
        for (int o = 0; o < 3; o++)
            free(v[i].pk[o]), v[i].pk[o] = NULL;
}

/* Variants of a workload: nanoblas's first (it is the reference of the nb/x ratios; shown as '-'
   while the library lacks the routine), then the other libraries', then LIBXSMM's. */
static int variants_for(int work, int dbl, struct variant *v)
{
    int nv = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int l = 0; l < nlibs; l++) {
            struct lib *L = &libs[l];
            if (!L->h || (pass == 0) != (L->is_nb != 0))
                continue;
            switch (work) {
            case 0:
            case 1:
                if (L->is_nb || (work == 0 ? L->batch[dbl] : L->strided[dbl]))
                    add_variant(v, &nv, work == 0 ? V_BATCH : V_STRIDED, L,
                                work == 0 ? "batch" : "strided");
                if (L->gemm[dbl] && (L->loop || (!L->is_nb && !(work == 0 ? L->batch[dbl]
                                                                           : L->strided[dbl]))))
                    add_variant(v, &nv, V_LOOP, L, "loop");
                break;
            case 2:
                if (L->is_nb || has_compact(L, dbl))
                    add_variant(v, &nv, V_COMPACT, L, "compact");
                if (L->is_nb || L->batch[dbl])
                    add_variant(v, &nv, V_BATCH, L, "batch");
                break;
            default:
                if (L->is_nb)
                    add_variant(v, &nv, V_BRGEMM, L, "brgemm");
                if (L->gemm[0])
                    add_variant(v, &nv, V_BRLOOP, L, "gemm32");
                break;
            }
        }
#ifdef BATCH_BENCH_LIBXSMM
    if (work != 2)
        add_variant(v, &nv, work == 3 ? V_XSMM_BR : V_XSMM, NULL, work == 3 ? "brgemm" : "jit");
#endif
    return nv;
}

/* ---- the workloads --------------------------------------------------------------------------- */
static int step, total;

/* The row's thread counts in turn; T/1T compares with the 1-thread row just measured. */
static void run_rows(int work, int dbl, int tr, struct plist *p, struct brprob *br,
                     const char *size, int count, struct variant *v, int nv)
{
    double base1t = 0;
    for (int t = 0; t < opt.nthreads; t++) {
        struct row r = {work_names[work], dbl, opt.threads[t], -1, p, br};
        double t0 = now_s();
        step++;
        measure(&r, v, nv);
        if (r.threads == 1 && v[0].ok)
            base1t = v[0].med;
        progress(step, total, &r, trans_names[tr], size, v, nv, t0);
        report(&r, size, count, trans_names[tr], v, nv, base1t);
    }
}

static struct brprob *br_init(int ta, int tb)
{
    struct brprob *b = xmalloc(sizeof *b);
    size_t blk = (size_t)BR_DIM * BR_DIM;
    b->ta = ta, b->tb = tb;
    b->A = xmalloc(BR_COUNT * blk * 4), b->B = xmalloc(BR_COUNT * blk * 4);
    b->C = xmalloc(blk * 4);
    uint64_t s = SEED_AB;
    fill(b->A, BR_COUNT * blk, 0, &s);
    fill(b->B, BR_COUNT * blk, 0, &s);
    memset(b->ref, 0, sizeof b->ref);
    for (size_t i = 0; i < BR_COUNT; i++)
        for (size_t j = 0; j < BR_DIM; j++)
            for (size_t l = 0; l < BR_DIM; l++) {
                const float *a = b->A + i * blk, *bb = b->B + i * blk;
                double y = tb == TRANS ? bb[j + l * BR_DIM] : bb[l + j * BR_DIM];
                for (size_t x = 0; x < BR_DIM; x++)
                    b->ref[x + j * BR_DIM] +=
                        (ta == TRANS ? a[l + x * BR_DIM] : a[x + l * BR_DIM]) * y;
            }
    return b;
}

static void run_work(int work)
{
    struct variant v[MAX_VARIANTS];
    char title[256];
    for (int dbl = 1; dbl >= 0; dbl--) {
        if (!opt.prec[dbl] || (work == 3 && dbl))
            continue;
        int nv = variants_for(work, dbl, v);
        static const char *const desc[4] = {
            "IrGEMM mix: groups of {10000, 1000, 100, 100} problems, m = n = k = {10, 20, 30, "
            "40}, each its own A, B, C; alpha = beta = 1",
            "strided batch: 10000 problems back to back; alpha = beta = 1",
            "compact: 16384 problems per size; compact: each library's own packing (not timed); "
            "batch: one group; alpha = beta = 1",
            "batch-reduce: C = sum of 32 products of 64 x 64 x 64 blocks (beta = 0); gemm32: 32 "
            "cblas_sgemm calls into the same C"};
        snprintf(title, sizeof title, "%s %cgemm -- %s", work_names[work], dbl ? 'd' : 's',
                 desc[work]);
        print_header(title, v, nv);
        for (int tr = 0; tr < 4; tr++) {
            if (!opt.trans[tr])
                continue;
            int ta = tr >= 2 ? TRANS : NOTRANS, tb = tr & 1 ? TRANS : NOTRANS;
            if (work == 0) {
                static const int dim[4] = {10, 20, 30, 40}, size[4] = {10000, 1000, 100, 100};
                struct plist p;
                plist_init(&p, dbl, ta, tb, 4, dim, size, 0);
                plist_reference(&p);
                run_rows(work, dbl, tr, &p, NULL, "10-40", (int)p.np, v, nv);
                plist_free(&p);
            } else if (work == 1 || work == 2) {
                static const int strided_dims[2] = {8, 32};
                int n = work == 1 ? 2 : opt.ncsizes, count = work == 1 ? 10000 : 16384;
                for (int i = 0; i < n; i++) {
                    int d = work == 1 ? strided_dims[i] : opt.csizes[i];
                    char size[16];
                    snprintf(size, sizeof size, "%d", d);
                    struct plist p;
                    plist_init(&p, dbl, ta, tb, 1, &d, &count, 1);
                    plist_reference(&p);
                    run_rows(work, dbl, tr, &p, NULL, size, count, v, nv);
                    free_packed(v, nv);
                    plist_free(&p);
                }
            } else {
                struct brprob *b = br_init(ta, tb);
                run_rows(work, dbl, tr, NULL, b, "64", BR_COUNT, v, nv);
                free(b->A), free(b->B), free(b->C), free(b);
            }
        }
    }
}

/* The workload's own defaults for what the command line did not set. */
static void apply_defaults(int w)
{
    if (!opt.prec_set)
        opt.prec[0] = w == 0 || w == 3, opt.prec[1] = w != 3;
    if (!opt.trans_set)
        for (int t = 0; t < 4; t++)
            opt.trans[t] = w == 0 || t == 0;
    if (!opt.threads_set)
        opt.nthreads = w == 0 ? 2 : 1, opt.threads[0] = 1, opt.threads[1] = 2;
}

static int rows_of(int w)
{
    apply_defaults(w);
    int nprec = w == 3 ? opt.prec[0] : opt.prec[0] + opt.prec[1];
    int ntr = opt.trans[0] + opt.trans[1] + opt.trans[2] + opt.trans[3];
    return nprec * ntr * opt.nthreads * (w == 1 ? 2 : w == 2 ? opt.ncsizes : 1);
}

/* ---- main ------------------------------------------------------------------------------------ */
static int parse_ints(const char *s, int *v, int max)
{
    int n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *t = strtok(buf, ","); t && n < max; t = strtok(NULL, ",")) {
        int lo, hi;
        if (sscanf(t, "%d-%d", &lo, &hi) != 2)
            lo = hi = atoi(t);
        for (int i = lo; i <= hi && n < max; i++)
            v[n++] = i;
    }
    return n;
}

/* Sets sel[i] for each comma-separated name found in names[0..n). Returns -1 on an unknown one. */
static int parse_names(const char *s, const char *const *names, int n, int *sel)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    memset(sel, 0, (size_t)n * sizeof *sel);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        int i = 0;
        while (i < n && strcasecmp(t, names[i]))
            i++;
        if (i == n)
            return -1;
        sel[i] = 1;
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
        "usage: batch_bench [options]\n"
        "  --lib NAME=PATH    add a library (repeatable); nanoblas = this build's\n"
        "                     lib/libnanoblas.so.0 comes first unless given here\n"
        "  --work LIST        irgemm,strided,compact,brgemm (default: all)\n"
        "  --prec LIST        s,d (default: irgemm s,d; strided and compact d; brgemm is s only)\n"
        "  --trans LIST       NN,NT,TN,TT (default: all four for irgemm, NN for the others)\n"
        "  --threads LIST     thread counts, e.g. 1,2 (default: 1,2 for irgemm, 1 for the others)\n"
        "  --loop LIST        libraries also timed as a loop of cblas_?gemm (default openblas;\n"
        "                     a library without the batch routine always is)\n"
        "  --compact-sizes L  sizes of the compact workload (default 2-32)\n"
        "  --reps N           samples per variant (default 7)\n"
        "  --min-sample MS    minimum length of a sample (default 20)\n"
        "  --settle MS        pause before each multi-threaded sample (default 300)\n"
        "  --min-sample-mt MS minimum length of a multi-threaded sample (default 200: after\n"
        "                     the pause the cores clock back up for several ms; 20 ms samples\n"
        "                     read 2 threads at 1.48-1.65x one thread, 200 ms at 2.1x)\n"
        "  --keep-env         do not set the *_NUM_THREADS variables to the largest count\n"
        "  --csv FILE         one row per variant and table row\n");
}

int main(int argc, char **argv)
{
    const char *loops = "openblas";
    char *csv_path = NULL;
    struct { char name[64], path[PATH_MAX]; } user[MAX_LIBS];
    int nuser = 0;
    opt.reps = 7, opt.settle_ms = 300, opt.min_sample = 0.02, opt.min_sample_mt = 0.2;
    opt.ncsizes = parse_ints("2-32", opt.csizes, 64);
    for (int i = 0; i < 4; i++)
        opt.work[i] = opt.trans[i] = 1;
    opt.prec[0] = opt.prec[1] = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!strcmp(a, "--keep-env")) {
            opt.keep_env = 1;
            continue;
        }
        if (!strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!val) {
            usage(stderr);
            return 2;
        }
        i++;
        if (!strcmp(a, "--lib")) {
            const char *eq = strchr(val, '=');
            if (!eq || eq == val || nuser == MAX_LIBS)
                bad = 1;
            else {
                snprintf(user[nuser].name, sizeof user[nuser].name, "%.*s", (int)(eq - val), val);
                snprintf(user[nuser].path, sizeof user[nuser].path, "%s", eq + 1);
                nuser++;
            }
        } else if (!strcmp(a, "--work")) {
            bad = parse_names(val, work_names, 4, opt.work);
        } else if (!strcmp(a, "--prec")) {
            static const char *const p[2] = {"s", "d"};
            bad = parse_names(val, p, 2, opt.prec), opt.prec_set = 1;
        } else if (!strcmp(a, "--trans")) {
            bad = parse_names(val, trans_names, 4, opt.trans), opt.trans_set = 1;
        } else if (!strcmp(a, "--threads")) {
            opt.nthreads = parse_ints(val, opt.threads, 16), opt.threads_set = 1;
            for (int t = 0; t < opt.nthreads; t++)
                bad |= opt.threads[t] < 1 || opt.threads[t] > 1024;
            bad |= !opt.nthreads;
        } else if (!strcmp(a, "--loop")) {
            loops = val;
        } else if (!strcmp(a, "--compact-sizes")) {
            opt.ncsizes = parse_ints(val, opt.csizes, 64);
            for (int t = 0; t < opt.ncsizes; t++)
                bad |= opt.csizes[t] < 1 || opt.csizes[t] > 64;
        } else if (!strcmp(a, "--reps")) {
            opt.reps = atoi(val), bad = opt.reps < 1 || opt.reps > MAX_REPS;
        } else if (!strcmp(a, "--min-sample")) {
            opt.min_sample = atof(val) * 1e-3, bad = !(opt.min_sample >= 0);
        } else if (!strcmp(a, "--min-sample-mt")) {
            opt.min_sample_mt = atof(val) * 1e-3, bad = !(opt.min_sample_mt >= 0);
        } else if (!strcmp(a, "--settle")) {
            opt.settle_ms = atoi(val), bad = opt.settle_ms < 0;
        } else if (!strcmp(a, "--csv")) {
            csv_path = argv[i];
        } else {
            bad = 1;
        }
        if (bad) {
            fprintf(stderr, "batch_bench: bad option %s %s\n", a, val);
            usage(stderr);
            return 2;
        }
    }
    /* nanoblas first (build/bench/batch_bench -> ../../lib/libnanoblas.so.0), then the others */
    int user_nb = 0;
    for (int i = 0; i < nuser; i++)
        user_nb |= !strcmp(user[i].name, "nanoblas");
    if (!user_nb) {
        struct lib *L = &libs[nlibs++];
        snprintf(L->name, sizeof L->name, "nanoblas");
        bench_default_nanoblas(L->path, sizeof L->path);
    }
    for (int i = 0; i < nuser && nlibs < MAX_LIBS; i++) {
        snprintf(libs[nlibs].name, sizeof libs[nlibs].name, "%.63s", user[i].name);
        snprintf(libs[nlibs].path, sizeof libs[nlibs].path, "%s", user[i].path);
        nlibs++;
    }
    int maxthr = opt.threads_set ? 1 : 2; /* default lists: 1 and 2 */
    for (int t = 0; t < opt.nthreads; t++)
        maxthr = opt.threads[t] > maxthr ? opt.threads[t] : maxthr;
    if (!opt.keep_env) { /* the libraries read these when they load */
        static const char *const vars[] = {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                                           "MKL_NUM_THREADS", "NANOBLAS_NUM_THREADS"};
        char val[16];
        snprintf(val, sizeof val, "%d", maxthr);
        for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
            setenv(vars[i], val, 1);
    }
    for (int l = 0; l < nlibs; l++) {
        lib_load(&libs[l]);
        if (libs[l].h) {
            char list[256];
            snprintf(list, sizeof list, ",%s,", loops);
            char key[80];
            snprintf(key, sizeof key, ",%.63s,", libs[l].name);
            libs[l].loop = strstr(list, key) != NULL;
        }
    }
    if (csv_path && !(opt.csv = fopen(csv_path, "w"))) {
        fprintf(stderr, "batch_bench: cannot write %s\n", csv_path);
        return 2;
    }
#ifdef BATCH_BENCH_LIBXSMM
    xsmm_init();
#endif

    char model[256], date[64];
    cpu_model(model, sizeof model);
    time_t tt = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S %Z", localtime(&tt));
    FILE *outs[2] = {stdout, opt.csv};
    for (int o = 0; o < 2; o++) {
        if (!outs[o])
            continue;
        fprintf(outs[o], "# batch_bench: batched GEMM, median GFLOPS (2mnk per problem) of %d "
                "interleaved samples of >= %.0f ms (%.0f ms at more than one thread); nb/x = first column / x; T/1T = first "
                "column at this thread count / at 1 thread; maxrel: worst max|C - Cref| / "
                "max|Cref| of the row against a double-precision reference ('!': WRONG); other: "
                "CPUs' worth of time other processes took during the row's samples (> 0.1: "
                "disturbed)\n", opt.reps, opt.min_sample * 1e3, opt.min_sample_mt * 1e3);
        fprintf(outs[o], "# date: %s\n# cpu: %s; %ld cpus online\n", date, model,
                sysconf(_SC_NPROCESSORS_ONLN));
        for (int l = 0; l < nlibs; l++)
            if (libs[l].h)
                fprintf(outs[o], "# lib %s: %s [%s]\n", libs[l].name, libs[l].path, libs[l].info);
#ifdef BATCH_BENCH_LIBXSMM
        xsmm_describe(outs[o]);
#else
        fprintf(outs[o], "# libxsmm: not built in (no libxsmm-dev at build time)\n");
#endif
    }
    if (opt.csv)
        fprintf(opt.csv, "work,prec,trans,size,count,threads,variant,lib,gflops,gflops_min,"
                "gflops_max,reps,calls_per_rep,max_rel_diff,wrong,ratio_first,ratio_1t,"
                "other_load\n");

    for (int w = 0; w < 4; w++)
        total += opt.work[w] ? rows_of(w) : 0;
    for (int w = 0; w < 4; w++)
        if (opt.work[w]) {
            apply_defaults(w);
            run_work(w);
        }
    if (wrong_results) {
        printf("\n** %d WRONG RESULT(S): the figures marked '!' time wrong answers **\n",
               wrong_results);
        fprintf(stderr, "batch_bench: %d wrong result(s)\n", wrong_results);
    }
    if (opt.csv)
        fclose(opt.csv);
    return wrong_results ? 3 : 0;
}
