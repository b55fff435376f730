/* blas_bench: times the Level 2 and 3 routines besides gemm (dgemv N/T, dger, dsyrk, dtrsm,
   dtrmm, dsymm) and the bf16 GEMM (cblas_sbgemm, MKL's cblas_gemm_bf16bf16f32; beside each
   library's sgemm on the same values widened to fp32) in several BLAS libraries loaded side by side (dlopen, as gemm_bench does), at
   several thread counts: one warm-up call, then samples round-robin over the libraries, the
   median of each. Usage:
     blas_bench [--lib NAME=PATH]... [--sizes 256,2048] [--threads 1,2] [--reps 7] [--ops LIST]
   --ops: comma list of routine names (default: all; `sbgemm,sgemm` is the bf16 comparison).
   --gemm MxNxK,...: further shapes for the sbgemm and sgemm rows (skinny ones).
   --csv FILE: also one line per routine, shape, thread count and library (routine,m,n,k,
   threads,lib,gflops).
   A library without a routine shows 0 and "-". The table and the CSV start with the CPU's
   `# cpu:` line, as gemm_bench's do (bench_util.h).
   nanoblas (lib/libnanoblas.so.0) always comes first; each library's thread count is set through
   its openblas_set_num_threads (nanoblas and OpenBLAS) or MKL_Set_Num_Threads. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

enum { ROWMAJ = 101, COLMAJ = 102, NOTR = 111, TR = 112, UP = 121, LO = 122, NONUNIT = 131,
       LEFT = 141 };
typedef void (*gemv_f)(int, int, int, int, double, const double *, int, const double *, int, double,
                       double *, int);
typedef void (*ger_f)(int, int, int, double, const double *, int, const double *, int, double *,
                      int);
typedef void (*syrk_f)(int, int, int, int, int, double, const double *, int, double, double *, int);
typedef void (*trxm_f)(int, int, int, int, int, int, int, double, const double *, int, double *,
                       int);
typedef void (*symm_f)(int, int, int, int, int, double, const double *, int, const double *, int,
                       double, double *, int);
typedef void (*set_f)(int);
typedef void (*sbgemm_f)(int, int, int, int, int, int, float, const uint16_t *, int,
                         const uint16_t *, int, float, float *, int);
typedef void (*sgemm_f)(int, int, int, int, int, int, float, const float *, int, const float *,
                        int, float, float *, int);

#define MAXLIB 6
static struct lib {
    const char *name;
    gemv_f gemv;
    ger_f ger;
    syrk_f syrk;
    trxm_f trsm, trmm;
    symm_f symm;
    sbgemm_f sbgemm; /* cblas_sbgemm, else MKL's cblas_gemm_bf16bf16f32; NULL if neither */
    sgemm_f sgemm;
    set_f set_threads;
} libs[MAXLIB];
static int nlibs;

static void add_lib(const char *name, const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!h || nlibs == MAXLIB) {
        fprintf(stderr, "blas_bench: cannot load %s (%s): skipped\n", path, h ? "too many" : dlerror());
        return;
    }
    struct lib *L = &libs[nlibs];
    L->name = name;
    L->gemv = (gemv_f)dlsym(h, "cblas_dgemv");
    L->ger = (ger_f)dlsym(h, "cblas_dger");
    L->syrk = (syrk_f)dlsym(h, "cblas_dsyrk");
    L->trsm = (trxm_f)dlsym(h, "cblas_dtrsm");
    L->trmm = (trxm_f)dlsym(h, "cblas_dtrmm");
    L->symm = (symm_f)dlsym(h, "cblas_dsymm");
    L->sbgemm = (sbgemm_f)dlsym(h, "cblas_gemm_bf16bf16f32");
    if (!L->sbgemm || !strcmp(name, "nanoblas"))
        L->sbgemm = (sbgemm_f)dlsym(h, "cblas_sbgemm");
    L->sgemm = (sgemm_f)dlsym(h, "cblas_sgemm");
    L->set_threads = (set_f)dlsym(h, "openblas_set_num_threads");
    if (!L->set_threads)
        L->set_threads = (set_f)dlsym(h, "MKL_Set_Num_Threads");
    if (!L->gemv || !L->ger || !L->syrk || !L->trsm || !L->trmm || !L->symm) {
        fprintf(stderr, "blas_bench: %s lacks a CBLAS routine: skipped\n", path);
        return;
    }
    nlibs++;
}

/* CPUs in the affinity mask (else online), as gemm_bench's header counts them. */
static int cpus_usable(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double *A, *B, *C, *X, *Y;
static uint16_t *HA, *HB; /* bf16 operands */
static int GM, GK; /* m and k of the sbgemm/sgemm rows (n is the row's size) */
static float *FA, *FB, *FC; /* the same values in fp32, for sgemm */
static const char *const ops[] = {"dgemv_N", "dgemv_T", "dger",    "dsyrk_UN", "dtrsm_LLN",
                                  "dtrsm_RUT", "dtrmm_LLN", "dsymm_LU", "sbgemm", "sgemm"};
#define NOPS (int)(sizeof ops / sizeof ops[0])

/* One call; returns its flop count. C is overwritten by every call, so the calls are chained:
   the triangle's diagonal is about n, and alpha (n for trsm, 1/n for trmm) keeps the magnitudes
   of C near 1 over hundreds of calls. With alpha = 1, repeated solves divided C by ~n each time
   and reached subnormal numbers within a 20 ms sample, which then timed the CPU's subnormal
   assists rather than the library (seen as dtrsm 256 at 4 GFLOPS). */
static double call(const struct lib *L, int op, int n)
{
    double dn = n;
    switch (op) {
    case 0: L->gemv(COLMAJ, NOTR, n, n, 1.0, A, n, X, 1, 0.5, Y, 1); return 2 * dn * dn;
    case 1: L->gemv(COLMAJ, TR, n, n, 1.0, A, n, X, 1, 0.5, Y, 1); return 2 * dn * dn;
    case 2: L->ger(COLMAJ, n, n, 1e-9, X, 1, Y, 1, C, n); return 2 * dn * dn;
    case 3: L->syrk(COLMAJ, UP, NOTR, n, n, 1.0, B, n, 0.5, C, n); return dn * dn * dn;
    case 4: L->trsm(COLMAJ, LEFT, LO, NOTR, NONUNIT, n, n, dn, A, n, C, n); return dn * dn * dn;
    case 5: L->trsm(COLMAJ, LEFT + 1, UP, TR, NONUNIT, n, n, dn, A, n, C, n); return dn * dn * dn;
    case 6: L->trmm(COLMAJ, LEFT, LO, NOTR, NONUNIT, n, n, 1.0 / dn, A, n, C, n); return dn * dn * dn;
    case 7: L->symm(COLMAJ, LEFT, UP, n, n, 1.0, B, n, A, n, 0.5, C, n); return 2 * dn * dn * dn;
    case 8: L->sbgemm(COLMAJ, NOTR, NOTR, GM, n, GK, 1.0f, HA, GM, HB, GK, 0.0f, FC, GM);
        return 2.0 * GM * dn * GK;
    default: L->sgemm(COLMAJ, NOTR, NOTR, GM, n, GK, 1.0f, FA, GM, FB, GK, 0.0f, FC, GM);
        return 2.0 * GM * dn * GK;
    }
}

/* Whether library L has routine op (the bf16 GEMM is an extension). */
static int has_op(const struct lib *L, int op)
{
    return op == 8 ? L->sbgemm != NULL : op == 9 ? L->sgemm != NULL : 1;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int parse_list(const char *s, int *v, int max)
{
    int n = 0;
    while (*s && n < max) {
        v[n++] = atoi(s);
        const char *c = strchr(s, ',');
        if (!c)
            break;
        s = c + 1;
    }
    return n;
}

int main(int argc, char **argv)
{
    int sizes[16] = {256, 2048}, nsizes = 2, threads[16] = {1}, nthreads = 1, reps = 7;
    const char *ops_list = NULL;
    FILE *csv = NULL;
    int gemm_shapes[16][3], ngemm = 0;
    char self[4096], model[256];
    cpu_model(model, sizeof model);
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 64);
    self[len > 0 ? len : 0] = 0;
    char *slash = strrchr(self, '/');
    if (slash)
        strcpy(slash, "/../../lib/libnanoblas.so.0");
    add_lib("nanoblas", self);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lib") && i + 1 < argc) {
            char *eq = strchr(argv[++i], '=');
            if (eq) {
                *eq = 0;
                add_lib(argv[i], eq + 1);
            }
        } else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = parse_list(argv[++i], sizes, 16);
        } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            nthreads = parse_list(argv[++i], threads, 16);
        } else if (!strcmp(argv[i], "--gemm") && i + 1 < argc) {
            for (char *t = strtok(argv[++i], ","); t && ngemm < 16; t = strtok(NULL, ","))
                if (sscanf(t, "%dx%dx%d", &gemm_shapes[ngemm][0], &gemm_shapes[ngemm][1],
                           &gemm_shapes[ngemm][2]) == 3)
                    ngemm++;
        } else if (!strcmp(argv[i], "--csv") && i + 1 < argc) {
            csv = fopen(argv[++i], "w");
            if (!csv) {
                fprintf(stderr, "blas_bench: cannot write %s\n", argv[i]);
                return 2;
            }
            fprintf(csv, "# cpu: %s; %d usable cpus\nroutine,m,n,k,threads,lib,gflops\n", model,
                    cpus_usable());
        } else if (!strcmp(argv[i], "--ops") && i + 1 < argc) {
            ops_list = argv[++i];
        } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
        } else {
            fprintf(stderr, "usage: blas_bench [--lib NAME=PATH]... [--sizes N,...] [--threads T,...] "
                            "[--reps R] [--ops NAME,...] [--gemm MxNxK,...] [--csv FILE]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 99)
        reps = 7;
    int nmax = 0;
    for (int i = 0; i < nsizes; i++)
        nmax = sizes[i] > nmax ? sizes[i] : nmax;
    for (int i = 0; i < ngemm; i++)
        for (int d = 0; d < 3; d++)
            nmax = gemm_shapes[i][d] > nmax ? gemm_shapes[i][d] : nmax;
    size_t nn = (size_t)nmax * nmax;
    A = malloc(nn * 8), B = malloc(nn * 8), C = malloc(nn * 8), X = malloc(nmax * 8),
    Y = malloc(nmax * 8);
    HA = malloc(nn * 2), HB = malloc(nn * 2), FA = malloc(nn * 4), FB = malloc(nn * 4),
    FC = malloc(nn * 4);
    if (!A || !B || !C || !X || !Y || !HA || !HB || !FA || !FB || !FC)
        return 1;
    /* bf16 operands in [-1, 1) and their exact fp32 values */
    srand48(2);
    for (size_t i = 0; i < nn; i++) {
        float fa = (float)(2 * drand48() - 1), fb = (float)(2 * drand48() - 1);
        uint32_t ua, ub;
        memcpy(&ua, &fa, 4), memcpy(&ub, &fb, 4);
        HA[i] = (uint16_t)(ua >> 16), HB[i] = (uint16_t)(ub >> 16);
        ua = (uint32_t)HA[i] << 16, ub = (uint32_t)HB[i] << 16;
        memcpy(&FA[i], &ua, 4), memcpy(&FB[i], &ub, 4);
    }
    printf("# blas_bench: median GFLOPS of %d samples per library, interleaved; nb/x = nanoblas / x\n",
           reps);
    printf("# cpu: %s; %d usable cpus\n", model, cpus_usable());
    printf("%-10s %12s %3s", "routine", "n", "thr");
    for (int l = 0; l < nlibs; l++)
        printf(" | %10s", libs[l].name);
    for (int l = 1; l < nlibs; l++)
        printf(" %5s", "nb/x");
    printf("\n");
    for (int si = 0; si < nsizes + ngemm; si++) {
        int n = si < nsizes ? sizes[si] : gemm_shapes[si - nsizes][1];
        GM = si < nsizes ? n : gemm_shapes[si - nsizes][0];
        GK = si < nsizes ? n : gemm_shapes[si - nsizes][2];
        char label[40];
        if (si < nsizes)
            snprintf(label, sizeof label, "%d", n);
        else
            snprintf(label, sizeof label, "%dx%dx%d", GM, n, GK);
        for (int op = 0; op < NOPS; op++)
            for (int ti = 0; ti < nthreads; ti++) {
                if (si >= nsizes && op < 8) /* --gemm shapes: the GEMM rows only */
                    continue;
                if (ops_list) { /* whole names in the comma list */
                    size_t len = strlen(ops[op]);
                    const char *f = ops_list;
                    while ((f = strstr(f, ops[op])) &&
                           !((f == ops_list || f[-1] == ',') && (f[len] == ',' || !f[len])))
                        f++;
                    if (!f)
                        continue;
                }
                double g[MAXLIB][99];
                for (int l = 0; l < nlibs; l++) {
                    srand48(1);
                    for (size_t i = 0; i < (size_t)n * n; i++)
                        A[i] = drand48(), B[i] = drand48(), C[i] = drand48();
                    for (int i = 0; i < n; i++)
                        A[i + (size_t)i * n] += n, X[i] = drand48(), Y[i] = drand48();
                    if (libs[l].set_threads)
                        libs[l].set_threads(threads[ti]);
                    if (has_op(&libs[l], op))
                        call(&libs[l], op, n);
                }
                for (int r = 0; r < reps; r++)
                    for (int j = 0; j < nlibs; j++) {
                        int l = (j + r) % nlibs;
                        if (!has_op(&libs[l], op)) {
                            g[l][r] = 0;
                            continue;
                        }
                        if (threads[ti] > 1) {
                            /* idle workers of the last library stop spinning; then one untimed
                               call wakes this library's team (and the core's AMX/AVX-512
                               units, powered down after the idle spell) before the timing:
                               without it a 10 ms call paid the wake-up in every sample */
                            usleep(100000);
                            call(&libs[l], op, n);
                        }
                        /* at least 20 ms per sample: small calls are repeated */
                        long calls = 0;
                        double fl = 0, t0 = now(), t;
                        do {
                            fl += call(&libs[l], op, n);
                            calls++;
                        } while ((t = now() - t0) < 0.02);
                        g[l][r] = fl / t * 1e-9;
                    }
                double big = 0, small = 1e300;
                for (size_t i = 0; i < (size_t)n * n; i++) {
                    double v = C[i] < 0 ? -C[i] : C[i];
                    big = v > big ? v : big;
                    small = v > 0 && v < small ? v : small;
                }
                if (big > 1e100 || small < 1e-200)
                    fprintf(stderr, "blas_bench: %s n=%d: C drifted to [%g, %g]; figures suspect\n",
                            ops[op], n, small, big);
                double med[MAXLIB];
                printf("%-10s %12s %3d", ops[op], label, threads[ti]);
                for (int l = 0; l < nlibs; l++) {
                    qsort(g[l], (size_t)reps, sizeof(double), cmp);
                    med[l] = g[l][reps / 2];
                    printf(" | %10.2f", med[l]);
                    if (csv && has_op(&libs[l], op))
                        fprintf(csv, "%s,%d,%d,%d,%d,%s,%.3f\n", ops[op], GM, n, GK, threads[ti],
                                libs[l].name, med[l]);
                }
                for (int l = 1; l < nlibs; l++)
                    printf(med[l] > 0 ? " %5.2f" : "     -", med[0] / (med[l] > 0 ? med[l] : 1));
                printf("\n");
                fflush(stdout);
            }
    }
    free(A), free(B), free(C), free(X), free(Y), free(HA), free(HB), free(FA), free(FB), free(FC);
    if (csv)
        fclose(csv);
    return 0;
}
