/* Times LAPACK routines (double precision) in one library loaded with dlopen: the routines
   nanoblas replaces (getrf, getrs, potrf, potrs, getri, potri, trtri) and the ones it leaves to
   the reference LAPACK but whose time goes to the BLAS (geqrf, orgqr, sytrd, gebrd). Finds where
   a NumPy/SciPy row's time goes, routine by routine, against OpenBLAS's own LAPACK or MKL's.

     lapack_bench LIB.so [--n N[,N...]] [--threads T] [--reps R] [--only r1,r2]

   One line per routine and size: "routine,n,threads,median_seconds,GFLOPS" (LAPACK's operation
   counts). The caller interleaves libraries by running one process per library in turn.
   The matrices are the same for every library (fixed seed); every call gets a fresh copy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_libs.h"
#include "bench_util.h"

typedef void (*getrf_fn)(const int *, const int *, double *, const int *, int *, int *);
typedef void (*getrs_fn)(const char *, const int *, const int *, const double *, const int *,
                         const int *, double *, const int *, int *, size_t);
typedef void (*potrf_fn)(const char *, const int *, double *, const int *, int *, size_t);
typedef void (*potrs_fn)(const char *, const int *, const int *, const double *, const int *,
                         double *, const int *, int *, size_t);
typedef void (*getri_fn)(const int *, double *, const int *, const int *, double *, const int *,
                         int *);
typedef void (*trtri_fn)(const char *, const char *, const int *, double *, const int *, int *,
                         size_t, size_t);
typedef void (*geqrf_fn)(const int *, const int *, double *, const int *, double *, double *,
                         const int *, int *);
typedef void (*orgqr_fn)(const int *, const int *, const int *, double *, const int *,
                         const double *, double *, const int *, int *);
typedef void (*sytrd_fn)(const char *, const int *, double *, const int *, double *, double *,
                         double *, double *, const int *, int *, size_t);
typedef void (*gebrd_fn)(const int *, const int *, double *, const int *, double *, double *,
                         double *, double *, double *, const int *, int *);

static void *need(void *h, const char *name)
{
    void *f = dlsym(h, name);
    if (!f) {
        fprintf(stderr, "lapack_bench: %s not found\n", name);
        exit(2);
    }
    return f;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: lapack_bench LIB.so [--n N,...] [--threads T] [--reps R] [--only r,...]\n");
        return 2;
    }
    const char *ns = "1000,2000", *only = NULL;
    int threads = 1, reps = 5;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--n")) ns = argv[i + 1];
        else if (!strcmp(argv[i], "--threads")) threads = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--reps")) reps = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--only")) only = argv[i + 1];
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "lapack_bench: %s\n", dlerror());
        return 2;
    }
    struct bench_setter set = bench_find_setter(h);
    bench_set_threads(&set, threads);
    getrf_fn getrf = (getrf_fn)need(h, "dgetrf_");
    getrs_fn getrs = (getrs_fn)need(h, "dgetrs_");
    potrf_fn potrf = (potrf_fn)need(h, "dpotrf_");
    potrs_fn potrs = (potrs_fn)need(h, "dpotrs_");
    getri_fn getri = (getri_fn)need(h, "dgetri_");
    potrf_fn potri = (potrf_fn)need(h, "dpotri_");
    trtri_fn trtri = (trtri_fn)need(h, "dtrtri_");
    geqrf_fn geqrf = (geqrf_fn)need(h, "dgeqrf_");
    orgqr_fn orgqr = (orgqr_fn)need(h, "dorgqr_");
    sytrd_fn sytrd = (sytrd_fn)need(h, "dsytrd_");
    gebrd_fn gebrd = (gebrd_fn)need(h, "dgebrd_");
    static const char *names[] = {"getrf", "getrs", "potrf", "potrs", "getri", "potri",
                                  "trtri", "geqrf", "orgqr", "sytrd", "gebrd"};
    enum { NR = sizeof names / sizeof names[0] };
    for (const char *p = ns; *p;) {
        int n = atoi(p);
        size_t nn = (size_t)n * (size_t)n;
        double *a0 = malloc(nn * sizeof(double)), *spd = malloc(nn * sizeof(double));
        double *a = malloc(nn * sizeof(double)), *lu = malloc(nn * sizeof(double));
        double *ch = malloc(nn * sizeof(double)), *b = malloc((size_t)n * 64 * sizeof(double));
        double *t1 = malloc(4 * (size_t)n * sizeof(double)), *t2 = t1 + n, *t3 = t2 + n, *t4 = t3 + n;
        int lwork = 64 * n, *ipiv = malloc((size_t)n * sizeof(int)), info, nrhs = 64;
        double *work = malloc((size_t)lwork * sizeof(double));
        uint64_t s = 42;
        for (size_t i = 0; i < nn; i++)
            a0[i] = (double)(rng_next(&s) >> 11) / 9007199254740992.0 - 0.5;
        /* spd = a0 symmetrised + n I */
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                spd[i + (size_t)j * n] = 0.5 * (a0[i + (size_t)j * n] + a0[j + (size_t)i * n]) + (i == j ? n : 0);
        memcpy(lu, a0, nn * sizeof(double));
        getrf(&n, &n, lu, &n, ipiv, &info);
        memcpy(ch, spd, nn * sizeof(double));
        potrf("L", &n, ch, &n, &info, 1);
        double dn = n;
        double flops[NR] = {2 * dn * dn * dn / 3, 2 * dn * dn * nrhs, dn * dn * dn / 3,
                            2 * dn * dn * nrhs, 4 * dn * dn * dn / 3, 2 * dn * dn * dn / 3,
                            dn * dn * dn / 3, 4 * dn * dn * dn / 3, 4 * dn * dn * dn / 3,
                            4 * dn * dn * dn / 3, 8 * dn * dn * dn / 3};
        for (int r = 0; r < NR; r++) {
            if (only && !strstr(only, names[r]))
                continue;
            double *t = malloc((size_t)reps * sizeof(double));
            for (int k = -1; k < reps; k++) { /* k = -1: warm-up */
                const double *src = (r == 2 || r == 9) ? spd : (r == 1 || r == 4 || r == 6) ? lu : (r == 3 || r == 5) ? ch : a0;
                memcpy(a, src, nn * sizeof(double));
                if (r == 1 || r == 3)
                    for (size_t i = 0; i < (size_t)n * nrhs; i++)
                        b[i] = (double)(i % 7) - 3;
                double t0 = now_s();
                switch (r) {
                case 0: getrf(&n, &n, a, &n, ipiv, &info); break;
                case 1: getrs("N", &n, &nrhs, a, &n, ipiv, b, &n, &info, 1); break;
                case 2: potrf("L", &n, a, &n, &info, 1); break;
                case 3: potrs("L", &n, &nrhs, a, &n, b, &n, &info, 1); break;
                case 4: getri(&n, a, &n, ipiv, work, &lwork, &info); break;
                case 5: potri("L", &n, a, &n, &info, 1); break;
                case 6: trtri("U", "N", &n, a, &n, &info, 1, 1); break;
                case 7: geqrf(&n, &n, a, &n, t1, work, &lwork, &info); break;
                case 8: geqrf(&n, &n, a, &n, t1, work, &lwork, &info);
                        t0 = now_s();
                        orgqr(&n, &n, &n, a, &n, t1, work, &lwork, &info); break;
                case 9: sytrd("L", &n, a, &n, t1, t2, t3, work, &lwork, &info, 1); break;
                case 10: gebrd(&n, &n, a, &n, t1, t2, t3, t4, work, &lwork, &info); break;
                }
                double dt = now_s() - t0;
                if (k >= 0)
                    t[k] = dt;
            }
            qsort(t, (size_t)reps, sizeof(double), cmp_double);
            double med = t[reps / 2];
            printf("%s,%d,%d,%.6e,%.2f\n", names[r], n, threads, med, flops[r] / med * 1e-9);
            fflush(stdout);
            free(t);
        }
        free(a0), free(spd), free(a), free(lu), free(ch), free(b), free(t1), free(ipiv), free(work);
        while (*p && *p != ',')
            p++;
        if (*p == ',')
            p++;
    }
    return 0;
}
