/* The GEMM engine's two-dimensional thread split (m-ways x n-ways, blas/level3/gemm.tmpl.c) at
   1..64 threads, oversubscribed on purpose (NANOBLAS_OVERSUBSCRIBE=1 lifts the cap at the usable
   CPUs; this program re-executes itself with it set, because the library reads it at load).
   For every shape (wide and short ones that only an n split can spread, tall ones, square ones,
   transposes, s/d/c/z) and team size: the result equals the one-thread result bit for bit (each
   C element keeps its tile and K order whatever the grid), is close to a plain reference, and
   nothing outside C is written (guard zones, NaN-poisoned padding between columns). */
#include <string.h>
#include <unistd.h>

#include "tests/testutil.h"
#include "include/cblas.h"
#include "include/nanoblas.h"

typedef struct {
    int m, n, k;
    CBLAS_TRANSPOSE ta, tb;
} shape;

/* 24x5000x64 and 512x4000x40: at most one or a few m-ways, so every extra thread is an n-way;
   3001x40x300: m-ways only; the rest mixed, odd edges, transposes. */
static const shape shapes[] = {
    {24, 5000, 64, CblasNoTrans, CblasNoTrans},  {512, 4000, 40, CblasNoTrans, CblasTrans},
    {3001, 40, 300, CblasTrans, CblasNoTrans},   {333, 777, 129, CblasNoTrans, CblasNoTrans},
    {200, 1500, 97, CblasTrans, CblasTrans},     {1000, 1000, 50, CblasNoTrans, CblasNoTrans},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])
static const int teams[] = {1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 48, 64};
#define NTEAMS (sizeof teams / sizeof teams[0])

/* One type's run: C = alpha*op(A)*op(B) + beta*C with ldc = m + 3 (the padding is NaN and must
   stay untouched), into out (ldc*n elements + guards). es: element size; cplx: complex. */
static void run(char t, const shape *s, const void *a, const void *b, void *cp, void *init,
                size_t ldc)
{
    int lda = s->ta == CblasNoTrans ? s->m : s->k, ldb = s->tb == CblasNoTrans ? s->k : s->n;
    size_t es = t == 's' ? 4 : t == 'd' || t == 'c' ? 8 : 16;
    memcpy(cp, init, ldc * (size_t)s->n * es);
    const float as = 1.25f, bs = -0.5f;
    const double ad = 1.25, bd = -0.5;
    const float ac[2] = {1.25f, 0.5f}, bc[2] = {-0.5f, 0.25f};
    const double az[2] = {1.25, 0.5}, bz[2] = {-0.5, 0.25};
    switch (t) {
    case 's': cblas_sgemm(CblasColMajor, s->ta, s->tb, s->m, s->n, s->k, as, a, lda, b, ldb, bs, cp, (int)ldc); break;
    case 'd': cblas_dgemm(CblasColMajor, s->ta, s->tb, s->m, s->n, s->k, ad, a, lda, b, ldb, bd, cp, (int)ldc); break;
    case 'c': cblas_cgemm(CblasColMajor, s->ta, s->tb, s->m, s->n, s->k, ac, a, lda, b, ldb, bc, cp, (int)ldc); break;
    default: cblas_zgemm(CblasColMajor, s->ta, s->tb, s->m, s->n, s->k, az, a, lda, b, ldb, bz, cp, (int)ldc);
    }
}

/* Reference entry (i, j) in double (complex as re/im pairs). */
static void ref(char t, const shape *s, const void *a, const void *b, const void *c0, size_t ldc,
                int i, int j, double out[2])
{
    int cplx = t == 'c' || t == 'z', dbl = t == 'd' || t == 'z';
    int lda = s->ta == CblasNoTrans ? s->m : s->k, ldb = s->tb == CblasNoTrans ? s->k : s->n;
    double re = 0, im = 0;
    for (int l = 0; l < s->k; l++) {
        size_t ia = s->ta == CblasNoTrans ? (size_t)i + (size_t)l * lda : (size_t)l + (size_t)i * lda;
        size_t ib = s->tb == CblasNoTrans ? (size_t)l + (size_t)j * ldb : (size_t)j + (size_t)l * ldb;
        double xr, xi = 0, yr, yi = 0;
        if (dbl) {
            const double *pa = a, *pb = b;
            xr = pa[ia * (cplx ? 2 : 1)], yr = pb[ib * (cplx ? 2 : 1)];
            if (cplx)
                xi = pa[ia * 2 + 1], yi = pb[ib * 2 + 1];
        } else {
            const float *pa = a, *pb = b;
            xr = pa[ia * (cplx ? 2 : 1)], yr = pb[ib * (cplx ? 2 : 1)];
            if (cplx)
                xi = pa[ia * 2 + 1], yi = pb[ib * 2 + 1];
        }
        re += xr * yr - xi * yi, im += xr * yi + xi * yr;
    }
    size_t ic = (size_t)i + (size_t)j * ldc;
    double cr, ci = 0;
    if (dbl) {
        cr = ((const double *)c0)[ic * (cplx ? 2 : 1)];
        if (cplx)
            ci = ((const double *)c0)[ic * 2 + 1];
    } else {
        cr = ((const float *)c0)[ic * (cplx ? 2 : 1)];
        if (cplx)
            ci = ((const float *)c0)[ic * 2 + 1];
    }
    if (cplx) { /* alpha (1.25, 0.5), beta (-0.5, 0.25) */
        out[0] = 1.25 * re - 0.5 * im + (-0.5 * cr - 0.25 * ci);
        out[1] = 1.25 * im + 0.5 * re + (-0.5 * ci + 0.25 * cr);
    } else {
        out[0] = 1.25 * re - 0.5 * cr, out[1] = 0;
    }
}

static void fill(void *p, size_t n, int dbl)
{
    for (size_t i = 0; i < n; i++) {
        if (dbl)
            ((double *)p)[i] = tu_rand();
        else
            ((float *)p)[i] = (float)tu_rand();
    }
}

static void check_type(char t)
{
    int cplx = t == 'c' || t == 'z', dbl = t == 'd' || t == 'z';
    size_t es = t == 's' ? 4 : t == 'd' || t == 'c' ? 8 : 16, w = cplx ? 2 : 1;
    for (size_t si = 0; si < NSHAPES; si++) {
        shape s = shapes[si];
        if (tu_quick() && (size_t)s.m * s.n * s.k > 50000000)
            s.k = s.k / 4 + 1;
        if (cplx)
            s.n = s.n / 4 + 1; /* complex costs 4x the flops */
        size_t ldc = (size_t)s.m + 3, na = (size_t)s.m * s.k, nb = (size_t)s.k * s.n;
        size_t nc = ldc * (size_t)s.n;
        void *a = malloc(na * es), *b = malloc(nb * es), *init = malloc(nc * es);
        void *first = malloc(nc * es);
        fill(a, na * w, dbl), fill(b, nb * w, dbl), fill(init, nc * w, dbl);
        /* the padding rows between columns: NaN, never to be written */
        for (size_t j = 0; j < (size_t)s.n; j++)
            for (size_t i = (size_t)s.m; i < ldc; i++)
                for (size_t x = 0; x < w; x++) {
                    if (dbl)
                        ((double *)init)[(i + j * ldc) * w + x] = NAN;
                    else
                        ((float *)init)[(i + j * ldc) * w + x] = NAN;
                }
        tu_buf cb;
        void *cp = tu_alloc(&cb, nc, es);
        for (size_t ti = 0; ti < NTEAMS; ti++) {
            /* quick runs (NB_TEST_QUICK): 1, 2, 3, 7, 16 and 64 threads */
            if (tu_quick() && ti && teams[ti] != 2 && teams[ti] != 3 && teams[ti] != 7 &&
                teams[ti] != 16 && teams[ti] != 64)
                continue;
            /* NB_TEST_SAMPLE (tests/run_arm.sh): about one team size in N besides the first */
            if (ti && !tu_sampled())
                continue;
            nanoblas_set_num_threads(teams[ti]);
            run(t, &s, a, b, cp, init, ldc);
            TU_CHECK(tu_guard_ok(&cb), "%c %dx%dx%d: write outside C at %d threads", t, s.m, s.n,
                     s.k, teams[ti]);
            if (ti == 0) {
                memcpy(first, cp, nc * es);
                long bad = 0;
                /* a sample of entries against the reference, and every padding entry */
                for (int j = 0; j < s.n; j += 1 + s.n / 37)
                    for (int i = 0; i < s.m; i += 1 + s.m / 41) {
                        double want[2], got[2] = {0, 0};
                        ref(t, &s, a, b, init, ldc, i, j, want);
                        size_t ic = ((size_t)i + (size_t)j * ldc) * w;
                        for (size_t x = 0; x < w; x++)
                            got[x] = dbl ? ((double *)cp)[ic + x] : ((float *)cp)[ic + x];
                        double tol = dbl ? 1e-12 : 2e-5, scale = 2.0 * s.k + 1;
                        bad += !tu_close(got[0], want[0], tol, scale) ||
                               !tu_close(got[1], want[1], tol, scale);
                    }
                TU_CHECK(bad == 0, "%c %dx%dx%d: %ld entries differ from the reference", t, s.m,
                         s.n, s.k, bad);
            } else {
                /* bitwise: padding still NaN with the same bits, every entry as at 1 thread */
                TU_CHECK(memcmp(first, cp, nc * es) == 0,
                         "%c %dx%dx%d: %d threads differ from 1 thread", t, s.m, s.n, s.k,
                         teams[ti]);
            }
        }
        tu_free(&cb);
        free(a), free(b), free(init), free(first);
    }
}

int main(int argc, char **argv)
{
    (void)argc;
    int oversubscribed = getenv("NANOBLAS_OVERSUBSCRIBE") != NULL;
    if (!oversubscribed) {
        setenv("NANOBLAS_OVERSUBSCRIBE", "1", 1);
        /* Under an emulator without binfmt_misc (tests/run_arm.sh names qemu-aarch64 in
           NB_TEST_EMULATOR) the program cannot exec itself directly: the emulator runs it. */
        const char *emu = getenv("NB_TEST_EMULATOR");
        char self[4096];
        ssize_t n = emu && *emu ? readlink("/proc/self/exe", self, sizeof self - 1) : -1;
        if (n > 0) {
            self[n] = '\0';
            char *eargv[] = {(char *)emu, self, NULL};
            execv(emu, eargv);
        } else {
            execv("/proc/self/exe", argv);
        }
        /* still bitwise checks, at the team sizes the cap allows */
        fprintf(stderr, "test_thread_grid: could not re-execute with NANOBLAS_OVERSUBSCRIBE=1; "
                        "teams capped at the usable CPUs\n");
    }
    check_type('d');
    check_type('s');
    check_type('z');
    check_type('c');
    nanoblas_set_num_threads(64);
    int got = nanoblas_get_num_threads();
#ifdef _OPENMP
    if (oversubscribed)
        TU_CHECK(got == 64, "NANOBLAS_OVERSUBSCRIBE=1: set 64, get %d", got);
#else
    TU_CHECK(got == 1, "no OpenMP: get %d", got);
#endif
    return tu_finish("test_thread_grid");
}
