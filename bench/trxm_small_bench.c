/* gcc -O2 -o trxm_small_bench bench/trxm_small_bench.c -ldl (not built by make).
   trmm/trsm timing for one shape (small triangle, long other dimension, or square):
   trxm_small_bench LIB.so {d,s}{trmm,trsm} SIDE UPLO TRANSA DIAG M N LDB_PAD REPS
   prints the median over 9 runs of REPS calls, in us, and GFLOPS (m*n*k). The triangle is close
   to the identity (diagonal 1 +- 1e-3, off-diagonal below 1e-3/k) so that thousands of calls on
   the same B neither overflow nor reach subnormals (which would time the FPU's slow path). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*dfn)(const char *, const char *, const char *, const char *, const int *, const int *,
                    const double *, const double *, const int *, double *, const int *);
typedef void (*sfn)(const char *, const char *, const char *, const char *, const int *, const int *,
                    const float *, const float *, const int *, float *, const int *);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 11) {
        fprintf(stderr, "usage: %s LIB {d,s}{trmm,trsm} SIDE UPLO TRANSA DIAG M N LDBPAD REPS\n", argv[0]);
        return 2;
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    char sym[16];
    snprintf(sym, sizeof sym, "%s_", argv[2]);
    void *f = dlsym(h, sym);
    int dbl = argv[2][0] == 'd';
    const char *side = argv[3], *uplo = argv[4], *ta = argv[5], *dg = argv[6];
    int m = atoi(argv[7]), n = atoi(argv[8]), pad = atoi(argv[9]), reps = atoi(argv[10]);
    int k = side[0] == 'L' ? m : n, lda = k, ldb = m + pad;
    size_t na = (size_t)lda * (size_t)k, nbe = (size_t)ldb * (size_t)n;
    double *a = malloc(8 * na), *b = malloc(8 * nbe);
    float *as = malloc(4 * na), *bs = malloc(4 * nbe);
    srand48(1);
    for (int j = 0; j < k; j++)
        for (int i = 0; i < lda; i++) {
            double v = i == j ? 1 + (drand48() - 0.5) * 2e-3 : (drand48() - 0.5) * 2e-3 / k;
            a[i + (size_t)j * lda] = v;
            as[i + (size_t)j * lda] = (float)v;
        }
    for (size_t i = 0; i < nbe; i++) {
        b[i] = drand48() + 0.5;
        bs[i] = (float)b[i];
    }
    double al = 1.0, t[9];
    float als = 1.0f;
    for (int r = 0; r < 9; r++) {
        double t0 = now();
        for (int q = 0; q < reps; q++) {
            if (dbl)
                ((dfn)f)(side, uplo, ta, dg, &m, &n, &al, a, &lda, b, &ldb);
            else
                ((sfn)f)(side, uplo, ta, dg, &m, &n, &als, as, &lda, bs, &ldb);
        }
        t[r] = (now() - t0) / reps;
    }
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++)
            if (t[j] < t[i]) {
                double x = t[i];
                t[i] = t[j];
                t[j] = x;
            }
    printf("%.1f us %.2f GF\n", t[4] * 1e6, (double)m * n * k / t[4] * 1e-9);
    return 0;
}
