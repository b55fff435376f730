/* LP64 against ILP64 dgemm speed: dgemm_ of libnanoblas.so.0 and dgemm_64_ of libnanoblas64.so.0,
   both loaded with dlopen into one process, timed in alternation on the same operands; prints
   the median of each and their ratio. Threads: whatever NANOBLAS_NUM_THREADS says (set it to 1
   for the single-thread figure).
     cc -O2 bench/ilp64_gemm.c -o build/bench/ilp64_gemm -ldl
     NANOBLAS_NUM_THREADS=1 build/bench/ilp64_gemm lib [N [REPS]]       (default 2000, 5) */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef void gemm32(const char *, const char *, const int *, const int *, const int *,
                    const double *, const double *, const int *, const double *, const int *,
                    const double *, double *, const int *, size_t, size_t);
typedef void gemm64(const char *, const char *, const int64_t *, const int64_t *, const int64_t *,
                    const double *, const double *, const int64_t *, const double *,
                    const int64_t *, const double *, double *, const int64_t *, size_t, size_t);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static void *sym(const char *dir, const char *file, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    void *f = h ? dlsym(h, name) : NULL;
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, dlerror());
        exit(2);
    }
    return f;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "lib";
    int n = argc > 2 ? atoi(argv[2]) : 2000, reps = argc > 3 ? atoi(argv[3]) : 5;
    if (n < 1 || reps < 1 || reps > 100)
        return 2;
    gemm32 *g32 = (gemm32 *)sym(dir, "libnanoblas.so.0", "dgemm_");
    gemm64 *g64 = (gemm64 *)sym(dir, "libnanoblas64.so.0", "dgemm_64_");
    size_t nn = (size_t)n * (size_t)n;
    double *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *c = malloc(nn * sizeof *c);
    if (!a || !b || !c)
        return 2;
    for (size_t i = 0; i < nn; i++)
        a[i] = (double)(i % 7) - 3, b[i] = (double)(i % 5) - 2, c[i] = 0;
    const double one = 1, zero = 0;
    const int n32 = n;
    const int64_t n64 = n;
    double t32[100], t64[100];
    /* one untimed call each: page faults, thread start, packing buffers */
    g32("N", "N", &n32, &n32, &n32, &one, a, &n32, b, &n32, &zero, c, &n32, 1, 1);
    g64("N", "N", &n64, &n64, &n64, &one, a, &n64, b, &n64, &zero, c, &n64, 1, 1);
    for (int r = 0; r < reps; r++) {
        double t = now();
        g32("N", "N", &n32, &n32, &n32, &one, a, &n32, b, &n32, &zero, c, &n32, 1, 1);
        t32[r] = now() - t;
        t = now();
        g64("N", "N", &n64, &n64, &n64, &one, a, &n64, b, &n64, &zero, c, &n64, 1, 1);
        t64[r] = now() - t;
    }
    qsort(t32, (size_t)reps, sizeof(double), cmp);
    qsort(t64, (size_t)reps, sizeof(double), cmp);
    double m32 = t32[reps / 2], m64 = t64[reps / 2], fl = 2.0 * n * (double)n * n;
    printf("dgemm %d^3, %d reps interleaved, medians: LP64 %.4f s (%.1f GFLOPS), ILP64 %.4f s "
           "(%.1f GFLOPS), ILP64/LP64 time %.3f\n",
           n, reps, m32, fl / m32 * 1e-9, m64, fl / m64 * 1e-9, m64 / m32);
    free(a), free(b), free(c);
    return 0;
}
