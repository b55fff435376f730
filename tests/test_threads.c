/* Threading: the thread-control functions and the environment take effect; results do not depend
   on the thread count (bitwise, because every path splits on register-tile boundaries and keeps
   the K order; gemv and ger split rows or columns, each element computed alike); many
   pthreads calling at once; calls from inside an OpenMP parallel region; fork() after threads were
   used, then a call in the child. */
#define _GNU_SOURCE /* sched_getaffinity */
#include <dirent.h>
#include <sched.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "tests/testutil.h"
#include "include/cblas.h"
#include "include/nanoblas.h"

typedef struct {
    int m, n, k;
    char ta, tb;
} shape;

/* blocked engine, m-skinny, n-skinny, transposed A, and a problem just above the parallel cutoff */
static const shape shapes[] = {
    {301, 283, 517, 'N', 'N'}, {256, 256, 256, 'T', 'N'}, {16, 3001, 700, 'N', 'T'},
    {40, 2000, 300, 'T', 'N'},  {3001, 9, 800, 'N', 'N'}, {517, 300, 129, 'T', 'T'},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static double *rnd(size_t n)
{
    double *p = malloc(n * sizeof *p);
    for (size_t i = 0; i < n; i++)
        p[i] = tu_rand();
    return p;
}

/* C = A*B (dgemm, column-major) for shape s on fresh data seeded by `seed`; returns C. */
static double *run_dgemm(const shape *s, uint64_t seed, double *a, double *b)
{
    (void)seed;
    int lda = s->ta == 'N' ? s->m : s->k, ldb = s->tb == 'N' ? s->k : s->n;
    double *c = malloc((size_t)s->m * s->n * sizeof *c);
    for (size_t i = 0; i < (size_t)s->m * s->n; i++)
        c[i] = 0.5;
    cblas_dgemm(CblasColMajor, s->ta == 'N' ? CblasNoTrans : CblasTrans,
                s->tb == 'N' ? CblasNoTrans : CblasTrans, s->m, s->n, s->k, 1.25, a, lda, b, ldb, -0.5, c,
                s->m);
    return c;
}

static double ref_entry(const shape *s, const double *a, const double *b, int i, int j)
{
    int lda = s->ta == 'N' ? s->m : s->k, ldb = s->tb == 'N' ? s->k : s->n;
    double sum = 0;
    for (int l = 0; l < s->k; l++) {
        double x = s->ta == 'N' ? a[i + (size_t)l * lda] : a[l + (size_t)i * lda];
        double y = s->tb == 'N' ? b[l + (size_t)j * ldb] : b[j + (size_t)l * ldb];
        sum += x * y;
    }
    return 1.25 * sum - 0.25;
}

/* CPUs in this process's affinity mask */
__attribute__((unused)) static int usable_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 1;
    return CPU_COUNT(&set);
}

static void test_controls(void)
{
    int start = nanoblas_get_num_threads();
    TU_CHECK(start >= 1, "initial thread count %d", start);
    const char *env = getenv("NANOBLAS_NUM_THREADS");
    if (env && atoi(env) > 0)
        TU_CHECK(start == atoi(env), "NANOBLAS_NUM_THREADS=%s but %d threads", env, start);
#ifdef _OPENMP
    TU_CHECK(openblas_get_parallel() == 2, "openblas_get_parallel %d, want 2", openblas_get_parallel());
    /* the count is capped at the usable CPUs unless NANOBLAS_OVERSUBSCRIBE=1 */
    const char *over = getenv("NANOBLAS_OVERSUBSCRIBE");
    int three = over && strcmp(over, "1") == 0 ? 3 : usable_cpus() < 3 ? usable_cpus() : 3;
    nanoblas_set_num_threads(3);
    TU_CHECK(nanoblas_get_num_threads() == three && openblas_get_num_threads() == three,
             "set 3 -> %d, want %d", nanoblas_get_num_threads(), three);
    openblas_set_num_threads(1);
    TU_CHECK(nanoblas_get_num_threads() == 1, "openblas_set 1 -> %d", nanoblas_get_num_threads());
    goto_set_num_threads(2);
    TU_CHECK(openblas_get_num_threads() == 2, "goto_set 2 -> %d", openblas_get_num_threads());
    nanoblas_set_num_threads(0);
    TU_CHECK(nanoblas_get_num_threads() >= 1, "set 0 -> %d", nanoblas_get_num_threads());
#else
    TU_CHECK(openblas_get_parallel() == 0, "openblas_get_parallel %d, want 0", openblas_get_parallel());
    TU_CHECK(nanoblas_get_num_threads() == 1, "sequential build reports %d threads",
             nanoblas_get_num_threads());
#endif
    nanoblas_set_num_threads(start);
}

/* Every shape at 1..4 threads: bitwise equal to the 1-thread result, which matches a reference. */
static void test_thread_counts(void)
{
    int start = nanoblas_get_num_threads();
    /* NB_TEST_QUICK (emulated runs): every other shape, 1 and 2 threads only */
    for (size_t i = 0; i < NSHAPES; i += tu_quick() ? 2 : 1) {
        const shape *s = &shapes[i];
        double *a = rnd((size_t)s->m * s->k), *b = rnd((size_t)s->k * s->n);
        nanoblas_set_num_threads(1);
        double *c1 = run_dgemm(s, i, a, b);
        for (int r = 0; r < 40; r++) {
            int ii = tu_randint(0, s->m - 1), jj = tu_randint(0, s->n - 1);
            double want = ref_entry(s, a, b, ii, jj), got = c1[ii + (size_t)jj * s->m];
            TU_CHECK(fabs(got - want) <= 1e-13 * s->k * 4, "%dx%dx%d %c%c (%d,%d): %g vs %g", s->m, s->n,
                     s->k, s->ta, s->tb, ii, jj, got, want);
        }
        for (int t = 2; t <= tu_size(4, 2); t++) {
            nanoblas_set_num_threads(t);
            double *ct = run_dgemm(s, i, a, b);
            TU_CHECK(memcmp(c1, ct, (size_t)s->m * s->n * sizeof *c1) == 0,
                     "%dx%dx%d %c%c: %d threads differ from 1 thread", s->m, s->n, s->k, s->ta, s->tb, t);
            free(ct);
        }
        free(a), free(b), free(c1);
    }
    nanoblas_set_num_threads(start);
}

/* trsm splits the columns of B across threads: same solution as one thread within rounding. */
static void test_trsm(void)
{
    int start = nanoblas_get_num_threads(), m = tu_size(500, 200), n = tu_size(400, 150);
    double *a = rnd((size_t)m * m), *b = rnd((size_t)m * n);
    for (int i = 0; i < m; i++)
        a[i + (size_t)i * m] += m; /* well conditioned */
    double *x1 = malloc((size_t)m * n * sizeof *x1), *x2 = malloc((size_t)m * n * sizeof *x2);
    const enum CBLAS_SIDE side[2] = {CblasLeft, CblasRight};
    for (int sd = 0; sd < 2; sd++) {
        int mm = sd ? n : m, nn = sd ? m : n; /* B is mm x nn; A is m x m either way */
        memcpy(x1, b, (size_t)m * n * sizeof *x1);
        memcpy(x2, b, (size_t)m * n * sizeof *x2);
        nanoblas_set_num_threads(1);
        cblas_dtrsm(CblasColMajor, side[sd], CblasLower, CblasNoTrans, CblasNonUnit, mm, nn, 0.75, a, m,
                    x1, mm);
        nanoblas_set_num_threads(2);
        cblas_dtrsm(CblasColMajor, side[sd], CblasLower, CblasNoTrans, CblasNonUnit, mm, nn, 0.75, a, m,
                    x2, mm);
        double worst = 0, scale = 0;
        for (size_t i = 0; i < (size_t)m * n; i++)
            scale = fmax(scale, fabs(x1[i]));
        for (size_t i = 0; i < (size_t)m * n; i++)
            worst = fmax(worst, fabs(x1[i] - x2[i]) / scale);
        TU_CHECK(worst < 1e-12, "dtrsm side %c: 2 threads differ from 1 by %g relative", "LR"[sd], worst);
        /* the residual of sampled entries: op(A) X = 0.75 B (side L) or X A = 0.75 B (side R),
           A lower triangular */
        long bad = 0;
        for (int r = 0; r < 200; r++) {
            int i = tu_randint(0, mm - 1), j = tu_randint(0, nn - 1);
            double sum = 0;
            if (sd == 0)
                for (int l = 0; l <= i; l++)
                    sum += a[i + (size_t)l * m] * x2[l + (size_t)j * mm];
            else
                for (int l = j; l < nn; l++)
                    sum += x2[i + (size_t)l * mm] * a[l + (size_t)j * m];
            bad += !(fabs(sum - 0.75 * b[i + (size_t)j * mm]) <= 1e-12 * m);
        }
        TU_CHECK(bad == 0, "dtrsm side %c: %ld of 200 sampled residuals too large", "LR"[sd], bad);
        /* dtrmm undoes it: A X / 0.75 (or X A / 0.75) gives B back */
        cblas_dtrmm(CblasColMajor, side[sd], CblasLower, CblasNoTrans, CblasNonUnit, mm, nn, 1 / 0.75, a,
                    m, x1, mm);
        worst = 0;
        for (size_t i = 0; i < (size_t)m * n; i++)
            worst = fmax(worst, fabs(x1[i] - b[i]));
        TU_CHECK(worst < 1e-10, "dtrmm side %c: B differs by %g after trsm then trmm", "LR"[sd], worst);
    }
    nanoblas_set_num_threads(start);
    free(a), free(b), free(x1), free(x2);
}

/* syrk/syr2k split the triangle into strips of equal area, one per thread: correct at 1..3
   threads (within rounding of each other), the other triangle untouched (NaN there stays). */
static void test_rankk(void)
{
    int start = nanoblas_get_num_threads(), n = 700, k = 300;
    double *a = rnd((size_t)n * k), *b = rnd((size_t)n * k), *c0 = rnd((size_t)n * n);
    double *c = malloc((size_t)n * n * sizeof *c);
    for (int uplo = 0; uplo < 2; uplo++)
        for (int two = 0; two < 2; two++)
            for (int t = 1; t <= 3; t++) {
                nanoblas_set_num_threads(t);
                memcpy(c, c0, (size_t)n * n * sizeof *c);
                for (int j = 0; j < n; j++) /* poison the triangle that must not be touched */
                    for (int i = 0; i < n; i++)
                        if (uplo ? i < j : i > j)
                            c[i + (size_t)j * n] = NAN;
                enum CBLAS_UPLO ul = uplo ? CblasLower : CblasUpper;
                if (two)
                    cblas_dsyr2k(CblasColMajor, ul, CblasNoTrans, n, k, 0.5, a, n, b, n, 2.0, c, n);
                else
                    cblas_dsyrk(CblasColMajor, ul, CblasNoTrans, n, k, 0.5, a, n, 2.0, c, n);
                long bad = 0;
                for (int r = 0; r < 400; r++) {
                    int i = tu_randint(0, n - 1), j = tu_randint(0, n - 1);
                    if (uplo ? i < j : i > j) {
                        bad += !isnan(c[i + (size_t)j * n]);
                        continue;
                    }
                    double sum = 0;
                    for (int l = 0; l < k; l++) {
                        size_t il = i + (size_t)l * n, jl = j + (size_t)l * n;
                        sum += two ? a[il] * b[jl] + b[il] * a[jl] : a[il] * a[jl];
                    }
                    double want = 0.5 * sum + 2.0 * c0[i + (size_t)j * n];
                    bad += !(fabs(c[i + (size_t)j * n] - want) <= 1e-13 * k);
                }
                TU_CHECK(bad == 0, "dsyr%sk %c at %d threads: %ld wrong elements", two ? "2" : "",
                         "UL"[uplo], t, bad);
            }
    nanoblas_set_num_threads(start);
    free(a), free(b), free(c0), free(c);
}

/* ---- 8 pthreads at once, each checking its results against ones computed beforehand ---- */
enum { NPT = 8, PN = 160 };
static double pa[PN * PN], pb[PN * PN], want_d[PN * PN], want_syrk[PN * PN];
static float sa[PN * PN], sb[PN * PN], want_s[PN * PN];
static volatile int stop_flag;

static void do_calls(double *cd, float *cs, double *ck)
{
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, PN, PN, PN, 1.0, pa, PN, pb, PN, 0.0, cd, PN);
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, PN, PN, PN, 1.0f, sa, PN, sb, PN, 0.0f, cs, PN);
    memset(ck, 0, sizeof(double) * PN * PN);
    cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, PN, PN, 1.0, pa, PN, 0.0, ck, PN);
}

static void *hammer(void *arg)
{
    long *bad = arg;
    double *cd = malloc(sizeof(double) * PN * PN), *ck = malloc(sizeof(double) * PN * PN);
    float *cs = malloc(sizeof(float) * PN * PN);
    long calls = 0;
    while (!stop_flag || calls == 0) {
        do_calls(cd, cs, ck);
        if (memcmp(cd, want_d, sizeof want_d) || memcmp(cs, want_s, sizeof want_s) ||
            memcmp(ck, want_syrk, sizeof want_syrk))
            (*bad)++;
        calls++;
    }
    free(cd), free(cs), free(ck);
    return NULL;
}

static void test_pthreads(double seconds)
{
    for (int i = 0; i < PN * PN; i++) {
        pa[i] = tu_rand(), pb[i] = tu_rand();
        sa[i] = (float)tu_rand(), sb[i] = (float)tu_rand();
    }
    do_calls(want_d, want_s, want_syrk);
    pthread_t th[NPT];
    long bad[NPT] = {0};
    stop_flag = 0;
    for (int t = 0; t < NPT; t++)
        pthread_create(&th[t], NULL, hammer, &bad[t]);
    struct timespec ts = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
    nanosleep(&ts, NULL);
    stop_flag = 1;
    for (int t = 0; t < NPT; t++) {
        pthread_join(th[t], NULL);
        TU_CHECK(bad[t] == 0, "pthread %d: %ld wrong results", t, bad[t]);
    }
}

/* Each thread of the caller's own team computes a different product. */
static void test_inside_omp(void)
{
    const shape s = {300, 200, 400, 'N', 'N'};
    double *a = rnd((size_t)s.m * s.k), *b = rnd((size_t)s.k * s.n);
    double *c1 = run_dgemm(&s, 0, a, b);
    long bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
    {
        double *ct = run_dgemm(&s, 0, a, b);
        bad += memcmp(c1, ct, (size_t)s.m * s.n * sizeof *c1) != 0;
        free(ct);
    }
    TU_CHECK(bad == 0, "%ld of the team's calls inside a parallel region differ", bad);
    free(a), free(b), free(c1);
}

/* A child forked after the parent used its thread team must be able to call nanoblas. */
static void test_fork(void)
{
    const shape s = {400, 400, 400, 'N', 'N'};
    double *a = rnd((size_t)s.m * s.k), *b = rnd((size_t)s.k * s.n);
    double *c1 = run_dgemm(&s, 0, a, b);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(20); /* a hang in the child ends it instead of the test run */
        double *c2 = run_dgemm(&s, 0, a, b);
        _exit(memcmp(c1, c2, (size_t)s.m * s.n * sizeof *c1) == 0 ? 0 : 3);
    }
    int status = 0;
    if (!TU_CHECK(pid > 0, "fork failed"))
        return;
    waitpid(pid, &status, 0);
    TU_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
             "child after fork: %s %d", WIFEXITED(status) ? "exit" : "signal",
             WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    free(a), free(b), free(c1);
}

/* ---- Level 2: gemv and ger split rows or columns across threads ---- */

/* y = alpha*op(A)*x + beta*y in long double, A m x n column-major. */
static void ref_gemv(int trans, int m, int n, double alpha, const double *a, int lda, const double *x,
                     int incx, double beta, double *y, int incy)
{
    int lenx = trans ? m : n, leny = trans ? n : m;
    int kx = incx > 0 ? 0 : (1 - lenx) * incx, ky = incy > 0 ? 0 : (1 - leny) * incy;
    for (int i = 0; i < leny; i++) {
        long double sum = 0;
        for (int l = 0; l < lenx; l++) {
            double aij = trans ? a[l + (size_t)i * lda] : a[i + (size_t)l * lda];
            sum += (long double)aij * x[kx + l * incx];
        }
        double *yi = &y[ky + i * incy];
        *yi = (double)(alpha * sum + (long double)beta * *yi);
    }
}

/* Large dgemv/sgemv (both transposes, unit and negative strides) and dger/sger: correct against
   the reference, and bitwise the same at 1..4 threads. */
static void test_level2(void)
{
    int start = nanoblas_get_num_threads();
    const int dims[][2] = {{700, 900}, {1301, 257}, {129, 2100}};
    const int incs[][2] = {{1, 1}, {-2, 3}};
    for (size_t di = 0; di < sizeof dims / sizeof dims[0]; di++)
        for (size_t ii = 0; ii < 2; ii++)
            for (int trans = 0; trans < 2; trans++) {
                int m = dims[di][0], n = dims[di][1], incx = incs[ii][0], incy = incs[ii][1];
                int lda = m + 3, lenx = trans ? m : n, leny = trans ? n : m;
                size_t nx = (size_t)lenx * abs(incx), ny = (size_t)leny * abs(incy);
                double *a = rnd((size_t)lda * n), *x = rnd(nx), *y0 = rnd(ny);
                double *want = malloc(ny * sizeof *want), *got1 = malloc(ny * sizeof *got1);
                double *got = malloc(ny * sizeof *got);
                float *as = malloc((size_t)lda * n * sizeof *as), *xs = malloc(nx * sizeof *xs);
                float *ys1 = malloc(ny * sizeof *ys1), *ys = malloc(ny * sizeof *ys);
                for (size_t i = 0; i < (size_t)lda * n; i++)
                    as[i] = (float)a[i];
                for (size_t i = 0; i < nx; i++)
                    xs[i] = (float)x[i];
                memcpy(want, y0, ny * sizeof *want);
                ref_gemv(trans, m, n, 0.75, a, lda, x, incx, -1.5, want, incy);
                enum CBLAS_TRANSPOSE tr = trans ? CblasTrans : CblasNoTrans;
                for (int t = 1; t <= 4; t++) {
                    nanoblas_set_num_threads(t);
                    double *dst = t == 1 ? got1 : got;
                    float *sdst = t == 1 ? ys1 : ys;
                    memcpy(dst, y0, ny * sizeof *dst);
                    for (size_t i = 0; i < ny; i++)
                        sdst[i] = (float)y0[i];
                    cblas_dgemv(CblasColMajor, tr, m, n, 0.75, a, lda, x, incx, -1.5, dst, incy);
                    cblas_sgemv(CblasColMajor, tr, m, n, 0.75f, as, lda, xs, incx, -1.5f, sdst, incy);
                    if (t == 1) {
                        double worst = 0, sworst = 0;
                        for (size_t i = 0; i < ny; i++) {
                            worst = fmax(worst, fabs(got1[i] - want[i]));
                            sworst = fmax(sworst, fabs(ys1[i] - want[i]));
                        }
                        TU_CHECK(worst <= 1e-15 * lenx * 4, "dgemv %c %dx%d inc %d,%d: error %g",
                                 "NT"[trans], m, n, incx, incy, worst);
                        TU_CHECK(sworst <= 1e-6 * lenx * 4, "sgemv %c %dx%d inc %d,%d: error %g",
                                 "NT"[trans], m, n, incx, incy, sworst);
                    } else {
                        TU_CHECK(memcmp(got, got1, ny * sizeof *got) == 0 &&
                                     memcmp(ys, ys1, ny * sizeof *ys) == 0,
                                 "gemv %c %dx%d inc %d,%d: %d threads differ from 1", "NT"[trans], m,
                                 n, incx, incy, t);
                    }
                }
                if (!trans) {
                    /* ger with the same operands: A += 0.5 x y**T, y[1] = 0 with x holding an Inf:
                       column 1 must stay untouched, as in the reference */
                    double *yg = rnd((size_t)n * abs(incy)), *a1 = malloc((size_t)lda * n * sizeof *a1);
                    double *at = malloc((size_t)lda * n * sizeof *at);
                    int ky = incy > 0 ? 0 : (1 - n) * incy, kx = incx > 0 ? 0 : (1 - m) * incx;
                    double *xg = rnd((size_t)m * abs(incx));
                    yg[ky + incy] = 0;
                    xg[kx + 5 * incx] = INFINITY;
                    for (int t = 1; t <= 4; t++) {
                        nanoblas_set_num_threads(t);
                        double *dst = t == 1 ? a1 : at;
                        memcpy(dst, a, (size_t)lda * n * sizeof *dst);
                        cblas_dger(CblasColMajor, m, n, 0.5, xg, incx, yg, incy, dst, lda);
                        if (t > 1)
                            TU_CHECK(memcmp(a1, at, (size_t)lda * n * sizeof *at) == 0,
                                     "dger %dx%d: %d threads differ from 1", m, n, t);
                    }
                    long bad = 0;
                    for (int j = 0; j < n; j++)
                        for (int i = 0; i < lda; i++) {
                            size_t e = i + (size_t)j * lda;
                            double w = a[e], p = 0;
                            if (i < m && j != 1)
                                p = xg[kx + i * incx] * (0.5 * yg[ky + j * incy]);
                            w += p;
                            bad += !(a1[e] == w || fabs(a1[e] - w) <= 1e-15 * (fabs(a[e]) + fabs(p)));
                        }
                    TU_CHECK(bad == 0, "dger %dx%d inc %d,%d: %ld wrong elements", m, n, incx, incy, bad);
                    free(yg), free(xg), free(a1), free(at);
                }
                free(a), free(x), free(y0), free(want), free(got1), free(got);
                free(as), free(xs), free(ys1), free(ys);
            }
    nanoblas_set_num_threads(start);
}

/* ---- The environment and the setter, seen from a fresh process ---- */

/* Child mode (argv[1] == "--probe", argv[2] = count to set or 0, argv[3] = cube size): prints the
   count the library started with and the number of OS threads after one dgemm of that size (1 if
   the call used one). */
static int probe(int set, int size)
{
    int initial = nanoblas_get_num_threads();
    if (set > 0)
        nanoblas_set_num_threads(set);
    const shape s = {size, size, size, 'N', 'N'};
    double *a = rnd((size_t)s.m * s.k), *b = rnd((size_t)s.k * s.n);
    free(run_dgemm(&s, 0, a, b));
    int tasks = 0;
    DIR *d = opendir("/proc/self/task");
    if (d) {
        for (struct dirent *e; (e = readdir(d));)
            tasks += e->d_name[0] != '.';
        closedir(d);
    }
    /* qemu user-mode emulation (tests/run_arm.sh) runs one thread of its own (RCU) */
    const char *emu = getenv("NB_TEST_EMULATOR");
    if (emu && *emu && tasks > 1)
        tasks--;
    printf("%d %d\n", initial, tasks);
    free(a), free(b);
    return 0;
}

#ifdef _OPENMP /* used only by test_env_precedence's OpenMP cases */
/* Runs this program as a probe in this process's environment without its *_NUM_THREADS
   variables, plus `extra`; returns 0 and the two numbers. */
extern char **environ;
static int run_probe(char *const extra[], int set, int size, int *initial, int *tasks)
{
    char *envp[256];
    int ne = 0;
    for (char **e = environ; *e && ne < 200; e++)
        if (!strstr(*e, "_NUM_THREADS="))
            envp[ne++] = *e;
    for (int i = 0; extra[i] && ne < 255; i++)
        envp[ne++] = extra[i];
    envp[ne] = NULL;
    int fd[2];
    if (pipe(fd))
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]), close(fd[1]);
        char arg[16], sz[16];
        snprintf(arg, sizeof arg, "%d", set);
        snprintf(sz, sizeof sz, "%d", size);
        char *argv[] = {"test_threads", "--probe", arg, sz, NULL};
        /* Under an emulator without binfmt_misc (tests/run_arm.sh: qemu-aarch64, named by its
           full path) the program cannot exec itself directly: the emulator runs it again. */
        const char *emu = getenv("NB_TEST_EMULATOR");
        char self[4096];
        ssize_t n = emu && *emu ? readlink("/proc/self/exe", self, sizeof self - 1) : -1;
        if (n > 0) {
            self[n] = '\0';
            char *eargv[] = {(char *)emu, self, "--probe", arg, sz, NULL};
            execve(emu, eargv, envp);
        } else {
            execve("/proc/self/exe", argv, envp);
        }
        _exit(127);
    }
    close(fd[1]);
    char buf[64] = {0};
    ssize_t got = pid > 0 ? read(fd[0], buf, sizeof buf - 1) : -1;
    close(fd[0]);
    int status = 0;
    if (pid > 0)
        waitpid(pid, &status, 0);
    if (got <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return sscanf(buf, "%d %d", initial, tasks) == 2 ? 0 : -1;
}
#endif

/* NANOBLAS_NUM_THREADS > OPENBLAS_NUM_THREADS > OMP_NUM_THREADS; the setter decides how many OS
   threads a call uses. */
static void test_env_precedence(void)
{
#ifdef _OPENMP
    /* counts above this machine's CPUs: the cap (test_fork checks it) lifted */
    char *all[] = {"NANOBLAS_NUM_THREADS=2", "OPENBLAS_NUM_THREADS=3", "OMP_NUM_THREADS=4",
                   "NANOBLAS_OVERSUBSCRIBE=1", NULL};
    char *two[] = {"OPENBLAS_NUM_THREADS=3", "OMP_NUM_THREADS=4", "NANOBLAS_OVERSUBSCRIBE=1", NULL};
    char *omp[] = {"OMP_NUM_THREADS=4", "NANOBLAS_OVERSUBSCRIBE=1", NULL};
    char *bad[] = {"NANOBLAS_NUM_THREADS=junk", "OMP_NUM_THREADS=3,2", "NANOBLAS_OVERSUBSCRIBE=1",
                   NULL};
    struct {
        char **env;
        int want;
    } cases[] = {{all, 2}, {two, 3}, {omp, 4}, {bad, 3}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int initial = -1, tasks = -1;
        int rc = run_probe(cases[i].env, 0, 400, &initial, &tasks);
        TU_CHECK(rc == 0 && initial == cases[i].want, "environment case %zu: %d threads, want %d", i,
                 initial, cases[i].want);
    }
    int initial, tasks;
    TU_CHECK(run_probe(omp, 1, 400, &initial, &tasks) == 0 && tasks == 1,
             "set_num_threads(1): a large dgemm left %d OS threads", tasks);
    TU_CHECK(run_probe(omp, 2, 400, &initial, &tasks) == 0 && tasks >= 2,
             "set_num_threads(2): a large dgemm ran on %d OS threads", tasks);
    /* small calls never start a team: the 2-thread path is the 1-thread path */
    for (int size = 8; size <= 64; size *= 2)
        TU_CHECK(run_probe(omp, 2, size, &initial, &tasks) == 0 && tasks == 1,
                 "set_num_threads(2): a %d^3 dgemm started %d OS threads", size, tasks);
#endif
}

int main(int argc, char **argv)
{
    if (argc > 3 && strcmp(argv[1], "--probe") == 0)
        return probe(atoi(argv[2]), atoi(argv[3]));
    double seconds = argc > 1 ? atof(argv[1]) : 3.0;
    tu_seed(7);
    test_controls();
    test_env_precedence();
    test_level2();
    test_thread_counts();
    test_trsm();
    test_rankk();
    test_inside_omp();
    test_fork();
    test_pthreads(seconds);
    printf("test_threads: %ld checks, %ld failed (kernel set %s, %d threads)\n", tu_checks, tu_failures,
           nanoblas_get_kernel_set(), nanoblas_get_num_threads());
    return tu_failures != 0;
}
