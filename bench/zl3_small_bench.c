/* gcc -O2 -o zl3_small_bench bench/zl3_small_bench.c -ldl -lm (not built by make).
   Complex double Level 3 timing of two libraries on one square problem, interleaved:
   zl3_small_bench LIB1.so LIB2.so ROUTINE N THREADS REPS [SIDE UPLO TRANS]
   ROUTINE: ztrmm ztrsm (SIDE UPLO TRANSA, diag N), zherk zsyrk zher2k zsyr2k (UPLO TRANS),
   zhemm zsymm (SIDE UPLO). Prints the median over REPS samples (each >= 0.2 s of calls) of
   each library's GFLOPS (complex flops counted as 8 per multiply-add) and their ratio.
   alpha = 1, beta = 0.5; trmm/trsm restore B every 8 calls, so that repeated products neither
   overflow nor reach subnormals (which would time the FPU's slow path). Threads are set through
   openblas_set_num_threads, which both libraries export. */
#include <complex.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef double complex zc;
static double now() {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}
static int cmpd(const void *a, const void *b) {
    double x = *(double *)a, y = *(double *)b;
    return x < y ? -1 : x > y;
}
typedef void (*tr_t)(const char *, const char *, const char *, const char *, const int *,
                     const int *, const zc *, const zc *, const int *, zc *, const int *);
typedef void (*rk_t)(const char *, const char *, const int *, const int *, const void *, const zc *,
                     const int *, const void *, zc *, const int *);
typedef void (*r2k_t)(const char *, const char *, const int *, const int *, const zc *, const zc *,
                      const int *, const zc *, const int *, const void *, zc *, const int *);
typedef void (*mm_t)(const char *, const char *, const int *, const int *, const zc *, const zc *,
                     const int *, const zc *, const int *, const zc *, zc *, const int *);
int main(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr,
                "usage: zl3_small_bench LIB1 LIB2 ROUTINE N THREADS REPS [SIDE UPLO TRANS]\n");
        return 2;
    }
    const char *rt = argv[3];
    int n = atoi(argv[4]), th = atoi(argv[5]), reps = atoi(argv[6]);
    const char *side = argc > 7 ? argv[7] : "L", *uplo = argc > 8 ? argv[8] : "L",
               *tr = argc > 9 ? argv[9] : "N";
    void *h[2];
    void *f[2];
    char name[64];
    snprintf(name, sizeof name, "%s_", rt);
    for (int l = 0; l < 2; l++) {
        h[l] = dlopen(argv[1 + l], RTLD_NOW | RTLD_LOCAL);
        if (!h[l]) {
            fprintf(stderr, "%s\n", dlerror());
            return 1;
        }
        f[l] = dlsym(h[l], name);
        if (!f[l]) {
            fprintf(stderr, "%s: no %s\n", argv[1 + l], name);
            return 1;
        }
        void (*st)(int) = (void (*)(int))dlsym(h[l], "openblas_set_num_threads");
        if (st)
            st(th);
    }
    size_t nn = (size_t)n * n;
    zc *a = malloc(nn * 16), *b = malloc(nn * 16), *c = malloc(nn * 16), *c0 = malloc(nn * 16);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            a[i + (size_t)j * n] = (i == j ? 2.0 + n : 0.5 / (1 + i + j)) + I * 0.1 * ((i + j) % 5);
            b[i + (size_t)j * n] = (i % 7) * 0.1 + I * (j % 3);
            c0[i + (size_t)j * n] = 0.3 * (i % 4) + I * 0.01 * j;
        }
    double fl;
    int isd = 0;
    const char *p = rt + 1;
    static const char *known[] = {"trmm", "trsm", "herk", "syrk", "her2k", "syr2k", "hemm", "symm"};
    int ok = 0;
    for (int q = 0; q < 8; q++)
        ok |= rt[0] == 'z' && !strcmp(p, known[q]);
    if (!ok) {
        fprintf(stderr, "zl3_small_bench: unknown routine %s\n", rt);
        return 2;
    }
    if (!strcmp(p, "trmm") || !strcmp(p, "trsm"))
        fl = 4.0 * n * (double)n * n;
    else if (!strcmp(p, "herk") || !strcmp(p, "syrk"))
        fl = 4.0 * n * (double)n * n;
    else if (!strcmp(p, "her2k") || !strcmp(p, "syr2k"))
        fl = 8.0 * n * (double)n * n;
    else
        fl = 8.0 * n * (double)n * n;
    (void)isd;
    double *ts[2] = {malloc(reps * 8), malloc(reps * 8)};
    zc one = 1, half = 0.5;
    double rone = 1, rhalf = 0.5;
    for (int r = 0; r < reps; r++)
        for (int l = 0; l < 2; l++) {
            memcpy(c, c0, nn * 16);
            int it = 0;
            double t0 = now(), t;
            do {
                if (!strcmp(p, "trmm") || !strcmp(p, "trsm"))
                    ((tr_t)f[l])(side, uplo, tr, "N", &n, &n, &one, a, &n, c, &n);
                else if (!strcmp(p, "herk"))
                    ((rk_t)f[l])(uplo, tr, &n, &n, &rone, a, &n, &rhalf, c, &n);
                else if (!strcmp(p, "syrk"))
                    ((rk_t)f[l])(uplo, tr, &n, &n, &one, a, &n, &half, c, &n);
                else if (!strcmp(p, "her2k"))
                    ((r2k_t)f[l])(uplo, tr, &n, &n, &one, a, &n, b, &n, &rhalf, c, &n);
                else if (!strcmp(p, "syr2k"))
                    ((r2k_t)f[l])(uplo, tr, &n, &n, &one, a, &n, b, &n, &half, c, &n);
                else
                    ((mm_t)f[l])(side, uplo, &n, &n, &one, a, &n, b, &n, &half, c, &n);
                it++;
                t = now() - t0;
                if ((!strcmp(p, "trmm") || !strcmp(p, "trsm")) && (it % 8 == 0))
                    memcpy(c, c0, nn * 16);
            } while (t < 0.2);
            ts[l][r] = fl * it / t / 1e9;
        }
    qsort(ts[0], reps, 8, cmpd);
    qsort(ts[1], reps, 8, cmpd);
    printf("%s %s%s%s n=%d t=%d: %.1f %.1f GF ratio %.2f\n", rt, side, uplo, tr, n, th,
           ts[0][reps / 2], ts[1][reps / 2], ts[0][reps / 2] / ts[1][reps / 2]);
    return 0;
}
