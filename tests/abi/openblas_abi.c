/* A program written for OpenBLAS: compiled against Debian's libopenblas-dev headers and linked with
   -lopenblas, then run unchanged on nanoblas's libopenblas.so.0 (tests/check_openblas_abi.sh).
   It uses what OpenBLAS users use: CBLAS, the Fortran LAPACK entry points (whose internal BLAS
   calls must reach the same library), LAPACK's illegal-argument path, and OpenBLAS's info and
   thread API. It prints which file each entry point came from (dladdr) and the config string. */
#define _GNU_SOURCE
#include <cblas.h>
#include <dlfcn.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reference LAPACK Fortran ABI (32-bit integers, as Debian's OpenBLAS is built). */
void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t uplo_len);
void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau, double *work,
             const int *lwork, int *info);

static int checks, failures;

static void check(int ok, const char *what)
{
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL %s\n", what);
    }
}

static const char *library_of(const void *function)
{
    Dl_info info;
    return dladdr(function, &info) && info.dli_fname ? info.dli_fname : "?";
}

/* Deterministic values in [-0.5, 0.5). */
static double next_value(unsigned long long *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) / 9007199254740992.0 - 0.5;
}

static void check_dgemm(void)
{
    enum { M = 37, N = 29, K = 41 };
    static double a[M * K], b[K * N], c[M * N];
    unsigned long long state = 1;
    for (int i = 0; i < M * K; i++) a[i] = next_value(&state);
    for (int i = 0; i < K * N; i++) b[i] = next_value(&state);
    for (int i = 0; i < M * N; i++) c[i] = 1.0;
    /* Row-major C = 2 A B + 0.5 C. */
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 2.0, a, K, b, N, 0.5, c, N);
    double worst = 0.0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double sum = 0.0;
            for (int p = 0; p < K; p++) sum += a[i * K + p] * b[p * N + j];
            worst = fmax(worst, fabs(c[i * N + j] - (2.0 * sum + 0.5)));
        }
    check(worst < 1e-12, "cblas_dgemm result");
}

/* Large enough that LAPACK's blocked LU and Cholesky call dgemm_, dtrsm_ and dsyrk_. */
static void check_lapack(void)
{
    enum { N = 300 };
    static double a[N * N], lu[N * N], x[N], b[N];
    static int ipiv[N];
    unsigned long long state = 7;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) a[j * N + i] = next_value(&state) + (i == j ? N : 0.0);
    for (int i = 0; i < N; i++) x[i] = next_value(&state);
    for (int i = 0; i < N; i++) {
        b[i] = 0.0;
        for (int j = 0; j < N; j++) b[i] += a[j * N + i] * x[j];
    }
    memcpy(lu, a, sizeof a);
    int n = N, nrhs = 1, info = -99;
    dgesv_(&n, &nrhs, lu, &n, ipiv, b, &n, &info);
    double worst = 0.0;
    for (int i = 0; i < N; i++) worst = fmax(worst, fabs(b[i] - x[i]));
    check(info == 0 && worst < 1e-10, "dgesv_ solution");

    /* Cholesky of A^T A + I (symmetric positive definite): L L^T must reproduce it. */
    static double spd[N * N];
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) spd[j * N + i] = (i == j);
    cblas_dsyrk(CblasColMajor, CblasLower, CblasTrans, N, N, 1.0, a, N, 1.0, spd, N);
    memcpy(lu, spd, sizeof spd);
    dpotrf_("L", &n, lu, &n, &info, 1);
    worst = 0.0;
    for (int j = 0; j < N; j += 7)
        for (int i = j; i < N; i += 5) {
            double sum = 0.0;
            for (int p = 0; p <= j; p++) sum += lu[p * N + i] * lu[p * N + j];
            worst = fmax(worst, fabs(sum - spd[j * N + i]) / spd[j * N + j]);
        }
    check(info == 0 && worst < 1e-12, "dpotrf_ factor");

    /* QR by the reference LAPACK's dgeqrf (getrf and potrf are nanoblas's own and call its
       drivers directly): its dlarfb reaches dgemm_ through the dynamic symbol, as every LAPACK
       routine nanoblas does not replace reaches the BLAS. */
    static double tau[N], work[64 * N];
    int lwork = 64 * N;
    memcpy(lu, a, sizeof a);
    dgeqrf_(&n, &n, lu, &n, tau, work, &lwork, &info);
    check(info == 0 && fabs(fabs(lu[0]) - cblas_dnrm2(N, a, 1)) < 1e-9 * fabs(lu[0]), "dgeqrf_ R(1,1)");

    /* An illegal argument goes through xerbla_ (a message) and returns with info = -1. */
    int bad_n = -1;
    info = 0;
    dgesv_(&bad_n, &nrhs, lu, &n, ipiv, b, &n, &info);
    check(info == -1, "dgesv_ with n = -1 returns info = -1");
}

/* The CPUs in this process's affinity mask (taskset), 0 where it cannot be read. */
static int usable_cpus(void)
{
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return CPU_COUNT(&set);
#endif
    return 0;
}

/* openblas_get_parallel(): 0 for a build without threads (which stays at one thread whatever is
   asked), 1 pthreads, 2 OpenMP. openblas_get_num_procs() counts the CPUs online, but nanoblas caps
   its thread count at the CPUs in the affinity mask (NANOBLAS_OVERSUBSCRIBE=1 lifts the cap), so a
   threaded library may report min(2, usable) for the 2 asked; OpenBLAS reports the 2. */
static void check_threads(void)
{
    int procs = openblas_get_num_procs();
    check(procs >= 1, "openblas_get_num_procs() >= 1");
    int parallel = openblas_get_parallel();
    check(parallel >= 0 && parallel <= 2, "openblas_get_parallel() in 0..2");
    openblas_set_num_threads(1);
    check(openblas_get_num_threads() == 1, "openblas_set_num_threads(1) is seen");
    if (procs >= 2) {
        openblas_set_num_threads(2);
        int got = openblas_get_num_threads(), usable = usable_cpus();
        int capped = usable >= 1 && usable < 2 ? usable : 2;
        int ok = parallel ? got == 2 || got == capped : got == 1;
        if (!ok)
            printf("note: openblas_set_num_threads(2) gives %d (parallel %d, %d CPUs in the affinity mask)\n",
                   got, parallel, usable);
        check(ok, "openblas_set_num_threads(2) is seen");
    }
}

int main(void)
{
    const char *config = openblas_get_config();
    const char *core = openblas_get_corename();
    printf("config: %s\n", config ? config : "(null)");
    printf("corename: %s\n", core ? core : "(null)");
    check(config != NULL && core != NULL, "openblas_get_config/corename return strings");
    printf("cblas_dgemm from: %s\n", library_of((const void *)cblas_dgemm));
    printf("dgesv_ from: %s\n", library_of((const void *)dgesv_));
    printf("openblas_get_config from: %s\n", library_of((const void *)openblas_get_config));
    check_dgemm();
    check_lapack();
    check_threads();
    printf("openblas_abi: %d checks, %d failed\n", checks, failures);
    return failures != 0;
}
