/* call_gap_bench: times one BLAS call repeated with a pause between calls, as a program that
   computes between its BLAS calls makes them; the pause decides whether a library's idle
   threads are still awake when the next call comes (docs/PERFORMANCE.md, "Threads on
   nanoblas's own pool"). Not built by make:

     gcc -O2 -o call_gap_bench bench/call_gap_bench.c -ldl
     call_gap_bench LIB ROUTINE N GAP_US REPS THREADS

   LIB: a BLAS shared library with the Fortran interface (dlopen'd; its thread count set through
   openblas_set_num_threads when it has one). ROUTINE: gemv (N), gemvt (T), symv (L), trmv (UNN)
   on an N x N matrix, or dot, axpy, rot on vectors of N. Prints the median, 10th and 90th
   percentile of REPS timed calls (after 3 untimed ones), in microseconds. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef void gemv_fn(const char *, const int *, const int *, const double *, const double *,
                     const int *, const double *, const int *, const double *, double *, const int *);
typedef void symv_fn(const char *, const int *, const double *, const double *, const int *,
                     const double *, const int *, const double *, double *, const int *);
typedef void trmv_fn(const char *, const char *, const char *, const int *, const double *,
                     const int *, double *, const int *);
typedef double dot_fn(const int *, const double *, const int *, const double *, const int *);
typedef void axpy_fn(const int *, const double *, const double *, const int *, double *, const int *);
typedef void rot_fn(const int *, double *, const int *, double *, const int *, const double *,
                    const double *);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void *sym(void *h, const char *name)
{
    void *f = dlsym(h, name);
    if (!f) {
        fprintf(stderr, "call_gap_bench: no %s in the library\n", name);
        exit(1);
    }
    return f;
}

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: call_gap_bench LIB ROUTINE N GAP_US REPS THREADS\n");
        return 2;
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "call_gap_bench: %s\n", dlerror());
        return 1;
    }
    const char *r = argv[2];
    int n = atoi(argv[3]), gap = atoi(argv[4]), reps = atoi(argv[5]), th = atoi(argv[6]), inc = 1;
    if (n < 1 || gap < 0 || reps < 1 || th < 1) {
        fprintf(stderr, "call_gap_bench: N, REPS and THREADS must be >= 1, GAP_US >= 0\n");
        return 2;
    }
    void (*setn)(int) = (void (*)(int))dlsym(h, "openblas_set_num_threads");
    if (setn)
        setn(th);
    int vec = !strcmp(r, "dot") || !strcmp(r, "axpy") || !strcmp(r, "rot");
    size_t na = vec ? 1 : (size_t)n * (size_t)n;
    double *a = malloc(na * sizeof *a), *x = malloc((size_t)n * sizeof *x),
           *y = malloc((size_t)n * sizeof *y), *t = malloc((size_t)reps * sizeof *t);
    if (!a || !x || !y || !t)
        return 1;
    for (size_t i = 0; i < na; i++)
        a[i] = 1.0 / (double)(1 + i % 7);
    for (int i = 0; i < n; i++)
        x[i] = 1, y[i] = 0;
    double one = 1, half = 0.5, c = 0.6, s = 0.8;
    volatile double sink = 0;
    for (int k = 0; k < reps + 3; k++) {
        if (gap)
            usleep((useconds_t)gap);
        double t0 = now();
        if (!strcmp(r, "gemv") || !strcmp(r, "gemvt"))
            ((gemv_fn *)sym(h, "dgemv_"))(r[4] ? "T" : "N", &n, &n, &one, a, &n, x, &inc, &half, y, &inc);
        else if (!strcmp(r, "symv"))
            ((symv_fn *)sym(h, "dsymv_"))("L", &n, &one, a, &n, x, &inc, &half, y, &inc);
        else if (!strcmp(r, "trmv"))
            ((trmv_fn *)sym(h, "dtrmv_"))("U", "N", "N", &n, a, &n, x, &inc);
        else if (!strcmp(r, "dot"))
            sink += ((dot_fn *)sym(h, "ddot_"))(&n, x, &inc, y, &inc);
        else if (!strcmp(r, "axpy"))
            ((axpy_fn *)sym(h, "daxpy_"))(&n, &half, x, &inc, y, &inc);
        else if (!strcmp(r, "rot"))
            ((rot_fn *)sym(h, "drot_"))(&n, x, &inc, y, &inc, &c, &s);
        else {
            fprintf(stderr, "call_gap_bench: unknown routine %s\n", r);
            return 2;
        }
        double dt = now() - t0;
        if (k >= 3)
            t[k - 3] = dt;
        if (!strcmp(r, "trmv")) /* keep x bounded */
            for (int i = 0; i < n; i++)
                x[i] = 1;
    }
    qsort(t, (size_t)reps, sizeof *t, cmp);
    printf("%s %s n=%d gap=%dus threads=%d: median %.1f us  p10 %.1f  p90 %.1f\n", argv[1], r, n, gap,
           th, 1e6 * t[reps / 2], 1e6 * t[reps / 10], 1e6 * t[reps * 9 / 10]);
    (void)sink;
    return 0;
}
