/* trace_replay: replays the double-precision BLAS calls of a nanoblas call trace
   (NANOBLAS_VERBOSE=2, docs/API.md "Call trace") against any BLAS shared library, and prints the
   time spent per routine (dgemm per transpose pair). It times a real workload's calls one library
   at a time without the workload's own code around them: record the trace once under nanoblas,
   replay it under each library in separate processes, interleaved, and compare per routine
   (docs/PERFORMANCE.md, "numpy eigh's BLAS calls"). Not built by make:

     gcc -O2 -o trace_replay bench/trace_replay.c -ldl
     NANOBLAS_VERBOSE=2 python3 -c '...' 2> trace.txt
     trace_replay LIB trace.txt THREADS [REPS]

   Replayed: dgemm, dsymv, dsyr2k, dgemv, dcopy (the calls of LAPACK's dsyevd); other lines are
   skipped. Shapes, transposes and leading dimensions are the trace's; the operands are three
   fixed buffers (the trace has no addresses), so data that the workload had in cache may not be
   here, and the reverse. Each routine's total is the mean over REPS passes (default 3). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int field_int(const char *line, const char *key)
{
    const char *p = strstr(line, key);
    return p ? atoi(p + strlen(key)) : 0;
}

static char field_char(const char *line, const char *key)
{
    const char *p = strstr(line, key);
    return p ? p[strlen(key)] : 'N';
}

typedef void gemm_fn(const char *, const char *, const int *, const int *, const int *,
                     const double *, const double *, const int *, const double *, const int *,
                     const double *, double *, const int *, size_t, size_t);
typedef void symv_fn(const char *, const int *, const double *, const double *, const int *,
                     const double *, const int *, const double *, double *, const int *, size_t);
typedef void syr2k_fn(const char *, const char *, const int *, const int *, const double *,
                      const double *, const int *, const double *, const int *, const double *,
                      double *, const int *, size_t, size_t);
typedef void gemv_fn(const char *, const int *, const int *, const double *, const double *,
                     const int *, const double *, const int *, const double *, double *,
                     const int *, size_t);
typedef void copy_fn(const int *, const double *, const int *, double *, const int *);

enum { GEMM_NN, GEMM_NT, GEMM_TN, GEMM_TT, SYMV, SYR2K, GEMV, COPY, NCAT };
static const char *cat_name[NCAT] = {"dgemm NN", "dgemm NT", "dgemm TN", "dgemm TT",
                                     "dsymv",    "dsyr2k",   "dgemv",    "dcopy"};

static void *sym(void *h, const char *name)
{
    void *f = dlsym(h, name);
    if (!f) {
        fprintf(stderr, "trace_replay: %s not found\n", name);
        exit(2);
    }
    return f;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: trace_replay LIB TRACE THREADS [REPS]\n");
        return 2;
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "trace_replay: %s\n", dlerror());
        return 2;
    }
    void (*set_threads)(int) = (void (*)(int))dlsym(h, "openblas_set_num_threads");
    if (set_threads)
        set_threads(atoi(argv[3]));
    gemm_fn *gemm = (gemm_fn *)sym(h, "dgemm_");
    symv_fn *symv = (symv_fn *)sym(h, "dsymv_");
    syr2k_fn *syr2k = (syr2k_fn *)sym(h, "dsyr2k_");
    gemv_fn *gemv = (gemv_fn *)sym(h, "dgemv_");
    copy_fn *copy = (copy_fn *)sym(h, "dcopy_");
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    int reps = argc > 4 ? atoi(argv[4]) : 3;
    /* the largest extent any call reaches, from the trace: ld * (columns) elements per operand */
    size_t need = 1;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        size_t ld = (size_t)(field_int(line, "lda=") + field_int(line, "ldc=") + 1);
        size_t ext = (size_t)(field_int(line, " m=") + field_int(line, " n=") +
                              field_int(line, " k=") + 1);
        size_t inc = (size_t)abs(field_int(line, "incx=")) + (size_t)abs(field_int(line, "incy="));
        if (ld * ext > need)
            need = ld * ext;
        if (inc * ext > need)
            need = inc * ext;
    }
    double *a = malloc(need * sizeof(double)), *b = malloc(need * sizeof(double)),
           *c = malloc(need * sizeof(double));
    if (!a || !b || !c) {
        fprintf(stderr, "trace_replay: %zu elements per operand do not fit\n", need);
        return 2;
    }
    for (size_t i = 0; i < need; i++) /* small values: no overflow after thousands of updates */
        a[i] = (double)((i * 7919) % 1000) * 1e-6, b[i] = a[i] * 0.5, c[i] = a[i] * 0.25;
    double total[NCAT] = {0}, one = 1, zero = 0;
    long calls[NCAT] = {0};
    for (int r = 0; r < reps; r++) {
        rewind(f);
        while (fgets(line, sizeof line, f)) {
            int cat = -1, m = field_int(line, " m="), n = field_int(line, " n="),
                k = field_int(line, " k="), lda = field_int(line, "lda="),
                ldb = field_int(line, "ldb="), ldc = field_int(line, "ldc="),
                incx = field_int(line, "incx="), incy = field_int(line, "incy=");
            double t0 = now();
            if (strstr(line, " dgemm_ ")) {
                char ta = field_char(line, "transa="), tb = field_char(line, "transb=");
                t0 = now();
                gemm(&ta, &tb, &m, &n, &k, &one, a, &lda, b, &ldb, &one, c, &ldc, 1, 1);
                cat = GEMM_NN + 2 * (ta != 'N') + (tb != 'N');
            } else if (strstr(line, " dsymv_ ")) {
                char u = field_char(line, "uplo=");
                t0 = now();
                symv(&u, &n, &one, a, &lda, b, &incx, &zero, c, &incy, 1);
                cat = SYMV;
            } else if (strstr(line, " dsyr2k_ ")) {
                char u = field_char(line, "uplo="), t = field_char(line, "trans=");
                t0 = now();
                syr2k(&u, &t, &n, &k, &one, a, &lda, b, &ldb, &one, c, &ldc, 1, 1);
                cat = SYR2K;
            } else if (strstr(line, " dgemv_ ")) {
                char t = field_char(line, "trans=");
                t0 = now();
                gemv(&t, &m, &n, &one, a, &lda, b, &incx, &zero, c, &incy, 1);
                cat = GEMV;
            } else if (strstr(line, " dcopy_ ")) {
                t0 = now();
                copy(&n, a, &incx, c, &incy);
                cat = COPY;
            }
            if (cat >= 0)
                total[cat] += now() - t0, calls[cat]++;
        }
    }
    double sum = 0;
    for (int i = 0; i < NCAT; i++) {
        if (!calls[i])
            continue;
        printf("%-9s %9.2f ms %7ld calls\n", cat_name[i], 1e3 * total[i] / reps, calls[i] / reps);
        sum += total[i];
    }
    printf("%-9s %9.2f ms\n", "total", 1e3 * sum / reps);
    return 0;
}
